"""The board at / in a real browser: rows from REST, live prices over the WebSocket, sorting, Korean search
(every case of Tests/Vectors/market-search.json, the file the Swift SDK's tests read too), favourites that
survive a reload, the language and theme toggles, errors in words, and screenshots at 375 and 1440 px.

Every wait is a WebDriverWait with a generous deadline: the demo market trades about every 500 ms, but CI
runs the browser beside the server on two cores.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import DEMO_MARKETS
from web_support import block_urls, DESKTOP, PHONE, open_page, page_problems, screenshot, wait_until

VECTORS = Path(__file__).resolve().parent.parent / "Vectors" / "market-search.json"
KRW_MARKETS = sorted(code for code in DEMO_MARKETS if code.startswith("KRW-"))

# The visible rows, read in one script so that values and order come from the same instant.
VISIBLE_ROWS = """
return [...document.querySelectorAll('#board-rows tr[data-code]')].filter(tr => !tr.hidden).map(tr => ({
  code: tr.dataset.code,
  name: tr.querySelector('.market-name').textContent,
  price: tr.querySelector('td.price').textContent,
  rate: tr.querySelector('td.change .rate').textContent,
  value: tr.querySelector('td.value').textContent,
  starred: tr.querySelector('button.star').getAttribute('aria-pressed') === 'true',
}));
"""


def visible_rows(driver) -> list[dict]:
    return driver.execute_script(VISIBLE_ROWS)


def number(text: str) -> float:
    """A displayed price or rate ("144,150,000", "+1.23%", "-0.52%") as a float."""
    return float(text.replace(",", "").replace("%", "").replace("+", ""))


def open_board(driver) -> list[dict]:
    """Loads / and waits until every KRW market shows a price; returns the rows."""
    open_page(driver, "/")

    def ready(d):
        rows = visible_rows(d)
        priced = [row for row in rows if re.fullmatch(r"[\d,]+(\.\d+)?", row["price"])]
        return rows if sorted(row["code"] for row in priced) == KRW_MARKETS else False

    return wait_until(driver, ready, "the KRW tab to list every KRW demo market with a price")


def wait_connected(driver) -> None:
    wait_until(
        driver,
        lambda d: d.find_element(By.CSS_SELECTOR, "#top .conn").get_attribute("data-status") == "open",
        "the connection indicator to say the live stream is open",
    )


def search(driver, text: str) -> None:
    box = driver.find_element(By.ID, "board-search")
    box.clear()
    box.send_keys(text)


def dark_page(driver) -> bool:
    """Whether the page is drawn dark, judged by the body's background colour (what the eye sees)."""
    red, green, blue = driver.execute_script(
        "return getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"
    )
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128


def assert_no_problems(driver) -> None:
    assert page_problems(driver) == []


def test_board_lists_markets_with_prices_and_goes_live(browser):
    driver = browser(DESKTOP)
    rows = open_board(driver)
    wait_connected(driver)
    for row in rows:
        assert re.fullmatch(r"[+-]?\d+\.\d\d%", row["rate"]), row
        assert re.search(r"\d", row["value"]), row
    assert {row["name"] for row in rows} >= {"비트코인", "이더리움"}  # the browser's language is Korean
    # The demo trades every 500 ms; within the deadline some price on the board must change by itself.
    before = {row["code"]: row["price"] for row in visible_rows(driver)}
    wait_until(
        driver,
        lambda d: any(before.get(row["code"]) != row["price"] for row in visible_rows(d)),
        "a price on the board to change live",
    )
    assert_no_problems(driver)


def test_sorting_by_change_in_both_directions_and_by_keyboard(browser):
    driver = browser(DESKTOP)
    open_board(driver)
    header = driver.find_element(By.CSS_SELECTOR, "th.change")
    header.find_element(By.TAG_NAME, "button").click()
    assert header.get_attribute("aria-sort") == "descending"

    def ordered(descending: bool):
        # Prices move between re-sorts (at most every 500 ms), so wait for a snapshot that is in order.
        def check(d):
            rates = [number(row["rate"]) for row in visible_rows(d)]
            return len(rates) == len(KRW_MARKETS) and rates == sorted(rates, reverse=descending)

        return check

    wait_until(driver, ordered(True), "rows in descending order of change")
    header.find_element(By.TAG_NAME, "button").click()
    assert header.get_attribute("aria-sort") == "ascending"
    wait_until(driver, ordered(False), "rows in ascending order of change")

    # The headers are buttons: Enter on a focused one sorts too.
    name_button = driver.find_element(By.CSS_SELECTOR, "th.name button")
    name_button.send_keys(Keys.ENTER)
    assert driver.find_element(By.CSS_SELECTOR, "th.name").get_attribute("aria-sort") == "ascending"
    names = [row["name"] for row in visible_rows(driver)]
    assert len(names) == len(KRW_MARKETS) and names == sorted(names)  # Hangul syllables sort by code point
    assert driver.find_element(By.CSS_SELECTOR, "th.change").get_attribute("aria-sort") is None
    assert_no_problems(driver)


@pytest.mark.parametrize("query", ["ㅂㅌ", "qlxm", "비트", "BTC"])
def test_search_finds_bitcoin_in_korean_and_on_an_english_layout(browser, query):
    driver = browser(DESKTOP)
    open_board(driver)
    search(driver, query)
    wait_until(
        driver,
        lambda d: [row["code"] for row in visible_rows(d)] == ["KRW-BTC"],
        f"{query!r} to leave only KRW-BTC in the KRW tab",
    )
    search(driver, "xyz")
    wait_until(driver, lambda d: visible_rows(d) == [], "a search for xyz to find nothing")
    empty = driver.find_element(By.ID, "board-empty")
    assert empty.is_displayed() and empty.text == "검색 결과가 없습니다."
    driver.find_element(By.ID, "board-search").send_keys(Keys.ESCAPE)
    wait_until(driver, lambda d: len(visible_rows(d)) == len(KRW_MARKETS), "Escape to clear the search")
    assert_no_problems(driver)


def test_search_js_agrees_with_every_shared_vector(browser):
    """search.js, imported as the page imports it, against the cases the Swift SDK's tests read."""
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    driver = browser(DESKTOP)
    open_page(driver, "/")
    result = driver.execute_async_script(
        """
        const [vectors, done] = arguments;
        import('/js/search.js').then(search => {
          const failures = [];
          let checked = 0;
          for (const c of vectors.initialConsonants) {
            checked++;
            const got = search.initialConsonants(c.text);
            if (got !== c.expected) failures.push(`initialConsonants(${c.text}) = ${got}, not ${c.expected}`);
          }
          for (const c of vectors.keystrokes) {
            checked++;
            const got = search.keystrokes(c.text);
            if (got !== c.expected) failures.push(`keystrokes(${c.text}) = ${got}, not ${c.expected}`);
          }
          for (const q of vectors.queries) {
            const query = new search.MarketSearchQuery(q.query);
            for (const [name, expected] of Object.entries(q.finds)) {
              checked++;
              const market = vectors.markets[name];
              const got = !!market && new search.MarketSearchKey(market).matches(query);
              if (got !== expected) failures.push(`"${q.query}" finds ${name}: ${got}, not ${expected}`);
            }
          }
          done({ failures, checked });
        }, error => done({ failures: ['import failed: ' + error], checked: 0 }));
        """,
        vectors,
    )
    expected = (
        len(vectors["initialConsonants"])
        + len(vectors["keystrokes"])
        + sum(len(q["finds"]) for q in vectors["queries"])
    )
    assert result["failures"] == []
    assert result["checked"] == expected


def test_a_favourite_survives_a_reload_and_fills_the_favourites_tab(browser):
    driver = browser(DESKTOP)
    open_board(driver)
    star = driver.find_element(By.CSS_SELECTOR, 'tr[data-code="KRW-ETH"] button.star')
    assert star.get_attribute("aria-pressed") == "false"
    star.click()
    assert star.get_attribute("aria-pressed") == "true"
    # The star is a button, so the keyboard can do it too.
    driver.find_element(By.CSS_SELECTOR, 'tr[data-code="KRW-XRP"] button.star').send_keys(Keys.SPACE)

    open_board(driver)
    starred = sorted(row["code"] for row in visible_rows(driver) if row["starred"])
    assert starred == ["KRW-ETH", "KRW-XRP"]
    tab = driver.find_element(By.ID, "tab-FAV")
    tab.click()
    assert tab.get_attribute("aria-selected") == "true"
    wait_until(
        driver,
        lambda d: sorted(row["code"] for row in visible_rows(d)) == ["KRW-ETH", "KRW-XRP"],
        "the favourites tab to list exactly the two starred markets",
    )
    # Arrow keys move between the quote tabs.
    tab.send_keys(Keys.ARROW_LEFT)
    assert driver.find_element(By.ID, "tab-USDT").get_attribute("aria-selected") == "true"
    wait_until(
        driver,
        lambda d: sorted(row["code"] for row in visible_rows(d)) == ["USDT-BTC", "USDT-ETH"],
        "the USDT tab to list the USDT markets",
    )
    assert_no_problems(driver)


def test_enter_on_a_row_opens_its_market(browser):
    driver = browser(DESKTOP)
    open_board(driver)
    assert_no_problems(driver)
    link = driver.find_element(By.CSS_SELECTOR, 'tr[data-code="KRW-BTC"] a.market-link')
    link.send_keys(Keys.ENTER)
    wait_until(driver, lambda d: urlparse(d.current_url).path == "/exchange/KRW-BTC", "Enter to open the market")
    # A click anywhere on a row opens it too.
    open_board(driver)
    driver.find_element(By.CSS_SELECTOR, 'tr[data-code="KRW-ETH"] td.value').click()
    wait_until(driver, lambda d: urlparse(d.current_url).path == "/exchange/KRW-ETH", "a click to open the market")


def test_arrow_keys_move_between_rows_and_focus_holds_the_order(browser):
    driver = browser(DESKTOP)
    open_board(driver)
    # Focus on a row pauses re-sorting, so the order read right after focusing stays put.
    order = driver.execute_script(
        "document.querySelector('#board-rows tr:not([hidden]) a.market-link').focus();" + VISIBLE_ROWS
    )
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    focused = driver.execute_script("return document.activeElement.closest('tr').dataset.code")
    assert focused == order[1]["code"]
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert driver.execute_script("return document.activeElement.id") == "board-search"
    assert_no_problems(driver)


def test_rows_flash_on_a_new_price_and_flag_warnings(browser):
    """The row logic itself, on a detached table: the flash direction and the warning badge."""
    driver = browser(DESKTOP)
    open_page(driver, "/")
    result = driver.execute_async_script(
        """
        const done = arguments[0];
        import('/js/board-table.js').then(({ BoardTable }) => {
          const tbody = document.createElement('tbody');
          const table = new BoardTable({ tbody, favourites: new Set(), onToggleFavourite() {} });
          const market = { market: 'KRW-TEST', korean_name: '테스트', english_name: 'Test',
                           market_event: { warning: true } };
          const ticker = (price) => ({ code: 'KRW-TEST', trade_price: price, signed_change_rate: 0.01,
            signed_change_price: 10, change: 'RISE', acc_trade_price_24h: 5e9 });
          table.setMarkets([{ market, ticker: ticker(1000) }]);
          const cell = tbody.querySelector('td.price');
          const seen = { initial: cell.className };
          table.update(ticker(1005));
          seen.up = cell.className;
          table.update(ticker(990));
          seen.down = cell.className;
          seen.price = cell.textContent;
          seen.badge = tbody.querySelector('.badge.warning')?.textContent;
          seen.change = tbody.querySelector('tr').dataset.change;
          done(seen);
        }, error => done({ error: String(error) }));
        """
    )
    assert "flash" not in result["initial"]  # the first price is not a change
    assert "flash-rise" in result["up"]
    assert "flash-fall" in result["down"] and "flash-rise" not in result["down"]
    assert result["price"] == "990"
    assert result["badge"] == "유의"
    assert result["change"] == "rise"


def test_language_toggle_switches_names_and_labels(browser):
    driver = browser(DESKTOP, language="ko-KR")
    open_board(driver)
    toggle = driver.find_element(By.ID, "lang-toggle")
    toggle.click()
    wait_until(
        driver,
        lambda d: {"Bitcoin", "Ethereum"} <= {row["name"] for row in visible_rows(d)},
        "English names after the language toggle",
    )
    assert driver.execute_script("return document.documentElement.lang") == "en"
    assert driver.find_element(By.CSS_SELECTOR, "th.price").text.startswith("Price")
    # 24 h value in English is compact with K/M/B/T.
    assert all(re.fullmatch(r"[\d.,]+[KMBT]?", row["value"]) for row in visible_rows(driver))
    open_board(driver)
    assert driver.execute_script("return document.documentElement.lang") == "en"  # remembered
    assert_no_problems(driver)


def test_a_failed_load_is_explained_and_recovers(browser):
    driver = browser(DESKTOP)
    block_urls(driver, "*/v1/ticker/all*")
    open_page(driver, "/")
    status = driver.find_element(By.ID, "board-status")
    wait_until(driver, lambda d: "시세를 불러오지 못했습니다" in status.text, "a message")
    assert "error" in status.get_attribute("class")
    block_urls(driver)
    # The board retries by itself and the message goes away.
    wait_until(driver, lambda d: len(visible_rows(d)) == len(KRW_MARKETS) and status.text == "", "a retry to load")
    # The server's own words reach the user: fetchJSON carries the Upbit error message.
    message = driver.execute_async_script(
        """
        const done = arguments[0];
        import('/js/board-data.js').then(m => m.fetchJSON('/v1/ticker?markets=KRW-NOPE'))
          .then(() => done('no error'), error => done(error.message));
        """
    )
    assert "Code not found" in message


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375", "1440"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots_at_phone_and_desktop_width(browser, size, dark):
    driver = browser(size, dark=dark)
    open_board(driver)
    wait_connected(driver)
    assert dark_page(driver) == dark  # the operating system's preference, with nothing chosen yet
    # Nothing sticks out sideways, and the essential columns are on screen at both widths.
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    for column in ("td.name", "td.price", "td.change"):
        cell = driver.find_element(By.CSS_SELECTOR, f'tr[data-code="KRW-BTC"] {column}')
        assert cell.is_displayed() and cell.rect["x"] + cell.rect["width"] <= size[0]
    diff = driver.find_element(By.CSS_SELECTOR, 'tr[data-code="KRW-BTC"] td.change .diff')
    assert diff.is_displayed() == (size == DESKTOP)
    # The theme toggle flips the scheme and is remembered.
    driver.find_element(By.ID, "theme-toggle").click()
    assert dark_page(driver) != dark
    open_board(driver)
    assert dark_page(driver) != dark
    driver.find_element(By.ID, "theme-toggle").click()
    assert dark_page(driver) == dark
    screenshot(driver, f"board-{size[0]}-{'dark' if dark else 'light'}")
    assert_no_problems(driver)
