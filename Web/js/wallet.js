// The wallet status page at `/wallet/status`: whether each coin's deposits and withdrawals are open, per
// network, with the chain's block state. The data changes slowly and has no WebSocket feed, so the page
// reads `GET /v1/status/wallet` every REFRESH_MS (and on demand) instead of holding a socket open; the
// top bar's live indicator is hidden for that reason (wallet.css).

import { fetchJSON } from '/js/board-data.js';
import { mountChrome } from '/js/chrome.js';
import { addStrings, lang, onLangChange, t } from '/js/i18n.js';
import { WALLET_STRINGS } from '/js/wallet-strings.js';
import { FILTERS, WalletTable } from '/js/wallet-table.js';
import { focusOnSlash } from '/js/dom.js';

const REFRESH_MS = 30_000;
const VIEW_KEY = 'bourse.wallet.view';
const SORT_KEYS = ['name', 'network', 'deposit', 'withdraw', 'block', 'height'];

addStrings(WALLET_STRINGS);
mountChrome({ title: 'wallet.title' });

const tbody = document.getElementById('wallet-rows');
const search = document.getElementById('wallet-search');
const statusEl = document.getElementById('wallet-status');
const emptyEl = document.getElementById('wallet-empty');
const updatedEl = document.getElementById('wallet-updated');
const refreshButton = document.getElementById('wallet-refresh-button');
const radios = [...document.querySelectorAll('input[name="wallet-filter"]')];
const sortButtons = [...document.querySelectorAll('button.sort')];
const countEls = [...document.querySelectorAll('[data-count]')];

const table = new WalletTable({ tbody });
const view = readView();
table.setSort(view.sortKey, view.descending);

// MARK: - Remembered in the browser

function readView() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(VIEW_KEY)) || {};
  } catch {
    // Unreadable or no storage: the defaults below.
  }
  return {
    filter: stored.filter in FILTERS ? stored.filter : 'all',
    sortKey: SORT_KEYS.includes(stored.sortKey) ? stored.sortKey : 'name',
    descending: stored.descending === true,
  };
}

function writeView() {
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  } catch {
    // The choice lasts until the page is left.
  }
}

// MARK: - Messages

let status = null; // { key, detail, error } of the message shown, so it can be relabelled

function showStatus(key, detail = '', error = false) {
  status = key ? { key, detail, error } : null;
  let words = key ? t(key) : '';
  if (detail) words += `: ${detail}`;
  if (error) words += ` ${t('wallet.error.retry')}`;
  if (error && table.rows.size) words += ` ${t('wallet.error.stale')}`;
  statusEl.textContent = words;
  statusEl.classList.toggle('error', error);
}

let updatedAt = null;

function labelUpdated() {
  if (!updatedAt) {
    updatedEl.textContent = t('wallet.updated.never');
    updatedEl.removeAttribute('datetime');
    return;
  }
  updatedEl.dateTime = updatedAt.toISOString();
  updatedEl.textContent = updatedAt.toLocaleTimeString(lang === 'ko' ? 'ko-KR' : 'en-GB');
}

// MARK: - Loading

let markets = []; // the market list names the coins; it is kept when a later read of it fails
let loading = null;
let timer = 0;

async function load() {
  if (loading) return loading;
  clearTimeout(timer);
  refreshButton.setAttribute('aria-busy', 'true');
  if (!updatedAt) showStatus('wallet.loading');
  loading = (async () => {
    try {
      const [statuses, listing] = await Promise.allSettled([
        fetchJSON('/v1/status/wallet'),
        markets.length ? Promise.resolve(markets) : fetchJSON('/v1/market/all?is_details=true'),
      ]);
      if (statuses.status === 'rejected') throw statuses.reason;
      if (listing.status === 'fulfilled') markets = listing.value;
      table.setData(statuses.value, markets);
      updatedAt = new Date();
      labelUpdated();
      showStatus(null);
      labelCounts();
      applyFilter();
      table.sort();
    } catch (error) {
      showStatus('wallet.error.load', error.message, true);
    } finally {
      loading = null;
      refreshButton.removeAttribute('aria-busy');
      // A hidden tab is not refreshed; it catches up when it is shown again (visibilitychange).
      if (!document.hidden) timer = setTimeout(load, REFRESH_MS);
    }
  })();
  return loading;
}

refreshButton.addEventListener('click', () => load());
document.addEventListener('visibilitychange', () => {
  if (document.hidden) return clearTimeout(timer);
  if (!updatedAt || Date.now() - updatedAt.getTime() >= REFRESH_MS) load();
  else timer = setTimeout(load, REFRESH_MS - (Date.now() - updatedAt.getTime()));
});

// MARK: - Filter, search, sort

function labelCounts() {
  const counts = table.counts();
  for (const span of countEls) span.textContent = String(counts[span.dataset.count] ?? '');
}

function applyFilter() {
  const shown = table.filter(view.filter, search.value);
  let empty = '';
  if (table.rows.size && shown === 0) empty = search.value.trim() ? 'wallet.empty.search' : 'wallet.empty.filter';
  emptyEl.hidden = !empty;
  emptyEl.dataset.key = empty;
  emptyEl.textContent = empty ? t(empty) : '';
}

for (const radio of radios) {
  radio.checked = radio.value === view.filter;
  radio.addEventListener('change', () => {
    if (!radio.checked) return;
    view.filter = radio.value;
    writeView();
    applyFilter();
  });
}

search.addEventListener('input', applyFilter);
search.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && search.value) {
    search.value = '';
    applyFilter();
  }
});
focusOnSlash(search);

function labelSort() {
  for (const button of sortButtons) {
    const th = button.closest('th');
    if (button.dataset.sort === table.sortKey) th.setAttribute('aria-sort', table.descending ? 'descending' : 'ascending');
    else th.removeAttribute('aria-sort');
  }
}

for (const button of sortButtons) {
  button.addEventListener('click', () => {
    const key = button.dataset.sort;
    // The same column flips; a new one starts with the best first (open, normal, A to Z), heights high first.
    const descending = key === table.sortKey ? !table.descending : key === 'height';
    table.setSort(key, descending);
    Object.assign(view, { sortKey: key, descending });
    writeView();
    labelSort();
    table.sort();
  });
}

onLangChange(() => {
  table.relabel();
  if (table.sortKey === 'name' || table.sortKey === 'network') table.sort();
  labelUpdated();
  if (status) showStatus(status.key, status.detail, status.error);
  if (emptyEl.dataset.key) emptyEl.textContent = t(emptyEl.dataset.key);
});

labelSort();
labelUpdated();
load();
