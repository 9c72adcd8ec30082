"""The exchange API with keys made by the CLI: ccxt signs its own requests (HS256 JWT, reference §4).

scripts/realclients starts a server (with the demo, as users run it) after `bourse account create`,
`bourse keys create` and two `bourse deposit`s (1,000,000 KRW and 0.25 BTC), and passes the key here.
"""

import json
import os
import urllib.error
import urllib.request

import ccxt
import pytest

PRIVATE_URL = os.environ.get("BOURSE_PRIVATE_URL", "").rstrip("/")
ACCESS_KEY = os.environ.get("BOURSE_ACCESS_KEY", "")
SECRET_KEY = os.environ.get("BOURSE_SECRET_KEY", "")

pytestmark = pytest.mark.skipif(
    not (PRIVATE_URL and ACCESS_KEY and SECRET_KEY),
    reason="BOURSE_PRIVATE_URL and a key not set (scripts/realclients sets them)",
)


def exchange(secret: str = None) -> ccxt.upbit:
    """ccxt's upbit with only its URLs overridden and the CLI's key."""
    return ccxt.upbit({
        "urls": {"api": {"public": PRIVATE_URL, "private": PRIVATE_URL}},
        "apiKey": ACCESS_KEY,
        "secret": secret or SECRET_KEY,
    })


def test_fetch_balance_shows_the_deposits():
    balance = exchange().fetch_balance()
    assert balance["KRW"]["free"] == 1_000_000 and balance["KRW"]["used"] == 0
    assert balance["BTC"]["total"] == 0.25
    raw = {row["currency"]: row for row in balance["info"]}
    assert raw["KRW"]["balance"] == "1000000" and raw["BTC"]["balance"] == "0.25"
    assert raw["KRW"]["unit_currency"] == "KRW"  # pyupbit's get_balance filters on it


def test_fetch_trading_fee_reads_orders_chance():
    fee = exchange().fetch_trading_fee("BTC/KRW")
    assert fee["maker"] == 0.0005 and fee["taker"] == 0.0005
    assert fee["info"]["market"]["bid"]["min_total"] == "5000"
    assert fee["info"]["bid_account"]["balance"] == "1000000"


def test_a_wrong_secret_is_an_authentication_error():
    with pytest.raises(ccxt.AuthenticationError):
        exchange(secret="x" * 40).fetch_balance()


def test_no_token_is_401_in_upbits_shape():
    with pytest.raises(urllib.error.HTTPError) as failure:
        urllib.request.urlopen(PRIVATE_URL + "/v1/accounts", timeout=10)
    assert failure.value.code == 401
    body = json.loads(failure.value.read())
    assert body["error"]["name"] == "no_authorization_token"
