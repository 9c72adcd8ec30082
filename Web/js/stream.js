// The page's one WebSocket to /websocket/v1, in Upbit's protocol. Every part of a page subscribes
// through the same UpbitStream: `set(type, codes)` changes one type's codes, and the whole subscription
// list is sent again (Upbit replaces a socket's subscription with each list it receives). Several `set`
// calls in one task are sent as one list. The socket reconnects by itself with exponential backoff and
// jitter (so that a restarted server is not hit by every browser at the same instant) and resubscribes.
//
// With `resume: ['trade']` it uses Bourse's resume extension (docs/server.md, ADR 0015) for those types:
// it asks for numbered messages, remembers the last number per type and code, and after a reconnect asks
// for what it missed since, so the trades of the gap arrive in order, none twice. A `resume` message says
// per topic whether that worked (`current`, `replayed`) or the page must reload (`snapshot`, `reset`);
// `on('resume', handler)` hears it. A repeated number is dropped rather than handed on twice.

const PING_INTERVAL_MS = 60_000; // the server closes a socket idle for 120 s
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

function ticket() {
  // randomUUID exists only in secure contexts; plain http on a LAN address is not one.
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return 'bourse-' + Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export function streamURL() {
  return (location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + '/websocket/v1';
}

export class UpbitStream {
  /** `onStatus(status)` hears 'connecting', 'open' and 'closed'; `resume` lists the types to resume. */
  constructor({ onStatus, url, resume } = {}) {
    this.onStatus = onStatus || (() => {});
    this.url = url || streamURL();
    this.resumeTypes = new Set(resume || []);
    this.lastSeq = new Map(); // `${type} ${code}` → the last number handed on
    this.resumeDue = false; // the next list sent on this socket asks for what was missed
    this.codes = new Map(); // type → codes
    this.handlers = new Map(); // type → Set of handlers
    this.socket = null;
    this.attempt = 0;
    this.closed = false;
    this.sendQueued = false;
    this.pingTimer = null;
    this.retryTimer = null;
    this.decoder = new TextDecoder();
    this.connect();
  }

  /** Replaces the codes of one type ('ticker', 'trade', 'orderbook', 'candle.1s' …); [] removes the type. */
  set(type, codes) {
    if (codes && codes.length) this.codes.set(type, [...codes]);
    else this.codes.delete(type);
    if (this.sendQueued) return;
    this.sendQueued = true;
    queueMicrotask(() => {
      this.sendQueued = false;
      this.subscribe();
    });
  }

  /** Calls `handler(message)` for every message of `type` ('error' hears the server's error frames). */
  on(type, handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type).add(handler);
    return () => this.handlers.get(type)?.delete(handler);
  }

  /** Closes the socket for good (no reconnect). */
  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }

  // MARK: - Connection

  connect() {
    if (this.closed) return;
    this.onStatus('connecting');
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.onStatus('open');
      this.resumeDue = true;
      this.subscribe();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.sendRaw('PING'), PING_INTERVAL_MS);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.closed) return;
      this.onStatus('closed');
      this.retry();
    };
    // An error is always followed by close, which does the reconnecting.
    socket.onerror = () => {};
  }

  retry() {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    this.attempt += 1;
    // Full jitter between half and all of the ceiling.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  subscribe() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || this.codes.size === 0) return;
    const list = [{ ticket: ticket() }];
    for (const [type, codes] of this.codes) list.push({ type, codes });
    if (this.resumeTypes.size) list.push({ resume: this.resumeDue ? this.missed() : {} });
    this.resumeDue = false;
    list.push({ format: 'DEFAULT' });
    this.sendRaw(JSON.stringify(list));
  }

  /** The resume request's `{type: {code: last number}}` for the subscribed codes with a number. */
  missed() {
    const since = {};
    for (const type of this.resumeTypes) {
      for (const code of this.codes.get(type) || []) {
        const seq = this.lastSeq.get(type + ' ' + code);
        if (seq === undefined) continue;
        (since[type] ||= {})[code] = seq;
      }
    }
    return since;
  }

  /** The last number handed on for `type` and `code`, if any. */
  seq(type, code) {
    return this.lastSeq.get(type + ' ' + code);
  }

  sendRaw(text) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(typeof data === 'string' ? data : this.decoder.decode(data));
    } catch {
      return;
    }
    // A message that arrived means the connection works: the next failure starts the backoff afresh.
    this.attempt = 0;
    const type = message.error ? 'error' : message.type;
    if (type === 'resume' && (message.status === 'snapshot' || message.status === 'reset')) {
      // Numbers from before are no use now: the next ones start the count again.
      this.lastSeq.delete(message.topic + ' ' + message.code);
    } else if (this.resumeTypes.has(type) && typeof message.seq === 'number') {
      const key = type + ' ' + message.code;
      const last = this.lastSeq.get(key);
      if (last !== undefined && message.seq <= last) return;
      this.lastSeq.set(key, message.seq);
    }
    const handlers = type && this.handlers.get(type);
    if (!handlers) return;
    for (const handler of handlers) handler(message);
  }
}
