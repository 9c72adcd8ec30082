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

import base64
import hashlib
import hmac
import json
import os
import random
import re
import signal
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from decimal import Decimal

import pytest

BINARY = os.environ.get("BOURSE_BINARY", "")
pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

ACCOUNTS = 6
DEPOSIT_KRW = Decimal("100000000")
DEPOSIT_BTC = Decimal("10")


def cli(data_dir: str, *arguments: str) -> str:
    done = subprocess.run(
        [BINARY, *arguments, "--data-dir", data_dir], check=True, capture_output=True, text=True, timeout=120
    )
    return done.stdout + done.stderr


class Key:
    def __init__(self, access: str, secret: str):
        self.access, self.secret = access, secret

    def token(self, query: str | None) -> str:
        def b64(data: bytes) -> bytes:
            return base64.urlsafe_b64encode(data).rstrip(b"=")

        claims = {"access_key": self.access, "nonce": str(uuid.uuid4())}
        if query:
            claims["query_hash"] = hashlib.sha512(query.encode()).hexdigest()
            claims["query_hash_alg"] = "SHA512"
        signing = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()) + b"." + b64(json.dumps(claims).encode())
        signature = b64(hmac.new(self.secret.encode(), signing, hashlib.sha256).digest())
        return (signing + b"." + signature).decode()


class Server:
    """One `bourse serve --no-demo` on a free loopback port."""

    def __init__(self, data_dir: str):
        self.log = open(os.path.join(data_dir, f"serve-{time.time_ns()}.log"), "w+")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--no-demo", "--port", "0", "--data-dir", data_dir],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 120
        self.base = None
        while self.base is None:
            assert self.process.poll() is None, self.output()
            assert time.time() < deadline, "the server did not start in 120 s:\n" + self.output()
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.output())
            self.base = found.group(1) if found else None
            time.sleep(0.1)

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def call(self, key: Key, method: str, path: str, params: list[tuple[str, str]] | None = None):
        query = "&".join(f"{name}={value}" for name, value in params) if params else None
        headers = {"Authorization": "Bearer " + key.token(query)}
        url, body = self.base + path, None
        if method == "POST":
            body = json.dumps(dict(params or [])).encode()
            headers["Content-Type"] = "application/json"
        elif params:
            url += "?" + urllib.parse.urlencode(params)
        request = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=60) == 0, self.output()


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
        keys = []
        for index in range(ACCOUNTS):
            name = f"trader{index}"
            cli(data_dir, "account", "create", name)
            output = cli(data_dir, "keys", "create", name, "--scopes", "accounts,orders:read,orders:write")
            access = re.search(r"access key: (\S+)", output).group(1)
            secret = re.search(r"secret key: (\S+)", output).group(1)
            keys.append(Key(access, secret))
            cli(data_dir, "deposit", name, "KRW", str(DEPOSIT_KRW))
            cli(data_dir, "deposit", name, "BTC", str(DEPOSIT_BTC))
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
