"""The wallet status page at /wallet/status in a real browser: every row of GET /v1/status/wallet with its
deposit and withdrawal state in words, the state filters, sorting by mouse and keyboard, search in Korean
and by symbol or network, refresh with a "last updated" time, a failed load explained in words, the
language toggle, and screenshots at 375 and 1440 px in both themes.

Expectations are computed from the server's own JSON, so the tests follow the demo's catalogue of chains.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import BASE_URL
from web_support import block_urls, DESKTOP, PHONE, open_page, page_problems, screenshot, wait_until

# What each wallet_state lets a user do, as the page words it (Korean, the browser's language).
DEPOSIT_WORDS = {"working": "가능", "withdraw_only": "중단", "deposit_only": "가능", "paused": "중단", "unsupported": "미지원"}
WITHDRAW_WORDS = {"working": "가능", "withdraw_only": "가능", "deposit_only": "중단", "paused": "중단", "unsupported": "미지원"}
FILTERS = {
    "all": lambda s: True,
    "working": lambda s: s["wallet_state"] == "working",
    "deposit": lambda s: s["wallet_state"] in ("withdraw_only", "paused"),
    "withdraw": lambda s: s["wallet_state"] in ("deposit_only", "paused"),
    "paused": lambda s: s["wallet_state"] in ("paused", "unsupported"),
}

ROWS = """
return [...document.querySelectorAll('#wallet-rows tr[data-id]')].filter(tr => !tr.hidden).map(tr => ({
  id: tr.dataset.id,
  currency: tr.dataset.currency,
  name: tr.querySelector('.coin-name').textContent,
  deposit: tr.querySelector('td.deposit .word').textContent,
  depositIcon: tr.querySelector('td.deposit .icon').textContent,
  withdraw: tr.querySelector('td.withdraw .word').textContent,
  block: tr.querySelector('td.block .word').textContent,
  age: tr.querySelector('td.block .age').textContent,
  height: tr.querySelector('td.height').textContent,
  network: tr.querySelector('td.network .network-name').textContent,
}));
"""


def get_json(path: str):
    with urllib.request.urlopen(BASE_URL + path, timeout=10) as response:
        return json.load(response)


def statuses() -> list[dict]:
    return get_json("/v1/status/wallet")


def row_id(status: dict) -> str:
    return f"{status['currency']}/{status['net_type']}"


def rows(driver) -> list[dict]:
    return driver.execute_script(ROWS)


def open_wallet(driver) -> list[dict]:
    """Loads /wallet/status and waits until every row of the server's answer is on the page."""
    expected = sorted(row_id(s) for s in statuses())
    open_page(driver, "/wallet/status")
    return wait_until(
        driver,
        lambda d: (r := rows(d)) and sorted(row["id"] for row in r) == expected and r,
        "every currency and network of /v1/status/wallet to be listed",
    )


def search(driver, text: str) -> None:
    box = driver.find_element(By.ID, "wallet-search")
    box.clear()
    box.send_keys(text)


def visible_ids(driver) -> list[str]:
    return [row["id"] for row in rows(driver)]


def assert_no_problems(driver) -> None:
    assert page_problems(driver) == []


def test_wallet_lists_every_network_with_states_in_words(browser):
    driver = browser(DESKTOP)
    shown = {row["id"]: row for row in open_wallet(driver)}
    markets = get_json("/v1/market/all?is_details=true")
    korean = {m["market"].split("-")[1]: m["korean_name"] for m in markets}
    for status in statuses():
        row = shown[row_id(status)]
        assert row["name"] == korean.get(status["currency"], status["currency"]), row
        assert row["network"] == status["network_name"]
        assert row["deposit"] == DEPOSIT_WORDS[status["wallet_state"]], (status, row)
        assert row["withdraw"] == WITHDRAW_WORDS[status["wallet_state"]], (status, row)
        assert row["depositIcon"] in "✓✕–"  # an icon beside the word, not colour alone
        if status["block_height"] is None:
            assert row["height"] == "–" and row["block"] == "정보 없음"
        else:
            assert row["height"].replace(",", "").isdigit()
            assert row["age"], row  # "방금" or "12분 전"
    updated = driver.find_element(By.ID, "wallet-updated")
    assert updated.get_attribute("datetime") and ":" in updated.text
    assert driver.title.startswith("입출금 현황")
    # The page reads REST only; the top bar's live indicator, which would say "connecting", is hidden.
    assert not driver.find_element(By.CSS_SELECTOR, "#top .conn").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, 'link[rel="icon"]').get_attribute("href").endswith("/favicon.svg")
    assert_no_problems(driver)


def test_filters_keep_the_rows_of_their_state_and_are_remembered(browser):
    driver = browser(DESKTOP)
    open_wallet(driver)
    data = statuses()
    for name, keep in FILTERS.items():
        radio = driver.find_element(By.CSS_SELECTOR, f'input[name="wallet-filter"][value="{name}"]')
        driver.find_element(By.XPATH, f'//input[@value="{name}"]/..').click()  # the chip is the label
        assert radio.is_selected()
        expected = sorted(row_id(s) for s in data if keep(s))
        wait_until(driver, lambda d: sorted(visible_ids(d)) == expected, f"the {name} filter to keep {expected}")
        count = driver.find_element(By.CSS_SELECTOR, f'[data-count="{name}"]').text
        assert count == str(len(expected))
    # Arrow keys move between the radio chips (native radios); the last choice survives a reload.
    driver.find_element(By.CSS_SELECTOR, 'input[value="paused"]').send_keys(Keys.ARROW_LEFT)
    assert driver.find_element(By.CSS_SELECTOR, 'input[value="withdraw"]').is_selected()
    withdraw_ids = sorted(row_id(s) for s in data if FILTERS["withdraw"](s))
    open_page(driver, "/wallet/status")
    wait_until(driver, lambda d: sorted(visible_ids(d)) == withdraw_ids, "the withdraw filter after a reload")
    assert driver.find_element(By.CSS_SELECTOR, 'input[value="withdraw"]').is_selected()
    assert_no_problems(driver)


def test_sorting_by_name_and_by_deposit_state_with_mouse_and_keyboard(browser):
    driver = browser(DESKTOP)
    open_wallet(driver)
    name_th = driver.find_element(By.CSS_SELECTOR, "th.name")
    assert name_th.get_attribute("aria-sort") == "ascending"  # the default order
    names = [row["name"] for row in rows(driver)]
    collated = driver.execute_script(
        "const c = new Intl.Collator('ko'); return [...arguments[0]].sort((a, b) => c.compare(a, b));", names
    )
    assert names == collated
    name_th.find_element(By.TAG_NAME, "button").click()
    assert name_th.get_attribute("aria-sort") == "descending"
    assert [row["name"] for row in rows(driver)] == collated[::-1]

    # Enter on the deposit header (a button) sorts open deposits first, then suspended, then unsupported.
    driver.find_element(By.CSS_SELECTOR, "th.deposit button").send_keys(Keys.ENTER)
    deposit_th = driver.find_element(By.CSS_SELECTOR, "th.deposit")
    assert deposit_th.get_attribute("aria-sort") == "ascending"
    assert name_th.get_attribute("aria-sort") is None
    rank = {"가능": 0, "중단": 1, "미지원": 2}
    order = [rank[row["deposit"]] for row in rows(driver)]
    assert order == sorted(order)
    driver.find_element(By.CSS_SELECTOR, "th.deposit button").send_keys(Keys.SPACE)
    assert deposit_th.get_attribute("aria-sort") == "descending"
    order = [rank[row["deposit"]] for row in rows(driver)]
    assert order == sorted(order, reverse=True)

    # Heights start high to low; a chain without a height stays last.
    driver.find_element(By.CSS_SELECTOR, "th.height button").click()
    heights = [row["height"] for row in rows(driver)]
    numbers = [int(h.replace(",", "")) for h in heights if h != "–"]
    assert numbers == sorted(numbers, reverse=True)
    assert "–" not in heights or heights.index("–") == len(numbers)
    assert_no_problems(driver)


def currency(code):
    return lambda s: s["currency"] == code


@pytest.mark.parametrize(
    ("query", "finds"),
    [("비트", currency("BTC")), ("ㅂㅌ", currency("BTC")), ("qlxm", currency("BTC")), ("BTC", currency("BTC")),
     ("usdt", currency("USDT")), ("테더", currency("USDT")), ("dogecoin", currency("DOGE")),
     ("tron", lambda s: s["network_name"] == "Tron")],
    ids=["비트", "초성", "qlxm", "BTC", "usdt", "테더", "dogecoin", "network"],
)
def test_search_by_korean_name_symbol_and_network(browser, query, finds):
    driver = browser(DESKTOP)
    open_wallet(driver)
    expected = sorted(row_id(s) for s in statuses() if finds(s))
    assert expected
    search(driver, query)
    wait_until(driver, lambda d: sorted(visible_ids(d)) == expected, f"{query!r} to find {expected}")
    search(driver, "xyz")
    wait_until(driver, lambda d: visible_ids(d) == [], "a search for xyz to find nothing")
    empty = driver.find_element(By.ID, "wallet-empty")
    assert empty.is_displayed() and empty.text == "검색 결과가 없습니다."
    driver.find_element(By.ID, "wallet-search").send_keys(Keys.ESCAPE)
    wait_until(driver, lambda d: len(visible_ids(d)) == len(statuses()), "Escape to clear the search")
    assert_no_problems(driver)


def test_refresh_on_demand_and_a_failed_load_in_words(browser):
    driver = browser(DESKTOP)
    open_wallet(driver)
    updated = driver.find_element(By.ID, "wallet-updated")
    first = updated.get_attribute("datetime")
    driver.find_element(By.ID, "wallet-refresh-button").click()
    wait_until(driver, lambda d: updated.get_attribute("datetime") > first, "Refresh to set a newer update time")

    # The server unreachable: the message says so in words, and the rows loaded before stay.
    block_urls(driver, "*/v1/status/wallet*")
    before = updated.get_attribute("datetime")
    driver.find_element(By.ID, "wallet-refresh-button").click()
    status = driver.find_element(By.ID, "wallet-status")
    wait_until(driver, lambda d: "입출금 현황을 불러오지 못했습니다" in status.text, "a message in words")
    assert "error" in status.get_attribute("class")
    assert "이전에 불러온" in status.text
    assert len(visible_ids(driver)) == len(statuses())
    assert updated.get_attribute("datetime") == before
    block_urls(driver)
    driver.find_element(By.ID, "wallet-refresh-button").send_keys(Keys.ENTER)
    wait_until(driver, lambda d: status.text == "" and updated.get_attribute("datetime") > before, "recovery")


def test_a_first_load_that_fails_is_explained(browser):
    driver = browser(DESKTOP)
    block_urls(driver, "*/v1/status/wallet*")
    open_page(driver, "/wallet/status")
    status = driver.find_element(By.ID, "wallet-status")
    wait_until(driver, lambda d: "입출금 현황을 불러오지 못했습니다" in status.text, "a message in words")
    assert driver.find_element(By.ID, "wallet-updated").text == "아직 불러오지 않음"


def test_language_toggle_switches_names_states_and_labels(browser):
    driver = browser(DESKTOP, language="ko-KR")
    open_wallet(driver)
    driver.find_element(By.ID, "lang-toggle").click()
    wait_until(driver, lambda d: "Bitcoin" in {row["name"] for row in rows(d)}, "English names")
    words = {row["deposit"] for row in rows(driver)}
    assert words <= {"Open", "Suspended", "Unsupported"} and "Open" in words
    assert driver.find_element(By.CSS_SELECTOR, "th.deposit").text.startswith("Deposit")
    assert driver.find_element(By.CSS_SELECTOR, 'input[value="deposit"]').find_element(By.XPATH, "..").text.startswith(
        "Deposits suspended"
    )
    assert driver.title.startswith("Wallet status")
    open_wallet(driver)
    assert driver.execute_script("return document.documentElement.lang") == "en"  # remembered
    assert_no_problems(driver)


def test_the_table_fits_a_phone_in_english_too(browser):
    """English words are longer ("Unsupported", "5 h 12 min ago"): the table still fits 375 px unscrolled."""
    driver = browser(PHONE, language="en-US")
    open_wallet(driver)
    assert "Bitcoin" in {row["name"] for row in rows(driver)}
    assert driver.execute_script(
        "const s = document.querySelector('.wallet-scroll'); return s.scrollWidth <= s.clientWidth"
    )
    screenshot(driver, "wallet-375-en")
    assert_no_problems(driver)


def dark_page(driver) -> bool:
    red, green, blue = driver.execute_script(
        "return getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"
    )
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue < 128


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375", "1440"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_screenshots_at_phone_and_desktop_width(browser, size, dark):
    driver = browser(size, dark=dark)
    open_wallet(driver)
    assert dark_page(driver) == dark
    # Nothing sticks out sideways; coin, deposit, withdrawal and block state are on screen at both widths.
    assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    for column in ("td.name", "td.deposit", "td.withdraw", "td.block"):
        cell = driver.find_element(By.CSS_SELECTOR, f'tr[data-id="BTC/BTC"] {column}')
        assert cell.is_displayed() and cell.rect["x"] + cell.rect["width"] <= size[0]
    network = driver.find_element(By.CSS_SELECTOR, 'tr[data-id="BTC/BTC"] td.network')
    assert network.is_displayed() == (size == DESKTOP)  # on a phone the network sits under the coin
    screenshot(driver, f"wallet-{size[0]}-{'dark' if dark else 'light'}")
    assert_no_problems(driver)
