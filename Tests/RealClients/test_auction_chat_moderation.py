"""Chat moderation (issue #19) as users meet it, on a `bourse serve` of the test's own with the demo on: a
seller and three buyers, each on their own auction socket (Python `websockets`) and REST (`requests`), in
the item's public thread. Ben reports Ann's advert and the seller sees the report; the seller mutes Ann (her
socket hears `chat.sanctioned`, her sends are `muted` with the mute's end in `until`, her typing reaches no
one, she reads her own mute in the room's sanctions and Ben reads none), lets her back, and deletes the
advert (every member hears `chat.deleted`; history keeps it deleted with no text); Ben is away while Ann
deletes a message he had, and his join with `since` lists it in `deleted`; slow mode slows Ben (the error's
`retry_after` says how long) but not the seller; with links off Cho's "see www.example.com" and
"naver.com에서" are refused and "version 3.5" is not; Ben blocks Ann (her live messages, typing and read
receipts no longer reach him but do reach the seller; his history hides them); the seller bans Ann (her
socket leaves the thread, and joining again is `banned`). Then an admin made by `bourse user admin` while
the server runs (GET /me says so) sets the house's words, sees every report and every sanction."""

import asyncio
import contextlib
import json
import time

import pytest
import requests
import websockets

from bourse_process import BINARY, cli, own_server, set_password

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

#: A 1×1 PNG: a listing needs a photo.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)

#: How long a socket waits for a reply or an event before the test fails.
WAIT_SECONDS = 10.0

#: The server lets an account try to post this many messages in RATE_WINDOW_SECONDS, refusals included
#: (ChatDesk.rateLimit and rateWindowMilliseconds).
RATE_LIMIT, RATE_WINDOW_SECONDS = 5, 10.0


def brief(message) -> str:
    return json.dumps(message, ensure_ascii=False)[:300]


class Pace:
    """Keeps each user's posts (and refused tries) within the server's rate, waiting before one that would
    be the sixth in ten seconds: this test checks the rules and sanctions, which a `too_many_requests` would
    hide. A try counts from when its answer came, after the server counted it."""

    def __init__(self):
        self.tries: dict[str, list[float]] = {}

    def wait(self, name: str) -> float:
        """The seconds to wait before `name` tries to post."""
        tries = self.tries.get(name, [])
        if len(tries) < RATE_LIMIT:
            return 0.0
        return max(0.0, tries[-RATE_LIMIT] + RATE_WINDOW_SECONDS + 0.1 - time.monotonic())

    def tried(self, name: str) -> None:
        self.tries.setdefault(name, []).append(time.monotonic())


class Api:
    """REST of the auction house as each signed-in user calls it (`requests`, a bearer token each)."""

    def __init__(self, base: str):
        self.base = base + "/auction/v1"
        self.tokens: dict[str, str] = {}
        self.pace = Pace()

    def sign_in(self, name: str) -> str:
        answer = requests.post(
            f"{self.base}/sessions", json={"username": name, "password": f"password of {name}"}, timeout=30)
        assert answer.status_code == 201, f"{name} signs in: {answer.status_code} {answer.text}"
        self.tokens[name] = answer.json()["token"]
        return self.tokens[name]

    def call(self, who: str | None, method: str, path: str, body: dict | None = None) -> requests.Response:
        headers = {"Authorization": "Bearer " + self.tokens[who]} if who else {}
        posts = method == "POST" and path.endswith("/messages")
        if posts:
            time.sleep(self.pace.wait(who))
        answer = requests.request(method, f"{self.base}/{path}", headers=headers, json=body, timeout=30)
        if posts:
            self.pace.tried(who)
        return answer

    def ok(self, who: str | None, method: str, path: str, body: dict | None = None, status: int = 200) -> dict:
        """A call that must answer `status` with a JSON object."""
        answer = self.call(who, method, path, body)
        assert answer.status_code == status, \
            f"{who or 'anonymous'}: {method} {path} {body or ''} -> {answer.status_code} {answer.text[:300]}, expected {status}"
        return answer.json()

    def refused(self, who: str | None, method: str, path: str, body: dict | None, status: int, name: str):
        """A call that must fail with `status` and error `name`; the response, for its headers."""
        answer = self.call(who, method, path, body)
        assert answer.status_code == status and answer.json().get("error", {}).get("name") == name, \
            f"{who}: {method} {path} {body or ''} -> {answer.status_code} {answer.text[:300]}, expected {status} {name}"
        return answer

    def history(self, who: str | None, room: str) -> dict[int, dict]:
        """The room's messages as `who` reads them, by message id."""
        page = self.ok(who, "GET", f"rooms/{room}/messages?limit=200")
        return {message["message_id"]: message for message in page["messages"]}


class Socket:
    """One user's auction socket: requests matched to their replies by id, and every other frame kept (in
    `log`, in arrival order, and in `pending` until a wait takes it); its sends keep to `pace`."""

    def __init__(self, name: str, connection, pace: Pace):
        self.name = name
        self.connection = connection
        self.pace = pace
        self.log: list[dict] = []
        self.pending: list[dict] = []
        self.next_id = 0

    async def request(self, message: dict) -> dict:
        posts = message.get("type") == "chat.send"
        if posts:
            await asyncio.sleep(self.pace.wait(self.name))
        self.next_id += 1
        message = {"id": self.next_id, **message}
        await self.connection.send(json.dumps(message))
        reply = await self.wait(lambda m: m.get("id") == message["id"], f"the reply to {brief(message)}")
        if posts:
            self.pace.tried(self.name)
        return reply

    async def wait(self, matches, what: str, timeout: float = WAIT_SECONDS) -> dict:
        for seen in self.pending:
            if matches(seen):
                self.pending.remove(seen)
                return seen
        try:
            async with asyncio.timeout(timeout):
                while True:
                    frame = await self.connection.recv()
                    assert isinstance(frame, str), f"{self.name}: the auction socket sends text frames"
                    message = json.loads(frame)
                    self.log.append(message)
                    if matches(message):
                        return message
                    self.pending.append(message)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}'s socket: no {what} within {timeout:.0f}s; it has "
                f"{[brief(m) for m in self.pending[-8:]]}") from None

    async def event(self, type_: str, what: str = "", **fields) -> dict:
        """The next event (a frame without an id) of `type_` with these field values."""
        def matches(m):
            return "id" not in m and m.get("type") == type_ and all(m.get(k) == v for k, v in fields.items())
        return await self.wait(matches, what or f"{type_} event with {fields}")

    async def say(self, room: str, text: str, client_msg_id: str | None = None) -> dict:
        """chat.send that must be posted: its chat.sent reply."""
        message = {"type": "chat.send", "room": room, "text": text}
        if client_msg_id:
            message["client_msg_id"] = client_msg_id
        sent = await self.request(message)
        assert sent["type"] == "chat.sent" and sent["posted"] is True, f"{self.name} says {text!r}: {brief(sent)}"
        return sent

    async def refused(self, message: dict, name: str) -> dict:
        """A request that must be answered by error `name`: the error."""
        reply = await self.request(message)
        assert reply["type"] == "error" and reply["error"]["name"] == name, \
            f"{self.name}: {brief(message)} -> {brief(reply)}, expected error {name}"
        return reply["error"]

    async def hears(self, sent: dict, author: str, text: str) -> dict:
        """The chat.message event of the message `sent` answered, with its author and text."""
        heard = await self.event("chat.message", f"chat.message {sent['message_id']} ({text!r})",
                                 message_id=sent["message_id"])
        assert (heard["from"], heard["text"], heard["seq"]) == (author, text, sent["seq"]), \
            f"{self.name} heard {brief(heard)}, expected {author}: {text!r} at seq {sent['seq']}"
        return heard

    async def typing(self, room: str) -> None:
        """chat.typing, answered `ok` whether or not it went out (at most one a second per connection goes)."""
        answered = await self.request({"type": "chat.typing", "room": room})
        assert answered["type"] == "ok", f"{self.name} types: {brief(answered)}"

    async def round_trip(self) -> None:
        """A ping answered: whatever was queued for this socket before it has arrived."""
        pong = await self.request({"type": "ping"})
        assert pong["type"] == "pong", f"{self.name}: ping -> {brief(pong)}"

    def since(self, mark: int) -> list[dict]:
        """Frames received after `mark` (a length of `log`)."""
        return self.log[mark:]

    def got(self, type_: str, mark: int, sender: str) -> list[dict]:
        """The events of `type_` from `sender` received after `mark`."""
        return [m for m in self.since(mark) if m.get("type") == type_ and m.get("from") == sender]


def list_item(api: Api, seller: str, title: str) -> int:
    listed = requests.post(
        f"{api.base}/items", headers={"Authorization": "Bearer " + api.tokens[seller]},
        data={"title": title, "start_price": "10000", "duration_seconds": "3600"},
        files=[("photos", ("p.png", PNG, "image/png"))], timeout=30,
    )
    assert listed.status_code == 201, f"{seller} lists {title!r}: {listed.status_code} {listed.text}"
    return listed.json()["id"]


def test_a_seller_moderates_the_public_thread_of_their_item():
    names = ["seller", "ann", "ben", "cho"]
    with own_server("bourse-chat-moderation-", names, [("KRW", "1000000")]) as (server, _):
        api = Api(server.base)
        for name in names:
            set_password(server.data_dir, name, f"password of {name}")
            api.sign_in(name)
        item = list_item(api, "seller", "Leica M3 with a 50 mm Summicron")
        room = f"item:{item}"
        url = server.base.replace("http://", "ws://") + "/auction/v1/stream"

        async def scenario():
            async with contextlib.AsyncExitStack() as stack:
                async def connect(name: str) -> Socket:
                    """A signed-in socket of `name`'s own (closed at the end)."""
                    socket = Socket(name, await stack.enter_async_context(websockets.connect(url)), api.pace)
                    authenticated = await socket.request({"type": "auth", "token": api.tokens[name]})
                    assert authenticated["type"] == "authenticated", f"{name}: {brief(authenticated)}"
                    return socket

                seller, ann, ben = [await connect(name) for name in ("seller", "ann", "ben")]
                everyone = (seller, ann, ben)
                for socket in everyone:
                    joined = await socket.request({"type": "chat.join", "room": room})
                    assert joined["type"] == "chat.joined" and joined["messages"] == [], \
                        f"{socket.name} joins {room}: {brief(joined)}"

                # They chat: Ann asks, the seller answers, then Ann advertises her own shop.
                question = await ann.say(room, "Is the rangefinder bright?", "ann-1")
                for socket in (seller, ben):
                    await socket.hears(question, "ann", "Is the rangefinder bright?")
                answer = await seller.say(room, "Bright and aligned; serviced last year.")
                for socket in (ann, ben):
                    heard = await socket.hears(answer, "seller", "Bright and aligned; serviced last year.")
                    assert heard["from_seller"] is True, brief(heard)
                advert_text = "Cheaper Leicas at my shop, write to me instead"
                advert = await ann.say(room, advert_text, "ann-2")
                for socket in (seller, ben):
                    await socket.hears(advert, "ann", advert_text)

                # Ben reports the advert, once; the seller sees the report, Ben and Ann do not.
                report_body = {"message_id": advert["message_id"], "reason": "spam", "comment": "Advertising another shop"}
                report = api.ok("ben", "POST", f"rooms/{room}/reports", report_body, status=201)
                assert report["saved"] is True and report["reporter"] == "ben" and report["room"] == room \
                    and report["message_id"] == advert["message_id"] and report["reason"] == "spam" \
                    and report["comment"] == "Advertising another shop", f"the report: {report}"
                again = api.ok("ben", "POST", f"rooms/{room}/reports", report_body, status=200)
                assert again["saved"] is False and again["report_id"] == report["report_id"], \
                    f"a second report of the same message: {again}"
                api.refused("ben", "POST", f"rooms/{room}/reports",
                            {"message_id": answer["message_id"], "reason": "rude"}, 400, "invalid_parameter")
                api.refused("ann", "POST", f"rooms/{room}/reports",
                            {"message_id": advert["message_id"], "reason": "spam"}, 400, "invalid_parameter")
                in_room = api.ok("seller", "GET", f"rooms/{room}/reports")["reports"]
                # The seller is not told who reported (they could take it out on the reporter); admins are.
                assert [(r["report_id"], r.get("reporter"), r["reason"]) for r in in_room] == \
                    [(report["report_id"], None, "spam")], f"the seller's reports of {room}: {in_room}"
                all_mine = api.ok("seller", "GET", "chat/reports")["reports"]
                assert [r["report_id"] for r in all_mine] == [report["report_id"]], f"the seller's chat/reports: {all_mine}"
                api.refused("ben", "GET", f"rooms/{room}/reports", None, 403, "forbidden")
                assert api.ok("ann", "GET", "chat/reports")["reports"] == [], "a buyer sees reports of others' items"

                # The seller mutes Ann for ten minutes: her socket is told, she cannot write, the others still chat.
                before = int(time.time() * 1000)
                mute = api.ok("seller", "POST", f"rooms/{room}/mutes",
                              {"user": "ann", "minutes": 10, "reason": "Advertising"}, status=201)
                assert (mute["scope"], mute["user"], mute["kind"], mute["reason"]) == (room, "ann", "mute", "Advertising"), \
                    f"the mute: {mute}"
                assert before + 590_000 <= mute["until"] <= int(time.time() * 1000) + 610_000, f"a ten-minute mute: {mute}"
                told = await ann.event("chat.sanctioned", kind="mute")
                assert (told["scope"], told["user"], told["until"], told["reason"], told["lifted"]) == \
                    (room, "ann", mute["until"], "Advertising", False), f"Ann is told of her mute: {brief(told)}"
                api.refused("ben", "POST", f"rooms/{room}/mutes", {"user": "ann"}, 403, "forbidden")
                muted = await ann.refused({"type": "chat.send", "room": room, "text": "Why?"}, "muted")
                assert "muted" in muted["message"] and muted["until"] == mute["until"], \
                    f"the socket's refusal says when the mute ends: {muted}"
                muted = api.refused("ann", "POST", f"rooms/{room}/messages", {"text": "Why?"}, 403, "muted").json()
                assert muted["error"]["until"] == mute["until"], f"REST's refusal says when the mute ends: {muted}"
                sanctions = api.ok("seller", "GET", f"rooms/{room}/sanctions")["sanctions"]
                assert [(x["user"], x["kind"]) for x in sanctions] == [("ann", "mute")], f"the sanctions: {sanctions}"
                # Anyone else who reads the room reads their own sanctions only: Ben none, Ann her mute.
                assert api.ok("ben", "GET", f"rooms/{room}/sanctions") == {"sanctions": []}
                hers = api.ok("ann", "GET", f"rooms/{room}/sanctions")["sanctions"]
                assert [(x["scope"], x["user"], x["kind"], x["until"]) for x in hers] == \
                    [(room, "ann", "mute", mute["until"])], f"Ann's own sanctions: {hers}"
                # A muted member's typing reaches no one (a message sent after it would come after it).
                marks = {socket.name: len(socket.log) for socket in everyone}
                await ann.typing(room)
                typed_at = time.monotonic()
                asked = await ben.say(room, "Any photos of the shutter curtain?")
                await seller.hears(asked, "ben", "Any photos of the shutter curtain?")
                replied = await seller.say(room, "Adding one tonight.")
                for socket in (ben, ann):  # a muted member still reads the thread
                    await socket.hears(replied, "seller", "Adding one tonight.")
                for socket in (seller, ben):
                    typing = socket.got("chat.typing", marks[socket.name], "ann")
                    assert not typing, f"{socket.name} got the muted Ann's typing: {typing}"

                # The seller lets her back; lifting what is not there says so.
                assert api.ok("seller", "DELETE", f"rooms/{room}/mutes/ann") == {"lifted": True}
                lifted = await ann.event("chat.sanctioned", kind="mute", lifted=True)
                assert lifted["user"] == "ann" and lifted["scope"] == room, brief(lifted)
                assert api.ok("seller", "DELETE", f"rooms/{room}/mutes/ann") == {"lifted": False}
                apology = await ann.say(room, "Sorry, I will keep to this camera.", "ann-3")
                await seller.hears(apology, "ann", "Sorry, I will keep to this camera.")
                for socket in (seller, ben):
                    stray = [m for m in socket.log if m.get("type") == "chat.sanctioned"]
                    assert not stray, f"{socket.name} was told of Ann's sanctions: {stray}"

                # The seller deletes the advert: every member hears it, history keeps it deleted with no text.
                api.refused("ben", "DELETE", f"rooms/{room}/messages/{advert['message_id']}", None, 403, "forbidden")
                deleted = await seller.request({"type": "chat.delete", "room": room, "message_id": advert["message_id"]})
                assert (deleted["type"], deleted["room"], deleted["message_id"], deleted["seq"]) == \
                    ("chat.deleted", room, advert["message_id"], advert["seq"]), f"the seller's delete: {brief(deleted)}"
                for socket in everyone:
                    gone = await socket.event("chat.deleted", message_id=advert["message_id"])
                    assert (gone["room"], gone["seq"]) == (room, advert["seq"]), f"{socket.name}: {brief(gone)}"
                for reader in (None, "seller", "ben"):
                    shown = api.history(reader, room)
                    assert shown[advert["message_id"]]["deleted"] is True and shown[advert["message_id"]]["text"] == "", \
                        f"the advert in {reader or 'anonymous'}'s history: {shown[advert['message_id']]}"
                    assert shown[question["message_id"]]["text"] == "Is the rangefinder bright?" \
                        and "deleted" not in shown[question["message_id"]], shown[question["message_id"]]
                # Ben goes away; Ann deletes her apology, which he had, over REST; the others hear it.
                had = max(m["seq"] for m in ben.log if m.get("type") == "chat.message")
                assert had == apology["seq"], f"Ben's last message is Ann's apology: {had}, {apology}"
                await ben.connection.close()
                own = api.ok("ann", "DELETE", f"rooms/{room}/messages/{apology['message_id']}")
                assert own["deleted"] is True and own["message_id"] == apology["message_id"], f"Ann's delete: {own}"
                for socket in (seller, ann):
                    await socket.event("chat.deleted", message_id=apology["message_id"])
                # Ben is back: his join with since lists the deletions up to since among the latest messages
                # (the advert's too: the server cannot tell which deletions he saw), and nothing new.
                ben = await connect("ben")
                everyone = (seller, ann, ben)
                back = await ben.request({"type": "chat.join", "room": room, "since": had})
                assert back["type"] == "chat.joined" and back["messages"] == [] and back["gap"] is False, brief(back)
                assert back["deleted"] == [{"message_id": advert["message_id"], "seq": advert["seq"]},
                                           {"message_id": apology["message_id"], "seq": apology["seq"]}], \
                    f"the deletions Ben's join with since lists: {brief(back)}"

                # Slow mode, 30 s: Ben's second message in a row waits, the seller's does not.
                rules = api.ok("seller", "PUT", f"rooms/{room}/rules", {"slow_mode_seconds": 30})
                assert rules == {"room": room, "slow_mode_seconds": 30, "links_allowed": True, "blocked_words": []}, rules
                for socket in everyone:
                    told = await socket.event("chat.rules", room=room)
                    assert told["slow_mode_seconds"] == 30, f"{socket.name}: {brief(told)}"
                assert api.ok(None, "GET", f"rooms/{room}/rules")["slow_mode_seconds"] == 30
                api.refused("ben", "PUT", f"rooms/{room}/rules", {"slow_mode_seconds": 0}, 403, "forbidden")
                await ben.say(room, "Would you ship to Busan?")
                slowed = await ben.refused({"type": "chat.send", "room": room, "text": "Or Daegu?"}, "slow_mode")
                assert isinstance(slowed.get("retry_after"), int) and 0 < slowed["retry_after"] <= 30, \
                    f"the socket says when to write again: {slowed}"
                answer_429 = api.refused("ben", "POST", f"rooms/{room}/messages", {"text": "Or Daegu?"}, 429, "slow_mode")
                retry_after = answer_429.json()["error"].get("retry_after")
                assert 0 < int(answer_429.headers["Retry-After"]) == retry_after <= 30, \
                    f"Retry-After {answer_429.headers.get('Retry-After')!r}: {answer_429.text}"
                first = await seller.say(room, "Busan is fine.")
                second = await seller.say(room, "Daegu too.")
                await ben.hears(second, "seller", "Daegu too.")
                assert second["seq"] == first["seq"] + 1, f"the seller's two quick messages: {first} {second}"

                # Links off (slow mode off again): a web address is refused, a version number is not.
                rules = api.ok("seller", "PUT", f"rooms/{room}/rules", {"slow_mode_seconds": 0, "links_allowed": False})
                assert (rules["slow_mode_seconds"], rules["links_allowed"]) == (0, False), rules
                for socket in everyone:
                    await socket.event("chat.rules", room=room, links_allowed=False)
                # Cho, who joins now, tries them: Ann's (refusals count against the rate) would make `Pace` wait.
                cho = await connect("cho")
                assert (await cho.request({"type": "chat.join", "room": room}))["type"] == "chat.joined"
                await cho.refused({"type": "chat.send", "room": room, "text": "see www.example.com"}, "links_not_allowed")
                # A Korean particle right after the domain does not hide it.
                await cho.refused({"type": "chat.send", "room": room, "text": "naver.com에서 더 싸게 팔아요"},
                                  "links_not_allowed")
                api.refused("cho", "POST", f"rooms/{room}/messages", {"text": "https://example.com/deal"},
                            400, "links_not_allowed")
                version = await ben.say(room, "Is version 3.5 of the manual included?")
                await seller.hears(version, "ben", "Is version 3.5 of the manual included?")

                # Ben blocks Ann: her next message reaches the seller, not Ben, and his history hides her.
                assert api.ok("ben", "POST", "me/blocks", {"user": "ann"}, status=201) == {"user": "ann", "blocked": True}
                assert api.ok("ben", "POST", "me/blocks", {"user": "ann"}, status=200)["blocked"] is True
                assert api.ok("ben", "GET", "me/blocks") == {"blocks": ["ann"]}
                mark = len(ben.log)
                still = await ann.say(room, "Is it still available?", "ann-4")
                await seller.hears(still, "ann", "Is it still available?")
                marker = await ben.say(room, "I will bid tonight.")
                await ben.hears(marker, "ben", "I will bid tonight.")  # after Ann's, had it come
                from_ann = ben.got("chat.message", mark, "ann")
                assert not from_ann, f"Ben blocked Ann but his socket got her messages: {from_ann}"
                # Nor her typing or read receipts, which reach the seller (the one a second it lets through).
                await asyncio.sleep(max(0.0, typed_at + 1.2 - time.monotonic()))
                marks = {socket.name: len(socket.log) for socket in everyone}
                await ann.typing(room)
                read = await ann.request({"type": "chat.read", "room": room, "message_id": marker["message_id"]})
                assert read["type"] == "ok", f"Ann's read receipt: {brief(read)}"
                await seller.event("chat.typing", room=room, **{"from": "ann"})
                receipt = await seller.event("chat.read", room=room, **{"from": "ann"})
                assert receipt["message_id"] == marker["message_id"], brief(receipt)
                await ben.round_trip()  # answered after Ann's typing and receipt, had they been sent to him
                for type_ in ("chat.typing", "chat.read"):
                    leaked = ben.got(type_, marks["ben"], "ann")
                    assert not leaked, f"Ben blocked Ann but his socket got her {type_}: {leaked}"
                hidden = api.history("ben", room)[still["message_id"]]
                assert hidden["hidden"] is True and hidden["text"] == "" and hidden["from"] == "ann", \
                    f"Ann's message in Ben's history: {hidden}"
                assert api.history("ben", room)[version["message_id"]]["text"] == "Is version 3.5 of the manual included?"
                shown = api.history("seller", room)[still["message_id"]]
                assert shown["text"] == "Is it still available?" and "hidden" not in shown, \
                    f"Ann's message in the seller's history: {shown}"
                rejoined = await ben.request({"type": "chat.join", "room": room})
                replayed = {m["message_id"]: m for m in rejoined["messages"]}
                assert replayed[still["message_id"]].get("hidden") is True and replayed[still["message_id"]]["text"] == "", \
                    f"Ann's message when Ben joins again: {replayed.get(still['message_id'])}"

                # The seller bans Ann for good: she is told and leaves the thread; joining again is refused.
                ban = api.ok("seller", "POST", f"rooms/{room}/bans", {"user": "ann", "reason": "Spam again"}, status=201)
                assert (ban["kind"], ban["until"], ban["scope"]) == ("ban", None, room), f"the ban: {ban}"
                told = await ann.event("chat.sanctioned", kind="ban")
                assert (told["until"], told["lifted"], told["reason"]) == (None, False, "Spam again"), brief(told)
                mark = len(ann.log)
                farewell = await seller.say(room, "Ann has left this thread.")
                await ben.hears(farewell, "seller", "Ann has left this thread.")
                await ann.round_trip()  # queued after the seller's message, had it been delivered to her
                leaked = [m for m in ann.since(mark) if m.get("type") == "chat.message"]
                assert not leaked, f"a banned member's socket still gets the thread: {leaked}"
                banned = await ann.refused({"type": "chat.join", "room": room}, "banned")
                assert "banned" in banned["message"], banned
                await ann.refused({"type": "chat.send", "room": room, "text": "Hello?"}, "banned")
                api.refused("ann", "POST", f"rooms/{room}/messages", {"text": "Hello?"}, 403, "banned")
                sanctions = api.ok("seller", "GET", f"rooms/{room}/sanctions")["sanctions"]
                assert [(x["user"], x["kind"]) for x in sanctions] == [("ann", "ban")], f"the sanctions: {sanctions}"

                # In a private room, whoever the other party blocks cannot write to them.
                assert api.ok("ann", "POST", "me/blocks", {"user": "seller"}, status=201)["blocked"] is True
                api.refused("seller", "POST", f"rooms/dm:{item}:ann/messages", {"text": "About your bid"}, 403, "blocked")

        asyncio.run(scenario())


def test_an_admin_made_by_the_cli_sets_the_house_words_and_sees_every_report():
    names = ["seller", "ann", "moderator"]
    with own_server("bourse-chat-admin-", names, [("KRW", "1000000")]) as (server, _):
        api = Api(server.base)
        for name in names:
            set_password(server.data_dir, name, f"password of {name}")
            api.sign_in(name)
        room = f"item:{list_item(api, 'seller', 'Rolleiflex 2.8F')}"
        api.refused("moderator", "PUT", "chat/rules", {"blocked_words": ["scam"]}, 403, "forbidden")
        assert api.ok("moderator", "GET", "me")["admin"] is False
        # The CLI works on the running server's data directory; the admin's session already signed in counts.
        output = cli(server.data_dir, "user", "admin", "moderator")
        assert "'moderator' is now an admin." in output, output
        assert api.ok("moderator", "GET", "me")["admin"] is True, "GET /me says who is an admin (the web client asks)"
        assert api.ok("seller", "GET", "me")["admin"] is False
        house = api.ok("moderator", "PUT", "chat/rules", {"blocked_words": ["Scam"]})
        assert house["blocked_words"] == ["scam"], f"the house's words: {house}"
        api.refused("seller", "PUT", "chat/rules", {"blocked_words": []}, 403, "forbidden")
        api.refused("ann", "POST", f"rooms/{room}/messages", {"text": "This listing is a scam!"}, 400, "blocked_word")
        shrimp = api.ok("ann", "POST", f"rooms/{room}/messages", {"text": "Scampi for lunch, then I bid."}, status=201)
        odd = api.ok("seller", "POST", f"rooms/{room}/messages", {"text": "Thanks, ask me anything."}, status=201)
        api.ok("ann", "POST", f"rooms/{room}/reports", {"message_id": odd["message_id"], "reason": "other"}, status=201)
        reports = api.ok("moderator", "GET", "chat/reports")["reports"]
        assert [(r["room"], r["reporter"], r["message_id"]) for r in reports] == [(room, "ann", odd["message_id"])], \
            f"the admin's chat/reports: {reports}"
        # An admin deletes in any room, and cannot be muted by a seller.
        assert api.ok("moderator", "DELETE", f"rooms/{room}/messages/{shrimp['message_id']}")["deleted"] is True
        api.refused("seller", "POST", f"rooms/{room}/mutes", {"user": "moderator"}, 403, "forbidden")
        # An admin mutes Ann house-wide: the admin reads it among the room's sanctions, and so does Ann, as her
        # own; the item's seller does not (the house's are the admins').
        api.ok("moderator", "POST", f"rooms/{room}/mutes", {"user": "ann", "minutes": 60, "house": True}, status=201)
        for reader, expected in (("moderator", [("house", "ann", "mute")]), ("seller", []),
                                 ("ann", [("house", "ann", "mute")])):
            sanctions = api.ok(reader, "GET", f"rooms/{room}/sanctions")["sanctions"]
            assert [(x["scope"], x["user"], x["kind"]) for x in sanctions] == expected, \
                f"the sanctions {reader} reads: {sanctions}"
