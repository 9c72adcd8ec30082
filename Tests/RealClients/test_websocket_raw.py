"""Upbit's quotation WebSocket contract checked frame by frame with `websockets` (upbit-api.md §6).

Requests go out as text frames, as every analysed client sends them. Every server frame must be binary
UTF-8 JSON: pyupbit decodes bytes, ToughCookie reads only binary frames and EveryCoins closes the socket
on a text frame (spec §6.1, product.md §1.6).
"""

import asyncio
import uuid

import pytest

import upbit_schema as schema
from support import (
    CANDLE_TIME, DATE, DATE_COMPACT, TIME, TIME_COMPACT, check_fields, frames_until, items, next_frame, of_type,
    quiet_frames, run, send, ws_session,
)


def ticket() -> dict:
    return {"ticket": str(uuid.uuid4())}


def assert_all_binary(frames, where: str) -> None:
    text = [frame for frame in frames if not frame.binary]
    assert not text, f"{where}: {len(text)} of {len(frames)} frames were TEXT, Upbit sends binary: {text[:3]}"


def has(type_: str, code: str, stream_type: str | None = None, count: int = 1):
    """A `frames_until` condition: at least `count` messages of that type and code (and stream type)."""
    def done(frames):
        found = [m for m in of_type(frames, type_, code)
                 if stream_type is None or m.get("stream_type") == stream_type]
        return len(found) >= count
    return done


# MARK: - Frames and data


@pytest.mark.parametrize("type_", ["ticker", "trade", "orderbook", "candle.1s", "candle.1m"])
def test_a_subscription_gets_a_binary_snapshot_then_binary_realtime_frames(type_):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": type_, "codes": ["KRW-BTC"]}])
            frames = await frames_until(ws, has(type_, "KRW-BTC", "REALTIME"), f"a REALTIME {type_}")
            assert_all_binary(frames, type_)
            messages = of_type(frames, type_, "KRW-BTC")
            assert len(messages) == len(items(frames)), f"unexpected frames (no ack is sent): {frames[:4]}"
            assert messages[0]["stream_type"] == "SNAPSHOT", f"first {type_} frame: {messages[0]}"
            kind = "candle" if type_.startswith("candle") else type_
            for message in messages:
                check_fields(message, schema.DEFAULT_SCHEMAS[kind], f"{type_} {message['stream_type']}")
            return messages

    messages = run(body())
    if type_ == "ticker":
        for m in messages:
            assert DATE_COMPACT.fullmatch(m["trade_date"]) and TIME_COMPACT.fullmatch(m["trade_time"]), m
            assert m["change"] in ("RISE", "EVEN", "FALL") and m["ask_bid"] in ("ASK", "BID"), m
            assert m["market_state"] in ("PREVIEW", "ACTIVE", "DELISTED") and m["market_warning"] in ("NONE", "CAUTION")
            assert m["change_price"] == abs(m["signed_change_price"]), m
    if type_ == "trade":
        for m in messages:
            assert DATE.fullmatch(m["trade_date"]) and TIME.fullmatch(m["trade_time"]), m
            assert m["ask_bid"] in ("ASK", "BID") and m["change"] in ("RISE", "EVEN", "FALL"), m
            assert m["change_price"] >= 0, f"WebSocket change_price is absolute: {m}"
        assert len({m["sequential_id"] for m in messages}) == len(messages), "a trade sent twice"
    if type_ == "orderbook":
        for m in messages:
            units = m["orderbook_units"]
            assert 1 <= len(units) <= 30, f"{len(units)} levels by default"
            for unit in units:
                check_fields(unit, schema.ORDERBOOK_UNIT, "orderbook unit")
    if type_.startswith("candle"):
        for m in messages:
            assert CANDLE_TIME.fullmatch(m["candle_date_time_utc"]), m
            assert m["low_price"] <= min(m["opening_price"], m["trade_price"]) <= m["high_price"], m


@pytest.mark.parametrize("depth", [1, 5, 15, 30])
def test_an_orderbook_code_suffix_chooses_the_depth(depth):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "orderbook", "codes": [f"KRW-BTC.{depth}"]}])
            frames = await frames_until(ws, has("orderbook", "KRW-BTC"), f"the KRW-BTC.{depth} orderbook")
            book = of_type(frames, "orderbook", "KRW-BTC")[0]
            units = book["orderbook_units"]
            assert 1 <= len(units) <= depth, f"KRW-BTC.{depth}: {len(units)} levels"
            asks = [u["ask_price"] for u in units if u["ask_price"] > 0]
            bids = [u["bid_price"] for u in units if u["bid_price"] > 0]
            assert asks == sorted(asks) and bids == sorted(bids, reverse=True), f"asks {asks} bids {bids}"

    run(body())


def test_several_type_objects_for_one_type_are_merged():
    """ccxt sends one object per symbol (spec §6.2)."""

    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "ticker", "codes": ["KRW-BTC"]}, {"type": "ticker", "codes": ["BTC-ETH"]}])
            await frames_until(ws, lambda f: has("ticker", "KRW-BTC")(f) and has("ticker", "BTC-ETH")(f),
                               "tickers of both KRW-BTC and BTC-ETH")

    run(body())


def test_a_new_request_replaces_the_whole_subscription_set():
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "ticker", "codes": ["KRW-BTC"]}])
            await frames_until(ws, has("ticker", "KRW-BTC"), "the KRW-BTC ticker")
            await send(ws, [ticket(), {"type": "ticker", "codes": ["KRW-ETH"]}])
            await frames_until(ws, has("ticker", "KRW-ETH"), "the KRW-ETH ticker after the second request")
            after = await quiet_frames(ws, 4)
            stale = of_type(after, "ticker", "KRW-BTC")
            assert not stale, f"KRW-BTC kept streaming after a request without it: {stale[:2]}"

    run(body())


@pytest.mark.parametrize("flag", ["is_only_snapshot", "isOnlySnapshot"])
def test_only_snapshot_sends_one_snapshot_and_nothing_more(flag):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "ticker", "codes": ["KRW-BTC", "KRW-ETH"], flag: True}])
            frames = await frames_until(ws, lambda f: len(items(f)) >= 2, "two snapshots")
            frames += await quiet_frames(ws, 4)
            messages = items(frames)
            assert sorted(m["code"] for m in messages) == ["KRW-BTC", "KRW-ETH"], f"{flag}: {messages}"
            assert all(m["stream_type"] == "SNAPSHOT" for m in messages)

    run(body())


@pytest.mark.parametrize("flag", ["is_only_realtime", "isOnlyRealtime"])
def test_only_realtime_skips_the_snapshot(flag):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "trade", "codes": ["KRW-BTC"], flag: True}])
            frames = await frames_until(ws, lambda f: len(items(f)) >= 2, "two realtime trades")
            assert all(m["stream_type"] == "REALTIME" for m in items(frames)), f"{flag}: {items(frames)}"

    run(body())


# MARK: - Formats (spec §6.3, §6.4)


@pytest.mark.parametrize("kind, type_", [("ticker", "ticker"), ("trade", "trade"), ("orderbook", "orderbook"),
                                         ("candle", "candle.1s")])
def test_simple_format_abbreviates_every_key(kind, type_):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": type_, "codes": ["KRW-BTC"]}, {"format": "SIMPLE"}])
            frames = await frames_until(ws, lambda f: len(f) >= 2, f"two SIMPLE {type_} frames")
            assert_all_binary(frames, f"SIMPLE {type_}")
            for message in items(frames):
                check_fields(message, schema.simple_schema(kind), f"SIMPLE {type_}")
                long_names = set(schema.SIMPLE_NAMES[kind]) - set(schema.SIMPLE_NAMES[kind].values())
                assert not long_names & set(message), f"DEFAULT keys in a SIMPLE frame: {long_names & set(message)}"
                assert message["ty"] == type_ and message["cd"] == "KRW-BTC"
                if kind == "orderbook":
                    for unit in message["obu"]:
                        check_fields(unit, schema.simple_schema("orderbook_unit"), "SIMPLE orderbook unit")

    run(body())


@pytest.mark.parametrize("format_, key", [("JSON_LIST", "type"), ("SIMPLE_LIST", "ty"), ("simple", "ty")])
def test_list_formats_send_arrays_and_format_names_ignore_case(format_, key):
    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "trade", "codes": ["KRW-BTC"]}, {"format": format_}])
            frames = await frames_until(ws, lambda f: len(f) >= 2, f"two {format_} frames")
            assert_all_binary(frames, format_)
            if format_.endswith("LIST"):
                assert all(isinstance(f.payload, list) and f.payload for f in frames), f"{format_}: {frames}"
            assert all(m[key] == "trade" for m in items(frames)), f"{format_}: {items(frames)[:2]}"

    run(body())


def test_cryptofeed_subscription_with_format_second_and_camel_case_flags():
    """cryptofeed's exact request shape (spec §7.3): SIMPLE, realtime only, format object second."""

    async def body():
        async with ws_session() as ws:
            await send(ws, [
                {"ticket": str(uuid.uuid4())}, {"format": "SIMPLE"},
                {"type": "orderbook", "codes": ["KRW-BTC"], "isOnlyRealtime": True},
                {"type": "trade", "codes": ["KRW-BTC"], "isOnlyRealtime": True},
            ])

            def both(frames):
                types = {m.get("ty") for m in items(frames)}
                return {"orderbook", "trade"} <= types

            frames = await frames_until(ws, both, "SIMPLE orderbook and trade frames")
            for message in items(frames):
                assert "ty" in message, f"cryptofeed raises KeyError on a frame without ty: {message}"
                assert message["st"] == "REALTIME", message
                if message["ty"] == "trade":
                    for key in ("cd", "tp", "tv", "ab", "ttms", "sid"):
                        assert key in message, f"trade without {key}: {message}"
                else:
                    top = message["obu"][0]
                    assert top["ap"] > 0 and top["bp"] > 0, f"cryptofeed drops levels priced 0: {message}"

    run(body())


# MARK: - Keepalive (spec §6.1)


def test_text_ping_is_answered_with_status_up():
    async def body():
        async with ws_session() as ws:
            await send(ws, "PING")
            frame = await next_frame(ws, 5)
            assert frame.payload == {"status": "UP"}, frame
            return frame

    frame = run(body())
    # Binary is the recommendation (spec §6.1); Upbit's own choice is not confirmed (spec §10).
    assert frame.binary, '{"status":"UP"} came as a TEXT frame, which EveryCoins would close the socket on'


def test_protocol_ping_is_answered_with_pong():
    async def body():
        async with ws_session() as ws:
            for _ in range(3):
                latency = await asyncio.wait_for(await ws.ping(), 5)
                assert latency < 5

    run(body())


# MARK: - Errors and LIST_SUBSCRIPTIONS (spec §6.2)

ERROR_CASES = [
    ("NO_TICKET", [{"type": "ticker", "codes": ["KRW-BTC"]}]),
    ("NO_TYPE", [{"ticket": "t"}]),
    ("NO_TYPE", [{"ticket": "t"}, {"format": "SIMPLE"}]),
    ("NO_CODES", [{"ticket": "t"}, {"type": "ticker"}]),
    ("WRONG_FORMAT", {"ticket": "t", "type": "ticker", "codes": ["KRW-BTC"]}),
    ("WRONG_FORMAT", "this is not json"),
    ("INVALID_PARAM", [{"ticket": "t"}, {"type": "weather", "codes": ["KRW-BTC"]}]),
    ("INVALID_PARAM", [{"ticket": "t"}, {"type": "ticker", "codes": ["KRW-NOPE"]}]),
    ("INVALID_PARAM", [{"ticket": "t"}, {"type": "orderbook", "codes": ["KRW-BTC.7"]}]),
]


@pytest.mark.parametrize("name, request_", ERROR_CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(ERROR_CASES)])
def test_a_bad_request_gets_an_error_frame(name, request_):
    async def body():
        async with ws_session() as ws:
            await send(ws, request_)
            return await next_frame(ws, 5)

    frame = run(body())
    assert frame.payload.get("error", {}).get("name") == name, f"request {request_!r}: got {frame}"
    assert isinstance(frame.payload["error"].get("message"), str), frame
    assert frame.binary, f"error frame was TEXT: {frame}"


@pytest.mark.parametrize("format_, keys", [
    ("DEFAULT", ("method", "result", "ticket", "type", "codes")),
    ("SIMPLE", ("mthd", "rslt", "tckt", "ty", "cds")),
])
def test_list_subscriptions_reports_the_current_subscriptions(format_, keys):
    method, result, ticket_key, type_key, codes_key = keys

    async def body():
        async with ws_session() as ws:
            await send(ws, [ticket(), {"type": "ticker", "codes": ["KRW-BTC"]},
                            {"type": "orderbook", "codes": ["KRW-ETH"]}, {"format": format_}])
            await next_frame(ws)
            # Method before ticket, as Upbit's own example writes it: objects are recognised by their keys.
            # The format object is repeated because a request without one may reset the connection to DEFAULT.
            await send(ws, [{"method": "LIST_SUBSCRIPTIONS"}, {"ticket": "listing"}, {"format": format_}])
            frames = await frames_until(ws, lambda f: any(method in m for m in items(f)), "the LIST_SUBSCRIPTIONS reply")
            assert_all_binary(frames, "LIST_SUBSCRIPTIONS")
            reply = next(m for m in items(frames) if method in m)
            assert reply[method] == "LIST_SUBSCRIPTIONS", reply
            assert str(reply.get(ticket_key)) == "listing", reply
            listed = {(entry[type_key], tuple(entry[codes_key])) for entry in reply[result]}
            assert ("ticker", ("KRW-BTC",)) in listed and ("orderbook", ("KRW-ETH",)) in listed, reply
            # Listing is not a new subscription: the streams go on.
            code_key = "cd" if format_ == "SIMPLE" else "code"
            await frames_until(ws, lambda f: bool(of_type(f, "ticker", "KRW-BTC", type_key, code_key)),
                               "the KRW-BTC ticker after listing")

    run(body())
