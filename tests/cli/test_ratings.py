"""`colosseum ratings` (issue 45; docs/cli.md, "ratings"): calibrate the computer levels on
paired seeds (the same seeds add nothing twice), show the leaderboard (a table or JSON),
rebuild every rating exactly from the stored results; a refusal is one `error:` line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

pytest.importorskip("openskill", reason="the web extra is not installed")

from colosseum.store import Store
from colosseum.store.schema import rating_results, ratings

from .conftest import Invoke


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'colosseum.db'}"


def stored(database: str) -> list[Any]:
    store = Store(database)
    with store.engine.connect() as connection:
        found = [
            tuple(r)
            for r in connection.execute(select(ratings).order_by(ratings.c.account, ratings.c.game))
        ]
        found += [
            tuple(r)
            for r in connection.execute(select(rating_results).order_by(rating_results.c.id))
        ]
    store.close()
    return found


def calibrate(invoke: Invoke, database: str, *more: str) -> str:
    result = invoke(["ratings", "calibrate", "ludi", "--database", database, *more])
    assert result.exit_code == 0, result.output
    return result.output


def test_calibration_rates_each_game_once_and_the_leaderboard_shows_the_levels(
    invoke: Invoke, database: str
) -> None:
    output = calibrate(invoke, database, "--seed", "5")
    assert "4 games played, 4 new rated results" in output
    again = calibrate(invoke, database, "--seed", "5", "--levels", "random, heuristic")
    assert "4 games played, 0 new rated results" in again
    calibrate(invoke, database, "--seed", "6", "--games", "2")
    shown = invoke(["ratings", "show", "ludi-gladiatorii", "--json", "--database", database])
    assert shown.exit_code == 0, shown.output
    board = json.loads(shown.stdout)
    assert {row["name"] for row in board} == {"Computer (random)", "Computer (heuristic)"}
    assert all(row["games"] == 6 and row["computer"] and row["provisional"] for row in board)
    assert board[0]["rating"] >= board[1]["rating"]
    sources = {r[2] for r in stored(database) if len(r) > 7}
    assert len(sources) == 6 and all(s.startswith("calibration:ludi-gladiatorii:") for s in sources)
    table = invoke(["ratings", "show", "ludi", "--database", database])
    assert table.exit_code == 0 and "Computer (heuristic)" in table.output
    assert "provisional" in table.output


def test_rebuild_reproduces_the_stored_ratings_exactly(invoke: Invoke, database: str) -> None:
    calibrate(invoke, database, "--seed", "1")
    calibrate(invoke, database, "--seed", "2", "--levels", "heuristic,random")
    before = stored(database)
    assert len(before) == 2 + 16
    result = invoke(["ratings", "rebuild", "--database", database])
    assert result.exit_code == 0, result.output
    assert "from 16 rated results" in result.output
    assert stored(database) == before


def test_an_empty_leaderboard_says_so(invoke: Invoke, database: str) -> None:
    result = invoke(["ratings", "show", "jugula", "--database", database])
    assert result.exit_code == 0 and "No ratings in jugula yet" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["ratings", "show", "chess"],
        ["ratings", "calibrate", "chess"],
        ["ratings", "calibrate", "ludi", "--levels", "random"],
        ["ratings", "calibrate", "ludi", "--levels", "random,grandmaster"],
    ],
)
def test_a_refusal_is_one_error_line(invoke: Invoke, database: str, args: list[str]) -> None:
    result = invoke([*args, "--database", database])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ")
