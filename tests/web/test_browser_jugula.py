"""Jugula in a real browser (Debian's chromium through Playwright): three lanistae, two of
them people in their own browser contexts and one the heuristic, played to the end by
clicking the board (a gladiator, then a square, then a facing); neither person's board nor
action list ever names a card of the other's hand that this person cannot see. (That no
board holds another seat's hand or any deck order over every state is test_jugula_board.)"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page

from colosseum.games.jugula.render_names import card_spec

from .browser import CHROMIUM, TablePage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]
TURNS = 10  # the game's turn limit option: the game ends by it, a few minutes of clicking


def seen(base: str, table: str, token: str) -> tuple[int, int, dict[str, Any]]:
    headers = {"Authorization": f"Bearer {token}"}
    state = httpx.get(f"{base}/api/tables/{table}/state?board=false", headers=headers).json()
    return state["version"], state["seat"], state["view"]


def card_names(value: Any) -> set[str]:
    """The names of every card code anywhere in a view."""
    if isinstance(value, dict):
        return set().union(*(card_names(v) for v in [*value, *value.values()]))
    if isinstance(value, list):
        return set().union(*(card_names(v) for v in value))
    spec = card_spec(value) if isinstance(value, str) else None
    return {spec.name} if spec is not None else set()


def hidden_from(base: str, table: str, tokens: list[str], seat: int) -> tuple[int, set[str]]:
    """The table's version, and the names of cards in the other person's hand that `seat`'s
    own view shows nowhere then (the lanistae share card names: a name is a secret only if
    the viewer sees no such card)."""
    version, other_seat, other = seen(base, table, tokens[1 - seat])
    mine_version, _, mine = seen(base, table, tokens[seat])
    hand = card_names(other["lanistae"][other_seat].get("hand") or [])
    return (version if version == mine_version else -1), hand - card_names(mine)


@pytest.mark.parametrize(
    "turns", [TURNS, pytest.param(0, marks=pytest.mark.soak, id="the book's game, no limit")]
)
def test_three_lanistae_two_people_play_to_the_end(
    browser: Browser, server: LiveServer, turns: int
):
    """Played to the game's turn limit in the default run; behind `soak`, with no limit,
    until the book's end (one familia left, or sudden death)."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={
            "game": "jugula",
            "players": ["human", "human", "heuristic"],
            "options": {"turn_limit": turns},
            "seed": 8,
            "practice": True,
        },
    ).json()
    table = created["id"]
    tokens = [seat["token"] for seat in created["seats"][:2]]
    pages: list[Page] = []
    for seat in range(2):
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{server.url}{created['seats'][seat]['join']}")
        pages.append(page)
    tables = [TablePage(page).wait_ready() for page in pages]
    rng = random.Random(4)
    checked = 0  # pages compared with the views of the same version
    for _ in range(20_000):
        if tables[0].finished():
            break
        for seat, page in enumerate(pages):
            # the board and the actions: what the page draws of the present (the log tells
            # of cards played face up, which a reshuffle may later bring back to a hand)
            drawn_at = int(page.locator("main").get_attribute("data-version") or -1)
            shown = page.inner_html("#board") + page.inner_html("#actions")
            version, hidden = hidden_from(server.url, table, tokens, seat)
            if version != drawn_at or drawn_at != int(
                page.locator("main").get_attribute("data-version") or -1
            ):
                continue  # the table moved on meanwhile (the heuristic plays by itself)
            checked += 1
            for name in hidden:
                assert name not in shown, f"seat {seat}'s page shows {name} of the other's hand"
        deciding = [t for t in tables if t.my_turn()]
        if deciding:
            deciding[0].click_visible(rng)
        else:
            tables[0].wait_my_turn_or_end(timeout=60_000)
    assert tables[0].finished() and tables[1].finished()
    assert checked >= 20, f"only {checked} pages could be compared with their views"
    for page in pages:
        page.context.close()
