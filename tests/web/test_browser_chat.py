"""The chat panel and the Resign button in a real browser: a line holding HTML shown as
text to the other seat, and a resignation asked for, confirmed and shown to both."""

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


def test_chat_shown_as_text_and_a_confirmed_resignation(
    browser: Browser, server: LiveServer
) -> None:
    body = {"game": "ludus-gladiatorius", "players": ["human", "human"], "names": ["Ann", "Ben"]}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    ann, ben = (browser.new_page() for _ in range(2))
    for page, seat in ((ann, 0), (ben, 1)):
        page.goto(f"{server.url}{created['seats'][seat]['join']}")
        expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
        if page.locator("#name-skip").is_visible():
            page.click("#name-skip")
    text = '<img src=x onerror="document.title=1"><b>hi</b>'
    ann.fill("#chat-input", text)
    ann.click("#chat-form button[type=submit]")
    line = ben.locator("#chat li span").first
    expect(line).to_have_text(text, timeout=TIMEOUT)
    assert ben.locator("#chat img, #chat li span b").count() == 0
    ben.click("#resign")
    expect(ben.locator("#resign-ask")).to_be_visible()
    ben.click("#resign-no")
    assert httpx.get(f"{server.url}/api/tables/{created['id']}").json()["status"] != "over"
    ben.click("#resign")
    ben.click("#resign-yes")
    for page in (ann, ben):
        expect(page.locator("#status")).to_contain_text("resigned", timeout=TIMEOUT)
        expect(page.locator("#resign-box")).to_be_hidden()
    assert httpx.get(f"{server.url}/api/tables/{created['id']}").json()["winners"] == [0]
