"""pyupbit 0.2.34, unmodified, against Bourse. pyupbit has no base-URL setting (every URL is a literal
`https://api.upbit.com/...`), so the module's `requests` is wrapped to send those URLs here instead: the
harness the reference gives (spec §7.2). Quotation calls go to the demo server; trading, withdrawals and
deposits to a server of this module's own with keys made by the CLI, where the demo trades too: a resting
order sits far below the demo's prices, market orders fill against the demo's book and are checked against
their fills (demo_market).
"""

import contextlib
import re
import time
from decimal import Decimal

import pytest
import pyupbit
import pyupbit.request_api as request_api

from bourse_process import BINARY, cli, own_server
from demo_market import UNIT, assert_far_below, fee, through_the_asks
from support import BASE_URL

UPBIT = "https://api.upbit.com"


class Redirected:
    """`requests` with Upbit's host replaced by `base`."""

    def __init__(self, requests, base: str):
        self.requests, self.base = requests, base

    def _url(self, url: str) -> str:
        return url.replace(UPBIT, self.base)

    def get(self, url, **options):
        return self.requests.get(self._url(url), **options)

    def post(self, url, **options):
        return self.requests.post(self._url(url), **options)

    def delete(self, url, **options):
        return self.requests.delete(self._url(url), **options)


@contextlib.contextmanager
def upbit_at(base: str):
    original = request_api.requests
    request_api.requests = Redirected(original, base)
    try:
        yield
    finally:
        request_api.requests = original


# MARK: - Quotation, against the demo


def test_prices_candles_and_books_of_the_demo():
    with upbit_at(BASE_URL):
        tickers = pyupbit.get_tickers(fiat="KRW")
        assert "KRW-BTC" in tickers
        price = pyupbit.get_current_price("KRW-BTC")
        assert isinstance(price, float) and price > 0
        prices = pyupbit.get_current_price(["KRW-BTC", "KRW-ETH"])
        assert set(prices) == {"KRW-BTC", "KRW-ETH"}
        candles = pyupbit.get_ohlcv("KRW-BTC", interval="minute1", count=5)
        assert candles is not None and len(candles) == 5
        assert list(candles.columns) == ["open", "high", "low", "close", "volume", "value"]
        assert (candles["high"] >= candles["low"]).all()
        daily = pyupbit.get_ohlcv("KRW-BTC", interval="day", count=2)
        assert daily is not None and len(daily) >= 1
        book = pyupbit.get_orderbook("KRW-BTC")
        assert book["market"] == "KRW-BTC" and book["orderbook_units"]


# MARK: - Trading, withdrawals and deposits, on a server of our own

@pytest.fixture(scope="module")
def server():
    if not BINARY:
        pytest.skip("BOURSE_BINARY not set (scripts/realclients sets it)")
    with own_server(
        "bourse-pyupbit-", ["trader", "maker"], [("KRW", "10000000"), ("BTC", "1")], ("--chain-delay", "1")
    ) as (process, keys):
        with upbit_at(process.base):
            yield process, [pyupbit.Upbit(key.access, key.secret) for key in keys]


def test_balances(server):
    _, (trader, _) = server
    balances = trader.get_balances()
    assert {row["currency"] for row in balances} >= {"KRW", "BTC"}
    assert trader.get_balance("KRW") == 10_000_000.0
    assert trader.get_balance("KRW-BTC") == 1.0
    assert trader.get_avg_buy_price("BTC") == 0.0
    assert trader.get_chance("KRW-BTC")["market"]["id"] == "KRW-BTC"
    wallets = trader.get_deposit_withdraw_status()
    assert {"currency", "wallet_state", "net_type"} <= set(wallets[0])
    assert [key["access_key"] for key in trader.get_api_key_list()] == [trader.access]


def test_a_limit_buy_is_listed_fetched_and_cancelled(server):
    process, (trader, _) = server
    assert_far_below(process.base, 50_000_000)
    order = trader.buy_limit_order("KRW-BTC", 50_000_000, 0.001)
    assert re.fullmatch(r"\w+-\w+-\w+-\w+-\w+", order["uuid"]) and order["state"] == "wait"
    assert trader.get_balance("KRW", verbose=True)["locked"] == "50025"
    fetched = trader.get_order(order["uuid"])
    assert fetched["uuid"] == order["uuid"] and fetched["trades"] == []
    assert trader.get_individual_order(order["uuid"])["state"] == "wait"
    waiting = trader.get_order("KRW-BTC")  # the legacy GET /v1/orders Upbit removed
    assert order["uuid"] in [entry["uuid"] for entry in waiting]
    cancelled = trader.cancel_order(order["uuid"])
    assert cancelled["uuid"] == order["uuid"]
    assert trader.get_order(order["uuid"])["state"] == "cancel"
    assert trader.get_balance("KRW") == 10_000_000.0


def held(trader: pyupbit.Upbit, currency: str) -> tuple[Decimal, Decimal]:
    """(balance, locked) of `currency`, exact, from pyupbit's verbose row."""
    row = trader.get_balance(currency, verbose=True)
    return Decimal(row["balance"]), Decimal(row["locked"])


def executed(order: dict) -> tuple[Decimal, Decimal]:
    """(volume, funds) of a finished order's fills, each fill's funds being its price × volume, and its fee
    the fee on them."""
    assert order["trades"] and len(order["trades"]) == order["trades_count"], order
    for trade in order["trades"]:
        assert Decimal(trade["funds"]) == Decimal(trade["price"]) * Decimal(trade["volume"]), trade
    volume = sum(Decimal(trade["volume"]) for trade in order["trades"])
    funds = sum(Decimal(trade["funds"]) for trade in order["trades"])
    assert volume == Decimal(order["executed_volume"]) and Decimal(order["paid_fee"]) == fee(funds), order
    return volume, funds


def test_market_orders_fill_against_the_demos_book(server):
    process, (trader, _) = server
    krw, btc = held(trader, "KRW"), held(trader, "BTC")
    ceiling = through_the_asks(process.base)
    bought = trader.buy_market_order("KRW-BTC", 60_000)  # 60,000 KRW of BTC, the 0.05 % fee on top
    assert bought["ord_type"] == "price"
    done = trader.get_order(bought["uuid"])
    volume, funds = executed(done)
    left = 60_000 - funds
    # Upbit ends a market buy in `cancel` when what is left cannot buy one more 10⁻⁸ BTC.
    assert done["state"] == ("done" if left == 0 else "cancel") and 0 <= left < ceiling * UNIT, done
    assert held(trader, "KRW") == (krw[0] - funds - fee(funds), krw[1])
    assert held(trader, "BTC") == (btc[0] + volume, btc[1])

    krw, btc = held(trader, "KRW"), held(trader, "BTC")
    sell = trader.sell_market_order("KRW-BTC", 0.001)
    sold = trader.get_order(sell["uuid"])
    assert sold["state"] == "done"
    volume, funds = executed(sold)
    assert volume == Decimal("0.001")
    assert held(trader, "KRW") == (krw[0] + funds - fee(funds), krw[1])
    assert held(trader, "BTC") == (btc[0] - volume, btc[1])


def test_errors_are_pyupbits_exception_classes(server, capsys):
    """pyupbit's order methods catch the exception its error table raises, print the class name and return
    None: the name printed is how a pyupbit user tells the errors apart."""
    _, (trader, _) = server
    assert trader.buy_limit_order("KRW-BTC", 50_000_000, 10) is None
    assert trader.buy_limit_order("KRW-BTC", 40_000_000, 0.0001) is None  # 4,000 KRW
    assert trader.sell_limit_order("KRW-BTC", 50_000_000, 5) is None
    # pyupbit sends str(0.00005), which Python writes "5e-05": read as 0.00005 (2,500 KRW), not malformed.
    assert trader.buy_limit_order("KRW-BTC", 50_000_000, 0.00005) is None
    assert capsys.readouterr().out.split() == [
        "InsufficientFundsBid", "UnderMinTotalBid", "InsufficientFundsAsk", "UnderMinTotalBid"]


def test_withdraw_and_deposit_lists(server):
    process, (trader, maker) = server
    made = trader.withdraw_cash(5_000)  # pyupbit sends no two_factor_type
    assert made["state"] == "WAITING" and made["amount"] == "5000"
    withdrawals = trader.get_withdraw_list("KRW")
    assert made["uuid"] in [entry["uuid"] for entry in withdrawals]
    assert trader.get_individual_withdraw_order(made["uuid"], "KRW")["uuid"] == made["uuid"]
    deposits = trader.get_deposit_list("KRW")
    assert deposits and deposits[0]["state"] == "ACCEPTED" and deposits[0]["amount"] == "10000000"

    # A coin withdrawal without net_type (pyupbit sends none) goes to the currency's first network.
    address = "bc1qpyupbitdestination"
    cli(process.data_dir, "withdraw-address", "add", "trader", "BTC", address)
    coin = trader.withdraw_coin("BTC", 0.01, address)
    assert coin["net_type"] == "BTC" and coin["state"] == "WAITING"
    deadline = time.time() + 30
    while trader.get_individual_withdraw_order(coin["uuid"], "BTC")["state"] != "DONE":
        assert time.time() < deadline, "the withdrawal was not done within 30 s"
        time.sleep(0.2)
