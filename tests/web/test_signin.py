"""Sign-in sessions (web/signin.py; docs/security.md, "Accounts and sign-in"): the cookie's
flags (HttpOnly, SameSite=Lax, Path=/, Secure under HTTPS, as seen through a trusted proxy
only), its 192-bit secret kept by the store only as a SHA-256, the guard that refuses
cookie-signed changes from another site (403) while this site's own pages and seat tokens
pass, and no password or cookie in a log."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from colosseum.store import Store
from colosseum.store.schema import accounts, sign_ins
from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings
from colosseum.web.signin import COOKIE, digest

from .conftest import bearer, create, state

PASSWORD = "correct horse battery"
SITE = "http://testserver"
EVIL = "https://evil.example"
UNLIMITED = ServerSettings(rate_limits={})


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    made = create_app(database, workers=0, settings=UNLIMITED)
    with TestClient(made):
        yield made


def signed_up(app: Any, name: str = "Ann", **options: Any) -> TestClient:
    """A client signed in to a new account (signing up as this site's page does)."""
    client = TestClient(app, **options)
    response = client.post(
        "/api/accounts", json={"name": name, "password": PASSWORD}, headers={"Origin": SITE}
    )
    assert response.status_code == 201, response.text
    return client


def email(app: Any) -> str | None:
    store: Store = app.state.hub.service.store
    found = store.accounts.by_name("Ann")
    assert found is not None
    return found.email


def change(client: TestClient, headers: dict[str, str]) -> Any:
    return client.patch("/api/me", json={"email": "ann@example.org"}, headers=headers)


# --- the cookie ---------------------------------------------------------------------------------


def test_the_cookie_is_http_only_same_site_lax_for_the_whole_site(app: Any) -> None:
    client = TestClient(app)
    response = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    flags = [part.strip().lower() for part in response.headers["set-cookie"].split(";")]
    assert flags[0].startswith(f"{COOKIE}=")
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert "secure" not in flags  # plain HTTP: a Secure cookie would never come back
    assert f"max-age={30 * 24 * 3600}" in flags


def test_the_cookie_is_secure_under_https(app: Any) -> None:
    client = TestClient(app, base_url="https://testserver")
    response = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    assert "secure" in response.headers["set-cookie"].lower().split("; ")
    assert client.get("/api/me").status_code == 200
    out = client.delete("/api/session", headers={"Origin": "https://testserver"})
    assert out.status_code == 204 and "secure" in out.headers["set-cookie"].lower()


@pytest.mark.parametrize(("proxies", "secure"), [(("testclient",), True), ((), False)])
def test_https_is_believed_from_a_trusted_proxy_only(
    database: str, proxies: tuple[str, ...], secure: bool
) -> None:
    settings = ServerSettings(rate_limits={}, trusted_proxies=proxies)
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        response = client.post(
            "/api/accounts",
            json={"name": "Ann", "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https"},
        )
    assert response.status_code == 201
    assert ("secure" in response.headers["set-cookie"].lower().split("; ")) == secure


def test_the_store_keeps_the_secrets_hash_only(app: Any) -> None:
    client = signed_up(app)
    secret = client.cookies[COOKIE]
    assert len(secret) == 32  # 24 random bytes, 192 bits, in base64url
    store: Store = app.state.hub.service.store
    with store.engine.connect() as connection:
        rows = [tuple(r) for r in connection.execute(select(sign_ins)).all()]
        people = [tuple(r) for r in connection.execute(select(accounts)).all()]
    assert [r[0] for r in rows] == [digest(secret)]
    assert not any(secret in str(v) or PASSWORD in str(v) for r in rows + people for v in r)


# --- cross-site requests ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": EVIL},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "https://testserver"},  # another scheme is another origin
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {},  # neither Origin nor Sec-Fetch-Site: not known to come from our pages
        {"Origin": EVIL, "Sec-Fetch-Site": "same-origin"},
        {"Origin": EVIL, "Authorization": "Basic YW5uOmFubg=="},  # a browser may add Basic
    ],
    ids=lambda h: ",".join(f"{k}={v}" for k, v in h.items()) or "none",
)
def test_a_cross_site_change_with_the_cookie_is_403(app: Any, headers: dict[str, str]) -> None:
    client = signed_up(app)
    response = change(client, headers)
    assert response.status_code == 403, response.text
    assert "site" in response.json()["detail"]
    assert email(app) is None  # nothing changed
    table = {"game": "ludus-gladiatorius", "players": ["human", "random"]}
    assert client.post("/api/tables", json=table, headers=headers).status_code == 403
    assert client.delete("/api/session", headers=headers).status_code == 403
    assert client.get("/api/me").status_code == 200  # still signed in


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": SITE},
        {"Origin": "HTTP://TESTSERVER"},
        {"Origin": "http://testserver:80"},
        {"Sec-Fetch-Site": "same-origin"},
    ],
)
def test_a_same_origin_change_passes(app: Any, headers: dict[str, str]) -> None:
    client = signed_up(app)
    response = change(client, headers)
    assert response.status_code == 200, response.text
    assert email(app) == "ann@example.org"


def test_reading_from_anywhere_is_not_refused(app: Any) -> None:
    client = signed_up(app)
    assert client.get("/api/me", headers={"Origin": EVIL}).status_code == 200


def test_a_change_without_the_cookie_is_not_checked(app: Any) -> None:
    client = TestClient(app)
    table = client.post(
        "/api/tables",
        json={"game": "ludus-gladiatorius", "players": ["human", "random"]},
        headers={"Origin": EVIL},
    )
    assert table.status_code == 201, table.text


def test_a_seat_token_request_with_the_cookie_is_not_refused(app: Any) -> None:
    """A request carrying `Authorization: Bearer` is authenticated by the seat's token, which
    no other site can make a browser send: the cookie beside it does not subject it to the
    origin check."""
    guest = TestClient(app)
    table = create(guest, ["human", "human"])
    mover = state(guest, table["id"], None)["current"]
    token = next(s["token"] for s in table["seats"] if s["seat"] == mover)
    legal = state(guest, table["id"], token)["legal"][0]["notation"]
    client = signed_up(app)
    response = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": legal, "version": 0},
        headers={**bearer(token), "Origin": EVIL},
    )
    assert response.status_code == 200, response.text


def test_signing_in_from_another_site_is_refused(app: Any) -> None:
    """Another site may not sign a browser into an account of its choosing (login CSRF);
    a script, without Origin, may sign in."""
    signed_up(app)
    client = TestClient(app)
    body = {"name": "Ann", "password": PASSWORD}
    refused = client.post("/api/session", json=body, headers={"Origin": EVIL})
    assert refused.status_code == 403 and COOKIE not in client.cookies
    other = {"name": "Bob", "password": PASSWORD}
    assert client.post("/api/accounts", json=other, headers={"Origin": EVIL}).status_code == 403
    assert client.post("/api/session", json=body).status_code == 200
    assert TestClient(app).post("/api/session", json=body, headers={"Origin": SITE}).is_success


def test_a_websocket_with_the_cookie_from_another_site_is_closed(app: Any) -> None:
    table = create(TestClient(app), ["human", "random"])["id"]
    client = signed_up(app)
    hello = {"type": "hello", "token": None, "version": 0}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": EVIL}) as socket,
    ):
        socket.send_json(hello)
        socket.receive_json()
    assert (closed.value.code, closed.value.reason) == (1008, "cross-site")
    with client.websocket_connect(f"/ws/tables/{table}", headers={"Origin": SITE}) as socket:
        socket.send_json(hello)
        assert socket.receive_json()


# --- nothing secret in a log --------------------------------------------------------------------


def test_no_password_or_cookie_reaches_a_log(app: Any, caplog: pytest.LogCaptureFixture) -> None:
    for name in ("colosseum", "uvicorn", "fastapi", "httpx", ""):
        caplog.set_level(logging.DEBUG, logger=name)
    client = signed_up(app)
    first = client.cookies[COOKIE]
    again = TestClient(app)
    assert again.post("/api/session", json={"name": "Ann", "password": PASSWORD}).is_success
    second = again.cookies[COOKIE]
    wrong = "a wrong password, logged nowhere"
    failed = TestClient(app).post("/api/session", json={"name": "Ann", "password": wrong})
    assert failed.status_code == 401
    assert client.get("/api/me").status_code == 200
    assert caplog.records  # the test would see what was logged
    for record in caplog.records:
        text = record.getMessage() + repr(record.args) + repr(record.__dict__)
        for secret in (PASSWORD, wrong, first, second, digest(first)):
            assert secret not in text, record
