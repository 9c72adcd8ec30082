"""A `bourse serve` process of a test's own, with accounts and keys made by the CLI, and requests signed as
ccxt signs them. For tests that need a server in a known state (no demo) or that kill it."""

import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

BINARY = os.environ.get("BOURSE_BINARY", "")


def cli(data_dir: str, *arguments: str) -> str:
    done = subprocess.run(
        [BINARY, *arguments, "--data-dir", data_dir], check=True, capture_output=True, text=True, timeout=120
    )
    return done.stdout + done.stderr


class Key:
    def __init__(self, access: str, secret: str):
        self.access, self.secret = access, secret

    def token(self, query: str | None) -> str:
        def b64(data: bytes) -> bytes:
            return base64.urlsafe_b64encode(data).rstrip(b"=")

        claims = {"access_key": self.access, "nonce": str(uuid.uuid4())}
        if query:
            claims["query_hash"] = hashlib.sha512(query.encode()).hexdigest()
            claims["query_hash_alg"] = "SHA512"
        signing = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()) + b"." + b64(json.dumps(claims).encode())
        signature = b64(hmac.new(self.secret.encode(), signing, hashlib.sha256).digest())
        return (signing + b"." + signature).decode()


class Server:
    """One `bourse serve --no-demo` on a free loopback port."""

    def __init__(self, data_dir: str, arguments: tuple[str, ...] = ()):
        self.log = open(os.path.join(data_dir, f"serve-{time.time_ns()}.log"), "w+")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--no-demo", "--port", "0", "--data-dir", data_dir, *arguments],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 120
        self.base = None
        while self.base is None:
            assert self.process.poll() is None, self.output()
            assert time.time() < deadline, "the server did not start in 120 s:\n" + self.output()
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.output())
            self.base = found.group(1) if found else None
            time.sleep(0.1)

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def call(self, key: Key, method: str, path: str, params: list[tuple[str, str]] | None = None):
        query = "&".join(f"{name}={value}" for name, value in params) if params else None
        headers = {"Authorization": "Bearer " + key.token(query)}
        url, body = self.base + path, None
        if method == "POST":
            body = json.dumps(dict(params or [])).encode()
            headers["Content-Type"] = "application/json"
        elif params:
            url += "?" + urllib.parse.urlencode(params)
        request = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=60) == 0, self.output()


def make_accounts(data_dir: str, names: list[str], deposits: list[tuple[str, str]]) -> list[Key]:
    """Creates each account with a trading key and the given deposits (currency, amount), server stopped."""
    keys = []
    for name in names:
        cli(data_dir, "account", "create", name)
        output = cli(data_dir, "keys", "create", name, "--scopes", "accounts,orders:read,orders:write,deposit,withdraw")
        access = re.search(r"access key: (\S+)", output).group(1)
        secret = re.search(r"secret key: (\S+)", output).group(1)
        keys.append(Key(access, secret))
        for currency, amount in deposits:
            cli(data_dir, "deposit", name, currency, amount)
    return keys


@contextlib.contextmanager
def own_server(prefix: str, names: list[str], deposits: list[tuple[str, str]], arguments: tuple[str, ...] = ()):
    """A fresh data directory with `names` funded by `deposits`, and a server on it started with `arguments`
    besides its own: yields (server, keys). The server's `data_dir` is where the CLI finds its data."""
    with tempfile.TemporaryDirectory(prefix=prefix) as data_dir:
        keys = make_accounts(data_dir, names, deposits)
        server = Server(data_dir, arguments)
        server.data_dir = data_dir
        try:
            yield server, keys
        finally:
            server.stop()
