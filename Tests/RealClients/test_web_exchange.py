"""The market page /exchange/{CODE} in a real browser: chart with OHLC under the cursor equal to the REST
candles, intervals, history loaded by scrolling back, the order book, the live tape, an unknown market,
themes, and screenshots at phone and desktop width. Every page must load without a CSP violation or a
script error.

The page exposes `window.__bourse` (chart, candleChart, book, tape) so that tests can drive the chart's
own API where a mouse gesture would be flaky.
"""

from __future__ import annotations

import base64
import json
import urllib.request
from datetime import datetime, timezone

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import BASE_URL
from web_support import DESKTOP, PHONE, make_driver, open_page, page_problems, screenshot, wait_until

MARKET = "KRW-BTC"
# Seoul has no daylight saving, so a bar's local label is exactly its `candle_date_time_kst`.
TIMEZONE = "Asia/Seoul"


def rest(path: str):
    with urllib.request.urlopen(BASE_URL + path, timeout=10) as response:
        return json.load(response)


def number(text: str) -> float:
    return float(text.replace(",", "").replace("+", "").replace("%", ""))


def legend(driver) -> dict:
    """The legend's fields as the page shows them, and the UTC second of the bar it describes."""
    return driver.execute_script(
        """
        const legend = document.getElementById('chart-legend');
        const fields = {};
        for (const el of legend.querySelectorAll('[data-field]')) fields[el.dataset.field] = el.textContent;
        fields.barTime = legend.dataset.time ? Number(legend.dataset.time) : null;
        return fields;
        """
    )


def bar_count(driver) -> int:
    return driver.execute_script("return window.__bourse ? window.__bourse.candleChart.bars.length : 0")


def assert_clean(driver):
    assert page_problems(driver) == []


@pytest.fixture(scope="module")
def desktop_driver():
    driver = make_driver(DESKTOP, language="ko-KR")
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": TIMEZONE})
    yield driver
    driver.quit()


@pytest.fixture
def desktop(desktop_driver):
    """The module's browser (one start for every test), with what the pages remember cleared first, so
    that an interval, a language or a theme one test chose never carries into the next."""
    open_page(desktop_driver, "/favicon.svg")
    desktop_driver.execute_script("localStorage.clear()")
    return desktop_driver


def open_market(driver, code: str = MARKET, interval: str | None = "1m"):
    """Opens the market page and waits for the chart's first bars (after choosing `interval`)."""
    open_page(driver, f"/exchange/{code}")
    wait_until(driver, lambda d: bar_count(d) > 0, "the chart's first candles")
    if interval:
        choose_interval(driver, interval)


def choose_interval(driver, interval: str):
    button = driver.find_element(By.CSS_SELECTOR, f'#intervals button[data-interval="{interval}"]')
    button.click()
    wait_until(driver, lambda d: button.get_attribute("aria-pressed") == "true", f"{interval} marked")
    wait_until(
        driver,
        lambda d: d.execute_script(
            "const c = window.__bourse.candleChart; return c.loaded && c.interval.id === arguments[0]"
            " && c.bars.length > 0"
            " && document.getElementById('chart-legend').dataset.time === String(c.bars.at(-1).time)",
            interval,
        ),
        f"the {interval} candles",
    )


# MARK: - Chart


def test_legend_shows_the_rest_candle_under_the_cursor(desktop):
    open_market(desktop)
    assert desktop.find_element(By.CSS_SELECTOR, "#chart canvas").is_displayed()
    latest = legend(desktop)
    for field in ("open", "high", "low", "close"):
        assert number(latest[field]) > 0, latest

    # Well left of the newest bars, so the candle under the cursor is closed and REST agrees on it.
    chart = desktop.find_element(By.ID, "chart")
    ActionChains(desktop).move_to_element_with_offset(chart, -chart.size["width"] // 4, 0).perform()
    wait_until(desktop, lambda d: legend(d)["barTime"] not in (None, latest["barTime"]), "the hovered bar")
    hovered = legend(desktop)
    assert hovered["barTime"] < latest["barTime"]

    # `to` is exclusive, so the one candle before bar + 60 s is the bar itself.
    to = datetime.fromtimestamp(hovered["barTime"] + 60, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    [candle] = rest(f"/v1/candles/minutes/1?market={MARKET}&count=1&to={to}")
    assert candle["candle_date_time_utc"] == datetime.fromtimestamp(
        hovered["barTime"], timezone.utc
    ).strftime("%Y-%m-%dT%H:%M:%S")
    assert number(hovered["open"]) == candle["opening_price"]
    assert number(hovered["high"]) == candle["high_price"]
    assert number(hovered["low"]) == candle["low_price"]
    assert number(hovered["close"]) == candle["trade_price"]
    # The label is local time (the browser is in Seoul), the same wall clock as Upbit's KST field.
    assert hovered["time"] == candle["candle_date_time_kst"][:16].replace("T", " ")

    # Leaving the chart puts the newest bar back in the legend.
    ActionChains(desktop).move_to_element(desktop.find_element(By.ID, "market-name")).perform()
    wait_until(desktop, lambda d: legend(d)["barTime"] >= latest["barTime"], "the newest bar again")
    assert_clean(desktop)


def test_intervals_switch_and_are_remembered(desktop):
    open_market(desktop)
    choose_interval(desktop, "1D")
    day = legend(desktop)
    assert day["barTime"] % 86400 == 0
    assert len(day["time"]) == len("2026-01-01")
    # The newest daily bar is today's (UTC), as REST says.
    [newest] = rest(f"/v1/candles/days?market={MARKET}&count=1")
    assert day["barTime"] == datetime.fromisoformat(newest["candle_date_time_utc"] + "+00:00").timestamp()

    open_market(desktop, interval=None)
    pressed = desktop.find_element(By.CSS_SELECTOR, '#intervals button[aria-pressed="true"]')
    assert pressed.get_attribute("data-interval") == "1D"
    assert pressed.get_attribute("tabindex") == "0"

    # The toolbar works from the keyboard: arrows move focus, Enter chooses.
    pressed.send_keys(Keys.ARROW_LEFT)
    focused = desktop.switch_to.active_element
    assert focused.get_attribute("data-interval") == "240m"
    focused.send_keys(Keys.ENTER)
    wait_until(desktop, lambda d: focused.get_attribute("aria-pressed") == "true", "4h chosen by keyboard")

    choose_interval(desktop, "1m")
    assert legend(desktop)["barTime"] % 60 == 0
    assert_clean(desktop)


def test_every_interval_loads(desktop):
    open_market(desktop, interval=None)
    ids = desktop.execute_script(
        "return [...document.querySelectorAll('#intervals button')].map(b => b.dataset.interval)"
    )
    assert ids == ["1s", "1m", "3m", "5m", "10m", "15m", "30m", "60m", "240m", "1D", "1W", "1M"]
    for interval in ids:
        choose_interval(desktop, interval)
    choose_interval(desktop, "1m")
    assert_clean(desktop)


def test_scrolling_back_loads_older_candles_once_each(desktop):
    open_market(desktop)
    first = bar_count(desktop)
    oldest = desktop.execute_script("return window.__bourse.candleChart.bars[0].time")
    # Show the bars left of the first one, as a drag to the right would.
    desktop.execute_script("window.__bourse.chart.timeScale().setVisibleLogicalRange({ from: -30, to: 60 })")
    wait_until(desktop, lambda d: bar_count(d) > first, "older candles")
    times = desktop.execute_script("return window.__bourse.candleChart.bars.map(b => b.time)")
    assert times == sorted(set(times)), "bars are unique and in order"
    assert times[0] < oldest
    # Each older page was asked for once: no two requests with the same `to`.
    pages = desktop.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('/v1/candles/') && n.includes('to='))"
    )
    assert pages and len(pages) == len(set(pages))
    assert_clean(desktop)


def test_chart_follows_the_theme(desktop):
    open_market(desktop)
    background = "return window.__bourse.chart.options().layout.background.color"
    before = desktop.execute_script(background)
    desktop.find_element(By.ID, "theme-toggle").click()
    wait_until(desktop, lambda d: d.execute_script(background) != before, "the chart's background to change")
    assert desktop.execute_script(background) == desktop.execute_script(
        "return getComputedStyle(document.body).backgroundColor"
    )
    desktop.find_element(By.ID, "theme-toggle").click()
    wait_until(desktop, lambda d: d.execute_script(background) == before, "the first theme back")
    assert_clean(desktop)


# MARK: - Order book and tape


def book_prices(driver, side: str) -> list[float]:
    texts = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' .book-price')].map(td => td.textContent)",
        f".book-{side}",
    )
    return [number(t) for t in texts if t]


def test_order_book_has_asks_above_bids_and_groups(desktop):
    open_market(desktop)
    wait_until(desktop, lambda d: book_prices(d, "asks") and book_prices(d, "bids"), "the order book")
    asks, bids = book_prices(desktop, "asks"), book_prices(desktop, "bids")
    assert asks == sorted(asks, reverse=True), "asks descend toward the spread"
    assert bids == sorted(bids, reverse=True), "bids descend away from the spread"
    assert min(asks) > max(bids)
    asks_y = desktop.find_element(By.CSS_SELECTOR, ".book-asks").location["y"]
    bids_y = desktop.find_element(By.CSS_SELECTOR, ".book-bids").location["y"]
    assert asks_y < bids_y
    assert number(desktop.find_element(By.CSS_SELECTOR, ".book-total-ask").text) > 0
    assert number(desktop.find_element(By.CSS_SELECTOR, ".book-total-bid").text) > 0
    depths = desktop.execute_script(
        "return [...document.querySelectorAll('.book-row')].map(r => r.style.getPropertyValue('--depth'))"
    )
    assert "1.0000" in depths, "the largest level's bar is full width"

    # Group into 100,000 KRW levels (one of the server's supported levels for KRW-BTC).
    level = desktop.find_element(By.ID, "book-level")
    options = [o.get_attribute("value") for o in level.find_elements(By.TAG_NAME, "option")]
    assert "100000" in options
    level.find_element(By.CSS_SELECTOR, 'option[value="100000"]').click()
    wait_until(
        desktop,
        lambda d: all(p % 100000 == 0 for p in book_prices(d, "asks") + book_prices(d, "bids")),
        "prices grouped by 100,000",
    )
    level.find_element(By.CSS_SELECTOR, 'option[value="0"]').click()
    assert_clean(desktop)


def test_tape_gets_live_trades(desktop):
    open_market(desktop)
    first_seq = "return document.querySelector('#tape-rows tr')?.dataset.seq"
    wait_until(desktop, lambda d: d.execute_script(first_seq), "the first trades")
    seq = desktop.execute_script(first_seq)
    rows = desktop.find_elements(By.CSS_SELECTOR, "#tape-rows tr")
    assert 0 < len(rows) <= 100
    wait_until(desktop, lambda d: int(d.execute_script(first_seq)) > int(seq), "a new trade on top", seconds=40)
    sequences = desktop.execute_script(
        "return [...document.querySelectorAll('#tape-rows tr')].map(r => Number(r.dataset.seq))"
    )
    assert sequences == sorted(sequences, reverse=True), "newest on top"
    top = desktop.find_element(By.CSS_SELECTOR, "#tape-rows tr")
    assert top.get_attribute("class") in ("tape-buy", "tape-sell")
    assert_clean(desktop)


def test_a_dropped_stream_resumes_its_trades_and_reloads_the_chart_only_when_it_cannot(desktop):
    """The page's socket drops; it asks the server for the trades it missed (the resume extension), which
    reach the page once each and in order, and the chart keeps its bars. A resume the server cannot serve
    (a number ahead of its own, as after a database swap) makes the chart reload."""
    open_market(desktop)
    desktop.execute_script(
        """
        const b = window.__bourse;
        window.__seqs = []; window.__resumes = []; window.__reloads = 0;
        b.stream.on('trade', (t) => window.__seqs.push(t.seq));
        b.stream.on('resume', (m) => window.__resumes.push(m));
        const chart = b.candleChart, setInterval = chart.setInterval.bind(chart);
        chart.setInterval = (...args) => { window.__reloads += 1; return setInterval(...args); };
        """
    )
    seqs = lambda d: d.execute_script("return window.__seqs")  # noqa: E731
    wait_until(desktop, lambda d: len(seqs(d)) >= 2, "numbered trades", seconds=60)
    desktop.execute_script("window.__bourse.stream.socket.close()")
    wait_until(desktop, lambda d: d.execute_script("return window.__resumes.length") >= 1, "the resume status")
    before = len(seqs(desktop))
    wait_until(desktop, lambda d: len(seqs(d)) >= before + 2, "trades after the resume", seconds=60)
    resume = desktop.execute_script("return window.__resumes[0]")
    assert resume["topic"] == "trade" and resume["code"] == MARKET
    assert resume["status"] in ("current", "replayed"), resume
    numbers = seqs(desktop)
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), "every trade once, in order"
    assert desktop.execute_script("return window.__reloads") == 0, "the chart kept its bars"

    desktop.execute_script(
        "window.__bourse.stream.lastSeq.set('trade ' + arguments[0], 1e12); window.__bourse.stream.socket.close()",
        MARKET,
    )
    wait_until(desktop, lambda d: d.execute_script("return window.__resumes.length") >= 2, "the second resume")
    assert desktop.execute_script("return window.__resumes[1].status") == "reset"
    wait_until(desktop, lambda d: d.execute_script("return window.__reloads") == 1, "the chart reloading")
    wait_until(desktop, lambda d: d.execute_script("return window.__bourse.candleChart.loaded"), "the bars back")
    assert_clean(desktop)


# MARK: - Page


def test_header_and_title_show_the_market(desktop):
    open_market(desktop, interval=None)
    wait_until(desktop, lambda d: d.find_element(By.ID, "price").text, "the price")
    assert desktop.find_element(By.ID, "market-code").text == MARKET
    assert desktop.find_element(By.ID, "market-name").text in ("비트코인", "Bitcoin")
    price = desktop.find_element(By.ID, "price").text
    wait_until(desktop, lambda d: MARKET in d.title and any(ch.isdigit() for ch in d.title), "the title")
    assert number(price) > 0
    attribution = desktop.find_element(By.CSS_SELECTOR, ".site-foot a")
    assert attribution.get_attribute("href").startswith("https://www.tradingview.com")
    assert "Lightweight Charts" in attribution.text
    assert desktop.find_element(By.ID, "order-form").find_element(By.TAG_NAME, "fieldset").get_attribute(
        "disabled"
    )
    assert_clean(desktop)


def test_unknown_market_says_so(desktop):
    open_page(desktop, "/exchange/KRW-NOPE")
    missing = desktop.find_element(By.ID, "market-missing")
    wait_until(desktop, lambda d: missing.is_displayed(), "the missing-market message")
    assert "KRW-NOPE" in missing.text
    assert missing.find_element(By.CSS_SELECTOR, 'a[href="/"]').is_displayed()
    assert not desktop.find_element(By.ID, "market").is_displayed()
    assert_clean(desktop)


def test_language_switch_relabels_the_page(desktop):
    open_market(desktop, interval="1m")
    one_minute = desktop.find_element(By.CSS_SELECTOR, '#intervals button[data-interval="1m"]')
    before = (one_minute.text, desktop.find_element(By.ID, "market-name").text)
    desktop.find_element(By.ID, "lang-toggle").click()
    wait_until(desktop, lambda d: one_minute.text != before[0], "the interval labels in the other language")
    after = (one_minute.text, desktop.find_element(By.ID, "market-name").text)
    assert {before, after} == {("1분", "비트코인"), ("1m", "Bitcoin")}
    desktop.find_element(By.ID, "lang-toggle").click()
    wait_until(desktop, lambda d: one_minute.text == before[0], "the first language back")
    assert_clean(desktop)


def full_page_screenshot(driver, name: str):
    """The whole page, not just the viewport: on a phone the book and tape are below the fold."""
    width, height = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}},
    )
    path = screenshot(driver, name)  # makes the folder; replaced by the full page below
    path.write_bytes(base64.b64decode(shot["data"]))


@pytest.mark.parametrize("size,name", [(PHONE, "exchange-375"), (DESKTOP, "exchange-1440")])
def test_screenshots(size, name):
    driver = make_driver(size)
    try:
        open_market(driver, interval="1m")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#tape-rows tr"), "the tape")
        wait_until(driver, lambda d: book_prices(d, "bids"), "the order book")
        # Everything fits the width: nothing scrolls sideways.
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        screenshot(driver, name)
        full_page_screenshot(driver, name + "-full")
        # The operating system's dark scheme, followed live (no choice stored), chart included.
        background = "return window.__bourse.chart.options().layout.background.color"
        light = driver.execute_script(background)
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
        )
        wait_until(driver, lambda d: d.execute_script(background) != light, "the chart in the dark scheme")
        screenshot(driver, name + "-dark")
        assert_clean(driver)
    finally:
        driver.quit()
