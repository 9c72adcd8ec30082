"""Alerts (issue #19) as clients meet them, over real sockets: set over REST, fired by the server once into
the inbox, pushed as `notification` on the auction socket and as `myAlert` on the private exchange socket
(to a connection that asks for it only: Upbit's own clients never see one), and kept across a SIGKILL and
restart: an alert set before the crash fires after it, exactly once."""

import asyncio
import json
import time

import pytest
import requests
import websockets

from bourse_process import BINARY, own_server, set_password
from test_auction_socket import Socket

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

PASSWORD = "password of ann"


def sign_in(base: str) -> str:
    answer = requests.post(f"{base}/auction/v1/sessions", json={"username": "ann", "password": PASSWORD}, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()["token"]


def alerts(base: str, token: str) -> list[dict]:
    answer = requests.get(f"{base}/auction/v1/me/alerts", headers={"Authorization": "Bearer " + token}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["alerts"]


def inbox(base: str, token: str) -> list[dict]:
    answer = requests.get(f"{base}/auction/v1/me/notifications", headers={"Authorization": "Bearer " + token},
                          timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["notifications"]


def test_an_alert_reaches_the_auction_socket_and_only_the_private_connection_that_asks():
    with own_server("bourse-alerts-", ["ann"], [("KRW", "1000000")]) as (server, keys):
        set_password(server.data_dir, "ann", PASSWORD)
        token = sign_in(server.base)
        ws = server.base.replace("http://", "ws://")
        key = keys[0]

        async def run():
            async with websockets.connect(f"{ws}/auction/v1/stream") as auction, \
                    websockets.connect(f"{ws}/websocket/v1/private",
                                       additional_headers={"Authorization": "Bearer " + key.token(None)}) as asking, \
                    websockets.connect(f"{ws}/websocket/v1/private",
                                       additional_headers={"Authorization": "Bearer " + key.token(None)}) as upbit:
                socket = Socket(auction)
                assert (await socket.request({"type": "auth", "token": token}))["type"] == "authenticated"
                await asking.send(json.dumps([{"ticket": "alerts"}, {"type": "myAlert"}, {"type": "myAsset"}]))
                # What an Upbit client sends: it must not get a type it does not know.
                await upbit.send(json.dumps([{"ticket": "ccxt"}, {"type": "myOrder"}, {"type": "myAsset"}]))
                await asyncio.sleep(0.3)
                # The demo trades KRW-BTC all the time: 1 KRW of 24 h value is passed already, so it fires now.
                made = requests.post(f"{server.base}/auction/v1/me/alerts", headers={"Authorization": "Bearer " + token},
                                     json={"kind": "value_24h", "market": "KRW-BTC", "amount": "1"}, timeout=30)
                assert made.status_code == 201, made.text
                alert = made.json()
                notice = await socket.wait(lambda m: m.get("type") == "notification")
                assert notice["kind"] == "alert" and notice["text"].startswith("KRW-BTC traded "), notice
                assert notice["text"].endswith("in 24 hours (your alert: 1 KRW or more)."), notice
                async with asyncio.timeout(10):
                    while True:
                        pushed = json.loads(await asking.recv())
                        if pushed.get("type") == "myAlert":
                            break
                assert pushed["alert_id"] == alert["alert_id"] and pushed["code"] == "KRW-BTC", pushed
                assert pushed["notification_id"] == notice["notification_id"] and pushed["stream_type"] == "REALTIME"
                assert pushed["text"] == notice["text"]
                # The Upbit-style connection got nothing of it.
                try:
                    async with asyncio.timeout(1):
                        while True:
                            other = json.loads(await upbit.recv())
                            assert other.get("type") != "myAlert", other
                except TimeoutError:
                    pass
                return alert

        alert = asyncio.run(run())
        listed = alerts(server.base, token)
        assert [(a["alert_id"], a["state"]) for a in listed] == [(alert["alert_id"], "fired")], listed
        assert [n["kind"] for n in inbox(server.base, token)] == ["alert"]


def test_an_alert_set_before_a_crash_fires_after_the_restart_exactly_once():
    """On a quiet server (no demo: the test makes every trade, so it knows where the price goes)."""
    names = ["ann", "seller", "buyer"]
    with own_server("bourse-alerts-crash-", names, [("KRW", "100000000"), ("BTC", "1")], demo=False) as (server, keys):
        set_password(server.data_dir, "ann", PASSWORD)
        def trade(price: int):
            # Two accounts without passwords (no inboxes): the seller's ask, then the buyer's bid at the price.
            for side, bot in (("ask", keys[1]), ("bid", keys[2])):
                body = {"market": "KRW-BTC", "side": side, "ord_type": "limit", "price": str(price), "volume": "0.001"}
                query = "&".join(f"{k}={v}" for k, v in body.items())
                placed = requests.post(f"{server.base}/v1/orders", json=body,
                                       headers={"Authorization": "Bearer " + bot.token(query)}, timeout=30)
                assert placed.status_code == 201, placed.text

        trade(90_000_000)
        token = sign_in(server.base)
        made = requests.post(f"{server.base}/auction/v1/me/alerts", headers={"Authorization": "Bearer " + token},
                             json={"kind": "price", "market": "KRW-BTC", "price": "95000000"}, timeout=30)
        assert made.status_code == 201 and made.json()["direction"] == "above", made.text

        server.restart(kill=True)
        token = sign_in(server.base)
        assert [a["state"] for a in alerts(server.base, token)] == ["active"]
        trade(94_000_000)
        trade(96_000_000)
        for _ in range(100):
            if inbox(server.base, token):
                break
            time.sleep(0.05)
        entries = inbox(server.base, token)
        assert [n["text"] for n in entries] == [
            "KRW-BTC rose to 96,000,000 KRW (your alert: at or above 95,000,000 KRW)."], entries

        # Once: another crossing, and another restart, add nothing.
        trade(97_000_000)
        server.restart(kill=True)
        token = sign_in(server.base)
        trade(98_000_000)
        time.sleep(0.5)
        assert len(inbox(server.base, token)) == 1
        assert [a["state"] for a in alerts(server.base, token)] == ["fired"]
