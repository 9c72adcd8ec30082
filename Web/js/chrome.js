// The top bar every page shares: brand, navigation, language and theme toggles, the live connection
// indicator, and the account area (account.js: sign in, sign up, sign out). Built into <header id="top"> so that pages only need the empty element.

import { mountAccount } from '/js/account.js';
import { el } from '/js/dom.js';
import { applyLabels, lang, onLangChange, setLang, t } from '/js/i18n.js';

const THEME_KEY = 'bourse.theme';
const darkQuery = matchMedia('(prefers-color-scheme: dark)');

const NAV = [
  { href: '/', key: 'nav.board', current: (p) => p === '/' || p === '/index.html' },
  { href: '/exchange/KRW-BTC', key: 'nav.exchange', current: (p) => p.startsWith('/exchange') },
  { href: '/wallet/status', key: 'nav.wallet', current: (p) => p.startsWith('/wallet') },
  { href: '/auctions', key: 'nav.auctions', current: (p) => p.startsWith('/auctions') || p === '/me' },
];

function storedTheme() {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The theme in effect: the user's choice, else the operating system's. */
export function currentTheme() {
  return storedTheme() || (darkQuery.matches ? 'dark' : 'light');
}

function applyTheme() {
  // Without a stored choice the attribute stays off, so CSS keeps following the operating system live.
  const stored = storedTheme();
  if (stored) document.documentElement.dataset.theme = stored;
  else delete document.documentElement.dataset.theme;
}
applyTheme();


/**
 * Builds the top bar. `title` is the page's name (an i18n key or plain text) for the document title.
 * Returns `{ setStatus(status) }` to feed with UpbitStream's onStatus ('connecting' | 'open' | 'closed').
 */
export function mountChrome({ title } = {}) {
  let header = document.getElementById('top');
  if (!header) {
    header = el('header', { id: 'top' });
    document.body.prepend(header);
  }
  header.replaceChildren();

  const main = document.querySelector('main');
  if (main && !main.id) main.id = 'main';
  if (main) header.append(el('a', { class: 'skip-link', href: '#' + main.id, 'data-i18n': 'skip' }));

  header.append(el('a', { class: 'brand', href: '/' }, ['Bourse']));

  const list = el('ul');
  const path = location.pathname;
  for (const item of NAV) {
    const link = el('a', { href: item.href, 'data-i18n': item.key });
    if (item.current(path)) link.setAttribute('aria-current', 'page');
    list.append(el('li', {}, [link]));
  }
  header.append(el('nav', { class: 'top-nav', 'data-i18n-attr': 'aria-label:nav.label' }, [list]));

  const status = el('span', {
    class: 'conn',
    role: 'status',
    'data-status': 'connecting',
    'data-i18n-attr': 'title:conn.label',
  });
  const statusLabel = el('span', { class: 'conn-label' });
  status.append(statusLabel);

  const langButton = el('button', {
    type: 'button',
    id: 'lang-toggle',
    'data-i18n': 'lang.toggle',
    'data-i18n-attr': 'aria-label:lang.toggle.label',
  });
  langButton.addEventListener('click', () => setLang(lang === 'ko' ? 'en' : 'ko'));

  const themeButton = el('button', { type: 'button', id: 'theme-toggle' });
  const labelTheme = () => {
    const dark = currentTheme() === 'dark';
    // An icon on a phone's narrow bar, the word beside it where there is room (CSS hides one).
    const icon = el('span', { class: 'tool-icon', 'aria-hidden': 'true' }, [dark ? '☀' : '☾']);
    const word = el('span', { class: 'tool-label' }, [t(dark ? 'theme.toggle.light' : 'theme.toggle.dark')]);
    themeButton.replaceChildren(icon, word);
    themeButton.setAttribute('aria-label', word.textContent);
    themeButton.setAttribute('aria-pressed', String(dark));
  };
  themeButton.addEventListener('click', () => {
    try {
      localStorage.setItem(THEME_KEY, currentTheme() === 'dark' ? 'light' : 'dark');
    } catch {
      // Without storage the choice lasts for this page only.
      document.documentElement.dataset.theme = currentTheme() === 'dark' ? 'light' : 'dark';
    }
    applyTheme();
    labelTheme();
  });
  darkQuery.addEventListener('change', labelTheme);

  const tools = el('div', { class: 'top-tools' }, [status, langButton, themeButton]);
  header.append(tools);
  mountAccount(tools);

  let current = 'connecting';
  const labelStatus = () => {
    status.dataset.status = current;
    statusLabel.textContent = t('conn.' + current);
  };
  const labelTitle = () => {
    if (title) document.title = t(title) + ' · Bourse';
  };
  onLangChange(() => {
    labelTheme();
    labelStatus();
    labelTitle();
  });

  applyLabels();
  labelTheme();
  labelStatus();
  labelTitle();

  return {
    setStatus(next) {
      if (next === current) return;
      current = next;
      labelStatus();
    },
  };
}
