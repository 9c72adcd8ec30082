"""SIGKILL `bourse serve` while many accounts place and cancel orders over HTTP, restart it, and check that
nothing acknowledged was lost (issue #5, item 5).

Each round starts the server on a copy of the same data directory's history, lets six accounts trade with
each other through signed REST calls (limit orders around one price, so they cross, and cancels), kills
the server with SIGKILL at a random moment while requests are in flight, and restarts it. Then:

- every order answered with 201 is there, for its owner, with fills that add up to what it executed;
- each account's KRW and BTC (balance + locked) equal its deposits plus what its orders' records say it
  bought, sold and paid in fees, to the last unit; its locked amounts equal what its open orders lock;
- across accounts, the volume bought equals the volume sold.

Needs BOURSE_BINARY (scripts/realclients sets it); the server runs without the demo, on a free port.
"""

import random
import tempfile
import threading
import time
import urllib.error
from decimal import Decimal

import pytest

from bourse_process import BINARY, Key, Server, make_accounts
pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

ACCOUNTS = 6
DEPOSIT_KRW = Decimal("100000000")
DEPOSIT_BTC = Decimal("10")


def trade(server: Server, key: Key, seed: int, acknowledged: list, stop: threading.Event):
    """Places crossing limit orders (and cancels some of its open ones) until stopped or the server dies."""
    rng = random.Random(seed)
    open_orders = []
    while not stop.is_set():
        try:
            if open_orders and rng.random() < 0.2:
                server.call(key, "DELETE", "/v1/order", [("uuid", open_orders.pop(rng.randrange(len(open_orders))))])
                continue
            side = rng.choice(["bid", "ask"])
            price = 100_000_000 + rng.randint(-3, 3) * 1_000
            volume = rng.choice(["0.001", "0.002", "0.0035"])
            status, body = server.call(key, "POST", "/v1/orders", [
                ("market", "KRW-BTC"), ("side", side), ("ord_type", "limit"), ("price", str(price)),
                ("volume", volume),
            ])
            if status == 201:
                acknowledged.append((key.access, body["uuid"]))
                if body["state"] == "wait":
                    open_orders.append(body["uuid"])
            else:
                assert status in (400,), body  # e.g. insufficient funds after many buys
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            return


def every_order(server: Server, key: Key) -> list[dict]:
    orders, page = [], 1
    while True:
        status, body = server.call(key, "GET", "/v1/orders", [
            ("states[]", "wait"), ("states[]", "done"), ("states[]", "cancel"), ("page", str(page)),
            ("limit", "100"), ("order_by", "asc"),
        ])
        assert status == 200, body
        orders += body
        if len(body) < 100:
            return orders
        page += 1


def check(server: Server, keys: list[Key], acknowledged: list) -> int:
    by_access = {key.access: key for key in keys}
    for access, order_uuid in acknowledged:
        status, order = server.call(by_access[access], "GET", "/v1/order", [("uuid", order_uuid)])
        assert status == 200, f"acknowledged order {order_uuid} is gone after the restart: {order}"
        assert len(order["trades"]) == order["trades_count"], order
        filled = sum((Decimal(fill["volume"]) for fill in order["trades"]), Decimal(0))
        assert filled == Decimal(order["executed_volume"]), order
    bought = sold = Decimal(0)
    for key in keys:
        krw, btc = DEPOSIT_KRW, DEPOSIT_BTC
        locked_krw = locked_btc = Decimal(0)
        for order in every_order(server, key):
            funds, fee = Decimal(order["executed_funds"]), Decimal(order["paid_fee"])
            volume = Decimal(order["executed_volume"])
            if order["side"] == "bid":
                krw -= funds + fee
                btc += volume
                bought += volume
                locked_krw += Decimal(order["locked"])
            else:
                krw += funds - fee
                btc -= volume
                sold += volume
                locked_btc += Decimal(order["locked"])
        status, accounts = server.call(key, "GET", "/v1/accounts")
        assert status == 200, accounts
        held = {row["currency"]: row for row in accounts}
        for currency, expected, locked in (("KRW", krw, locked_krw), ("BTC", btc, locked_btc)):
            row = held[currency]
            assert Decimal(row["balance"]) + Decimal(row["locked"]) == expected, (currency, row, expected)
            assert Decimal(row["locked"]) == locked, (currency, row, locked)
    assert bought == sold
    return len(acknowledged)


def test_acknowledged_orders_and_balances_survive_sigkill():
    with tempfile.TemporaryDirectory(prefix="bourse-crash-orders-") as data_dir:
        keys = make_accounts(
            data_dir, [f"trader{index}" for index in range(ACCOUNTS)],
            [("KRW", str(DEPOSIT_KRW)), ("BTC", str(DEPOSIT_BTC))])
        acknowledged = []
        rng = random.Random(5)
        for round_ in range(3):
            server = Server(data_dir)
            stop = threading.Event()
            threads = [
                threading.Thread(target=trade, args=(server, key, round_ * 100 + index, acknowledged, stop))
                for index, key in enumerate(keys)
            ]
            for thread in threads:
                thread.start()
            started, before = time.time(), len(acknowledged)
            while len(acknowledged) - before < 150 and time.time() - started < 60:
                time.sleep(0.05)
            time.sleep(rng.uniform(0, 0.5))
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            assert len(acknowledged) - before >= 150, f"round {round_}: the server acknowledged too little"
            restarted = Server(data_dir)
            checked = check(restarted, keys, acknowledged)
            restarted.stop()
            print(f"crash round {round_}: SIGKILL, {checked} acknowledged orders checked after the restart")
