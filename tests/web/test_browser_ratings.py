"""The ratings' pages in a real browser (Debian's chromium through Playwright; issue 45): with
rated results in the store, the leaderboard lists the accounts best first and links their
pages; a player's page draws the plot of his rating (an SVG with a point per rated game and
the start) beside a table of the same points; "Play now" waits and can be cancelled."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, expect

from colosseum.store import Store
from colosseum.store.ratings import SeatResult

from .accounts_pages import register, signed_in_as
from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

GAME = "ludus-gladiatorius"


def rated(server: LiveServer) -> None:
    """ann beats bob four times and cy once: ann, then bob and cy, on the leaderboard."""
    store = Store(server.database)
    try:
        ann, bob, cy = (store.accounts.create(n, None).id for n in ("ann", "bob", "cy"))
        for n in range(4):
            store.ratings.apply(
                f"calibration:b{n}", GAME, [SeatResult(0, ann, 1), SeatResult(1, bob, 2)]
            )
        store.ratings.apply("calibration:c", GAME, [SeatResult(0, ann, 1), SeatResult(1, cy, 2)])
    finally:
        store.engine.dispose()


def test_the_leaderboard_and_a_players_plot(browser: Browser, server: LiveServer) -> None:
    rated(server)
    page = browser.new_page()
    page.goto(f"{server.url}/")
    page.get_by_role("link", name="Ratings").click()
    page.get_by_role("link", name="Ludus Gladiatorius").click()
    rows = page.locator("#leaderboard tbody tr")
    expect(rows).to_have_count(3, timeout=TIMEOUT)
    names = page.locator("#leaderboard a.player").all_inner_texts()
    assert names[0] == "ann" and set(names) == {"ann", "bob", "cy"}
    expect(rows.first).to_contain_text("provisional")
    page.locator("#leaderboard a.player", has_text="ann").click()
    page.wait_for_url("**/players/ann")
    plot = page.locator("svg.rating-plot")
    expect(plot).to_be_visible(timeout=TIMEOUT)
    expect(plot.locator("circle.point")).to_have_count(6)  # the start and five games
    assert "ann's rating in Ludus Gladiatorius" in (plot.get_attribute("aria-label") or "")
    box = plot.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 80
    page.get_by_text("The same points as a table").click()
    expect(page.locator("table.history tbody tr")).to_have_count(6)
    page.close()


def test_play_now_waits_and_cancels(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context()
    page = context.new_page()
    register(page, server.url, "dora")
    signed_in_as(page, "dora")
    page.goto(f"{server.url}/play")
    page.locator("#play-join").click()
    waiting = page.locator("#waiting li")
    expect(waiting).to_have_count(1, timeout=TIMEOUT)
    expect(waiting).to_contain_text("your rating 1000")
    waiting.locator("button.leave").click()
    expect(page.locator("#waiting li")).to_have_count(0, timeout=TIMEOUT)
    context.close()
