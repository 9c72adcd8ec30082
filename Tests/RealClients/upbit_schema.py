"""Upbit's message fields and JSON types, transcribed from the wire contract (upbit-api.md §2 and §6.4).

Types are named as a Swift app declares them (see support.check_fields): "Double" takes any JSON number,
"Float" a number written with a fractional part, "Int" an integer, "String?" an optional or null string.
"""

# MARK: - REST (spec §2)

MARKET = {"market": "String", "korean_name": "String", "english_name": "String"}

REST_TICKER = {
    "market": "String",
    "trade_date": "String", "trade_time": "String", "trade_date_kst": "String", "trade_time_kst": "String",
    "trade_timestamp": "Int",
    "opening_price": "Double", "high_price": "Double", "low_price": "Double",
    "trade_price": "Float",  # pyupbit's test expects a Python float from get_current_price (spec §0.2)
    "prev_closing_price": "Double",
    "change": "String", "change_price": "Double", "change_rate": "Double",
    "signed_change_price": "Double", "signed_change_rate": "Double",
    "trade_volume": "Double",
    "acc_trade_price": "Double", "acc_trade_price_24h": "Double",
    "acc_trade_volume": "Double", "acc_trade_volume_24h": "Double",
    "highest_52_week_price": "Double", "highest_52_week_date": "String",
    "lowest_52_week_price": "Double", "lowest_52_week_date": "String",
    "timestamp": "Int",
}

REST_ORDERBOOK = {
    "market": "String", "timestamp": "Int", "total_ask_size": "Double", "total_bid_size": "Double",
    "orderbook_units": "Array", "level": "Double",
}

ORDERBOOK_UNIT = {"ask_price": "Double", "bid_price": "Double", "ask_size": "Double", "bid_size": "Double"}

REST_TRADE = {
    "market": "String", "trade_date_utc": "String", "trade_time_utc": "String", "timestamp": "Int",
    "trade_price": "Double", "trade_volume": "Double", "prev_closing_price": "Double",
    "change_price": "Double", "ask_bid": "String", "sequential_id": "Int",
}

REST_CANDLE = {
    "market": "String", "candle_date_time_utc": "String", "candle_date_time_kst": "String",
    "opening_price": "Double", "high_price": "Double", "low_price": "Double", "trade_price": "Double",
    "timestamp": "Int", "candle_acc_trade_price": "Double", "candle_acc_trade_volume": "Double",
}

REST_CANDLE_EXTRA = {
    "seconds": {},
    "minutes": {"unit": "Int"},
    "days": {"prev_closing_price": "Double", "change_price": "Double", "change_rate": "Double"},
    "weeks": {"first_day_of_period": "String"},
    "months": {"first_day_of_period": "String"},
    "years": {"first_day_of_period": "String"},
}

# MARK: - WebSocket, DEFAULT format (spec §6.4)

WS_TICKER = {
    "type": "String", "code": "String",
    "opening_price": "Double", "high_price": "Double", "low_price": "Double", "trade_price": "Double",
    "prev_closing_price": "Double", "change": "String", "change_price": "Double",
    "signed_change_price": "Double", "change_rate": "Double", "signed_change_rate": "Double",
    "trade_volume": "Double", "acc_trade_volume": "Double", "acc_trade_volume_24h": "Double",
    "acc_trade_price": "Double", "acc_trade_price_24h": "Double",
    "trade_date": "String", "trade_time": "String", "trade_timestamp": "Int", "ask_bid": "String",
    "acc_ask_volume": "Double", "acc_bid_volume": "Double",
    "highest_52_week_price": "Double", "highest_52_week_date": "String",
    "lowest_52_week_price": "Double", "lowest_52_week_date": "String",
    "market_state": "String", "is_trading_suspended": "Bool", "delisting_date": "String?",
    "market_warning": "String", "timestamp": "Int", "stream_type": "String",
}

WS_TRADE = {
    "type": "String", "code": "String", "trade_price": "Double", "trade_volume": "Double", "ask_bid": "String",
    "prev_closing_price": "Double", "change": "String", "change_price": "Double",
    "trade_date": "String", "trade_time": "String", "trade_timestamp": "Int", "timestamp": "Int",
    "sequential_id": "Int", "best_ask_price": "Double", "best_ask_size": "Double",
    "best_bid_price": "Double", "best_bid_size": "Double", "stream_type": "String",
}

WS_ORDERBOOK = {
    "type": "String", "code": "String", "total_ask_size": "Double", "total_bid_size": "Double",
    "orderbook_units": "Array", "timestamp": "Int", "level": "Double", "stream_type": "String",
}

WS_CANDLE = {
    "type": "String", "code": "String", "candle_date_time_utc": "String", "candle_date_time_kst": "String",
    "opening_price": "Double", "high_price": "Double", "low_price": "Double", "trade_price": "Double",
    "candle_acc_trade_volume": "Double", "candle_acc_trade_price": "Double", "timestamp": "Int",
    "stream_type": "String",
}

# MARK: - WebSocket, SIMPLE format (DEFAULT name -> abbreviation, spec §6.4)

SIMPLE_NAMES = {
    "ticker": {
        "type": "ty", "code": "cd", "opening_price": "op", "high_price": "hp", "low_price": "lp",
        "trade_price": "tp", "prev_closing_price": "pcp", "change": "c", "change_price": "cp",
        "signed_change_price": "scp", "change_rate": "cr", "signed_change_rate": "scr", "trade_volume": "tv",
        "acc_trade_volume": "atv", "acc_trade_volume_24h": "atv24h", "acc_trade_price": "atp",
        "acc_trade_price_24h": "atp24h", "trade_date": "tdt", "trade_time": "ttm", "trade_timestamp": "ttms",
        "ask_bid": "ab", "acc_ask_volume": "aav", "acc_bid_volume": "abv", "highest_52_week_price": "h52wp",
        "highest_52_week_date": "h52wdt", "lowest_52_week_price": "l52wp", "lowest_52_week_date": "l52wdt",
        "market_state": "ms", "is_trading_suspended": "its", "delisting_date": "dd", "market_warning": "mw",
        "timestamp": "tms", "stream_type": "st",
    },
    "trade": {
        "type": "ty", "code": "cd", "trade_price": "tp", "trade_volume": "tv", "ask_bid": "ab",
        "prev_closing_price": "pcp", "change": "c", "change_price": "cp", "trade_date": "td",
        "trade_time": "ttm", "trade_timestamp": "ttms", "timestamp": "tms", "sequential_id": "sid",
        "best_ask_price": "bap", "best_ask_size": "bas", "best_bid_price": "bbp", "best_bid_size": "bbs",
        "stream_type": "st",
    },
    "orderbook": {
        "type": "ty", "code": "cd", "total_ask_size": "tas", "total_bid_size": "tbs", "orderbook_units": "obu",
        "timestamp": "tms", "level": "lv", "stream_type": "st",
    },
    "orderbook_unit": {"ask_price": "ap", "bid_price": "bp", "ask_size": "as", "bid_size": "bs"},
    "candle": {
        "type": "ty", "code": "cd", "candle_date_time_utc": "cdttmu", "candle_date_time_kst": "cdttmk",
        "opening_price": "op", "high_price": "hp", "low_price": "lp", "trade_price": "tp",
        "candle_acc_trade_volume": "catv", "candle_acc_trade_price": "catp", "timestamp": "tms",
        "stream_type": "st",
    },
}

DEFAULT_SCHEMAS = {"ticker": WS_TICKER, "trade": WS_TRADE, "orderbook": WS_ORDERBOOK, "candle": WS_CANDLE,
                   "orderbook_unit": ORDERBOOK_UNIT}


def simple_schema(kind: str) -> dict[str, str]:
    """The SIMPLE-format schema of a message kind: same types, abbreviated keys."""
    return {SIMPLE_NAMES[kind][name]: declared for name, declared in DEFAULT_SCHEMAS[kind].items()}
