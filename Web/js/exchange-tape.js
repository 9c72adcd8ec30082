// The market page's trade tape: newest trade on top, buyer-initiated trades red and seller-initiated
// blue, at most CAP rows. A full tape moves its bottom row to the top and rewrites it, so a busy market
// creates no elements after the first hundred trades.

import { formatPrice, formatVolume } from '/js/format.js';
import { t } from '/js/i18n.js';

const CAP = 100;

const pad = (n) => String(n).padStart(2, '0');

function localTime(ms) {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export class TradeTape {
  /** `body` is the tape's <tbody>; `quote` the market's quote currency. */
  constructor(body, { quote }) {
    this.body = body;
    this.quote = quote;
    this.pending = [];
    this.lastMs = 0; // the newest trade shown, and the trades of that millisecond
    this.keysAtLastMs = new Set();
    this.frame = 0;
  }

  /**
   * Trades in the order they happened (REST ticks reversed, or stream messages). Ones already shown are
   * skipped, so the REST page and the stream's snapshot may overlap. Not by `sequential_id` alone: it is
   * above 2^53, so two trades of the same millisecond can parse to the same Number.
   */
  add(trades) {
    for (const trade of trades) {
      const ms = trade.trade_timestamp ?? trade.timestamp;
      const key = `${trade.sequential_id}/${trade.trade_price}/${trade.trade_volume}/${trade.ask_bid}`;
      if (ms < this.lastMs || (ms === this.lastMs && this.keysAtLastMs.has(key))) continue;
      if (ms > this.lastMs) {
        this.lastMs = ms;
        this.keysAtLastMs.clear();
      }
      this.keysAtLastMs.add(key);
      this.pending.push(trade);
    }
    if (this.pending.length > CAP) this.pending.splice(0, this.pending.length - CAP);
    if (this.pending.length && !this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  render() {
    this.frame = 0;
    for (const trade of this.pending) {
      const row = this.body.children.length >= CAP ? this.body.lastElementChild : this.makeRow();
      this.fill(row, trade);
      this.body.prepend(row);
    }
    this.pending = [];
  }

  makeRow() {
    const row = document.createElement('tr');
    for (const cls of ['tape-time', 'num tape-price', 'num tape-size']) {
      const cell = document.createElement('td');
      cell.className = cls;
      row.append(cell);
    }
    // The side in words for screen readers, since colour alone does not say it.
    const side = document.createElement('span');
    side.className = 'visually-hidden';
    row.lastElementChild.append(document.createElement('span'), side);
    return row;
  }

  fill(row, trade) {
    // ask_bid is the taker's side: BID means a buyer took an ask (an uptick in Korean colours).
    const buy = trade.ask_bid === 'BID';
    row.className = buy ? 'tape-buy' : 'tape-sell';
    row.dataset.seq = String(trade.sequential_id);
    const [time, price, size] = row.children;
    time.textContent = localTime(trade.trade_timestamp ?? trade.timestamp);
    price.textContent = formatPrice(trade.trade_price, this.quote);
    price.className = 'num tape-price ' + (buy ? 'rise' : 'fall');
    size.firstChild.textContent = formatVolume(trade.trade_volume);
    size.lastChild.textContent = ' ' + t(buy ? 'ex.buy' : 'ex.sell');
    size.className = 'num tape-size ' + (buy ? 'rise' : 'fall');
  }
}
