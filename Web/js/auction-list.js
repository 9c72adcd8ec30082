// /auctions: the open auctions, 15 a page, the next page loaded when the end of the list scrolls into
// view. Prices, bid counts and ends come live over the page's auction socket: in the default order (ending
// soonest, no search) with the contract's page-scoped interest (`subscribe` with `pages` = the pages
// loaded, widened as each page loads), in other orders with the ids shown. Events only mark cards dirty;
// the writes happen in the next animation frame, and the countdowns turn on the server's second.

import { api, describeError } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { countdown, krw, stateWord } from '/js/auction-format.js';
import { onLangChange, t } from '/js/i18n.js';

const SOON_MS = 60000;

const lotsEl = document.getElementById('lots');
const emptyEl = document.getElementById('list-empty');
const sentinel = document.getElementById('list-sentinel');
const totalEl = document.getElementById('list-total');
const form = document.getElementById('list-tools');
const queryInput = document.getElementById('list-q');
const sortSelect = document.getElementById('list-sort');

const cards = new Map(); // id → { item, li, price, bids, state, left, shownPrice }
const dirty = new Set();
let frame = 0;
let view = { sort: 'ending', q: '' };
let page = 0;
let pages = 1;
let total = 0;
let loading = false;
let generation = 0; // bumps when the order or search changes, so a late answer for the old one is dropped
let socket;
let say;

// MARK: - Cards

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function makeCard(item) {
  const li = el('li', 'lot');
  li.dataset.id = item.id;
  const link = el('a', 'lot-link');
  link.href = '/auctions/' + item.id;
  const figure = el('div', 'lot-photo');
  const photo = item.photos && item.photos[0];
  if (photo) {
    const img = el('img');
    img.src = photo.url;
    img.alt = '';
    img.loading = 'lazy';
    img.decoding = 'async';
    if (photo.width && photo.height) {
      img.width = photo.width;
      img.height = photo.height;
    }
    figure.append(img);
  } else {
    figure.append(el('span', 'muted', t('auc.nophoto')));
  }
  const body = el('div', 'lot-body');
  const title = el('h2', 'lot-title', item.title);
  const priceLine = el('p', 'lot-price');
  const priceLabel = el('span', 'label', t('auc.list.price'));
  const price = el('strong', 'num price');
  priceLine.append(priceLabel, ' ', price);
  const meta = el('p', 'lot-meta');
  const bids = el('span', 'bids num');
  const state = el('span', 'state-badge');
  meta.append(bids, state);
  const left = el('p', 'lot-left num countdown');
  body.append(title, priceLine, meta, left);
  link.append(figure, body);
  li.append(link);
  return { item, li, price, priceLabel, bids, state, left, shownPrice: null, leftText: '' };
}

function writeCard(card) {
  const { item } = card;
  if (card.shownPrice !== null && card.shownPrice !== item.price) {
    const up = Number(item.price) > Number(card.shownPrice);
    card.price.classList.remove('flash-rise', 'flash-fall');
    // Restarting the animation needs the class to be absent for a frame; a timer removes it afterwards.
    card.price.classList.add(up ? 'flash-rise' : 'flash-fall');
    setTimeout(() => card.price.classList.remove('flash-rise', 'flash-fall'), 700);
  }
  card.shownPrice = item.price;
  card.price.textContent = krw(item.price);
  card.priceLabel.textContent = t('auc.list.price');
  card.bids.textContent = `${t('auc.list.bids')} ${item.bid_count}`;
  card.state.textContent = stateWord(item.state);
  card.state.dataset.state = item.state;
  writeLeft(card);
}

function writeLeft(card) {
  const { item } = card;
  const now = serverNow();
  let text;
  let soon = false;
  if (item.state === 'live') {
    const left = item.effective_ends_at_ms - now;
    text = countdown(left);
    soon = left < SOON_MS;
  } else if (item.state === 'scheduled') {
    text = t('auc.starts_in') + countdown(item.starts_at_ms - now);
  } else {
    text = t('auc.ended');
  }
  if (text !== card.leftText) {
    card.leftText = text;
    card.left.textContent = text;
  }
  card.left.classList.toggle('soon', soon);
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(flush);
}

function flush() {
  frame = 0;
  for (const id of dirty) {
    const card = cards.get(id);
    if (card) writeCard(card);
  }
  dirty.clear();
}

function tickCountdowns() {
  if (!frame) {
    frame = requestAnimationFrame(() => {
      frame = 0;
      for (const card of cards.values()) writeLeft(card);
      flush();
    });
  }
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
    say('');
    follow();
  } catch (error) {
    if (mine !== generation) return;
    say(`${t('auc.error.load')}: ${describeError(error)} ${t('auc.retry')}`, true);
    setTimeout(() => mine === generation && rescan(), 5000);
  } finally {
    if (mine === generation) {
      loading = false;
      writeFooter();
      rescan();
    }
  }
}

function writeFooter() {
  totalEl.textContent = page ? `${total.toLocaleString()} ${t('auc.list.count')}` : '';
  emptyEl.hidden = !(page && total === 0);
  sentinel.textContent = page >= pages ? (total > 0 ? t('auc.list.end') : '') : '';
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

