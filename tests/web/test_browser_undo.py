"""Undo in a real browser: the deciding seat plays, takes it back with the Undo button, and
both pages show the table as it was (the other seat's page told by its WebSocket)."""

from __future__ import annotations

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, expect

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


def test_undo_takes_back_a_deployment_on_both_pages(browser: Browser, server: LiveServer) -> None:
    body = {"game": "jugula", "players": ["human", "human"], "names": ["Ann", "Ben"]}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    table = created["id"]
    pages = [browser.new_page() for _ in range(2)]
    for page, seat in zip(pages, (0, 1), strict=True):
        page.goto(f"{server.url}{created['seats'][seat]['join']}")
        expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
        if page.locator("#name-skip").is_visible():
            page.click("#name-skip")
    deciding = httpx.get(f"{server.url}/api/tables/{table}").json()["current"]
    me, other = pages[deciding], pages[1 - deciding]
    expect(me.locator("#undo")).to_be_hidden()  # nothing to take back yet
    me.locator("#actions button").first.click()
    for page in pages:
        expect(page.locator("main")).to_have_attribute("data-version", "1", timeout=TIMEOUT)
    assert me.locator("#log li").count() > 0
    expect(me.locator("#undo")).to_be_visible()
    expect(other.locator("#undo")).to_be_hidden()
    me.click("#undo")
    expect(me.locator("#message")).to_contain_text("Took back 1 action", timeout=TIMEOUT)
    for page in pages:
        expect(page.locator("main")).to_have_attribute("data-version", "0", timeout=TIMEOUT)
        expect(page.locator("#log li")).to_have_count(0)
    expect(other.locator("#message")).to_contain_text("took back 1 action", timeout=TIMEOUT)
    expect(me.locator("#undo")).to_be_hidden()
    assert httpx.get(f"{server.url}/api/tables/{table}").json()["version"] == 0
