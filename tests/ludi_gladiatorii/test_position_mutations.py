"""Fuzzing positions: a mutated reachable position is refused or plays on (Hypothesis).

Reachable positions come from seeded random and heuristic games under several option sets
(the basic game, every expansion, module and variant, random subsets), taken at various
points. Each mutation changes one to three things (a number changed, negated, made huge, a
float, inf, nan, None, a string; a field dropped or added; a list shortened, duplicated,
shuffled; a card moved between piles; a flag flipped; another phase or seat; another RNG, a
face-down pile reordered, a gladiator turned). The property:
`colosseum.from_position` either refuses the result with InvalidRecord, or the state it
accepts plays on — legal actions until the end, random legal actions applied, `view` for every
seat and the spectator, the `to_position` round trip — without any other exception.

Default run: 20 examples x 100 mutations (2,000), a few seconds. With COLOSSEUM_SOAK=1 the
`soak` test runs 200 x 250 more.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import colosseum
from colosseum import InvalidRecord
from colosseum.games.ludi_gladiatorii.heuristic import LudiHeuristic

from .helpers import ALL_OPTIONS, GAME

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (4, {}),
    (3, dict(ALL_OPTIONS)),
    (5, dict(ALL_OPTIONS)),
    (2, {"combat_decision": True, "simultaneous_auctions": True, "historiae": True}),
    (3, {"champions": True, "public_favor": True, "magistri_arenae": True}),
    (4, {"building_selection": True, "combat_reserve": True, "decimatio_auctions": True}),
    (2, {"building_draft": True, "wager_auctions": True, "quintus_ludus": True}),
]
SNAPSHOTS = (0, 7, 25, 60, 120)
CARD_LISTS = (
    "centre_buildings",
    "building_deck",
    "centre_novices",
    "veteran_pile",
    "veteran_discard",
    "combat_pile",
    "combat_discard",
    "event_pile",
    "event_discard",
    "draft_pool",
)
WEIRD: list[Any] = [
    10**12,
    -(10**12),
    2**64,
    -1,
    1.5,
    float("inf"),
    float("-inf"),
    float("nan"),
    None,
    "x",
    "",
    True,
    False,
    [],
    {},
    [0, 0],
]
PHASE_NAMES = ("main", "start", "use", "bid", "favor", "infirmary", "discard", "over", "draft")


def _bases() -> list[dict[str, Any]]:
    """Positions of seeded games (random and heuristic players) at several points."""
    found: list[dict[str, Any]] = []
    for k, (players, options) in enumerate(OPTION_SETS):
        for policy in ("random", "heuristic"):
            seed = 11 * k + (policy == "heuristic")
            state = colosseum.new_game(
                GAME, players=players, seed=seed, options=dict(options, round_limit=15)
            )
            rnd = random.Random(seed)
            agent = LudiHeuristic()
            for step in range(max(SNAPSHOTS) + 1):
                if step in SNAPSHOTS or rnd.random() < 0.02:
                    found.append(state.to_position())
                if state.is_terminal():
                    found.append(state.to_position())
                    break
                if policy == "random":
                    actions = state.legal_actions()
                    state.apply(actions[rnd.randrange(len(actions))])
                else:
                    state.apply(agent.choose(state, state.current_player, rnd))
    return found


BASES = _bases()


def _pick_path(position: dict[str, Any], rnd: random.Random) -> tuple[Any, ...]:
    """A path into the position: a top-level field, then down into it at random (each field
    equally likely, however long its lists)."""
    path: tuple[Any, ...] = (rnd.choice(list(position)),)
    value = position[path[0]]
    while isinstance(value, dict | list) and value and rnd.random() < 0.6:
        key = rnd.choice(list(value)) if isinstance(value, dict) else rnd.randrange(len(value))
        path, value = (*path, key), value[key]
    return path


def _at(position: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        position = position[part]
    return position


def _mutate_once(p: dict[str, Any], rnd: random.Random) -> None:
    path = _pick_path(p, rnd)
    parent, key = _at(p, path[:-1]), path[-1]
    value = parent[key]
    op = rnd.randrange(14)
    if op == 0 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = rnd.choice([value + 1, value - 1, -value, value * 2, 0, -1])
    elif op == 1:
        parent[key] = copy.deepcopy(rnd.choice(WEIRD))
    elif op == 2 and isinstance(parent, dict):
        del parent[key]
    elif op == 3 and isinstance(parent, dict):
        parent["unknown_" + str(rnd.randrange(3))] = rnd.choice([0, "x", None])
    elif op == 4 and isinstance(value, list) and value:
        value.append(copy.deepcopy(rnd.choice(value)))
    elif op == 5 and isinstance(value, list) and value:
        value.pop(rnd.randrange(len(value)))
    elif op == 6 and isinstance(value, list):
        rnd.shuffle(value)
    elif op == 7:
        _move_card(p, rnd)
    elif op == 8 and isinstance(value, bool):
        parent[key] = not value
    elif op == 9:
        p["phase"] = rnd.choice(PHASE_NAMES)
    elif op == 10:
        p[rnd.choice(["active", "decider", "start_seat"])] = rnd.randrange(-1, 6)
    elif op >= 11:
        _plausible(p, rnd)
    else:
        parent[key] = copy.deepcopy(rnd.choice(WEIRD))


def _plausible(p: dict[str, Any], rnd: random.Random) -> None:
    """A change a real game could show: another generator, another order of a face-down
    pile, a gladiator of a ludus turned or straightened."""
    choice = rnd.randrange(3)
    if choice == 0 and "rng" in p:
        p["rng"] = rnd.getrandbits(64)
    elif choice == 1:
        pile = p.get(rnd.choice(["veteran_pile", "combat_pile", "event_pile", "building_deck"]))
        if isinstance(pile, list):
            rnd.shuffle(pile)
    elif isinstance(p.get("gladiators"), list) and isinstance(p.get("turned"), list):
        owned = [g for cards in p["gladiators"] if isinstance(cards, list) for g in cards]
        if owned:
            card = rnd.choice(owned)
            if isinstance(card, int) and 0 <= card < len(p["turned"]):
                p["turned"][card] = not p["turned"][card]


def _move_card(p: dict[str, Any], rnd: random.Random) -> None:
    """A card id taken from one pile (or a ludus, or a hand) and put in another."""
    lists = [name for name in CARD_LISTS if isinstance(p.get(name), list)]
    nested = [
        (name, i)
        for name in ("gladiators", "buildings", "hands")
        if isinstance(p.get(name), list)
        for i in range(len(p[name]))
        if isinstance(p[name][i], list)
    ]
    places = [p[name] for name in lists] + [p[name][i] for name, i in nested]
    sources = [place for place in places if place]
    if not sources:
        return
    source = rnd.choice(sources)
    card = source.pop(rnd.randrange(len(source)))
    rnd.choice(places).append(card)


def mutate(base: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    position = copy.deepcopy(base)
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        _mutate_once(position, rnd)
    return position


def play_on(state: colosseum.State, rnd: random.Random, steps: int = 20) -> None:
    """An accepted position is a playable game: views, round trip, legal actions, play."""
    seats: list[int | None] = [*range(state.num_players), None]
    for _ in range(steps):
        position = state.to_position()
        again = colosseum.from_position(GAME, json.loads(json.dumps(position)))
        assert again.to_position() == position
        for seat in seats:
            json.dumps(state.view(seat))
        legal = state.legal_actions()
        if state.is_terminal():
            assert legal == [] and state.winners()
            return
        assert legal, f"no legal action in phase {position['phase']}"
        state.apply(legal[rnd.randrange(len(legal))])


def check_mutations(seed: int, count: int) -> tuple[int, int]:
    """`count` mutations of the bases; (accepted, refused)."""
    rnd = random.Random(seed)
    accepted = refused = 0
    for _ in range(count):
        position = mutate(rnd.choice(BASES), rnd)
        try:
            state = colosseum.from_position(GAME, position)
        except InvalidRecord:
            refused += 1
            continue
        accepted += 1
        play_on(state, rnd)
    return accepted, refused


def test_mutation_bases_cover_many_phases_and_options() -> None:
    phases = {p["phase"] for p in BASES}
    assert {"main", "draft", "over"} <= phases and len(phases) >= 6, phases
    assert len(BASES) >= 60


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
@example(seed=428522171)  # a game won by a combat's point: its revealed card was lost
def test_position_format_mutated_positions_are_refused_or_play_on(seed: int) -> None:
    """The position format: whatever a file holds, `from_position` refuses it with
    InvalidRecord naming the field or returns a game that plays on (100 mutations each)."""
    accepted, refused = check_mutations(seed, 100)
    assert accepted + refused == 100


def test_position_format_mutations_are_often_accepted() -> None:
    """The mutations are not all refused: harmless ones (a flag, a pile's order, the RNG)
    give games that play on, so the property tests both outcomes."""
    accepted, refused = check_mutations(12345, 300)
    assert accepted >= 20 and refused >= 100, (accepted, refused)


@pytest.mark.soak
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_soak_mutated_positions_are_refused_or_play_on(seed: int) -> None:
    accepted, refused = check_mutations(seed, 250)
    assert accepted + refused == 250
