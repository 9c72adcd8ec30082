// The board's rows: one <tr> per market, built once and then only written to. Every write compares
// with the last value written (kept in the row object, never read back from the DOM), so a frame that
// applies a hundred tickers touches only the text that changed and never forces a layout.

import { changeClass, formatChange, formatCompact, formatPercent, formatPrice } from '/js/format.js';
import { lang, marketName, t } from '/js/i18n.js';
import { MarketSearchKey, MarketSearchQuery } from '/js/search.js';
import { cell, setText } from '/js/dom.js';

const SORTERS = {
  price: (row) => row.price ?? -Infinity,
  change: (row) => row.rate ?? -Infinity,
  value: (row) => row.value ?? -Infinity,
};

const el = cell;
const text = (row, field, node, value) => setText(row.written, field, node, value);

export class BoardTable {
  constructor({ tbody, favourites, onToggleFavourite }) {
    this.tbody = tbody;
    this.favourites = favourites;
    this.onToggleFavourite = onToggleFavourite;
    this.rows = new Map(); // code → row
    this.order = []; // rows in the order they are in the tbody
    this.sortKey = 'value';
    this.descending = true;
    this.tab = 'KRW';
    this.query = new MarketSearchQuery('');
  }

  /** Builds a row per market; called once with the REST listing. */
  setMarkets(entries) {
    const fragment = document.createDocumentFragment();
    for (const { market, ticker } of entries) {
      const row = this.buildRow(market);
      this.rows.set(row.code, row);
      this.order.push(row);
      fragment.append(row.tr);
      if (ticker) this.update(ticker, false);
    }
    this.tbody.replaceChildren(fragment);
  }

  buildRow(market) {
    const code = market.market;
    const [quote, base] = code.split('-');
    const tr = el('tr');
    tr.dataset.code = code;
    const star = el('button', 'star');
    star.type = 'button';
    star.addEventListener('click', () => this.onToggleFavourite(code));
    const link = el('a', 'market-link');
    link.href = '/exchange/' + encodeURIComponent(code);
    const nameEl = el('span', 'market-name');
    link.append(nameEl);
    if (market.market_event?.warning) {
      const badge = el('span', 'badge warning');
      badge.dataset.i18n = 'board.warning';
      badge.dataset.i18nAttr = 'title:board.warning.title';
      badge.textContent = t('board.warning');
      badge.title = t('board.warning.title');
      link.append(' ', badge);
    }
    link.append(el('span', 'market-code', `${base}/${quote}`));
    const cells = {
      fav: el('td', 'fav'),
      name: el('td', 'name'),
      price: el('td', 'price num'),
      change: el('td', 'change num'),
      value: el('td', 'value num'),
    };
    cells.fav.append(star);
    cells.name.append(link);
    const rateEl = el('span', 'rate');
    const diffEl = el('span', 'diff wide-only');
    cells.change.append(rateEl, diffEl);
    tr.append(cells.fav, cells.name, cells.price, cells.change, cells.value);
    cells.price.addEventListener('animationend', () => cells.price.classList.remove('flash-rise', 'flash-fall'));
    const row = {
      code, quote, market, tr, star, link, nameEl, rateEl, diffEl, cells,
      key: MarketSearchKey.of(market),
      price: null, rate: null, value: null, change: null, signedPrice: null,
      written: {}, name: '', visible: true,
    };
    this.label(row);
    this.labelStar(row);
    return row;
  }

  // MARK: - Values

  /** Applies a ticker (REST or WebSocket DEFAULT); returns true if a value the board sorts by changed. */
  update(ticker, flash = true) {
    const row = this.rows.get(ticker.code || ticker.market);
    if (!row) return false;
    const previous = row.price;
    const previousRate = row.rate;
    const previousValue = row.value;
    row.price = ticker.trade_price;
    row.rate = ticker.signed_change_rate;
    row.signedPrice = ticker.signed_change_price;
    row.value = ticker.acc_trade_price_24h;
    row.change = changeClass(ticker.change);
    if (row.written.change !== row.change) {
      row.written.change = row.change;
      row.tr.dataset.change = row.change;
    }
    text(row, 'price', row.cells.price, formatPrice(row.price, row.quote));
    text(row, 'rate', row.rateEl, formatPercent(row.rate));
    text(row, 'diff', row.diffEl, formatChange(row.signedPrice, row.quote, row.price));
    text(row, 'value', row.cells.value, formatCompact(row.value, row.quote, lang));
    if (flash && previous != null && row.price !== previous) {
      const up = row.price > previous;
      const classes = row.cells.price.classList;
      // A flash of the other direction replaces this one; the same direction keeps running.
      classes.remove(up ? 'flash-fall' : 'flash-rise');
      classes.add(up ? 'flash-rise' : 'flash-fall');
    }
    return row.price !== previous || row.rate !== previousRate || row.value !== previousValue;
  }

  /** Rewrites everything that depends on the language. */
  relabel() {
    for (const row of this.rows.values()) {
      this.label(row);
      this.labelStar(row);
      text(row, 'value', row.cells.value, formatCompact(row.value, row.quote, lang));
    }
  }

  label(row) {
    row.name = marketName(row.market);
    text(row, 'name', row.nameEl, row.name);
  }

  labelStar(row) {
    const on = this.favourites.has(row.code);
    text(row, 'star', row.star, on ? '★' : '☆');
    row.star.setAttribute('aria-pressed', String(on));
    row.star.setAttribute('aria-label', `${t(on ? 'board.fav.remove' : 'board.fav.add')}: ${row.name}`);
  }

  /** Call after the favourites set changed for `code`. */
  favouriteChanged(code) {
    const row = this.rows.get(code);
    if (row) this.labelStar(row);
  }

  // MARK: - Filter and order

  /** Shows the rows of `tab` ('KRW', 'BTC', 'USDT' or 'FAV') that `query` finds; returns how many. */
  filter(tab, queryText) {
    this.tab = tab;
    this.query = new MarketSearchQuery(queryText);
    let shown = 0;
    for (const row of this.rows.values()) {
      const inTab = tab === 'FAV' ? this.favourites.has(row.code) : row.quote === tab;
      const visible = inTab && row.key.matches(this.query);
      if (row.visible !== visible) {
        row.visible = visible;
        row.tr.hidden = !visible;
      }
      if (visible) shown += 1;
    }
    return shown;
  }

  /** The visible rows, top to bottom. */
  visibleRows() {
    return this.order.filter((row) => row.visible);
  }

  setSort(key, descending) {
    this.sortKey = key;
    this.descending = descending;
  }

  /** Puts the rows in the current order, moving only if the order changed. */
  sort() {
    const sign = this.descending ? -1 : 1;
    let compare;
    if (this.sortKey === 'name') {
      const collator = new Intl.Collator(lang);
      compare = (a, b) => sign * collator.compare(a.name, b.name) || a.code.localeCompare(b.code);
    } else {
      const value = SORTERS[this.sortKey];
      compare = (a, b) => sign * (value(a) - value(b)) || a.code.localeCompare(b.code);
    }
    const next = [...this.rows.values()].sort(compare);
    if (next.every((row, index) => row === this.order[index])) return;
    this.order = next;
    this.tbody.append(...next.map((row) => row.tr));
  }
}
