// What the board reads and remembers: the market list and tickers from REST, and the user's
// favourites and view (tab, sort) in localStorage.

import { store } from '/js/dom.js';
import { api } from '/js/session.js';

/** A failed request, with the server's own words when it sent an Upbit error body. */
export class RequestError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** GETs JSON from the server; throws RequestError with the server's `error.message` (or the HTTP status). */
export async function fetchJSON(url) {
  try {
    return await api(url);
  } catch (error) {
    if (error.status === 0) throw new RequestError('network error', 0);
    const words = error.message && error.message !== error.name ? `${error.message} (${error.name})` : `HTTP ${error.status}`;
    throw new RequestError(words, error.status);
  }
}

export const QUOTES = ['KRW', 'BTC', 'USDT'];

/** The markets (with details: names, warnings) and their tickers, keyed by code. */
export async function loadBoard() {
  const [markets, tickers] = await Promise.all([
    fetchJSON('/v1/market/all?is_details=true'),
    fetchJSON('/v1/ticker/all?quote_currencies=' + QUOTES.join(',')),
  ]);
  const byCode = new Map(tickers.map((ticker) => [ticker.market, ticker]));
  return markets
    .filter((market) => QUOTES.includes(market.market.split('-')[0]))
    .map((market) => ({ market, ticker: byCode.get(market.market) || null }));
}

// MARK: - Remembered in the browser

function read(key, fallback) {
  try {
    return JSON.parse(store.get(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  store.set(key, JSON.stringify(value));
}

const FAVOURITES_KEY = 'bourse.favourites';
const VIEW_KEY = 'bourse.board.view';

/** The favourite market codes. */
export function readFavourites() {
  const codes = read(FAVOURITES_KEY, []);
  return new Set(Array.isArray(codes) ? codes.filter((code) => typeof code === 'string') : []);
}

export function writeFavourites(codes) {
  write(FAVOURITES_KEY, [...codes]);
}

/** The tab and sort the user last chose. */
export function readView() {
  const view = read(VIEW_KEY, {});
  return {
    tab: [...QUOTES, 'FAV'].includes(view.tab) ? view.tab : 'KRW',
    sortKey: ['price', 'change', 'value', 'name'].includes(view.sortKey) ? view.sortKey : 'value',
    descending: typeof view.descending === 'boolean' ? view.descending : true,
  };
}

export function writeView(view) {
  write(VIEW_KEY, { tab: view.tab, sortKey: view.sortKey, descending: view.descending });
}
