"""Balance of a game's card data: paired games between agents, and who wins with what.

A balance run plays `deals` deals, each from every seat rotation: with n agents, games
kn … kn+n-1 share one game seed (`derive_seed(seed, "balance", k)`) and seat the agent list
rotated by 0 … n-1; their agents draw from `derive_seed(game seed, "agents", rotation)`, so the
rotations of a deal differ in the agents' draws even when one agent sits in every seat. Each
game records what each seat held (the game's `balance` hook), and the report gives, per category and
name, the share of the seat-games holding it that were won — with a 95% Wilson score interval —
against the even share 1/n; the win share of each seat; the distribution of game lengths; how
many games a cap ended.

The intervals count each seat-game as an independent trial; the seats of one game and the
rotations of one deal are not quite independent, so read them as a little narrow.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Event
from ..core.balance import DEFAULT_LENGTH, Collector, no_features
from ..core.options import OptionValue
from ..core.registry import game_definition
from .backends import Backend, ProcessBackend, ProgressCallback
from .match import build_agent, new_simulated_game, rotated
from .seeding import derive_seed

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


@dataclass(frozen=True, slots=True)
class BalancePlan:
    """`deals` deals of `game_id`, each played from every rotation of `agents` (agent specs)."""

    game_id: str
    agents: tuple[str, ...]
    deals: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.agents)

    @property
    def total_games(self) -> int:
        return self.deals * self.players

    def seats(self, index: int) -> tuple[str, ...]:
        return tuple(rotated(self.agents, index))

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, "balance", index // self.players)

    def agent_seed(self, index: int) -> int:
        return derive_seed(self.game_seed(index), "agents", index % self.players)


def balance_hooks(game_id: str) -> tuple[Collector, tuple[str, str]]:
    """The game's `features` and `LENGTH` (its definition's `balance` hook, `core.balance`),
    or seats alone and rounds for a game without one."""
    path = game_definition(game_id).balance
    if path is None:
        return no_features, DEFAULT_LENGTH
    module = importlib.import_module(path)
    return module.features, tuple(getattr(module, "LENGTH", DEFAULT_LENGTH))


def deals_for(games: int, players: int) -> int:
    """The deals that give at least `games` games, each deal played `players` times."""
    return max(1, math.ceil(games / players))


@dataclass(frozen=True, slots=True)
class BalanceGame:
    """One finished game: seats, points by seat, length, and what each seat held."""

    index: int
    seed: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    steps: int
    length: int
    capped: bool
    held: tuple[tuple[tuple[str, str], ...], ...]  # by seat: (category, name), sorted


def play_balance_game(plan: BalancePlan, index: int) -> BalanceGame:
    """Game `index` of `plan`, with the events it emitted read for what each seat held."""
    seed = plan.game_seed(index)
    seats = plan.seats(index)
    state = new_simulated_game(plan.game_id, plan.players, seed, plan.options)
    agents = [build_agent(spec, plan.game_id) for spec in seats]
    rng = random.Random(plan.agent_seed(index))
    first = state.view(None)
    events: list[Event] = []
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        events.extend(state.apply(agents[seat].choose(state, seat, rng)))
        steps += 1
    last = state.view(None)
    collect, (key, _) = balance_hooks(plan.game_id)
    held = collect(first, events, last)
    return BalanceGame(
        index=index,
        seed=seed,
        seats=seats,
        returns=tuple(state.returns()),
        steps=steps,
        length=int(last.get(key) or 0),
        capped=state.capped(),
        held=tuple(tuple(sorted(items)) for items in held),
    )


def _play_indices(plan: BalancePlan, indices: Sequence[int]) -> list[BalanceGame]:
    """Play the games numbered `indices` (runs in a worker; builds its own agents)."""
    return [play_balance_game(plan, index) for index in indices]


def run_balance(
    plan: BalancePlan,
    backend: Backend | None = None,
    progress: ProgressCallback | None = None,
) -> list[BalanceGame]:
    """Every game of `plan`, in index order, on `backend` (default: this process)."""
    runner = backend if backend is not None else ProcessBackend(1)
    return runner.run(_play_indices, plan, plan.total_games, progress)


# --- the numbers ------------------------------------------------------------------------------


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share `wins`/`games` (Wilson 1927); (0, 1) for no games."""
    if games <= 0:
        return (0.0, 1.0)
    share = wins / games
    factor = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / factor
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / factor
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": round(wins, 4),
        "win_share": round(wins / games, 4) if games else None,
        "interval": [round(low, 4), round(high, 4)],
    }


def _distribution(values: Sequence[int]) -> dict[str, Any]:
    ordered = sorted(values)
    count = len(ordered)

    def quantile(share: float) -> int:
        return ordered[min(count - 1, int(share * count))]

    return {
        "mean": round(sum(ordered) / count, 3),
        "min": ordered[0],
        "median": quantile(0.5),
        "p90": quantile(0.9),
        "max": ordered[-1],
        "counts": {str(value): n for value, n in sorted(Counter(ordered).items())},
    }


def summarize_balance(
    plan: BalancePlan, results: Sequence[BalanceGame], seconds: float
) -> dict[str, Any]:
    """The report's numbers (report.json; see docs/cli.md, `colosseum balance`)."""
    info = game_definition(plan.game_id).info
    count = len(results)
    seat_points = [0.0] * plan.players
    agent_points: dict[str, float] = {}
    agent_games: Counter[str] = Counter()
    held_points: dict[str, dict[str, float]] = {}
    held_games: dict[str, Counter[str]] = {}
    for game in results:
        for seat, (spec, points, items) in enumerate(
            zip(game.seats, game.returns, game.held, strict=True)
        ):
            seat_points[seat] += points
            agent_points[spec] = agent_points.get(spec, 0.0) + points
            agent_games[spec] += 1
            for category, name in items:
                earned = held_points.setdefault(category, {})
                earned[name] = earned.get(name, 0.0) + points
                held_games.setdefault(category, Counter())[name] += 1
    categories = {
        category: {
            name: _rate(held_points[category][name], games)
            for name, games in sorted(held_games[category].items())
        }
        for category in sorted(held_games)
    }
    _, (_, unit) = balance_hooks(plan.game_id)
    capped = sum(1 for game in results if game.capped)
    draws = sum(1 for game in results if sum(1 for r in game.returns if r > 0) != 1)
    return {
        "game": plan.game_id,
        "title": info.title,
        "games": count,
        "deals": plan.deals,
        "players": plan.players,
        "agents": list(plan.agents),
        "seed": plan.seed,
        "options": dict(plan.options),
        "even_share": round(1 / plan.players, 4),
        "seat": [_rate(points, count) for points in seat_points],
        "agent": {spec: _rate(agent_points[spec], agent_games[spec]) for spec in agent_games},
        "categories": categories,
        "length_unit": unit,
        "length": _distribution([game.length for game in results]),
        "steps": _distribution([game.steps for game in results]),
        "capped": _rate(capped, count) | {"games_capped": capped},
        "draws": draws,
        "seconds": round(seconds, 3),
    }


def balance(
    plan: BalancePlan, backend: Backend | None = None, progress: ProgressCallback | None = None
) -> dict[str, Any]:
    """Play `plan` on `backend` and return its report's numbers."""
    started = time.perf_counter()
    results = run_balance(plan, backend, progress)
    return summarize_balance(plan, results, time.perf_counter() - started)
