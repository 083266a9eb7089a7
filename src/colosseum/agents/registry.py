"""Agents by name, with parameters: `random`, `heuristic`, `name:key=value,key=value`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..core.errors import ColosseumError
from ..core.registry import game_definition
from .base import Agent, RandomAgent
from .ismcts import LEVELS, ISMCTSAgent

AGENT_NAMES = ("random", "heuristic", "ismcts", *LEVELS)
MASTER_PRIOR = 0.8  # PUCT's weight on the policy where the game's defaults give none (chosen)
if TYPE_CHECKING:
    from .guides import LearnedGuide

T = TypeVar("T", int, float)


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
    """The game's heuristic agent class (its definition's `heuristic` hook), imported on
    first use."""
    path = game_definition(game_id).heuristic
    if path is None:
        raise InvalidAgent(f"no heuristic agent for {game_id} yet")
    factory: Callable[[], Agent] = importlib.import_module(path).HEURISTIC
    return factory


def make_agent(spec: str, game_id: str) -> Agent:
    """The agent `spec` names for `game_id` (an id or alias); InvalidAgent lists what exists."""
    game = game_definition(game_id).info.id
    name, params = parse_agent_spec(spec)
    if name == "master":
        if params:
            raise InvalidAgent("level 'master' takes no parameters")
        return _master(game)
    if name in LEVELS:
        if params:
            raise InvalidAgent(f"level {name!r} takes no parameters; use ismcts:key=value")
        return _ismcts(game, {"level": name})
    if name == "ismcts":
        return _ismcts(game, params)
    if name == "random":
        agent: Agent = RandomAgent()
    elif name == "heuristic":
        agent = _heuristic_factory(game)()
    else:
        raise InvalidAgent(f"unknown agent {name!r} (agents: {', '.join(AGENT_NAMES)})")
    if params:
        raise InvalidAgent(f"agent {name!r} takes no parameters, got {', '.join(params)}")
    return agent


_ISMCTS_PARAMETERS = (
    "iterations",
    "seconds",
    "c",
    "rollout",
    "policy",
    "prior",
    "guide",
    "observers",
    "belief",
    "level",
)


def _ismcts(game: str, params: dict[str, str]) -> ISMCTSAgent:
    """`ismcts:iterations=2000`, `ismcts:seconds=1`, `ismcts:level=hard`, `c=1`, `rollout=40`
    (rollout decisions before the game's evaluation; negative: play rollouts to the end;
    `round`: to the end of the round the rollout starts in, in games with rounds),
    `policy=heuristic|random` (the rollouts' player), `prior=0.8` (PUCT's weight on the
    policy's guidance; 0: plain UCB1), `guide=move|scores` (the guidance: all on the move the
    policy would play, or spread by the policy's scores of every move), `observers=single|multi`
    (one tree from the searcher's side, or one per seat following what each saw),
    `belief=even|guide|sharp` (guess hidden things evenly, or weighed by how the guide
    would have chosen them, at its own temperature or a sharper one, in games whose `search`
    hook gives a belief, `core/search.py`). Unset ones take the game's `DEFAULTS`; without a
    budget or level, the `normal` level's."""
    # The games' search modules load their game's data: only when a search is made.
    from .beliefs import has_belief, named_belief
    from .search_hooks import defaults_of, evaluation_of, rounds_of

    unknown = sorted(set(params) - set(_ISMCTS_PARAMETERS))
    if unknown:
        raise InvalidAgent(
            f"ismcts has no parameter {unknown[0]!r} (parameters: {', '.join(_ISMCTS_PARAMETERS)})"
        )
    level = params.get("level")
    if level is not None and level not in LEVELS:
        raise InvalidAgent(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    if level == "master":
        raise InvalidAgent("level master searches with its learned guide: name it alone, master")
    budget = LEVELS[level or "normal"]  # a bare `ismcts` searches like `normal`
    iterations: float | None = _number(params, "iterations", int)
    seconds = _number(params, "seconds", float)
    if iterations is None and seconds is None:
        iterations = budget.get("iterations")
        seconds = budget.get("seconds")
    defaults = defaults_of(game)
    progress = rounds_of(game)
    rollout = params.get("rollout", str(defaults.rollout))
    rounds = None
    if rollout == "round":
        if progress is None:
            raise InvalidAgent(f"ismcts rollout=round: {game} has no round counter to stop at")
        rounds, steps = 1, -1
    else:
        steps = _number({"rollout": rollout}, "rollout", int) or 0
    exploration = _number(params, "c", float)
    policy_name = params.get("policy", defaults.policy)
    if policy_name not in ("random", "heuristic"):
        raise InvalidAgent(f"ismcts policy {policy_name!r} is not random or heuristic")
    prior = _number(params, "prior", float)
    if prior is None:
        prior = defaults.prior
    guide = params.get("guide", defaults.guide)
    if guide not in ("move", "scores"):
        raise InvalidAgent(f"ismcts guide {guide!r} is not move or scores")
    observers = params.get("observers", defaults.observers)
    if observers not in ("single", "multi"):
        raise InvalidAgent(f"ismcts observers {observers!r} is not single or multi")
    belief = params.get("belief", defaults.belief)
    if belief not in ("even", "guide", "sharp"):
        raise InvalidAgent(f"ismcts belief {belief!r} is not even, guide or sharp")
    if belief != "even" and not has_belief(game):
        raise InvalidAgent(f"ismcts belief={belief}: {game} has no belief to weigh guesses by")
    try:
        return ISMCTSAgent(
            iterations=None if iterations is None else int(iterations),
            seconds=seconds,
            exploration=defaults.exploration if exploration is None else exploration,
            rollout_steps=steps if steps >= 0 else None,
            evaluation=evaluation_of(game),
            rollout_rounds=rounds,
            progress=progress,
            policy=_heuristic_factory(game)() if policy_name == "heuristic" else None,
            prior=prior or None,
            scores=guide == "scores",
            multi_observer=observers == "multi",
            belief=named_belief(game, belief),
        )
    except ValueError as error:
        raise InvalidAgent(f"ismcts: {error}") from None


def _master(game: str) -> ISMCTSAgent:
    """The `master` level: the search guided by the game's learned networks (numpy needed)."""
    try:
        import numpy  # noqa: F401  (the guides' arithmetic)
    except ImportError:
        raise InvalidAgent("level master needs numpy: pip install 'colosseum[rl]'") from None
    from .guides import shipped_guide
    from .search_hooks import search_module

    if getattr(search_module(game), "GUIDE", None) is None:
        raise InvalidAgent(f"level master: {game} has no learned guide yet")
    return master_search(game, shipped_guide(game))


def master_search(
    game: str,
    guide: LearnedGuide,
    iterations: int | None = None,
    seconds: float | None = None,
    value: bool = False,
) -> ISMCTSAgent:
    """The `master` level's search of `game` with `guide` (agents/guides.py): the game's own
    search (its rollouts, trees and beliefs), with PUCT's prior the mean of the policy
    network's shares of the legal actions and the heuristic's. With `value`, a rollout cut
    short is scored by the mean of the value network and the game's evaluation (as the
    self-play of `colosseum train` scores it); the level leaves the value network out while
    it predicts no better than a coin (docs/agents.md). Without a budget, the level's."""
    from .guides import MixedGuide

    agent = _ismcts(game, {})
    if iterations is None and seconds is None:
        seconds = LEVELS["master"]["seconds"]
    agent.iterations, agent.seconds = iterations, seconds
    heuristic = agent.policy
    agent.guide = guide if heuristic is None else MixedGuide(guide, heuristic)
    agent.scores = True
    agent.prior = agent.prior or MASTER_PRIOR
    if value:
        agent.evaluation = guide.blended(agent.evaluation)
    return agent


def _number(params: dict[str, str], key: str, kind: type[T]) -> T | None:
    """Parameter `key` as an int or float, None if absent; InvalidAgent if it is not one."""
    text = params.get(key)
    if text is None:
        return None
    try:
        return kind(text)
    except ValueError:
        wanted = "a whole number" if kind is int else "a number"
        raise InvalidAgent(f"ismcts parameter {key}={text!r} is not {wanted}") from None
