"""ccxt.pro's private streams against `/websocket/v1/private`: `watch_orders`, `watch_my_trades` and
`watch_balance`, with keys made by the CLI on a server of this module's own, with the demo trading: the
buyer's crossing limit buy fills against the demo's asks, and each trade the stream shows is one of the
fills `GET /v1/order` lists, fee included; the seller's order, resting far above the market
(demo_market), never shows on the buyer's stream.

ccxt.pro signs the handshake once (HS256, access key and nonce) and reuses the token; Bourse accepts the
reused nonce on WebSocket handshakes, as Upbit does.
"""

import asyncio
import json
from decimal import Decimal

import aiohttp
import ccxt
import ccxt.pro as ccxtpro
import pytest
import websockets

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


def test_a_private_socket_that_asks_gets_what_it_missed_after_a_reconnect(server):
    """Bourse's resume on `/websocket/v1/private` (issue #19) from a raw client (Python `websockets`): with
    `{"resume":{}}` the messages are numbered per topic and the first answer names the epoch; orders placed
    and cancelled (by ccxt, over REST) while the socket was away come after the reconnect's resume, each once,
    in order, before what is new; and a connection of the same key that does not ask gets Upbit's bytes."""
    process, (buyer_key, _) = server
    ws_url = process.base.replace("http://", "ws://") + "/websocket/v1/private"
    rest = ccxt.upbit({"urls": {"api": {"public": process.base, "private": process.base}},
                       "apiKey": buyer_key.access, "secret": buyer_key.secret})
    rest.load_markets()
    request = [{"ticket": "resume"}, {"type": "myOrder", "codes": ["KRW-BTC"]}]

    async def receive(ws, count: int) -> list[dict]:
        got = []
        while len(got) < count:
            got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
        return got

    async def scenario():
        headers = {"Authorization": "Bearer " + buyer_key.token(None)}
        async with websockets.connect(ws_url, additional_headers=headers) as ws:
            await ws.send(json.dumps(request[:1] + [{"resume": {}}] + request[1:]))
            answer, = await receive(ws, 1)
            placed = await asyncio.to_thread(rest.create_order, "BTC/KRW", "limit", "buy", 0.001, 10_000_000)
            first, = await receive(ws, 1)
        # Away: two orders, one cancelled: three messages.
        second = await asyncio.to_thread(rest.create_order, "BTC/KRW", "limit", "buy", 0.001, 10_001_000)
        third = await asyncio.to_thread(rest.create_order, "BTC/KRW", "limit", "buy", 0.001, 10_002_000)
        await asyncio.to_thread(rest.cancel_order, second["id"], "BTC/KRW")
        headers = {"Authorization": "Bearer " + buyer_key.token(None)}
        async with websockets.connect(ws_url, additional_headers=headers) as ws:
            resume = {"resume": {"epoch": answer["epoch"], "myOrder": {"KRW-BTC": first["seq"]}}}
            await ws.send(json.dumps(request[:1] + [resume] + request[1:]))
            resumed, *replayed = await receive(ws, 4)
            fourth = await asyncio.to_thread(rest.create_order, "BTC/KRW", "limit", "buy", 0.001, 10_003_000)
            live, = await receive(ws, 1)
        async with websockets.connect(ws_url, additional_headers=headers) as ws:
            await ws.send(json.dumps(request))
            await asyncio.to_thread(rest.cancel_order, fourth["id"], "BTC/KRW")
            plain, = await receive(ws, 1)
        for order in (placed, third):
            await asyncio.to_thread(rest.cancel_order, order["id"], "BTC/KRW")
        return answer, placed, first, second, third, resumed, replayed, fourth, live, plain

    answer, placed, first, second, third, resumed, replayed, fourth, live, plain = asyncio.run(scenario())
    assert answer["type"] == "resume" and answer["epoch"] and answer["resumed"] == [], answer
    assert first["uuid"] == placed["id"] and first["state"] == "wait" and first["seq"] >= 1, first
    line, = resumed["resumed"]
    assert resumed["epoch"] == answer["epoch"] and line["topic"] == "myOrder" and line["code"] == "KRW-BTC", resumed
    assert line["status"] == "replayed" and line["replayed"] == 3 and line["since"] == first["seq"], line
    assert [(m["uuid"], m["state"]) for m in replayed] == [
        (second["id"], "wait"), (third["id"], "wait"), (second["id"], "cancel")], replayed
    assert [m["seq"] for m in replayed + [live]] == [first["seq"] + n for n in (1, 2, 3, 4)]
    assert live["uuid"] == fourth["id"] and line["seq"] == first["seq"] + 3
    assert plain["uuid"] == fourth["id"] and plain["state"] == "cancel" and "seq" not in plain, plain
