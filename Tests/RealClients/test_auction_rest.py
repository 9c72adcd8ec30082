"""The auction house's REST (auction-api.md §2) as a script meets it, on a `bourse serve` of the test's own
with the demo on: users made with `bourse user password` on accounts funded before the first start, a listing
with a real PNG, proxy bids that lock KRW in the exchange's ledger (seen through the exchange API), and a
SIGKILL after the bids: the bids, the locks and the history are all there after the restart."""

import struct
import zlib

import pytest
import requests

from bourse_process import BINARY, own_server, set_password

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


def png(width: int, height: int) -> bytes:
    """A real, decodable RGB PNG of one colour."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\xc0\x40\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def krw(server, key) -> tuple[float, float]:
    status, rows = server.call(key, "GET", "/v1/accounts")
    assert status == 200, rows
    row = next(row for row in rows if row["currency"] == "KRW")
    return float(row["balance"]), float(row["locked"])


def test_a_sale_bid_on_by_proxy_survives_a_sigkill():
    names = ["seller", "ann", "ben"]
    with own_server("bourse-auction-", names, [("KRW", "1000000")]) as (server, keys):
        seller_key, ann_key, ben_key = keys
        sessions = {}
        for name in names:
            set_password(server.data_dir, name, f"password of {name}")
            answer = requests.post(
                f"{server.base}/auction/v1/sessions", json={"username": name, "password": f"password of {name}"},
                timeout=30,
            )
            assert answer.status_code == 201, answer.text
            sessions[name] = {"Authorization": "Bearer " + answer.json()["token"]}
        api = server.base + "/auction/v1"

        listed = requests.post(
            f"{api}/items", headers=sessions["seller"],
            data={"title": "Hasselblad 500C/M", "category": "cameras", "start_price": "100000",
                  "duration_seconds": "3600", "description": "Medium format, with an 80 mm lens."},
            files=[("photos", ("front.jpg", png(32, 24), "image/jpeg")), ("photos", ("back.png", png(8, 8), "image/png"))],
            timeout=30,
        )
        assert listed.status_code == 201, listed.text
        item = listed.json()
        assert [(photo["width"], photo["height"]) for photo in item["photos"]] == [(32, 24), (8, 8)]
        photo = requests.get(server.base + item["photos"][0]["url"], timeout=30)
        assert photo.status_code == 200 and photo.headers["Content-Type"] == "image/png"
        assert photo.content == png(32, 24)

        first = requests.post(f"{api}/items/{item['id']}/bids", headers=sessions["ann"], json={"max": "300000"}, timeout=30)
        assert first.status_code == 200 and first.json()["leading"] is True, first.text
        second = requests.post(f"{api}/items/{item['id']}/bids", headers=sessions["ben"], json={"max": "200000"}, timeout=30)
        assert second.status_code == 200 and second.json()["leading"] is False
        assert second.json()["price"] == "205000"
        # Ann's whole maximum is locked in the exchange's ledger; Ben's bid lost at once and locks nothing.
        assert krw(server, ann_key) == (700000.0, 300000.0)
        assert krw(server, ben_key) == (1000000.0, 0.0)
        own = requests.post(f"{api}/items/{item['id']}/bids", headers=sessions["seller"], json={"max": "900000"}, timeout=30)
        assert own.status_code == 403 and own.json()["error"]["name"] == "own_item"

        server.restart(kill=True)
        api = server.base + "/auction/v1"  # a new port after each start
        shown = requests.get(f"{api}/items/{item['id']}", timeout=30).json()
        assert (shown["price"], shown["bid_count"], shown["leader"], shown["state"]) == ("205000", 2, "bidder 1", "live")
        assert shown["title"] == "Hasselblad 500C/M"
        history = requests.get(f"{api}/items/{item['id']}/bids", timeout=30).json()
        assert [(bid["bidder"], bid["price"]) for bid in history] == [("bidder 2", "205000"), ("bidder 1", "100000")]
        assert "300000" not in requests.get(f"{api}/items/{item['id']}/bids", timeout=30).text
        assert krw(server, ann_key) == (700000.0, 300000.0)
        # Sessions are in the store too: the old token still signs Ben in after the crash.
        raised = requests.post(f"{api}/items/{item['id']}/bids", headers=sessions["ben"], json={"max": "400000"}, timeout=30)
        assert raised.status_code == 200 and raised.json()["leading"] is True
        assert raised.json()["price"] == "305000"
        assert krw(server, ann_key) == (1000000.0, 0.0)
        listing = requests.get(f"{api}/items", params={"q": "hasselblad", "sort": "bids"}, timeout=30).json()
        assert listing["total"] == 1 and listing["items"][0]["id"] == item["id"]
