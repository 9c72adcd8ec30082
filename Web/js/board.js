// The board at `/`: every market's price, change and 24 h value, live. Data comes once from REST, then
// from one WebSocket subscribed to the ticker of every market. Messages are conflated per market (only
// the newest ticker of each is kept) and written in the next animation frame; re-sorting, which moves
// rows, happens at most every SORT_INTERVAL_MS and waits while the pointer or focus is on the rows, so
// that a row does not jump away from under a click.

import { BOARD_STRINGS } from '/js/board-strings.js';
import { loadBoard, readFavourites, readView, writeFavourites, writeView } from '/js/board-data.js';
import { BoardTable } from '/js/board-table.js';
import { mountChrome } from '/js/chrome.js';
import { addStrings, onLangChange, t } from '/js/i18n.js';
import { UpbitStream } from '/js/stream.js';
import { focusOnSlash } from '/js/dom.js';

const SORT_INTERVAL_MS = 500;
const RETRY_MS = 5000;

addStrings(BOARD_STRINGS);
const chrome = mountChrome({ title: 'board.title' });

const tbody = document.getElementById('board-rows');
const tableEl = document.getElementById('board-table');
const search = document.getElementById('board-search');
const statusEl = document.getElementById('board-status');
const emptyEl = document.getElementById('board-empty');
const tabs = [...document.querySelectorAll('[role="tab"]')];
const sortButtons = [...document.querySelectorAll('button.sort')];

const view = readView();
const favourites = readFavourites();
const table = new BoardTable({ tbody, favourites, onToggleFavourite: toggleFavourite });
table.setSort(view.sortKey, view.descending);

let loaded = false;
let status = null; // { key, detail, error } of the message shown, so it can be relabelled

function showStatus(key, detail = '', error = false) {
  status = key ? { key, detail, error } : null;
  let words = key ? t(key) : '';
  if (detail) words += `: ${detail}`;
  if (error) words += ` ${t('board.error.retry')}`;
  statusEl.textContent = words;
  statusEl.classList.toggle('error', error);
}

// MARK: - Live data, one frame at a time

const pending = new Map(); // code → newest ticker not yet written
let frame = 0;
let orderStale = false; // a sorted value changed since the last sort
let lastSortAt = 0;
let sortTimer = 0;
let interacting = false;

function schedule() {
  if (!frame) frame = requestAnimationFrame(flush);
}

function flush() {
  frame = 0;
  for (const ticker of pending.values()) {
    if (table.update(ticker) && table.sortKey !== 'name') orderStale = true;
  }
  pending.clear();
  if (orderStale) sortWhenDue();
}

function sortWhenDue() {
  if (interacting) return; // resumed by endInteraction
  const wait = lastSortAt + SORT_INTERVAL_MS - performance.now();
  if (wait > 0) {
    if (!sortTimer) {
      sortTimer = setTimeout(() => {
        sortTimer = 0;
        schedule();
      }, wait);
    }
    return;
  }
  sortNow();
}

function sortNow() {
  orderStale = false;
  lastSortAt = performance.now();
  table.sort();
}

const stream = new UpbitStream({ onStatus: (s) => chrome.setStatus(s) });
stream.on('ticker', (ticker) => {
  pending.set(ticker.code, ticker);
  if (loaded) schedule();
});
stream.on('error', (message) => showStatus('board.error.stream', message.error.message || message.error.name, true));

// MARK: - Loading

async function load() {
  showStatus('board.loading');
  try {
    const entries = await loadBoard();
    table.setMarkets(entries);
    loaded = true;
    showStatus(null);
    applyFilter();
    sortNow();
    stream.set('ticker', entries.map((entry) => entry.market.market));
    schedule();
  } catch (error) {
    showStatus('board.error.load', error.message, true);
    setTimeout(load, RETRY_MS);
  }
}

// MARK: - Tabs, search, sort

function applyFilter() {
  const shown = table.filter(view.tab, search.value);
  let empty = '';
  if (loaded && shown === 0) {
    empty = search.value.trim() ? 'board.empty.search' : view.tab === 'FAV' ? 'board.empty.fav' : 'board.empty.tab';
  }
  emptyEl.hidden = !empty;
  emptyEl.textContent = empty ? t(empty) : '';
  emptyEl.dataset.key = empty;
}

function selectTab(tab, focus = false) {
  view.tab = tab;
  for (const button of tabs) {
    const selected = button.dataset.tab === tab;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    if (selected) {
      tableEl.setAttribute('aria-labelledby', button.id);
      if (focus) button.focus();
    }
  }
  writeView(view);
  applyFilter();
}

for (const button of tabs) button.addEventListener('click', () => selectTab(button.dataset.tab));
// Arrow keys move between tabs (the ARIA tabs pattern); Tab moves on to the search box.
tabs[0].parentElement.addEventListener('keydown', (event) => {
  const index = tabs.findIndex((button) => button.dataset.tab === view.tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  selectTab(tabs[(next + tabs.length) % tabs.length].dataset.tab, true);
});

search.addEventListener('input', applyFilter);
search.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && search.value) {
    search.value = '';
    applyFilter();
  } else if (event.key === 'ArrowDown') {
    event.preventDefault();
    table.visibleRows()[0]?.link.focus();
  }
});
focusOnSlash(search);

function labelSort() {
  for (const button of sortButtons) {
    const th = button.closest('th');
    const active = button.dataset.sort === table.sortKey;
    if (active) th.setAttribute('aria-sort', table.descending ? 'descending' : 'ascending');
    else th.removeAttribute('aria-sort');
  }
}

for (const button of sortButtons) {
  button.addEventListener('click', () => {
    const key = button.dataset.sort;
    // The same column flips the direction; a new one starts high-to-low (A-to-Z for names).
    const descending = key === table.sortKey ? !table.descending : key !== 'name';
    table.setSort(key, descending);
    Object.assign(view, { sortKey: key, descending });
    writeView(view);
    labelSort();
    sortNow();
  });
}

// MARK: - Rows: favourites, opening a market, keyboard

function toggleFavourite(code) {
  if (favourites.has(code)) favourites.delete(code);
  else favourites.add(code);
  writeFavourites(favourites);
  table.favouriteChanged(code);
  // In the favourites tab an unstarred row stays until the view changes, so a slip can be undone.
}

tbody.addEventListener('click', (event) => {
  if (event.target.closest('a, button')) return;
  const tr = event.target.closest('tr[data-code]');
  if (tr) table.rows.get(tr.dataset.code).link.click();
});

// Up and down move between rows, keeping the column (star or name).
tbody.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const tr = event.target.closest('tr[data-code]');
  if (!tr) return;
  const rows = table.visibleRows();
  const index = rows.findIndex((row) => row.tr === tr) + (event.key === 'ArrowDown' ? 1 : -1);
  event.preventDefault();
  if (index < 0) return search.focus();
  const row = rows[index];
  if (row) (event.target.closest('button.star') ? row.star : row.link).focus();
});

function startInteraction() {
  interacting = true;
}
function endInteraction(event) {
  if (event.relatedTarget && tbody.contains(event.relatedTarget)) return;
  if (event.type === 'focusout' && tbody.matches(':hover')) return;
  if (event.type === 'pointerleave' && tbody.contains(document.activeElement)) return;
  interacting = false;
  if (orderStale) schedule();
}
tbody.addEventListener('pointerenter', startInteraction);
tbody.addEventListener('pointerleave', endInteraction);
tbody.addEventListener('focusin', startInteraction);
tbody.addEventListener('focusout', endInteraction);

onLangChange(() => {
  table.relabel();
  if (table.sortKey === 'name') sortNow();
  if (status) showStatus(status.key, status.detail, status.error);
  if (emptyEl.dataset.key) emptyEl.textContent = t(emptyEl.dataset.key);
});

labelSort();
selectTab(view.tab);
load();
