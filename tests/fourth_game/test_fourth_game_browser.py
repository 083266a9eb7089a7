"""The fourth game in a browser through a real `colosseum serve` child process that knows it
only by COLOSSEUM_GAMES: a table made in the lobby, played to the end by clicking the board's
`data-action` buttons against a random computer seat."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")
from playwright.sync_api import Browser, expect

from tests.web.browser import CHROMIUM, TIMEOUT, LobbyPage, TablePage
from tests.web.conftest import browser  # noqa: F401 - the fixture, one per module
from tests.web.server import LiveServer

from . import GAME_ID

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


def test_a_table_of_the_fourth_game_played_to_the_end_by_clicking(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLOSSEUM_GAMES", "tests.fourth_game")
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    live = LiveServer(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    try:
        page = browser.new_page()
        lobby = LobbyPage(page, live.url).open()
        lobby.create(["human", "random"], name="Ann", seed=5, game=GAME_ID)
        page.wait_for_url("**/tables/*")
        table = TablePage(page).wait_ready()
        rng = random.Random(5)
        for _ in range(40):
            table.wait_my_turn_or_end()
            if table.finished():
                break
            actions = table.board_actions()
            assert actions and all(a.startswith("bid ") for a in actions)
            table.click_board(rng)
        assert table.finished(), table.status()
        expect(page.locator("#board")).to_contain_text("Game over", timeout=TIMEOUT)
        assert any("bout" in line.lower() for line in table.log())
    finally:
        live.stop()
