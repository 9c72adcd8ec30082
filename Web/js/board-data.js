// What the board reads and remembers: the market list and tickers from REST, and the user's
// favourites and view (tab, sort) in localStorage.

/** A failed request, with the server's own words when it sent an Upbit error body. */
export class RequestError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** GETs JSON from the server; throws RequestError with the server's `error.message` (or the HTTP status). */
export async function fetchJSON(url) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RequestError(error.message || 'network error', 0);
  }
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const body = await response.json();
      if (body?.error?.message) message = `${body.error.message} (${body.error.name || response.status})`;
    } catch {
      // Not JSON: the status line is all there is.
    }
    throw new RequestError(message, response.status);
  }
  return response.json();
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
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the choice lasts until the page is left.
  }
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
