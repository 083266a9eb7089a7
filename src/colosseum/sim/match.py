"""One game between agents, start to finish, reproducible from its seed."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent, InvalidAgent, make_agent
from ..core.options import simulation_options
from ..core.registry import game_definition, new_game
from ..core.state import State
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
    capped: bool = False  # ended by a cap option, not by the rulebook's conditions


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


def seated(specs: Sequence[str], game_id: str) -> tuple[list[int], dict[int, Agent]]:
    """The seats people play (spec `human`) and an agent for each other seat, as the terminal
    sits a game."""
    humans = [seat for seat, spec in enumerate(specs) if spec.strip().lower() == "human"]
    agents = {
        seat: build_agent(spec, game_id) for seat, spec in enumerate(specs) if seat not in humans
    }
    return humans, agents


def agents_rng(state: State) -> random.Random:
    """The one generator the computer seats of a game at the terminal decide with."""
    return random.Random(derive_seed(state.seed or 0, "agents"))


def new_simulated_game(
    game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> State:
    """A new game for a tool that needs every game to end: a cap the options leave unset is
    set at the game's `simulation_value` (see `State.capped` for the games it ends)."""
    options = simulation_options(game_definition(game_id).info.options, options)
    return new_game(game_id, players=players, seed=seed, options=options)


def play_match(
    game_id: str,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
    agent_seed: int | None = None,
) -> GameResult:
    """Play one game with a fresh agent per seat; agents draw from one `random.Random` per game,
    seeded with `agent_seed` (default: `derive_seed(seed, "agents")`).

    A cap the options leave unset is set at the game's `simulation_value`, so the game ends.
    """
    state = new_simulated_game(game_id, len(seats), seed, options)
    agents = [build_agent(spec, game_id) for spec in seats]
    rng = random.Random(derive_seed(seed, "agents") if agent_seed is None else agent_seed)
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
        capped=state.capped(),
    )
