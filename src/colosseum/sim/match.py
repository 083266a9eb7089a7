"""One game between agents, start to finish, reproducible from its seed."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, InvalidAgent, make_agent
from ..core.registry import new_game
from .seeding import derive_seed


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game of a batch ended: who sat where, who won, how long it took."""

    index: int
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    steps: int
    decisions: tuple[int, ...] = ()  # by seat
    seconds: tuple[float, ...] = field(default=(), compare=False)  # by seat, in `choose`


def rotated(players: Sequence[str], index: int) -> list[str]:
    """The player list of game `index`: rotated by `index`, so seat s gets players[(s+i) % n]."""
    shift = index % len(players)
    return [*players[shift:], *players[:shift]]


def build_agent(spec: str, game_id: str) -> Agent:
    """`make_agent`, with a missing agent module reported as InvalidAgent."""
    if spec.strip().lower() == "human":
        raise InvalidAgent("a human cannot sit in a simulation; use computer agents")
    try:
        return make_agent(spec, game_id)
    except ImportError as error:
        raise InvalidAgent(f"agent {spec!r} is not available for {game_id}: {error}") from error


def play_match(
    game_id: str,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
) -> GameResult:
    """Play one game with a fresh agent per seat; agents draw from one `random.Random` per game."""
    state = new_game(game_id, players=len(seats), seed=seed, options=options)
    agents = [build_agent(spec, game_id) for spec in seats]
    rng = random.Random(derive_seed(seed, "agents"))
    decisions = [0] * len(seats)
    seconds = [0.0] * len(seats)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        started = time.perf_counter()
        action = agents[seat].choose(state, seat, rng)
        seconds[seat] += time.perf_counter() - started
        decisions[seat] += 1
        state.apply(action)
    return GameResult(
        index=index,
        seed=seed,
        seats=tuple(seats),
        winners=tuple(state.winners()),
        returns=tuple(state.returns()),
        steps=sum(decisions),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
    )
