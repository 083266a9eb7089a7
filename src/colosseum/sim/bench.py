"""Engine throughput on one core: random playouts (legal_actions + apply) and clones."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core.registry import game_definition
from ..core.state import State
from .match import new_simulated_game
from .seeding import derive_seed

_KEPT_STATES = 64
_CLONE_BATCH = 256


@dataclass(frozen=True, slots=True)
class BenchResult:
    """Throughput of one game: steps, games and clones per second, and what was measured."""

    game: str
    players: int
    steps_per_s: float
    games_per_s: float
    clones_per_s: float
    games: int
    steps: int
    clones: int
    seconds: float
    capped: int = 0


def _playout(state: State, rng: random.Random, keep: list[State]) -> int:
    """Play `state` to its end with uniformly random actions; keep one mid-game clone."""
    steps = 0
    keep_at = rng.randrange(1, 200)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        if steps == keep_at and not state.is_terminal() and len(keep) < _KEPT_STATES:
            keep.append(state.clone())
    return steps


def bench_game(game_id: str, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    """Measure `game_id` for about `seconds`: two thirds random playouts, one third clones.

    Playouts run whole games (at least one), so steps/s and games/s describe the same games;
    each game carries the game's cap at its simulation value, and `capped` counts those it ended.
    """
    info = game_definition(game_id).info
    rng = random.Random(seed)
    kept: list[State] = []
    games = steps = capped = 0
    started = time.perf_counter()
    while games == 0 or time.perf_counter() - started < seconds * 2 / 3:
        state = new_simulated_game(info.id, info.min_players, derive_seed(seed, games))
        steps += _playout(state, rng, kept)
        capped += state.capped()
        games += 1
    playout_time = time.perf_counter() - started
    if not kept:
        kept.append(new_simulated_game(info.id, info.min_players, seed))
    clones = 0
    started = time.perf_counter()
    while clones == 0 or time.perf_counter() - started < seconds / 3:
        for i in range(_CLONE_BATCH):
            kept[i % len(kept)].clone()
        clones += _CLONE_BATCH
    clone_time = time.perf_counter() - started
    return BenchResult(
        game=info.id,
        players=info.min_players,
        steps_per_s=steps / playout_time,
        games_per_s=games / playout_time,
        clones_per_s=clones / clone_time,
        games=games,
        steps=steps,
        clones=clones,
        seconds=playout_time + clone_time,
        capped=capped,
    )
