"""The demo's auction house on the suite's `bourse serve`: items with generated photos (real PNGs) go live
within seconds of the start, and simulated bidders bid on them by the rules."""

import struct
import time
import zlib

import requests

from support import BASE_URL

API = BASE_URL.rstrip("/") + "/auction/v1"


def decode_png(data: bytes) -> tuple[int, int, int]:
    """(width, height, bytes of image data) of a PNG, every chunk's CRC checked and its data inflated."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    index, idat, size = 8, b"", None
    while index < len(data):
        (length,) = struct.unpack(">I", data[index : index + 4])
        kind, body = data[index + 4 : index + 8], data[index + 8 : index + 8 + length]
        (crc,) = struct.unpack(">I", data[index + 8 + length : index + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, kind
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        if kind == b"IDAT":
            idat += body
        index += 12 + length
    return size[0], size[1], len(zlib.decompress(idat))


def jpeg_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a JPEG's start-of-frame marker, walking its segments."""
    assert data[:2] == b"\xff\xd8" and data[-2:] == b"\xff\xd9"
    index = 2
    while True:
        marker, (length,) = data[index + 1], struct.unpack(">H", data[index + 2 : index + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[index + 5 : index + 9])
            return width, height
        index += 2 + length


def test_the_demo_lists_items_with_photos_and_bids_on_them():
    deadline = time.time() + 60
    while True:
        page = requests.get(f"{API}/items", params={"sort": "bids"}, timeout=30).json()
        if page["total"] >= 3 and page["items"][0]["bid_count"] > 0:
            break
        assert time.time() < deadline, f"the demo's auction house did not come alive: {page}"
        time.sleep(1)
    item = page["items"][0]
    assert item["state"] == "live" and item["seller"].startswith("demo-seller-")
    assert item["leader"].startswith("bidder ") and int(item["price"]) >= int(item["start_price"])
    photo = requests.get(BASE_URL + item["photos"][0]["url"], timeout=30)
    assert photo.headers["Content-Type"] == "image/png"
    width, height, pixels = decode_png(photo.content)
    assert (width, height) == (item["photos"][0]["width"], item["photos"][0]["height"])
    assert pixels == (width * 3 + 1) * height
    # Lists get a JPEG rendition: the same size (never enlarged), a fraction of the uncompressed PNG's bytes.
    listed = requests.get(BASE_URL + item["photos"][0]["list_url"], timeout=30)
    assert listed.status_code == 200 and listed.headers["Content-Type"] == "image/jpeg"
    assert jpeg_size(listed.content) == (width, height) and len(listed.content) < len(photo.content) // 4
    assert listed.headers["ETag"] != photo.headers["ETag"]
    # The demo keeps bidding, so the history may have grown since the page was read; prices never fall.
    history = requests.get(f"{API}/items/{item['id']}/bids", timeout=30).json()
    assert len(history) >= item["bid_count"]
    prices = [int(bid["price"]) for bid in reversed(history)]
    assert prices == sorted(prices) and "your_max" not in history[0]
