"""Every page in a real browser asks only its own server (issue 46): no font, script or
picture from a third-party host, on the lobby, a table as a seat and as a spectator, a
replay, the how-to pages, the account pages, the ratings and a Careers campaign; the icon at
/favicon.ico; an unknown table's page is an HTML 404; and a server that goes away is said in
words ("server unreachable"), then the table is live again when it is back."""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from .accounts_pages import register, signed_in_as
from .browser import CHROMIUM, TIMEOUT
from .careers_pages import CareersPage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

GAMES = ["ludus-gladiatorius", "ludi-gladiatorii", "jugula"]
SETTLE = 400  # ms after a page's load for its modules' first requests
UNREACHABLE = "The server cannot be reached — check your connection"


def new_table(server: LiveServer, seats: list[str]) -> dict[str, Any]:
    body = {"game": "ludus-gladiatorius", "players": seats}
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def finished(server: LiveServer, seats: list[str]) -> str:
    """A table of computer players, waited for until its game is over."""
    table = new_table(server, seats)["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = httpx.get(f"{server.url}/api/tables/{table}/state", timeout=10).json()
        if state["terminal"]:
            return str(table)
        time.sleep(0.2)
    raise AssertionError("the computer players did not finish")


def visit(page: Page, url: str) -> None:
    answer = page.goto(url)
    assert answer is not None and answer.status == 200, url
    page.wait_for_timeout(SETTLE)


def test_every_page_asks_only_its_own_origin(browser: Browser, server: LiveServer) -> None:
    base = server.url
    context = browser.new_context()
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()

    seated = new_table(server, ["human", "random"])
    visit(page, f"{base}{seated['seats'][0]['join']}")
    expect(page.locator("main")).to_have_attribute(
        "data-version", re.compile(r"\d+"), timeout=TIMEOUT
    )
    visit(page, f"{base}{seated['spectate']}")
    over = finished(server, ["random", "random"])
    visit(page, f"{base}/tables/{over}/replay")
    expect(page.locator("main")).to_have_attribute("data-step", "0", timeout=TIMEOUT)
    page.click("#last")
    for path in ["/", *(f"/howto/{game}" for game in GAMES), "/howto/careers", "/signin"]:
        visit(page, f"{base}{path}")
    register(page, base, "ann")
    signed_in_as(page, "ann")
    for path in ["/account", "/me", "/ratings", f"/ratings/{GAMES[0]}", "/play"]:
        visit(page, f"{base}{path}")
    CareersPage(page, base).open().found(
        "Gallia", "Fred", ["Ajax", "Brutus", "Crixus", "Dido"], "medicus"
    )
    page.wait_for_timeout(SETTLE)

    missing = page.goto(f"{base}/tables/nothing-here")
    assert missing is not None and missing.status == 404
    assert missing.headers["content-type"].startswith("text/html")
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.locator("main a[href='/']")).to_be_visible()

    icon = page.request.get(f"{base}/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/")

    assert len(asked) > 40, asked
    elsewhere = [
        url
        for url in asked
        if urlsplit(url).scheme not in ("data", "blob")
        and f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" != base
    ]
    assert not elsewhere, elsewhere
    context.close()


def test_a_server_gone_is_said_then_live_again(browser: Browser, server: LiveServer) -> None:
    """The server is killed under an open table: the connection says "server unreachable"
    and the page's message what to do; a reading the page asks for says the same, not
    "Failed to fetch"; once the server is back the table is live again."""
    seated = new_table(server, ["human", "random"])
    page = browser.new_page()
    failures: list[str] = []
    page.on("requestfailed", lambda request: failures.append(request.url))
    page.goto(f"{server.url}{seated['seats'][0]['join']}")
    connection = page.locator("#connection")
    expect(connection).to_have_text("live", timeout=TIMEOUT)

    server.kill()
    expect(connection).to_have_text("server unreachable", timeout=TIMEOUT)
    expect(page.locator("#message")).to_contain_text(UNREACHABLE)
    said = page.evaluate(
        """() => import("/static/api.js").then((m) => m.api("/api/games")
             .then(() => "answered", (error) => `${error.status}: ${error.message}`))"""
    )
    assert said.startswith(f"0: {UNREACHABLE}") and "Failed to fetch" not in said, said

    server.start()
    expect(connection).to_have_text("live", timeout=TIMEOUT)
    assert failures, "the page did try while the server was away"
    page.close()
