"""docs/rl.md shows the action tables and observation layouts the code numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from colosseum.rl.tables import START, fill

from .helpers import GAMES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_page_shows_the_current_tables() -> None:
    page = PAGE.read_text(encoding="utf-8")
    for game in GAMES:
        assert START.format(game=game) in page
    assert fill(page) == page, "run: python -m colosseum.rl.tables --write docs/rl.md"
