"""SIGKILL `bourse serve` while many accounts place and cancel orders over HTTP, restart it, and check that
nothing acknowledged was lost (issue #5, item 5). `crash_rounds(withdraw=True)` (test_crash_withdrawals.py)
also withdraws KRW between the orders.

Each round starts the server on the same data directory, with the demo on as users run it, lets six
accounts trade through signed REST calls (limit orders a few ticks around the demo's last price, so they
cross each other and the demo's takers cross them, and cancels), kills the server with SIGKILL at a random
moment while requests are in flight, and restarts it. Then, while the demo keeps trading:

- every order answered with 201 is there, for its owner, with fills that add up to what it executed;
- with withdrawals, every one answered with 201 is there (a half-second chain moves them on across
  restarts);
- each account's KRW and BTC (balance + locked) equal its deposits plus what its orders' records say it
  bought, sold and paid in fees, less what its done withdrawals paid out (amount and fee), to the last
  unit; its locked amounts equal what its open orders and unfinished withdrawals lock (read between two
  listings that agree, as the demo's takers may fill an open order at any moment);
- a trade between two of the accounts is the same trade, with the same price, volume and funds, on the
  buyer's order and on the seller's (the others traded with the demo, whose accounts the API does not
  show).

After the last round, `bourse journal check` on the stopped server's data directory finds the ledger's
invariants (every unit accounted for, the demo's accounts included) and the stored order history in order.

Needs BOURSE_BINARY (scripts/realclients sets it); the server runs on a free port.
"""

import random
import tempfile
import threading
import time
import urllib.error
from decimal import Decimal

import pytest

from bourse_process import BINARY, Key, Server, journal_check, make_accounts
from demo_market import last_price

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

ACCOUNTS = 6
DEPOSIT_KRW = Decimal("100000000")
DEPOSIT_BTC = Decimal("10")
CHAIN = ("--chain-delay", "0.5")


WITHDRAWAL = [("amount", "10000"), ("two_factor_type", "kakao")]  # KRW, 1,000 KRW fee


def trade(
    server: Server, key: Key, seed: int, center: int, acknowledged: list, withdrawn: list | None,
    stop: threading.Event,
):
    """Places limit orders within 3 ticks of `center` (and cancels some of its open ones) until stopped or the
    server dies."""
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
            price = center + rng.randint(-3, 3) * 1_000
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


def settled(server: Server, key: Key) -> tuple[list[dict], list[dict], list[dict]]:
    """An account's orders, withdrawals and balances as of one moment: the demo's takers may fill an open
    order and the chain moves withdrawals on at any time after the restart, so the balances are read between
    two listings that agree (orders and withdrawals only move forward, so nothing changed in between)."""

    def listing():
        orders, withdrawals = every_order(server, key), every_withdrawal(server, key)
        seen = ([(o["uuid"], o["state"], o["executed_volume"], o["paid_fee"]) for o in orders],
                [(w["uuid"], w["state"]) for w in withdrawals])
        return orders, withdrawals, seen

    *_, before = listing()
    for _ in range(100):
        status, accounts = server.call(key, "GET", "/v1/accounts")
        assert status == 200, accounts
        orders, withdrawals, after = listing()
        if before == after:
            return orders, withdrawals, accounts
        before = after
    raise AssertionError("the orders and withdrawals kept changing while the balances were read")


def check(server: Server, keys: list[Key], acknowledged: list, withdrawn: list) -> tuple[int, int]:
    """Checks the restarted server (see the module's doc); returns how many acknowledged orders and
    withdrawals it checked, and how many trades it found between two of the accounts."""
    by_access = {key.access: key for key in keys}
    for access, withdrawal_uuid in withdrawn:
        status, withdrawal = server.call(by_access[access], "GET", "/v1/withdraw", [("uuid", withdrawal_uuid)])
        assert status == 200, f"acknowledged withdrawal {withdrawal_uuid} is gone after the restart: {withdrawal}"
    # Each trade of the accounts as the orders record it: trade uuid -> [(side, price, volume, funds)].
    recorded: dict[str, list[tuple]] = {}
    for access, order_uuid in acknowledged:
        status, order = server.call(by_access[access], "GET", "/v1/order", [("uuid", order_uuid)])
        assert status == 200, f"acknowledged order {order_uuid} is gone after the restart: {order}"
        assert len(order["trades"]) == order["trades_count"], order
        filled = sum((Decimal(fill["volume"]) for fill in order["trades"]), Decimal(0))
        assert filled == Decimal(order["executed_volume"]), order
        for fill in order["trades"]:
            recorded.setdefault(fill["uuid"], []).append((fill["side"], fill["price"], fill["volume"], fill["funds"]))
    between = 0
    for trade_uuid, sides in recorded.items():
        # Once: a trade with the demo. Twice: a trade between two accounts, the same on both orders.
        assert len(sides) in (1, 2), (trade_uuid, sides)
        if len(sides) == 2:
            assert sorted(side for side, *_ in sides) == ["ask", "bid"] and sides[0][1:] == sides[1][1:], \
                (trade_uuid, sides)
            between += 1
    for key in keys:
        krw, btc = DEPOSIT_KRW, DEPOSIT_BTC
        locked_krw = locked_btc = Decimal(0)
        orders, withdrawals, accounts = settled(server, key)
        for order in orders:
            funds, fee = Decimal(order["executed_funds"]), Decimal(order["paid_fee"])
            volume = Decimal(order["executed_volume"])
            if order["side"] == "bid":
                krw -= funds + fee
                btc += volume
                locked_krw += Decimal(order["locked"])
            else:
                krw += funds - fee
                btc -= volume
                locked_btc += Decimal(order["locked"])
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
    return len(acknowledged) + len(withdrawn), between


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
        between = 0
        for round_ in range(3):
            server = Server(data_dir, arguments)
            center = int(last_price(server.base)) // 1_000 * 1_000
            stop = threading.Event()
            threads = [
                threading.Thread(
                    target=trade, args=(server, key, round_ * 100 + index, center, acknowledged, withdrawn, stop))
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
            checked, between = check(restarted, keys, acknowledged, withdrawn or [])
            restarted.stop()
            print(f"crash round {round_}: SIGKILL, {checked} acknowledged orders and withdrawals checked after the "
                  f"restart, {between} trades between the accounts")
        assert not withdraw or withdrawn, "no withdrawal was made"
        assert between > 0, "no two of the accounts ever traded with each other: the pairing above checked nothing"
        summary = journal_check(data_dir)
        assert " recovery=same " in summary and summary.endswith(" violations=0"), summary


def test_acknowledged_orders_and_balances_survive_sigkill():
    crash_rounds(withdraw=False)
