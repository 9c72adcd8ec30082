// /auctions/{id}: one item, live. The photo gallery (arrow keys), price, leader and bid count from the
// socket's events, a countdown to the effective end on the server's clock (an `extended` event moves it,
// and the page says so), the next minimum bid, a bid with a maximum (checked here against the minimum,
// then sent over the socket with a request id), buy now after a confirmation, watch, the bid history
// (newest first, read again after each change), and what concerns this user only: outbid, won, lost, sold.

import { api, describeError, onSessionChange, session } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { countdown, dateTime, fill, krw, stateWord } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { onLangChange, t } from '/js/i18n.js';
import { confirmDialog } from '/js/auction-confirm.js';
import { Gallery } from '/js/auction-gallery.js';

const REFRESH_MS = 400; // history and minimum are read again at most this often while bids come in
const SOON_MS = 60000;

const $ = (id) => document.getElementById(id);
const fields = {
  state: $('item-state'),
  category: $('item-category'),
  title: $('item-title'),
  seller: $('item-seller'),
  price: $('item-price'),
  countdown: $('item-countdown'),
  leader: $('item-leader'),
  bids: $('item-bids'),
  minimum: $('item-minimum'),
  reserve: $('item-reserve'),
  ends: $('item-ends'),
  watchers: $('item-watchers'),
  softClose: $('item-softclose'),
  extended: $('item-extended'),
  you: $('item-you'),
  description: $('item-description'),
};
const bidForm = $('bid-form');
const bidInput = $('bid-max');
const bidSubmit = $('bid-submit');
const bidMessage = $('bid-message');
const buyButton = $('buy-now');
const watchButton = $('watch');
const actionMessage = $('action-message');
const historyRows = $('history-rows');
const historyEmpty = $('history-empty');

let id;
let socket;
let say;
let item = null;
let bids = [];
let gallery;
let mine = null; // { status: 'leading'|'outbid'|'won'|'lost'|'sold', price, max }
let extension = null; // { from, to } of the last extension seen
let watching = false;
let frame = 0;
let refreshTimer = 0;
let lastRefresh = 0;
let shownPrice = null;

// MARK: - Writing the page (in animation frames)

function schedule() {
  if (!frame) frame = requestAnimationFrame(render);
}

function render() {
  frame = 0;
  if (!item) return;
  const live = item.state === 'live';
  document.title = `${item.title} · Bourse`;
  fields.state.textContent = stateWord(item.state);
  fields.state.dataset.state = item.state;
  fields.category.textContent = item.category || '';
  fields.title.textContent = item.title;
  fields.seller.textContent = item.seller;
  if (shownPrice !== null && shownPrice !== item.price) {
    fields.price.classList.remove('flash-rise');
    fields.price.classList.add('flash-rise');
    setTimeout(() => fields.price.classList.remove('flash-rise'), 700);
  }
  shownPrice = item.price;
  fields.price.textContent = krw(item.price);
  const you = mine && mine.status === 'leading' && live ? ' ' + t('auc.item.leader.you') : '';
  fields.leader.textContent = item.leader ? item.leader + you : t('auc.item.leader.none');
  fields.bids.textContent = String(item.bid_count);
  fields.minimum.textContent = live || item.state === 'scheduled' ? krw(item.minimum_bid) : '–';
  fields.reserve.textContent = t('auc.reserve.' + item.reserve);
  fields.ends.textContent = dateTime(item.effective_ends_at_ms);
  fields.ends.title = item.hard_end_at_ms ? `${t('auc.item.hard_end')}: ${dateTime(item.hard_end_at_ms)}` : '';
  fields.watchers.textContent = String(item.watchers ?? 0);
  fields.softClose.textContent = item.soft_close_seconds
    ? fill('auc.item.soft_close', { soft: item.soft_close_seconds, ext: item.extension_seconds })
    : '';
  fields.extended.hidden = !extension;
  if (extension) {
    fields.extended.textContent = fill('auc.item.extended', { from: dateTime(extension.from), to: dateTime(extension.to) });
  }
  fields.description.textContent = item.description || '';
  fields.description.parentElement.hidden = !item.description;
  renderYou();
  bidInput.placeholder = item.minimum_bid ? krw(item.minimum_bid) : '';
  bidSubmit.disabled = !live;
  bidInput.disabled = !live;
  const buyable = live && item.buy_now_price;
  buyButton.hidden = !buyable;
  if (buyable) buyButton.textContent = fill('auc.buy.button', { price: krw(item.buy_now_price) });
  watchButton.setAttribute('aria-pressed', String(watching));
  watchButton.textContent = t(watching ? 'auc.watch.remove' : 'auc.watch.add');
  renderCountdown();
  renderHistory();
}

function renderYou() {
  let text = '';
  let tone = '';
  if (mine) {
    const price = krw(mine.price ?? item.price);
    const max = krw(mine.max);
    if (mine.status === 'leading' && item.state === 'live') [text, tone] = [fill('auc.you.leading', { max }), 'good'];
    else if (mine.status === 'outbid') [text, tone] = [fill('auc.you.outbid', { price, max }), 'bad'];
    else if (mine.status === 'won') [text, tone] = [fill('auc.you.won', { price }), 'good'];
    else if (mine.status === 'lost') [text, tone] = [t('auc.you.lost'), 'bad'];
    else if (mine.status === 'sold') [text, tone] = [fill('auc.you.sold', { price }), 'good'];
  }
  if (!text && item.state !== 'live' && item.state !== 'scheduled') {
    if (item.state === 'sold') text = fill('auc.ended.sold', { price: krw(item.price), winner: item.leader || '' });
    else text = t(item.state === 'cancelled' ? 'auc.ended.cancelled' : 'auc.ended.unsold');
  }
  fields.you.hidden = !text;
  fields.you.textContent = text;
  if (tone) fields.you.dataset.tone = tone;
  else delete fields.you.dataset.tone;
  fields.you.dataset.status = mine ? mine.status : '';
}

function renderCountdown() {
  if (!item) return;
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
  if (fields.countdown.textContent !== text) fields.countdown.textContent = text;
  fields.countdown.classList.toggle('soon', soon);
}

function renderHistory() {
  historyEmpty.hidden = bids.length > 0;
  const rows = [];
  // `leading` says the bid led when it was made; only the newest such bid leads now.
  let leadShown = false;
  for (const bid of bids) {
    const tr = document.createElement('tr');
    tr.dataset.seq = bid.seq;
    const who = document.createElement('td');
    who.textContent = bid.bidder;
    if (bid.leading && !leadShown && item.state === 'live') who.className = 'leading';
    leadShown = leadShown || bid.leading;
    const price = document.createElement('td');
    price.className = 'num';
    price.textContent = krw(bid.price);
    const time = document.createElement('td');
    time.className = 'num';
    time.textContent = dateTime(bid.time_ms);
    tr.append(who, price, time);
    rows.push(tr);
  }
  historyRows.replaceChildren(...rows);
}

// MARK: - Reading the item

async function refresh() {
  clearTimeout(refreshTimer);
  refreshTimer = 0;
  lastRefresh = performance.now();
  try {
    const [fresh, history] = await Promise.all([api('GET', `/items/${id}`), api('GET', `/items/${id}/bids`)]);
    // The socket may already be ahead of an answer that was on its way: keep the newer state.
    noteServerTime(fresh.server_time);
    if (!item || fresh.seq >= item.seq) item = fresh;
    else item.minimum_bid = fresh.seq === item.seq ? fresh.minimum_bid : item.minimum_bid;
    bids = history;
    schedule();
  } catch (error) {
    say(describeError(error), true);
  }
}

/** Reads the history and minimum again soon (at most every REFRESH_MS while bids keep coming). */
function refreshSoon() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(refresh, Math.max(0, lastRefresh + REFRESH_MS - performance.now()));
}

async function loadMine() {
  if (!session.user) return;
  try {
    const [myBids, watchlist] = await Promise.all([api('GET', '/me/bids'), api('GET', '/me/watchlist')]);
    const entry = myBids.find((bid) => bid.item.id === id);
    if (entry && !mine) {
      const ended = entry.item.state !== 'live';
      mine = {
        status: ended ? (entry.leading && entry.item.state === 'sold' ? 'won' : 'lost') : entry.leading ? 'leading' : 'outbid',
        price: entry.item.price,
        max: entry.your_max,
      };
    }
    watching = watchlist.some((watched) => watched.id === id);
    schedule();
  } catch (error) {
    if (error.status !== 401) say(describeError(error), true);
  }
}

// MARK: - Live events

function listen() {
  const forThis = (fn) => (m) => {
    if (m.item === id && item) {
      fn(m);
      schedule();
    }
  };
  socket.on('item', forThis((m) => {
    item = { ...m, id: m.id ?? m.item };
  }));
  socket.on('price', forThis((m) => {
    Object.assign(item, {
      price: m.price, bid_count: m.bid_count, leader: m.leader, reserve: m.reserve, buy_now_price: m.buy_now_price,
      seq: m.seq,
    });
    if (m.effective_ends_at) item.effective_ends_at_ms = m.effective_ends_at;
    refreshSoon();
  }));
  socket.on('extended', forThis((m) => {
    extension = { from: m.previous_ends_at, to: m.effective_ends_at };
    item.effective_ends_at_ms = m.effective_ends_at;
    item.seq = m.seq;
  }));
  socket.on('reserve_met', forThis((m) => Object.assign(item, { reserve: 'met', seq: m.seq })));
  socket.on('started', forThis((m) => Object.assign(item, { state: 'live', seq: m.seq })));
  socket.on('ended', forThis((m) => {
    Object.assign(item, { state: m.state, seq: m.seq });
    if (m.price) item.price = m.price;
    if (m.winner) item.leader = m.winner;
    refreshSoon();
  }));
  socket.on('watchers', forThis((m) => (item.watchers = m.count)));
  socket.on('outbid', forThis((m) => {
    mine = { status: 'outbid', price: m.price, max: m.your_max };
    // The answer to this user's last bid is stale now; the outbid notice says what holds.
    message(bidMessage, '');
    delete bidMessage.dataset.result;
  }));
  socket.on('won', forThis((m) => (mine = { status: 'won', price: m.price, max: mine && mine.max })));
  socket.on('lost', forThis((m) => (mine = { status: 'lost', price: m.price, max: mine && mine.max })));
  socket.on('sold', forThis((m) => (mine = { status: 'sold', price: m.price })));
}

// MARK: - Bidding, buying, watching

function message(el, text, tone = '') {
  el.textContent = text;
  if (tone) el.dataset.tone = tone;
  else delete el.dataset.tone;
}

/** Sends over the socket, or over REST (with the CSRF header) when the socket is not open. */
async function send(socketMessage, method, path, json) {
  try {
    return await socket.request(socketMessage);
  } catch (error) {
    if (error.name !== 'network') throw error;
    return api(method, path, { json });
  }
}

async function bid(event) {
  event.preventDefault();
  if (!session.user) {
    message(bidMessage, t('auc.bid.signin'), 'bad');
    openSignIn();
    return;
  }
  const text = bidInput.value.replace(/[,\s원₩]/g, '');
  if (!/^\d+$/.test(text) || Number(text) <= 0) {
    message(bidMessage, t('auc.bid.invalid'), 'bad');
    bidInput.setAttribute('aria-invalid', 'true');
    bidInput.focus();
    return;
  }
  const minimum = Number(item.minimum_bid);
  if (Number(text) < minimum) {
    message(bidMessage, fill('auc.bid.too_low', { min: krw(item.minimum_bid) }), 'bad');
    bidInput.setAttribute('aria-invalid', 'true');
    bidInput.focus();
    return;
  }
  bidInput.removeAttribute('aria-invalid');
  bidSubmit.disabled = true;
  message(bidMessage, t('auc.bid.sending'));
  try {
    const answer = await send({ type: 'bid', item: id, max: text }, 'POST', `/items/${id}/bids`, { max: text });
    mine = { status: answer.leading ? 'leading' : 'outbid', price: answer.price, max: answer.your_max || text };
    const words = fill('auc.bid.accepted', { price: krw(answer.price), max: krw(answer.your_max || text) });
    message(bidMessage, `${words} ${t(answer.leading ? 'auc.bid.leading' : 'auc.bid.not_leading')}`,
      answer.leading ? 'good' : 'bad');
    bidMessage.dataset.result = answer.leading ? 'leading' : 'not_leading';
    bidInput.value = '';
    refreshSoon();
  } catch (error) {
    message(bidMessage, describeError(error.name === 'socket' ? { name: 'socket' } : error), 'bad');
    bidMessage.dataset.result = error.name;
  } finally {
    bidSubmit.disabled = item.state !== 'live';
    schedule();
  }
}

async function buyNow() {
  if (!session.user) {
    openSignIn();
    return;
  }
  const price = krw(item.buy_now_price);
  const ok = await confirmDialog({
    title: t('auc.buy.confirm.title'),
    text: fill('auc.buy.confirm.text', { title: item.title, price }),
    ok: t('auc.buy.confirm.ok'),
    cancel: t('auc.buy.confirm.cancel'),
  });
  if (!ok) return;
  buyButton.disabled = true;
  try {
    const answer = await send({ type: 'buy_now', item: id }, 'POST', `/items/${id}/buy`);
    message(actionMessage, fill('auc.buy.done', { price: krw(answer.price) }), 'good');
    mine = { status: 'won', price: answer.price };
    refreshSoon();
  } catch (error) {
    message(actionMessage, describeError(error), 'bad');
  } finally {
    buyButton.disabled = false;
  }
}

async function toggleWatch() {
  if (!session.user) {
    openSignIn();
    return;
  }
  const next = !watching;
  watchButton.disabled = true;
  try {
    await send({ type: next ? 'watch' : 'unwatch', item: id }, next ? 'PUT' : 'DELETE', `/items/${id}/watch`);
    watching = next;
    message(actionMessage, '');
    schedule();
  } catch (error) {
    message(actionMessage, describeError(error), 'bad');
  } finally {
    watchButton.disabled = false;
  }
}

// MARK: - Start

export async function start(context) {
  ({ socket, say } = context);
  id = context.route.id;
  listen();
  bidForm.addEventListener('submit', bid);
  buyButton.addEventListener('click', buyNow);
  watchButton.addEventListener('click', toggleWatch);
  onSecond(() => requestAnimationFrame(renderCountdown));
  onSessionChange(() => {
    mine = null;
    watching = false;
    loadMine();
    schedule();
  });
  onLangChange(() => {
    gallery && gallery.relabel();
    schedule();
  });
  say(t('auc.loading'));
  try {
    item = await api('GET', `/items/${id}`);
  } catch (error) {
    say(describeError(error), true);
    return;
  }
  say('');
  noteServerTime(item.server_time);
  socket.known(id, item.seq);
  socket.follow({ items: [id] });
  gallery = new Gallery(item.photos || [], item.title);
  refresh();
  loadMine();
  schedule();
}
