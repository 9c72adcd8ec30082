"""Resumable market streams (issue #19) as clients meet them, against a real `bourse serve` with the demo on.

`bourse trades` (the Swift SDK's MarketStream) follows KRW-BTC's trades while the server is SIGKILLed and
started again on the same port: it prints every trade exactly once, in order, across the restart, the same
trades REST lists. A raw client of the extension (Python `websockets`) sees what it is made of: numbered
messages only when it asks, a replay of exactly what it missed, a snapshot (said so) when it asks from too
far back, and Upbit's bytes unchanged for a connection that does not ask.
"""

import asyncio
import json
import socket
import subprocess
import threading
import time

import pytest
import requests
import websockets

from bourse_process import BINARY, own_server

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rest_trade_ids(base: str, first: int, last: int) -> list[int]:
    """KRW-BTC's sequential ids from `first` to `last`, oldest first, paged from REST."""
    ids, cursor = [], None
    while True:
        params = {"market": "KRW-BTC", "count": "500", **({"cursor": str(cursor)} if cursor else {})}
        page = requests.get(f"{base}/v1/trades/ticks", params=params, timeout=30).json()
        if not page:
            break
        ids += [trade["sequential_id"] for trade in page if first <= trade["sequential_id"] <= last]
        cursor = page[-1]["sequential_id"]
        if cursor <= first:
            break
    return sorted(ids)


class Lines:
    """A process's standard output, collected line by line in a thread."""

    def __init__(self, process: subprocess.Popen):
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self.read, args=(process,), daemon=True)
        self.thread.start()

    def read(self, process):
        for line in process.stdout:
            self.lines.append(line)

    def wait(self, count: int, what: str, seconds: float = 60):
        deadline = time.time() + seconds
        while len(self.lines) < count:
            assert time.time() < deadline, f"{what}: {len(self.lines)} lines after {seconds} s"
            time.sleep(0.1)


def test_the_sdk_prints_every_trade_once_in_order_across_a_sigkill_restart():
    port = free_port()
    with own_server("bourse-resume-", [], [], arguments=("--port", str(port))) as (server, _):
        assert server.base.endswith(f":{port}")
        follower = subprocess.Popen([BINARY, "trades", "KRW-BTC", "--json", "--server", server.base],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            lines = Lines(follower)
            lines.wait(5, "trades before the restart")
            before = len(lines.lines)
            server.restart(kill=True)
            assert server.base.endswith(f":{port}")
            lines.wait(before + 5, "trades after the restart")
            time.sleep(1)
        finally:
            follower.terminate()
            _, errors = follower.communicate(timeout=30)
        trades = [json.loads(line) for line in lines.lines]
        ids = [trade["sequential_id"] for trade in trades]
        assert "reconnecting" in errors, errors
        assert ids == sorted(set(ids)), "every trade once, in order"
        assert ids == rest_trade_ids(server.base, ids[0], ids[-1]), "none missed across the restart"


def test_the_resume_extension_numbers_replays_and_says_when_it_cannot():
    with own_server("bourse-resume-raw-", [], []) as (server, _):
        ws = server.base.replace("http://", "ws://") + "/websocket/v1"

        async def collect(request: list, count: int, seconds: float = 20) -> list[dict]:
            received = []
            async with websockets.connect(ws) as connection:
                await connection.send(json.dumps(request))
                async with asyncio.timeout(seconds):
                    while len(received) < count:
                        received.append(json.loads(await connection.recv()))
            return received

        async def run():
            plain = await collect([{"ticket": "upbit"}, {"type": "trade", "codes": ["KRW-BTC"]}], 3)
            assert all("seq" not in message for message in plain), "no numbers without asking"
            numbered = await collect(
                [{"ticket": "t"}, {"type": "trade", "codes": ["KRW-BTC"]}, {"resume": {}}], 4)
            seqs = [message["seq"] for message in numbered]
            assert seqs == list(range(seqs[0], seqs[0] + 4)), numbered
            # Away from the last one seen until the demo trades twice more: the replay starts right after it,
            # numbered with no gap.
            last_id = numbered[-1]["sequential_id"]
            for _ in range(600):
                newer = requests.get(f"{server.base}/v1/trades/ticks", params={"market": "KRW-BTC", "count": "3"},
                                     timeout=30).json()
                if sum(trade["sequential_id"] > last_id for trade in newer) >= 2:
                    break
                await asyncio.sleep(0.1)
            resumed = await collect(
                [{"ticket": "t"}, {"type": "trade", "codes": ["KRW-BTC"], "isOnlyRealtime": True},
                 {"resume": {"trade": {"KRW-BTC": seqs[-1]}}}], 3)
            status = resumed[0]
            assert status["type"] == "resume" and status["status"] == "replayed", status
            assert status["since"] == seqs[-1] and status["replayed"] >= 1, status
            assert [m["seq"] for m in resumed[1:]] == [seqs[-1] + 1, seqs[-1] + 2], resumed
            assert all(m["stream_type"] == "REALTIME" for m in resumed[1:])
            # From before the tape: a snapshot, said so.
            old = await collect([{"ticket": "t"}, {"type": "trade", "codes": ["KRW-BTC"]},
                                 {"resume": {"trade": {"KRW-BTC": 0}}}], 2)
            assert old[0]["status"] == "snapshot" and old[1]["stream_type"] == "SNAPSHOT", old
            # A ticker is state: resumed or not, a fresh snapshot follows its status.
            ticker = await collect([{"ticket": "t"}, {"type": "ticker", "codes": ["KRW-BTC"]}, {"resume": {}}], 1)
            resumed_ticker = await collect([{"ticket": "t"}, {"type": "ticker", "codes": ["KRW-BTC"]},
                                            {"resume": {"ticker": {"KRW-BTC": ticker[0]["seq"]}}}], 2)
            assert resumed_ticker[0]["status"] in ("current", "snapshot"), resumed_ticker
            assert resumed_ticker[1]["type"] == "ticker" and resumed_ticker[1]["stream_type"] == "SNAPSHOT"
            # A number ahead of the server's (another database): reset, said so, and a snapshot.
            ahead = await collect([{"ticket": "t"}, {"type": "trade", "codes": ["KRW-BTC"]},
                                   {"resume": {"trade": {"KRW-BTC": seqs[-1] + 10**9}}}], 2)
            assert ahead[0]["status"] == "reset" and ahead[1]["stream_type"] == "SNAPSHOT", ahead

        asyncio.run(run())
