"""Ludi Gladiatorii in a real browser (Debian's chromium through Playwright): a table made in
the lobby with Quintus Ludus, Champions and Public Favor, played to the end against the
heuristic by clicking the board (gladiators, cards, bids, a rival's ludus)."""

from __future__ import annotations

import random

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, expect

from .browser import CHROMIUM, LobbyPage, TablePage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]
OPTIONS = {"quintus_ludus": True, "champions": True, "public_favor": True, "victory_points": 4}


def test_whole_game_with_three_modules_against_the_heuristic(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    lobby = LobbyPage(page, server.url).open()
    lobby.create(
        ["human", "heuristic"], name="Lucia", options=OPTIONS, seed=9, game="ludi-gladiatorii"
    )
    page.wait_for_url("**/tables/*")
    table = TablePage(page).wait_ready()
    expect(page.locator("#players")).to_contain_text("Lucia")
    table_id = page.locator("main").get_attribute("data-table")
    made = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert {name: made["options"][name] for name in OPTIONS} == OPTIONS
    rng = random.Random(2)
    clicks = 0
    while not table.finished():
        table.wait_my_turn_or_end(timeout=60_000)
        if table.my_turn():
            table.click_visible(rng)
            clicks += 1
        assert clicks < 1500, "the game did not end"
    assert table.log(), "the log tells the game"
    expect(page.locator("#status")).to_contain_text("Game over")
    page.close()
