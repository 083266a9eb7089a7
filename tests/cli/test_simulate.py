"""`colosseum simulate` and `colosseum bench`: JSON shapes and reproducibility."""

from __future__ import annotations

import json

import pytest

from .conftest import Invoke

SIMULATE = ["simulate", "ludus", "--games", "12", "--players", "random,heuristic", "--seed", "9"]


def test_simulate_json(invoke: Invoke) -> None:
    result = invoke([*SIMULATE, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("game", "games", "players", "win_rate", "mean_steps", "seat_win_rate", "draws"):
        assert key in summary
    assert summary["game"] == "ludus-gladiatorius"
    assert summary["games"] == 12
    assert summary["players"] == ["random", "heuristic"]
    assert set(summary["win_rate"]) == {"random", "heuristic"}
    assert all(0 <= rate <= 1 for rate in summary["win_rate"].values())
    # Every Ludus game has a winner (shared wins count 1/k each), so rates sum to one.
    assert sum(summary["win_rate"].values()) == pytest.approx(1)
    assert sum(summary["seat_win_rate"]) == pytest.approx(1)
    assert summary["min_steps"] <= summary["mean_steps"] <= summary["max_steps"]


def test_simulate_merges_players_with_the_same_agent(invoke: Invoke) -> None:
    args = ["simulate", "ludus", "-n", "6", "-p", "random,random", "-s", "2", "--json"]
    summary = json.loads(invoke(args).stdout)
    assert summary["win_rate"] == {"random": pytest.approx(1)}
    assert sum(summary["player_win_rate"]) == pytest.approx(1)


def test_simulate_does_not_depend_on_jobs(invoke: Invoke) -> None:
    one = invoke([*SIMULATE, "--json", "--jobs", "1"])
    two = invoke([*SIMULATE, "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_simulate_table(invoke: Invoke) -> None:
    result = invoke(["simulate", "ludus", "-n", "4", "-p", "random,random", "-s", "1"])
    assert result.exit_code == 0
    assert "Win rate" in result.stdout
    assert "4 games, seed 1" in result.stdout


def test_simulate_options_reach_the_games(invoke: Invoke) -> None:
    args = [*SIMULATE, "--json", "--option", "round_limit=2", "-p", "random,random"]
    summary = json.loads(invoke(args).stdout)
    assert summary["options"]["round_limit"] == 2
    assert summary["max_steps"] < 40
    assert summary["capped"] == summary["games"]  # no random Ludus game ends in two rounds


def test_simulate_sets_the_cap_and_reports_the_games_it_cut_short(invoke: Invoke) -> None:
    """The rulebook's game has no cap; a simulation sets the game's own (30 rounds of Ludus)
    unless told otherwise, and `capped` counts the games that it ended."""
    summary = json.loads(invoke([*SIMULATE, "--json", "-p", "random,random"]).stdout)
    assert summary["options"]["round_limit"] == 30
    assert 0 <= summary["capped"] <= summary["games"]
    with_heuristic = json.loads(invoke([*SIMULATE, "--json", "-p", "heuristic,random"]).stdout)
    assert with_heuristic["capped"] < with_heuristic["games"]


def test_bench_json(invoke: Invoke) -> None:
    result = invoke(["bench", "ludus", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert set(figures) == {"ludus-gladiatorius"}
    ludus = figures["ludus-gladiatorius"]
    assert set(ludus) == {"steps_per_s", "games_per_s", "clones_per_s", "games", "capped"}
    assert all(ludus[key] > 0 for key in ("steps_per_s", "games_per_s", "clones_per_s"))
    assert 0 <= ludus["capped"] <= ludus["games"]


def test_bench_every_game_as_a_table(invoke: Invoke) -> None:
    result = invoke(["bench", "--seconds", "0.03"])
    assert result.exit_code == 0
    assert "ludus-gladiatorius" in result.stdout
    assert "Clones/s" in result.stdout
