// /auctions/{id}: one item, live. The photo gallery (arrow keys), price, leader and bid count from the
// socket's events, a countdown to the effective end on the server's clock (an `extended` event moves it,
// and the page says so), the next minimum bid, a bid with a maximum (checked here against the minimum,
// then sent over the socket with a request id), buy now after a confirmation, watch, the bid history
// (newest first, read again after each change of the price, its rows kept by seq), and what concerns this
// user only: outbid, won, lost, sold.

import { api, describeError, onSessionChange, session } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { countdownText, dateTime, fill, krw, stateWord } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { el, perFrame } from '/js/dom.js';
import { lang, onLangChange, t } from '/js/i18n.js';
import { confirmDialog } from '/js/auction-confirm.js';
import { Gallery } from '/js/auction-gallery.js';
import { ItemChat } from '/js/auction-chat.js';
import { AlertBox } from '/js/alerts.js';

const REFRESH_MS = 400; // history and minimum are read again at most this often while bids come in

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
let refreshTimer = 0;
let lastRefresh = 0;
let shownPrice = null;
let wholePage = false; // something besides the countdown changed: the next frame writes the whole page
let historyDue = false; // the bids read from the server changed (or the state, which moves the lead mark)
let historyState = null;
const bidRows = new Map(); // bid seq → { tr, who, time }
let historyShown = []; // the seqs in the table, top to bottom
let historyLang = null;

// MARK: - Writing the page (in animation frames)

const frame = perFrame(() => {
  if (wholePage) render();
  else renderCountdown();
});

const written = new WeakMap(); // node → the text last written to it (compared, never read back from the DOM)

/** Sets a node's text only when it changed: an event (say `watchers`) rewrites nothing else. */
function put(node, value) {
  if (written.get(node) === value) return;
  written.set(node, value);
  node.textContent = value;
}

/** Writes the page in the next frame. */
function schedule() {
  wholePage = true;
  frame();
}

function render() {
  wholePage = false;
  if (!item) return;
  const live = item.state === 'live';
  document.title = `${item.title} · Bourse`;
  put(fields.state, stateWord(item.state));
  fields.state.dataset.state = item.state;
  put(fields.category, item.category || '');
  put(fields.title, item.title);
  put(fields.seller, item.seller);
  // The flash ends by itself (animationend, set up once); one still running when the next bid comes keeps
  // running, as on the board, rather than a timer of an older flash cutting a newer one short.
  if (shownPrice !== null && shownPrice !== item.price) fields.price.classList.add('flash-rise');
  shownPrice = item.price;
  put(fields.price, krw(item.price));
  const you = mine && mine.status === 'leading' && live ? ' ' + t('auc.item.leader.you') : '';
  put(fields.leader, item.leader ? item.leader + you : t('auc.item.leader.none'));
  put(fields.bids, String(item.bid_count));
  put(fields.minimum, live || item.state === 'scheduled' ? krw(item.minimum_bid) : '–');
  put(fields.reserve, t('auc.reserve.' + item.reserve));
  put(fields.ends, dateTime(item.effective_ends_at_ms));
  fields.ends.title = item.hard_end_at_ms ? `${t('auc.item.hard_end')}: ${dateTime(item.hard_end_at_ms)}` : '';
  put(fields.watchers, String(item.watchers ?? 0));
  put(fields.softClose, item.soft_close_seconds
    ? fill('auc.item.soft_close', { soft: item.soft_close_seconds, ext: item.extension_seconds })
    : '');
  fields.extended.hidden = !extension;
  if (extension) {
    put(fields.extended, fill('auc.item.extended', { from: dateTime(extension.from), to: dateTime(extension.to) }));
  }
  put(fields.description, item.description || '');
  fields.description.parentElement.hidden = !item.description;
  renderYou();
  bidInput.placeholder = item.minimum_bid ? krw(item.minimum_bid) : '';
  bidSubmit.disabled = !live;
  bidInput.disabled = !live;
  const buyable = live && item.buy_now_price;
  buyButton.hidden = !buyable;
  if (buyable) put(buyButton, fill('auc.buy.button', { price: krw(item.buy_now_price) }));
  watchButton.setAttribute('aria-pressed', String(watching));
  put(watchButton, t(watching ? 'auc.watch.remove' : 'auc.watch.add'));
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
    // A page opened after the outbid knows no maximum (the server keeps only the leader's): say the price alone.
    else if (mine.status === 'outbid') {
      [text, tone] = [mine.max ? fill('auc.you.outbid', { price, max }) : fill('auc.you.outbid.price', { price }), 'bad'];
    }
    else if (mine.status === 'won') [text, tone] = [fill('auc.you.won', { price }), 'good'];
    else if (mine.status === 'lost') [text, tone] = [t('auc.you.lost'), 'bad'];
    else if (mine.status === 'sold') [text, tone] = [fill('auc.you.sold', { price }), 'good'];
  }
  if (!text && item.state !== 'live' && item.state !== 'scheduled') {
    if (item.state === 'sold') text = fill('auc.ended.sold', { price: krw(item.price), winner: item.leader || '' });
    else text = t(item.state === 'cancelled' ? 'auc.ended.cancelled' : 'auc.ended.unsold');
  }
  fields.you.hidden = !text;
  put(fields.you, text);
  if (tone) fields.you.dataset.tone = tone;
  else delete fields.you.dataset.tone;
  fields.you.dataset.status = mine ? mine.status : '';
}

function renderCountdown() {
  if (!item) return;
  const { text, soon } = countdownText(item, serverNow());
  put(fields.countdown, text);
  fields.countdown.classList.toggle('soon', soon);
}

/** Notes a new reading of the history; the table is written only if it differs from the last one. */
function setBids(history) {
  const same = history.length === bids.length && history.every((bid, i) => bid.seq === bids[i].seq);
  bids = history;
  if (!same) historyDue = true;
}

function renderHistory() {
  if (item.state !== historyState) {
    historyState = item.state;
    historyDue = true;
  }
  if (historyLang !== lang) {
    historyLang = lang; // the times are written in the page's language
    historyDue = true;
  }
  if (!historyDue) return;
  historyDue = false;
  historyEmpty.hidden = bids.length > 0;
  // `leading` says the bid led when it was made; only the newest such bid leads now.
  let leadShown = false;
  const seqs = [];
  for (const bid of bids) {
    let row = bidRows.get(bid.seq);
    if (!row) {
      const who = el('td', {}, [bid.bidder]);
      const time = el('td', { class: 'num' });
      const tr = el('tr', { 'data-seq': bid.seq }, [who, el('td', { class: 'num' }, [krw(bid.price)]), time]);
      row = { tr, who, time, timeText: '' };
      bidRows.set(bid.seq, row);
    }
    const timeText = dateTime(bid.time_ms);
    if (row.timeText !== timeText) {
      row.timeText = timeText;
      row.time.textContent = timeText;
    }
    row.who.classList.toggle('leading', bid.leading && !leadShown && item.state === 'live');
    leadShown = leadShown || bid.leading;
    seqs.push(bid.seq);
  }
  if (seqs.length !== historyShown.length || seqs.some((seq, i) => seq !== historyShown[i])) {
    historyRows.replaceChildren(...seqs.map((seq) => bidRows.get(seq).tr));
    historyShown = seqs;
  }
}

// MARK: - Reading the item

async function refresh() {
  clearTimeout(refreshTimer);
  refreshTimer = 0;
  lastRefresh = performance.now();
  try {
    const [fresh, history] = await Promise.all([api('GET', `/items/${id}`), api('GET', `/items/${id}/bids`)]);
    // The socket may already be ahead of an answer that was on its way (an `extended` after the `price`
    // that asked for it): keep the newer state, and read again for the minimum and history that go with it.
    noteServerTime(fresh.server_time);
    if (!item || fresh.seq >= item.seq) item = fresh;
    else refreshSoon();
    setBids(history);
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

function message(node, text, tone = '') {
  node.textContent = text;
  if (tone) node.dataset.tone = tone;
  else delete node.dataset.tone;
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
  onSecond(frame);
  fields.price.addEventListener('animationend', () => fields.price.classList.remove('flash-rise'));
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
  new ItemChat({ socket, item });
  new AlertBox({ root: $('item-alerts'), item: id });
  refresh();
  loadMine();
  schedule();
}
