"""Each game's board in a real browser at a typical moment, on a laptop's 1280×800 and a
phone's 390×844: the board is drawn, fits the width (no sideways scrolling) and its text is
not smaller than a person can read. With COLOSSEUM_SCREENSHOTS=<folder> the screenshots are
kept there (how the ones in docs/screenshots/ were made); otherwise they go to a temporary
folder."""

from __future__ import annotations

import os
import random
from pathlib import Path

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

SCREENS = {"laptop": (1280, 800), "phone": (390, 844)}
READABLE = {"laptop": 9.0, "phone": 5.0}  # px: three quarters of the board's words at least
# game -> (players, seed, random actions played first: a moment with pieces on the board)
MOMENTS = {
    "ludus-gladiatorius": (2, 11, 24),
    "ludi-gladiatorii": (2, 5, 30),
    "jugula": (2, 3, 40),
}


def typical_table(base: str, game: str) -> tuple[str, str]:
    """A two-human table of `game` after some random actions, and seat 0's join path at a
    moment when seat 0 decides (so its actions show on the board)."""
    players, seed, steps = MOMENTS[game]
    created = httpx.post(
        f"{base}/api/tables",
        json={
            "game": game,
            "players": ["human"] * players,
            "seed": seed,
            "practice": True,
        },
    ).json()
    tokens = [seat["token"] for seat in created["seats"]]
    rng = random.Random(seed)
    played = 0
    while True:
        state = httpx.get(f"{base}/api/tables/{created['id']}/state?board=false").json()
        current = state["current"]
        if current is None or (played >= steps and current == 0):
            break
        headers = {"Authorization": f"Bearer {tokens[current]}"}
        mine = httpx.get(
            f"{base}/api/tables/{created['id']}/state?board=false", headers=headers
        ).json()
        action = rng.choice(mine["legal"])["notation"]
        answer = httpx.post(
            f"{base}/api/tables/{created['id']}/actions?board=false",
            json={"action": action, "version": mine["version"]},
            headers=headers,
        )
        assert answer.status_code == 200, answer.text
        played += 1
    return created["id"], created["seats"][0]["join"]


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_board_readable_on_a_laptop_and_a_phone(
    browser: Browser, server: LiveServer, game: str, tmp_path: Path
) -> None:
    folder = Path(os.environ.get("COLOSSEUM_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    _, join = typical_table(server.url, game)
    for screen, (width, height) in SCREENS.items():
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{server.url}{join}")
        board = page.locator("#board svg")
        expect(board).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("#status")).to_have_text("Your decision.", timeout=TIMEOUT)
        frame = page.locator("#board").bounding_box()  # a board may pan inside it on a phone
        assert frame is not None and frame["width"] <= width, (screen, frame)
        sideways = page.evaluate("() => document.documentElement.scrollWidth")
        assert sideways <= width + 1, f"{game} on a {screen} scrolls sideways ({sideways}px)"
        heights = sorted(
            page.evaluate(
                """() => [...document.querySelectorAll('#board svg text')]
                     .map(t => t.getBoundingClientRect().height).filter(h => h > 0)"""
            )
        )
        typical = heights[3 * len(heights) // 4]  # the words, not the hexes' small coordinates
        print(game, screen, "text heights: smallest", heights[0], "three quarters", typical)
        assert typical >= READABLE[screen], (game, screen, typical, heights[0])
        page.screenshot(path=str(folder / f"{game}-{screen}.png"), full_page=True)
        context.close()
