// The market page, /exchange/{CODE}: wires the header, chart, order book, trade tape and the trading
// panel to REST (first paint) and to the page's one UpbitStream (ticker, trade and orderbook of this
// market). Each part draws at most once per animation frame; this file only routes data to them.

import { mountChrome } from '/js/chrome.js';
import { CandleChart, INTERVALS } from '/js/exchange-chart.js';
import { OrderBook } from '/js/exchange-book.js';
import { TradeTape } from '/js/exchange-tape.js';
import { TradePanel } from '/js/exchange-trade.js';
import { AlertBox } from '/js/alerts.js';
import { changeClass, formatCompact, formatPercent, formatPrice, formatVolume } from '/js/format.js';
import { addStrings, lang, marketName, onLangChange, t } from '/js/i18n.js';
import { UpbitStream } from '/js/stream.js';
import { store } from '/js/dom.js';
import { api } from '/js/session.js';
import { STRINGS } from '/js/exchange-strings.js';

const INTERVAL_KEY = 'bourse.exchange.interval';
const LEVEL_KEY = 'bourse.exchange.level.';
const TAPE_FIRST_PAGE = 50;

addStrings(STRINGS);
const chrome = mountChrome({});
const $ = (id) => document.getElementById(id);
// A malformed address (`/exchange/%E0%A4%A`) is a market that does not exist, not a script error.
const code = (() => {
  try {
    return decodeURIComponent(location.pathname.split('/')[2] || '').toUpperCase();
  } catch {
    return '';
  }
})();
const quote = code.split('-')[0];

// MARK: - REST

/** GET a JSON endpoint; failures become Errors whose message is the server's words (or the network's). */
async function getJSON(path, params = {}) {
  try {
    return await api(path, { params });
  } catch (error) {
    if (error.status === 0) throw new Error(t('error.network'));
    throw new Error(`${t('error.http')} (${error.status}): ${error.message}`);
  }
}

const safeGet = (key) => store.get(key);
const safeSet = (key, value) => store.set(key, value);

function showPageStatus(text) {
  const status = $('page-status');
  status.textContent = text || '';
  status.classList.toggle('error', Boolean(text));
}

// MARK: - Header

const header = { ticker: null, frame: 0, market: null };
/** The alert box, once built: it shows the price as a hint. */
let alerts = null;

function scheduleHeader(ticker) {
  header.ticker = ticker;
  alerts?.showPrice(ticker.trade_price);
  if (!header.frame) header.frame = requestAnimationFrame(renderHeader);
}

function renderHeader() {
  header.frame = 0;
  const tk = header.ticker;
  if (!tk) return;
  const cls = changeClass(tk.change);
  const price = formatPrice(tk.trade_price, quote);
  $('price').textContent = price;
  $('price').className = 'num price ' + cls;
  $('change-rate').textContent = formatPercent(tk.signed_change_rate);
  $('change-rate').className = 'num ' + cls;
  const sign = tk.signed_change_price > 0 ? '+' : '';
  $('change-price').textContent = sign + formatPrice(tk.signed_change_price, quote);
  $('change-price').className = 'num ' + cls;
  $('stat-high').textContent = formatPrice(tk.high_price, quote);
  $('stat-low').textContent = formatPrice(tk.low_price, quote);
  $('stat-value').textContent = formatCompact(tk.acc_trade_price_24h, quote, lang) + ' ' + quote;
  $('stat-volume').textContent = formatVolume(tk.acc_trade_volume_24h) + ' ' + code.split('-')[1];
  document.title = `${price} ${formatPercent(tk.signed_change_rate)} ${code} · Bourse`;
}

function renderNames(markets) {
  $('market-name').textContent = marketName(header.market);
  $('market-code').textContent = code;
  const select = $('market-switch');
  const groups = new Map();
  for (const m of markets) {
    const q = m.market.split('-')[0];
    if (!groups.has(q)) {
      const group = document.createElement('optgroup');
      group.label = q;
      groups.set(q, group);
    }
    const option = document.createElement('option');
    option.value = m.market;
    option.textContent = `${marketName(m)} (${m.market})`;
    option.selected = m.market === code;
    groups.get(q).append(option);
  }
  select.replaceChildren(...groups.values());
}

// MARK: - Interval buttons

function mountIntervals(chart) {
  const bar = $('intervals');
  const stored = INTERVALS.find((i) => i.id === safeGet(INTERVAL_KEY));
  let current = stored || INTERVALS[1];
  const buttons = INTERVALS.map((interval) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'interval';
    button.dataset.interval = interval.id;
    button.addEventListener('click', () => choose(interval));
    return button;
  });
  bar.replaceChildren(...buttons);

  const mark = () => {
    buttons.forEach((b, i) => {
      const on = INTERVALS[i] === current;
      b.setAttribute('aria-pressed', String(on));
      // One tab stop for the toolbar (the current interval); arrows move between the others.
      b.tabIndex = on ? 0 : -1;
    });
  };
  const label = () => buttons.forEach((b, i) => (b.textContent = INTERVALS[i][lang]));
  function choose(interval) {
    if (interval === current && chart.interval === interval) return;
    current = interval;
    safeSet(INTERVAL_KEY, interval.id);
    mark();
    chart.setInterval(interval);
  }
  bar.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  });
  label();
  mark();
  chart.setInterval(current);
  return { label };
}

// MARK: - Order book grouping

async function mountLevels(book) {
  const select = $('book-level');
  let levels = [0];
  if (quote === 'KRW') {
    try {
      const [instrument] = await getJSON('/v1/orderbook/instruments', { markets: code });
      levels = (instrument?.supported_levels || ['0']).map(Number);
    } catch {
      // Grouping is a convenience: without the list the book shows native ticks only.
    }
  }
  const label = () => {
    for (const option of select.options) {
      const level = Number(option.value);
      option.textContent = level ? formatPrice(level, quote) : t('ex.tick');
    }
  };
  select.replaceChildren(
    ...levels.map((level) => {
      const option = document.createElement('option');
      option.value = String(level);
      return option;
    }),
  );
  const stored = Number(safeGet(LEVEL_KEY + code));
  const level = levels.includes(stored) ? stored : 0;
  select.value = String(level);
  select.disabled = levels.length < 2;
  book.setLevel(level);
  select.addEventListener('change', () => {
    safeSet(LEVEL_KEY + code, select.value);
    book.setLevel(Number(select.value));
  });
  label();
  return { label };
}

// MARK: - Page

function watchTheme(chart) {
  // chrome.js sets or removes data-theme on <html>; without it the operating system's scheme applies.
  new MutationObserver(() => chart.applyTheme()).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => chart.applyTheme());
}

function showMissing() {
  document.title = `${code || '–'} · Bourse`;
  $('missing-text').textContent = t('ex.missing.text').replace('{code}', code || '–');
  $('market-missing').hidden = false;
  // No stream is opened for a market that does not exist, so the live indicator has nothing to say.
  const indicator = document.querySelector('#top .conn');
  if (indicator) indicator.style.display = 'none';
  onLangChange(() => {
    $('missing-text').textContent = t('ex.missing.text').replace('{code}', code || '–');
  });
}

async function start() {
  let markets;
  try {
    markets = await getJSON('/v1/market/all', { is_details: 'true' });
  } catch (error) {
    showPageStatus(error.message);
    return;
  }
  header.market = markets.find((m) => m.market === code);
  if (!header.market) {
    showMissing();
    return;
  }
  $('market').hidden = false;
  renderNames(markets);
  $('market-switch').addEventListener('change', (event) => {
    location.href = '/exchange/' + encodeURIComponent(event.target.value);
  });
  const trade = new TradePanel({
    root: $('trade-panel'),
    code,
    lastPrice: () => header.ticker?.trade_price,
  });
  onLangChange(() => trade.setSide(trade.side));
  trade.setSide('bid');
  alerts = new AlertBox({ root: $('alert-box'), market: code, formatPrice: (price) => formatPrice(price, quote) });
  if (header.ticker) alerts.showPrice(header.ticker.trade_price);

  const chartStatus = $('chart-status');
  const chart = new CandleChart({
    container: $('chart'),
    legend: $('chart-legend'),
    market: code,
    quote,
    lang,
    fetchCandles: (path, params) => getJSON('/v1/candles/' + path, params),
    onStatus: (status) => {
      const error = status instanceof Error;
      chartStatus.textContent = error ? status.message : status ? t('ex.chart.' + status) : '';
      chartStatus.classList.toggle('error', error);
    },
  });
  const book = new OrderBook($('book'), { quote });
  const tape = new TradeTape($('tape-rows'), { quote });

  // After a dropped connection the stream asks the server for the trades it missed (resume), and they
  // reach the chart and the tape in order. Only when that cannot be done (too far back, another database,
  // or no trade seen before the drop) does the chart reload its bars.
  let dropped = false;
  const stream = new UpbitStream({
    resume: ['trade'],
    onStatus: (status) => {
      chrome.setStatus(status);
      if (status === 'closed') dropped = true;
      else if (status === 'open' && dropped) {
        dropped = false;
        if (stream.seq('trade', code) === undefined) chart.setInterval(chart.interval);
      }
    },
  });
  stream.on('resume', (message) => {
    if (message.topic === 'trade' && (message.status === 'snapshot' || message.status === 'reset')) {
      chart.setInterval(chart.interval);
    }
  });
  stream.on('error', (message) => showPageStatus(`${t('error.http')}: ${message.error?.message || ''}`));

  // The tape's REST page must go in before stream trades (it skips anything older than what it shows),
  // so stream trades wait until that page is in.
  let tapeWaiting = [];
  let bookFromStream = false;
  stream.on('ticker', (tk) => {
    scheduleHeader(tk);
    book.setTicker(tk.prev_closing_price, tk.trade_price);
  });
  stream.on('trade', (trade) => {
    chart.addTrade(trade);
    if (tapeWaiting) tapeWaiting.push(trade);
    else tape.add([trade]);
  });
  stream.on('orderbook', (message) => {
    bookFromStream = true;
    book.setBook(message);
  });
  stream.set('ticker', [code]);
  stream.set('trade', [code]);
  stream.set('orderbook', [code]);

  const intervals = mountIntervals(chart);
  const levelsReady = mountLevels(book);
  watchTheme(chart);
  window.__bourse = { chart: chart.chart, candleChart: chart, book, tape, stream };

  getJSON('/v1/ticker', { markets: code })
    .then(([tk]) => {
      if (!header.ticker && tk) {
        scheduleHeader(tk);
        book.setTicker(tk.prev_closing_price, tk.trade_price);
      }
    })
    .catch((error) => showPageStatus(error.message));
  getJSON('/v1/orderbook', { markets: code })
    .then(([entry]) => {
      if (!bookFromStream && entry) book.setBook(entry);
    })
    .catch((error) => showPageStatus(error.message));
  getJSON('/v1/trades/ticks', { market: code, count: TAPE_FIRST_PAGE })
    .then((ticks) => tape.add(ticks.reverse()))
    .catch((error) => showPageStatus(error.message))
    .finally(() => {
      tape.add(tapeWaiting);
      tapeWaiting = null;
    });

  const levels = await levelsReady;
  onLangChange((l) => {
    renderNames(markets);
    intervals.label();
    levels.label();
    chart.setLang(l);
    if (header.ticker) scheduleHeader(header.ticker);
    chart.legendDirty = true;
    chart.schedule();
  });
}

start();
