"""Order entry on `/websocket/v1/private` (Bourse's extension for bots, ADR 0019) from a raw client (Python
`websockets`) on a server with the demo trading, checked against ccxt over REST: a bot authenticates once
at the handshake, subscribes to its `myOrder` and trades on the same socket. Its crossing buy fills
against the demo's asks and is answered with the order after matching; the fills come as `myOrder` on the
same connection; a burst of resting orders is answered once each by id and cancelled the same way; a
refused request gets REST's error with its id and the socket goes on; REST sees every order as the
answers said."""

import asyncio
import json
import uuid
from decimal import Decimal

import ccxt
import pytest
import websockets

from bourse_process import BINARY, own_server
from demo_market import through_the_asks

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.fixture(scope="module")
def server():
    with own_server("bourse-order-entry-", ["bot"], [("KRW", "100000000"), ("BTC", "1")]) as running:
        yield running


def place(request_id, side: str, price, volume: str, identifier: str | None = None) -> str:
    params = {"market": "KRW-BTC", "side": side, "ord_type": "limit", "price": str(price), "volume": volume}
    if identifier:
        params["identifier"] = identifier
    return json.dumps({"id": request_id, "method": "place", "params": params})


def test_a_bot_trades_over_its_private_socket_and_rest_agrees(server):
    process, (key,) = server
    ws_url = process.base.replace("http://", "ws://") + "/websocket/v1/private"
    rest = ccxt.upbit({"urls": {"api": {"public": process.base, "private": process.base}},
                       "apiKey": key.access, "secret": key.secret})
    rest.load_markets()
    limit = through_the_asks(process.base)
    taker = f"bot-take-{uuid.uuid4().hex[:12]}"
    burst = range(1000, 1100)

    async def scenario():
        answers: dict = {}
        streamed: list[dict] = []

        async def until(done, what: str) -> None:
            while not done():
                message = json.loads(await asyncio.wait_for(ws.recv(), 15))
                if "id" in message:
                    assert message["id"] not in answers, f"answered twice: {message}"
                    answers[message["id"]] = message
                elif message.get("type") == "myOrder":
                    streamed.append(message)
            return None

        headers = {"Authorization": "Bearer " + key.token(None)}
        async with websockets.connect(ws_url, additional_headers=headers) as ws:
            await ws.send(json.dumps([{"ticket": "bot"}, {"type": "myOrder", "codes": ["KRW-BTC"]}]))
            await asyncio.sleep(0.5)  # the subscription before the first order
            await ws.send(place("take", "bid", limit, "0.002", taker))
            await until(lambda: "take" in answers and any(
                m["identifier"] == taker and m["state"] == "done" for m in streamed), "the taker's fills")
            # A burst of resting bids far under the market, then a cancel of each by its uuid.
            for number in burst:
                await ws.send(place(number, "bid", 10_000_000 + number * 1_000, "0.001"))
            await ws.send(json.dumps({"id": "nonsense", "method": "sell-everything"}))
            await until(lambda: all(n in answers for n in burst) and "nonsense" in answers, "the burst")
            for number in burst:
                order = answers[number]["order"]
                await ws.send(json.dumps({"id": f"cancel-{number}", "method": "cancel",
                                          "params": {"uuid": order["uuid"]}}))
            await until(lambda: all(f"cancel-{n}" in answers for n in burst), "the cancels")
        return answers, streamed

    answers, streamed = asyncio.run(scenario())
    take = answers["take"]
    assert take["type"] == "order", take
    order = take["order"]
    assert order["identifier"] == taker and order["side"] == "bid" and order["market"] == "KRW-BTC", order
    fetched = rest.fetch_order(order["uuid"], "BTC/KRW")
    assert fetched["status"] == "closed" and fetched["filled"] == 0.002, fetched["info"]
    fills = [m for m in streamed if m["identifier"] == taker and m["state"] == "trade"]
    assert fills and sum(Decimal(str(m["volume"])) for m in fills) == Decimal("0.002"), fills
    assert {m["trade_uuid"] for m in fills} == {t["uuid"] for t in fetched["info"]["trades"]}
    assert answers["nonsense"]["type"] == "error", answers["nonsense"]
    assert answers["nonsense"]["error"]["name"] == "validation_error"
    for number in burst:
        assert answers[number]["type"] == "order" and answers[number]["order"]["state"] == "wait", answers[number]
        cancel = answers[f"cancel-{number}"]
        assert cancel["type"] == "cancel" and cancel["order"]["uuid"] == answers[number]["order"]["uuid"], cancel
    uuids = [answers[n]["order"]["uuid"] for n in burst]
    assert len(set(uuids)) == len(burst)
    assert not rest.fetch_open_orders("BTC/KRW"), "every order of the burst was cancelled"
    closed = {o["id"]: o for o in rest.fetch_canceled_orders("BTC/KRW", limit=100)}
    assert set(uuids[-20:]) <= set(closed), "REST lists the cancelled orders"


def test_a_socket_opened_with_a_replayed_token_reads_but_does_not_trade(server):
    """ccxt.pro reconnects with the token it signed first, and the handshake takes it; but a token seen
    before may have been captured, so that socket's orders get REST's `nonce_used`, and it still reads."""
    process, (key,) = server
    ws_url = process.base.replace("http://", "ws://") + "/websocket/v1/private"
    token = key.token(None)

    async def once(request_id: str) -> dict:
        async with websockets.connect(ws_url, additional_headers={"Authorization": "Bearer " + token}) as ws:
            await ws.send(json.dumps([{"ticket": "again"}, {"type": "myAsset"}]))
            await ws.send(place(request_id, "bid", 10_000_000, "0.001"))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message.get("id") == request_id:
                    return message

    first = asyncio.run(once("first"))
    replayed = asyncio.run(once("replayed"))
    assert first["type"] == "order", first
    assert replayed["type"] == "error" and replayed["error"]["name"] == "nonce_used", replayed
    rest = ccxt.upbit({"urls": {"api": {"public": process.base, "private": process.base}},
                       "apiKey": key.access, "secret": key.secret})
    rest.load_markets()
    rest.cancel_order(first["order"]["uuid"], "BTC/KRW")
