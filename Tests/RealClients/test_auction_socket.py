"""The auction socket (auction-api.md §3) from Python `websockets`, two users bidding against each other on a
`bourse serve` of the test's own with the demo on: request ids echoed, typed errors, `price` events with
per-item sequence numbers to everyone following the item, `outbid` only to the outbid bidder, a resume
with `since` that delivers exactly what was missed, and chat between the seller and both buyers."""

import asyncio
import json
import subprocess

import pytest
import requests
import websockets

from bourse_process import BINARY, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)


class Socket:
    """One signed-in connection that keeps every message it receives."""

    def __init__(self, connection):
        self.connection = connection
        self.received: list[dict] = []
        self.next_id = 0

    async def request(self, message: dict) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, **message}
        await self.connection.send(json.dumps(message))
        return await self.wait(lambda m: m.get("id") == message["id"])

    async def wait(self, matches, timeout: float = 10.0) -> dict:
        for seen in self.received:
            if matches(seen):
                self.received.remove(seen)
                return seen
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.connection.recv()
                assert isinstance(frame, str), "the auction socket sends text frames"
                message = json.loads(frame)
                if matches(message):
                    return message
                self.received.append(message)


def set_password(data_dir: str, name: str) -> None:
    subprocess.run(
        [BINARY, "user", "password", name, "--password-stdin", "--password-cost", "4", "--data-dir", data_dir],
        input=f"password of {name}\n", text=True, check=True, capture_output=True, timeout=120,
    )


def test_two_users_bid_against_each_other_over_the_socket():
    names = ["seller", "ann", "ben"]
    with own_server("bourse-auction-socket-", names, [("KRW", "1000000")]) as (server, _):
        tokens = {}
        for name in names:
            set_password(server.data_dir, name)
            answer = requests.post(
                f"{server.base}/auction/v1/sessions", json={"username": name, "password": f"password of {name}"}, timeout=30
            )
            tokens[name] = answer.json()["token"]
        listed = requests.post(
            f"{server.base}/auction/v1/items", headers={"Authorization": "Bearer " + tokens["seller"]},
            data={"title": "Brass telescope", "start_price": "10000", "duration_seconds": "3600"},
            files=[("photos", ("t.png", PNG, "image/png"))], timeout=30,
        )
        assert listed.status_code == 201, listed.text
        item = listed.json()["id"]
        url = server.base.replace("http://", "ws://") + "/auction/v1/stream"

        async def scenario():
            async with websockets.connect(url) as a, websockets.connect(url) as b:
                ann, ben = Socket(a), Socket(b)
                unauthenticated = await ann.request({"type": "bid", "item": item, "max": "20000"})
                assert unauthenticated["type"] == "error" and unauthenticated["error"]["name"] == "unauthorized"
                bad = await ann.request({"type": "auth", "token": "not a token"})
                assert bad["error"]["name"] == "unauthorized"
                for socket, name in ((ann, "ann"), (ben, "ben")):
                    assert (await socket.request({"type": "auth", "token": tokens[name]}))["type"] == "authenticated"
                    subscribed = await socket.request({"type": "subscribe", "items": [item]})
                    assert subscribed["type"] == "subscribed" and subscribed["items"] == [item]
                    snapshot = await socket.wait(lambda m: m.get("type") == "item" and m.get("item") == item)
                    assert snapshot["title"] == "Brass telescope" and snapshot["seq"] == 1 and "server_time" in snapshot

                low = await ben.request({"type": "bid", "item": item, "max": "9000"})
                assert low["error"]["name"] == "bid_too_low"
                first = await ben.request({"type": "bid", "item": item, "max": "30000"})
                assert first["type"] == "bid.accepted" and first["leading"] is True and first["price"] == "10000"
                seen = await ann.wait(lambda m: m.get("type") == "price" and m.get("seq") == 2)
                assert seen["price"] == "10000" and seen["leader"] == "bidder 1"

                second = await ann.request({"type": "bid", "item": item, "max": "50000"})
                assert second["leading"] is True and second["price"] == "31000"
                outbid = await ben.wait(lambda m: m.get("type") == "outbid")
                assert outbid["item"] == item and outbid["your_max"] == "30000" and outbid["price"] == "31000"
                # And in his inbox (issue #19), pushed with his unread count.
                notice = await ben.wait(lambda m: m.get("type") == "notification")
                assert notice["kind"] == "outbid" and notice["item"] == item and notice["unread"] == 1
                assert "Brass telescope" in notice["text"] and "30,000 won" in notice["text"]
                price = await ben.wait(lambda m: m.get("type") == "price" and m.get("seq") == 3)
                assert price["leader"] == "bidder 2" and price["previous_price"] == "10000"
                pong = await ann.request({"type": "ping"})
                assert pong["type"] == "pong" and pong["server_time"] > 0
                await ann.wait(lambda m: m.get("type") == "price" and m.get("seq") == 3)
                assert not [m for m in ann.received if m.get("type") == "outbid"], "outbid went to the leader"

            inbox = requests.get(
                f"{server.base}/auction/v1/me/notifications?unread=true",
                headers={"Authorization": "Bearer " + tokens["ben"]}, timeout=30,
            ).json()
            assert inbox["unread"] == 1 and [n["kind"] for n in inbox["notifications"]] == ["outbid"]
            marked = requests.post(
                f"{server.base}/auction/v1/me/notifications/read", json={},
                headers={"Authorization": "Bearer " + tokens["ben"]}, timeout=30,
            )
            assert marked.status_code == 200 and marked.json() == {"unread": 0}

            # Ben comes back having seen sequence 2: he gets exactly the change he missed.
            async with websockets.connect(url) as b:
                ben = Socket(b)
                await ben.request({"type": "auth", "token": tokens["ben"]})
                await ben.request({"type": "subscribe", "items": [item], "since": {str(item): 2}})
                missed = await ben.wait(lambda m: m.get("item") == item and m.get("type") in ("price", "item"))
                assert missed["type"] == "price" and missed["seq"] == 3
                unknown = await ben.request({"type": "teleport"})
                assert unknown["type"] == "error" and unknown["error"]["name"] == "invalid_parameter"

            # Chat (issue #19): the seller and both buyers on the item's public thread, and Ben's private room.
            async with websockets.connect(url) as a, websockets.connect(url) as b, websockets.connect(url) as s:
                ann, ben, seller = Socket(a), Socket(b), Socket(s)
                room = f"item:{item}"
                for socket, name in ((ann, "ann"), (ben, "ben"), (seller, "seller")):
                    await socket.request({"type": "auth", "token": tokens[name]})
                    joined = await socket.request({"type": "chat.join", "room": room})
                    assert joined["type"] == "chat.joined" and joined["messages"] == [] and joined["gap"] is False
                sent = await ann.request({"type": "chat.send", "room": room, "text": "Does it focus?", "client_msg_id": "q1"})
                assert sent["type"] == "chat.sent" and sent["seq"] == 1 and sent["posted"] is True
                for socket in (ben, seller):
                    heard = await socket.wait(lambda m: m.get("type") == "chat.message" and m.get("seq") == 1)
                    assert heard["from"] == "ann" and heard["text"] == "Does it focus?" and heard["from_seller"] is False
                again = await ann.request({"type": "chat.send", "room": room, "text": "Does it focus?", "client_msg_id": "q1"})
                assert again["posted"] is False and again["message_id"] == sent["message_id"]
                await seller.request({"type": "chat.typing", "room": room})
                typing = await ann.wait(lambda m: m.get("type") == "chat.typing")
                assert typing["from"] == "seller"
                answer = await seller.request({"type": "chat.send", "room": room, "text": "Sharp to infinity."})
                heard = await ann.wait(lambda m: m.get("type") == "chat.message" and m.get("seq") == answer["seq"])
                assert heard["from_seller"] is True and answer["seq"] == 2
                # Ben's private room with the seller: he bid, so he may open it; Ann may not even join it.
                private = f"dm:{item}:ben"
                refused = await ann.request({"type": "chat.join", "room": private})
                assert refused["type"] == "error" and refused["error"]["name"] == "forbidden"
                await seller.request({"type": "chat.join", "room": private})
                await ben.request({"type": "chat.send", "room": private, "text": "Would you take 40,000?"})
                offer = await seller.wait(lambda m: m.get("type") == "chat.message" and m.get("room") == private)
                assert offer["from"] == "ben" and offer["text"] == "Would you take 40,000?"
                assert not [m for m in ann.received if m.get("room") == private], "a private message reached Ann"

        asyncio.run(scenario())
