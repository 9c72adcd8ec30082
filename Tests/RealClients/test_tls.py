"""`bourse serve --tls`: https and wss with the self-signed certificate the server made on first start.

scripts/realclients starts a second server with --tls and passes its URL and certificate file. Every
connection here verifies the certificate against that file and the host name (127.0.0.1 is in the
certificate's subject alternative names), as a client that was told to trust it would.
"""

import json
import os
import select
import ssl
import subprocess
import urllib.error
import urllib.request

import ccxt
import pytest
from websockets.asyncio.client import connect

from bourse_process import BINARY
from support import run, within

TLS_URL = os.environ.get("BOURSE_TLS_URL", "").rstrip("/")
TLS_CA = os.environ.get("BOURSE_TLS_CA", "")

pytestmark = pytest.mark.skipif(not TLS_URL, reason="BOURSE_TLS_URL not set (scripts/realclients sets it)")


def trusting_context() -> ssl.SSLContext:
    """A context that trusts only the server's certificate and checks the host name."""
    context = ssl.create_default_context(cafile=TLS_CA)
    assert context.check_hostname and context.verify_mode == ssl.CERT_REQUIRED
    return context


def test_the_certificate_is_refused_without_trusting_it():
    with pytest.raises(urllib.error.URLError) as failure:
        urllib.request.urlopen(TLS_URL + "/healthz", context=ssl.create_default_context(), timeout=5)
    assert isinstance(failure.value.reason, ssl.SSLCertVerificationError)


def test_rest_over_https_with_the_certificate_trusted():
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=trusting_context()))
    with opener.open(TLS_URL + "/v1/market/all", timeout=10) as response:
        assert response.status == 200
        markets = json.loads(response.read())
    assert "KRW-BTC" in {market["market"] for market in markets}


def test_ccxt_over_https():
    exchange = ccxt.upbit({"urls": {"api": {"public": TLS_URL, "private": TLS_URL}}})
    # ccxt hands requests `verify=self.verify and self.validateServerSsl`, so the CA bundle path goes in
    # the second (requests takes a path there).
    exchange.validateServerSsl = TLS_CA
    ticker = exchange.fetch_ticker("BTC/KRW")
    assert ticker["symbol"] == "BTC/KRW" and ticker["last"] > 0


def test_websocket_over_wss_gets_a_ticker_snapshot():
    async def body():
        url = TLS_URL.replace("https://", "wss://", 1) + "/websocket/v1"
        async with connect(url, ssl=trusting_context(), proxy=None) as socket:
            await socket.send(json.dumps([{"ticket": "tls"}, {"type": "ticker", "codes": ["KRW-BTC"]}]))
            frame = await within(socket.recv(), "a ticker frame over wss")
            message = json.loads(frame)
            assert message["type"] == "ticker" and message["code"] == "KRW-BTC"
            assert message["stream_type"] == "SNAPSHOT"
            await socket.send("PING")
            status = await within(socket.recv(), "the answer to PING over wss")
            assert json.loads(status) == {"status": "UP"}

    run(body())


def bourse_client(*arguments: str, timeout: float = 30) -> subprocess.CompletedProcess:
    """Runs a `bourse` client command (the terminal client's REST and stream over TLS)."""
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")
def test_the_terminal_client_reads_over_https_with_ca_and_is_refused_without():
    host = TLS_URL
    trusted = bourse_client("ticker", "KRW-BTC", "--once", "--color", "never", "--server", host, "--ca", TLS_CA)
    assert trusted.returncode == 0, trusted.stderr
    assert trusted.stdout.startswith("KRW-BTC ") and "%" in trusted.stdout
    refused = bourse_client("ticker", "KRW-BTC", "--once", "--server", host)
    assert refused.returncode == 1
    assert "could not read the tickers" in refused.stderr and "certificate" in refused.stderr
    assert "--ca FILE" in refused.stderr and "Error Domain" not in refused.stderr
    missing = bourse_client("ticker", "KRW-BTC", "--once", "--server", host, "--ca", "/nonexistent/ca.pem")
    assert missing.returncode != 0 and "--ca /nonexistent/ca.pem" in missing.stderr


@pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")
def test_the_terminal_client_follows_the_ticker_over_wss():
    stream = TLS_URL.replace("https://", "wss://", 1)
    process = subprocess.Popen(
        [BINARY, "ticker", "KRW-BTC", "--color", "never", "--server", stream, "--ca", TLS_CA],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # The snapshot comes first over the stream; a pipe gets one line per update.
        ready, _, _ = select.select([process.stdout], [], [], 20)
        assert ready, "no ticker line over wss within 20 s"
        line = process.stdout.readline()
        assert line.startswith("KRW-BTC "), line
    finally:
        process.terminate()
        process.wait(timeout=10)
