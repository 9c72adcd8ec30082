// How the auction pages write money, times and sentences with blanks. Money arrives as decimal strings of
// whole won ("15000"); ten billion won is far inside a double's exact integers, so Number() is exact.

import { lang, t } from '/js/i18n.js';

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

const pad = (n) => String(n).padStart(2, '0');

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
  const clock = (hours || days ? pad(hours) + ':' : '') + pad(minutes) + ':' + pad(seconds);
  return days ? `${days}${lang === 'ko' ? '일' : 'd'} ${clock}` : clock;
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
