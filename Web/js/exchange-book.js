// The market page's order book: asks above bids around the spread, a depth bar behind each size (its
// width a share of the largest size shown), both sides' totals, and grouping into coarser price levels.
//
// Grouping is done here rather than by the server's `level` (which /v1/orderbook and the stream both
// accept) because the page's one socket, UpbitStream, subscribes by type and codes only. The result is
// the same: the server groups the same top 30 native levels, asks rounded up and bids down.

import { formatPrice, formatVolume } from '/js/format.js';

const ROWS_PER_SIDE = 15;

/**
 * Upbit `orderbook_units` grouped into `level`-wide buckets (0 = as they are), as two sorted lists:
 * asks nearest first (ascending), bids nearest first (descending). Padding units (price 0) are dropped.
 */
export function groupUnits(units, level) {
  const asks = new Map();
  const bids = new Map();
  for (const u of units) {
    if (u.ask_price > 0) {
      const p = level ? Math.ceil(u.ask_price / level) * level : u.ask_price;
      asks.set(p, (asks.get(p) || 0) + u.ask_size);
    }
    if (u.bid_price > 0) {
      const p = level ? Math.floor(u.bid_price / level) * level : u.bid_price;
      bids.set(p, (bids.get(p) || 0) + u.bid_size);
    }
  }
  const list = (map) => [...map].map(([price, size]) => ({ price, size }));
  return {
    asks: list(asks).sort((a, b) => a.price - b.price),
    bids: list(bids).sort((a, b) => b.price - a.price),
  };
}

function makeRow(side) {
  const row = document.createElement('tr');
  row.className = 'book-row ' + side;
  const price = document.createElement('td');
  price.className = 'num book-price';
  const size = document.createElement('td');
  size.className = 'num book-size';
  const bar = document.createElement('span');
  bar.className = 'depth';
  bar.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  size.append(bar, text);
  row.append(price, size);
  return { row, price, text };
}

export class OrderBook {
  /** `root` is the book's section (see exchange.html); `quote` the market's quote currency. */
  constructor(root, { quote }) {
    this.quote = quote;
    this.level = 0;
    this.message = null;
    this.prevClose = null;
    this.lastPrice = null;
    this.frame = 0;
    this.asks = [];
    this.bids = [];
    const asksBody = root.querySelector('.book-asks');
    const bidsBody = root.querySelector('.book-bids');
    for (let i = 0; i < ROWS_PER_SIDE; i++) {
      const ask = makeRow('ask');
      asksBody.append(ask.row);
      this.asks.push(ask);
      const bid = makeRow('bid');
      bidsBody.append(bid.row);
      this.bids.push(bid);
    }
    this.spread = root.querySelector('.book-spread');
    this.totalAsk = root.querySelector('.book-total-ask');
    this.totalBid = root.querySelector('.book-total-bid');
  }

  /** A REST orderbook entry or a stream message (both carry `orderbook_units` and the totals). */
  setBook(message) {
    this.message = message;
    this.schedule();
  }

  /** The grouping unit in quote currency; 0 shows the native ticks. */
  setLevel(level) {
    this.level = level;
    this.schedule();
  }

  /** From the ticker: prices are coloured against the previous close, the last price's row is marked. */
  setTicker(prevClose, lastPrice) {
    if (prevClose === this.prevClose && lastPrice === this.lastPrice) return;
    this.prevClose = prevClose;
    this.lastPrice = lastPrice;
    this.schedule();
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  // MARK: - Drawing

  render() {
    this.frame = 0;
    if (!this.message) return;
    const { asks, bids } = groupUnits(this.message.orderbook_units, this.level);
    const shownAsks = asks.slice(0, ROWS_PER_SIDE);
    const shownBids = bids.slice(0, ROWS_PER_SIDE);
    let largest = 0;
    for (const u of shownAsks) largest = Math.max(largest, u.size);
    for (const u of shownBids) largest = Math.max(largest, u.size);
    // Asks fill from the bottom up, so the best ask sits just above the spread.
    for (let i = 0; i < ROWS_PER_SIDE; i++) {
      this.fill(this.asks[ROWS_PER_SIDE - 1 - i], shownAsks[i], largest);
      this.fill(this.bids[i], shownBids[i], largest);
    }
    const bestAsk = shownAsks[0]?.price;
    const bestBid = shownBids[0]?.price;
    this.spread.textContent = bestAsk && bestBid ? formatPrice(bestAsk - bestBid, this.quote) : '–';
    this.totalAsk.textContent = formatVolume(this.message.total_ask_size);
    this.totalBid.textContent = formatVolume(this.message.total_bid_size);
  }

  fill(cells, unit, largest) {
    if (!unit) {
      cells.row.classList.add('is-empty');
      cells.row.classList.remove('is-last');
      cells.price.textContent = '';
      cells.text.textContent = '';
      cells.row.style.setProperty('--depth', '0');
      return;
    }
    const prev = this.prevClose;
    const cls = !prev || unit.price === prev ? 'even' : unit.price > prev ? 'rise' : 'fall';
    cells.row.classList.remove('is-empty');
    cells.row.classList.toggle('is-last', this.level === 0 && unit.price === this.lastPrice);
    cells.price.textContent = formatPrice(unit.price, this.quote);
    cells.price.className = 'num book-price ' + cls;
    cells.text.textContent = formatVolume(unit.size);
    cells.row.style.setProperty('--depth', largest ? (unit.size / largest).toFixed(4) : '0');
  }
}
