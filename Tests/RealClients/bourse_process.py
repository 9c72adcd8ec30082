"""A `bourse serve` process of a test's own, with accounts and keys made by the CLI, and requests signed as
ccxt signs them. For tests that need accounts of their own, options of their own, or that stop, kill or
restart the server.

The server runs as users run it: with the demo on (its makers quote every market, its takers trade every
half second), on a data directory whose accounts were made and funded by the CLI before the first start.
Only `demo=False` gives a server without it, for the one check that needs a quiet journal.
"""

import base64
import contextlib
import hashlib
import hmac
import json
import os
import re
import resource
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

BINARY = os.environ.get("BOURSE_BINARY", "")

# Loopback needs no proxy, whatever the environment says.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def cli(data_dir: str, *arguments: str) -> str:
    done = subprocess.run(
        [BINARY, *arguments, "--data-dir", data_dir], check=True, capture_output=True, text=True, timeout=120
    )
    return done.stdout + done.stderr


def set_password(data_dir: str, name: str, password: str) -> None:
    """Makes account `name` an auction-house user with `password` (`bourse user password`, bcrypt at the
    lowest cost so that tests do not wait on it); works while the server runs."""
    subprocess.run(
        [BINARY, "user", "password", name, "--password-stdin", "--password-cost", "4", "--data-dir", data_dir],
        input=password + "\n", text=True, check=True, capture_output=True, timeout=120,
    )


#: What every server of the suite runs with besides its own options: the demo, with one day of simulated
#: history instead of two years, so a fresh data directory is ready in seconds.
DEMO = ("--backfill-days", "1")


def journal_check(data_dir: str) -> str:
    """`bourse journal check` on a stopped server's data directory: its summary line, whatever its status
    (a check that finds violations exits 1, and the line says which)."""
    done = subprocess.run(
        [BINARY, "journal", "check", "--data-dir", data_dir], capture_output=True, text=True, timeout=600)
    summary = [line for line in done.stdout.splitlines() if line.startswith("journal check:")]
    assert summary, f"no summary line (exit {done.returncode}):\n{done.stdout}{done.stderr}"
    return summary[-1] + ("" if done.returncode == 0 else f" (exit {done.returncode})\n{done.stderr[-3000:]}")


class Key:
    def __init__(self, access: str, secret: str):
        self.access, self.secret = access, secret

    def token(self, query: str | None, nonce: str | None = None) -> str:
        """An HS256 JWT as ccxt makes it: `query_hash` is SHA-512 of `query`; a fresh UUID nonce unless
        `nonce` is given (a replayed token)."""

        def b64(data: bytes) -> bytes:
            return base64.urlsafe_b64encode(data).rstrip(b"=")

        claims = {"access_key": self.access, "nonce": nonce or str(uuid.uuid4())}
        if query:
            claims["query_hash"] = hashlib.sha512(query.encode()).hexdigest()
            claims["query_hash_alg"] = "SHA512"
        signing = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()) + b"." + b64(json.dumps(claims).encode())
        signature = b64(hmac.new(self.secret.encode(), signing, hashlib.sha256).digest())
        return (signing + b"." + signature).decode()


class Server:
    """One `bourse serve` on a free loopback port, with the demo on (``DEMO``) unless `demo` is false. A
    fresh data directory gets the demo's history before the server listens, so it is ready then."""

    def __init__(self, data_dir: str, arguments: tuple[str, ...] = (), demo: bool = True,
                 nofile: tuple[int, int] | None = None):
        self.data_dir = data_dir
        #: The (soft, hard) open-file limit the process starts with; None keeps this process's.
        self.nofile = nofile
        self.command = [BINARY, "serve", *(DEMO if demo else ("--no-demo",)), "--port", "0", "--data-dir", data_dir,
                        *arguments]
        self.start()

    def start(self):
        """Starts the process and waits until it listens (`base` is then its URL, a new port each time)."""
        self.log = open(os.path.join(self.data_dir, f"serve-{time.time_ns()}.log"), "w+")
        limits = self.nofile
        self.process = subprocess.Popen(
            self.command, stdout=self.log, stderr=subprocess.STDOUT,
            preexec_fn=(lambda: resource.setrlimit(resource.RLIMIT_NOFILE, limits)) if limits else None)
        # A hang guard only: a first start simulates the demo's day of history first (seconds for a release
        # build, minutes for a debug build on a busy machine).
        deadline = time.time() + 600
        self.base = None
        while self.base is None:
            assert self.process.poll() is None, self.output()
            assert time.time() < deadline, "the server did not start in 600 s:\n" + self.output()
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.output())
            self.base = found.group(1) if found else None
            time.sleep(0.1)

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def get(self, path_and_query: str):
        """An unauthenticated GET: (status, JSON body)."""
        return self.send(urllib.request.Request(self.base + path_and_query))

    def metric(self, name: str) -> float:
        """The value of the unlabelled sample `name` on /metrics."""
        request = urllib.request.Request(self.base + "/metrics")
        with _opener.open(request, timeout=10) as response:
            text = response.read().decode()
        found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
        assert found, f"no sample {name} on /metrics:\n{text[:2000]}"
        return float(found.group(1))

    def send(self, request: urllib.request.Request):
        """Sends `request`: (status, body), error answers included; the body decoded from JSON, or as text
        when it is not JSON (a 429 says "Too many API requests.", as Upbit's does)."""
        try:
            with _opener.open(request, timeout=15) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        try:
            return status, json.loads(body or b"null")
        except ValueError:
            return status, body.decode(errors="replace")

    def call(self, key: Key, method: str, path: str, params: list[tuple[str, str]] | None = None):
        query = "&".join(f"{name}={value}" for name, value in params) if params else None
        headers = {"Authorization": "Bearer " + key.token(query)}
        url, body = self.base + path, None
        if method == "POST":
            body = json.dumps(dict(params or [])).encode()
            headers["Content-Type"] = "application/json"
        elif params:
            url += "?" + urllib.parse.urlencode(params)
        return self.send(urllib.request.Request(url, data=body, headers=headers, method=method))

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        """SIGTERM, and a clean exit; nothing to do if it was stopped already."""
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=60) == 0, self.output()

    def restart(self, kill: bool = False):
        """Stops the server (SIGTERM, or SIGKILL if `kill`) and starts it again on the same data directory."""
        self.kill() if kill else self.stop()
        self.start()


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
def own_server(
    prefix: str, names: list[str], deposits: list[tuple[str, str]], arguments: tuple[str, ...] = (),
    demo: bool = True, accounts_later: bool = False,
):
    """A fresh data directory with `names` funded by `deposits`, and a server on it started with `arguments`
    besides its own: yields (server, keys). The server's `data_dir` is where the CLI finds its data.

    The accounts are made before the server's first start, unless `accounts_later`: then the server starts
    once first (the demo simulates its history), stops, and the accounts are made before it starts again,
    as for someone who joins a demo that already runs."""
    with tempfile.TemporaryDirectory(prefix=prefix) as data_dir:
        if accounts_later:
            Server(data_dir, arguments, demo).stop()
        keys = make_accounts(data_dir, names, deposits)
        server = Server(data_dir, arguments, demo)
        try:
            yield server, keys
        finally:
            server.stop()
