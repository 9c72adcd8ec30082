// An item's public thread on its page (docs/auction-house.md, "Chat"): questions and answers, the seller
// marked, live over the page's auction socket. Joining sends `since` = the last seq shown, so after a
// reconnect (or a sign-in, which reconnects) the server replays exactly what was missed; a message already
// shown (its seq) is never shown twice. Sending carries a client message id, kept across retries of the
// same text, so a send that timed out and is sent again posts once. Typing shows for a few seconds.

import { describeError, session } from '/js/auction-api.js';
import { dateTime } from '/js/auction-format.js';
import { openSignIn } from '/js/account.js';
import { el } from '/js/dom.js';
import { t } from '/js/i18n.js';

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_MS = 2000; // the server passes on at most one a second per connection

const $ = (id) => document.getElementById(id);

export class ItemChat {
  constructor({ socket, item }) {
    this.socket = socket;
    this.room = `item:${item.id}`;
    this.seller = item.seller;
    this.lastSeq = 0;
    this.shown = new Set(); // seqs on screen
    this.typing = new Map(); // username → timer
    this.typedAt = 0;
    this.draft = null; // { text, clientId } of the send being tried, so a retry reuses the id
    this.list = $('chat-messages');
    this.empty = $('chat-empty');
    this.form = $('chat-form');
    this.input = $('chat-text');
    this.sendButton = $('chat-send');
    this.note = $('chat-note');
    this.typingLine = $('chat-typing');
    this.signIn = $('chat-signin');

    socket.on('chat.message', (m) => m.room === this.room && this.add(m));
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

  /** Shows the form to a signed-in user, a sign-in button otherwise. */
  renderSession() {
    const signedIn = Boolean(session.user);
    this.form.hidden = !signedIn;
    this.signIn.hidden = signedIn;
  }

  async join() {
    this.renderSession();
    try {
      const joined = await this.socket.request({ type: 'chat.join', room: this.room, since: this.lastSeq });
      for (const message of joined.messages) this.add(message);
      this.note.textContent = '';
    } catch (error) {
      if (error.name !== 'network') this.note.textContent = describeError(error);
    }
  }

  add(message) {
    if (this.shown.has(message.seq)) return;
    this.shown.add(message.seq);
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    const who = el('span', { class: 'chat-from' }, [message.from]);
    const head = [who];
    if (message.from_seller) head.push(el('span', { class: 'chat-seller' }, [t('auc.chat.seller')]));
    head.push(el('time', { class: 'chat-time muted', datetime: new Date(message.at).toISOString() }, [dateTime(message.at)]));
    const row = el('li', { class: 'chat-row', 'data-seq': String(message.seq) }, [
      el('div', { class: 'chat-head' }, head),
      el('p', { class: 'chat-text' }, [message.text]),
    ]);
    if (message.from_seller) row.classList.add('from-seller');
    if (message.from === session.user) row.classList.add('mine');
    // In seq order: a replay after a reconnect may bring older messages than the last one shown.
    const after = [...this.list.children].find((node) => Number(node.dataset.seq) > message.seq);
    this.list.insertBefore(row, after || null);
    this.empty.hidden = true;
    this.stopsTyping(message.from);
    if (!after) row.scrollIntoView({ block: 'nearest' });
  }

  async send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (!this.draft || this.draft.text !== text) this.draft = { text, clientId: crypto.randomUUID() };
    this.sendButton.disabled = true;
    this.note.textContent = '';
    try {
      await this.socket.request({ type: 'chat.send', room: this.room, text, client_msg_id: this.draft.clientId });
      this.input.value = '';
      this.draft = null;
    } catch (error) {
      this.note.textContent = describeError(error);
    } finally {
      this.sendButton.disabled = false;
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
