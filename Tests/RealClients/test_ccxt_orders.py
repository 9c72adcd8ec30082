"""Trading through ccxt's `upbit` class (only its URLs overridden) against the real matching engine, on a
server of this module's own with the demo on, as users run it: the demo's makers quote KRW-BTC and its
takers trade it while the tests run.

Two accounts made by the CLI before that server starts, "trader" and "maker" (10,000,000 KRW and 1 BTC
each): resting limit orders that are listed, lock funds and are cancelled; a market buy by cost, a crossing
limit buy and a market sell that take the demo's book, and a resting ask the demo's takers fill, with
trades, fees and balances checked to the unit; ccxt's error classes; `fetch_trading_fee`;
`fetch_closed_orders` with since, limit and until; and raw requests for the exact wire shape of
`POST /v1/orders` (201) and `GET /v1/order` (spec §3.3, §3.4).

Resting orders are bids at 50,000,000 KRW or less, where the demo never trades (demo_market; an autouse
fixture checks the demo's price before each test), so they are as exact as on an empty book. Orders that
trade, trade with the demo, and are checked against their own fills (demo_market's module doc says why
they cannot trade with the other account instead). The autouse fixture also cancels whatever either
account has resting before and after each test, so tests do not depend on their order. Balance checks
compare Upbit's decimal strings (`info`) with Decimal, before and after; KRW-BTC has a 1,000 KRW tick at
these prices, a 5,000 KRW minimum total and a 0.05 % fee in KRW on both sides (the buyer pays
price × volume + fee, the seller gets price × volume − fee), rounded up once per order.
"""

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, Key, own_server
from demo_market import UNIT, assert_far_below, book, fee, through_the_asks

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

SYMBOL = "BTC/KRW"
UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000"

# MARK: - Helpers


@pytest.fixture(scope="module")
def server():
    """(base URL, trader's key, maker's key) of a fresh server of this module's own."""
    with own_server("bourse-orders-", ["trader", "maker"], [("KRW", "10000000"), ("BTC", "1")]) as (process, keys):
        yield process.base, keys[0], keys[1]


def make_exchange(base: str, key: Key) -> ccxt.upbit:
    """ccxt's upbit with only its URLs overridden, signing with `key`."""
    exchange = ccxt.upbit({"urls": {"api": {"public": base, "private": base}}, "apiKey": key.access, "secret": key.secret})
    exchange.load_markets()
    return exchange


@pytest.fixture(scope="module")
def trader(server) -> ccxt.upbit:
    return make_exchange(server[0], server[1])


@pytest.fixture(scope="module")
def maker(server) -> ccxt.upbit:
    return make_exchange(server[0], server[2])


def cancel_everything(exchange: ccxt.upbit) -> None:
    """Cancels every resting order of the account (one DELETE /v1/order each)."""
    for order in exchange.fetch_open_orders():
        exchange.cancel_order(order["id"])


#: The highest price of this module's bids that rest until cancelled: far below where the demo trades.
RESTING_CEILING = 50_000_000


@pytest.fixture(autouse=True)
def clean_book(server, trader, maker):
    """No resting order of either account before or after a test, whatever the previous one left; and the
    demo trading far above every price where this module's orders rest."""
    assert_far_below(server[0], RESTING_CEILING)
    cancel_everything(trader)
    cancel_everything(maker)
    yield
    cancel_everything(trader)
    cancel_everything(maker)


def holdings(exchange: ccxt.upbit) -> dict[str, tuple[Decimal, Decimal]]:
    """currency -> (balance, locked), exact, from the raw `/v1/accounts` rows ccxt keeps in `info`."""
    rows = exchange.fetch_balance()["info"]
    return {row["currency"]: (Decimal(row["balance"]), Decimal(row["locked"])) for row in rows}


def change(before: dict, after: dict, currency: str) -> tuple[Decimal, Decimal]:
    """(balance, locked) after minus before; a missing row counts as zero."""
    zero = (Decimal(0), Decimal(0))
    (balance0, locked0), (balance1, locked1) = before.get(currency, zero), after.get(currency, zero)
    return balance1 - balance0, locked1 - locked0


def ids(orders: list[dict]) -> list[str]:
    return [order["id"] for order in orders]


def fills(order: dict, side: str) -> list[tuple[Decimal, Decimal, Decimal]]:
    """(price, volume, funds) of each fill in a fetched order's raw `trades`, checked one by one (the
    order's side and market, funds = price × volume to the unit at these whole-won prices) and against the
    order (`trades_count`, `executed_volume`, `paid_fee` = the fee on their funds)."""
    info = order["info"]
    made = []
    for trade in info["trades"]:
        price, volume, funds = Decimal(trade["price"]), Decimal(trade["volume"]), Decimal(trade["funds"])
        assert (trade["side"], trade["market"]) == (side, "KRW-BTC") and funds == price * volume, trade
        made.append((price, volume, funds))
    assert info["trades_count"] == len(made) > 0, info
    assert Decimal(info["executed_volume"]) == sum(volume for _, volume, _ in made), info
    assert Decimal(info["paid_fee"]) == fee(sum(funds for _, _, funds in made)), info
    assert sum(Decimal(trade[f"{side}_fee"]) for trade in info["trades"]) == Decimal(info["paid_fee"]), \
        "the fills' fees add up to the order's"
    return made


def totals(made: list[tuple[Decimal, Decimal, Decimal]]) -> tuple[Decimal, Decimal]:
    """(volume, funds) of fills."""
    return sum(volume for _, volume, _ in made), sum(funds for _, _, funds in made)


def wait_for_status(exchange: ccxt.upbit, order_id: str, status: str, seconds: float = 60) -> dict:
    """The order once ccxt reports `status`; fails after `seconds` with the order as it was."""
    deadline = time.monotonic() + seconds
    while (order := exchange.fetch_order(order_id, SYMBOL))["status"] != status:
        assert time.monotonic() < deadline, f"not {status} within {seconds:.0f} s: {order['info']}"
        time.sleep(0.2)
    return order


# MARK: - Raw HTTP, signed as ccxt signs


def signed(base: str, key: Key, method: str, path: str, params: list[tuple[str, str]] | None = None):
    """One signed request: POST params as a JSON body, others in the query. Returns (status, headers, JSON)."""
    query = "&".join(f"{name}={value}" for name, value in params) if params else None
    headers = {"Authorization": "Bearer " + key.token(query)}
    url, body = base + path, None
    if method == "POST":
        body = json.dumps(dict(params or [])).encode()
        headers["Content-Type"] = "application/json"
    elif query:
        url += "?" + query
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=15) as response:
            return response.status, response.headers, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.loads(error.read() or b"null")


#: The create response of Upbit (spec §3.4, the 2026 recording), for an order without identifier, SMP or
#: time in force.
CREATED_FIELDS = {
    "uuid", "side", "ord_type", "price", "state", "market", "created_at", "volume", "remaining_volume",
    "reserved_fee", "remaining_fee", "paid_fee", "locked", "executed_volume", "trades_count",
    "prevented_volume", "prevented_locked",
}
AMOUNT_FIELDS = CREATED_FIELDS - {"uuid", "side", "ord_type", "state", "market", "created_at", "trades_count"}
#: A plain decimal as current Upbit writes it: no exponent, no sign, no trailing zeros ("0", "4.5").
PLAIN_DECIMAL = re.compile(r"(0|[1-9][0-9]*)(\.[0-9]*[1-9])?")
#: Order times: KST with its offset, whole seconds (spec §0.2).
KST_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00")


def assert_amounts_are_decimal_strings(order: dict) -> None:
    for field in AMOUNT_FIELDS & order.keys():
        value = order[field]
        assert isinstance(value, str) and PLAIN_DECIMAL.fullmatch(value), f"{field} = {value!r} in {order}"


# MARK: - Resting limit orders


def test_a_limit_buy_rests_locks_its_funds_and_is_cancelled(trader):
    before = holdings(trader)
    order = trader.create_order(SYMBOL, "limit", "buy", 0.001, 50_000_000)
    assert str(uuid.UUID(order["id"])) == order["id"], f"not a lower-case UUID: {order['id']!r}"
    assert order["status"] == "open" and order["side"] == "buy" and order["type"] == "limit"
    assert order["price"] == 50_000_000 and order["amount"] == 0.001

    fetched = trader.fetch_order(order["id"], SYMBOL)
    assert fetched["status"] == "open" and fetched["remaining"] == 0.001 and fetched["filled"] == 0
    assert fetched["trades"] == []
    assert order["id"] in ids(trader.fetch_open_orders(SYMBOL))
    assert change(before, holdings(trader), "KRW") == (Decimal(-50_025), Decimal(50_025)), \
        "price × volume + the 0.05 % fee (25 KRW) moves from balance to locked"
    assert trader.fetch_balance()["KRW"]["used"] == 50_025

    trader.cancel_order(order["id"], SYMBOL)  # answers the order as it was (state wait), as Upbit does
    assert trader.fetch_order(order["id"], SYMBOL)["status"] == "canceled"
    assert order["id"] in ids(trader.fetch_canceled_orders(SYMBOL))
    assert order["id"] not in ids(trader.fetch_closed_orders(SYMBOL)), "ccxt asks for state=done only"
    assert order["id"] not in ids(trader.fetch_open_orders(SYMBOL))
    assert change(before, holdings(trader), "KRW") == (0, 0)
    assert trader.fetch_balance()["KRW"]["used"] == 0


def test_a_test_order_is_answered_but_neither_kept_nor_locking(trader):
    before = holdings(trader)
    order = trader.create_order(SYMBOL, "limit", "buy", 0.001, 49_000_000, {"test": True})  # POST orders/test
    assert order["status"] == "open" and order["price"] == 49_000_000 and order["amount"] == 0.001
    with pytest.raises(ccxt.OrderNotFound):
        trader.fetch_order(order["id"], SYMBOL)
    assert order["id"] not in ids(trader.fetch_open_orders(SYMBOL))
    assert holdings(trader) == before


def test_edit_order_cancels_and_places_anew(trader):
    first = trader.create_order(SYMBOL, "limit", "buy", 0.001, 47_000_000)
    edited = trader.edit_order(first["id"], SYMBOL, "limit", "buy", 0.002, 46_000_000)  # cancel_and_new
    assert edited["id"] != first["id"] and str(uuid.UUID(edited["id"])) == edited["id"]
    assert trader.fetch_order(first["id"], SYMBOL)["status"] == "canceled"
    new = trader.fetch_order(edited["id"], SYMBOL)
    assert new["status"] == "open" and new["price"] == 46_000_000 and new["amount"] == 0.002
    assert Decimal(new["info"]["locked"]) == Decimal(92_046)
    assert ids(trader.fetch_open_orders(SYMBOL)) == [edited["id"]]


# MARK: - Fills against the demo's book


def test_a_market_buy_by_cost_takes_the_cheapest_asks_and_costs_what_its_fills_say(server, trader):
    before = holdings(trader)
    ceiling = through_the_asks(server[0])
    order = trader.create_order(SYMBOL, "market", "buy", None, None, {"cost": 140_000})  # ord_type=price
    assert order["info"]["ord_type"] == "price" and "volume" not in order["info"]
    bought = trader.fetch_order(order["id"], SYMBOL)
    assert bought["type"] == "market" and bought["side"] == "buy"
    made = fills(bought, "bid")
    prices = [price for price, _, _ in made]
    assert prices == sorted(prices), f"the cheapest asks first: {prices}"
    volume, funds = totals(made)
    assert bought["cost"] == float(funds), "ccxt adds up the fills' costs"
    left = 140_000 - funds
    # Upbit ends a market buy in `cancel` when what is left cannot buy one more 10⁻⁸ BTC.
    assert bought["status"] == ("closed" if left == 0 else "canceled"), bought["info"]
    assert 0 <= left < ceiling * UNIT, f"{left} KRW of 140,000 unspent"
    assert bought["filled"] == float(volume) and bought["remaining"] in (0, None)
    assert all(trade["fee"]["currency"] == "KRW" and trade["side"] == "buy" for trade in bought["trades"])

    after = holdings(trader)
    assert change(before, after, "KRW") == (-(funds + fee(funds)), 0), "what the fills cost, and the fee on it"
    assert change(before, after, "BTC") == (volume, 0)


def test_a_crossing_limit_buy_pays_the_asks_prices_and_gets_the_excess_lock_back(server, trader):
    before = holdings(trader)
    limit = through_the_asks(server[0])
    order = trader.create_order(SYMBOL, "limit", "buy", 0.008, limit)
    crossed = trader.fetch_order(order["id"], SYMBOL)
    assert crossed["status"] == "closed" and crossed["filled"] == 0.008 and crossed["remaining"] == 0
    assert crossed["price"] == limit and crossed["type"] == "limit"
    made = fills(crossed, "bid")
    volume, funds = totals(made)
    assert volume == Decimal("0.008")
    assert all(price < limit for price, _, _ in made), "each fill at the resting ask's price"
    assert crossed["average"] < limit
    assert float(crossed["fee"]["cost"]) == float(fee(funds)) and crossed["fee"]["currency"] == "KRW"

    after = holdings(trader)
    assert change(before, after, "KRW") == (-(funds + fee(funds)), 0), \
        "the lock for 0.008 at the limit comes back but for what the fills cost"
    assert change(before, after, "BTC") == (Decimal("0.008"), 0)


def test_a_market_sell_takes_the_best_bids_and_gets_what_its_fills_say(trader):
    before = holdings(trader)
    sell = trader.create_order(SYMBOL, "market", "sell", 0.004)
    assert sell["info"]["ord_type"] == "market" and "price" not in sell["info"]
    sold = trader.fetch_order(sell["id"], SYMBOL)
    assert sold["status"] == "closed" and sold["info"]["state"] == "done"
    assert sold["type"] == "market" and sold["side"] == "sell"
    assert sold["filled"] == 0.004 and sold["remaining"] == 0
    made = fills(sold, "ask")
    prices = [price for price, _, _ in made]
    assert prices == sorted(prices, reverse=True), f"the highest bids first: {prices}"
    volume, funds = totals(made)
    assert volume == Decimal("0.004") and all(trade["side"] == "sell" for trade in sold["trades"])

    after = holdings(trader)
    assert change(before, after, "KRW") == (funds - fee(funds), 0), "what the fills paid, less the fee"
    assert change(before, after, "BTC") == (Decimal("-0.004"), 0)


def rest_an_ask_inside_the_spread(base: str, maker: ccxt.upbit) -> tuple[dict, int]:
    """A post-only ask of 0.0002 BTC one step above the demo's best bid, and its price."""
    for _ in range(10):  # post_only: an ask the moving market would already cross is cancelled; try again
        bids, asks = book(base)
        price = int(bids[0]) + 1_000
        if price >= asks[0]:
            continue
        ask = maker.create_order(SYMBOL, "limit", "sell", 0.0002, price, {"postOnly": True})
        if ask["status"] == "open":
            assert Decimal(ask["info"]["locked"]) == Decimal("0.0002")
            return ask, price
    raise AssertionError("no post-only ask rested inside the demo's spread in 10 tries")


def test_a_resting_ask_inside_the_spread_is_filled_by_the_demos_takers_at_its_price(server, maker):
    """The maker's side of a fill: an order that rested and was taken later, by someone else. The demo's
    takers buy at the best ask, which this one is while the demo's price stays; if the price moves away
    first (its ladder then sits below the ask), the untouched ask is cancelled and placed again."""
    before = holdings(maker)
    # KRW and BTC of asks given up on that a taker reached first, in part (between the look and the cancel).
    given_up, given_up_volume = Decimal(0), Decimal(0)
    for _ in range(5):
        ask, price = rest_an_ask_inside_the_spread(server[0], maker)
        deadline = time.monotonic() + 40
        while (order := maker.fetch_order(ask["id"], SYMBOL))["status"] == "open":
            # A partly filled ask waits for the rest (the next taker); an untouched one only until the deadline.
            if time.monotonic() > deadline + (60 if order["filled"] else 0):
                break
            time.sleep(0.2)
        if order["status"] == "closed":
            filled = order
            break
        assert order["filled"] == 0, f"partly filled and then left: {order['info']}"
        # Cancelled for sure before the next one (a cancel refused under a busy suite's load, or taken in
        # between, would otherwise leave it to fill later and move the balance this test checks).
        for _ in range(20):
            try:
                maker.cancel_order(ask["id"], SYMBOL)
            except ccxt.BaseError:
                pass  # taken between the look and the cancel, or refused for now: the next look says which
            if (order := maker.fetch_order(ask["id"], SYMBOL))["status"] != "open":
                break
            time.sleep(0.5)
        if order["status"] == "closed":
            filled = order
            break
        assert order["status"] == "canceled", f"the ask given up on is still open: {order['info']}"
        if order["filled"]:
            sold, partial = totals(fills(order, "ask"))
            given_up, given_up_volume = given_up + partial - fee(partial), given_up_volume + sold
    else:
        raise AssertionError("the demo's takers filled none of five asks inside its spread")
    made = fills(filled, "ask")
    assert {price for price, _, _ in made} == {price}, "a resting order trades at its own price"
    volume, funds = totals(made)
    assert volume == Decimal("0.0002") and funds == price * Decimal("0.0002")
    assert filled["remaining"] == 0 and ask["id"] in ids(maker.fetch_closed_orders(SYMBOL))

    after = holdings(maker)
    assert change(before, after, "KRW") == (funds - fee(funds) + given_up, 0)
    assert change(before, after, "BTC") == (Decimal("-0.0002") - given_up_volume, 0)


# MARK: - Errors


def test_too_little_money_or_coin_is_insufficient_funds(trader):
    before = holdings(trader)
    with pytest.raises(ccxt.InsufficientFunds, match="insufficient_funds_bid"):
        trader.create_order(SYMBOL, "limit", "buy", 1, 50_000_000)  # 50,025,000 KRW
    with pytest.raises(ccxt.InsufficientFunds, match="insufficient_funds_ask"):
        trader.create_order(SYMBOL, "limit", "sell", 100, 90_000_000)
    with pytest.raises(ccxt.InsufficientFunds, match="insufficient_funds_bid"):
        trader.create_order(SYMBOL, "market", "buy", None, None, {"cost": 100_000_000})
    assert holdings(trader) == before and trader.fetch_open_orders(SYMBOL) == []


def test_an_order_under_the_minimum_total_is_refused(trader):
    with pytest.raises(ccxt.ExchangeError, match="under_min_total_bid"):
        trader.create_order(SYMBOL, "limit", "buy", 0.00001, 50_000_000)  # 500 KRW < 5,000
    with pytest.raises(ccxt.ExchangeError, match="under_min_total_ask"):
        trader.create_order(SYMBOL, "limit", "sell", 0.00001, 90_000_000)  # 900 KRW < 5,000
    assert trader.fetch_open_orders(SYMBOL) == []


def test_the_trading_fee_is_the_markets_bid_and_ask_fee(trader):
    fees = trader.fetch_trading_fee(SYMBOL)
    assert fees["maker"] == 0.0005 and fees["taker"] == 0.0005


def test_an_unknown_order_is_not_found(trader):
    with pytest.raises(ccxt.OrderNotFound):
        trader.fetch_order(UNKNOWN_UUID, SYMBOL)
    with pytest.raises(ccxt.OrderNotFound):
        trader.cancel_order(UNKNOWN_UUID, SYMBOL)


def test_another_account_can_neither_see_nor_cancel_an_order(trader, maker):
    mine = trader.create_order(SYMBOL, "limit", "buy", 0.001, 48_000_000)
    with pytest.raises(ccxt.OrderNotFound):
        maker.fetch_order(mine["id"], SYMBOL)
    with pytest.raises(ccxt.OrderNotFound):
        maker.cancel_order(mine["id"], SYMBOL)
    assert mine["id"] not in ids(maker.fetch_open_orders(SYMBOL))
    assert trader.fetch_order(mine["id"], SYMBOL)["status"] == "open"


def test_a_finished_order_cannot_be_cancelled(trader):
    order = trader.create_order(SYMBOL, "limit", "buy", 0.001, 50_000_000)
    trader.cancel_order(order["id"], SYMBOL)
    with pytest.raises(ccxt.OrderNotFound):
        trader.cancel_order(order["id"], SYMBOL)


# MARK: - Closed orders by time


def test_fetch_closed_orders_honours_since_limit_and_until(server, trader):
    since = int(time.time()) * 1000  # a whole second: order times carry whole seconds
    limit = through_the_asks(server[0])
    buys = [trader.create_order(SYMBOL, "limit", "buy", 0.001, limit)["id"] for _ in range(3)]
    assert all(trader.fetch_order(order_id, SYMBOL)["status"] == "closed" for order_id in buys)

    closed = trader.fetch_closed_orders(SYMBOL, since=since)  # start_time=<ms>
    assert set(buys) <= set(ids(closed))
    assert all(order["status"] == "closed" and order["timestamp"] >= since for order in closed)

    newest = trader.fetch_closed_orders(SYMBOL, since=since, limit=2)  # limit=2, newest first
    assert set(ids(newest)) == set(buys[1:]), "limit keeps the newest two (order_by desc)"

    before = trader.fetch_closed_orders(SYMBOL, since=since - 3_600_000, params={"until": since - 1})  # end_time
    assert not set(buys) & set(ids(before))
    assert all(order["timestamp"] < since for order in before)


# MARK: - The wire shape


def test_post_orders_answers_201_with_upbits_fields_and_get_order_adds_trades(server):
    base, trader_key, _ = server
    status, headers, created = signed(base, trader_key, "POST", "/v1/orders", [
        ("market", "KRW-BTC"), ("side", "bid"), ("ord_type", "limit"), ("price", "45000000"), ("volume", "0.0002"),
    ])
    assert status == 201, created
    assert set(created) == CREATED_FIELDS, f"fields: {sorted(created)}"
    assert_amounts_are_decimal_strings(created)
    assert created["trades_count"] == 0 and isinstance(created["trades_count"], int)
    assert (created["side"], created["ord_type"], created["state"], created["market"]) == \
        ("bid", "limit", "wait", "KRW-BTC")
    assert (created["price"], created["volume"], created["remaining_volume"], created["executed_volume"]) == \
        ("45000000", "0.0002", "0.0002", "0")
    assert (created["reserved_fee"], created["remaining_fee"], created["paid_fee"], created["locked"]) == \
        ("4.5", "4.5", "0", "9004.5")
    assert (created["prevented_volume"], created["prevented_locked"]) == ("0", "0")
    assert KST_TIME.fullmatch(created["created_at"]), created["created_at"]
    made = datetime.fromisoformat(created["created_at"])
    assert made.utcoffset() == timedelta(hours=9)
    assert abs(made - datetime.now(timezone.utc)) < timedelta(minutes=1)
    assert re.fullmatch(r"group=order; min=\d+; sec=\d+", headers.get("Remaining-Req", "")), \
        headers.get("Remaining-Req")

    status, _, fetched = signed(base, trader_key, "GET", "/v1/order", [("uuid", created["uuid"])])
    assert status == 200, fetched
    assert set(fetched) == CREATED_FIELDS | {"trades"} and fetched["trades"] == []
    assert {field: fetched[field] for field in CREATED_FIELDS} == created

    status, _, cancelled = signed(base, trader_key, "DELETE", "/v1/order", [("uuid", created["uuid"])])
    assert status == 200 and cancelled["uuid"] == created["uuid"], cancelled
    assert cancelled["state"] == "wait", "Upbit answers a cancel with the order as it was"
    assert "trades" not in cancelled
    status, _, fetched = signed(base, trader_key, "GET", "/v1/order", [("uuid", created["uuid"])])
    assert status == 200 and fetched["state"] == "cancel" and fetched["locked"] == "0", fetched


def test_get_order_lists_each_fill_with_upbits_trade_fields(server):
    base, trader_key, _ = server
    limit = through_the_asks(base)
    status, _, created = signed(base, trader_key, "POST", "/v1/orders", [
        ("market", "KRW-BTC"), ("side", "bid"), ("ord_type", "limit"), ("price", str(limit)), ("volume", "0.0015"),
    ])
    assert status == 201, created
    status, _, order = signed(base, trader_key, "GET", "/v1/order", [("uuid", created["uuid"])])
    assert status == 200, order
    assert order["state"] == "done" and order["trades_count"] == len(order["trades"]) >= 1
    assert_amounts_are_decimal_strings(order)
    for trade in order["trades"]:
        assert {"market", "uuid", "price", "volume", "funds", "trend", "created_at", "side", "bid_fee"} <= set(trade)
        assert (trade["market"], trade["side"], trade["trend"]) == ("KRW-BTC", "bid", "up"), "a buyer took it"
        assert PLAIN_DECIMAL.fullmatch(trade["price"]) and PLAIN_DECIMAL.fullmatch(trade["volume"]), trade
        assert Decimal(trade["funds"]) == Decimal(trade["price"]) * Decimal(trade["volume"]), trade
        assert Decimal(trade["price"]) < limit, trade
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+09:00", trade["created_at"])
    funds = sum(Decimal(trade["funds"]) for trade in order["trades"])
    assert sum(Decimal(trade["volume"]) for trade in order["trades"]) == Decimal("0.0015")
    assert Decimal(order["paid_fee"]) == fee(funds)
    assert order["executed_volume"] == "0.0015" and order["remaining_volume"] == "0" and order["locked"] == "0"
