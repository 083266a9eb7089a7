"""Fuzzing Jugula positions: random mutations of positions real play reaches.

Each mutated position is either refused with InvalidRecord or, if accepted, plays on without
any other exception: legal actions until the end, every view, and a round trip through
`to_position`. The positions come from seeded random and heuristic games at two and four
lanistae, the simple variant and familiae chosen in the game; the mutations change a number,
negate it, put a huge number, a float, infinity, null or a string in its place, drop a field,
shorten or lengthen a list, move a card between piles, add an unknown field. The default run
tries a little over 2,000 mutations; COLOSSEUM_SOAK=1 many more.
"""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import colosseum
from colosseum.agents import make_agent
from colosseum.core.errors import InvalidRecord
from colosseum.games.jugula.state import JugulaState

PER_EXAMPLE = 110  # mutations per Hypothesis example: 20 examples (the ci profile) > 2,000
PLAY_STEPS = 6
PILES = ("hand", "deck", "discard", "aside", "removed", "in_play", "shown")
Json = Any


@cache
def pool() -> tuple[str, ...]:
    """Positions (as JSON text) from seeded games at several points of their course."""
    found: list[str] = []
    games: list[tuple[int, int, dict[str, object], str, tuple[int, ...]]] = [
        (
            2,
            11,
            {
                "familiae": "sagittarius+dodge,thraex+aware,laquearius,murmillo+resilient/"
                "retiarius+dodge,secutor+sturdy,veles+aware,crupellarius+tough"
            },
            "random",
            (3, 30, 90, 200),
        ),
        (2, 17, {}, "random", (100, 250)),
        (2, 12, {"simple": True}, "random", (20, 80)),
        (4, 13, {}, "random", (10, 60, 150)),
        (3, 14, {"familiae": "chosen"}, "random", (2, 40)),
        (2, 15, {"familiae": "chosen", "vox": "9,10"}, "heuristic", (12, 60)),
        (4, 16, {"prima": "audacia/fatalitas/formido/"}, "heuristic", (30,)),
    ]
    decisions: set[str] = set()  # and the first position at each kind of decision
    for players, seed, options, policy, stops in games:
        state = colosseum.new_game(
            "jugula", players=players, seed=seed, options={"turn_limit": 150, **options}
        )
        agent = make_agent(policy, "jugula")
        rng = random.Random(seed)
        for step in range(max(stops) + 1):
            if state.is_terminal():
                break
            decision = str(state.view(None)["decision"])
            if step in stops or decision not in decisions:
                decisions.add(decision)
                found.append(json.dumps(state.to_position()))
            seat = state.current_player
            assert seat is not None
            state.apply(agent.choose(state, seat, rng))
        found.append(json.dumps(state.to_position()))
    return tuple(found)


def _nodes(node: Json, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in the position (to a dict value or a list item), the root excluded."""
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _nodes(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _nodes(value, (*path, i))
    return found


def _parent(position: Json, path: tuple[Any, ...]) -> Json:
    node = position
    for key in path[:-1]:
        node = node[key]
    return node


def _replace(value: Json, rng: random.Random) -> Json:
    """Another value for a leaf: a nearby or far number, its negation, another type."""
    if isinstance(value, bool):
        return rng.choice([not value, 1, None, "true"])
    if isinstance(value, int):
        return rng.choice(
            [
                value + 1,
                value - 1,
                -value,
                -1,
                0,
                rng.randrange(-3, 70),
                10**30,
                -(2**64),
                float(value) + 0.5,
                float("inf"),
                float("nan"),
                None,
                str(value),
                [value],
            ]
        )
    if isinstance(value, str):
        return rng.choice(["", "x", value + "²", 7, None])
    return rng.choice([None, 0, "x", {}, []])


def _move_card(position: Json, rng: random.Random) -> None:
    """A card of one pile of a seat moved to another pile of the same seat (or another's)."""
    seat = rng.randrange(len(position["hand"]))
    sources = [p for p in PILES if position[p][seat]]
    if not sources:
        return
    source = rng.choice(sources)
    card = position[source][seat].pop(rng.randrange(len(position[source][seat])))
    target = rng.choice(PILES)
    where = seat if rng.random() < 0.85 else rng.randrange(len(position["hand"]))
    position[target][where].insert(rng.randrange(len(position[target][where]) + 1), card)


def mutate(position: Json, rng: random.Random) -> None:
    """One random mutation, in place."""
    kind = rng.random()
    if kind < 0.15:
        _move_card(position, rng)
        return
    if kind < 0.18:
        position[rng.choice(["colour", "extra", "turn"])] = rng.choice([1, "x", None])
        return
    path = rng.choice(_nodes(position))
    parent = _parent(position, path)
    key = path[-1]
    value = parent[key]
    roll = rng.random()
    if isinstance(value, list) and roll < 0.4:
        if value and rng.random() < 0.5:
            value.pop(rng.randrange(len(value)))
        elif value:
            value.insert(rng.randrange(len(value) + 1), json.loads(json.dumps(rng.choice(value))))
        else:
            value.append(rng.randrange(-1, 30))
    elif isinstance(parent, dict) and roll < 0.5:
        del parent[key]
    else:
        parent[key] = _replace(value, rng)


def plays_on(state: colosseum.State, rng: random.Random) -> None:
    """An accepted position keeps every promise of the contract for a few actions."""
    assert isinstance(state, JugulaState)
    for _ in range(PLAY_STEPS):
        for seat in [None, *range(state.num_players)]:
            json.dumps(state.view(seat))
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, "no legal action in a game in progress"
        state.apply(legal[rng.randrange(len(legal))])
    position = state.to_position()
    again = colosseum.from_position("jugula", json.loads(json.dumps(position)))
    assert again.to_position() == position


def check_mutations(seed: int, count: int) -> tuple[int, int]:
    """`count` mutations of positions of the pool; (accepted, refused)."""
    rng = random.Random(seed)
    positions = pool()
    accepted = refused = 0
    for _ in range(count):
        position = json.loads(rng.choice(positions))
        for _ in range(1 if rng.random() < 0.8 else rng.randrange(2, 5)):
            # an earlier mutation may have broken what this one reaches for: keep that one
            with contextlib.suppress(AttributeError, KeyError, IndexError, TypeError, ValueError):
                mutate(position, rng)
        try:
            state = colosseum.from_position("jugula", position)
        except InvalidRecord:
            refused += 1
            continue
        accepted += 1
        plays_on(state, rng)
    return accepted, refused


@settings(deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_mutated_positions_are_refused_or_play_on(seed: int) -> None:
    """Positions that cannot be are refused with InvalidRecord; any other one plays on."""
    check_mutations(seed, PER_EXAMPLE)


@pytest.mark.parametrize(
    ("seed", "count"),
    [
        (1624760948, 200),  # an effects choice given to a lanista with no card in play
        (11220843, 100),  # the defender's commit twice: one card drawn into nowhere
    ],
)
def test_positions_the_soak_found_are_refused_or_play_on(seed: int, count: int) -> None:
    """Mutations once accepted that then failed in play: now refused, or playing on."""
    check_mutations(seed, count)


def test_the_mutations_are_not_all_refused() -> None:
    """The fuzz reaches play: some mutations (a card moved, a counter changed) are positions
    the rules allow, and those play on."""
    accepted, refused = check_mutations(1, 300)
    assert accepted > 20 and refused > 100


@pytest.mark.soak
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_soak_many_mutated_positions(seed: int) -> None:
    """The same property, with many more mutations (COLOSSEUM_SOAK=1)."""
    check_mutations(seed, 10 * PER_EXAMPLE)
