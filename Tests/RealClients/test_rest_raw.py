"""Upbit's REST quotation contract checked on the raw bytes (upbit-api.md §1, §2, §5), with urllib only.

These are the behaviours that clients other than ccxt rely on (pyupbit's header regex and repeated keys,
cryptofeed's trailing slashes, newest-first lists, zone-less candle times) and that ccxt hides.
"""

import math
from datetime import datetime, timedelta, timezone

import pytest

import upbit_schema as schema
from support import (
    BASE_URL, CANDLE_TIME, CODE_NOT_FOUND, DATE, DATE_COMPACT, DEMO_MARKETS, MISSING_PARAMETER_MESSAGE, TIME, TIME_COMPACT,
    assert_aligned, check_fields, from_ms, get_json, http_get, now_ms, parse_candle_time, period_start,
    remaining_req, to_ms,
)

# MARK: - Common HTTP behaviour (spec §1, §5.3)

# Each endpoint and the `group=` its Remaining-Req header names (the values Upbit sends, spec §5.3).
GROUPS = [
    ("/v1/market/all", "market"),
    ("/v1/ticker?markets=KRW-BTC", "ticker"),
    ("/v1/ticker/all?quote_currencies=KRW", "ticker"),
    ("/v1/orderbook?markets=KRW-BTC", "orderbook"),
    ("/v1/orderbook/instruments?markets=KRW-BTC", "orderbook"),
    ("/v1/trades/ticks?market=KRW-BTC", "crix-trades"),
    ("/v1/candles/seconds?market=KRW-BTC", "candles"),
    ("/v1/candles/minutes/1?market=KRW-BTC", "candles"),
    ("/v1/candles/days?market=KRW-BTC", "candles"),
    ("/v1/candles/weeks?market=KRW-BTC", "candles"),
    ("/v1/candles/months?market=KRW-BTC", "candles"),
]


@pytest.mark.parametrize("path, group", GROUPS)
def test_every_success_carries_remaining_req_and_a_json_content_type(path, group):
    response = http_get(path)
    assert response.status == 200, response.describe()
    name, per_minute, per_second = remaining_req(response)
    assert name == group, f"{path}: group={name}, Upbit says group={group}"
    assert per_second >= 0 and per_minute >= 0
    content_type = response.headers.get("Content-Type", "")
    assert content_type.lower().startswith("application/json"), f"{path}: Content-Type {content_type!r}"
    assert isinstance(response.json(), list)


@pytest.mark.parametrize("path", ["/v1/ticker?markets=KRW-NOPE", "/v1/ticker", "/v1/candles/minutes/1"])
def test_errors_carry_remaining_req_too(path):
    response = http_get(path)
    assert response.status in (400, 404), response.describe()
    remaining_req(response)


def test_an_unknown_market_is_404_code_not_found():
    # Whether a list mixing known and unknown codes fails whole is not confirmed (spec §10), so only one code.
    response = http_get("/v1/ticker?markets=KRW-NOPE")
    assert response.status == 404, response.describe()
    assert response.json() == CODE_NOT_FOUND, response.describe()


@pytest.mark.parametrize("path", [
    "/v1/ticker",
    "/v1/ticker/all",
    "/v1/orderbook",
    "/v1/trades/ticks",
    "/v1/candles/minutes/1",
    "/v1/candles/days",
])
def test_a_missing_required_parameter_is_400_with_an_integer_error_name(path):
    response = http_get(path)
    assert response.status == 400, response.describe()
    assert response.json() == {"error": {"name": 400, "message": MISSING_PARAMETER_MESSAGE}}, response.describe()


def test_repeated_markets_keys_count_as_a_comma_list():
    """pyupbit sends a list as repeated keys (spec §1)."""
    tickers = get_json("/v1/ticker?markets=KRW-BTC&markets=KRW-ETH")
    assert sorted(t["market"] for t in tickers) == ["KRW-BTC", "KRW-ETH"]


def test_percent_encoded_commas_separate_markets_as_ccxt_sends_them():
    tickers = get_json("/v1/ticker?markets=KRW-BTC%2CBTC-ETH%2CUSDT-BTC")
    assert sorted(t["market"] for t in tickers) == ["BTC-ETH", "KRW-BTC", "USDT-BTC"]


def test_trailing_and_double_slashes_reach_the_same_endpoint():
    """cryptofeed asks for `/v1/candles/days/?…`, pyupbit for `//v1/…` (spec §1)."""
    plain = get_json("/v1/candles/days?market=KRW-BTC&count=2")
    assert get_json("/v1/candles/days/?market=KRW-BTC&count=2")[-1] == plain[-1]
    assert get_json("//v1/candles/days?market=KRW-BTC&count=2")[-1] == plain[-1]


# MARK: - Markets (spec §2.2)


def test_market_all_lists_the_demo_markets_with_names():
    markets = get_json("/v1/market/all")
    by_code = {m["market"]: m for m in markets}
    assert set(DEMO_MARKETS) <= set(by_code), f"missing {set(DEMO_MARKETS) - set(by_code)}"
    for market in markets:
        check_fields(market, schema.MARKET, f"market/all {market.get('market')}")
        assert "market_event" not in market, "market_event only with is_details=true"


@pytest.mark.parametrize("query", ["is_details=true", "isDetails=true"])
def test_market_all_with_details_adds_market_event_and_market_warning(query):
    for market in get_json(f"/v1/market/all?{query}"):
        where = f"market/all?{query} {market.get('market')}"
        check_fields(market, {**schema.MARKET, "market_event": "Object", "market_warning": "String"}, where)
        event = market["market_event"]
        check_fields(event, {"warning": "Bool", "caution": "Object"}, where)
        assert set(event["caution"]) == {
            "PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING", "DEPOSIT_AMOUNT_SOARING", "GLOBAL_PRICE_DIFFERENCES",
            "CONCENTRATION_OF_SMALL_ACCOUNTS",
        }, where
        assert all(isinstance(flag, bool) for flag in event["caution"].values()), where
        assert market["market_warning"] in ("NONE", "CAUTION"), where


# MARK: - Tickers (spec §2.3)


def _check_rest_ticker(ticker: dict, where: str) -> None:
    check_fields(ticker, schema.REST_TICKER, where)
    assert DATE_COMPACT.fullmatch(ticker["trade_date"]) and TIME_COMPACT.fullmatch(ticker["trade_time"]), where
    assert DATE_COMPACT.fullmatch(ticker["trade_date_kst"]) and TIME_COMPACT.fullmatch(ticker["trade_time_kst"])
    utc = datetime.strptime(ticker["trade_date"] + ticker["trade_time"], "%Y%m%d%H%M%S")
    kst = datetime.strptime(ticker["trade_date_kst"] + ticker["trade_time_kst"], "%Y%m%d%H%M%S")
    assert kst - utc == timedelta(hours=9), f"{where}: KST {kst} is not UTC {utc} + 9 h"
    assert utc == datetime.fromtimestamp(ticker["trade_timestamp"] // 1000, timezone.utc).replace(tzinfo=None), \
        f"{where}: trade_date/trade_time {utc} disagree with trade_timestamp"
    assert DATE.fullmatch(ticker["highest_52_week_date"]) and DATE.fullmatch(ticker["lowest_52_week_date"]), where
    assert ticker["change"] in ("RISE", "EVEN", "FALL"), where
    difference = ticker["trade_price"] - ticker["prev_closing_price"]
    expected_change = "RISE" if difference > 0 else "FALL" if difference < 0 else "EVEN"
    assert ticker["change"] == expected_change, f"{where}: change {ticker['change']} but difference {difference}"
    assert math.isclose(ticker["signed_change_price"], difference, rel_tol=1e-9, abs_tol=1e-8), where
    assert ticker["change_price"] == abs(ticker["signed_change_price"]), where
    assert ticker["change_rate"] == abs(ticker["signed_change_rate"]), where
    assert math.isclose(ticker["signed_change_rate"], difference / ticker["prev_closing_price"], abs_tol=1e-8), where
    assert 0 < ticker["low_price"] <= ticker["trade_price"] <= ticker["high_price"], where
    assert ticker["lowest_52_week_price"] <= ticker["low_price"], where
    assert ticker["highest_52_week_price"] >= ticker["high_price"], where
    assert ticker["acc_trade_volume_24h"] >= 0 and ticker["acc_trade_price_24h"] >= 0, where


def test_ticker_has_every_field_with_upbit_types_and_consistent_values():
    for ticker in get_json("/v1/ticker?markets=KRW-BTC,BTC-ETH,USDT-BTC"):
        _check_rest_ticker(ticker, f"ticker {ticker.get('market')}")


@pytest.mark.parametrize("quotes, expected", [
    ("KRW", {m for m in DEMO_MARKETS if m.startswith("KRW-")}),
    ("BTC,USDT", {m for m in DEMO_MARKETS if not m.startswith("KRW-")}),
])
def test_ticker_all_returns_every_market_of_the_quote_currencies(quotes, expected):
    tickers = get_json(f"/v1/ticker/all?quote_currencies={quotes}")
    markets = [t["market"] for t in tickers]
    assert len(markets) == len(set(markets)), f"duplicates in {markets}"
    assert expected <= set(markets), f"missing {expected - set(markets)}"
    assert all(m.split("-")[0] in quotes.split(",") for m in markets), f"other quote currency in {markets}"
    for ticker in tickers:
        _check_rest_ticker(ticker, f"ticker/all {ticker['market']}")


# MARK: - Order books (spec §2.4, §2.5)


@pytest.mark.parametrize("count", [None, 1, 5, 15, 30])
def test_orderbook_units_are_best_first_and_totals_cover_the_returned_levels(count):
    query = "markets=KRW-BTC,BTC-ETH" + (f"&count={count}" if count else "")
    books = get_json(f"/v1/orderbook?{query}")
    assert sorted(b["market"] for b in books) == ["BTC-ETH", "KRW-BTC"]
    for book in books:
        where = f"orderbook?{query} {book['market']}"
        check_fields(book, schema.REST_ORDERBOOK, where)
        units = book["orderbook_units"]
        assert 1 <= len(units) <= (count or 30), f"{where}: {len(units)} units"
        for unit in units:
            check_fields(unit, schema.ORDERBOOK_UNIT, where)
        asks = [u["ask_price"] for u in units]
        bids = [u["bid_price"] for u in units]
        assert asks == sorted(asks) and bids == sorted(bids, reverse=True), f"{where}: asks {asks} bids {bids}"
        assert bids[0] < asks[0], f"{where}: crossed"
        assert math.isclose(book["total_ask_size"], sum(u["ask_size"] for u in units), rel_tol=1e-9), where
        assert math.isclose(book["total_bid_size"], sum(u["bid_size"] for u in units), rel_tol=1e-9), where
        assert book["level"] == 0, f"{where}: level {book['level']} without a level parameter"


def test_orderbook_instruments_spell_tick_size_and_levels_as_strings():
    for instrument in get_json("/v1/orderbook/instruments?markets=KRW-BTC,BTC-ETH"):
        where = f"orderbook/instruments {instrument.get('market')}"
        check_fields(instrument, {"market": "String", "quote_currency": "String", "tick_size": "String",
                                  "supported_levels": "Array"}, where)
        assert instrument["quote_currency"] == instrument["market"].split("-")[0], where
        assert all(isinstance(level, str) for level in instrument["supported_levels"]), where
        float(instrument["tick_size"])


# MARK: - Trades (spec §2.6)


def test_trades_ticks_are_newest_first_with_upbit_fields():
    trades = get_json("/v1/trades/ticks?market=KRW-BTC&count=20")
    assert 1 <= len(trades) <= 20
    for trade in trades:
        where = f"trades/ticks {trade.get('sequential_id')}"
        check_fields(trade, schema.REST_TRADE, where)
        assert trade["market"] == "KRW-BTC" and trade["ask_bid"] in ("ASK", "BID"), where
        assert DATE.fullmatch(trade["trade_date_utc"]) and TIME.fullmatch(trade["trade_time_utc"]), where
        moment = datetime.strptime(f"{trade['trade_date_utc']} {trade['trade_time_utc']}", "%Y-%m-%d %H:%M:%S")
        assert moment == from_ms(trade["timestamp"] // 1000 * 1000).replace(tzinfo=None), where
        assert math.isclose(trade["change_price"], trade["trade_price"] - trade["prev_closing_price"],
                            rel_tol=1e-9, abs_tol=1e-8), f"{where}: change_price is signed price - prev close"
    timestamps = [t["timestamp"] for t in trades]
    assert timestamps == sorted(timestamps, reverse=True), f"not newest first: {timestamps}"
    assert len({t["sequential_id"] for t in trades}) == len(trades), "duplicate sequential_id"
    # The demo market trades about every second.
    assert now_ms() - timestamps[0] < 5 * 60_000, f"newest trade at {from_ms(timestamps[0])}"


def test_trades_ticks_count_defaults_to_one():
    assert len(get_json("/v1/trades/ticks?market=KRW-BTC")) == 1


def test_trades_ticks_cursor_pages_to_older_trades():
    first = get_json("/v1/trades/ticks?market=KRW-ETH&count=10")
    cursor = first[-1]["sequential_id"]
    second = get_json(f"/v1/trades/ticks?market=KRW-ETH&count=10&cursor={cursor}")
    assert second, f"nothing before cursor {cursor}"
    first_ids = {t["sequential_id"] for t in first}
    assert not first_ids & {t["sequential_id"] for t in second}, "pages overlap"
    assert second[0]["timestamp"] <= first[-1]["timestamp"], "the next page is not older"


# MARK: - Candles (spec §2.7)

CANDLE_UNITS = [
    ("seconds", "1s"), ("minutes/1", "1m"), ("minutes/3", "3m"), ("minutes/5", "5m"), ("minutes/10", "10m"),
    ("minutes/15", "15m"), ("minutes/30", "30m"), ("minutes/60", "1h"), ("minutes/240", "4h"),
    ("days", "1d"), ("weeks", "1w"), ("months", "1M"),
]


@pytest.mark.parametrize("path, timeframe", CANDLE_UNITS)
def test_candles_are_newest_first_zone_less_and_aligned(path, timeframe):
    candles = get_json(f"/v1/candles/{path}?market=KRW-BTC&count=5")
    assert 1 <= len(candles) <= 5
    kind = path.split("/")[0]
    starts = []
    for candle in candles:
        where = f"candles/{path} {candle.get('candle_date_time_utc')}"
        check_fields(candle, {**schema.REST_CANDLE, **schema.REST_CANDLE_EXTRA[kind]}, where)
        start = parse_candle_time(candle["candle_date_time_utc"])
        assert parse_candle_time(candle["candle_date_time_kst"]) - start == timedelta(hours=9), where
        assert_aligned(to_ms(start), timeframe, where)
        assert candle["low_price"] <= min(candle["opening_price"], candle["trade_price"]), where
        assert max(candle["opening_price"], candle["trade_price"]) <= candle["high_price"], where
        assert candle["candle_acc_trade_volume"] >= 0 and candle["candle_acc_trade_price"] >= 0, where
        # `timestamp` is the candle's last tick, so it falls inside the candle.
        assert to_ms(start) <= candle["timestamp"], f"{where}: last tick before the candle start"
        if kind == "minutes":
            assert candle["unit"] == int(path.split("/")[1]), where
        if kind in ("weeks", "months"):
            assert candle["first_day_of_period"] == start.strftime("%Y-%m-%d"), where
        if kind == "days":
            assert math.isclose(candle["change_price"], candle["trade_price"] - candle["prev_closing_price"],
                                rel_tol=1e-9, abs_tol=1e-8), where
        starts.append(start)
    assert starts == sorted(starts, reverse=True) and len(set(starts)) == len(starts), f"not newest first: {starts}"


def test_candle_count_defaults_to_one():
    assert len(get_json("/v1/candles/minutes/1?market=KRW-BTC")) == 1


def test_candles_to_is_exclusive():
    recent = get_json("/v1/candles/minutes/1?market=KRW-BTC&count=3")
    boundary = recent[1]["candle_date_time_utc"]
    older = get_json(f"/v1/candles/minutes/1?market=KRW-BTC&count=3&to={boundary}Z")
    assert older, f"nothing before {boundary}"
    assert all(c["candle_date_time_utc"] < boundary for c in older), \
        f"to={boundary}Z returned {[c['candle_date_time_utc'] for c in older]}"


@pytest.mark.parametrize("spelling", [
    "{utc}.000Z",             # ccxt: 2025-06-24T04:56:53.000Z
    "{utc_space}",            # pyupbit: 2025-06-24 04:56:53, the space sent as '+'
    "{kst}%2B09:00",          # an offset, its '+' percent-encoded
    "{utc}",                  # no zone: UTC
])
def test_candles_accept_every_spelling_of_to(spelling):
    """Every spelling of one instant (spec §2.7) selects the same candles as `…Z`."""
    moment = period_start(datetime.now(timezone.utc) - timedelta(hours=5), "1m") + timedelta(seconds=30)
    values = {
        "utc": moment.strftime("%Y-%m-%dT%H:%M:%S"),
        "utc_space": moment.strftime("%Y-%m-%d+%H:%M:%S"),
        "kst": (moment + timedelta(hours=9)).strftime("%Y-%m-%dT%H:%M:%S"),
    }
    path = "/v1/candles/minutes/1?market=KRW-BTC&count=3&to="
    expected = get_json(path + values["utc"] + "Z")
    assert expected, f"no 1m candles before {values['utc']}Z"
    assert all(parse_candle_time(c["candle_date_time_utc"]) < moment for c in expected), \
        f"to={values['utc']}Z returned a candle starting at or after it"
    to = spelling.format(**values)
    got = get_json(path + to)
    assert [c["candle_date_time_utc"] for c in got] == [c["candle_date_time_utc"] for c in expected], \
        f"to={to} selected different candles than to={values['utc']}Z"


def test_candles_before_the_history_are_an_empty_list():
    assert get_json("/v1/candles/days?market=KRW-BTC&count=5&to=2001-01-01T00:00:00Z") == []


def test_candle_count_over_two_hundred_is_clamped():
    response = http_get("/v1/candles/minutes/1?market=KRW-BTC&count=500")
    if response.status == 400:
        pytest.xfail("count > 200 refused; Upbit is documented to clamp (spec §2.7)")
    assert response.status == 200, response.describe()
    assert len(response.json()) <= 200


def test_candle_times_have_no_zone_suffix_for_cryptofeed_and_pyupbit():
    for candle in get_json("/v1/candles/minutes/5?market=USDT-ETH&count=3"):
        assert CANDLE_TIME.fullmatch(candle["candle_date_time_utc"]), candle
        assert CANDLE_TIME.fullmatch(candle["candle_date_time_kst"]), candle


# MARK: - Request size (spec §1: request lines of 32 KiB)

def _raw_exchange(request: bytes, timeout: float = 10.0) -> bytes:
    """Sends raw bytes on a fresh connection and returns everything the server answers before closing
    (or before `timeout` passes, which the caller treats as the server leaving the connection hanging).
    A reset (the server closed with our bytes unread) counts as closing."""
    import socket
    from urllib.parse import urlsplit
    address = urlsplit(BASE_URL)
    received = b""
    try:
        with socket.create_connection((address.hostname, address.port), timeout=timeout) as connection:
            connection.sendall(request)
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    return received
                received += chunk
    except (ConnectionResetError, BrokenPipeError):
        return received


def test_a_32_kib_request_line_is_served():
    codes = ",".join(["KRW-BTC"] * 4_000)  # 31,999 bytes of parameter value
    response = http_get(f"/v1/ticker?markets={codes}")
    assert response.status == 200, response.describe()
    assert [row["market"] for row in response.json()] == ["KRW-BTC"]


@pytest.mark.parametrize("request_bytes", [
    b"GET /v1/ticker?markets=" + b",".join([b"KRW-BTC"] * 20_000) + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"NOT HTTP AT ALL\r\n\r\n",
], ids=["160-kib-request-line", "not-http"])
def test_an_unparsable_request_is_closed_not_left_hanging(request_bytes):
    import socket
    try:
        answer = _raw_exchange(request_bytes)
    except socket.timeout:
        pytest.fail("the server kept the connection open without answering")
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4"), answer[:80]
    assert get_json("/v1/market/all"), "the server still answers"
