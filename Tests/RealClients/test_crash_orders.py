"""SIGKILL `bourse serve` while many accounts place and cancel orders over HTTP, restart it, and check that
nothing acknowledged was lost (issue #5, item 5). `crash_rounds(withdraw=True)` (test_crash_withdrawals.py)
also withdraws KRW between the orders.

Each round starts the server on a copy of the same data directory's history, lets six accounts trade with
each other through signed REST calls (limit orders around one price, so they cross, and cancels), kills
the server with SIGKILL at a random moment while requests are in flight, and restarts it. Then:

- every order answered with 201 is there, for its owner, with fills that add up to what it executed;
- with withdrawals, every one answered with 201 is there (a half-second chain moves them on across
  restarts);
- each account's KRW and BTC (balance + locked) equal its deposits plus what its orders' records say it
  bought, sold and paid in fees, less what its done withdrawals paid out (amount and fee), to the last
  unit; its locked amounts equal what its open orders and unfinished withdrawals lock;
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
CHAIN = ("--chain-delay", "0.5")


WITHDRAWAL = [("amount", "10000"), ("two_factor_type", "kakao")]  # KRW, 1,000 KRW fee


def trade(
    server: Server, key: Key, seed: int, acknowledged: list, withdrawn: list | None, stop: threading.Event
):
    """Places crossing limit orders (and cancels some of its open ones) until stopped or the server dies."""
    rng = random.Random(seed)
    open_orders = []
    while not stop.is_set():
        try:
            if withdrawn is not None and rng.random() < 0.03:
                status, body = server.call(key, "POST", "/v1/withdraws/krw", WITHDRAWAL)
                assert status == 201, body
                withdrawn.append((key.access, body["uuid"]))
                continue
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


def every_withdrawal(server: Server, key: Key) -> list[dict]:
    withdrawals, page = [], 1
    while True:
        status, body = server.call(key, "GET", "/v1/withdraws", [("page", str(page)), ("limit", "100")])
        assert status == 200, body
        withdrawals += body
        if len(body) < 100:
            return withdrawals
        page += 1


def settled_withdrawals_and_accounts(server: Server, key: Key) -> tuple[list[dict], list[dict]]:
    """An account's withdrawals and balances as of one moment: the chain keeps moving withdrawals on after the
    restart, so the balances are read between two listings that agree (states only move forward, so nothing
    changed in between)."""
    before = every_withdrawal(server, key)
    for _ in range(50):
        status, accounts = server.call(key, "GET", "/v1/accounts")
        assert status == 200, accounts
        after = every_withdrawal(server, key)
        if [(w["uuid"], w["state"]) for w in before] == [(w["uuid"], w["state"]) for w in after]:
            return after, accounts
        before = after
    raise AssertionError("the withdrawals kept changing while the balances were read")


def check(server: Server, keys: list[Key], acknowledged: list, withdrawn: list) -> int:
    by_access = {key.access: key for key in keys}
    for access, withdrawal_uuid in withdrawn:
        status, withdrawal = server.call(by_access[access], "GET", "/v1/withdraw", [("uuid", withdrawal_uuid)])
        assert status == 200, f"acknowledged withdrawal {withdrawal_uuid} is gone after the restart: {withdrawal}"
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
        withdrawals, accounts = settled_withdrawals_and_accounts(server, key)
        for withdrawal in withdrawals:
            # Waiting and processing withdrawals hold their amount and fee locked (still the account's); a
            # done one has paid them out. Cancelled and failed ones gave them back.
            if withdrawal["state"] == "DONE":
                krw -= Decimal(withdrawal["amount"]) + Decimal(withdrawal["fee"])
            if withdrawal["state"] in ("WAITING", "PROCESSING"):
                locked_krw += Decimal(withdrawal["amount"]) + Decimal(withdrawal["fee"])
        held = {row["currency"]: row for row in accounts}
        for currency, expected, locked in (("KRW", krw, locked_krw), ("BTC", btc, locked_btc)):
            row = held[currency]
            assert Decimal(row["balance"]) + Decimal(row["locked"]) == expected, (currency, row, expected)
            assert Decimal(row["locked"]) == locked, (currency, row, locked)
    assert bought == sold
    return len(acknowledged) + len(withdrawn)


def crash_rounds(withdraw: bool):
    """Three rounds of trading (and withdrawing), SIGKILL, restart and check on one data directory."""
    prefix = "bourse-crash-withdrawals-" if withdraw else "bourse-crash-orders-"
    arguments = CHAIN if withdraw else ()
    with tempfile.TemporaryDirectory(prefix=prefix) as data_dir:
        keys = make_accounts(
            data_dir, [f"trader{index}" for index in range(ACCOUNTS)],
            [("KRW", str(DEPOSIT_KRW)), ("BTC", str(DEPOSIT_BTC))])
        acknowledged, withdrawn = [], ([] if withdraw else None)
        rng = random.Random(5)
        for round_ in range(3):
            server = Server(data_dir, arguments)
            stop = threading.Event()
            threads = [
                threading.Thread(target=trade, args=(server, key, round_ * 100 + index, acknowledged, withdrawn, stop))
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
            restarted = Server(data_dir, arguments)
            checked = check(restarted, keys, acknowledged, withdrawn or [])
            restarted.stop()
            print(f"crash round {round_}: SIGKILL, {checked} acknowledged orders and withdrawals checked after the restart")
        assert not withdraw or withdrawn, "no withdrawal was made"


def test_acknowledged_orders_and_balances_survive_sigkill():
    crash_rounds(withdraw=False)
