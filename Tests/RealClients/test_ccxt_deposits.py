"""Deposits with ccxt: `fetch_deposits` and `fetch_deposit` list what the CLI credited, and a KRW deposit
through the running server (`POST /v1/deposits/krw`) is credited and listed at once. On a server of this
module's own, with keys made by the CLI."""

from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.fixture(scope="module")
def server():
    with own_server("bourse-deposits-", ["saver", "other"], [("KRW", "250000"), ("BTC", "0.5")]) as running:
        yield running


def exchange(base: str, key) -> ccxt.upbit:
    return ccxt.upbit({"urls": {"api": {"public": base, "private": base}}, "apiKey": key.access, "secret": key.secret})


def test_fetch_deposits_lists_the_cli_deposits(server):
    process, (saver, _) = server
    deposits = exchange(process.base, saver).fetch_deposits()
    by_currency = {deposit["currency"]: deposit for deposit in deposits}
    assert by_currency["KRW"]["amount"] == 250000 and by_currency["BTC"]["amount"] == 0.5
    assert all(deposit["status"] == "ok" and deposit["type"] == "deposit" for deposit in deposits)
    assert by_currency["BTC"]["info"]["net_type"] == "BTC" and "net_type" not in by_currency["KRW"]["info"]
    assert by_currency["KRW"]["info"]["created_at"].endswith("+09:00")
    one = exchange(process.base, saver).fetch_deposit(by_currency["BTC"]["id"])
    assert one["id"] == by_currency["BTC"]["id"] and one["amount"] == 0.5


def test_a_krw_deposit_through_the_api_is_credited_and_only_its_owner_sees_it(server):
    process, (saver, other) = server
    rows = exchange(process.base, saver).fetch_balance()["info"]
    before = Decimal(next(row["balance"] for row in rows if row["currency"] == "KRW"))
    status, body = process.call(saver, "POST", "/v1/deposits/krw", [("amount", "10000"), ("two_factor_type", "kakao")])
    assert status == 201, body
    assert body["state"] == "ACCEPTED" and body["amount"] == "10000" and body["currency"] == "KRW"
    balances = {row["currency"]: row for row in exchange(process.base, saver).fetch_balance()["info"]}
    assert Decimal(balances["KRW"]["balance"]) == before + 10000
    mine = [deposit["id"] for deposit in exchange(process.base, saver).fetch_deposits("KRW")]
    assert body["uuid"] in mine
    theirs = [deposit["id"] for deposit in exchange(process.base, other).fetch_deposits()]
    assert body["uuid"] not in theirs
    status, body = process.call(other, "GET", "/v1/deposit", [("uuid", body["uuid"])])
    assert status == 404 and body["error"]["name"] == "deposit_not_found"


def test_a_deposit_without_two_factor_type_is_a_validation_error(server):
    process, (saver, _) = server
    status, body = process.call(saver, "POST", "/v1/deposits/krw", [("amount", "10000")])
    assert status == 400 and body["error"]["name"] == "validation_error"
