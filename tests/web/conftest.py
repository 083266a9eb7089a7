"""Fixtures of the web tests: an app on a fresh SQLite store (computer seats in threads),
a client for it, and helpers that create tables and read a seat's state through the API."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():  # starlette's client warns that httpx will be replaced
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

UNLIMITED = ServerSettings(rate_limits={})


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Any]:
    """A real `colosseum serve` on a fresh SQLite store (the browser tests)."""
    from .server import LiveServer

    live = LiveServer(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright, one per test module."""
    from playwright.sync_api import sync_playwright

    from .browser import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """The app without rate limits (they are tested on their own, tests/web/test_hardening.py):
    a test plays faster than a person."""
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as test_client:
        yield test_client


def create(client: TestClient, players: list[str], **fields: Any) -> dict[str, Any]:
    """A new Ludus table unless `game` says otherwise; the API's answer. A chosen seed makes
    a practice table (the only kind that takes one)."""
    if "seed" in fields:
        fields.setdefault("practice", True)
    body = {"game": "ludus-gladiatorius", "players": players, **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def state(client: TestClient, table: str, token: str | None, since: int = 0) -> dict[str, Any]:
    response = client.get(
        f"/api/tables/{table}/state", headers=bearer(token), params={"since": since}
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def receive(socket: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next message the server pushed to the socket, waiting at most `timeout` seconds
    (the test client's own receive would wait forever)."""

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            message: dict[str, Any] = await socket._send_rx.receive()
            return message

    message = socket.portal.call(bounded)
    assert message["type"] == "websocket.send", message
    found: dict[str, Any] = json.loads(message["text"])
    return found


SITE = "http://testserver"  # the origin of the test client's pages (cookie-signed changes)
PASSWORD = "correct horse battery"


def signed_in(app: Any, name: str) -> TestClient:
    """A browser of this site signed in to a new account `name`, registered through the API
    (its cookie POSTs carry the site's Origin, as a page's do)."""
    client = TestClient(app, headers={"Origin": SITE})
    portal = getattr(app.state, "portal", None)
    if portal is not None:  # the app's running loop, for a test that reads its sockets
        client.portal = portal
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client


def store_of(app: Any) -> Any:
    """The store of a running app."""
    return app.state.hub.service.store
