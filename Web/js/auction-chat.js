// An item's public thread on its page (docs/auction-house.md, "Chat"): questions and answers, the seller
// marked, live over the page's auction socket. Joining sends `since` = the last seq shown, so after a
// reconnect (or a sign-in, which reconnects) the server replays exactly what was missed; a message already
// shown (its seq) is never shown twice. Sending carries a client message id, kept across retries of the
// same text, so a send that timed out and is sent again posts once. Typing shows for a few seconds.
//
// Moderation: a deleted message (`deleted`, live by `chat.deleted`) and one whose author this user blocks
// (`hidden`) keep their place as a muted placeholder. Deleting does not move the room's seq: a resumed
// join's reply lists, in `deleted`, the messages up to `since` deleted meanwhile (of the latest 200). A
// resume reads the rules once more (their changes are not replayed), and after a sign-in or out the recent
// history too (the new reader blocks others, or no one).
// The per-message menu is auction-chat-moderation.js; the rules, the slow-mode wait and sanctions are
// auction-chat-room.js.
//
// Private rooms: a tab beside the public thread opens `dm:{item}:{buyer}`, the buyer's room with the seller
// (the server lets a buyer in once they have bid, and the seller always). The seller reaches a buyer's room
// from the notification of their message, whose link names it (`#room=dm:…`); the page opens it and keeps
// its tab. Switching rooms leaves the old one and joins the new one from its start.

import { api, session } from '/js/auction-api.js';
import { dateTime } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { el } from '/js/dom.js';
import { onLangChange, t } from '/js/i18n.js';
import { ChatModeration } from '/js/auction-chat-moderation.js';
import { ChatRoomState, chatError, waitSeconds } from '/js/auction-chat-room.js';
import { ChatReceipts } from '/js/auction-chat-receipts.js';

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_MS = 2000; // the server passes on at most one a second per connection
const RECONCILED = 200; // messages read again for another reader (the history's largest page)

const $ = (id) => document.getElementById(id);

/** The room the address names (`#room=dm:12:ann`, from a notification's link), if any. */
function roomInHash() {
  const match = /^#room=(.+)$/.exec(location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export class ItemChat {
  constructor({ socket, item }) {
    this.socket = socket;
    this.item = item.id;
    this.publicRoom = `item:${item.id}`;
    this.room = this.publicRoom;
    // The private room the seller opened from a notification's link; a buyer's is their own.
    this.sellerRoom = null;
    const asked = roomInHash();
    if (asked && asked.startsWith(`dm:${item.id}:`)) {
      this.room = asked;
      this.sellerRoom = asked;
    }
    this.seller = item.seller;
    this.lastSeq = 0;
    this.shown = new Set(); // seqs on screen
    this.entries = new Map(); // message id → { row, text, more, message }
    this.typing = new Map(); // username → timer
    this.typedAt = -Infinity; // never typed: the first keystroke, however soon after the page loads, is sent
    this.draft = null; // { text, clientId } of the send being tried, so a retry reuses the id
    this.viewer = undefined; // the user the rows were last drawn for
    this.reader = undefined; // the user the room was last joined as: what `hidden` says is theirs
    this.banned = false;
    this.joinRefused = false; // the note shows why the last join failed
    this.list = $('chat-messages');
    this.empty = $('chat-empty');
    this.form = $('chat-form');
    this.input = $('chat-text');
    this.sendButton = $('chat-send');
    this.note = $('chat-note');
    this.typingLine = $('chat-typing');
    this.signIn = $('chat-signin');
    this.tabs = { box: $('chat-rooms'), public: $('chat-room-public'), private: $('chat-room-private') };
    this.tabs.public.addEventListener('click', () => this.switchRoom(this.publicRoom));
    this.tabs.private.addEventListener('click', () => this.switchRoom(this.privateRoom()));
    onLangChange(() => this.renderRooms());
    // A notification's link to a private room of this item, followed on this very page.
    addEventListener('hashchange', () => {
      const asked = roomInHash();
      if (!asked || !asked.startsWith(`dm:${item.id}:`)) return;
      if (session.user === this.seller) this.sellerRoom = asked;
      this.switchRoom(asked);
    });
    this.moderation = new ChatModeration(this);
    this.rules = new ChatRoomState(this);
    this.receipts = new ChatReceipts(this);

    socket.on('chat.message', (m) => m.room === this.room && this.add(m));
    socket.on('chat.deleted', (m) => m.room === this.room && this.deleted(m.message_id));
    socket.on('chat.typing', (m) => m.room === this.room && this.someoneTypes(m.from));
    socket.onOpen(() => this.join());
    this.form.addEventListener('submit', (event) => this.send(event));
    this.input.addEventListener('input', () => this.type());
    this.input.addEventListener('keydown', (event) => {
      // Enter sends, Shift+Enter breaks the line (as chat boxes do).
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.form.requestSubmit();
      }
    });
    this.signIn.addEventListener('click', () => openSignIn());
    this.renderSession();
    this.join();
  }

  /** Shows the form to a signed-in user who is not banned, a sign-in button to a visitor. */
  renderSession() {
    if (this.viewer !== session.user) {
      // Another user (a sign-in or out reconnects and joins again): their menus, blocks and tools.
      this.viewer = session.user;
      this.banned = false;
      this.moderation.loadBlocks();
      this.rules.renderSession();
      for (const entry of this.entries.values()) this.write(entry);
    }
    const signedIn = Boolean(session.user);
    this.form.hidden = !signedIn || this.banned;
    this.signIn.hidden = signedIn;
    this.renderRooms();
  }

  /** The private room the tab opens: the buyer's own with the seller, or the one the seller opened. */
  privateRoom() {
    const me = session.user;
    if (!me) return null;
    return me === this.seller ? this.sellerRoom : `dm:${this.item}:${me}`;
  }

  /** The room tabs (for a signed-in buyer, and for the seller in a buyer's room), and the words of the room. */
  renderRooms() {
    const room = this.privateRoom();
    this.tabs.box.hidden = !room;
    const isPrivate = this.room !== this.publicRoom;
    const buyer = isPrivate ? this.room.split(':').slice(2).join(':') : null;
    const sellerSide = session.user && session.user === this.seller;
    this.tabs.private.textContent = sellerSide && room
      ? t('auc.chat.privateWith').replace('{user}', room.split(':').slice(2).join(':'))
      : t('auc.chat.private');
    this.tabs.public.setAttribute('aria-selected', String(!isPrivate));
    this.tabs.private.setAttribute('aria-selected', String(isPrivate));
    const placeholder = !isPrivate ? 'auc.chat.placeholder'
      : sellerSide ? 'auc.chat.placeholder.privateWith' : 'auc.chat.placeholder.private';
    this.input.placeholder = t(placeholder).replace('{user}', buyer ?? '');
    this.input.removeAttribute('data-i18n-attr');
    // With a private room beside it, the section holds conversations, not only questions.
    const heading = $('chat-heading');
    heading.dataset.i18n = room ? 'auc.chat.rooms' : 'auc.chat.heading';
    heading.textContent = t(heading.dataset.i18n);
    const empty = isPrivate ? 'auc.chat.empty.private' : 'auc.chat.empty';
    this.empty.dataset.i18n = empty;
    this.empty.textContent = t(empty);
  }

  /** Leaves the room shown and joins `room` from its start (the address keeps it, for a reload). */
  async switchRoom(room) {
    if (!room || room === this.room) return;
    this.socket.request({ type: 'chat.leave', room: this.room }).catch(() => {});
    this.room = room;
    this.lastSeq = 0;
    this.shown.clear();
    this.entries.clear();
    this.list.replaceChildren();
    this.empty.hidden = false;
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    this.renderTyping();
    this.draft = null;
    this.reader = undefined;
    this.say('');
    const hash = room === this.publicRoom ? '' : `#room=${encodeURIComponent(room)}`;
    history.replaceState(null, '', location.pathname + location.search + hash);
    this.renderRooms();
    await this.join();
    this.rules.load();
  }

  async join() {
    this.renderSession();
    const resumed = this.lastSeq > 0;
    const reader = session.user;
    const room = this.room;
    try {
      const joined = await this.socket.request({ type: 'chat.join', room, since: this.lastSeq });
      // Another room was chosen while this one was joining: its answer is stale.
      if (room !== this.room) return;
      for (const message of joined.messages) this.add(message);
      for (const gone of joined.deleted || []) this.deleted(gone.message_id);
      this.receipts.reset(joined.read);
      if (this.joinRefused) this.say('');
      this.joinRefused = false;
      this.setBanned(false);
      if (resumed) {
        if (reader !== this.reader) this.reconcile();
        this.rules.load(); // a `chat.rules` sent while disconnected is not replayed
      }
      this.reader = reader;
    } catch (error) {
      if (error.name === 'network') return;
      this.joinRefused = true;
      this.say(chatError(error), 'bad');
      if (error.name === 'banned') this.setBanned(true);
    }
  }

  /** Takes the form away while this user is banned from the item's rooms (a ban also ends the join). */
  setBanned(banned) {
    this.banned = banned;
    this.renderSession();
  }

  /** Shows `text` under the form (`tone` 'good' or 'bad'); '' clears it. */
  say(text, tone = '') {
    this.note.textContent = text;
    if (tone && text) this.note.dataset.tone = tone;
    else delete this.note.dataset.tone;
  }

  // MARK: - Messages

  add(message) {
    if (this.shown.has(message.seq)) return;
    this.shown.add(message.seq);
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    const who = el('span', { class: 'chat-from' }, [message.from]);
    const head = [who];
    if (message.from_seller) {
      head.push(el('span', { class: 'chat-seller', 'data-i18n': 'auc.chat.seller' }, [t('auc.chat.seller')]));
    }
    head.push(el('time', { class: 'chat-time muted', datetime: new Date(message.at).toISOString() }, [dateTime(message.at)]));
    const more = el('button', {
      type: 'button', class: 'chat-more', 'aria-haspopup': 'menu', 'aria-expanded': 'false',
      'aria-label': t('auc.chat.more'), 'data-i18n-attr': 'aria-label:auc.chat.more',
    }, ['⋯']);
    head.push(more);
    const text = el('p', { class: 'chat-text' });
    const row = el('li', { class: 'chat-row', 'data-seq': String(message.seq), 'data-id': String(message.message_id) },
      [el('div', { class: 'chat-head' }, head), text]);
    if (message.from_seller) row.classList.add('from-seller');
    const entry = { row, text, more, message };
    this.entries.set(message.message_id, entry);
    this.write(entry);
    // In seq order: a replay after a reconnect may bring older messages than the last one shown.
    const after = [...this.list.children].find((node) => Number(node.dataset.seq) > message.seq);
    this.list.insertBefore(row, after || null);
    this.empty.hidden = true;
    this.stopsTyping(message.from);
    if (!after) row.scrollIntoView({ block: 'nearest' });
    this.receipts.render();
    this.receipts.markRead();
  }

  /** Writes a message's text, or the placeholder of a deleted one or of one whose author this user blocks. */
  write({ row, text, more, message }) {
    const placeholder = message.deleted ? 'auc.chat.deleted' : message.hidden ? 'auc.chat.hidden' : '';
    row.classList.toggle('deleted', Boolean(message.deleted));
    row.classList.toggle('from-blocked', !message.deleted && Boolean(message.hidden));
    row.classList.toggle('mine', message.from === session.user);
    if (placeholder) text.dataset.i18n = placeholder; // relabelled with the page's language
    else delete text.dataset.i18n;
    text.textContent = placeholder ? t(placeholder) : message.text;
    more.hidden = this.moderation.actions(message).length === 0;
  }

  /** Shows message `id` as deleted (for good: a later, older reading cannot bring it back). */
  deleted(id) {
    const entry = this.entries.get(id);
    if (!entry || entry.message.deleted) return;
    entry.message = { ...entry.message, deleted: true, text: '' };
    this.moderation.closeFor(entry);
    this.write(entry);
  }

  /** Shows the messages of `name` as hidden (just blocked); an unblock reads their text again (`reconcile`). */
  hideFrom(name) {
    for (const entry of this.entries.values()) {
      if (entry.message.from !== name) continue;
      entry.message = { ...entry.message, hidden: true };
      this.write(entry);
    }
  }

  /** Reads the recent history again and redraws what changed: who is hidden (another reader, a block lifted). */
  async reconcile() {
    try {
      const answer = await api('GET', `/rooms/${this.room}/messages?limit=${RECONCILED}`);
      for (const message of answer.messages) {
        const entry = this.entries.get(message.message_id);
        if (!entry) continue;
        entry.message = entry.message.deleted ? { ...message, deleted: true, text: '' } : message;
        this.write(entry);
      }
    } catch {
      // The rows keep what they showed; the live messages are unaffected.
    }
  }

  // MARK: - Sending

  async send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text || this.rules.waiting()) return;
    if (!this.draft || this.draft.text !== text) this.draft = { text, clientId: crypto.randomUUID() };
    this.sendButton.disabled = true;
    this.say('');
    try {
      await this.socket.request({ type: 'chat.send', room: this.room, text, client_msg_id: this.draft.clientId });
      this.input.value = '';
      this.draft = null;
      this.rules.posted();
    } catch (error) {
      this.say(chatError(error), 'bad');
      if (error.name === 'slow_mode') this.rules.wait(waitSeconds(error));
    } finally {
      this.rules.renderSend();
      this.input.focus();
    }
  }

  type() {
    const now = performance.now();
    if (now - this.typedAt < TYPING_SENT_MS || !this.input.value) return;
    this.typedAt = now;
    this.socket.request({ type: 'chat.typing', room: this.room }).catch(() => {});
  }

  someoneTypes(name) {
    clearTimeout(this.typing.get(name));
    this.typing.set(name, setTimeout(() => this.stopsTyping(name), TYPING_SHOWN_MS));
    this.renderTyping();
  }

  stopsTyping(name) {
    if (!this.typing.has(name)) return;
    clearTimeout(this.typing.get(name));
    this.typing.delete(name);
    this.renderTyping();
  }

  renderTyping() {
    const names = [...this.typing.keys()];
    this.typingLine.textContent = names.length ? names.join(', ') + ' ' + t('auc.chat.typing') : '';
  }
}
