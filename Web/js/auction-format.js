// How the auction pages write money, times and sentences with blanks. Money arrives as decimal strings of
// whole won ("15000"); ten billion won is far inside a double's exact integers, so Number() is exact.

import { pad2 } from '/js/dom.js';
import { lang, t } from '/js/i18n.js';

const SOON_MS = 60000; // under a minute left, a countdown is shown as urgent

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole won with separators and the currency as each language writes it: "15,000원" / "₩15,000". */
export function krw(value) {
  if (value == null || value === '') return '–';
  const number = Number(value);
  if (!Number.isFinite(number)) return '–';
  return lang === 'ko' ? grouping.format(number) + '원' : '₩' + grouping.format(number);
}

/** `t(key)` with `{name}` blanks filled from `values`. */
export function fill(key, values = {}) {
  return t(key).replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : ''));
}

/**
 * Time left as a countdown: "2일 03:04:05" / "2d 03:04:05", "03:04:05", "04:05". Rounded up to the second,
 * so it says 00:00 only when the time is really up.
 */
export function countdown(milliseconds) {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = (hours || days ? pad2(hours) + ':' : '') + pad2(minutes) + ':' + pad2(seconds);
  return days ? `${days}${lang === 'ko' ? '일' : 'd'} ${clock}` : clock;
}

/**
 * What an item's countdown says at server time `now`, the same on every page: the time left while live
 * (`soon` in the last minute), the wait for a scheduled sale, "ended" after. `{ text, soon }`.
 */
export function countdownText(item, now) {
  if (item.state === 'live') {
    const left = item.effective_ends_at_ms - now;
    return { text: countdown(left), soon: left < SOON_MS };
  }
  if (item.state === 'scheduled') return { text: t('auc.starts_in') + countdown(item.starts_at_ms - now), soon: false };
  return { text: t('auc.ended'), soon: false };
}

const counts = new Map();

/** A count with the page language's grouping: "1,234". */
export function count(value) {
  let format = counts.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 0 });
    counts.set(lang, format);
  }
  return format.format(value);
}

const dateTimes = new Map();

/** An instant (epoch ms) as a local date and time, in the page's language, to the second. */
export function dateTime(milliseconds) {
  let format = dateTimes.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'ko' ? 'ko-KR' : 'en-GB', {
      month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
    });
    dateTimes.set(lang, format);
  }
  return milliseconds == null ? '–' : format.format(new Date(milliseconds));
}

/** The state's word: live, scheduled, sold, unsold, cancelled. */
export function stateWord(state) {
  return t('auc.state.' + state);
}
