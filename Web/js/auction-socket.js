// The auction socket, /auction/v1/stream (docs/auction-house.md): one per page, JSON text frames. Not the
// market socket of stream.js: this one has requests with ids answered by replies with the same id, item
// events with a per-item `seq`, and events only for the signed-in user (outbid, won, lost, sold).
//
// The session cookie signs the socket in at the handshake, so after a sign-in or sign-out the page calls
// `reconnect()`. The interest (a `subscribe` with `pages` or `items`) is kept and sent again on every
// connection with `since` = the last seq seen of each item, so the server sends what was missed rather
// than fresh snapshots; a gap in an item's seq (a frame lost to a slow connection) asks the same way,
// once per item until the answer fills the gap (frames arriving meanwhile are gapped too, and covered).

import { ApiError } from '/js/auction-api.js';
import { noteServerTime } from '/js/auction-clock.js';

const PING_MS = 30000; // the server drops a connection idle for 120 s
const REQUEST_TIMEOUT_MS = 20000;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15000;
const RESYNC_MS = 5000; // a gap asks again only if its resync has not filled it within this time

// Events that are a change of the item: each is the item's next seq (or a run from `first_seq`).
const CHANGES = new Set(['price', 'extended', 'reserve_met', 'ended', 'started']);

export class AuctionSocket {
  /** `onStatus('connecting' | 'open' | 'closed')` feeds the top bar's indicator. */
  constructor({ onStatus } = {}) {
    this.onStatus = onStatus || (() => {});
    this.handlers = new Map();
    this.openHandlers = new Set();
    this.pending = new Map();
    this.seqs = new Map(); // item id → last seq seen
    this.resyncs = new Map(); // item id → when a resync for its gap was asked (until the gap is filled)
    this.resyncQueued = false;
    this.interest = null; // { pages } or { items }
    this.nextId = 1;
    this.retries = 0;
    this.socket = null;
    this.retryTimer = 0;
    this.pingTimer = 0;
    this.connect();
  }

  /** Calls `fn(message)` for every event of `type` ('item', 'price', 'outbid', …). */
  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(fn);
  }

  /** Calls `fn()` each time a connection opens (chat rooms join again there, with `since`). */
  onOpen(fn) {
    this.openHandlers.add(fn);
  }

  /**
   * Sends a request (`{type, …}`; the id is added) and resolves with its reply, or rejects with an ApiError
   * carrying the reply's error name (and `retryAfter`, `until`). Rejects at once when the socket is not open.
   */
  request(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new ApiError(0, 'network', ''));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError(0, 'socket', ''));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify({ id, ...message }));
    });
  }

  /** Notes that the page already shows `item` as of `seq` (from REST), so a resume starts after it. */
  known(item, seq) {
    const last = this.seqs.get(item);
    if (seq != null && (last == null || seq > last)) this.seqs.set(item, seq);
  }

  /** Replaces what the page follows: `{pages: N}` (the default list's first N pages) or `{items: [ids]}`. */
  follow(interest) {
    this.interest = interest;
    return this.sendInterest();
  }

  /** Drops the connection and opens a new one (after sign-in or sign-out: the cookie is read at the handshake). */
  reconnect() {
    this.retries = 0;
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
      this.dropped();
    }
    this.connect();
  }

  // MARK: - Connection

  connect() {
    clearTimeout(this.retryTimer);
    this.onStatus('connecting');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/auction/v1/stream`);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.onStatus('open');
      this.sendInterest();
      this.ping();
      for (const fn of this.openHandlers) fn();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      this.dropped();
      this.onStatus('closed');
      // Backoff with jitter, so that a restarted server is not met by every page at the same instant.
      const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.retries++) * (0.5 + Math.random() / 2);
      this.retryTimer = setTimeout(() => this.connect(), wait);
    };
  }

  dropped() {
    clearTimeout(this.pingTimer);
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new ApiError(0, 'socket', ''));
    }
    this.pending.clear();
    this.resyncs.clear(); // the next connection resumes every item from its last seq anyway
  }

  ping() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => this.ping(), PING_MS);
    this.request({ type: 'ping' }).catch(() => {});
  }

  sendInterest() {
    if (!this.interest || !this.socket || this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    const since = {};
    for (const [item, seq] of this.seqs) since[item] = seq;
    return this.request({ type: 'subscribe', ...this.interest, since }).catch(() => null);
  }

  // MARK: - Messages

  receive(data) {
    let message;
    try {
      message = JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
    } catch {
      return;
    }
    if (message.id != null && this.pending.has(message.id)) {
      const { resolve, reject, timer } = this.pending.get(message.id);
      this.pending.delete(message.id);
      clearTimeout(timer);
      if (message.type === 'pong') noteServerTime(message.server_time);
      if (message.type === 'error') {
        // With the error object's `retry_after` (seconds to wait) and `until` (a mute's or ban's end, epoch ms).
        const error = message.error || {};
        const failed = new ApiError(0, error.name || 'server_error', error.message || '', error.retry_after);
        if (error.until != null) failed.until = error.until;
        reject(failed);
      } else {
        resolve(message);
      }
      return;
    }
    if (message.server_time) noteServerTime(message.server_time);
    if (message.item != null && this.gapped(message)) return;
    const handlers = this.handlers.get(message.type);
    if (handlers) for (const fn of handlers) fn(message);
  }

  /** Tracks the item's seq; on a gap asks for what was missed (and drops the frame, which the answer covers). */
  gapped(message) {
    const item = message.item;
    if (message.type === 'item') {
      this.seqs.set(item, message.seq);
      this.resyncs.delete(item);
      return false;
    }
    if (!CHANGES.has(message.type)) return false;
    const last = this.seqs.get(item);
    const first = message.first_seq ?? message.seq;
    if (last != null && message.seq <= last) return true; // already applied (a resume that overlapped)
    if (last != null && first > last + 1) {
      this.resync(item);
      return true;
    }
    this.seqs.set(item, message.seq);
    this.resyncs.delete(item);
    return false;
  }

  /**
   * Asks for what `item` missed, unless a resync for it is already on its way: every frame after a gap is
   * gapped too until the resent events land, and each must not send another full resubscribe. Gaps of
   * several items in one task share one request.
   */
  resync(item) {
    const asked = this.resyncs.get(item);
    if (asked != null && performance.now() - asked < RESYNC_MS) return;
    this.resyncs.set(item, performance.now());
    if (this.resyncQueued) return;
    this.resyncQueued = true;
    queueMicrotask(() => {
      this.resyncQueued = false;
      const items = [...this.resyncs.keys()];
      this.sendInterest().then((reply) => {
        // Refused or dropped: the next gapped frame may ask again at once.
        if (!reply) for (const id of items) this.resyncs.delete(id);
      });
    });
  }
}
