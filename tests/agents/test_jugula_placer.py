"""The Jugula heuristic's places kept for the search (`placer.Plan`): the same worths as weighed
afresh, whatever the arena, the dice or what was weighed before; and the caches bounded."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from colosseum import new_game
from colosseum.games.jugula.data import load_catalog
from colosseum.games.jugula.heuristic import placer
from colosseum.games.jugula.heuristic.dice import (
    FAIL,
    HINDER,
    PUSH,
    Dist,
    dist_of,
    outcomes,
    terms_value,
)
from colosseum.games.jugula.heuristic.placer import Placer
from colosseum.games.jugula.heuristic.world import (
    APPROACH,
    DANGER_WEIGHT,
    SECOND_TARGET,
    Glad,
    World,
)

CAT = load_catalog()
DICE: list[Dist] = [
    dist_of(c.die for c in CAT.cards),
    dist_of([1, 2, 2, 3]),
    dist_of([4]),
    dist_of([0, 6, 6]),
]


def _attack(world: World, a: Glad, d: Glad, pa: Dist, pd: Dist, hinder: bool = False) -> float:
    """`World.attack_value` as first written, in one piece."""
    attack, defence = world.bases(a, d)
    fail, push, wound, bite = outcomes(attack, defence, pa, pd)
    if hinder:
        return fail * FAIL + (push + wound + bite) * HINDER
    one, bitten = world.hit_values(d)
    if "tough" in d.talents:
        wound, bite = wound + bite, 0.0
    if world.has_room(a, d):
        return fail * FAIL + push * PUSH + wound * one + bite * bitten
    return fail * FAIL + push * one + (wound + bite) * bitten


def _score(world: World, g: Glad, mine: Dist, theirs: Dist) -> float:
    """A place's worth as first written: every attack weighed afresh, where `g` stands."""
    offence = []
    for d in world.targets(g, False):
        value = _attack(world, g, d, mine, theirs)
        if g.net_ready and not d.hindered:
            value = max(value, _attack(world, g, d, mine, theirs, hinder=True))
        offence.append(value)
    offence.sort(reverse=True)
    danger = 0.0
    for e in world.enemy_reach(g.sq):
        danger += max(0.0, _attack(world, e, g, theirs, mine))
    value = -DANGER_WEIGHT * danger
    if offence and offence[0] > 0:
        return value + (offence[0] + SECOND_TARGET * sum(max(0.0, v) for v in offence[1:]))
    return value + -APPROACH * world.nearest_enemy(g.sq)


def _score_at(world: World, g: Glad, square: int, facing: int, mine: Dist, theirs: Dist) -> float:
    old = (g.sq, g.facing)
    world.relocate(g, square, facing)
    try:
        return _score(world, g, mine, theirs)
    finally:
        world.relocate(g, *old)


def _best_move(placer_: Placer, g: Glad, mine: Dist, theirs: Dist) -> tuple[float, int, int]:
    world = placer_.world
    here = _score(world, g, mine, theirs)
    best = (0.0, g.sq, g.facing)
    for square, facing in placer_.destinations(g):
        gain = _score_at(world, g, square, facing, mine, theirs) - here
        if gain > best[0]:
            best = (gain, square, facing)
    return best


def _positions(
    options: dict[str, object], players: int, seed: int, every: int = 7
) -> Iterator[World]:
    """Arenas along a game played at random, as each seat sees them."""
    state = new_game("jugula", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for step in range(300):
        if state.is_terminal():
            return
        if step % every == 0:
            for seat in range(players):
                yield World(state.view(seat), CAT)
        state.apply(rng.choice(state.legal_actions()))


OPTIONS: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {}),
    (4, {"simple": False}),
    (2, {"simple": True}),
    (
        2,
        {
            "familiae": "sagittarius+sharp,laquearius+dodge,murmillo+tough,dimachaerius+wounded"
            "/retiarius+aware,veles+fast,sagittarius+souple,scissor+impressive+def"
        },
    ),
    (
        2,
        {
            "familiae": "crupellarius,dimachaerius,retiarius,scissor"
            "/dimachaerius,veles,secutor,thraex"
        },
    ),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_places_weigh_as_weighed_afresh(players: int, options: dict[str, object]) -> None:
    """`best_move`, `score` and `score_at` equal to the last bit what weighing every place again
    gives, for every gladiator of every seat, with several dice, arena after arena."""
    checked = 0
    for world in _positions(options, players, seed=players * 7 + len(options), every=23):
        for g in world.on_board():
            for mine, theirs in ((DICE[0], DICE[1]), (DICE[2], DICE[3]), (DICE[0], DICE[1])):
                placer_ = Placer(world, mine, theirs)
                assert placer_.best_move(g) == _best_move(placer_, g, mine, theirs)
                assert placer_.score(g) == _score(world, g, mine, theirs)
                for square, facing in placer_.destinations(g)[:5]:
                    expected = _score_at(world, g, square, facing, mine, theirs)
                    assert placer_.score_at(g, square, facing) == expected
                checked += 1
    assert checked > 30


def test_a_changed_arena_is_weighed_again() -> None:
    """The same squares with another wound, hindrance, marker or Vox Populi: another plan."""
    state = new_game("jugula", players=2, seed=5)
    rng = random.Random(5)
    while sum(1 for _ in World(state.view(0), CAT).mine()) < 4 or rng.random() < 0.9:
        state.apply(rng.choice(state.legal_actions()))
    base = state.view(0)
    changes = [("wounded", True), ("hindered", True), ("markers_held", 1), ("mp", 1)]
    for key, value in changes:
        for index in range(len(base["gladiators"])):
            if not base["gladiators"][index]["square"]:
                continue
            view = {**base, "gladiators": [dict(g) for g in base["gladiators"]]}
            view["gladiators"][index][key] = value
            world = World(view, CAT)
            for g in world.mine():
                placer_ = Placer(world, DICE[0], DICE[0])
                assert placer_.best_move(g) == _best_move(placer_, g, DICE[0], DICE[0])
    view = {**base, "lanistae": [dict(entry) for entry in base["lanistae"]]}
    view["lanistae"][1]["vox"] = 3
    world = World(view, CAT)
    for g in world.mine():
        placer_ = Placer(world, DICE[0], DICE[0])
        assert placer_.best_move(g) == _best_move(placer_, g, DICE[0], DICE[0])


def test_terms_value_is_attack_value() -> None:
    world = next(_positions({}, 2, seed=9))
    for a in world.on_board():
        for d in world.on_board():
            if a.seat == d.seat:
                continue
            for hinder in (False, True):
                terms = world.attack_terms(a, d, hinder=hinder)
                expected = _attack(world, a, d, DICE[0], DICE[3], hinder)
                assert terms_value(terms, DICE[0], DICE[3]) == expected


def test_plans_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `_ARENAS_KEPT` arenas the oldest quarter goes."""
    monkeypatch.setattr(placer, "_ARENAS", {})
    monkeypatch.setattr(placer, "_ARENAS_KEPT", 8)
    seen = 0
    for world in _positions({}, 2, seed=11):
        for g in world.mine():
            Placer(world, DICE[0], DICE[1]).best_move(g)
        seen += 1
        assert len(placer._ARENAS) <= 8
    assert seen > 8


def test_best_attack_after_a_move_as_weighed_afresh() -> None:
    """`best_attack_after_move` (Impetus, from the plan) is the loop over every destination."""
    checked = 0
    for world in _positions({}, 3, seed=13, every=11):
        for g in world.on_board():
            placer_ = Placer(world, DICE[0], DICE[2])
            expected = -1.0
            old = (g.sq, g.facing)
            for square, facing in placer_.destinations(g):
                world.relocate(g, square, facing)
                offence = [
                    max(
                        [_attack(world, g, d, DICE[0], DICE[2])]
                        + [_attack(world, g, d, DICE[0], DICE[2], hinder=True)]
                        * (g.net_ready and not d.hindered)
                    )
                    for d in world.targets(g, False)
                ]
                if offence:
                    danger = 0.0
                    for e in world.enemy_reach(g.sq):
                        danger += max(0.0, _attack(world, e, g, DICE[2], DICE[0]))
                    expected = max(expected, max(offence) - 0.5 * DANGER_WEIGHT * danger)
            world.relocate(g, *old)
            assert placer_.best_attack_after_move(g) == expected
            checked += 1
    assert checked > 20
