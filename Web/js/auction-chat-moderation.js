// The per-message menu of an item's thread (docs/auction-house.md, "Chat"), and what it does: report a
// message (a reason and an optional comment, in a dialog), block or unblock its author, delete it (the
// author their own; the thread's moderators, its item's seller and admins, any), and for a moderator, mute
// its author (10 minutes, a day, for good) or ban them from the item's rooms (not the seller, whom only a
// house-wide sanction holds back). One menu element serves every row: it is placed under the button that
// opened it (fixed, so the thread's scrolling box does not clip it, following it as the page scrolls) and
// closes on Escape or a click elsewhere.

import { api, describeError, session } from '/js/auction-api.js';
import { dateTime, fill } from '/js/auction-format.js';
import { confirmDialog } from '/js/auction-confirm.js';
import { t } from '/js/i18n.js';

const MUTE_MINUTES = { 'mute-10': 10, 'mute-1440': 1440, 'mute-ever': null };
const MARGIN_PX = 8;

const $ = (id) => document.getElementById(id);

export class ChatModeration {
  constructor(chat) {
    this.chat = chat;
    this.blocks = new Set(); // names this user blocks
    this.entry = null; // the message whose menu is open
    this.menu = $('chat-menu');
    this.report = {
      dialog: $('chat-report'),
      form: $('chat-report-form'),
      quote: $('chat-report-quote'),
      comment: $('chat-report-comment'),
    };
    chat.list.addEventListener('click', (event) => {
      const button = event.target.closest('.chat-more');
      if (button) this.toggle(button);
    });
    this.menu.addEventListener('click', (event) => {
      const item = event.target.closest('[data-action]');
      if (item) this.act(item.dataset.action);
    });
    this.menu.addEventListener('keydown', (event) => this.keys(event));
    document.addEventListener('click', (event) => {
      if (this.entry && !event.target.closest('#chat-menu, .chat-more')) this.close(false);
    });
    // A new message scrolls the thread: the menu follows its button rather than closing under the pointer.
    document.addEventListener('scroll', () => this.entry && this.place(), { capture: true, passive: true });
    addEventListener('resize', () => this.close(false));
  }

  /** Reads whom the signed-in user blocks (the menu then offers to unblock them). */
  async loadBlocks() {
    this.blocks = new Set();
    if (!session.user) return;
    try {
      this.blocks = new Set((await api('GET', '/me/blocks')).blocks);
    } catch {
      // The menu offers "block" for everyone; blocking twice is harmless.
    }
  }

  /** The actions the menu offers the signed-in user on `message` (none to a visitor). */
  actions(message) {
    const me = session.user;
    if (!me) return [];
    const mine = message.from === me;
    const moderates = this.chat.rules.moderates();
    const actions = [];
    if (!mine && !message.deleted && !message.hidden) actions.push('report'); // what one can read
    if (!mine) actions.push(this.blocks.has(message.from) ? 'unblock' : 'block');
    if (!message.deleted && (mine || moderates)) actions.push('delete');
    if (moderates && !mine && message.from !== this.chat.seller) {
      actions.push('mute-10', 'mute-1440', 'mute-ever', 'ban');
    }
    return actions;
  }

  // MARK: - The menu

  toggle(button) {
    const entry = this.chat.entries.get(Number(button.closest('.chat-row').dataset.id));
    const again = this.entry === entry;
    this.close(again);
    if (again || !entry) return;
    const actions = new Set(this.actions(entry.message));
    for (const item of this.menu.querySelectorAll('[data-action]')) item.hidden = !actions.has(item.dataset.action);
    this.entry = entry;
    button.setAttribute('aria-expanded', 'true');
    this.menu.hidden = false;
    this.place();
    this.items()[0]?.focus();
  }

  /** Puts the menu under its button (its right edge on the button's), or above when the window has no room
   * below; closes it once the button scrolls out of the thread's box. */
  place() {
    const at = this.entry.more.getBoundingClientRect();
    const box = this.chat.list.getBoundingClientRect();
    if (at.bottom < box.top || at.top > box.bottom) {
      this.close(false);
      return;
    }
    const size = this.menu.getBoundingClientRect();
    const below = at.bottom + size.height + MARGIN_PX <= innerHeight;
    const top = below ? at.bottom + 2 : at.top - size.height - 2;
    this.menu.style.setProperty('--menu-top', `${Math.max(MARGIN_PX, top)}px`);
    this.menu.style.setProperty('--menu-left', `${Math.max(MARGIN_PX, at.right - size.width)}px`);
  }

  /** Closes the menu (`focus`: back to the button that opened it, as after Escape). */
  close(focus) {
    if (!this.entry) return;
    this.menu.hidden = true;
    this.entry.more.setAttribute('aria-expanded', 'false');
    if (focus) this.entry.more.focus();
    this.entry = null;
  }

  /** Closes the menu if it is open on `entry` (a message deleted meanwhile). */
  closeFor(entry) {
    if (this.entry === entry) this.close(false);
  }

  items() {
    return [...this.menu.querySelectorAll('[data-action]')].filter((item) => !item.hidden);
  }

  keys(event) {
    const items = this.items();
    const at = items.indexOf(document.activeElement);
    const moves = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (event.key === 'Escape') this.close(true);
    else if (event.key === 'Tab') this.close(false);
    else if (event.key in moves) items[(moves[event.key] + items.length) % items.length].focus();
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  // MARK: - Actions

  async act(action) {
    const { message } = this.entry;
    this.close(true);
    const user = message.from;
    const room = `/rooms/${this.chat.room}`;
    try {
      if (action === 'report') await this.reportMessage(message);
      else if (action === 'delete') {
        if (!(await this.ask('delete', {}, 'auc.chat.delete'))) return;
        await this.remove(message);
        this.chat.deleted(message.message_id);
      } else if (action === 'block') {
        if (!(await this.ask('block', { user }, 'auc.chat.block'))) return;
        await api('POST', '/me/blocks', { json: { user } });
        this.blocks.add(user);
        this.chat.hideFrom(user);
        this.chat.say(fill('auc.chat.blocked', { user }), 'good');
      } else if (action === 'unblock') {
        await api('DELETE', `/me/blocks/${encodeURIComponent(user)}`);
        this.blocks.delete(user);
        await this.chat.reconcile();
        this.chat.say(fill('auc.chat.unblocked', { user }), 'good');
      } else if (action in MUTE_MINUTES) {
        const minutes = MUTE_MINUTES[action];
        const mute = await api('POST', `${room}/mutes`, { json: minutes ? { user, minutes } : { user } });
        this.chat.say(mute.until ? fill('auc.chat.muted.until', { user, time: dateTime(mute.until) })
          : fill('auc.chat.muted.ever', { user }), 'good');
        this.chat.rules.loadSanctions();
      } else if (action === 'ban') {
        if (!(await this.ask('ban', { user }, 'auc.chat.ban'))) return;
        await api('POST', `${room}/bans`, { json: { user } });
        this.chat.say(fill('auc.chat.banned', { user }), 'good');
        this.chat.rules.loadSanctions();
      }
    } catch (error) {
      this.chat.say(error.name === 'not_found' ? t('auc.chat.err.not_found') : describeError(error), 'bad');
    }
  }

  /** Asks before `what` ('delete', 'block', 'ban') in the page's own dialog. */
  ask(what, values, ok) {
    return confirmDialog({
      title: t(`auc.chat.${what}.title`),
      text: fill(`auc.chat.${what}.confirm`, values),
      ok: t(ok),
      cancel: t('auc.chat.cancel'),
    });
  }

  /** Deletes over the socket (`chat.delete`), or over REST when it is not open. */
  async remove(message) {
    try {
      await this.chat.socket.request({ type: 'chat.delete', room: this.chat.room, message_id: message.message_id });
    } catch (error) {
      if (error.name !== 'network') throw error;
      await api('DELETE', `/rooms/${this.chat.room}/messages/${message.message_id}`);
    }
  }

  /** Asks for a reason (and a comment) in the report dialog, then reports; says whether it was new. */
  async reportMessage(message) {
    const { dialog, form, quote, comment } = this.report;
    form.reset();
    quote.textContent = `${message.from}: ${message.text}`;
    dialog.returnValue = '';
    const closed = new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
    dialog.showModal();
    await closed;
    if (dialog.returnValue !== 'ok') return;
    const answer = await api('POST', `/rooms/${this.chat.room}/reports`, {
      json: { message_id: message.message_id, reason: form.elements.reason.value, comment: comment.value.trim() },
    });
    this.chat.say(t(answer.saved === false ? 'auc.chat.reported.again' : 'auc.chat.reported'), 'good');
  }
}
