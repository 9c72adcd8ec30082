"""SIGKILL `bourse serve` while four users bid on three auctions over HTTP, restart it, and check that nothing
acknowledged was lost (issue #17): every bid answered 200 is in its item's history with the sequence number
it was answered with; once the sales end (closed by the server's journaled clock, some of them after a
restart), each winner paid exactly the price and each seller got the price less the 5 % fee (rounded up to
a whole won), to the won, with nothing left locked; `bourse journal check` then finds the ledger whole.
The demo is on, its own auction house bidding beside them, as users run it."""

import math
import random
import subprocess
import threading
import time

import pytest
import requests

from bourse_process import BINARY, journal_check, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")

BIDDERS = ["b1", "b2", "b3", "b4"]
DEPOSIT = 100_000_000  # KRW each


def sign_in(server, name: str) -> dict:
    subprocess.run(
        [BINARY, "user", "password", name, "--password-stdin", "--password-cost", "4", "--data-dir", server.data_dir],
        input=f"password of {name}\n", text=True, check=True, capture_output=True, timeout=120,
    )
    answer = requests.post(
        f"{server.base}/auction/v1/sessions", json={"username": name, "password": f"password of {name}"}, timeout=30
    )
    assert answer.status_code == 201, answer.text
    return {"Authorization": "Bearer " + answer.json()["token"]}


def krw(server, key) -> tuple[int, int]:
    status, rows = server.call(key, "GET", "/v1/accounts")
    assert status == 200, rows
    row = next((row for row in rows if row["currency"] == "KRW"), {"balance": "0", "locked": "0"})
    return int(float(row["balance"])), int(float(row["locked"]))


def bid_until_stopped(base: str, headers: dict, items: list[int], seed: int, acknowledged: list, stop: threading.Event):
    """Raises a maximum on a random item, a few steps above its minimum, until stopped or the server dies."""
    rng = random.Random(seed)
    while not stop.is_set():
        item = rng.choice(items)
        try:
            shown = requests.get(f"{base}/auction/v1/items/{item}", timeout=5).json()
            if shown["state"] != "live" or shown.get("minimum_bid") is None:
                time.sleep(0.05)
                continue
            maximum = int(shown["minimum_bid"]) + rng.randrange(0, 4) * 1_000
            answer = requests.post(f"{base}/auction/v1/items/{item}/bids", headers=headers, json={"max": str(maximum)}, timeout=5)
        except (requests.ConnectionError, requests.Timeout, ValueError):
            return
        if answer.status_code == 200:
            acknowledged.append((item, answer.json()["seq"], maximum))
        time.sleep(rng.random() * 0.05)


def chat_until_stopped(base: str, headers: dict, name: str, items: list[int], acknowledged: list,
                       stop: threading.Event):
    """Posts to the items' public threads, about two messages a second (some refused by the 5-in-10-s rate)."""
    number = 0
    while not stop.is_set():
        number += 1
        item = items[number % len(items)]
        client_id = f"{name}-{time.time_ns()}"
        try:
            answer = requests.post(f"{base}/auction/v1/rooms/item:{item}/messages", headers=headers,
                                   json={"text": f"{name} says {number}", "client_msg_id": client_id}, timeout=5)
        except (requests.ConnectionError, requests.Timeout):
            return
        if answer.status_code == 201:
            message = answer.json()
            acknowledged.append((name, item, client_id, message["message_id"], message["seq"]))
        time.sleep(0.5)


def test_acknowledged_bids_and_settlements_survive_sigkill():
    names = ["seller"] + BIDDERS
    with own_server("bourse-crash-auctions-", names, [("KRW", str(DEPOSIT))]) as (server, keys):
        keys = dict(zip(names, keys))
        sessions = {name: sign_in(server, name) for name in names}
        png = bytes.fromhex(
            "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
            "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
        )
        now_ms = int(time.time() * 1000)
        items = []
        for index in range(3):
            listed = requests.post(
                f"{server.base}/auction/v1/items", headers=sessions["seller"],
                data={"title": f"Lot {index}", "start_price": "10000", "ends_at": str(now_ms + 25_000 + index * 5_000),
                      "soft_close_seconds": "3", "extension_seconds": "3",
                      "hard_end_at": str(now_ms + 40_000 + index * 5_000)},
                files=[("photos", ("lot.png", png, "image/png"))], timeout=30,
            )
            assert listed.status_code == 201, listed.text
            items.append(listed.json()["id"])

        acknowledged: list[tuple[int, int, int]] = []
        said: list[tuple[str, int, str, int, int]] = []
        rng = random.Random(17)
        for round_ in range(3):
            stop = threading.Event()
            threads = [
                threading.Thread(
                    target=bid_until_stopped,
                    args=(server.base, sessions[name], items, round_ * 10 + index, acknowledged, stop), daemon=True)
                for index, name in enumerate(BIDDERS)
            ] + [
                threading.Thread(
                    target=chat_until_stopped, args=(server.base, sessions[name], name, items, said, stop), daemon=True)
                for name in BIDDERS
            ]
            for thread in threads:
                thread.start()
            time.sleep(2 + rng.random() * 3)
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            server.start()

        assert len(acknowledged) > 20, f"too few bids acknowledged to mean anything: {len(acknowledged)}"
        # Every acknowledged bid is in its item's history, with the sequence number it was answered with.
        for item in items:
            history = requests.get(f"{server.base}/auction/v1/items/{item}/bids", timeout=30).json()
            stored = {bid["seq"] for bid in history}
            missing = [seq for (bid_item, seq, _) in acknowledged if bid_item == item and seq not in stored]
            assert not missing, f"item {item}: acknowledged bids missing after SIGKILL: {missing}"

        # Every acknowledged chat message is in its room with its number; a resend gets it back, posting nothing.
        assert len(said) > 10, f"too few chat messages acknowledged to mean anything: {len(said)}"
        for item in items:
            page = requests.get(f"{server.base}/auction/v1/rooms/item:{item}/messages", params={"limit": 200},
                                timeout=30).json()
            stored = {(message["message_id"], message["seq"]) for message in page["messages"]}
            missing = [entry for entry in said if entry[1] == item and (entry[3], entry[4]) not in stored]
            assert not missing, f"item {item}: acknowledged chat messages missing after SIGKILL: {missing}"
        name, item, client_id, message_id, _ = said[0]
        resent = requests.post(f"{server.base}/auction/v1/rooms/item:{item}/messages", headers=sessions[name],
                               json={"text": "again", "client_msg_id": client_id}, timeout=30)
        assert resent.status_code == 200 and resent.json()["message_id"] == message_id, resent.text
        assert resent.json()["posted"] is False

        # The server's clock ends every sale (some deadlines passed while it was down).
        deadline = time.time() + 90
        while True:
            ended = [requests.get(f"{server.base}/auction/v1/items/{item}", timeout=30).json() for item in items]
            if all(item["state"] in ("sold", "unsold") for item in ended):
                break
            assert time.time() < deadline, [(item["id"], item["state"], item["effective_ends_at_ms"]) for item in ended]
            time.sleep(1)

        paid: dict[str, int] = {name: 0 for name in BIDDERS}
        proceeds = 0
        aliases = {}
        for item in ended:
            assert item["state"] == "sold", item
            price = int(item["price"])
            proceeds += price - math.ceil(price * 5 / 100)
            aliases[item["id"]] = item["leader"]
        # Who won each item: the bidder whose own view says it leads.
        for name in BIDDERS:
            mine = requests.get(f"{server.base}/auction/v1/me/bids", headers=sessions[name], timeout=30).json()
            for entry in mine:
                if entry["leading"] and entry["item"]["state"] == "sold":
                    paid[name] += int(entry["item"]["price"])
        assert sum(paid.values()) == sum(int(item["price"]) for item in ended)
        for name in BIDDERS:
            assert krw(server, keys[name]) == (DEPOSIT - paid[name], 0), name
        assert krw(server, keys["seller"]) == (DEPOSIT + proceeds, 0)

        server.stop()
        summary = journal_check(server.data_dir)
        assert " violations=0" in summary, summary
        server.start()
