"""Regressions of issue #16 that only show with the demo running, as users run `bourse serve`: ccxt and raw
requests against a server of each test's own (bourse_process: the demo on, one day of history).

- An order that rests while the demo trades stays the person's (an account that joins a demo already
  running): listed, `wait` with no trades and its funds locked, cancellable one by one and all at once,
  its funds back after; and the data directory passes `bourse journal check` afterwards. (The demo's simulator used to number its orders from a
  counter of its own, so its next quote took the id the writer had just given a person's order: that
  order became unreachable, cancel answered 404, `trades` grew with the demo's fills, its funds stayed
  locked.)
- Accounts made and funded with the CLI before the first `bourse serve` do not keep the demo from
  simulating its history and funding its participants: candles over the whole backfill, every market
  priced, full books, and the person's deposit, before and after a restart. (The demo used to backfill
  only when the journal was empty, so one `bourse deposit` left it without history, funds or trades.)
"""

import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, Server, journal_check, own_server
from demo_market import SYMBOL, assert_far_below
from support import DEMO_MARKETS

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


def make_exchange(base: str, key) -> ccxt.upbit:
    exchange = ccxt.upbit({"urls": {"api": {"public": base, "private": base}}, "apiKey": key.access, "secret": key.secret})
    exchange.load_markets()
    return exchange


def krw(exchange: ccxt.upbit) -> tuple[Decimal, Decimal]:
    """(balance, locked) of KRW, exact, from the raw `/v1/accounts` row."""
    row = next(row for row in exchange.fetch_balance()["info"] if row["currency"] == "KRW")
    return Decimal(row["balance"]), Decimal(row["locked"])


# MARK: - Orders resting while the demo trades


#: The bids of the test, each 0.001 BTC: far below the demo's market (demo_market), so only the bug
#: could touch them.
PRICES = (50_000_000, 49_000_000, 48_000_000)


def assert_untouched(exchange: ccxt.upbit, order_id: str, price: int) -> None:
    """GET /v1/order: still waiting, nothing traded, and price × volume + the 0.05 % fee locked."""
    order = exchange.fetch_order(order_id, SYMBOL)
    info = order["info"]
    assert order["id"] == order_id and order["status"] == "open" and info["state"] == "wait", info
    assert info["trades"] == [] and info["trades_count"] == 0 and info["executed_volume"] == "0", info
    assert (info["side"], info["price"], info["volume"]) == ("bid", str(price), "0.001"), info
    assert Decimal(info["locked"]) == Decimal(price) * Decimal("0.001") * Decimal("1.0005"), info


def wait_for_demo_steps(process: Server, entries: int, check=lambda: None) -> None:
    """Waits until the demo has written `entries` more journal entries (quotes, trades: a few steps),
    calling `check` all along."""
    sequence = process.metric("bourse_journal_sequence")
    deadline = time.monotonic() + 60
    while process.metric("bourse_journal_sequence") < sequence + entries:
        assert time.monotonic() < deadline, f"the demo wrote under {entries} journal entries in 60 s"
        check()
        time.sleep(0.2)


def test_orders_resting_while_the_demo_trades_stay_reachable_and_cancellable():
    # The account joins a demo that already runs, so this does not lean on the other test's fix.
    with own_server("bourse-demo-orders-", ["resting"], [("KRW", "1000000")], accounts_later=True) as (process, (key,)):
        check_resting_orders(process, key)
        # The whole journal (backfill, live steps, the orders and cancels) replays to the recovered state,
        # and the ledger and the stored order history agree with it.
        summary = journal_check(process.data_dir)
        assert " recovery=same " in summary and summary.endswith(" violations=0"), summary


def check_resting_orders(process: Server, key) -> None:
    """Three bids placed a few demo steps apart, checked all along while the demo trades, then cancelled
    (one by DELETE /v1/order, the others by DELETE /v1/orders/open); ends with the server stopped."""
    trader = make_exchange(process.base, key)
    assert_far_below(process.base, PRICES[0])
    deposit = (Decimal(1_000_000), Decimal(0))
    assert krw(trader) == deposit
    placed = []

    def check_all():
        for order_id, price in placed:
            assert_untouched(trader, order_id, price)

    for index, price in enumerate(PRICES):
        order = trader.create_order(SYMBOL, "limit", "buy", 0.001, price, {"clientOrderId": f"resting-{index}"})
        assert order["status"] == "open", order["info"]
        placed.append((order["id"], price))
        wait_for_demo_steps(process, 150, check_all)  # the demo quotes and trades between placements
    check_all()
    locked = sum(Decimal(price) * Decimal("0.001") * Decimal("1.0005") for _, price in placed)
    assert krw(trader) == (deposit[0] - locked, locked)
    assert sorted(order["id"] for order in trader.fetch_open_orders(SYMBOL)) == sorted(i for i, _ in placed)
    assert trader.privateGetOrder({"identifier": "resting-1"})["uuid"] == placed[1][0]

    cancelled = trader.cancel_order(placed[0][0], SYMBOL)  # DELETE /v1/order: 200, the order as it was
    assert cancelled["id"] == placed[0][0] and cancelled["info"]["state"] == "wait", cancelled["info"]
    everything = trader.privateDeleteOrdersOpen()  # DELETE /v1/orders/open
    assert everything["failed"]["count"] == 0 and everything["success"]["count"] == 2, everything
    assert sorted(entry["uuid"] for entry in everything["success"]["orders"]) == \
        sorted(order_id for order_id, _ in placed[1:])
    for order_id, _ in placed:
        order = trader.fetch_order(order_id, SYMBOL)
        assert order["status"] == "canceled" and order["info"]["trades"] == [], order["info"]
    assert trader.fetch_open_orders(SYMBOL) == []
    assert krw(trader) == deposit, "every lock came back"
    process.stop()


# MARK: - Accounts made before the first start


def demo_history(process: Server) -> dict:
    """What the demo made, checked: every market priced, KRW-BTC's 24 hourly candles one after another
    reaching back over the day of history, every market's book 30 levels deep on both sides. Returns the
    hourly candles (UTC start -> OHLCV), for comparing across a restart."""
    status, tickers = process.get("/v1/ticker?markets=" + ",".join(DEMO_MARKETS))
    assert status == 200 and {ticker["market"] for ticker in tickers} == set(DEMO_MARKETS), tickers
    assert all(ticker["trade_price"] > 0 and ticker["acc_trade_volume_24h"] > 0 for ticker in tickers), tickers

    status, candles = process.get("/v1/candles/minutes/60?market=KRW-BTC&count=24")
    assert status == 200 and len(candles) == 24, f"{status}: {len(candles)} hourly candles: {candles}"
    starts = [datetime.fromisoformat(candle["candle_date_time_utc"]).replace(tzinfo=timezone.utc) for candle in candles]
    assert starts == [starts[0] - timedelta(hours=hour) for hour in range(24)], "24 hours, none missing"
    assert datetime.now(timezone.utc) - starts[-1] >= timedelta(hours=23), starts[-1]

    status, books = process.get("/v1/orderbook?markets=" + ",".join(DEMO_MARKETS))
    assert status == 200 and len(books) == len(DEMO_MARKETS), books
    for book in books:
        units = book["orderbook_units"]
        assert len(units) == 30 and all(unit["ask_size"] > 0 and unit["bid_size"] > 0 for unit in units), \
            f"{book['market']}: {len(units)} levels: {units[:3]}"
    return {
        candle["candle_date_time_utc"]: (candle["opening_price"], candle["high_price"], candle["low_price"],
                                         candle["trade_price"], candle["candle_acc_trade_volume"])
        for candle in candles
    }


def test_accounts_funded_before_the_first_start_still_get_the_demos_history_and_keep_it():
    with own_server("bourse-first-start-", ["early"], [("KRW", "1234567"), ("BTC", "0.5")]) as (process, (key,)):
        def deposits_are_there():
            balance = make_exchange(process.base, key).fetch_balance()
            rows = {row["currency"]: row for row in balance["info"]}
            assert (rows["KRW"]["balance"], rows["KRW"]["locked"]) == ("1234567", "0"), rows
            assert (rows["BTC"]["balance"], rows["BTC"]["locked"]) == ("0.5", "0"), rows
            listed = make_exchange(process.base, key).fetch_deposits()
            assert sorted((entry["currency"], entry["amount"]) for entry in listed) == [("BTC", 0.5), ("KRW", 1234567)]

        deposits_are_there()
        before = demo_history(process)
        process.restart()
        deposits_are_there()
        after = demo_history(process)
        # The history is the same history (a restart resumes it; it does not simulate it again): every hour
        # that had ended before the restart is unchanged.
        newest = max(before)
        kept = {start: candle for start, candle in before.items() if start != newest}
        assert {start: after[start] for start in kept if start in after} == kept
        assert len(set(kept) & set(after)) >= 22, "the hours before the restart are still there"
