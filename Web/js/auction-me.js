// /me: the signed-in user's bids (leading or outbid, with the maximum while it leads), items and watchlist.
// The items of all three lists are followed on the socket, so prices, ends and an outbid change in place.
// Each row is built once (keyed by list and item) and then only written to: a frame, even the one of
// every server second, touches only the texts that changed, so photos are not decoded again and a focused
// link keeps the focus.

import { api, describeError, onSessionChange, session } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { countdownText, krw, stateWord } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { el, perFrame } from '/js/dom.js';
import { onLangChange, t } from '/js/i18n.js';

const $ = (id) => document.getElementById(id);
const signInNote = $('me-signin');
const lists = $('me-lists');
const LISTS = [
  { name: 'bids', target: $('me-bids'), empty: 'auc.me.empty.bids' },
  { name: 'items', target: $('me-items'), empty: 'auc.me.empty.items' },
  { name: 'watchlist', target: $('me-watchlist'), empty: 'auc.me.empty.watchlist' },
];

let socket;
let say;
let data = null; // { bids: [{item, leading, your_max}], items: [item], watchlist: [item] }
const rows = new Map(); // 'list:id' → { li, link, line, status, written }
const shown = new Map(); // list name → the keys in its <ul>, in order (or '\0' and the empty list's note)

function bidStatus(entry) {
  const { item } = entry;
  if (item.state === 'live' || item.state === 'scheduled') return entry.leading ? 'leading' : 'outbid';
  return entry.leading && item.state === 'sold' ? 'won' : 'lost';
}

function makeRow(item, withStatus) {
  const img = el('img', { alt: '', loading: 'lazy' });
  if (item.photos && item.photos[0]) img.src = item.photos[0].list_url || item.photos[0].url;
  const link = el('a', { href: '/auctions/' + item.id });
  const line = el('span', { class: 'num' });
  const text = el('div', { class: 'me-text' }, [link, line]);
  const status = withStatus ? el('span', { class: 'me-status' }) : null;
  if (status) text.append(status);
  const li = el('li', { 'data-id': item.id }, [img, text]);
  return { li, link, line, status, written: {} };
}

function put(row, field, node, value) {
  if (row.written[field] === value) return;
  row.written[field] = value;
  node.textContent = value;
}

function writeRow(row, item, entry) {
  put(row, 'title', row.link, item.title);
  const left = item.state === 'live' || item.state === 'scheduled'
    ? countdownText(item, serverNow()).text
    : stateWord(item.state);
  put(row, 'line', row.line, `${krw(item.price)} · ${left}`);
  if (!entry) return;
  const status = bidStatus(entry);
  if (row.written.statusValue !== status) {
    row.written.statusValue = status;
    row.status.dataset.status = status;
  }
  put(row, 'status', row.status, t('auc.me.' + status) +
    (status === 'leading' && entry.your_max ? ` · ${t('auc.me.your_max')} ${krw(entry.your_max)}` : ''));
}

/** Writes one list: rows reused by key, the <ul>'s children replaced only when its membership or order changed. */
function writeList({ name, target, empty }) {
  const entries = name === 'bids' ? data.bids.map((entry) => ({ item: entry.item, entry })) : data[name].map((item) => ({ item }));
  const keys = [];
  for (const { item, entry } of entries) {
    const key = `${name}:${item.id}`;
    let row = rows.get(key);
    if (!row) {
      row = makeRow(item, Boolean(entry));
      rows.set(key, row);
    }
    writeRow(row, item, entry);
    keys.push(key);
  }
  const before = shown.get(name) || [];
  if (!keys.length) {
    const note = t(empty);
    if (before.length !== 1 || before[0] !== '\0' + note) {
      target.replaceChildren(el('li', { class: 'muted' }, [note]));
      shown.set(name, ['\0' + note]);
    }
    return;
  }
  if (keys.length !== before.length || keys.some((key, i) => key !== before[i])) {
    target.replaceChildren(...keys.map((key) => rows.get(key).li));
    shown.set(name, keys);
  }
}

function render() {
  signInNote.hidden = Boolean(session.user);
  lists.hidden = !session.user || !data;
  if (!data) return;
  for (const list of LISTS) writeList(list);
}

const schedule = perFrame(render);

function everyItem() {
  if (!data) return [];
  return [...data.bids.map((entry) => entry.item), ...data.items, ...data.watchlist];
}

async function load() {
  data = null;
  // Another user (or none): the rows were someone else's.
  rows.clear();
  shown.clear();
  for (const { target } of LISTS) target.replaceChildren();
  schedule();
  if (!session.user) return;
  say(t('auc.loading'));
  try {
    const [bids, items, watchlist] = await Promise.all([
      api('GET', '/me/bids'), api('GET', '/me/items'), api('GET', '/me/watchlist'),
    ]);
    data = { bids, items, watchlist };
    say('');
    const all = everyItem();
    if (all[0]) noteServerTime(all[0].server_time);
    for (const item of all) socket.known(item.id, item.seq);
    socket.follow({ items: [...new Set(all.map((item) => item.id))].slice(0, 500) });
    schedule();
  } catch (error) {
    say(describeError(error), true);
  }
}

function update(id, apply) {
  let touched = false;
  for (const item of everyItem()) {
    if (item.id === id) {
      apply(item);
      touched = true;
    }
  }
  if (touched) schedule();
}

export function start(context) {
  ({ socket, say } = context);
  socket.on('price', (m) => update(m.item, (item) => {
    Object.assign(item, { price: m.price, bid_count: m.bid_count, leader: m.leader });
    if (m.effective_ends_at) item.effective_ends_at_ms = m.effective_ends_at;
  }));
  socket.on('extended', (m) => update(m.item, (item) => (item.effective_ends_at_ms = m.effective_ends_at)));
  socket.on('ended', (m) => update(m.item, (item) => (item.state = m.state)));
  socket.on('outbid', (m) => {
    const entry = data && data.bids.find((bid) => bid.item.id === m.item);
    if (entry) {
      entry.leading = false;
      entry.your_max = null;
      schedule();
    }
  });
  // A click hands over an event: the dialog is asked for explicitly, in its sign-in mode.
  signInNote.addEventListener('click', () => openSignIn('signin'));
  onSessionChange(load);
  onSecond(schedule);
  onLangChange(schedule);
  load();
}
