"""`colosseum tournament`: JSON shape, reproducibility, the tables and bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import Invoke

AGENTS = ["random", "heuristic", "ismcts:iterations=5"]
SMALL = ["tournament", "ludus", "--agents", "random,heuristic", "--games", "4", "--seed", "3"]
TIMED = ("seconds", "seconds_per_decision")


def _summary(invoke: Invoke, args: list[str]) -> dict[str, Any]:
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.stdout)
    return summary


def test_tournament_json_shape(invoke: Invoke) -> None:
    args = ["tournament", "ludus", "--agents", ",".join(AGENTS), "-n", "2", "-s", "1"]
    summary = _summary(invoke, args)
    for key in (
        "game",
        "games",
        "agents",
        "win_rate",
        "elo",
        "elo_interval",
        "seconds_per_decision",
    ):
        assert key in summary
    assert summary["game"] == "ludus-gladiatorius"
    assert (summary["games"], summary["total_games"]) == (2, 6)
    assert 0 <= summary["capped"] <= summary["total_games"]
    assert summary["options"]["round_limit"] == 30  # the cap a tournament sets for itself
    assert summary["agents"] == AGENTS
    assert set(summary["win_rate"]) == set(AGENTS)
    for agent in AGENTS:
        others = set(AGENTS) - {agent}
        assert set(summary["win_rate"][agent]) == others
        for other in others:
            # Draws count half, so the two sides of a pairing always add up to one.
            assert summary["win_rate"][agent][other] + summary["win_rate"][other][agent] == 1
        low, high = summary["elo_interval"][agent]
        assert low <= summary["elo"][agent] <= high
        assert summary["seconds_per_decision"][agent] > 0
        assert summary["decisions"][agent] > 0
    assert sum(summary["elo"].values()) / 3 == pytest.approx(1500, abs=0.1)
    assert sum(summary["seat_win_rate"]) == pytest.approx(1)


def test_tournament_is_reproducible_and_independent_of_jobs(invoke: Invoke) -> None:
    first = _summary(invoke, SMALL)
    again = _summary(invoke, SMALL)
    parallel = _summary(invoke, [*SMALL, "--jobs", "2"])
    for summary in (first, again, parallel):
        for key in TIMED:
            summary.pop(key)
    assert first == again == parallel
    other = _summary(invoke, [*SMALL[:-1], "4"])
    assert other["seed"] == 4
    assert other["decisions"] != first["decisions"]


def test_without_draws_the_matrix_is_complementary(invoke: Invoke) -> None:
    summary = _summary(invoke, SMALL)
    assert summary["draws"] == 0
    rates = summary["win_rate"]
    assert rates["heuristic"]["random"] + rates["random"]["heuristic"] == 1
    assert summary["elo"]["heuristic"] > summary["elo"]["random"]


def test_options_reach_the_games(invoke: Invoke) -> None:
    summary = _summary(invoke, [*SMALL, "--option", "round_limit=2"])
    assert summary["options"]["round_limit"] == 2
    assert summary["mean_steps"] < 40


def test_tournament_tables(invoke: Invoke) -> None:
    result = invoke(SMALL)
    assert result.exit_code == 0, result.output
    assert "4 games per pair (4 in all), seed 3" in result.stdout
    assert "95% interval" in result.stdout
    assert "ms/decision" in result.stdout
    assert "heuristic" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "random"], "at least two agents"),
        (["--agents", "random,wizard"], "unknown agent 'wizard'"),
        (["--agents", "random,random"], "listed twice"),
        (["--agents", "human,random"], "human cannot sit"),
        (["--players", "3"], "2-player games only"),
        (["--option", "round_limit=-1"], "round_limit"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    invoke: Invoke, args: list[str], message: str
) -> None:
    result = invoke(["tournament", "ludus", "-n", "1", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert message in result.stderr


def test_unknown_game(invoke: Invoke) -> None:
    result = invoke(["tournament", "chess", "--agents", "random,heuristic"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr
