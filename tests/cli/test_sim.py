"""The simulation and benchmark logic behind the CLI (colosseum.sim)."""

from __future__ import annotations

import pytest

from colosseum.agents import InvalidAgent
from colosseum.sim import (
    GameResult,
    Simulation,
    bench_game,
    derive_seed,
    play_match,
    rotated,
    run_games,
    summarize,
)
from colosseum.sim.simulate import _chunks


def test_rotation_gives_each_player_each_seat() -> None:
    players = ["a", "b", "c"]
    assert [rotated(players, i) for i in range(4)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
        ["a", "b", "c"],
    ]


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(5, 1) == derive_seed(5, 1)
    assert len({derive_seed(5, i) for i in range(100)}) == 100
    assert derive_seed(5, 1) != derive_seed(1, 5)
    assert 0 <= derive_seed(-3, "x") < 2**63


def test_play_match_is_reproducible() -> None:
    first = play_match("ludus", ["random", "random"], seed=4)
    again = play_match("ludus", ["random", "random"], seed=4)
    assert first == again
    assert first.winners
    assert sum(first.returns) == pytest.approx(1)


def test_play_match_refuses_a_human() -> None:
    with pytest.raises(InvalidAgent):
        play_match("ludus", ["human", "random"], seed=1)


def test_chunks_cover_every_game_once() -> None:
    for total, jobs in [(1, 1), (7, 2), (1000, 3), (64, 8)]:
        indices = [i for chunk in _chunks(total, jobs) for i in chunk]
        assert indices == list(range(total))


def test_run_games_in_index_order_with_progress() -> None:
    simulation = Simulation("ludus-gladiatorius", ("random", "random"), games=5, seed=3)
    advanced: list[int] = []
    results = run_games(simulation, jobs=1, progress=advanced.append)
    assert [r.index for r in results] == list(range(5))
    assert sum(advanced) == 5
    assert results[1].seats == ("random", "random")
    assert results[1].seed == simulation.game_seed(1)


def test_summary_counts_shared_wins_and_rotated_seats() -> None:
    simulation = Simulation("ludus-gladiatorius", ("a", "b"), games=3, seed=0)
    results = [
        GameResult(0, 1, ("a", "b"), (0,), (1.0, 0.0), 10),  # a wins from seat 0
        GameResult(1, 2, ("b", "a"), (0,), (1.0, 0.0), 20),  # b wins from seat 0
        GameResult(2, 3, ("a", "b"), (0, 1), (0.5, 0.5), 30),  # shared
    ]
    summary = summarize(simulation, results, seconds=1.0)
    assert summary["win_rate"] == {"a": pytest.approx(0.5), "b": pytest.approx(0.5)}
    assert summary["seat_win_rate"] == [pytest.approx(2.5 / 3), pytest.approx(0.5 / 3)]
    assert summary["draws"] == 1
    assert (summary["mean_steps"], summary["min_steps"], summary["max_steps"]) == (20, 10, 30)


def test_bench_measures_whole_games() -> None:
    result = bench_game("ludus", seconds=0.03)
    assert result.game == "ludus-gladiatorius"
    assert result.games >= 1
    assert result.steps >= result.games
    assert result.steps_per_s > 0 and result.games_per_s > 0 and result.clones_per_s > 0
