"""A real browser for the web client's tests: Debian's chromium driven by selenium, headless.

`browser` (a fixture in conftest.py) makes drivers at a given window width; each page load records
Content-Security-Policy violations and uncaught errors in the page, so a test can assert there were none.
Screenshots go to $BOURSE_SCREENSHOTS (default .build/screenshots), where a person looks at them.
"""

import os
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from support import BASE_URL

CHROMIUM = os.environ.get("BOURSE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("BOURSE_CHROMEDRIVER", "/usr/bin/chromedriver")
SCREENSHOTS = Path(os.environ.get("BOURSE_SCREENSHOTS", ".build/screenshots"))
# Generous: CI runs this beside a loaded server on two cores.
WAIT_SECONDS = 30

# The two widths the issue asks for: a phone and a desktop.
PHONE = (375, 812)
DESKTOP = (1440, 900)

# Runs before any page script (Page.addScriptToEvaluateOnNewDocument): keeps what the page would
# otherwise only print, so tests can read it with `page_problems`.
_RECORDER = """
window.__problems = [];
document.addEventListener('securitypolicyviolation', e =>
    window.__problems.push('CSP: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')
        + ' at ' + e.sourceFile + ':' + e.lineNumber));
window.addEventListener('error', e => window.__problems.push('error: ' + e.message + ' at '
    + e.filename + ':' + e.lineno));
window.addEventListener('unhandledrejection', e => window.__problems.push('unhandled rejection: '
    + (e.reason && (e.reason.stack || e.reason.message) || e.reason)));
"""


def make_driver(size: tuple[int, int] = DESKTOP, *, dark: bool = False, language: str = "ko-KR") -> WebDriver:
    """A headless chromium at `size` (CSS pixels), in the given colour scheme and language."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={size[0]},{size[1]}",
        f"--lang={language}",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _RECORDER})
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]},
    )
    # The window size includes the browser's frame; make the page itself `size` wide.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600},
    )
    return driver


def open_page(driver: WebDriver, path: str) -> None:
    """Loads `path` of the server under test and waits for the document to finish loading."""
    driver.get(BASE_URL.rstrip("/") + path)
    WebDriverWait(driver, WAIT_SECONDS).until(
        lambda d: d.execute_script("return document.readyState") == "complete"
    )


def page_problems(driver: WebDriver) -> list[str]:
    """CSP violations, uncaught errors and rejections in the page so far, and SEVERE console lines."""
    problems = list(driver.execute_script("return window.__problems || []"))
    try:
        problems += [
            entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"
        ]
    except Exception:  # noqa: BLE001 - some driver versions have no log endpoint; the page's own list stays
        pass
    return problems


def screenshot(driver: WebDriver, name: str) -> Path:
    """Saves the page as SCREENSHOTS/name.png and returns the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def wait_until(driver: WebDriver, condition, message: str, seconds: float = WAIT_SECONDS):
    """WebDriverWait(...).until with a message that says what was waited for."""
    return WebDriverWait(driver, seconds, poll_frequency=0.2).until(condition, message)


def block_urls(driver: WebDriver, *patterns: str) -> None:
    """Makes the browser fail requests matching `patterns` (none: stop blocking), as a server that is down."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": list(patterns)})
