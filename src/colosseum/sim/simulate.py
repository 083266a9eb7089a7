"""Many games between agents, on local processes, with results independent of the job count."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..core.options import OptionValue
from .match import GameResult, play_match, rotated
from .seeding import derive_seed

ProgressCallback = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Simulation:
    """A batch: `games` games of `game_id` between `players` (agent specs), seeded by `seed`.

    Game i seats the player list rotated by i and is seeded with `derive_seed(seed, i)`.
    """

    game_id: str
    players: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    def seats(self, index: int) -> list[str]:
        return rotated(self.players, index)

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, index)


def _play_indices(simulation: Simulation, indices: Sequence[int]) -> list[GameResult]:
    """Play the games numbered `indices` (runs in a worker process; builds its own agents)."""
    return [
        play_match(
            simulation.game_id,
            simulation.seats(i),
            simulation.game_seed(i),
            simulation.options,
            index=i,
        )
        for i in indices
    ]


def _chunks(total: int, jobs: int) -> list[range]:
    """Game indices split into chunks small enough to balance the workers and show progress."""
    size = max(1, min(64, total // (jobs * 8)))
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


def run_games(
    simulation: Simulation, jobs: int = 1, progress: ProgressCallback | None = None
) -> list[GameResult]:
    """Every game of `simulation`, in index order; `progress(n)` after each n games finished."""
    chunks = _chunks(simulation.games, jobs)
    results: list[GameResult] = []
    if jobs <= 1:
        for chunk in chunks:
            done = _play_indices(simulation, chunk)
            results.extend(done)
            if progress is not None:
                progress(len(done))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(_play_indices, simulation, chunk) for chunk in chunks]
            for future in as_completed(futures):
                done = future.result()
                results.extend(done)
                if progress is not None:
                    progress(len(done))
    results.sort(key=lambda result: result.index)
    return results


def summarize(
    simulation: Simulation, results: Sequence[GameResult], seconds: float
) -> dict[str, Any]:
    """The JSON summary of a finished batch (see docs/cli.md, `colosseum simulate --json`).

    A shared win counts 1/k for each of the k winners. `win_rate` merges players that share
    an agent spec; `player_win_rate` keeps each entry of the player list apart. `capped`
    counts the games a cap option ended rather than the rulebook's conditions.
    """
    players = list(simulation.players)
    count = len(results)
    seat_wins = [0.0] * len(players)
    player_wins = [0.0] * len(players)
    draws = 0
    for result in results:
        if len(result.winners) != 1:
            draws += 1
        shift = result.index % len(players)
        for seat, value in enumerate(result.returns):
            seat_wins[seat] += value
            player_wins[(seat + shift) % len(players)] += value
    win_rate: dict[str, float] = {}
    for name, wins in zip(players, player_wins, strict=True):
        win_rate[name] = win_rate.get(name, 0.0) + wins / count
    steps = [result.steps for result in results]
    return {
        "game": simulation.game_id,
        "games": count,
        "players": players,
        "seed": simulation.seed,
        "options": dict(simulation.options),
        "win_rate": win_rate,
        "player_win_rate": [wins / count for wins in player_wins],
        "seat_win_rate": [wins / count for wins in seat_wins],
        "draws": draws,
        "capped": sum(1 for result in results if result.capped),
        "mean_steps": sum(steps) / count,
        "min_steps": min(steps),
        "max_steps": max(steps),
        "seconds": round(seconds, 3),
    }
