"""Agents by name, with parameters: `random`, `heuristic`, `name:key=value,key=value`."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..core.errors import ColosseumError
from ..core.registry import game_definition
from .base import Agent, RandomAgent

# game id -> "module:Class" of its heuristic agent, imported on first use.
_HEURISTICS = {
    "jugula": "colosseum.agents.heuristic.jugula:JugulaHeuristic",
    "ludi-gladiatorii": "colosseum.agents.heuristic.ludi_gladiatorii:LudiHeuristic",
    "ludus-gladiatorius": "colosseum.agents.heuristic.ludus_gladiatorius:LudusHeuristic",
}

AGENT_NAMES = ("random", "heuristic")


class InvalidAgent(ColosseumError, ValueError):
    """An agent name or parameter that does not exist for this game."""


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"name:key=value,key=value"` into the name and its parameters (values still text)."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InvalidAgent(f"agent parameter {pair!r} in {spec!r} is not key=value")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def _heuristic_factory(game_id: str) -> Callable[[], Agent]:
    target = _HEURISTICS.get(game_id)
    if target is None:
        raise InvalidAgent(f"no heuristic agent for {game_id} yet")
    module, _, cls = target.partition(":")
    factory: Callable[[], Agent] = getattr(importlib.import_module(module), cls)
    return factory


def make_agent(spec: str, game_id: str) -> Agent:
    """The agent `spec` names for `game_id` (an id or alias); InvalidAgent lists what exists."""
    game = game_definition(game_id).info.id
    name, params = parse_agent_spec(spec)
    if name == "random":
        agent: Agent = RandomAgent()
    elif name == "heuristic":
        agent = _heuristic_factory(game)()
    else:
        raise InvalidAgent(f"unknown agent {name!r} (agents: {', '.join(AGENT_NAMES)})")
    if params:
        raise InvalidAgent(f"agent {name!r} takes no parameters, got {', '.join(params)}")
    return agent
