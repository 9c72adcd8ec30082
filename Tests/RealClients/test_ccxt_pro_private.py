"""ccxt.pro's private streams against `/websocket/v1/private`: `watch_orders`, `watch_my_trades` and
`watch_balance`, with keys made by the CLI on a server of this module's own, with the demo trading: the
buyer's crossing limit buy fills against the demo's asks, and each trade the stream shows is one of the
fills `GET /v1/order` lists, fee included; the seller's order, resting far above the market
(demo_market), never shows on the buyer's stream.

ccxt.pro signs the handshake once (HS256, access key and nonce) and reuses the token; Bourse accepts the
reused nonce on WebSocket handshakes, as Upbit does.
"""

import asyncio
from decimal import Decimal

import aiohttp
import ccxt
import ccxt.pro as ccxtpro
import pytest

from bourse_process import BINARY, own_server
from demo_market import assert_far_above, through_the_asks

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.fixture(scope="module")
def server():
    with own_server("bourse-pro-private-", ["buyer", "seller"], [("KRW", "10000000"), ("BTC", "1")]) as running:
        yield running


def client(base: str, key) -> ccxtpro.upbit:
    ws = base.replace("http://", "ws://") + "/websocket/v1"
    return ccxtpro.upbit({
        "urls": {"api": {"public": base, "private": base, "ws": ws}},
        "apiKey": key.access, "secret": key.secret,
    })


def test_watch_orders_my_trades_and_balance_see_a_fill(server):
    process, (buyer_key, seller_key) = server

    async def scenario():
        buyer, seller = client(process.base, buyer_key), client(process.base, seller_key)
        try:
            await buyer.load_markets()
            await seller.load_markets()
            orders = asyncio.ensure_future(buyer.watch_orders("BTC/KRW"))
            trades = asyncio.ensure_future(buyer.watch_my_trades("BTC/KRW"))
            balance = asyncio.ensure_future(buyer.watch_balance())
            await asyncio.sleep(1.0)  # the subscriptions reach the server before anything happens
            ask = await seller.create_order("BTC/KRW", "limit", "sell", 0.001, 400_000_000)
            bid = await buyer.create_order("BTC/KRW", "limit", "buy", 0.004, limit)
            watched = await asyncio.wait_for(orders, 10)
            my_trades = await asyncio.wait_for(trades, 10)
            balances = await asyncio.wait_for(balance, 10)
            fetched = await buyer.fetch_order(bid["id"], "BTC/KRW")
            await seller.cancel_order(ask["id"], "BTC/KRW")
            return ask, bid, watched, my_trades, balances, fetched
        finally:
            await buyer.close()
            await seller.close()

    assert_far_above(process.base, 400_000_000)
    limit = through_the_asks(process.base)
    ask, bid, watched, my_trades, balances, fetched = asyncio.run(scenario())
    assert any(order["id"] == bid["id"] for order in watched), watched
    assert all(order["symbol"] == "BTC/KRW" for order in watched)
    assert not any(order["id"] == ask["id"] for order in watched), "the seller's order is not the buyer's"
    fills = {trade["uuid"]: trade for trade in fetched["info"]["trades"]}
    assert fetched["status"] == "closed" and fetched["filled"] == 0.004, fetched["info"]
    assert my_trades, "watch_my_trades resolved with no trade"
    for trade in my_trades:
        assert trade["order"] == bid["id"] and trade["side"] == "buy" and trade["takerOrMaker"] == "taker"
        assert trade["id"] in fills, f"the streamed trade {trade['id']} is one of the order's fills {list(fills)}"
        fill = fills[trade["id"]]
        assert Decimal(str(trade["price"])) == Decimal(fill["price"]) < limit
        assert Decimal(str(trade["amount"])) == Decimal(fill["volume"])
        assert Decimal(str(trade["fee"]["cost"])) == Decimal(fill["bid_fee"]), (trade["info"], fill)
    assert "KRW" in balances or "BTC" in balances, balances


def test_a_bad_key_cannot_watch(server):
    process, (buyer_key, _) = server

    async def scenario():
        wrong = client(process.base, buyer_key)
        wrong.secret = "x" * 40
        try:
            await asyncio.wait_for(wrong.watch_balance(), 10)
        finally:
            await wrong.close()

    # The server answers INVALID_AUTH and closes; ccxt reports the closed socket, as its own error or as
    # aiohttp's, depending on which side notices first (never a time-out).
    with pytest.raises((ccxt.BaseError, aiohttp.ClientError)):
        asyncio.run(scenario())
