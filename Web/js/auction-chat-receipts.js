// Read receipts in a private room (docs/auction-house.md, "Chat"): this page tells the server how far the
// user has read what the other side wrote (`chat.read`, kept by the server and only ever moved forward), and
// marks the user's own latest message the other side has read "Seen": from the join's `read` list (what they
// read while this page was away) and live `chat.read` events. The public thread shows none: who reads a
// seller's answers is nobody's business.

import { el } from '/js/dom.js';
import { t } from '/js/i18n.js';
import { session } from '/js/auction-api.js';

export class ChatReceipts {
  constructor(chat) {
    this.chat = chat;
    this.read = new Map(); // reader → furthest message id
    this.sent = 0; // the furthest id this page marked read in the room
    this.label = null; // the "Seen" mark, on the row it is on
    chat.socket.on('chat.read', (m) => {
      if (m.room !== chat.room) return;
      this.read.set(m.from, Math.max(this.read.get(m.from) ?? 0, m.message_id));
      this.render();
    });
    document.addEventListener('visibilitychange', () => this.markRead());
  }

  get private() {
    return this.chat.room.startsWith('dm:');
  }

  /** A new room (or a rejoin): the receipts its join listed. */
  reset(list = []) {
    this.read = new Map(list.map((receipt) => [receipt.user, receipt.message_id]));
    this.sent = 0;
    this.render();
    this.markRead();
  }

  /** Tells the server the newest message from someone else is read, if the page is in view. */
  markRead() {
    const me = session.user;
    if (!this.private || !me || document.visibilityState !== 'visible') return;
    let newest = 0;
    for (const entry of this.chat.entries.values()) {
      if (entry.message.from !== me) newest = Math.max(newest, entry.message.message_id);
    }
    if (newest <= this.sent) return;
    this.sent = newest;
    this.chat.socket.request({ type: 'chat.read', room: this.chat.room, message_id: newest }).catch(() => {
      this.sent = 0; // tried again with the next message
    });
  }

  /** "Seen" under the user's own latest message the other side has read. */
  render() {
    this.label?.remove();
    this.label = null;
    const me = session.user;
    if (!this.private || !me) return;
    let seen = 0;
    for (const [reader, id] of this.read) if (reader !== me) seen = Math.max(seen, id);
    let last = null;
    for (const entry of this.chat.entries.values()) {
      const { message } = entry;
      if (message.from === me && message.message_id <= seen && (!last || message.message_id > last.message.message_id)) {
        last = entry;
      }
    }
    if (!last) return;
    this.label = el('span', { class: 'chat-seen muted small', 'data-i18n': 'auc.chat.seen' }, [t('auc.chat.seen')]);
    last.row.append(this.label);
  }
}
