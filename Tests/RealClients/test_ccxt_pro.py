"""ccxt.pro's `upbit` class (asyncio, aiohttp WebSocket), unmodified but for its URLs.

ccxt.pro sends `[{ticket},{type,codes:[id]},…]` in DEFAULT format, resends every subscription of the
connection on each new watch (Upbit replaces a connection's subscriptions), dispatches frames by `type`,
and crashes in its order-book handler unless a symbol's first orderbook frame is a SNAPSHOT (spec §7.1).
"""

import asyncio

from support import assert_aligned, assert_book_sides, assert_ohlcv, now_ms, pro_exchange, run, within


def test_watch_ticker_delivers_a_snapshot_then_live_updates():
    async def body():
        async with pro_exchange() as exchange:
            first = await within(exchange.watch_ticker("BTC/KRW"), "the first BTC/KRW ticker")
            assert first["symbol"] == "BTC/KRW" and first["last"] > 0
            assert 0 < first["low"] <= first["last"] <= first["high"], first
            assert first["info"]["code"] == "KRW-BTC" and first["info"]["type"] == "ticker"
            assert first["info"]["stream_type"] == "SNAPSHOT", first["info"]
            later = await within(exchange.watch_ticker("BTC/KRW"), "a live BTC/KRW ticker update")
            assert later["info"]["stream_type"] == "REALTIME", later["info"]
            assert later["timestamp"] >= first["timestamp"]
            assert abs(now_ms() - later["timestamp"]) < 5 * 60_000

    run(body())


def test_watch_trades_delivers_parsed_trades_with_ids_and_sides():
    async def body():
        async with pro_exchange() as exchange:
            seen = {}
            while len(seen) < 3:
                trades = await within(exchange.watch_trades("BTC/KRW"), "BTC/KRW trades")
                assert trades, "watch_trades resolved with no trade"
                for trade in trades:
                    seen[trade["id"]] = trade
            for trade in seen.values():
                assert trade["symbol"] == "BTC/KRW"
                assert trade["side"] in ("buy", "sell"), trade["info"]
                assert trade["price"] > 0 and trade["amount"] > 0
                assert isinstance(trade["timestamp"], int) and abs(now_ms() - trade["timestamp"]) < 5 * 60_000
                assert isinstance(trade["info"]["sequential_id"], int), trade["info"]

    run(body())


def test_watch_order_book_starts_from_a_snapshot_and_stays_uncrossed():
    async def body():
        async with pro_exchange() as exchange:
            # If the first orderbook frame were not a SNAPSHOT, ccxt's handler would raise KeyError and
            # this watch would fail (spec §6.2).
            for update in range(3):
                book = await within(exchange.watch_order_book("BTC/KRW"), f"BTC/KRW order book update {update}")
                assert book["symbol"] == "BTC/KRW"
                assert_book_sides(book["bids"], book["asks"], f"watched BTC/KRW book, update {update}")
                assert len(book["bids"]) <= 15 and len(book["asks"]) <= 15  # ccxt keeps 15 levels

    run(body())


def test_watch_ohlcv_streams_one_second_candles():
    async def body():
        async with pro_exchange() as exchange:
            starts = set()
            for update in range(3):
                result = await within(exchange.watch_ohlcv("BTC/KRW", "1s"), "a BTC/KRW candle.1s update")
                # ccxt 4.5 resolves a single [t, o, h, l, c, v]; later versions may resolve a list of them.
                candle = result[-1] if result and isinstance(result[0], list) else result
                assert_ohlcv(candle, f"candle.1s update {update}")
                assert_aligned(candle[0], "1s", f"candle.1s update {update}")
                assert abs(now_ms() - candle[0]) < 5 * 60_000
                starts.add(candle[0])
            assert starts, "no candle"

    run(body())


def test_watching_a_second_symbol_keeps_the_first_one_streaming():
    """ccxt resends both subscriptions on the second watch; the server merges them (spec §6.2)."""

    async def body():
        async with pro_exchange() as exchange:
            await within(exchange.watch_ticker("BTC/KRW"), "the BTC/KRW ticker")
            await within(exchange.watch_ticker("ETH/KRW"), "the ETH/KRW ticker after subscribing it too")
            # Each needs its market to trade again: the demo trades KRW-ETH every few seconds, but a minute
            # leaves room for a loaded machine (20 s once ran out in CI).
            both = await within(
                asyncio.gather(exchange.watch_ticker("BTC/KRW"), exchange.watch_ticker("ETH/KRW")),
                "further updates of both tickers on one connection",
                seconds=60,
            )
            assert [ticker["symbol"] for ticker in both] == ["BTC/KRW", "ETH/KRW"]
            # The public subscriptions share one connection.
            assert len(exchange.clients) == 1, list(exchange.clients)

    run(body())


def test_watch_tickers_for_several_quote_currencies():
    async def body():
        async with pro_exchange() as exchange:
            wanted = {"BTC/KRW", "ETH/BTC", "BTC/USDT"}
            got = {}
            while set(got) != wanted:
                tickers = await within(exchange.watch_tickers(sorted(wanted)), f"tickers of {sorted(wanted)}")
                got.update(tickers)
                # watch_tickers returns the one ticker that woke it; the subscription's snapshot of the
                # others arrived meanwhile into ccxt's cache. Waiting for each to trade again (BTC- and
                # USDT-quoted demo markets trade seldom) once made this test time out on a loaded machine.
                got.update({symbol: ticker for symbol, ticker in exchange.tickers.items() if symbol in wanted})
            assert all(ticker["last"] > 0 for ticker in got.values())

    run(body())
