"""Backends (colosseum.sim.backends): the same seeded games wherever they run, Ray included."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from colosseum.core.errors import ColosseumError
from colosseum.sim.backends import ProcessBackend, RayBackend, batches, make_backend
from colosseum.sim.balance import BalancePlan, run_balance
from colosseum.sim.simulate import Simulation, run_games
from colosseum.sim.tournament import TimedGame, Tournament, run_tournament

SIMULATION = Simulation("ludus-gladiatorius", ("heuristic", "random"), games=12, seed=4)
TOURNAMENT = Tournament("ludus-gladiatorius", ("random", "heuristic", "ismcts:iterations=3"), 4, 2)
BALANCE = BalancePlan("ludi-gladiatorii", ("heuristic", "random"), deals=3, seed=8)


def _untimed(games: list[TimedGame]) -> list[tuple[object, ...]]:
    return [(g.index, g.seed, g.seats, g.winners, g.steps, g.decisions, g.capped) for g in games]


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[None]:
    """One local Ray instance of 2 CPUs for the module, stopped after it."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install ray)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    yield
    ray.shutdown()


def test_batches_cover_every_index_once_in_order() -> None:
    for total, workers, size in [(1, 1, None), (7, 2, None), (1000, 3, None), (10, 4, 3)]:
        cut = batches(total, workers, size)
        assert [i for batch in cut for i in batch] == list(range(total))
    assert {len(b) for b in batches(10_000, 2)} == {64, 10_000 % 64}  # 64 a task at most
    assert {len(b) for b in batches(10, 4, 3)} == {3, 1}


def test_the_backend_is_chosen_by_name() -> None:
    assert make_backend("process", 2) == ProcessBackend(2)
    assert make_backend("ray", 3, "auto") == RayBackend(3, "auto")
    with pytest.raises(ColosseumError, match="unknown backend 'dask'"):
        make_backend("dask")
    with pytest.raises(ColosseumError, match="--address joins a Ray cluster"):
        make_backend("process", 1, "auto")


def test_two_processes_play_the_games_one_plays() -> None:
    one = run_games(SIMULATION, jobs=1)
    assert run_games(SIMULATION, backend=ProcessBackend(2)) == one
    assert [game.index for game in one] == list(range(12))


def test_simulation_on_ray_matches_the_process_backend(ray_instance: None) -> None:
    advanced: list[int] = []
    on_ray = run_games(SIMULATION, progress=advanced.append, backend=RayBackend(2))
    assert on_ray == run_games(SIMULATION, jobs=1)
    assert sum(advanced) == SIMULATION.games


def test_tournament_on_ray_matches_the_process_backend(ray_instance: None) -> None:
    on_ray = run_tournament(TOURNAMENT, backend=RayBackend(2))
    assert _untimed(on_ray) == _untimed(run_tournament(TOURNAMENT, jobs=1))


def test_balance_on_ray_matches_the_process_backend(ray_instance: None) -> None:
    assert run_balance(BALANCE, RayBackend(2)) == run_balance(BALANCE, ProcessBackend(1))


def test_the_commands_name_a_bad_backend_in_one_line() -> None:
    from typer.testing import CliRunner

    from colosseum.cli.app import app

    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "ludus", "--games", "2", "--backend", "dask"])
    assert result.exit_code != 0 and "unknown backend 'dask'" in result.output
    result = runner.invoke(app, ["tournament", "ludus", "--games", "2", "--address", "auto"])
    assert result.exit_code != 0 and "--address joins a Ray cluster" in result.output


def test_simulate_on_ray_prints_the_process_backend_s_summary(ray_instance: None) -> None:
    import json

    from typer.testing import CliRunner

    from colosseum.cli.app import app

    base = ["simulate", "ludus", "--games", "6", "--seed", "3", "--json", "--players"]
    runner = CliRunner()
    on_ray = runner.invoke(app, [*base, "heuristic,random", "--backend", "ray", "--jobs", "2"])
    local = runner.invoke(app, [*base, "heuristic,random"])
    assert on_ray.exit_code == 0, on_ray.output
    first, second = json.loads(on_ray.stdout), json.loads(local.stdout)
    first.pop("seconds"), second.pop("seconds")
    assert first == second
