"""Issue 47, point 9 (careers): the option a refusal names is the one that exists (`--glory`),
every command that stores says where the Careers database is, `career --help` says where it
lives by default and how to change it, and `career simulate` keeps its campaigns out of the
player's own database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Invoke
from .test_career import FRED, MILLER, new


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'careers.db'}"


def flat(text: str) -> str:
    """Output as one line: a long path may be wrapped at the terminal's width."""
    return "".join(text.split("\n"))


def test_point_9_a_clash_names_the_glory_option_that_exists(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    args = ["career", "new", "Gallia", "Miller", "-g", MILLER, "--servitor", "lupa"]
    result = invoke([*args, "--glory", "12", "--fixed-rewards", "--database", database])
    assert result.exit_code == 2
    assert "--glory 12 (the campaign has 10)" in result.output
    assert "--fixed-rewards (off in the campaign)" in result.output
    assert "glory-target" not in result.output


def test_point_9_new_and_list_say_where_the_database_is(
    invoke: Invoke, database: str, tmp_path: Path
) -> None:
    path = str(tmp_path / "careers.db")
    opening = ["career", "new", "Gallia", "Fred", "-g", FRED, "--servitor", "medicus"]
    created = invoke([*opening, "--database", database])
    assert created.exit_code == 0, created.output
    assert f"Stored in {path}" in flat(created.output)
    listed = invoke(["career", "list", "--database", database])
    assert f"Campaigns in {path}" in flat(listed.output)
    assert "Gallia  (1 events)" in listed.output
    as_json = json.loads(invoke(["career", "list", "--json", "--database", database]).output)
    assert as_json == [{"campaign": "Gallia", "events": 1}]  # JSON stays one object


def test_point_9_the_database_shown_hides_a_password(invoke: Invoke) -> None:
    from colosseum.cli.common import where

    assert where("postgresql+psycopg://ann:secret@db.example/colosseum") == (
        "postgresql+psycopg://ann:***@db.example/colosseum"
    )
    assert where("sqlite:////home/ann/colosseum.db") == "/home/ann/colosseum.db"


def test_point_9_the_career_help_says_where_the_database_lives(invoke: Invoke) -> None:
    shown = " ".join(invoke(["career", "--help"]).output.split())
    for words in ("colosseum.db", "COLOSSEUM_DATABASE_URL", "--database", "simulations.db"):
        assert words in shown, shown
    assert "XDG_DATA_HOME" in shown or "~/.local/share/colosseum" in shown


def test_point_9_simulations_stay_out_of_the_players_database(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no --database, a simulation goes to simulations.db in the data folder, never to
    the player's database (here named by COLOSSEUM_DATABASE_URL); the output says where."""
    player = tmp_path / "mine.db"
    monkeypatch.setenv("COLOSSEUM_DATABASE_URL", f"sqlite:///{player}")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = invoke(["career", "simulate", "--ludi", "2", "--fights", "1", "-s", "11"])
    assert result.exit_code == 0, result.output
    simulations = tmp_path / "data" / "colosseum" / "simulations.db"
    assert f"Stored in {simulations}" in flat(result.output)
    assert json.loads(invoke(["career", "list", "--json"]).output) == []
    kept = invoke(["career", "list", "--json", "--database", f"sqlite:///{simulations}"])
    assert [row["campaign"] for row in json.loads(kept.output)] == ["simulation 11"]
    shown = invoke(["career", "show", "simulation 11", "--database", f"sqlite:///{simulations}"])
    assert shown.exit_code == 0, shown.output


def test_point_9_a_simulation_goes_where_database_says(invoke: Invoke, database: str) -> None:
    simulate = ["career", "simulate", "--ludi", "2", "--fights", "1", "-s", "4", "--json"]
    result = invoke([*simulate, "--database", database])
    assert result.exit_code == 0, result.output
    listed = json.loads(invoke(["career", "list", "--json", "--database", database]).output)
    assert [row["campaign"] for row in listed] == ["simulation 4"]
