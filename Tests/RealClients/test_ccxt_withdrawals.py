"""Withdrawals and coin deposits with ccxt against the simulated chains: `create_deposit_address` (first
AddressPending, as on Upbit, then the address), `fetch_deposit_address(es)`, a withdrawal address
registered with the CLI while the server runs, `withdraw` to it, `fetch_withdrawal(s)` through WAITING,
PROCESSING and DONE, and the other account's `fetch_deposits` seeing the same txid arrive and be credited.
Also the refusals ccxt users meet: an unregistered address, too little, and a paused wallet. On a server of
this module's own with a one-second chain.
"""

import time
from decimal import Decimal

import ccxt
import pytest

from bourse_process import BINARY, cli, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.fixture(scope="module")
def server():
    with own_server(
        "bourse-withdrawals-", ["sender", "receiver"], [("KRW", "1000000"), ("BTC", "1")], ("--chain-delay", "1")
    ) as running:
        yield running


def exchange(base: str, key) -> ccxt.upbit:
    made = ccxt.upbit({"urls": {"api": {"public": base, "private": base}}, "apiKey": key.access, "secret": key.secret})
    made.load_markets()
    return made


def btc(client: ccxt.upbit) -> tuple[Decimal, Decimal]:
    row = next(row for row in client.fetch_balance()["info"] if row["currency"] == "BTC")
    return Decimal(row["balance"]), Decimal(row["locked"])


def wait_for(fetch, done, seconds: float = 30):
    deadline = time.time() + seconds
    while True:
        value = fetch()
        if done(value) or time.time() > deadline:
            return value
        time.sleep(0.2)


def test_a_withdrawal_to_another_accounts_address_arrives_as_its_deposit(server):
    process, (sender_key, receiver_key) = server
    sender, receiver = exchange(process.base, sender_key), exchange(process.base, receiver_key)

    with pytest.raises(ccxt.AddressPending):
        receiver.create_deposit_address("BTC")
    made = receiver.create_deposit_address("BTC")
    address = made["address"]
    assert address.startswith("bc1q") and made["currency"] == "BTC"
    assert receiver.fetch_deposit_address("BTC", {"network": "BTC"})["address"] == address
    assert [entry["address"] for entry in receiver.fetch_deposit_addresses()] == [address]

    with pytest.raises(ccxt.ExchangeError, match="withdraw_address_not_registered"):
        sender.withdraw("BTC", 0.1, address, params={"net_type": "BTC"})
    output = cli(process.data_dir, "withdraw-address", "add", "sender", "BTC", address)
    assert "Registered BTC (BTC)" in output

    before = btc(sender)
    withdrawal = sender.withdraw("BTC", 0.1, address, params={"net_type": "BTC"})
    assert withdrawal["type"] == "withdrawal" and withdrawal["amount"] == 0.1
    assert withdrawal["info"]["state"] == "WAITING" and withdrawal["info"]["is_cancelable"] is True
    assert btc(sender) == (before[0] - Decimal("0.1005"), before[1] + Decimal("0.1005")), "amount and fee locked"

    done = wait_for(lambda: sender.fetch_withdrawal(withdrawal["id"]), lambda w: w["info"]["state"] == "DONE")
    assert done["status"] == "ok" and done["txid"] and done["fee"]["cost"] == 0.0005
    assert btc(sender) == (before[0] - Decimal("0.1005"), before[1])
    assert withdrawal["id"] in [entry["id"] for entry in sender.fetch_withdrawals("BTC")]

    arrived = wait_for(
        lambda: [entry for entry in receiver.fetch_deposits("BTC") if entry["txid"] == done["txid"]],
        lambda found: found and found[0]["info"]["state"] == "ACCEPTED")
    assert arrived and arrived[0]["amount"] == 0.1 and arrived[0]["status"] == "ok"
    assert btc(receiver)[0] == Decimal("1.1")


def test_refusals_are_ccxt_errors(server):
    process, (sender_key, _) = server
    sender = exchange(process.base, sender_key)
    cli(process.data_dir, "withdraw-address", "add", "sender", "BTC", "bc1qexternalwallet")
    with pytest.raises(ccxt.ExchangeError, match="under_min_amount"):
        sender.withdraw("BTC", 0.0001, "bc1qexternalwallet", params={"net_type": "BTC"})
    with pytest.raises(ccxt.InsufficientFunds):
        sender.withdraw("BTC", 50, "bc1qexternalwallet", params={"net_type": "BTC"})
    with pytest.raises(ccxt.ArgumentsRequired):
        sender.withdraw("BTC", 0.01, "bc1qexternalwallet")  # ccxt itself wants the network


def test_a_krw_withdrawal_is_listed_with_its_fee(server):
    process, (sender_key, _) = server
    sender = exchange(process.base, sender_key)
    made = sender.withdraw("KRW", 10000, "", params={"two_factor_type": "kakao"})
    assert made["currency"] == "KRW" and made["amount"] == 10000 and made["fee"]["cost"] == 1000
    listed = sender.fetch_withdrawals("KRW")
    assert made["id"] in [entry["id"] for entry in listed]
