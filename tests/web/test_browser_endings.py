"""The end panel in a real browser: a guest resigns, the panel tells the story with a row per
seat and a link to the replay, and Play again makes a new table of the same game and seats
and opens it in the guest's seat."""

from __future__ import annotations

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


def test_the_end_panel_shows_and_play_again_makes_a_new_table(
    browser: Browser, server: LiveServer
) -> None:
    body = {"game": "ludus-gladiatorius", "players": ["human", "random"], "names": ["Ann", ""]}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    table = created["id"]
    page = browser.new_page()
    page.goto(f"{server.url}{created['seats'][0]['join']}")
    expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
    if page.locator("#name-skip").is_visible():
        page.click("#name-skip")
    panel = page.locator("#end-panel")
    expect(panel).to_be_hidden()
    page.click("#resign")
    page.click("#resign-yes")
    expect(panel).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#end-story")).to_contain_text("Ann resigned")
    expect(page.locator("#end-seats tr")).to_have_count(2)
    expect(page.locator("#end-head th")).to_contain_text(["Player", "Result", "Standing"])
    expect(page.locator("#end-seats tr.winner")).to_contain_text("won")
    expect(page.locator("#end-replay")).to_have_attribute("href", f"/tables/{table}/replay")
    _no_serious_violation(page, "#end-panel")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.click("#play-again")
    page.wait_for_url(lambda url: f"/tables/{table}" not in url, timeout=TIMEOUT)
    expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
    fresh = page.locator("main").get_attribute("data-table")
    assert fresh and fresh != table
    summary = httpx.get(f"{server.url}/api/tables/{fresh}").json()
    assert summary["game"] == "ludus-gladiatorius" and summary["status"] != "over"
    assert [p["kind"] for p in summary["players"]] == ["human", "random"]
    expect(page.locator("#you")).to_have_text("You play seat 0.", timeout=TIMEOUT)
    expect(page.locator("#end-panel")).to_be_hidden()
    page.close()


def _no_serious_violation(page: Page, selector: str) -> None:
    """axe-core finds no serious or critical violation in `selector` (when installed)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return
    results = Axe().run(page, context=selector)
    found = [
        f"{v['id']} ({v['impact']}): {v['help']}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not found, found
