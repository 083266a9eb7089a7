"""Fuzzing positions: random mutations of reachable positions are refused or play on.

Positions come from seeded games (uniform random, aggressive and heuristic players, 2-5 players,
with and without a round limit) at many points. A mutation changes a number (by one, negated,
huge, a fraction, infinite, not a number), sets a value to null, text, a flag or another
position's value, drops or adds a field, duplicates, shortens or swaps list entries, moves a
hex. A mutated position is either refused with `InvalidRecord`, or it is a game: legal actions
until the end, every seat's view, a `to_position` round trip, random play for a bounded number
of steps - and never any other exception.

Default run: 100 examples of 25 mutations each (2,500); COLOSSEUM_SOAK=1 adds 100,000.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import colosseum
from colosseum import InvalidRecord
from colosseum.agents import make_agent

from .helpers import GAME, HEXES, POLICIES

MUTATIONS_PER_EXAMPLE = 25
PLAY_STEPS = 30
Path = tuple[str | int, ...]


@cache
def reachable_positions() -> tuple[dict[str, Any], ...]:
    """Positions of seeded games every few steps, each a fresh JSON-like dict."""
    heuristic = make_agent("heuristic", GAME)
    found: list[dict[str, Any]] = []
    for seed in range(12):
        players = 2 + seed % 4
        options: dict[str, Any] = {"round_limit": (0, 4, 10)[seed % 3]}
        if seed % 2:
            options["gladiators"] = ",".join(
                map(
                    str,
                    random.Random(seed).sample(range(1, 6), players * (2 if players == 2 else 1)),
                )
            )
        state = colosseum.new_game(GAME, players=players, seed=seed, options=options)
        rnd = random.Random(seed)
        policy = ("random", "aggressive", "heuristic")[seed % 3]
        steps = 0
        while not state.is_terminal() and steps < 400:
            if policy == "heuristic":
                seat = state.current_player
                assert seat is not None
                action = heuristic.choose(state, seat, rnd)
            else:
                action = POLICIES[policy](state, rnd)
            state.apply(action)
            steps += 1
            if steps % 7 == 0 or state.is_terminal():
                found.append(state.to_position())
    return tuple(found)


def _paths(node: Any, path: Path = ()) -> list[Path]:
    """Every place in a position a mutation can reach (the root excluded)."""
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_paths(value, (*path, i)))
    return found


def _get(node: Any, path: Path) -> Any:
    for key in path:
        node = node[key]
    return node


def _odd_value(value: Any, pick: int, other: Any) -> Any:
    """A replacement for `value`, by `pick`: near or far numbers, wrong types, `other`."""
    number = value if isinstance(value, int) and not isinstance(value, bool) else 1
    choices: list[Any] = [
        number + 1,
        number - 1,
        -number,
        0,
        -1,
        2**70,
        -(2**70),
        number + 0.5,
        float(number),
        float("inf"),
        float("-inf"),
        float("nan"),
        None,
        "x",
        str(number),
        not value if isinstance(value, bool) else True,
        [],
        {},
        [value],
        other,
        random.Random(pick).choice(sorted(HEXES)),
        {"gladiator": 0, "counter": 0, "ruled_out": 0},
    ]
    return copy.deepcopy(choices[pick % len(choices)])


def mutate(position: dict[str, Any], path: Path, op: int, pick: int, donor: dict[str, Any]) -> None:
    """Apply mutation `op` at `path` (in place)."""
    parent = _get(position, path[:-1])
    key = path[-1]
    value = parent[key]
    if op == 0 and isinstance(parent, dict):
        del parent[key]
    elif op == 1 and isinstance(parent, dict):
        parent[f"unknown_{pick % 3}"] = value
    elif op == 2 and isinstance(value, list) and value:
        value.append(copy.deepcopy(value[pick % len(value)]))
    elif op == 3 and isinstance(value, list) and value:
        value.pop(pick % len(value))
    elif op == 4 and isinstance(value, list) and len(value) > 1:
        i, j = pick % len(value), (pick // 7) % len(value)
        value[i], value[j] = value[j], value[i]
    else:
        try:
            other = copy.deepcopy(_get(donor, path))
        except (KeyError, IndexError, TypeError):
            other = None
        parent[key] = _odd_value(value, pick, other)


def play_on(state: colosseum.State, seed: int) -> None:
    """An accepted position is a game: decisions until the end, views, round trips, play."""
    rnd = random.Random(seed)
    for _ in range(PLAY_STEPS):
        legal = state.legal_actions()
        assert bool(legal) != state.is_terminal(), "legal actions until, and only until, the end"
        for seat in [*range(state.num_players), None]:
            state.view(seat)
        position = state.to_position()
        assert colosseum.from_position(GAME, position).to_position() == position
        if not legal:
            return
        state.apply(legal[rnd.randrange(len(legal))])


def _fuzz(data: st.DataObject) -> tuple[int, int]:
    """One example: MUTATIONS_PER_EXAMPLE mutated positions; (refused, accepted)."""
    pool = reachable_positions()
    refused = accepted = 0
    for _ in range(MUTATIONS_PER_EXAMPLE):
        base = pool[data.draw(st.integers(0, len(pool) - 1), label="position")]
        donor = pool[data.draw(st.integers(0, len(pool) - 1), label="donor")]
        position = copy.deepcopy(base)
        for _ in range(data.draw(st.integers(1, 3), label="stacked")):
            paths = _paths(position)
            if not paths:
                break
            path = data.draw(st.sampled_from(paths), label="path")
            op = data.draw(st.integers(0, 6), label="op")
            pick = data.draw(st.integers(0, 10_000), label="pick")
            mutate(position, path, op, pick, donor)
        try:
            state = colosseum.from_position(GAME, position)
        except InvalidRecord:
            refused += 1
            continue
        accepted += 1
        play_on(state, data.draw(st.integers(0, 2**32), label="play"))
    return refused, accepted


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_positions_are_refused_or_play_on(data: st.DataObject) -> None:
    _fuzz(data)


@pytest.mark.soak
@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_soak_mutated_positions_are_refused_or_play_on(data: st.DataObject) -> None:
    _fuzz(data)


def test_mutations_reach_both_outcomes() -> None:
    """The fuzzing is not vacuous: over a fixed sample some mutations are refused and some
    (a life point less, a hex moved, a counter's code) are accepted and played on."""
    pool = reachable_positions()
    rnd = random.Random(7)
    refused = accepted = 0
    for _ in range(400):
        position = copy.deepcopy(rnd.choice(pool))
        path = rnd.choice(_paths(position))
        mutate(position, path, rnd.randrange(7), rnd.randrange(10_000), rnd.choice(pool))
        try:
            state = colosseum.from_position(GAME, position)
        except InvalidRecord:
            refused += 1
            continue
        accepted += 1
        play_on(state, rnd.randrange(2**32))
    assert refused > 100 and accepted > 20, (refused, accepted)
