// The server's clock, as seen from this page. Every countdown counts to an end the server set, so it must
// count on the server's time: a phone whose clock is a minute fast would otherwise show a sale as over
// while it still takes bids. Each `server_time` (snapshots, events, pong) gives a sample of the offset;
// a message can only arrive late, never early, so every sample is a lower bound and the largest recent one
// is the closest to the truth. No latency is added to a sample (not even half a ping's round trip): a ping
// queued behind a slow request would add more than it waited on the way here, and a sample above the
// truth would win the max and run every countdown fast, showing a sale as ended while it takes bids.

const SAMPLES = 16;
const samples = [];
let offset = 0;
let known = false;

/** Notes that the server's clock read `serverMilliseconds` when the message carrying it was sent. */
export function noteServerTime(serverMilliseconds) {
  if (!Number.isFinite(serverMilliseconds)) return;
  samples.push(serverMilliseconds - Date.now());
  if (samples.length > SAMPLES) samples.shift();
  offset = Math.max(...samples);
  known = true;
}

/** Now on the server's clock (epoch ms); the local clock until a first sample. */
export function serverNow() {
  return Date.now() + offset;
}

/** Whether any server time has been seen (a countdown before that would be the local clock's guess). */
export function clockKnown() {
  return known;
}

const tickers = new Set();
let timer = 0;

// One timer for the page, woken at each server second, so every countdown on screen turns together.
function tick() {
  timer = setTimeout(tick, 1000 - (serverNow() % 1000) + 5);
  for (const fn of tickers) fn();
}

/** Calls `fn` at every server second (fn should only mark things dirty; writes belong in a frame). */
export function onSecond(fn) {
  tickers.add(fn);
  if (!timer) tick();
  return () => tickers.delete(fn);
}
