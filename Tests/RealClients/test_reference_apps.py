"""The five reference iOS apps (product.md §1): each one's exact requests, and what its decoder reads.

A Swift `Decodable` fails the whole message if one field is missing or of the wrong JSON type, so each
test checks the fields the app declares with the types it declares (support.check_fields). The apps talk
to `api.upbit.com`; pointed at Bourse they change only the host.
"""

import asyncio
import json
from datetime import datetime, timedelta, timezone

import pytest

from support import (
    CANDLE_TIME, DEMO_MARKETS, TIMEFRAME_SECONDS, check_fields, frames_until, get_json, items, next_frame, of_type,
    parse_candle_time, period_start, quiet_frames, run, send, ws_session,
)

KRW_MARKETS = [m for m in DEMO_MARKETS if m.startswith("KRW-")]


def every_code_has(type_: str, codes):
    def done(frames):
        return set(codes) <= {m.get("code") for m in of_type(frames, type_)}
    return done


def assert_binary(frames, app: str, reason: str) -> None:
    text = [f for f in frames if not f.binary]
    assert not text, f"{app}: {len(text)} TEXT frames; {reason}: {text[:2]}"


def market_codes() -> list[str]:
    """GET /v1/market/all as every app does at launch: the codes and both names it shows."""
    markets = get_json("/v1/market/all")
    for market in markets:
        check_fields(market, {"market": "String", "korean_name": "String", "english_name": "String"}, "market/all")
    return [m["market"] for m in markets]


# MARK: - ToughCookie (product.md §1.1)

TOUGHCOOKIE_TICKER = {
    "code": "String", "trade_price": "Double", "change": "String", "change_price": "Double",
    "change_rate": "Double", "acc_trade_price": "Double", "acc_trade_price_24h": "Double",
}
TOUGHCOOKIE_ORDERBOOK = {"code": "String", "orderbook_units": "Array"}
TOUGHCOOKIE_UNIT = {"ask_price": "Double", "bid_price": "Double", "ask_size": "Double", "bid_size": "Double"}


def test_toughcookie_list_and_detail_screens():
    """Starscream, `.binary` frames only; list = one ticker socket for every code, detail = two sockets."""
    codes = market_codes()

    async def list_screen():
        async with ws_session() as ws:
            await send(ws, json.dumps([{"ticket": "test"}, {"type": "ticker", "codes": codes}], separators=(",", ":")))
            frames = await frames_until(ws, every_code_has("ticker", codes), "a ticker for every listed market")
            assert_binary(frames, "ToughCookie", "it decodes only .binary frames")
            latest = {}
            for message in of_type(frames, "ticker"):
                check_fields(message, TOUGHCOOKIE_TICKER, f"ToughCookie ticker {message.get('code')}")
                assert message["change"] in ("RISE", "EVEN", "FALL"), message
                latest[message["code"]] = message
            return latest

    async def detail_socket(type_: str):
        async with ws_session() as ws:
            await send(ws, json.dumps([{"ticket": "test"}, {"type": type_, "codes": ["KRW-BTC"]}], separators=(",", ":")))
            frames = await frames_until(ws, every_code_has(type_, ["KRW-BTC"]), f"the detail screen's {type_}")
            assert_binary(frames, "ToughCookie", "it decodes only .binary frames")
            return of_type(frames, type_, "KRW-BTC")[0]

    async def detail_screen():
        return await asyncio.gather(detail_socket("orderbook"), detail_socket("ticker"))

    latest = run(list_screen())
    # The list hides coins whose 24 h value is under 1,000,000 (in the quote currency; meaningful for KRW).
    hidden = [code for code in KRW_MARKETS if latest[code]["acc_trade_price_24h"] < 1_000_000]
    assert not hidden, f"ToughCookie would hide these demo KRW markets (24 h value < 1,000,000 KRW): {hidden}"

    orderbook, ticker = run(detail_screen())
    check_fields(orderbook, TOUGHCOOKIE_ORDERBOOK, "ToughCookie detail orderbook")
    for unit in orderbook["orderbook_units"]:
        check_fields(unit, TOUGHCOOKIE_UNIT, "ToughCookie ask/bid ladder")
    check_fields(ticker, TOUGHCOOKIE_TICKER, "ToughCookie detail ticker")


# MARK: - CoinZoom (product.md §1.2)

COINZOOM_TICKER = {
    "code": "String", "high_price": "Double", "low_price": "Double", "trade_price": "Double",
    "acc_trade_price": "Double", "acc_trade_price_24h": "Double", "acc_trade_volume_24h": "Double",
    "timestamp": "Int", "is_trading_suspended": "Bool", "ask_bid": "String", "change": "String",
    "change_rate": "Double",
}


def test_coinzoom_home_then_detail_on_one_socket_with_pings():
    """URLSessionWebSocketTask: a text request for KRW codes, a ping every 5 s, then a new request with one
    code when the detail screen opens (it relies on the new request replacing the old one)."""
    krw_codes = [code for code in market_codes() if code.startswith("KRW-")]
    assert set(KRW_MARKETS) <= set(krw_codes)

    def request(codes):
        return json.dumps([{"ticket": "test example"}, {"type": "ticker", "codes": codes}, {"format": "DEFAULT"}])

    async def body():
        async with ws_session() as ws:
            await send(ws, request(krw_codes))
            home = await frames_until(ws, every_code_has("ticker", krw_codes), "the home screen's KRW tickers")
            pong = await asyncio.wait_for(await ws.ping(), 5)  # sendPing(pongReceiveHandler:)
            assert pong < 5
            await send(ws, request(["KRW-ETH"]))
            await frames_until(ws, lambda f: bool(of_type(f, "ticker", "KRW-ETH")), "the detail screen's ticker")
            detail = await quiet_frames(ws, 4)
            return home, detail

    home, detail = run(body())
    assert_binary(home + detail, "CoinZoom", "it decodes .data frames")
    for message in of_type(home + detail, "ticker"):
        check_fields(message, COINZOOM_TICKER, f"CoinZoom CoinTicker {message.get('code')}")
    stale = sorted({m["code"] for m in items(detail)} - {"KRW-ETH"})
    assert not stale, f"after the detail request the socket still streams {stale}"


# MARK: - Bithumb tech-camp (product.md §1.3)


def test_bithumb_techcamp_screens_over_their_upbit_equivalents():
    """The app speaks Bithumb's public API v1.x, which Bourse does not serve. This checks that the Upbit
    equivalents give each of its screens what it needs, including the alignment its candle code assumes."""
    # List: ticker/ALL_KRW -> ticker/all; prices and change against prev_closing_price.
    tickers = get_json("/v1/ticker/all?quote_currencies=KRW")
    assert set(KRW_MARKETS) <= {t["market"] for t in tickers}
    for ticker in tickers:
        check_fields(ticker, {"market": "String", "trade_price": "Double", "prev_closing_price": "Double",
                              "acc_trade_price_24h": "Double"}, "ticker/all")
    # Order book: orderbook/{SYM}_KRW?count=30 -> 30 levels a side at most, best first.
    book = get_json("/v1/orderbook?markets=KRW-BTC&count=30")[0]
    assert 1 <= len(book["orderbook_units"]) <= 30
    check_fields(book, {"total_ask_size": "Double", "total_bid_size": "Double"}, "orderbook totals")
    # Trades: transaction_history?count=20 -> trades/ticks?count=20, newest first.
    trades = get_json("/v1/trades/ticks?market=KRW-BTC&count=20")
    assert len(trades) == 20 and [t["timestamp"] for t in trades] == sorted((t["timestamp"] for t in trades), reverse=True)
    # Chart: 1m, 10m, 30m, 1h, 24h. The app buckets live ticks with floor(ts / interval) * interval, so
    # every REST candle, the newest (in-progress) one included, must start on such a boundary.
    for path, timeframe in (("minutes/1", "1m"), ("minutes/10", "10m"), ("minutes/30", "30m"),
                            ("minutes/60", "1h"), ("days", "1d")):
        candles = get_json(f"/v1/candles/{path}?market=KRW-BTC&count=200")
        assert candles, path
        for candle in candles:
            check_fields(candle, {"candle_date_time_utc": "String", "opening_price": "Double", "high_price": "Double",
                                  "low_price": "Double", "trade_price": "Double",
                                  "candle_acc_trade_volume": "Double"}, path)
            start = parse_candle_time(candle["candle_date_time_utc"])
            assert period_start(start, timeframe) == start, f"{path}: {start} is off the {timeframe} grid"
        newest = parse_candle_time(candles[0]["candle_date_time_utc"])
        now = datetime.now(timezone.utc)
        assert period_start(now - timedelta(seconds=TIMEFRAME_SECONDS[timeframe]), timeframe) <= newest <= now, \
            f"{path}: newest candle {newest} is neither the current nor the previous one"

    # Live: transaction -> trade for every KRW symbol; orderbookdepth -> orderbook (full snapshots here).
    async def live():
        async with ws_session() as ws:
            await send(ws, [{"ticket": "bithumb"}, {"type": "trade", "codes": KRW_MARKETS},
                            {"type": "orderbook", "codes": ["KRW-BTC"]}])
            frames = await frames_until(
                ws, lambda f: every_code_has("orderbook", ["KRW-BTC"])(f) and len(of_type(f, "trade")) >= 5,
                "trades and the KRW-BTC order book")
            for trade in of_type(frames, "trade"):
                check_fields(trade, {"code": "String", "trade_price": "Double", "trade_volume": "Double",
                                     "ask_bid": "String", "prev_closing_price": "Double",
                                     "trade_timestamp": "Int"}, "live trade")
            assert_binary(frames, "Bithumb tech-camp (on Upbit)", "Upbit sends binary")

    run(live())


# MARK: - Auction Item (product.md §1.4)


def test_auction_item_tcp_protocol():
    pytest.skip("Auction Item speaks its own TCP protocol (JSON + '/' frames, POST /products/*), not Upbit's; "
                "Bourse's auction API is a separate protocol and is not part of this Upbit suite yet")


# MARK: - EveryCoins (product.md §1.5)

# SocketManager.send() builds its request by string interpolation: `"type": \(type)` leaves the type
# unquoted, and `\(request)` prints a Swift [String] (`["KRW-BTC", "KRW-ETH"]`). This is the exact text.
EVERYCOINS_REQUEST = '''[
  {
    "ticket": "test example"
  },
  {
    "type": %s,
    "codes": %s
  },
  {
    "format": "DEFAULT"
  }
]'''

EVERYCOINS_ORDERBOOK = {"code": "String", "total_ask_size": "Double", "total_bid_size": "Double",
                        "orderbook_units": "Array"}
EVERYCOINS_TICKER = {"code": "String", "trade_price": "Double", "change": "String", "change_rate": "Double",
                     "acc_trade_price_24h": "Double"}


def swift_array(codes) -> str:
    return "[" + ", ".join(f'"{code}"' for code in codes) + "]"


def test_everycoins_requests_exactly_as_the_app_sends_them():
    """Its exact WebSocket text is not JSON. The app closes the socket on any TEXT frame, so whatever the
    server answers must be binary: either WRONG_FORMAT (spec §6.2) or, leniently, the data it asked for."""
    codes = market_codes()
    # REST: the list, the current prices of every market, and the widget's 40 monthly candles.
    tickers = get_json("/v1/ticker?markets=" + ",".join(codes))
    assert sorted(t["market"] for t in tickers) == sorted(codes)
    months = get_json("/v1/candles/months?market=KRW-BTC&count=40")
    assert 1 <= len(months) <= 40
    for candle in months:
        check_fields(candle, {"trade_price": "Double", "candle_date_time_kst": "String"}, "widget candle")
        assert CANDLE_TIME.fullmatch(candle["candle_date_time_kst"])

    async def body():
        answers = []
        for type_, request_codes in (("ticker", codes), ("orderbook", ["KRW-BTC.15"])):
            async with ws_session() as ws:
                await send(ws, EVERYCOINS_REQUEST % (type_, swift_array(request_codes)))
                answers.append(await next_frame(ws, 5))
        return answers

    for frame in run(body()):
        assert frame.binary, f"EveryCoins closes its socket on this TEXT frame: {frame}"
        payload = frame.payload
        if "error" in payload:
            assert payload["error"]["name"] == "WRONG_FORMAT", payload
        else:
            assert payload.get("type") in ("ticker", "orderbook"), payload


def test_everycoins_screens_with_the_type_quoted():
    """What the app would decode had it quoted the type: tickers for the feed, a 15-level book for detail."""
    codes = market_codes()

    async def body():
        async with ws_session() as ws:  # the feed
            await send(ws, EVERYCOINS_REQUEST % ('"ticker"', swift_array(codes)))
            feed = await frames_until(ws, every_code_has("ticker", codes), "a ticker for every market")
            # The detail screen reuses the singleton socket with a new one-code request.
            await send(ws, EVERYCOINS_REQUEST % ('"orderbook"', swift_array(["KRW-BTC.15"])))
            detail = await frames_until(ws, every_code_has("orderbook", ["KRW-BTC"]), "the KRW-BTC.15 order book")
            return feed, detail

    feed, detail = run(body())
    assert_binary(feed + detail, "EveryCoins", "it closes the socket on a TEXT frame")
    for message in of_type(feed, "ticker"):
        check_fields(message, EVERYCOINS_TICKER, f"EveryCoins SocketResponse {message.get('code')}")
    book = of_type(detail, "orderbook", "KRW-BTC")[0]
    check_fields(book, EVERYCOINS_ORDERBOOK, "EveryCoins OrderBookModel")
    assert 1 <= len(book["orderbook_units"]) <= 15, f"{len(book['orderbook_units'])} levels for KRW-BTC.15"
    for unit in book["orderbook_units"]:
        check_fields(unit, {"ask_price": "Double", "bid_price": "Double", "ask_size": "Double", "bid_size": "Double"},
                     "EveryCoins OrderBookUnit")
    # The feed filters out coins priced ≤ 1; every demo market should be visible.
    low = [m["code"] for m in of_type(feed, "ticker") if m["trade_price"] <= 1 and m["code"].startswith("KRW-")]
    assert not low, f"EveryCoins would hide {sorted(set(low))} (price ≤ 1)"
