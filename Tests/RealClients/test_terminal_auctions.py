"""`bourse auctions` as a new user meets it (issue #17): a `bourse serve` of the test's own with the demo on,
a user made with the CLI and funded with KRW, the terminal client in tmux signed in with --user (the password
from BOURSE_PASSWORD). The demo's auctions are live in the list with countdowns; an item opens; a maximum under
the minimum is refused on the input line; a good maximum is bid, and the screen and the REST API both show that
it landed: the history has the user's bid, /me/bids has the item with the user's maximum, and the ledger
locked it while the user leads. Then the user asks a question in the item's thread from the terminal, and a
rival's higher bid reaches the status line and the inbox (`i`) live. Last, the user and the item's seller talk in
their private room from two terminals, each seeing the other read their message."""

import re
import shutil
import subprocess
import time

import pytest
import requests

from bourse_process import BINARY, own_server, set_password
from test_terminal_board import Pane, start_tmux

pytestmark = pytest.mark.skipif(
    not BINARY or not shutil.which("tmux"), reason="needs BOURSE_BINARY and tmux (scripts/test installs tmux)")

USER, PASSWORD = "tui-bidder", "password of the terminal bidder"
RIVAL = "tui-rival"
LIST_ROW = re.compile(r"^[> ] (\S.*?)\s+([\d,]+)\s+(\d+)\s+(!?\d+:\d\d|\d+h \d\dm|closing)\s")


def live_items(api: str) -> list[dict]:
    return requests.get(f"{api}/items", params={"sort": "ending"}, timeout=30).json()["items"]


@pytest.mark.timeout(900)
def test_a_new_user_bids_with_a_maximum_from_the_terminal():
    with own_server("bourse-tui-auctions-", [USER, RIVAL], [("KRW", "50000000")]) as (server, _):
        set_password(server.data_dir, USER, PASSWORD)
        set_password(server.data_dir, RIVAL, PASSWORD)
        api = server.base + "/auction/v1"
        deadline = time.time() + 120
        while len([item for item in live_items(api) if item["state"] == "live"]) < 3:
            assert time.time() < deadline, "the demo's auction house did not come alive"
            time.sleep(1)

        session = f"bourse-auctions-{server.process.pid}"
        command = f"BOURSE_PASSWORD='{PASSWORD}' {BINARY} auctions --server {server.base} --user {USER}; sleep 30"
        start_tmux(session, 120, 30, command)
        screen = Pane(session)
        try:
            first = screen.wait(
                lambda text: "● live" in text and len(rows(text)) >= 3, "the live list", seconds=60)
            assert "Bourse auctions · ending soonest · page 1/1" in first, first
            assert f"signed in as {USER}" in first
            assert "Ends in" in first and "Reserve" in first and "Buy now" in first

            # The item with the most time left among the first rows: it stays live while the test bids.
            shown = rows(first)
            items = live_items(api)[: len(shown)]
            index = max(range(len(items)), key=lambda i: items[i]["effective_ends_at_ms"])
            target = items[index]
            assert target["state"] == "live" and target["seller"].startswith("demo-seller-")
            screen.keys(*(["j"] * index), "Enter")
            detail = screen.wait(lambda text: f"#{target['id']} ·" in text and "Bid history" in text, "the detail")
            assert "Next bid   at least" in detail and re.search(r"Ends in\s+!?\d+:\d\d", detail), detail

            # Under the minimum: refused on the input line, nothing sent.
            screen.keys("b")
            screen.keys("1", literal=True)
            screen.keys("Enter")
            screen.wait(lambda text: "⚠ too low: the minimum bid is" in text, "the refused maximum")
            screen.keys("Escape")

            minimum = int(requests.get(f"{api}/items/{target['id']}", timeout=30).json()["minimum_bid"])
            maximum = minimum * 4
            screen.keys("b")
            screen.keys(str(maximum), literal=True)
            screen.wait(lambda text: f"Your maximum: {maximum}▏ = {maximum:,} KRW" in text, "the typed maximum")
            screen.keys("Enter")
            after = screen.wait(lambda text: "bid accepted" in text, "the accepted bid")
            assert re.search(r"You\s+(leading|outbid)", after), after

            # The REST API agrees: the history has the bid and /me/bids the maximum (while the user leads).
            token = requests.post(
                f"{api}/sessions", json={"username": USER, "password": PASSWORD}, timeout=30).json()["token"]
            mine = requests.get(f"{api}/me/bids", headers={"Authorization": "Bearer " + token}, timeout=30).json()
            bid = next(entry for entry in mine if entry["item"]["id"] == target["id"])
            if bid["leading"]:
                assert bid["your_max"] == str(maximum)
                screen.wait(lambda text: f"leading · your maximum {maximum:,} KRW" in text, "the user leading")
            history = requests.get(f"{api}/items/{target['id']}/bids", timeout=30).json()
            assert len(history) >= 1 and int(history[0]["price"]) >= minimum

            # A question from the terminal (issue #19): typed after `c`, sent with Enter, on screen and stored;
            # an answer posted elsewhere (as the web client would) shows up on the screen too.
            screen.keys("c")
            screen.keys("Is it boxed? 상자 있나요", literal=True)
            screen.keys("Enter")
            screen.wait(lambda text: f"{USER}: Is it boxed? 상자 있나요" in text, "the question on screen")
            thread = requests.get(f"{api}/rooms/item:{target['id']}/messages", timeout=30).json()["messages"]
            assert thread[0]["from"] == USER and thread[0]["text"] == "Is it boxed? 상자 있나요", thread
            other = requests.post(f"{api}/rooms/item:{target['id']}/messages",
                                  headers={"Authorization": "Bearer " + token},
                                  json={"text": "Asked from another device"}, timeout=30)
            assert other.status_code == 201, other.text
            screen.wait(lambda text: "Asked from another device" in text, "a message posted elsewhere, read within seconds")

            # The inbox (issue #19): a rival outbids the user from elsewhere; the status line says so live,
            # `i` lists it, Esc comes back.
            rival = requests.post(
                f"{api}/sessions", json={"username": RIVAL, "password": PASSWORD}, timeout=30).json()["token"]
            outbid = requests.post(f"{api}/items/{target['id']}/bids", headers={"Authorization": "Bearer " + rival},
                                   json={"max": str(maximum * 3)}, timeout=30)
            assert outbid.status_code == 200, outbid.text
            screen.wait(lambda text: re.search(r"✉ \d+ unread \(i\)", text), "the unread count on the status line")
            screen.keys("i")
            inbox = screen.wait(lambda text: f"Notifications · {USER}" in text and "outbid" in text, "the inbox")
            assert "You were outbid on" in inbox, inbox
            screen.wait(lambda text: "all read" in text, "opening the inbox marks it read")
            screen.keys("Escape")
            screen.wait(lambda text: f"#{target['id']} ·" in text, "the detail again")

            talk_privately(server, screen, target)

            screen.keys("Escape")
            back = screen.wait(lambda text: "Bourse auctions ·" in text, "the list again")
            assert re.search(r"\s(leading|outbid)\s", back), back
            screen.keys("q")
            screen.wait(lambda text: "Bourse auctions" not in text, "the terminal restored after q")
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def talk_privately(server, screen: "Pane", target: dict) -> None:
    """The buyer (who has bid) writes to the seller in their private room with `p`; the seller, in a terminal
    of their own, finds the message in the inbox, opens its room with Enter and answers there. Each side's
    terminal marks what it shows read, so each sees "✓ seen" beside their own message (issue #19)."""
    seller = target["seller"]
    set_password(server.data_dir, seller, PASSWORD)
    session = f"bourse-seller-{server.process.pid}"
    command = f"BOURSE_PASSWORD='{PASSWORD}' {BINARY} auctions --server {server.base} --user {seller}; sleep 30"
    start_tmux(session, 120, 30, command)
    other = Pane(session)
    try:
        other.wait(lambda text: f"signed in as {seller}" in text and "● live" in text, "the seller's list", seconds=60)
        screen.keys("p")
        screen.wait(lambda text: f"Private room with the seller, {seller}: no messages yet" in text, "the buyer's room")
        screen.keys("c")
        screen.keys("Can you ship it today?", literal=True)
        screen.keys("Enter")
        screen.wait(lambda text: "sent to the private room" in text and f"{USER}: Can you ship it today?" in text,
                    "the buyer's message in the room")

        other.wait(lambda text: f"✉ {USER} wrote to you about" in text, "the seller told on the status line")
        other.keys("i")
        def message_row(text: str) -> int | None:
            if f"Notifications · {seller}" not in text:
                return None
            lines = text.splitlines()
            return next((i for i, line in enumerate(lines) if re.search(rf"message\s+{USER} wrote to you about", line)),
                        None)
        inbox = other.wait(lambda text: message_row(text) is not None, "the message in the seller's inbox")
        row = message_row(inbox)
        other.keys(*(["j"] * (row - 2)), "Enter")
        other.wait(lambda text: f"Private room with {USER} (latest 1" in text and "Can you ship it today?" in text,
                   "the room opened from the inbox")
        screen.wait(lambda text: re.search(r"Can you ship it today\?\s+✓ seen", text), "the buyer sees it was read")

        other.keys("c")
        other.keys("Yes, this afternoon.", literal=True)
        other.keys("Enter")
        screen.wait(lambda text: f"{seller} (seller): Yes, this afternoon." in text, "the answer, live in the room")
        other.wait(lambda text: re.search(r"Yes, this afternoon\.\s+✓ seen", text), "the seller sees it was read")
        # The receipts are the server's: a join lists them (what the web client shows too).
        room = f"dm:{target['id']}:{USER}"
        history = requests.get(f"{server.base}/auction/v1/rooms/{room}/messages", timeout=30,
                               headers={"Authorization": "Bearer " + sign_in(server, USER)}).json()["messages"]
        assert [m["text"] for m in history] == ["Yes, this afternoon.", "Can you ship it today?"], history

        screen.keys("p")
        screen.wait(lambda text: "Questions (latest" in text and "Is it boxed?" in text, "back to the questions")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def sign_in(server, user: str) -> str:
    return requests.post(f"{server.base}/auction/v1/sessions", json={"username": user, "password": PASSWORD},
                         timeout=30).json()["token"]


def rows(text: str) -> list[tuple[str, ...]]:
    return [match.groups() for line in text.splitlines() if (match := LIST_ROW.match(line))]
