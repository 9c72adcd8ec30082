// /me: the signed-in user's bids (leading or outbid, with the maximum while it leads), items and watchlist.
// The items of all three lists are followed on the socket, so prices, ends and an outbid change in place.

import { api, describeError, onSessionChange, session } from '/js/auction-api.js';
import { noteServerTime, onSecond, serverNow } from '/js/auction-clock.js';
import { countdown, krw, stateWord } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { onLangChange, t } from '/js/i18n.js';

const $ = (id) => document.getElementById(id);
const signInNote = $('me-signin');
const lists = $('me-lists');
const targets = { bids: $('me-bids'), items: $('me-items'), watchlist: $('me-watchlist') };

let socket;
let say;
let data = null; // { bids: [{item, leading, your_max}], items: [item], watchlist: [item] }
let frame = 0;

function schedule() {
  if (!frame) frame = requestAnimationFrame(render);
}

function bidStatus(entry) {
  const { item } = entry;
  if (item.state === 'live' || item.state === 'scheduled') return entry.leading ? 'leading' : 'outbid';
  return entry.leading && item.state === 'sold' ? 'won' : 'lost';
}

function row(item, extra) {
  const li = document.createElement('li');
  li.dataset.id = item.id;
  const img = document.createElement('img');
  img.alt = '';
  img.loading = 'lazy';
  if (item.photos && item.photos[0]) img.src = item.photos[0].url;
  const text = document.createElement('div');
  text.className = 'me-text';
  const link = document.createElement('a');
  link.href = '/auctions/' + item.id;
  link.textContent = item.title;
  const line = document.createElement('span');
  line.className = 'num';
  const left = item.state === 'live' ? countdown(item.effective_ends_at_ms - serverNow()) : stateWord(item.state);
  line.textContent = `${krw(item.price)} · ${left}`;
  text.append(link, line);
  if (extra) text.append(extra);
  li.append(img, text);
  return li;
}

function fill(list, rows, emptyKey) {
  if (!rows.length) {
    const li = document.createElement('li');
    li.className = 'muted';
    li.textContent = t(emptyKey);
    list.replaceChildren(li);
  } else {
    list.replaceChildren(...rows);
  }
}

function render() {
  frame = 0;
  signInNote.hidden = Boolean(session.user);
  lists.hidden = !session.user || !data;
  if (!data) return;
  fill(targets.bids, data.bids.map((entry) => {
    const status = bidStatus(entry);
    const span = document.createElement('span');
    span.className = 'me-status';
    span.dataset.status = status;
    span.textContent = t('auc.me.' + status) +
      (status === 'leading' && entry.your_max ? ` · ${t('auc.me.your_max')} ${krw(entry.your_max)}` : '');
    return row(entry.item, span);
  }), 'auc.me.empty.bids');
  fill(targets.items, data.items.map((item) => row(item)), 'auc.me.empty.items');
  fill(targets.watchlist, data.watchlist.map((item) => row(item)), 'auc.me.empty.watchlist');
}

function everyItem() {
  if (!data) return [];
  return [...data.bids.map((entry) => entry.item), ...data.items, ...data.watchlist];
}

async function load() {
  data = null;
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
  signInNote.addEventListener('click', openSignIn);
  onSessionChange(load);
  onSecond(schedule);
  onLangChange(schedule);
  load();
}
