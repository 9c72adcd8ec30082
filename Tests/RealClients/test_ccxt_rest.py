"""ccxt's synchronous `upbit` class, unmodified but for its URLs, against the server's REST quotation API.

What ccxt sends and reads is in upbit-api.md §7.1. ccxt sorts and filters some answers itself (book
sides, candles by `since`), so the server's own ordering is checked again in test_rest_raw.py.
"""

from datetime import datetime, timedelta, timezone

import ccxt
import pytest

from support import (
    DEMO_MARKETS, TIMEFRAME_SECONDS, assert_aligned, assert_book_sides, assert_ohlcv, ccxt_config, from_ms, now_ms,
    period_start, to_ms,
)

SYMBOLS = {market: "{1}/{0}".format(*market.split("-")) for market in DEMO_MARKETS}


# MARK: - Markets and tickers


def test_load_markets_lists_every_demo_market_as_a_spot_symbol():
    exchange = ccxt.upbit(ccxt_config())
    markets = exchange.load_markets()
    assert exchange.last_request_url.endswith("/v1/market/all"), exchange.last_request_url
    for market_id, symbol in SYMBOLS.items():
        assert symbol in markets, f"{symbol} ({market_id}) missing from {sorted(markets)}"
        market = markets[symbol]
        assert market["id"] == market_id
        assert market["spot"] is True and market["active"] is True
        assert (market["base"], market["quote"]) == tuple(symbol.split("/"))


def test_fetch_ticker_reports_a_recent_last_price_inside_the_day_range(exchange):
    ticker = exchange.fetch_ticker("BTC/KRW")
    assert "/v1/ticker?markets=KRW-BTC" in exchange.last_request_url, exchange.last_request_url
    assert ticker["symbol"] == "BTC/KRW"
    assert ticker["last"] > 0 and ticker["close"] == ticker["last"]
    assert 0 < ticker["low"] <= ticker["last"] <= ticker["high"], ticker
    assert ticker["open"] > 0 and ticker["previousClose"] > 0
    assert ticker["baseVolume"] >= 0 and ticker["quoteVolume"] >= 0
    # ccxt takes the ticker's time from trade_timestamp; the demo market trades every second or so.
    assert isinstance(ticker["timestamp"], int)
    assert abs(now_ms() - ticker["timestamp"]) < 5 * 60_000, f"last trade at {ticker['datetime']}"


def test_fetch_tickers_without_symbols_asks_ticker_all_for_every_quote_currency(exchange):
    tickers = exchange.fetch_tickers()
    url = exchange.last_request_url
    assert "/v1/ticker/all?quote_currencies=BTC%2CKRW%2CUSDT" in url, url
    assert set(SYMBOLS.values()) <= set(tickers), f"missing {set(SYMBOLS.values()) - set(tickers)}"
    for symbol in SYMBOLS.values():
        assert tickers[symbol]["last"] > 0, tickers[symbol]


def test_fetch_tickers_with_symbols_returns_exactly_those(exchange):
    tickers = exchange.fetch_tickers(["ETH/BTC", "BTC/USDT", "DOGE/KRW"])
    assert sorted(tickers) == ["BTC/USDT", "DOGE/KRW", "ETH/BTC"]
    assert all(ticker["last"] > 0 for ticker in tickers.values())


# MARK: - Order books


@pytest.mark.parametrize("symbol", ["BTC/KRW", "ETH/BTC", "BTC/USDT"])
def test_fetch_order_book_is_sorted_and_uncrossed(exchange, symbol):
    book = exchange.fetch_order_book(symbol)
    assert book["symbol"] == symbol
    assert_book_sides(book["bids"], book["asks"], f"{symbol} book")
    # Upbit's default depth is 30 levels (spec §2.1).
    assert len(book["bids"]) <= 30 and len(book["asks"]) <= 30
    assert isinstance(book["timestamp"], int) and abs(now_ms() - book["timestamp"]) < 5 * 60_000


@pytest.mark.parametrize("limit", [1, 5, 15])
def test_fetch_order_book_with_limit_returns_at_most_that_many_levels(exchange, limit):
    book = exchange.fetch_order_book("BTC/KRW", limit)
    assert f"count={limit}" in exchange.last_request_url, exchange.last_request_url
    assert 1 <= len(book["bids"]) <= limit and 1 <= len(book["asks"]) <= limit, \
        f"limit {limit}: {len(book['bids'])} bids, {len(book['asks'])} asks"
    assert_book_sides(book["bids"], book["asks"], f"BTC/KRW book limit {limit}")


def test_fetch_order_books_without_symbols_returns_every_market_in_one_request(exchange):
    books = exchange.fetch_order_books()
    assert set(SYMBOLS.values()) <= set(books), f"missing {set(SYMBOLS.values()) - set(books)}"
    for symbol in SYMBOLS.values():
        assert_book_sides(books[symbol]["bids"], books[symbol]["asks"], f"{symbol} book")


def test_fetch_order_books_with_symbols_and_limit(exchange):
    books = exchange.fetch_order_books(["BTC/KRW", "XRP/BTC"], 5)
    assert sorted(books) == ["BTC/KRW", "XRP/BTC"]
    for symbol, book in books.items():
        assert len(book["bids"]) <= 5 and len(book["asks"]) <= 5
        assert_book_sides(book["bids"], book["asks"], f"{symbol} book")


# MARK: - Trades


def test_fetch_trades_returns_the_requested_number_of_distinct_sorted_trades(exchange):
    trades = exchange.fetch_trades("BTC/KRW", limit=50)
    assert "count=50" in exchange.last_request_url, exchange.last_request_url
    # The demo market trades about every second, so the last 50 trades of today exist unless the UTC day
    # began moments ago.
    seconds_into_day = (datetime.now(timezone.utc) - period_start(datetime.now(timezone.utc), "1d")).seconds
    assert 1 <= len(trades) <= 50
    if seconds_into_day > 600:
        assert len(trades) == 50, f"only {len(trades)} trades"
    ids = [trade["id"] for trade in trades]
    assert all(isinstance(i, str) and i for i in ids) and len(set(ids)) == len(ids), f"ids {ids}"
    timestamps = [trade["timestamp"] for trade in trades]
    assert timestamps == sorted(timestamps), "ccxt sorts ascending; timestamps must be integers in order"
    for trade in trades:
        assert trade["symbol"] == "BTC/KRW"
        assert trade["side"] in ("buy", "sell"), trade["info"]
        assert trade["price"] > 0 and trade["amount"] > 0
        assert abs(trade["cost"] - trade["price"] * trade["amount"]) <= 1e-6 * trade["cost"]
        assert trade["timestamp"] <= now_ms() + 5_000
    assert timestamps[-1] > now_ms() - 5 * 60_000, f"newest trade at {from_ms(timestamps[-1])}"


def test_fetch_trades_default_limit_is_two_hundred(exchange):
    trades = exchange.fetch_trades("ETH/KRW")
    assert "count=200" in exchange.last_request_url
    assert 1 <= len(trades) <= 200


# MARK: - Candles


OHLCV_TIMEFRAMES = ["1m", "15m", "1h", "4h", "1d", "1w", "1M"]


def _period(timeframe: str) -> timedelta:
    return timedelta(days=31) if timeframe == "1M" else timedelta(days=7) if timeframe == "1w" \
        else timedelta(seconds=TIMEFRAME_SECONDS[timeframe])


def _check_candles(candles: list, timeframe: str, where: str) -> None:
    assert candles, f"{where}: no candles"
    for candle in candles:
        assert_ohlcv(candle, where)
        assert_aligned(candle[0], timeframe, where)
    starts = [candle[0] for candle in candles]
    assert starts == sorted(set(starts)), f"{where}: starts not strictly ascending: {[from_ms(t) for t in starts]}"


@pytest.mark.parametrize("timeframe", OHLCV_TIMEFRAMES)
def test_fetch_ohlcv_latest_candles_are_aligned_ascending_and_consistent(exchange, timeframe):
    candles = exchange.fetch_ohlcv("BTC/KRW", timeframe, limit=10)
    assert "count=10" in exchange.last_request_url and "to=" not in exchange.last_request_url
    where = f"fetch_ohlcv BTC/KRW {timeframe} limit 10"
    _check_candles(candles, timeframe, where)
    assert len(candles) <= 10, f"{where}: {len(candles)} candles"
    # Without `to`, the most recent candles come back, the in-progress one included (spec §2.7).
    now = datetime.now(timezone.utc)
    newest = from_ms(candles[-1][0])
    assert newest <= now, f"{where}: candle from the future {newest}"
    assert newest >= period_start(now, timeframe) - _period(timeframe), \
        f"{where}: newest candle {newest} is older than the previous period"


def _since_window(timeframe: str, now: datetime) -> tuple[datetime, int]:
    """A past window inside the 20 days of simulated history: (start, number of candles)."""
    if timeframe == "1m":
        return period_start(now - timedelta(hours=3), "1m"), 60
    if timeframe == "15m":
        return period_start(now - timedelta(days=2), "15m"), 48
    if timeframe == "1h":
        return period_start(now - timedelta(days=5), "1h"), 24
    if timeframe == "4h":
        return period_start(now - timedelta(days=10), "4h"), 12
    if timeframe == "1d":
        return period_start(now - timedelta(days=15), "1d"), 7
    if timeframe == "1w":
        # The first whole week of history, which ended at least six days ago.
        return period_start(now - timedelta(days=20), "1w") + timedelta(days=7), 1
    return period_start(now - timedelta(days=19), "1M"), 2


@pytest.mark.parametrize("timeframe", OHLCV_TIMEFRAMES)
def test_fetch_ohlcv_since_returns_candles_inside_the_requested_window(exchange, timeframe):
    since, limit = _since_window(timeframe, datetime.now(timezone.utc))
    since_ms = to_ms(since)
    candles = exchange.fetch_ohlcv("BTC/KRW", timeframe, since=since_ms, limit=limit)
    # ccxt turns `since` into Upbit's `to` = since + limit periods, as ISO 8601 with milliseconds.
    end_ms = since_ms + exchange.parse_timeframe(timeframe) * 1000 * limit
    sent_to = exchange.iso8601(end_ms).replace(":", "%3A")
    assert f"to={sent_to}" in exchange.last_request_url, exchange.last_request_url
    where = f"fetch_ohlcv BTC/KRW {timeframe} since {since.isoformat()} limit {limit}"
    _check_candles(candles, timeframe, where)
    assert len(candles) <= limit, f"{where}: {len(candles)} candles"
    outside = [from_ms(c[0]).isoformat() for c in candles if not since_ms <= c[0] < end_ms]
    assert not outside, f"{where}: candles outside [since, {from_ms(end_ms).isoformat()}): {outside}"


def test_fetch_ohlcv_pages_forward_through_history_without_overlaps(exchange):
    """A bot backfilling hourly candles page by page, as ccxt users do with `since`."""
    start = period_start(datetime.now(timezone.utc) - timedelta(days=6), "1h")
    page_hours = 24
    seen: list[int] = []
    for page in range(3):
        since = to_ms(start + timedelta(hours=page * page_hours))
        candles = exchange.fetch_ohlcv("ETH/KRW", "1h", since=since, limit=page_hours)
        _check_candles(candles, "1h", f"page {page}")
        assert all(since <= c[0] < since + page_hours * 3_600_000 for c in candles), f"page {page} outside window"
        seen.extend(c[0] for c in candles)
    assert seen == sorted(set(seen)), "pages overlap or go backwards"
