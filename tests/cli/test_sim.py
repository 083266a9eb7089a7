"""The simulation and benchmark logic behind the CLI (colosseum.sim)."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

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
from colosseum.sim.backends import ProcessBackend
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


def _pids(plan: int, indices: Sequence[int]) -> list[tuple[int, int]]:
    """A task that says which process played each index (module level: workers import it)."""
    return [(index, os.getpid()) for index in indices]


def test_point_9_jobs_2_plays_a_small_batch_in_this_process_alone() -> None:
    """Games that take less than a worker's start-up are all played here: --jobs 2 is then as
    fast as --jobs 1 instead of half a second slower."""
    results = ProcessBackend(2).run(_pids, 0, 40, batch=1)
    assert results == [(index, os.getpid()) for index in range(40)]


def _waits_for_a_worker(
    plan: tuple[int, str, int], indices: Sequence[int]
) -> list[tuple[int, int]]:
    """Here: quick before batch `slow`, slow for it (0.05 s, so the rest looks worth a worker),
    then waiting for a worker to have played: the run can only end if both processes play."""
    parent, marker, slow = plan
    if os.getpid() != parent:
        Path(marker).touch()
    elif indices[0] < slow:
        pass
    elif indices[0] == slow:
        time.sleep(0.05)
    else:
        deadline = time.monotonic() + 120  # a hang guard, not a measurement
        while not Path(marker).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    return [(index, os.getpid()) for index in indices]


def test_point_9_jobs_2_plays_here_and_in_one_worker_for_longer_work(tmp_path: Path) -> None:
    plan = (os.getpid(), str(tmp_path / "a worker played"), 0)
    results = ProcessBackend(2).run(_waits_for_a_worker, plan, 100, batch=1)
    assert [index for index, _ in results] == list(range(100))
    pids = {pid for _, pid in results}
    assert os.getpid() in pids and len(pids) == 2  # this process and one worker, no more


def test_an_error_in_any_process_reaches_the_caller() -> None:
    with pytest.raises(ZeroDivisionError):
        ProcessBackend(2).run(_fails_on_7, 0, 20, batch=1)


def _fails_on_7(plan: int, indices: Sequence[int]) -> list[int]:
    return [1 // (index - 7) for index in indices]


def test_a_worker_starts_when_later_batches_turn_slow(tmp_path: Path) -> None:
    """The first batches alone would say a worker is not worth it; the pace of a later one
    says it is, and the worker plays."""
    plan = (os.getpid(), str(tmp_path / "a worker played"), 10)
    results = ProcessBackend(2).run(_waits_for_a_worker, plan, 100, batch=1)
    assert [index for index, _ in results] == list(range(100))
    pids = {pid for _, pid in results}
    assert all(pid == os.getpid() for _, pid in results[:11]) and len(pids) == 2
