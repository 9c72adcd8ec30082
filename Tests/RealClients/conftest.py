"""Fixtures for the real-client suite: a ccxt exchange pointed at the server under test."""

import ccxt
import pytest

from support import BASE_URL, ccxt_config


def pytest_configure(config):
    if not BASE_URL:
        raise pytest.UsageError(
            "BOURSE_URL is not set. Run scripts/realclients, or start `bourse serve` yourself and set "
            "BOURSE_URL=http://127.0.0.1:PORT."
        )


@pytest.fixture(scope="session")
def exchange() -> ccxt.upbit:
    """The synchronous `ccxt.upbit` with only its URLs overridden, markets loaded once for the session."""
    exchange = ccxt.upbit(ccxt_config())
    exchange.load_markets()
    return exchange


@pytest.fixture
def browser():
    """Makes headless chromium drivers (`browser(size, dark=…, language=…)`), quit after the test."""
    from web_support import make_driver

    drivers = []

    def make(*args, **kwargs):
        driver = make_driver(*args, **kwargs)
        drivers.append(driver)
        return driver

    yield make
    for driver in drivers:
        driver.quit()
