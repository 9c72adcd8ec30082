"""What the real-client tests share: the server's addresses, raw HTTP and WebSocket access, and checks of
Upbit's value formats (docs: /work/shared/reference/upbit-api.md, cited below as "spec §N").

Raw access uses only the standard library (urllib) and `websockets`, so what these helpers see is what
the server sent, with no client library normalising it first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import ccxt
import ccxt.pro
from websockets.asyncio.client import ClientConnection, connect

# MARK: - The server under test

#: `http://127.0.0.1:PORT`, set by scripts/realclients (or by hand for a server you started yourself).
BASE_URL = os.environ.get("BOURSE_URL", "").rstrip("/")
#: The quotation WebSocket endpoint (spec §6.1).
WS_URL = BASE_URL.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/websocket/v1"

#: The simulated markets every `bourse serve` lists (QUOTE-BASE codes, as Upbit spells them).
DEMO_MARKETS = (
    "KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-SOL", "KRW-DOGE", "KRW-USDT",
    "BTC-ETH", "BTC-XRP", "USDT-BTC", "USDT-ETH",
)

#: How long a stream may stay silent before a test gives up; the demo market trades about every second.
STREAM_TIMEOUT_SECONDS = 20.0


def ccxt_config() -> dict:
    """ccxt's constructor config with only the URLs overridden, exactly as spec §7.1 shows."""
    return {"urls": {"api": {"public": BASE_URL, "private": BASE_URL, "ws": WS_URL}}}


@contextlib.asynccontextmanager
async def pro_exchange():
    """A `ccxt.pro.upbit` pointed at the server, closed (sockets and HTTP session) on the way out."""
    exchange = ccxt.pro.upbit(ccxt_config())
    try:
        yield exchange
    finally:
        await exchange.close()


def run(coroutine):
    """Runs one async test body on a fresh event loop (no pytest-asyncio needed)."""
    return asyncio.run(coroutine)


async def within(awaitable, what: str, seconds: float = STREAM_TIMEOUT_SECONDS):
    """Awaits with a deadline, failing with a sentence that says what never arrived."""
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except asyncio.TimeoutError:
        raise AssertionError(f"timed out after {seconds:.0f}s waiting for {what}") from None


# MARK: - Raw HTTP

#: pyupbit's parser for the `Remaining-Req` header (spec §1, §5.3); the header must match it whole.
REMAINING_REQ = re.compile(r"group=([a-z\-]+); min=([0-9]+); sec=([0-9]+)")

#: Quotation error messages (spec §5.1).
MISSING_PARAMETER_MESSAGE = "Missing request parameter error. Check the required parameters!"
CODE_NOT_FOUND = {"error": {"name": 404, "message": "Code not found"}}


@dataclass
class HttpResponse:
    """One answer as it came off the wire."""

    url: str
    status: int
    headers: Any
    body: bytes

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError as error:
            raise AssertionError(f"GET {self.url}: body is not JSON ({error}): {self.body[:300]!r}") from None

    def describe(self) -> str:
        return f"GET {self.url} -> {self.status} {self.body[:300]!r}"


# Loopback needs no proxy, whatever the environment says.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_get(path_and_query: str, headers: dict | None = None, timeout: float = 15.0) -> HttpResponse:
    """GET `BASE_URL + path_and_query` exactly as written (no re-encoding), keeping error answers too."""
    url = BASE_URL + path_and_query
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with _opener.open(request, timeout=timeout) as response:
            return HttpResponse(url, response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return HttpResponse(url, error.code, error.headers, error.read())


def get_json(path_and_query: str) -> Any:
    """GET that must succeed with 200 and a JSON body."""
    response = http_get(path_and_query)
    assert response.status == 200, response.describe()
    return response.json()


def remaining_req(response: HttpResponse) -> tuple[str, int, int]:
    """The `Remaining-Req` header parsed as pyupbit parses it: (group, min, sec)."""
    header = response.headers.get("Remaining-Req")
    assert header is not None, f"no Remaining-Req header: {response.describe()}"
    match = REMAINING_REQ.fullmatch(header)
    assert match, f"Remaining-Req {header!r} does not match {REMAINING_REQ.pattern!r}"
    return match.group(1), int(match.group(2)), int(match.group(3))


# MARK: - Raw WebSocket


@dataclass
class Frame:
    """One server frame: whether it was binary, and its JSON payload."""

    binary: bool
    payload: Any

    def __repr__(self) -> str:
        kind = "binary" if self.binary else "TEXT"
        return f"<{kind} {json.dumps(self.payload, ensure_ascii=False)[:240]}>"


@contextlib.asynccontextmanager
async def ws_session(url: str | None = None):
    """A WebSocket to the quotation endpoint; protocol pings are left to each test."""
    async with connect(url or WS_URL, ping_interval=None, max_size=None, open_timeout=10, close_timeout=2) as ws:
        yield ws


async def send(ws: ClientConnection, message: Any) -> None:
    """Sends a request as a text frame, as every analysed client does (spec §6.1)."""
    await ws.send(message if isinstance(message, str) else json.dumps(message))


async def _receive(ws: ClientConnection, seconds: float) -> Frame | None:
    """The next frame decoded, or None if none arrives within `seconds` (cancelling recv() is safe)."""
    try:
        raw = await asyncio.wait_for(ws.recv(), max(seconds, 0.001))
    except asyncio.TimeoutError:
        return None
    binary = isinstance(raw, bytes)
    text = raw.decode("utf-8") if binary else raw
    try:
        return Frame(binary, json.loads(text))
    except ValueError:
        raise AssertionError(f"{'binary' if binary else 'text'} frame is not JSON: {text[:300]!r}") from None


async def next_frame(ws: ClientConnection, seconds: float = STREAM_TIMEOUT_SECONDS) -> Frame:
    """The next frame, decoded; fails if none arrives in time."""
    frame = await _receive(ws, seconds)
    assert frame is not None, f"no frame within {seconds:.0f}s"
    return frame


async def frames_until(
    ws: ClientConnection,
    done: Callable[[list[Frame]], bool],
    what: str,
    seconds: float = STREAM_TIMEOUT_SECONDS,
) -> list[Frame]:
    """Collects frames until `done(frames)` holds; on timeout says what was seen instead."""
    frames: list[Frame] = []
    deadline = time.monotonic() + seconds
    while not done(frames):
        left = deadline - time.monotonic()
        frame = await _receive(ws, left) if left > 0 else None
        if frame is None:
            raise AssertionError(f"timed out after {seconds:.0f}s waiting for {what}; "
                                 f"saw {len(frames)} frames, first ones: {frames[:6]}")
        frames.append(frame)
    return frames


async def quiet_frames(ws: ClientConnection, seconds: float) -> list[Frame]:
    """Everything that arrives within `seconds` (possibly nothing)."""
    frames: list[Frame] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        frame = await _receive(ws, left)
        if frame is None:
            break
        frames.append(frame)
    return frames


def items(frames: list[Frame]) -> list[dict]:
    """Frame payloads flattened: a JSON_LIST frame contributes each of its objects."""
    out: list[dict] = []
    for frame in frames:
        out.extend(frame.payload if isinstance(frame.payload, list) else [frame.payload])
    return out


def of_type(frames: list[Frame], type_: str, code: str | None = None, key_type="type", key_code="code"):
    """Payloads of one message type (and code)."""
    return [m for m in items(frames)
            if m.get(key_type) == type_ and (code is None or m.get(key_code) == code)]


# MARK: - Value formats


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    return type(value).__name__


#: Accepted Python kinds for each declared type, modelled on Swift's JSONDecoder: a Double decodes from any
#: JSON number, an Int (Int64) only from an integer, a Bool only from true/false.
_ACCEPTS = {
    "Double": {"int", "float"},
    "Float": {"float"},  # a number written with a fractional part, e.g. 102417000.0 (spec §0.2)
    "Int": {"int"},
    "String": {"string"},
    "Bool": {"bool"},
    "Object": {"dict"},
    "Array": {"list"},
}


def check_fields(obj: Any, schema: dict[str, str], where: str) -> None:
    """Asserts `obj` has every field of `schema` with the declared type ("Double", "Int", "String?", …).

    A trailing `?` makes the field optional and nullable, as a Swift optional is. Every problem is listed
    at once so one run shows the whole mismatch.
    """
    assert isinstance(obj, dict), f"{where}: expected a JSON object, got {_kind(obj)}: {obj!r:.200}"
    problems = []
    for field, declared in schema.items():
        optional = declared.endswith("?")
        kind = declared.rstrip("?")
        if field not in obj or obj[field] is None:
            if not optional:
                problems.append(f"{field}: missing" if field not in obj else f"{field}: null, expected {kind}")
            continue
        if _kind(obj[field]) not in _ACCEPTS[kind]:
            problems.append(f"{field}: expected {kind}, got {_kind(obj[field])} {obj[field]!r:.60}")
    assert not problems, f"{where}: " + "; ".join(problems) + f" in {json.dumps(obj, ensure_ascii=False)[:400]}"


DATE_COMPACT = re.compile(r"\d{8}")  # yyyyMMdd
TIME_COMPACT = re.compile(r"\d{6}")  # HHmmss
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")  # yyyy-MM-dd
TIME = re.compile(r"\d{2}:\d{2}:\d{2}")  # HH:mm:ss
CANDLE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")  # no zone suffix (spec §0.2)


def now_ms() -> int:
    return int(time.time() * 1000)


def parse_candle_time(text: str) -> datetime:
    """`candle_date_time_*` as an aware UTC datetime (the string itself carries no zone)."""
    assert CANDLE_TIME.fullmatch(text), f"candle time {text!r} is not yyyy-MM-ddTHH:mm:ss without a zone"
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)


def to_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_ms(milliseconds: int) -> datetime:
    return datetime.fromtimestamp(milliseconds / 1000, tz=timezone.utc)


def period_start(moment: datetime, timeframe: str) -> datetime:
    """Start of the UTC candle holding `moment` (spec §2.7: weeks start Monday, months on the 1st)."""
    moment = moment.astimezone(timezone.utc)
    if timeframe == "1M":
        return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    if timeframe == "1w":
        day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
        return day - timedelta(days=day.weekday())
    seconds = TIMEFRAME_SECONDS[timeframe]
    epoch = int(moment.timestamp())
    return datetime.fromtimestamp(epoch - epoch % seconds, tz=timezone.utc)


#: Fixed-length timeframes in seconds (1w and 1M are calendar periods; see period_start).
TIMEFRAME_SECONDS = {"1s": 1, "1m": 60, "3m": 180, "5m": 300, "10m": 600, "15m": 900, "30m": 1800,
                     "1h": 3600, "4h": 14400, "1d": 86400}


def assert_aligned(timestamp_ms: int, timeframe: str, where: str) -> None:
    moment = from_ms(timestamp_ms)
    assert period_start(moment, timeframe) == moment, \
        f"{where}: candle start {moment.isoformat()} is not aligned to a UTC {timeframe} boundary"


def assert_ohlcv(candle: list, where: str) -> None:
    """One ccxt candle [t, o, h, l, c, v]: numbers, low ≤ open/close ≤ high, volume ≥ 0."""
    assert len(candle) == 6, f"{where}: {candle}"
    t, o, h, l, c, v = candle
    assert isinstance(t, int), f"{where}: timestamp {t!r}"
    for name, value in (("open", o), ("high", h), ("low", l), ("close", c), ("volume", v)):
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}: {name} = {value!r}"
    assert 0 < l <= min(o, c) and max(o, c) <= h, f"{where}: OHLC inconsistent o={o} h={h} l={l} c={c}"
    assert v >= 0, f"{where}: negative volume {v}"


def assert_book_sides(bids: list, asks: list, where: str) -> None:
    """Bids strictly descending, asks strictly ascending, positive sizes, best bid below best ask."""
    assert bids and asks, f"{where}: empty side (bids={len(bids)}, asks={len(asks)})"
    bid_prices = [level[0] for level in bids]
    ask_prices = [level[0] for level in asks]
    assert bid_prices == sorted(bid_prices, reverse=True) and len(set(bid_prices)) == len(bid_prices), \
        f"{where}: bids not strictly descending: {bid_prices}"
    assert ask_prices == sorted(ask_prices) and len(set(ask_prices)) == len(ask_prices), \
        f"{where}: asks not strictly ascending: {ask_prices}"
    assert all(level[1] > 0 for level in bids + asks), f"{where}: a level with size ≤ 0"
    assert bid_prices[0] < ask_prices[0], f"{where}: crossed book, best bid {bid_prices[0]} ≥ best ask {ask_prices[0]}"
