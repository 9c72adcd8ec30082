// Numbers as a Korean exchange shows them. Prices get the decimals of the market's tick (the server's
// TickTable: Upbit's KRW, BTC and USDT grids), so a price is never shown with more or fewer digits than
// it can have. Amounts are compacted per language (백만/억/조 in Korean, K/M/B in English).

const grouped = new Map();

// Intl formatters are costly to build and cheap to reuse; one per digit count.
function fixed(digits) {
  let f = grouped.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    grouped.set(digits, f);
  }
  return f;
}

// Decimals of the tick of the band `price` falls in: KRW's table (≥100 moves in whole won) and USDT's
// (≥10 in cents) both add a decimal per factor of ten below that, down to 8.
function tickDecimals(price, quote) {
  if (quote === 'BTC') return 8;
  const whole = quote === 'KRW' ? 100 : 10;
  const first = quote === 'KRW' ? 0 : 2;
  if (price >= whole) return first;
  let digits = quote === 'KRW' ? 2 : 3;
  for (let band = whole / 10; band > 0 && price < band && digits < 8; band /= 10) digits += 1;
  return digits;
}

// KRW stablecoins move by 0.5 won between 1,000 and 10,000: a half is shown only when there is one
// (the quote alone does not say whether the market is a stablecoin).
function decimals(price, quote, value) {
  const digits = tickDecimals(Math.abs(price), quote);
  if (quote === 'KRW' && digits === 0 && Math.abs(price) < 10000 && !Number.isInteger(value)) return 1;
  return digits;
}

/** A price in the decimals its market's tick allows, with thousands separators (`144,150,000`). */
export function formatPrice(value, quote) {
  if (value == null || !Number.isFinite(value)) return '–';
  return fixed(decimals(value, quote, value)).format(value);
}

/** A signed price difference (change from the previous close) in the decimals of `price`'s tick. */
export function formatChange(value, quote, price) {
  if (value == null || !Number.isFinite(value)) return '–';
  const body = fixed(decimals(price ?? value, quote, value)).format(Math.abs(value));
  return value > 0 ? '+' + body : value < 0 ? '-' + body : body;
}

/** A signed rate as a percentage with two decimals: 0.0123 → "+1.23%", 0 → "0.00%". */
export function formatPercent(rate) {
  if (rate == null || !Number.isFinite(rate)) return '–';
  const text = fixed(2).format(Math.abs(rate) * 100);
  if (text === '0.00') return '0.00%';
  return (rate > 0 ? '+' : '-') + text + '%';
}

const compactEnglish = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const compactKorean = new Intl.NumberFormat('ko-KR', { notation: 'compact', maximumFractionDigits: 2 });

/**
 * An amount of the quote currency (24 h value), short: KRW in Korean as 백만 below 1억 ("57백만"), then
 * 억 ("50.3억", "1,234억") and 조 ("1.23조"); in English "5.03B"; BTC with three decimals.
 */
export function formatCompact(value, quote, lang) {
  if (value == null || !Number.isFinite(value)) return '–';
  if (quote === 'BTC') return fixed(3).format(value);
  if (quote === 'KRW' && lang === 'ko') {
    if (value >= 1e12) return fixed(2).format(value / 1e12) + '조';
    if (value >= 1e10) return fixed(0).format(value / 1e8) + '억';
    if (value >= 1e8) return fixed(1).format(value / 1e8) + '억';
    if (value >= 1e6) return fixed(0).format(value / 1e6) + '백만';
    return fixed(0).format(value);
  }
  if (value < 1000) return fixed(quote === 'KRW' ? 0 : 2).format(value);
  return (lang === 'ko' ? compactKorean : compactEnglish).format(value);
}

/** A traded quantity: up to 8 decimals, fewer as it grows, trailing zeros dropped. */
export function formatVolume(v) {
  if (v == null || !Number.isFinite(v)) return '–';
  const digits = v >= 1e6 ? 0 : v >= 1000 ? 2 : v >= 1 ? 4 : 8;
  return fixed(digits).format(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** The CSS class for an Upbit `change` value: RISE → 'rise', FALL → 'fall', anything else → 'even'. */
export function changeClass(change) {
  if (change === 'RISE') return 'rise';
  if (change === 'FALL') return 'fall';
  return 'even';
}
