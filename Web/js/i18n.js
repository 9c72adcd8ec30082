// Korean and English. The language is remembered in localStorage and defaults to the browser's; labels
// in the page carry `data-i18n="key"` (text) or `data-i18n-attr="attr:key,attr:key"` (attributes such as
// aria-label and placeholder) and are rewritten when the language changes, without a reload.
// Pages add their own strings with addStrings() before they first call applyLabels()/setLang().

const STORAGE_KEY = 'bourse.lang';

const strings = {
  ko: {
    'nav.board': '시세',
    'nav.exchange': '거래소',
    'nav.wallet': '입출금 현황',
    'nav.auctions': '경매',
    'nav.label': '주 메뉴',
    'skip': '본문으로 건너뛰기',
    'lang.toggle': 'English',
    'lang.toggle.label': 'Switch to English',
    'theme.toggle.dark': '어두운 화면',
    'theme.toggle.light': '밝은 화면',
    'conn.connecting': '연결 중',
    'conn.open': '실시간',
    'conn.closed': '연결 끊김',
    'conn.label': '실시간 연결 상태',
    'error.network': '서버에 연결할 수 없습니다',
    'error.http': '서버 오류',
  },
  en: {
    'nav.board': 'Board',
    'nav.exchange': 'Exchange',
    'nav.wallet': 'Wallet status',
    'nav.auctions': 'Auctions',
    'nav.label': 'Main',
    'skip': 'Skip to content',
    'lang.toggle': '한국어',
    'lang.toggle.label': '한국어로 보기',
    'theme.toggle.dark': 'Dark',
    'theme.toggle.light': 'Light',
    'conn.connecting': 'Connecting',
    'conn.open': 'Live',
    'conn.closed': 'Disconnected',
    'conn.label': 'Live connection status',
    'error.network': 'Cannot reach the server',
    'error.http': 'Server error',
  },
};

function initialLang() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'ko' || stored === 'en') return stored;
  } catch {
    // Storage can be disabled (private mode); the browser's language still applies.
  }
  return (navigator.language || 'ko').toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** The current language, 'ko' or 'en' (a live binding: importers see setLang's change). */
export let lang = initialLang();
document.documentElement.lang = lang;

const listeners = new Set();

/** Adds a page's strings: `addStrings({ ko: { key: '…' }, en: { key: '…' } })`. */
export function addStrings(more) {
  for (const l of Object.keys(strings)) Object.assign(strings[l], more[l] || {});
}

/** The text of `key` in the current language (the key itself if it has none, so a gap is visible). */
export function t(key) {
  return strings[lang][key] ?? strings.ko[key] ?? key;
}

/** Rewrites every `data-i18n` and `data-i18n-attr` label under `root`. */
export function applyLabels(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(',')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

/** Switches the language, remembers it, relabels the page and tells `onLangChange` listeners. */
export function setLang(l) {
  if (l !== 'ko' && l !== 'en') return;
  lang = l;
  document.documentElement.lang = l;
  try {
    localStorage.setItem(STORAGE_KEY, l);
  } catch {
    // Not remembered, but still switched for this page.
  }
  applyLabels();
  for (const fn of listeners) fn(l);
}

/** Calls `fn(lang)` after every language change (for text that is not a static label, such as names). */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A market's name in the current language (Upbit's `korean_name` / `english_name`). */
export function marketName(market) {
  if (!market) return '';
  return (lang === 'ko' ? market.korean_name : market.english_name) || market.english_name || market.market;
}
