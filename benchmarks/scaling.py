"""Simulation throughput by backend: games/s for 1 and 2 processes and 1 and 2 Ray workers.

    .venv/bin/python benchmarks/scaling.py [--game ludi] [--agents heuristic,heuristic]
        [--games 480] [--tasks 400] [--json]

Plays the same `Simulation` (seed 1) on each backend and checks that the results are
identical; games/s is the wall time of `run_games`, a process pool's start included, Ray's start
(`ray.init`, timed apart) not. The per-task overhead is the cost of an empty task: `--tasks`
tasks that play no game, their wall time times the workers over their number (the CPU time a
task costs beyond its games). Needs the `ray` extra for the Ray rows.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from colosseum.core.registry import game_definition
from colosseum.sim.backends import Backend, ProcessBackend, RayBackend
from colosseum.sim.simulate import Simulation, run_games


def _empty(plan: object, indices: Sequence[int]) -> list[int]:
    """A task that plays nothing: what remains is the backend's own cost."""
    return list(indices)


def _measure(
    label: str, backend: Backend, workers: int, simulation: Simulation, tasks: int
) -> dict[str, Any]:
    started = time.perf_counter()
    results = run_games(simulation, backend=backend)
    seconds = time.perf_counter() - started
    started = time.perf_counter()
    backend.run(_empty, None, tasks, batch=1)
    empty = time.perf_counter() - started
    return {
        "backend": label,
        "workers": workers,
        "games": len(results),
        "seconds": round(seconds, 3),
        "games_per_s": round(len(results) / seconds, 1),
        "task_overhead_ms": round(empty * workers / tasks * 1000, 3),
        "outcome": [(r.winners, r.steps) for r in results],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ludi")
    parser.add_argument("--agents", default="heuristic,heuristic")
    parser.add_argument("--games", type=int, default=480)
    parser.add_argument("--tasks", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    simulation = Simulation(game, tuple(args.agents.split(",")), args.games, seed=1)
    rows = [
        _measure("process", ProcessBackend(1), 1, simulation, args.tasks),
        _measure("process", ProcessBackend(2), 2, simulation, args.tasks),
    ]
    try:
        import ray
    except ImportError:
        ray = None
    if ray is not None:
        for workers in (1, 2):
            started = time.perf_counter()
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
            start_up = time.perf_counter() - started
            try:
                RayBackend(workers).run(_empty, None, workers * 4, batch=1)  # warm the workers
                row = _measure("ray", RayBackend(workers), workers, simulation, args.tasks)
                row["start_up_s"] = round(start_up, 2)
                rows.append(row)
            finally:
                ray.shutdown()
    reference = rows[0]["outcome"]
    for row in rows:
        row["identical"] = row.pop("outcome") == reference
    if args.json:
        print(json.dumps({"game": game, "agents": args.agents, "rows": rows}))
        return
    print(f"{game}, {args.agents}, {args.games} games (seed 1)")
    for row in rows:
        extra = f"  ray start {row['start_up_s']} s" if "start_up_s" in row else ""
        print(
            f"{row['backend']:8} {row['workers']} worker(s)  {row['games_per_s']:8.1f} games/s"
            f"  {row['task_overhead_ms']:7.3f} ms/task  identical {row['identical']}{extra}"
        )


if __name__ == "__main__":
    main()
