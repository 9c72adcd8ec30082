"""`bourse board` as a person uses it: in tmux against the live demo server (BOURSE_URL), driven with
send-keys and read with capture-pane (issue #6). Sorts by price, searches with Korean typed on an English
keyboard and with initial consonants, marks a favourite, shows the favourites tab, quits, and finds the
favourite again in a new run (kept in the client's SQLite file).
"""

import os
import re
import shutil
import subprocess
import tempfile
import time
from decimal import Decimal

import pytest

from bourse_process import BINARY

URL = os.environ.get("BOURSE_URL", "")
pytestmark = pytest.mark.skipif(
    not BINARY or not shutil.which("tmux"), reason="needs BOURSE_BINARY and tmux (scripts/test installs tmux)")

ROW = re.compile(r"^[> ]?[★ ]?\s*(\S.*?)\s+((?:KRW|BTC|USDT)-[A-Z0-9]+)\s+([\d,.]+)\s+([+-]?[\d.]+%)")


class Pane:
    def __init__(self, session: str):
        self.session = session

    def keys(self, *keys: str, literal: bool = False):
        subprocess.run(["tmux", "send-keys", "-t", self.session, *(["-l"] if literal else []), *keys], check=True)

    def text(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.session], check=True, capture_output=True, text=True).stdout

    def rows(self, text: str) -> list[tuple[str, str, Decimal]]:
        found = []
        for line in text.splitlines()[3:]:
            match = ROW.match(line)
            if match:
                found.append((match.group(1), match.group(2), Decimal(match.group(3).replace(",", ""))))
        return found

    def wait(self, condition, what: str, seconds: float = 15) -> str:
        deadline = time.time() + seconds
        while time.time() < deadline:
            text = self.text()
            if condition(text):
                return text
            time.sleep(0.2)
        raise AssertionError(f"{what} did not show within {seconds} s; the screen was:\n{self.text()}")


def start_tmux(session: str, width: int, height: int, command: str) -> None:
    """Runs `command` in a new detached tmux session of `width` × `height`.

    When the previous test killed the last session, its tmux server is still exiting for a moment, and a new
    session started then fails with "server exited unexpectedly"; so it is tried again a few times.
    """
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    for _ in range(10):
        started = subprocess.run(
            ["tmux", "new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), command],
            capture_output=True, text=True)
        if started.returncode == 0:
            return
        time.sleep(0.5)
    raise AssertionError(f"tmux new-session failed 10 times: {started.stderr}")


def start_board(session: str, data: str) -> "Pane":
    start_tmux(session, 120, 30, f"BOURSE_CLIENT_DATA={data} {BINARY} board --server {URL}; sleep 30")
    return Pane(session)


@pytest.fixture
def pane():
    session = f"bourse-board-{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="bourse-board-") as data:
        try:
            yield start_board(session, data), data
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_board_sorts_searches_and_keeps_favourites(pane):
    screen, data = pane
    first = screen.wait(lambda text: "● live" in text and len(screen.rows(text)) >= 3, "the live board")
    assert "[KRW]" in first and "sort: 24h value ▼" in first
    assert all(code.startswith("KRW-") for _, code, _ in screen.rows(first))

    screen.keys("p")
    by_price = screen.wait(lambda text: "sort: price ▼" in text, "the price sort")
    prices = [price for _, _, price in screen.rows(by_price)]
    assert len(prices) >= 3 and prices == sorted(prices, reverse=True), by_price
    screen.keys("p")
    ascending = screen.wait(lambda text: "sort: price ▲" in text, "the ascending price sort")
    prices = [price for _, _, price in screen.rows(ascending)]
    assert prices == sorted(prices), ascending

    screen.keys("/")
    screen.keys("qlxm", literal=True)
    screen.keys("Enter")
    found = screen.wait(lambda text: "search: qlxm" in text, "the search")
    assert [code for _, code, _ in screen.rows(found)] == ["KRW-BTC"], found
    assert screen.rows(found)[0][0] == "비트코인"

    screen.keys("f")
    screen.wait(lambda text: "★ 비트코인" in text, "the favourite mark")

    screen.keys("Escape")
    screen.keys("/")
    screen.keys("ㅇㄷ", literal=True)
    by_initials = screen.wait(lambda text: "/ ㅇㄷ" in text and len(screen.rows(text)) >= 1, "the 초성 search")
    assert [code for _, code, _ in screen.rows(by_initials)] == ["KRW-ETH"], by_initials
    screen.keys("Escape")

    screen.keys("4")
    favourite_tab = screen.wait(lambda text: "[★]" in text and len(screen.rows(text)) == 1, "the favourites tab")
    assert screen.rows(favourite_tab)[0][1] == "KRW-BTC" and "★" in favourite_tab.splitlines()[3]

    screen.keys("e")
    english = screen.wait(lambda text: "Bitcoin" in text, "English names")
    assert "Name" in english

    screen.keys("q")
    screen.wait(lambda text: "Bourse [" not in text, "the terminal restored after q")

    # The favourite was kept (in the client's SQLite file): a new board shows it on the favourites tab.
    again = start_board(screen.session, data)
    again.wait(lambda text: "● live" in text, "the board started again")
    again.keys("4")
    kept = again.wait(lambda text: "[★]" in text and len(again.rows(text)) == 1, "the kept favourite")
    assert again.rows(kept)[0][1] == "KRW-BTC"
    again.keys("q")


@pytest.fixture
def market_pane():
    session = f"bourse-market-{os.getpid()}"
    start_tmux(session, 120, 40, f"{BINARY} market KRW-BTC --server {URL}; sleep 30")
    try:
        yield Pane(session)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_market_screen_shows_book_tape_and_chart_and_switches_interval(market_pane):
    screen = market_pane
    first = screen.wait(
        lambda text: "● live" in text and "Chart 1m" in text and "Trades (KST)" in text, "the market screen")
    assert "비트코인 KRW-BTC" in first.splitlines()[0]
    ladder = [line for line in first.splitlines()[2:20] if "█" in line]
    assert len(ladder) >= 4, first  # depth bars of both sides
    # The cursor's candle, spelled out beside the ▲ that marks its column.
    cursor = re.search(r"^.*\d{4}-\d\d-\d\d \d\d:\d\d KST  O [\d,]+  H [\d,]+  L [\d,]+  C [\d,]+.*$", first, re.M)
    assert cursor and "▲" in cursor.group(0), first
    screen.keys("d")
    daily = screen.wait(lambda text: "Chart 1d" in text and " KST  O " in text, "the daily chart")
    assert re.search(r"\d{4}-\d\d-\d\d KST  O ", daily), daily
    screen.keys("+")
    screen.wait(lambda text: "Order book by " in text, "the grouped order book")
    screen.keys("q")
    screen.wait(lambda text: "Chart" not in text, "the terminal restored after q")


def test_enter_on_a_board_row_opens_the_market_and_q_comes_back(pane):
    screen, _ = pane
    screen.wait(lambda text: "● live" in text and len(screen.rows(text)) >= 3, "the live board")
    screen.keys("/")
    screen.keys("qlxm", literal=True)
    screen.keys("Enter")
    screen.wait(lambda text: [code for _, code, _ in screen.rows(text)] == ["KRW-BTC"], "the search for KRW-BTC")
    screen.keys("Enter")
    market = screen.wait(
        lambda text: "Chart 1m" in text and "Trades (KST)" in text and "● live" in text, "the market screen")
    assert "비트코인 KRW-BTC" in market.splitlines()[0], market
    screen.keys("q")
    back = screen.wait(lambda text: "Bourse [" in text and "Chart" not in text, "the board again after q")
    assert "search: qlxm" in back, back
    # Ctrl-C in a market opened from the board ends the program, as it does everywhere else.
    screen.keys("Enter")
    screen.wait(lambda text: "Chart 1m" in text, "the market screen again")
    screen.keys("C-c")
    screen.wait(lambda text: "Bourse [" not in text and "Chart" not in text, "the terminal restored after Ctrl-C")


def test_alerts_are_set_from_the_board_listed_and_deleted():
    """Issue #19: alerts set from the board as a user would (`--user`, password from BOURSE_PASSWORD): `a` on
    KRW-BTC sets a price far above (it waits), Tab twice sets a 24 h value already passed (it fires at once,
    said on the status line), `A` lists both, `x` twice deletes the waiting one; the server agrees."""
    import secrets

    import requests

    user, password = "board" + secrets.token_hex(3), "a long enough password"
    made = requests.post(f"{URL}/auction/v1/users", json={"username": user, "password": password}, timeout=30)
    assert made.status_code == 201, made.text
    session = f"bourse-board-alerts-{os.getpid()}"
    with tempfile.TemporaryDirectory(prefix="bourse-board-") as data:
        try:
            start_tmux(session, 120, 30, f"BOURSE_CLIENT_DATA={data} BOURSE_PASSWORD='{password}' "
                       f"{BINARY} board --server {URL} --user {user}; sleep 30")
            screen = Pane(session)
            screen.wait(lambda text: "● live" in text and len(screen.rows(text)) >= 3, "the live board")
            screen.keys("/")
            screen.keys("qlxm", literal=True)
            screen.keys("Enter")
            found = screen.wait(lambda text: [code for _, code, _ in screen.rows(text)] == ["KRW-BTC"], "KRW-BTC alone")
            far = int(screen.rows(found)[0][2] * 10)

            screen.keys("a")
            screen.wait(lambda text: "alert on KRW-BTC · price:" in text, "the alert entry line")
            screen.keys(str(far), literal=True)
            screen.keys("Enter")
            screen.wait(lambda text: "Alert set on KRW-BTC: at or above" in text, "the waiting alert confirmed")

            screen.keys("a")
            screen.keys("Tab")
            screen.keys("Tab")
            screen.wait(lambda text: "alert on KRW-BTC · 24h value:" in text, "the 24 h value entry")
            screen.keys("1", literal=True)
            screen.keys("Enter")
            screen.wait(lambda text: "✉ KRW-BTC traded" in text or "Alert set on KRW-BTC: 1 KRW" in text,
                        "the 24 h value alert set (and fired)")

            screen.keys("A")
            listed = screen.wait(lambda text: "Your alerts: 1 waiting of 2" in text and "fired    KRW-BTC" in text,
                                 "the list with one waiting, one fired")
            assert re.search(r"▶ waiting  KRW-BTC  at or above [\d,]+ KRW", listed), listed
            assert "fired    KRW-BTC  1 KRW or more" in listed, listed
            screen.keys("x")
            screen.wait(lambda text: "Press x again to delete" in text, "the deletion asked to be confirmed")
            screen.keys("x")
            screen.wait(lambda text: "Your alerts: 0 waiting of 1" in text and "Alert deleted." in text,
                        "the waiting alert deleted")
            screen.keys("Escape")
            screen.keys("q")
            screen.wait(lambda text: "Bourse [" not in text, "the terminal restored after q")

            token = requests.post(f"{URL}/auction/v1/sessions", json={"username": user, "password": password},
                                  timeout=30).json()["token"]
            alerts = requests.get(f"{URL}/auction/v1/me/alerts", headers={"Authorization": "Bearer " + token},
                                  timeout=30).json()["alerts"]
            assert [(a["kind"], a["state"]) for a in alerts] == [("value_24h", "fired")], alerts
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
