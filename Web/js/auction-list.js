// /auctions: the open auctions, 15 a page, the next page loaded when the end of the list scrolls into
// view. Prices, bid counts and ends come live over the page's auction socket: in the default order (ending
// soonest, no search) with the contract's page-scoped interest (`subscribe` with `pages` = the pages
// loaded, widened as each page loads), in other orders with the ids shown. Events only mark cards dirty;
// the writes happen in the next animation frame, and the countdowns turn on the server's second.

import { api, describeError } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { count, countdownText, krw, stateWord } from '/js/auction-format.js';
import { el, perFrame } from '/js/dom.js';
import { onLangChange, t } from '/js/i18n.js';

const RETRY_MS = 5000; // after a failed page, the next try waits this long (never a loop against a failing server)

const lotsEl = document.getElementById('lots');
const emptyEl = document.getElementById('list-empty');
const sentinel = document.getElementById('list-sentinel');
const totalEl = document.getElementById('list-total');
const form = document.getElementById('list-tools');
const queryInput = document.getElementById('list-q');
const sortSelect = document.getElementById('list-sort');

const cards = new Map(); // id → { item, li, price, bids, state, left, shownPrice }
const dirty = new Set();
let countdownsDue = false; // the server's second turned: every card's countdown is written in the next frame
let view = { sort: 'ending', q: '' };
let page = 0;
let pages = 1;
let total = 0;
let loading = false;
let loadError = ''; // the last page's failure in words, shown where the next page would appear
let generation = 0; // bumps when the order or search changes, so a late answer for the old one is dropped
let socket;
let say;

// MARK: - Cards

function makeCard(item) {
  const li = el('li', { class: 'lot', 'data-id': item.id });
  const link = el('a', { class: 'lot-link', href: '/auctions/' + item.id });
  const figure = el('div', { class: 'lot-photo' });
  const photo = item.photos && item.photos[0];
  if (photo) {
    const img = el('img', { src: photo.list_url || photo.url, alt: '', loading: 'lazy', decoding: 'async' });
    if (photo.width && photo.height) {
      img.width = photo.width;
      img.height = photo.height;
    }
    figure.append(img);
  } else {
    figure.append(el('span', { class: 'muted' }, [t('auc.nophoto')]));
  }
  const priceLabel = el('span', { class: 'label' }, [t('auc.list.price')]);
  const price = el('strong', { class: 'num price' });
  // The flash ends by itself (as on the board): a new flash of the other direction replaces it, one of the
  // same direction keeps running; no timer that could clear a newer flash.
  price.addEventListener('animationend', () => price.classList.remove('flash-rise', 'flash-fall'));
  const bids = el('span', { class: 'bids num' });
  const state = el('span', { class: 'state-badge' });
  const left = el('p', { class: 'lot-left num countdown' });
  const body = el('div', { class: 'lot-body' }, [
    el('h2', { class: 'lot-title' }, [item.title]),
    el('p', { class: 'lot-price' }, [priceLabel, ' ', price]),
    el('p', { class: 'lot-meta' }, [bids, state]),
    left,
  ]);
  link.append(figure, body);
  li.append(link);
  return { item, li, price, priceLabel, bids, state, left, written: {} };
}

// Sets a text only when it differs from what was written last (kept in the card, never read from the DOM).
function put(card, field, node, value) {
  if (card.written[field] === value) return;
  card.written[field] = value;
  node.textContent = value;
}

function writeCard(card) {
  const { item } = card;
  const shown = card.written.priceValue;
  if (shown != null && shown !== item.price) {
    const up = Number(item.price) > Number(shown);
    card.price.classList.remove(up ? 'flash-fall' : 'flash-rise');
    card.price.classList.add(up ? 'flash-rise' : 'flash-fall');
  }
  card.written.priceValue = item.price;
  put(card, 'price', card.price, krw(item.price));
  put(card, 'priceLabel', card.priceLabel, t('auc.list.price'));
  put(card, 'bids', card.bids, `${t('auc.list.bids')} ${item.bid_count}`);
  put(card, 'state', card.state, stateWord(item.state));
  if (card.written.stateValue !== item.state) {
    card.written.stateValue = item.state;
    card.state.dataset.state = item.state;
  }
  writeLeft(card);
}

function writeLeft(card) {
  const { text, soon } = countdownText(card.item, serverNow());
  put(card, 'left', card.left, text);
  if (card.written.soon !== soon) {
    card.written.soon = soon;
    card.left.classList.toggle('soon', soon);
  }
}

function flush() {
  for (const id of dirty) {
    const card = cards.get(id);
    if (card) writeCard(card);
  }
  dirty.clear();
  if (countdownsDue) {
    countdownsDue = false;
    for (const card of cards.values()) writeLeft(card);
  }
}

const schedule = perFrame(flush);

function tickCountdowns() {
  countdownsDue = true;
  schedule();
}

// MARK: - Live events

function changed(id, apply) {
  const card = cards.get(id);
  if (!card) return;
  apply(card.item);
  dirty.add(id);
  schedule();
}

function listen() {
  socket.on('item', (m) => changed(m.item, (item) => Object.assign(item, m, { id: m.item ?? m.id })));
  socket.on('price', (m) =>
    changed(m.item, (item) => {
      item.price = m.price;
      item.bid_count = m.bid_count;
      item.leader = m.leader;
      item.buy_now_price = m.buy_now_price;
      if (m.effective_ends_at) item.effective_ends_at_ms = m.effective_ends_at;
    }));
  socket.on('extended', (m) => changed(m.item, (item) => (item.effective_ends_at_ms = m.effective_ends_at)));
  socket.on('started', (m) => changed(m.item, (item) => (item.state = 'live')));
  socket.on('ended', (m) =>
    changed(m.item, (item) => {
      item.state = m.state;
      if (m.price) item.price = m.price;
    }));
}

/** The page-scoped interest in the default order; the ids shown in any other (the pages would not match). */
function follow() {
  if (view.sort === 'ending' && !view.q) socket.follow({ pages: Math.min(20, Math.max(1, page)) });
  else socket.follow({ items: [...cards.keys()].slice(0, 500) });
}

// MARK: - Pages

async function loadNext() {
  if (loading || page >= pages) return;
  loading = true;
  const mine = generation;
  sentinel.textContent = t('auc.list.more');
  let loaded = false;
  try {
    const params = new URLSearchParams({ page: String(page + 1), sort: view.sort });
    if (view.q) params.set('q', view.q);
    const answer = await api('GET', '/items?' + params);
    if (mine !== generation) return;
    page = answer.page;
    pages = answer.pages;
    total = answer.total;
    if (answer.items[0]) noteServerTime(answer.items[0].server_time);
    const fragment = document.createDocumentFragment();
    for (const item of answer.items) {
      if (cards.has(item.id)) continue; // moved between pages since the last one loaded
      const card = makeCard(item);
      cards.set(item.id, card);
      socket.known(item.id, item.seq);
      writeCard(card);
      fragment.append(card.li);
    }
    lotsEl.append(fragment);
    loadError = '';
    say('');
    follow();
    loaded = true;
  } catch (error) {
    if (mine !== generation) return;
    loadError = `${t('auc.error.load')}: ${describeError(error)} ${t('auc.retry')}`;
    say(loadError, true);
    // Only this timer tries again: the sentinel is still in view, and looking again now would loop.
    setTimeout(() => mine === generation && rescan(), RETRY_MS);
  } finally {
    if (mine === generation) {
      loading = false;
      writeFooter();
      // A first page too short to fill the screen leads to the next one.
      if (loaded) rescan();
    }
  }
}

function writeFooter() {
  totalEl.textContent = page ? `${count(total)} ${t('auc.list.count')}` : '';
  emptyEl.hidden = !(page && total === 0);
  sentinel.textContent = loadError || (page >= pages && total > 0 ? t('auc.list.end') : '');
  sentinel.classList.toggle('error', Boolean(loadError));
}

// Observing again makes the observer report the sentinel's current state, so a first page too short to
// fill the screen still leads to the next one.
const observer = new IntersectionObserver(
  (entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadNext();
  },
  { rootMargin: '0px 0px 600px 0px' },
);

function rescan() {
  observer.unobserve(sentinel);
  observer.observe(sentinel);
}

function reset() {
  generation += 1;
  loading = false;
  loadError = '';
  page = 0;
  pages = 1;
  cards.clear();
  dirty.clear();
  lotsEl.replaceChildren();
  const params = new URLSearchParams();
  if (view.sort !== 'ending') params.set('sort', view.sort);
  if (view.q) params.set('q', view.q);
  history.replaceState(null, '', '/auctions' + (String(params) ? '?' + params : ''));
  loadNext();
}

function readControls() {
  const next = { sort: sortSelect.value, q: queryInput.value.trim() };
  if (next.sort === view.sort && next.q === view.q) return;
  view = next;
  reset();
}

// MARK: - Start

export function start(context) {
  ({ socket, say } = context);
  const params = new URLSearchParams(location.search);
  const sort = params.get('sort');
  view = { sort: ['ending', 'newest', 'price', 'bids'].includes(sort) ? sort : 'ending', q: params.get('q') || '' };
  sortSelect.value = view.sort;
  queryInput.value = view.q;
  listen();
  let typing = 0;
  queryInput.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(readControls, 300);
  });
  sortSelect.addEventListener('change', readControls);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typing);
    readControls();
  });
  onSecond(tickCountdowns);
  onLangChange(() => {
    for (const card of cards.values()) dirty.add(card.item.id);
    writeFooter();
    tickCountdowns();
  });
  observer.observe(sentinel);
}

