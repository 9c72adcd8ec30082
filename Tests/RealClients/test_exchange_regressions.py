"""Regressions of issue #16 in the exchange API, as real clients meet them: ccxt, and raw requests signed as
ccxt signs them, against servers of the tests' own (bourse_process: the demo on unless said otherwise).

- A token whose `query_hash` covers only the JSON body does not let parameters in the URL through: they
  once overrode the signed price and volume (`POST /v1/orders?price=…&volume=…`).
- A flood of unauthenticated requests from one address does not spend the budget of an account signing
  from the same address: the exchange API's rate limit was the address's, counted before authentication.
- An identifier with a control character is refused, and `DELETE /v1/order?identifier=X%00two` cancels
  nothing: SQLite cut identifiers at the NUL, so it cancelled the order named `X`.
- A signed request's nonce, used once, stays used after a restart: the nonces were kept in memory only,
  so a captured token was accepted again once the server restarted (SIGTERM or SIGKILL).
- `/metrics` shows the recovered journal sequence right after a restart: it read 0 until the next commit,
  forever on a quiet server without the demo.
"""

import hashlib
import json
import threading
import time
import urllib.parse
import urllib.request
import uuid
from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, Key, Server, journal_check, own_server
from demo_market import SYMBOL, assert_far_below

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


def make_exchange(base: str, key: Key) -> ccxt.upbit:
    exchange = ccxt.upbit({"urls": {"api": {"public": base, "private": base}}, "apiKey": key.access, "secret": key.secret})
    exchange.load_markets()
    return exchange


def balances(exchange: ccxt.upbit) -> dict[str, tuple[Decimal, Decimal]]:
    """currency -> (balance, locked), exact, from the raw `/v1/accounts` rows."""
    return {row["currency"]: (Decimal(row["balance"]), Decimal(row["locked"])) for row in exchange.fetch_balance()["info"]}


def bearer(token: str) -> dict:
    return {"Authorization": "Bearer " + token}


@pytest.fixture(scope="module")
def server():
    """A server with the demo, and one account (1,000,000 KRW) with a trading key made after the demo's first
    start: (process, key)."""
    with own_server(
        "bourse-exchange-regressions-", ["hardened"], [("KRW", "1000000")], accounts_later=True
    ) as (process, (key,)):
        yield process, key


# MARK: - query_hash covers the query and the body together


def test_url_parameters_beside_a_signed_body_are_refused_and_place_nothing(server):
    process, key = server
    trader = make_exchange(process.base, key)
    assert_far_below(process.base, 45_000_000)
    before = balances(trader)
    body = {"market": "KRW-BTC", "side": "bid", "ord_type": "limit", "price": "40000000", "volume": "0.001"}
    # The hash ccxt and pyupbit sign a POST with: the body's parameters, URL-encoded.
    signed_body = urllib.parse.urlencode(body)

    def post(url_query: str):
        request = urllib.request.Request(
            process.base + "/v1/orders" + url_query, data=json.dumps(body).encode(), method="POST",
            headers={**bearer(key.token(signed_body)), "Content-Type": "application/json"})
        return process.send(request)

    status, answer = post("?price=45000000&volume=0.002")
    assert status == 401 and answer["error"]["name"] == "invalid_query_payload", (status, answer)
    assert trader.fetch_open_orders(SYMBOL) == [] and balances(trader) == before, "nothing was placed"

    # The same token without the URL parameters is a good one: the refusal was theirs.
    status, answer = post("")
    assert status == 201 and (answer["price"], answer["volume"]) == ("40000000", "0.001"), answer
    trader.cancel_order(answer["uuid"], SYMBOL)
    assert balances(trader) == before


# MARK: - Identifiers with control characters


def test_an_identifier_with_a_nul_is_refused_and_a_nul_finds_nothing(server):
    process, key = server
    trader = make_exchange(process.base, key)
    assert_far_below(process.base, 45_000_000)
    named = trader.create_order(SYMBOL, "limit", "buy", 0.001, 45_000_000, {"clientOrderId": "X"})
    assert named["status"] == "open" and named["clientOrderId"] == "X"
    try:
        with pytest.raises(ccxt.ExchangeError, match="validation_error"):
            trader.create_order(SYMBOL, "limit", "buy", 0.001, 44_000_000, {"clientOrderId": "X\x00one"})
        for identifier in ("X\x00two", "X\x00", "X\n"):
            # ccxt sends DELETE /v1/order?identifier=X%00two, its hash over the decoded query.
            with pytest.raises(ccxt.OrderNotFound):
                trader.privateDeleteOrder({"identifier": identifier})
            with pytest.raises(ccxt.OrderNotFound):
                trader.privateGetOrder({"identifier": identifier})
        kept = trader.privateGetOrder({"identifier": "X"})
        assert kept["uuid"] == named["id"] and kept["state"] == "wait", kept
        assert [order["id"] for order in trader.fetch_open_orders(SYMBOL)] == [named["id"]]
    finally:
        trader.cancel_order(named["id"], SYMBOL)


# MARK: - The exchange API's rate limit is the key's


def test_a_flood_of_unauthenticated_requests_does_not_throttle_a_signed_ccxt_client():
    with own_server("bourse-rate-limit-", ["busy"], [("KRW", "1000000")], ("--rate-limit", "5")) as (process, (key,)):
        client = make_exchange(process.base, key)  # GET /v1/market/all: another group than the flood's
        statuses: list[int] = []
        stop = threading.Event()

        def flood():
            """Unauthenticated GET /v1/accounts from this address, as fast as it goes, until stopped."""
            while not stop.is_set() and len(statuses) < 5_000:
                status, _ = process.send(urllib.request.Request(process.base + "/v1/accounts", headers=bearer("x")))
                statuses.append(status)

        flooding = threading.Thread(target=flood)
        flooding.start()
        try:
            while 429 not in statuses:  # the address's budget (5 a second) is spent
                assert flooding.is_alive(), f"the flood ended without a 429: {statuses[-10:]}"
                time.sleep(0.01)
            throttled = statuses.count(429)
            # Four signed requests (the key may make five a second) while the flood goes on.
            assert client.fetch_balance()["KRW"]["total"] == 1_000_000
            assert client.fetch_open_orders(SYMBOL) == []
            assert client.fetch_trading_fee(SYMBOL)["maker"] == 0.0005
            assert client.fetch_balance()["KRW"]["free"] == 1_000_000
            assert statuses.count(429) > throttled, "the flood was still being throttled meanwhile"
        finally:
            stop.set()
            flooding.join(timeout=30)
        assert set(statuses) == {401, 429}, set(statuses)


# MARK: - Nonces outlive the process


def test_a_used_nonce_is_refused_after_a_restart_and_after_a_crash():
    with own_server("bourse-nonces-", ["replayed"], [("KRW", "1000000")]) as (process, (key,)):
        def accounts(token: str):
            return process.send(urllib.request.Request(process.base + "/v1/accounts", headers=bearer(token)))

        def assert_refused(token: str, when: str):
            status, answer = accounts(token)
            assert status == 401 and answer["error"]["name"] == "nonce_used", (when, status, answer)

        first = key.token(None, nonce=str(uuid.uuid4()))
        status, rows = accounts(first)
        assert status == 200 and {row["currency"] for row in rows} == {"KRW"}, rows
        assert_refused(first, "replayed at once")
        process.restart()
        assert_refused(first, "replayed after SIGTERM and a restart")

        second = key.token(None, nonce=str(uuid.uuid4()))
        assert accounts(second)[0] == 200
        process.restart(kill=True)
        assert_refused(second, "replayed after SIGKILL and a restart")
        assert_refused(first, "replayed after two restarts")
        assert accounts(key.token(None))[0] == 200, "a fresh nonce still passes"


# MARK: - The journal sequence on /metrics after a restart


def test_metrics_show_the_recovered_journal_sequence_right_after_a_restart():
    """Without the demo, so nothing writes the journal after the restart: the gauge can only come from
    recovery."""
    with own_server("bourse-metrics-", ["quiet"], [("KRW", "1000000")], demo=False) as (process, (key,)):
        status, order = process.call(key, "POST", "/v1/orders", [
            ("market", "KRW-BTC"), ("side", "bid"), ("ord_type", "limit"), ("price", "50000000"), ("volume", "0.001"),
        ])
        assert status == 201, order
        running = process.metric("bourse_journal_sequence")
        process.stop()
        summary = journal_check(process.data_dir)
        entries = int(summary.split("entries=")[1].split()[0])
        assert entries == running > 0, (summary, running)
        process.start()
        assert process.metric("bourse_journal_sequence") == entries
