"""Trading next to the demo, exactly. Every trading test runs on a server whose demo quotes and trades
KRW-BTC as the test does (bourse_process.DEMO), so its orders go where the outcome is still known to the
unit:

- Resting orders sit far from the market (``assert_far_below``, ``assert_far_above``). The demo's fair
  value starts at 143,250,000 KRW and is pulled back whenever it leaves two thirds to 1.5 times of that
  (MarketSimulator.walk); its makers quote at most 45 steps of 0.05 % (2.25 %) around it, and its takers'
  largest order is worth 300,000 KRW against tens of millions on the ladder. So nothing the demo does
  reaches a bid at half its price, or an ask at twice it, while a test runs: such an order stays open,
  untouched, until the test cancels it.
- Orders that trade do so with the demo's book, and the tests check what they were told against the fills
  they were given: prices from the book, each fill's funds price × volume, the fee the exchange's rule gives
  (``fee``), balances to the last unit. An order cannot trade with another account of the test instead:
  on a market the demo quotes, the best price on each side is the demo's (or the test's own order inside
  the demo's spread, where the demo's takers reach it first), and matching goes by price first.
"""

from __future__ import annotations

import json
import urllib.request
from decimal import ROUND_CEILING, Decimal

SYMBOL = "BTC/KRW"
MARKET = "KRW-BTC"
#: KRW-BTC's fee for makers and takers alike.
FEE_RATE = Decimal("0.0005")
#: The exchange's smallest unit of any amount (10⁻⁸).
UNIT = Decimal("0.00000001")
#: A KRW-BTC price step valid in every band the demo's price can be in (the tick is 1,000 KRW from
#: 1,000,000 up): crossing prices are rounded to it.
STEP = 10_000

_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _get(base: str, path_and_query: str):
    with _opener.open(urllib.request.Request(base + path_and_query), timeout=15) as response:
        return json.loads(response.read())


def fee(funds) -> Decimal:
    """The fee on an order's executed `funds`: 0.05 %, rounded up to the unit once over all its fills
    (FeeRate, FeeAccumulator)."""
    return (Decimal(funds) * FEE_RATE).quantize(UNIT, rounding=ROUND_CEILING)


def last_price(base: str) -> Decimal:
    """The demo's last KRW-BTC trade price (GET /v1/ticker); fails on a server whose demo is off (no ticker
    then, or no trade)."""
    tickers = _get(base, f"/v1/ticker?markets={MARKET}")
    assert tickers and tickers[0]["trade_price"] > 0, f"no demo price for {MARKET}: {tickers}"
    return Decimal(str(tickers[0]["trade_price"]))


def book(base: str) -> tuple[list[Decimal], list[Decimal]]:
    """The KRW-BTC book's bid and ask prices, best first (GET /v1/orderbook)."""
    units = _get(base, f"/v1/orderbook?markets={MARKET}")[0]["orderbook_units"]
    bids = [Decimal(str(unit["bid_price"])) for unit in units if unit["bid_size"] > 0]
    asks = [Decimal(str(unit["ask_price"])) for unit in units if unit["ask_size"] > 0]
    return bids, asks


def assert_far_below(base: str, price) -> None:
    """That the demo trades and quotes KRW-BTC at least twice `price` (and so never reaches a bid there
    while a test runs, see the module's doc)."""
    last = last_price(base)
    bids, _ = book(base)
    assert bids, "the demo's book has no bids"
    assert last >= 2 * Decimal(price) and bids[-1] >= 2 * Decimal(price), \
        f"a test's resting price {price} is too close to the demo's (last {last}, lowest bid shown {bids[-1]})"


def assert_far_above(base: str, price) -> None:
    """That the demo trades and quotes KRW-BTC at most half `price`: the demo's fair value is pulled back
    under 1.5 times its start, so an ask at 400,000,000 KRW stays open, untouched."""
    last = last_price(base)
    _, asks = book(base)
    assert asks, "the demo's book has no asks"
    assert 2 * last <= Decimal(price) and 2 * asks[-1] <= Decimal(price), \
        f"a test's resting price {price} is too close to the demo's (last {last}, highest ask shown {asks[-1]})"


def through_the_asks(base: str) -> int:
    """A limit buy price above every ask the demo can show for a while: 10 % over the last price (its
    ladder reaches 2.25 % past a fair value within a few 0.15 % steps of the last trade)."""
    return int(last_price(base) * Decimal("1.1")) // STEP * STEP


def through_the_bids(base: str) -> int:
    """A limit sell price under every bid the demo can show for a while: 10 % under the last price."""
    return -(-int(last_price(base) * Decimal("0.9")) // STEP) * STEP
