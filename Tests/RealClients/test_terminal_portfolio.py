"""`bourse portfolio` as a person uses it, in tmux against the live demo server: a user made and funded as
the web client does it (sign-up, then the demo's KRW deposit with the session), signs in with a password,
places a limit buy from the keyboard, sees it among the open orders and in the locked KRW, cancels it."""

import os
import secrets
import shutil
import subprocess

import pytest
import requests

from bourse_process import BINARY
from test_terminal_board import Pane, start_tmux

URL = os.environ.get("BOURSE_URL", "")
pytestmark = pytest.mark.skipif(
    not BINARY or not shutil.which("tmux"), reason="needs BOURSE_BINARY and tmux (scripts/test installs tmux)")


def funded_user() -> tuple[str, str]:
    name, password = "tui" + secrets.token_hex(4), "portfolio password"
    made = requests.post(f"{URL}/auction/v1/users", json={"username": name, "password": password}, timeout=30)
    assert made.status_code == 201, made.text
    session = requests.Session()
    signed_in = session.post(f"{URL}/auction/v1/sessions", json={"username": name, "password": password}, timeout=30)
    assert signed_in.status_code == 201, signed_in.text
    deposit = session.post(f"{URL}/v1/deposits/krw", json={"amount": "1000000", "two_factor_type": "kakao"},
                           headers={"X-CSRF-Token": signed_in.json()["csrf_token"]}, timeout=30)
    assert deposit.status_code == 201, deposit.text
    return name, password


@pytest.fixture
def portfolio():
    name, password = funded_user()
    session = f"bourse-portfolio-{os.getpid()}"
    command = f"BOURSE_PASSWORD='{password}' {BINARY} portfolio --user {name} --server {URL}; sleep 30"
    start_tmux(session, 100, 30, command)
    try:
        yield Pane(session), name
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_limit_order_is_placed_listed_and_cancelled_from_the_keyboard(portfolio):
    screen, name = portfolio
    first = screen.wait(lambda text: f"portfolio · {name}" in text and "KRW" in text and "1,000,000" in text,
                        "the portfolio with the deposit", seconds=30)
    assert "none" in first  # no open orders yet
    screen.keys("b")
    screen.wait(lambda text: "Buy KRW-BTC  price [" in text, "the order entry")
    # Replace the ticker's price with one far below the market, so the order rests.
    for _ in range(16):
        screen.keys("BSpace")
    screen.keys("1000000", literal=True)
    screen.keys("Tab")
    screen.keys("0.01", literal=True)
    screen.keys("Enter")
    placed = screen.wait(lambda text: "placed: buy" in text and "KRW-BTC" in text and "Buy" in text
                         and "1,000,000" in text.split("Open orders")[1], "the placed order", seconds=20)
    assert "10,005" in placed.split("Open orders")[0], placed  # the order's KRW and its fee are locked
    screen.keys("c")
    screen.wait(lambda text: "cancelled KRW-BTC buy" in text, "the cancel", seconds=20)
    screen.wait(lambda text: "none" in text.split("Open orders")[1], "no open order left", seconds=20)
    screen.keys("q")
    screen.wait(lambda text: "portfolio ·" not in text, "the terminal restored after q")


def test_an_order_that_fills_is_marked_as_yours_on_the_tape(portfolio):
    """A buy at a price the demo's sellers ask for fills at once; the fill arrives over the private socket
    (the session as its bearer) and the tape below the lists marks that trade, and only that one."""
    screen, name = portfolio
    screen.wait(lambda text: f"portfolio · {name}" in text and "Trades in KRW-BTC" in text, "the tape", seconds=30)
    book = requests.get(f"{URL}/v1/orderbook", params={"markets": "KRW-BTC"}, timeout=30).json()[0]
    # The third ask level is a price on the tick grid above the best ask: the buy takes the best asks.
    price = int(book["orderbook_units"][2]["ask_price"])
    screen.keys("b")
    screen.wait(lambda text: "Buy KRW-BTC  price [" in text, "the order entry")
    for _ in range(16):
        screen.keys("BSpace")
    screen.keys(str(price), literal=True)
    screen.keys("Tab")
    screen.keys("0.0001", literal=True)
    screen.keys("Enter")
    marked = screen.wait(lambda text: "◀ you bought" in text, "the user's own fill marked on the tape", seconds=30)
    tape = marked.split("Trades in KRW-BTC")[1]
    mine = [line for line in tape.splitlines() if "◀ you bought" in line]
    # The 0.0001 bought may take more than one ask; every marked trade is part of it, none more.
    volumes = [float(line.split()[2].replace(",", "")) for line in mine]
    assert 0 < sum(volumes) <= 0.0001 + 1e-12, mine
    assert "own fills not followed" not in marked, marked
    balances = marked.split("Open orders")[0]
    # The lists refreshed at once when the fill arrived: the account holds BTC now.
    assert any(line.split()[:1] == ["BTC"] for line in balances.splitlines()), balances
    screen.keys("q")
