// An item's thread as a room with rules (docs/auction-house.md, "Chat"): the rules in a line for everyone
// (slow mode, no links), live by `chat.rules`; the send button's countdown in slow mode, after a post or a
// `slow_mode` refusal (the item's seller and admins, who moderate it, are never slowed); what this user is
// told when muted or banned: on opening the page (their own sanctions, GET rooms/{room}/sanctions) and live
// (`chat.sanctioned`). For the room's moderators (the seller, and admins as GET /me says): the rules'
// controls (slow mode off/10/30/60 s, links on or off) and who is muted or banned on the item, each with a
// way to lift. And the rules' refusals of a post in words, with the error's `retry_after` and `until`.

import { api, describeError, session } from '/js/auction-api.js';
import { dateTime, fill } from '/js/auction-format.js';
import { el } from '/js/dom.js';
import { onLangChange, t } from '/js/i18n.js';

const $ = (id) => document.getElementById(id);

/** The seconds a `slow_mode` refusal asks to wait (the error's `retry_after`; REST's Retry-After). */
export function waitSeconds(error) {
  return error.retryAfter || 0;
}

/** A refusal of posting in words: moderation's with its time or word, the rest as every auction page says them. */
export function chatError(error) {
  switch (error && error.name) {
    case 'slow_mode':
      return fill('auc.err.slow_mode', { n: waitSeconds(error) });
    case 'muted':
    case 'banned': // `until` is left out of one for good
      return t('auc.err.' + error.name) + (error.until ? fill('auc.err.until', { time: dateTime(error.until) }) : '');
    case 'blocked_word': // not named: the house's list is the admins' only
      return t('auc.err.blocked_word') + '.';
    default:
      return describeError(error);
  }
}

export class ChatRoomState {
  constructor(chat) {
    this.chat = chat;
    this.slowSeconds = 0;
    this.linksAllowed = true;
    this.admin = false; // GET /me's word on the signed-in user
    this.until = 0; // performance.now() until which the send button waits
    this.timer = 0;
    this.sanctions = [];
    this.line = $('chat-rules');
    this.tools = $('chat-tools');
    this.slow = $('chat-slow');
    this.links = $('chat-links');
    this.sanctionBox = $('chat-sanctions');
    this.sanctionList = $('chat-sanction-list');
    chat.socket.on('chat.rules', (m) => m.room === chat.room && this.apply(m));
    chat.socket.on('chat.sanctioned', (m) => this.sanctioned(m));
    this.slow.addEventListener('change', () => this.save({ slow_mode_seconds: Number(this.slow.value) }));
    this.links.addEventListener('change', () => this.save({ links_allowed: this.links.checked }));
    this.sanctionList.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-user]');
      if (button) this.lift(button.dataset.kind, button.dataset.user);
    });
    onLangChange(() => {
      this.render();
      this.renderSanctions();
      this.renderSend();
    });
    this.load();
  }

  // MARK: - Rules

  async load() {
    try {
      this.apply(await api('GET', `/rooms/${this.chat.room}/rules`));
    } catch {
      // Without them the page shows no rules line; the server still applies them when posting.
    }
  }

  apply(rules) {
    this.slowSeconds = rules.slow_mode_seconds || 0;
    this.linksAllowed = rules.links_allowed !== false;
    if (!this.slowSeconds) this.until = 0;
    this.render();
    this.renderSend();
  }

  /** Who is signed in changed: the moderators' tools show or hide, and this user is told of their own mute. */
  async renderSession() {
    const user = session.user;
    this.admin = false;
    this.sanctions = [];
    this.render();
    this.renderSanctions();
    if (!user) return;
    try {
      const admin = Boolean((await api('GET', '/me')).admin);
      if (session.user !== user) return; // signed in or out again meanwhile: that change asks again
      this.admin = admin;
      this.render();
    } catch {
      // Taken for a user who is not an admin; the server decides what they may do anyway.
    }
    const own = (await this.loadSanctions()).filter((sanction) => this.bindsMe(sanction));
    const mute = own.find((sanction) => sanction.kind === 'mute');
    // A ban is told by the join's refusal, which also takes the form away.
    if (mute && !own.some((sanction) => sanction.kind === 'ban')) this.tell(mute);
  }

  render() {
    const parts = [];
    if (this.slowSeconds) parts.push(fill('auc.chat.rules.slow', { n: this.slowSeconds }));
    if (!this.linksAllowed) parts.push(t('auc.chat.rules.nolinks'));
    this.line.textContent = parts.join(' · ');
    this.line.hidden = parts.length === 0;
    this.tools.hidden = !this.moderates();
    if (this.tools.hidden) return;
    // A slow mode set elsewhere (an admin, the API) that is not one of the choices is shown as it is.
    const value = String(this.slowSeconds);
    if (![...this.slow.options].some((option) => option.value === value)) this.slow.append(el('option', { value }));
    for (const option of this.slow.options) {
      option.textContent = option.value === '0' ? t('auc.chat.slow.off') : fill('auc.chat.slow.n', { n: option.value });
    }
    this.slow.value = value;
    this.links.checked = this.linksAllowed;
  }

  selling() {
    return Boolean(session.user) && session.user === this.chat.seller;
  }

  /** Whether the signed-in user moderates the thread: its seller or an admin (never slowed either). */
  moderates() {
    return this.selling() || (Boolean(session.user) && this.admin);
  }

  async save(change) {
    this.slow.disabled = this.links.disabled = true;
    try {
      this.apply(await api('PUT', `/rooms/${this.chat.room}/rules`, { json: change }));
      this.chat.say(t('auc.chat.rules.saved'), 'good');
    } catch (error) {
      this.chat.say(describeError(error), 'bad');
      this.render();
    } finally {
      this.slow.disabled = this.links.disabled = false;
    }
  }

  // MARK: - The send button's wait

  /** This user posted: in slow mode the button waits the room's seconds (never for a moderator). */
  posted() {
    if (this.slowSeconds > 0 && !this.moderates()) this.wait(this.slowSeconds);
  }

  /** Makes the send button wait `seconds` (a `slow_mode` refusal says how long). */
  wait(seconds) {
    this.until = Math.max(this.until, performance.now() + seconds * 1000);
    this.renderSend();
  }

  waiting() {
    return performance.now() < this.until;
  }

  /** The send button: enabled with its word, or disabled counting down the seconds, each second. */
  renderSend() {
    clearTimeout(this.timer);
    const button = this.chat.sendButton;
    const left = this.until - performance.now();
    if (left <= 0) {
      button.disabled = false;
      button.textContent = t('auc.chat.send');
      delete button.dataset.wait;
      return;
    }
    const seconds = Math.ceil(left / 1000);
    button.disabled = true;
    button.textContent = fill('auc.chat.wait', { n: seconds });
    button.dataset.wait = String(seconds);
    this.timer = setTimeout(() => this.renderSend(), left - (seconds - 1) * 1000);
  }

  // MARK: - Sanctions

  /** What this user is told of their own mute or ban on this item (or the whole house), or its end. */
  async sanctioned(m) {
    if (m.scope !== this.chat.room && m.scope !== 'house') return;
    if (m.kind === 'ban' && m.lifted) await this.chat.join(); // a ban took this page out of the room
    else if (m.kind === 'ban') this.chat.setBanned(true);
    this.tell(m);
  }

  /** Says a sanction of this user (`chat.sanctioned`, or one of theirs read on opening the page) under the form. */
  tell(m) {
    const time = m.until ? dateTime(m.until) : '';
    let text;
    if (m.lifted) text = t(m.kind === 'ban' ? 'auc.chat.you.unbanned' : 'auc.chat.you.unmuted');
    else if (m.kind === 'ban') text = t('auc.chat.you.banned') + (time ? fill('auc.err.until', { time }) : '');
    else text = time ? fill('auc.chat.you.muted.until', { time }) : t('auc.chat.you.muted.ever');
    if (m.reason && !m.lifted) text += ' ' + fill('auc.chat.reason', { reason: m.reason });
    this.chat.say(text, m.lifted ? 'good' : 'bad');
  }

  /** Whether `sanction` (in force, on this item or the house) holds this user back; the seller only answers
   * to the house's. */
  bindsMe(sanction) {
    return sanction.user === session.user && (sanction.scope === 'house' || !this.selling());
  }

  /**
   * Reads the sanctions in force that this user may see (a moderator: everyone's on the item and the house;
   * anyone else: their own) and shows a moderator's list of the item's (house-wide ones are lifted over the
   * API, `?house=true`); the sanctions read, or none when the read failed.
   */
  async loadSanctions() {
    const user = session.user;
    if (!user) return [];
    try {
      const { sanctions } = await api('GET', `/rooms/${this.chat.room}/sanctions`);
      if (session.user !== user) return []; // another user's: their own reading follows
      this.sanctions = this.moderates() ? sanctions.filter((sanction) => sanction.scope === this.chat.room) : [];
      this.renderSanctions();
      return sanctions;
    } catch {
      return []; // the list is kept as it was; the next change reads it again
    }
  }

  renderSanctions() {
    this.sanctionBox.hidden = this.sanctions.length === 0;
    this.sanctionList.replaceChildren(...this.sanctions.map((sanction) => el('li', { 'data-user': sanction.user }, [
      el('span', { class: 'chat-from' }, [sanction.user]),
      ` ${t('auc.chat.sanction.' + sanction.kind)} · `,
      sanction.until
        ? fill('auc.chat.sanction.until', { time: dateTime(sanction.until) })
        : t('auc.chat.sanction.ever'),
      ' ',
      el('button', { type: 'button', class: 'button', 'data-user': sanction.user, 'data-kind': sanction.kind }, [
        t('auc.chat.lift'),
      ]),
    ])));
  }

  async lift(kind, user) {
    try {
      await api('DELETE', `/rooms/${this.chat.room}/${kind === 'ban' ? 'bans' : 'mutes'}/${encodeURIComponent(user)}`);
      this.chat.say(fill('auc.chat.lifted', { user }), 'good');
    } catch (error) {
      this.chat.say(describeError(error), 'bad');
    }
    this.loadSanctions();
  }
}
