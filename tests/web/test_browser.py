"""The platform in a real browser (Debian's chromium through Playwright), as people use it:
a table made in the lobby and a whole Ludus game played by clicking the board; two players
at one table each seeing only their own secrets; a spectator; the replay; a server killed
with SIGKILL mid-game and started again under the open page."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest

from colosseum import replay

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, WebSocket, expect

from .browser import CHROMIUM, TIMEOUT, LobbyPage, TablePage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


class Traffic:
    """Every API response body and WebSocket frame a page received, as JSON."""

    def __init__(self, page: Page) -> None:
        self.messages: list[Any] = []
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self._keep(payload))

    def _response(self, response: Any) -> None:
        if "/api/" in response.url and response.ok:
            try:
                self._keep(response.text())
            except Exception:  # a body the page did not wait for
                return

    def _keep(self, payload: str | bytes) -> None:
        try:
            self.messages.append(json.loads(payload))
        except (ValueError, TypeError):
            return

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if isinstance(m, dict) and "view" in m]


def play_to_end(tables: list[TablePage], rng: random.Random, limit: int = 3000) -> None:
    """Each page clicks the board whenever the decision is its seat's, until the end."""
    for _ in range(limit):
        if tables[0].finished():
            return
        moved = False
        for table in tables:
            if table.my_turn():
                table.click_board(rng)
                moved = True
        if not moved:
            tables[0].page.wait_for_timeout(20)
    raise AssertionError(f"no end after {limit} clicks")


def test_lobby_table_whole_game_by_clicking_then_replay(browser: Browser, server: LiveServer):
    """Create a table in the lobby, play a whole Ludus game against random by clicking the
    board, then step through the replay, where every counter is shown."""
    page = browser.new_page()
    LobbyPage(page, server.url).open().create(["human", "random"], name="Alice", seed=11)
    page.wait_for_url("**/tables/*")
    table = TablePage(page).wait_ready()
    expect(page.locator("#players")).to_contain_text("Alice")
    rng = random.Random(3)
    while not table.finished():
        table.wait_my_turn_or_end(timeout=30_000)
        if table.my_turn():
            table.click_board(rng)
    assert table.log(), "the log shows what happened"
    expect(page.locator("#replay-link")).to_be_visible()
    page.click("#replay-link")
    page.wait_for_url("**/replay")
    expect(page.locator("main")).to_have_attribute("data-step", "0", timeout=TIMEOUT)
    page.click("#last")
    total = int(page.inner_text("#where").split("/")[1])
    expect(page.locator("main")).to_have_attribute("data-step", str(total), timeout=TIMEOUT)
    page.click("#back")
    expect(page.locator("main")).to_have_attribute("data-step", str(total - 1), timeout=TIMEOUT)
    page.click("#first")
    page.click("#forward")
    expect(page.locator("main")).to_have_attribute("data-step", "1", timeout=TIMEOUT)
    # the first action placed a counter face down: the replay shows its face
    record = httpx.get(f"{server.url}{_record_path(page)}").json()
    placed = record["actions"][0].split()[1]
    board = page.inner_html("#board")
    assert placed in board or "blank" in board.lower()
    page.close()


def test_a_hint_shown_and_played(browser: Browser, server: LiveServer):
    """At a table made with hints, the seat asks for one: three of its actions with their
    chances appear, and clicking the first plays it."""
    page = browser.new_page()
    LobbyPage(page, server.url).open().create(["human", "heuristic"], seed=5, hints=True)
    page.wait_for_url("**/tables/*")
    table = TablePage(page).wait_ready()
    table.wait_my_turn_or_end(timeout=30_000)
    expect(page.locator("#hint-button")).to_be_enabled(timeout=TIMEOUT)
    page.click("#hint-button")
    choices = page.locator("#hints button")
    expect(choices).to_have_count(3, timeout=30_000)
    for text in choices.all_inner_texts():
        assert re.search(r"— (\d+ %|no estimate)$", text), text
    before = table.version
    choices.first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('main').dataset.version) > {before}",
        timeout=TIMEOUT,
    )
    page.close()


def _record_path(page: Page) -> str:
    table_id = page.locator("main").get_attribute("data-table")
    return f"/api/tables/{table_id}/record"


def test_two_humans_and_a_spectator_see_only_their_own(browser: Browser, server: LiveServer):
    """Two browser contexts at one table and a spectator: each page's traffic carries exactly
    its seat's view (checked against the record replayed after the end), never another seat's
    chosen counter; the DOM of each holds only what its view shows."""
    first = browser.new_context()
    second = browser.new_context()
    watcher = browser.new_context()
    alice = first.new_page()
    alice_traffic = Traffic(alice)
    lobby = LobbyPage(alice, server.url).open()
    lobby.create(["human", "human"], name="Alice", options={"round_limit": 4}, seed=5)
    [link] = lobby.invitations()
    lobby.go_to_table()
    bob = second.new_page()
    bob_traffic = Traffic(bob)
    bob.goto(link)
    tables = [TablePage(alice).wait_ready(), TablePage(bob).wait_ready()]
    table_id = alice.locator("main").get_attribute("data-table")
    spectator = watcher.new_page()
    spectator_traffic = Traffic(spectator)
    spectator.goto(f"{server.url}/tables/{table_id}?spectate")
    TablePage(spectator).wait_ready()
    expect(spectator.locator("#you")).to_have_text("You are watching.")
    assert "?" not in bob.url and "#token" not in bob.url, "the token leaves the address bar"

    play_to_end(tables, random.Random(8))
    expect(spectator.locator("#status")).to_contain_text("Game over", timeout=TIMEOUT)

    record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
    for seat, traffic, page in (
        (0, alice_traffic, alice),
        (1, bob_traffic, bob),
        (None, spectator_traffic, spectator),
    ):
        states = [s for s in traffic.states() if s.get("table") == table_id]
        assert states, f"seat {seat} received states"
        for received in states:
            assert received["seat"] == seat
            expected = replay({**record, "actions": record["actions"][: received["version"]]})
            assert received["view"] == expected.view(seat), f"seat {seat} got another view"
            for event in received["events"]:
                assert event["kind"] != "counter_chosen" or _owner(expected, event) == seat
        assert _log_is_the_seats_events(page, record, seat)
    for context in (first, second, watcher):
        context.close()


def _owner(state: Any, event: dict[str, Any]) -> int:
    number = event["data"]["gladiator"]
    view = state.view(None)
    return next(g["owner"] for g in view["gladiators"] if g["number"] == number)


def _log_is_the_seats_events(page: Page, record: dict[str, Any], seat: int | None) -> bool:
    """The page's log lists exactly the events its seat may see, in order."""
    state = replay({**record, "actions": []})
    expected = []
    for notation in record["actions"]:
        expected += [e.kind for e in state.apply(notation) if e.visible(seat)]
    shown = page.locator("#log li").count()
    return shown == len(expected)


def test_server_killed_and_restarted_the_page_carries_on(browser: Browser, server: LiveServer):
    """SIGKILL mid-game, start again on the same store: the open page reconnects by itself,
    shows the same position, and the game goes on to its end."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "ludus", "players": ["human", "random"], "seed": 21, "practice": True},
    ).json()
    page = browser.new_page()
    page.goto(f"{server.url}{created['seats'][0]['join']}")
    table = TablePage(page).wait_ready()
    rng = random.Random(5)
    for _ in range(6):
        table.wait_my_turn_or_end()
        table.click_board(rng)
    table.wait_my_turn_or_end()
    version = table.version
    view_before = page.inner_html("#board")
    server.kill()
    expect(page.locator("#connection")).to_have_text("reconnecting", timeout=TIMEOUT)
    server.start()
    expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
    assert table.version == version
    assert page.inner_html("#board") == view_before
    table.click_board(rng)
    assert table.version > version
    page.close()
