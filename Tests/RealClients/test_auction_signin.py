"""The auction house's sign-in (auction-api.md §2) as a browser-like client and a script meet it, against the
suite's `bourse serve` with the demo on: sign up, sign in (token and cookie), CSRF on cookie requests, sign
out, and the throttle on wrong passwords."""

import uuid

import requests

from support import BASE_URL

API = BASE_URL.rstrip("/") + "/auction/v1"


def new_user() -> tuple[str, str]:
    name = "u" + uuid.uuid4().hex[:12]
    password = "pw-" + uuid.uuid4().hex[:12]
    response = requests.post(f"{API}/users", json={"username": name, "password": password}, timeout=30)
    assert response.status_code == 201, response.text
    assert response.json()["username"] == name
    return name, password


def test_a_browser_session_signs_in_with_a_cookie_and_needs_the_csrf_token_to_sign_out():
    name, password = new_user()
    browser = requests.Session()
    signed_in = browser.post(f"{API}/sessions", json={"username": name, "password": password}, timeout=30)
    assert signed_in.status_code == 201, signed_in.text
    body = signed_in.json()
    cookie = browser.cookies.get("bourse_session")
    assert cookie == body["token"]
    set_cookie = signed_in.headers["Set-Cookie"]
    assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie

    me = browser.get(f"{API}/me", timeout=30)
    assert me.status_code == 200 and me.json()["username"] == name

    forged = browser.delete(f"{API}/sessions/current", timeout=30)
    assert forged.status_code == 403
    assert forged.json()["error"]["name"] == "csrf_token_missing"

    out = browser.delete(f"{API}/sessions/current", headers={"X-CSRF-Token": body["csrf_token"]}, timeout=30)
    assert out.status_code == 204
    assert browser.get(f"{API}/me", timeout=30).status_code == 401
    # The old token is dead for scripts too.
    assert requests.get(f"{API}/me", headers={"Authorization": f"Bearer {body['token']}"}, timeout=30).status_code == 401


def test_a_script_signs_in_with_a_bearer_token_and_errors_keep_upbits_shape():
    name, password = new_user()
    token = requests.post(f"{API}/sessions", json={"username": name, "password": password}, timeout=30).json()["token"]
    me = requests.get(f"{API}/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert me.status_code == 200 and me.json()["username"] == name

    taken = requests.post(f"{API}/users", json={"username": name, "password": "another password"}, timeout=30)
    assert taken.status_code == 409 and taken.json()["error"]["name"] == "username_taken"
    weak = requests.post(f"{API}/users", json={"username": name + "x", "password": "short"}, timeout=30)
    assert weak.status_code == 400 and weak.json()["error"]["name"] == "invalid_parameter"
    assert "8 characters" in weak.json()["error"]["message"]


def test_wrong_passwords_are_throttled_and_unknown_names_answer_the_same():
    name, password = new_user()
    statuses = [
        requests.post(f"{API}/sessions", json={"username": name, "password": "wrong password"}, timeout=30).status_code
        for _ in range(6)
    ]
    assert statuses[:5] == [401] * 5
    assert statuses[5] == 429
    throttled = requests.post(f"{API}/sessions", json={"username": name, "password": password}, timeout=30)
    assert throttled.status_code == 429 and int(throttled.headers["Retry-After"]) > 0
    unknown = requests.post(f"{API}/sessions", json={"username": "nobody" + name, "password": "whatever1"}, timeout=30)
    assert unknown.status_code == 401 and unknown.json()["error"]["name"] == "unauthorized"
