"""Trading with ccxt's `upbit` class (only its URLs overridden) against the real matching engine: limit
orders that rest and are cancelled, a market buy by cost and a market sell that fill against another
account, the order queries, fees and errors. On a server of this module's own (no demo), with two accounts
and keys made by the CLI, so every fill is one made here and balances can be checked to the unit.
"""

from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.fixture(scope="module")
def exchanges():
    with own_server("bourse-trading-", ["taker", "maker"], [("KRW", "10000000"), ("BTC", "1")]) as (process, keys):

        def make(key):
            exchange = ccxt.upbit({
                "urls": {"api": {"public": process.base, "private": process.base}},
                "apiKey": key.access, "secret": key.secret,
            })
            exchange.load_markets()
            return exchange

        yield make(keys[0]), make(keys[1])


def holdings(exchange) -> dict:
    return {row["currency"]: (Decimal(row["balance"]), Decimal(row["locked"])) for row in exchange.fetch_balance()["info"]}


def test_a_resting_limit_buy_is_listed_locked_and_cancelled(exchanges):
    taker, _ = exchanges
    order = taker.create_order("BTC/KRW", "limit", "buy", 0.001, 50_000_000)
    assert order["status"] == "open" and order["price"] == 50_000_000 and order["amount"] == 0.001
    assert holdings(taker)["KRW"][1] == Decimal("50025"), "price × volume + the 0.05 % fee is locked"
    fetched = taker.fetch_order(order["id"], "BTC/KRW")
    assert fetched["status"] == "open" and fetched["remaining"] == 0.001 and fetched["trades"] == []
    assert order["id"] in [open_order["id"] for open_order in taker.fetch_open_orders("BTC/KRW")]

    cancelled = taker.cancel_order(order["id"], "BTC/KRW")
    assert cancelled["id"] == order["id"] and cancelled["status"] == "open", "Upbit answers the order as it was"
    assert taker.fetch_order(order["id"], "BTC/KRW")["status"] == "canceled"
    assert order["id"] in [closed["id"] for closed in taker.fetch_canceled_orders("BTC/KRW")]
    # ccxt's fetch_closed_orders asks for state=done only, so a cancelled order is not among them.
    assert order["id"] not in [closed["id"] for closed in taker.fetch_closed_orders("BTC/KRW")]
    assert order["id"] not in [open_order["id"] for open_order in taker.fetch_open_orders("BTC/KRW")]
    assert holdings(taker)["KRW"][1] == 0


def test_a_market_buy_by_cost_fills_against_the_makers_ask(exchanges):
    taker, maker = exchanges
    before_taker, before_maker = holdings(taker), holdings(maker)
    ask = maker.create_order("BTC/KRW", "limit", "sell", 0.01, 60_000_000)
    buy = taker.create_order("BTC/KRW", "market", "buy", None, None, {"cost": 120_000})
    order = taker.fetch_order(buy["id"], "BTC/KRW")
    assert order["status"] == "closed" and order["type"] == "market" and order["side"] == "buy"
    assert order["filled"] == 0.002 and order["cost"] == 120_000 and float(order["fee"]["cost"]) == 60
    assert [(trade["price"], trade["amount"]) for trade in order["trades"]] == [(60_000_000, 0.002)]
    assert float(order["trades"][0]["fee"]["cost"]) == 60

    resting = maker.fetch_order(ask["id"], "BTC/KRW")
    assert resting["status"] == "open" and resting["filled"] == 0.002 and resting["remaining"] == 0.008
    after_taker, after_maker = holdings(taker), holdings(maker)
    assert after_taker["KRW"][0] == before_taker["KRW"][0] - 120_060
    assert after_taker["BTC"][0] == before_taker["BTC"][0] + Decimal("0.002")
    assert after_maker["KRW"][0] == before_maker["KRW"][0] + 120_000 - 60
    assert after_maker["BTC"][1] == Decimal("0.008"), "the rest of the ask stays locked"
    maker.cancel_order(ask["id"], "BTC/KRW")


def test_a_market_sell_fills_against_the_makers_bid(exchanges):
    taker, maker = exchanges
    bid = maker.create_order("BTC/KRW", "limit", "buy", 0.003, 59_000_000)
    sell = taker.create_order("BTC/KRW", "market", "sell", 0.001)
    order = taker.fetch_order(sell["id"], "BTC/KRW")
    assert order["status"] == "closed" and order["filled"] == 0.001 and order["average"] == 59_000_000
    assert order["trades"][0]["price"] == 59_000_000
    assert maker.fetch_order(bid["id"], "BTC/KRW")["remaining"] == 0.002
    closed = taker.fetch_closed_orders("BTC/KRW", since=order["timestamp"] - 1_000)
    assert sell["id"] in [entry["id"] for entry in closed]
    maker.cancel_order(bid["id"], "BTC/KRW")


def test_fees_and_errors_are_what_ccxt_expects(exchanges):
    taker, maker = exchanges
    fee = taker.fetch_trading_fee("BTC/KRW")
    assert fee["maker"] == 0.0005 and fee["taker"] == 0.0005
    with pytest.raises(ccxt.InsufficientFunds):
        taker.create_order("BTC/KRW", "limit", "buy", 10, 50_000_000)
    with pytest.raises(ccxt.ExchangeError):
        taker.create_order("BTC/KRW", "limit", "buy", 0.00001, 50_000_000)  # 500 KRW, under the minimum
    mine = taker.create_order("BTC/KRW", "limit", "buy", 0.001, 40_000_000)
    with pytest.raises(ccxt.OrderNotFound):
        maker.fetch_order(mine["id"], "BTC/KRW")
    with pytest.raises(ccxt.OrderNotFound):
        maker.cancel_order(mine["id"], "BTC/KRW")
    taker.cancel_order(mine["id"], "BTC/KRW")
    with pytest.raises(ccxt.OrderNotFound):
        taker.fetch_order("00000000-0000-4000-8000-000000000000", "BTC/KRW")
