// The market page's candlestick chart, drawn by the Lightweight Charts library (a classic script served at
// /vendor/lightweight-charts.js, loaded before this module) with a volume histogram, every Upbit interval,
// older history fetched as the user scrolls back, and the last bar kept live from the trade stream.
//
// Time: a bar's time is Upbit's `candle_date_time_utc` as UTC seconds, unshifted, so the bar under the
// cursor is the REST candle with that time. Only the labels change: intraday bars are labelled in the
// browser's local time; day, week and month bars by their UTC date, which is the date Upbit gives them.

import { formatPercent, formatPrice, formatVolume } from '/js/format.js';

/** Upbit's candle intervals: REST path, bucket length, and the label in each language. */
export const INTERVALS = [
  { id: '1s', path: 'seconds', seconds: 1, ko: '1초', en: '1s' },
  { id: '1m', path: 'minutes/1', seconds: 60, ko: '1분', en: '1m' },
  { id: '3m', path: 'minutes/3', seconds: 180, ko: '3분', en: '3m' },
  { id: '5m', path: 'minutes/5', seconds: 300, ko: '5분', en: '5m' },
  { id: '10m', path: 'minutes/10', seconds: 600, ko: '10분', en: '10m' },
  { id: '15m', path: 'minutes/15', seconds: 900, ko: '15분', en: '15m' },
  { id: '30m', path: 'minutes/30', seconds: 1800, ko: '30분', en: '30m' },
  { id: '60m', path: 'minutes/60', seconds: 3600, ko: '1시간', en: '1h' },
  { id: '240m', path: 'minutes/240', seconds: 14400, ko: '4시간', en: '4h' },
  { id: '1D', path: 'days', seconds: 86400, daily: true, ko: '일', en: '1D' },
  { id: '1W', path: 'weeks', period: 'week', daily: true, ko: '주', en: '1W' },
  { id: '1M', path: 'months', period: 'month', daily: true, ko: '월', en: '1M' },
];

const PAGE = 200; // Upbit's maximum candles per request
const NEAR_OLDEST_BARS = 10; // fetch older history when the view's left edge is this close to the first bar
const RETRY_AFTER_ERROR_MS = 3000;

/**
 * The UTC second at which the bar holding a trade at `ms` starts: Upbit aligns minutes and hours to UTC,
 * days to UTC midnight, weeks to Monday (UTC) and months to the first (UTC).
 */
export function bucketStart(interval, ms) {
  if (interval.period === 'month') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  if (interval.period === 'week') {
    const day = Math.floor(ms / 86_400_000);
    return (day - ((day + 3) % 7)) * 86_400; // 1970-01-01 was a Thursday
  }
  return Math.floor(ms / 1000 / interval.seconds) * interval.seconds;
}

function barOf(candle) {
  return {
    time: Date.parse(candle.candle_date_time_utc + 'Z') / 1000,
    open: candle.opening_price,
    high: candle.high_price,
    low: candle.low_price,
    close: candle.trade_price,
    volume: candle.candle_acc_trade_volume,
  };
}

const pad = (n) => String(n).padStart(2, '0');

/** A bar's time as the legend and crosshair show it (see the note on time at the top). */
export function formatBarTime(seconds, interval) {
  const d = new Date(seconds * 1000);
  if (interval.daily) {
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
    return interval.period === 'month' ? date : `${date}-${pad(d.getUTCDate())}`;
  }
  const text = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return interval.seconds < 60 ? `${text}:${pad(d.getSeconds())}` : text;
}

// The theme's colours as the canvas needs them: the variables hold light-dark() pairs, which only an
// element's computed style resolves (to rgb()).
function themeColors(probe) {
  const read = (name) => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  return { bg: read('--bg'), fg: read('--fg'), muted: read('--muted'), line: read('--line'), rise: read('--rise'), fall: read('--fall') };
}

function withAlpha(rgb, alpha) {
  const m = rgb.match(/\d+(\.\d+)?/g);
  return m ? `rgba(${m[0]}, ${m[1]}, ${m[2]}, ${alpha})` : rgb;
}

export class CandleChart {
  /**
   * `container` receives the canvas; `legend` holds `[data-field]` elements (time, open, high, low, close,
   * volume, change) and gets `data-time` = the shown bar's UTC second; `fetchCandles(path, params)` is the
   * page's REST helper; `onStatus(text|null)` reports loading, empty and error states in words.
   */
  constructor({ container, legend, market, quote, lang, fetchCandles, onStatus }) {
    this.market = market;
    this.quote = quote;
    this.lang = lang;
    this.fetchCandles = fetchCandles;
    this.onStatus = onStatus;
    this.legend = legend;
    this.fields = Object.fromEntries([...legend.querySelectorAll('[data-field]')].map((el) => [el.dataset.field, el]));
    this.bars = []; // oldest first; the chart's data, also read for the legend's volume and change
    this.pending = []; // trades not yet drawn (all of them while the first page loads)
    this.newestRestMs = 0; // trades at or before this are already inside the REST candles
    this.generation = 0; // bumped per interval switch, so a late response for the old interval is dropped
    this.loadingOlder = false;
    this.exhausted = false;
    this.hoverTime = null;
    this.frame = 0;
    this.legendDirty = false;

    this.probe = document.createElement('span');
    this.probe.hidden = true;
    container.append(this.probe);

    const LC = window.LightweightCharts;
    this.chart = LC.createChart(container, {
      autoSize: true,
      // The default logo injects a <style> element, which the page's CSP refuses; the page shows the
      // attribution as a link in the chart corner and the footer instead (NOTICE wording).
      layout: { attributionLogo: false, fontFamily: getComputedStyle(document.body).fontFamily },
      localization: { timeFormatter: (time) => formatBarTime(time, this.interval) },
      timeScale: { tickMarkFormatter: (time, type) => this.tickLabel(time, type), rightOffset: 4 },
      crosshair: { mode: LC.CrosshairMode.Normal },
    });
    this.candles = this.chart.addSeries(LC.CandlestickSeries, {
      priceFormat: { type: 'custom', formatter: (p) => formatPrice(p, quote), minMove: 1e-8 },
      borderVisible: false,
    });
    this.candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.26 } });
    this.volumes = this.chart.addSeries(LC.HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    this.volumes.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });

    this.chart.subscribeCrosshairMove((param) => {
      const time = param.time !== undefined && param.seriesData.get(this.candles) ? param.time : null;
      if (time === this.hoverTime) return;
      this.hoverTime = time;
      this.legendDirty = true;
      this.schedule();
    });
    this.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range && range.from < NEAR_OLDEST_BARS) this.loadOlder();
    });
    this.applyTheme();
  }

  // MARK: - Inputs

  /** Switches to `interval` (an entry of INTERVALS): drops the bars and loads the newest page. */
  async setInterval(interval) {
    this.interval = interval;
    const generation = ++this.generation;
    this.bars = [];
    this.pending = [];
    this.newestRestMs = 0;
    this.loadingOlder = false;
    this.exhausted = false;
    this.loaded = false;
    this.hoverTime = null;
    this.candles.setData([]);
    this.volumes.setData([]);
    this.legendDirty = true; // blank until the new bars are in, never the old interval's bar
    this.schedule();
    this.chart.applyOptions({
      timeScale: { timeVisible: !interval.daily, secondsVisible: interval.seconds < 60 },
    });
    this.onStatus('loading');
    let candles;
    try {
      candles = await this.fetchCandles(interval.path, { market: this.market, count: PAGE });
    } catch (error) {
      if (generation !== this.generation) return;
      this.onStatus(error);
      // Trades are kept only for a load that is coming: drop them, and try again a little later.
      this.pending = [];
      this.failedAt = generation;
      setTimeout(() => {
        if (this.generation === generation) this.setInterval(this.interval);
      }, RETRY_AFTER_ERROR_MS);
      return;
    }
    if (generation !== this.generation) return;
    this.bars = candles.map(barOf).reverse();
    this.newestRestMs = candles.length ? candles[0].timestamp : 0;
    this.exhausted = candles.length < PAGE;
    this.loaded = true;
    this.redraw();
    this.chart.timeScale().scrollToRealTime();
    this.onStatus(this.bars.length ? null : 'empty');
    this.legendDirty = true;
    this.schedule(); // trades that arrived during the fetch
  }

  /** A `trade` stream message of this market; drawn in the next animation frame. */
  addTrade(trade) {
    // While no load is coming (the last one failed), there is nothing to merge a trade into.
    if (!this.loaded && this.failedAt === this.generation) return;
    this.pending.push(trade);
    this.schedule();
  }

  /** Re-reads the theme's colours (after a theme switch) and recolours everything. */
  applyTheme() {
    this.colors = themeColors(this.probe);
    const c = this.colors;
    this.chart.applyOptions({
      layout: { background: { type: 'solid', color: c.bg }, textColor: c.muted },
      grid: { vertLines: { color: withAlpha(c.line, 0.6) }, horzLines: { color: withAlpha(c.line, 0.6) } },
      rightPriceScale: { borderColor: c.line },
      timeScale: { borderColor: c.line },
    });
    this.candles.applyOptions({ upColor: c.rise, downColor: c.fall, wickUpColor: c.rise, wickDownColor: c.fall });
    if (this.bars.length) this.volumes.setData(this.bars.map((b) => this.volumeOf(b)));
  }

  setLang(lang) {
    this.lang = lang;
    // A new formatter function makes the chart ask for every tick label again.
    this.chart.applyOptions({ timeScale: { tickMarkFormatter: (time, type) => this.tickLabel(time, type) } });
  }

  // MARK: - History

  async loadOlder() {
    if (!this.loaded || this.loadingOlder || this.exhausted || !this.bars.length) return;
    this.loadingOlder = true;
    const generation = this.generation;
    const oldest = this.bars[0].time;
    let candles;
    try {
      const to = new Date(oldest * 1000).toISOString().slice(0, 19) + 'Z';
      candles = await this.fetchCandles(this.interval.path, { market: this.market, count: PAGE, to });
    } catch (error) {
      if (generation !== this.generation) return;
      this.onStatus(error);
      // Wait before allowing another try, so a failing server is not asked on every scroll event.
      setTimeout(() => {
        if (generation === this.generation) this.loadingOlder = false;
      }, RETRY_AFTER_ERROR_MS);
      return;
    }
    if (generation !== this.generation) return;
    const older = candles.map(barOf).reverse().filter((b) => b.time < oldest);
    if (!older.length) this.exhausted = true;
    else {
      this.bars = older.concat(this.bars);
      // setData keeps the right edge where it was, so the view does not jump while history grows leftward.
      this.redraw();
    }
    this.onStatus(null);
    this.loadingOlder = false;
  }

  // MARK: - Drawing

  redraw() {
    this.candles.setData(this.bars.map(({ time, open, high, low, close }) => ({ time, open, high, low, close })));
    this.volumes.setData(this.bars.map((b) => this.volumeOf(b)));
  }

  volumeOf(bar) {
    const color = withAlpha(bar.close >= bar.open ? this.colors.rise : this.colors.fall, 0.45);
    return { time: bar.time, value: bar.volume, color };
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flush());
  }

  flush() {
    this.frame = 0;
    if (this.loaded && this.pending.length) this.applyTrades();
    if (this.legendDirty) this.renderLegend();
  }

  applyTrades() {
    const touched = [];
    for (const trade of this.pending) {
      if (trade.trade_timestamp <= this.newestRestMs) continue;
      const time = bucketStart(this.interval, trade.trade_timestamp);
      const price = trade.trade_price;
      let last = this.bars[this.bars.length - 1];
      if (!last || time > last.time) {
        last = { time, open: price, high: price, low: price, close: price, volume: 0 };
        this.bars.push(last);
      } else if (time < last.time) {
        continue; // a late trade for a bar already closed: the REST candle counted it
      }
      last.high = Math.max(last.high, price);
      last.low = Math.min(last.low, price);
      last.close = price;
      last.volume += trade.trade_volume;
      if (touched[touched.length - 1] !== last) touched.push(last);
    }
    this.pending = [];
    for (const bar of touched) {
      this.candles.update({ time: bar.time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
      this.volumes.update(this.volumeOf(bar));
    }
    if (touched.length) {
      if (this.bars.length === touched.length) this.onStatus(null); // the first bar of an empty market
      if (this.hoverTime === null) this.legendDirty = true;
    }
  }

  barAt(time) {
    let lo = 0;
    let hi = this.bars.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.bars[mid].time;
      if (t === time) return mid;
      if (t < time) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  renderLegend() {
    this.legendDirty = false;
    const index = this.hoverTime === null ? this.bars.length - 1 : this.barAt(this.hoverTime);
    const bar = this.bars[index];
    const f = this.fields;
    if (!bar) {
      for (const el of Object.values(f)) el.textContent = '–';
      delete this.legend.dataset.time;
      return;
    }
    // Change against the previous bar's close, as exchanges' legends show it; the first bar has its open.
    const base = index > 0 ? this.bars[index - 1].close : bar.open;
    const rate = base ? (bar.close - base) / base : 0;
    const cls = bar.close > bar.open ? 'rise' : bar.close < bar.open ? 'fall' : 'even';
    this.legend.dataset.time = String(bar.time);
    f.time.textContent = formatBarTime(bar.time, this.interval);
    for (const key of ['open', 'high', 'low', 'close']) {
      f[key].textContent = formatPrice(bar[key], this.quote);
      f[key].className = 'num ' + cls;
    }
    f.volume.textContent = formatVolume(bar.volume);
    f.change.textContent = formatPercent(rate);
    f.change.className = 'num ' + (rate > 0 ? 'rise' : rate < 0 ? 'fall' : 'even');
  }

  tickLabel(time, type) {
    const d = new Date(time * 1000);
    const utc = this.interval?.daily;
    const year = utc ? d.getUTCFullYear() : d.getFullYear();
    const month = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
    const day = utc ? d.getUTCDate() : d.getDate();
    switch (type) {
      case 0: // year
        return String(year);
      case 1: // month
        return this.lang === 'ko' ? `${month}월` : `${year}-${pad(month)}`;
      case 2: // day of month
        return this.lang === 'ko' ? `${month}/${day}` : `${pad(month)}-${pad(day)}`;
      case 4: // time with seconds
        return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      default: // time
        return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
  }
}
