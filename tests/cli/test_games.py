"""`colosseum games` and the one-line errors every command gives for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from colosseum.cli.app import app

from .conftest import Invoke


def test_games_lists_ludus_and_its_options(invoke: Invoke) -> None:
    result = invoke(["games"])
    assert result.exit_code == 0
    for text in ("Ludus Gladiatorius", "ludus-gladiatorius", "ludus", "2–5"):
        assert text in result.stdout
    for option in ("round_limit", "gladiators", "data"):
        assert option in result.stdout
    assert "0..1000" in result.stdout


def test_games_json_describes_every_option(invoke: Invoke) -> None:
    result = invoke(["games", "--json"])
    assert result.exit_code == 0
    game = json.loads(result.stdout)["ludus-gladiatorius"]
    assert (game["min_players"], game["max_players"]) == (2, 5)
    assert "ludus" in game["aliases"]
    round_limit = next(o for o in game["options"] if o["name"] == "round_limit")
    assert round_limit["type"] == "int"
    assert round_limit["default"] == 0  # off: the rulebook's game
    assert round_limit["simulation_value"] == 30
    assert (round_limit["minimum"], round_limit["maximum"]) == (0, 1000)
    assert round_limit["description"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["play", "ludus", "--players", "random"], "2 to 5 players, not 1"),
        (["play", "ludus", "--players", "random,bogus"], "unknown agent 'bogus'"),
        (["play", "ludus", "-p", "random,random", "-o", "x=y"], "unknown option x"),
        (["play", "ludus", "-p", "random,random", "-o", "round_limit=abc"], "round_limit"),
        (["play", "ludus", "-p", "random,random", "-o", "novalue"], "name=value"),
        (["play", "ludus", "-p", "random,,random"], "empty player"),
        (["simulate", "ludus", "-p", "human,random"], "human cannot sit"),
        (["simulate", "nosuchgame"], "unknown game"),
        (["simulate", "ludus", "-p", "random,random,random,random,random,random"], "not 6"),
        (["bench", "nosuchgame"], "unknown game"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output


def test_point_9_games_fits_80_columns_and_cuts_no_description() -> None:
    result = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(app, ["games"])
    assert result.exit_code == 0
    for line in result.stdout.splitlines():
        assert len(line) <= 80 and "…" not in line, line
