"""Many games between agents, on a backend, with results independent of where they ran.

Games are paired across seat rotations: with n players, games kn … kn+n-1 share one deal (one
game seed) and seat the player list rotated by 0 … n-1, so each player meets each deal from
every seat and the luck of the set-up cancels out of the win rates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.options import OptionValue
from .backends import Backend, ProcessBackend, batches
from .match import GameResult, play_match, rotated
from .seeding import derive_seed

ProgressCallback = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Simulation:
    """A batch: `games` games of `game_id` between `players` (agent specs), seeded by `seed`.

    Game i seats the player list rotated by i (`rotated`) and is seeded with
    `derive_seed(seed, i // n)` for n players: the n rotations of a deal share its seed. Its
    agents draw from `derive_seed(that seed, "agents", i % n)`, so the rotations of a deal
    differ in the agents' draws even when the same agent sits in every seat.
    """

    game_id: str
    players: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    def seats(self, index: int) -> list[str]:
        return rotated(self.players, index)

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, index // len(self.players))

    def agent_seed(self, index: int) -> int:
        return derive_seed(self.game_seed(index), "agents", index % len(self.players))


def _play_indices(simulation: Simulation, indices: Sequence[int]) -> list[GameResult]:
    """Play the games numbered `indices` (runs in a worker; builds its own agents)."""
    return [
        play_match(
            simulation.game_id,
            simulation.seats(i),
            simulation.game_seed(i),
            simulation.options,
            index=i,
            agent_seed=simulation.agent_seed(i),
        )
        for i in indices
    ]


def _chunks(total: int, jobs: int) -> list[range]:
    """Game indices split into batches small enough to balance the workers and show progress."""
    return batches(total, jobs)


def run_games(
    simulation: Simulation,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    backend: Backend | None = None,
) -> list[GameResult]:
    """Every game of `simulation`, in index order, on `backend` (default: `jobs` local
    processes); `progress(n)` after each n games finished."""
    runner = backend if backend is not None else ProcessBackend(jobs)
    return runner.run(_play_indices, simulation, simulation.games, progress)


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
