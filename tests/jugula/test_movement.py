"""Jugula movement: step costs ("Movement"), the front-zone penalty ("It's not a dance floor!"),
"Movement and the danger zone", "Facing change", the no-entry sidebar, and `destinations` on
the rulebook's examples where its text gives enough to rebuild them."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from colosseum.games.jugula.board import E, Geometry, N, S, W, geometry
from colosseum.games.jugula.data import Rules, load_catalog
from colosseum.games.jugula.movement import (
    Route,
    Step,
    danger_from,
    destinations,
    enemy_front,
    options,
    step_cost,
)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_catalog().rules


@pytest.fixture(scope="module")
def geo(rules: Rules) -> Geometry:
    return geometry(rules.width, rules.height)


def reach(
    rules: Rules,
    start: str,
    facing: int,
    mp: int,
    occupied: tuple[str, ...] = (),
    enemies: tuple[tuple[str, int], ...] = (),
) -> dict[tuple[str, int], Route]:
    geo = geometry(rules.width, rules.height)
    found = destinations(
        rules,
        geo.square(start),
        facing,
        mp,
        [geo.square(n) for n in occupied] + [geo.square(n) for n, _ in enemies],
        [(geo.square(n), f) for n, f in enemies],
    )
    return {(geo.names[s], f): route for (s, f), route in found.items()}


def cost(routes: dict[tuple[str, int], Route], name: str, facing: int) -> int | None:
    route = routes.get((name, facing))
    return None if route is None else route.cost


def path(geo: Geometry, route: Route) -> list[tuple[str, int, int]]:
    return [(geo.names[s.square], s.facing, s.cost) for s in route.steps]


# --- Movement: step costs ---------------------------------------------------------------------


def test_movement_forward_costs_one(rules: Rules, geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert step_cost(rules, d4, N, geo.square("d5")) == rules.movement.forward == 1


def test_movement_any_other_adjacent_square_costs_two(rules: Rules, geo: Geometry) -> None:
    d4 = geo.square("d4")
    for name in ("c5", "e5", "c4", "e4", "c3", "d3", "e3"):
        assert step_cost(rules, d4, N, geo.square(name)) == rules.movement.other == 2


def test_movement_step_must_be_adjacent(rules: Rules, geo: Geometry) -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        step_cost(rules, geo.square("d4"), N, geo.square("d6"))


def test_movement_costs_come_from_the_rules(rules: Rules, geo: Geometry) -> None:
    moving = dataclasses.replace(rules.movement, forward=3, other=5, leave_front=4, face_only=2)
    changed = dataclasses.replace(rules, movement=moving)
    d4, enemy = geo.square("d4"), (geo.square("c6"), S)  # front zone b5, c5, d5
    assert step_cost(changed, d4, N, geo.square("d5")) == 3
    assert step_cost(changed, d4, N, geo.square("e4")) == 5
    assert step_cost(changed, geo.square("d5"), N, geo.square("d6"), [enemy]) == 7
    routes = destinations(changed, d4, N, 2, [], [])
    assert routes[(d4, E)].cost == 2


def test_movement_in_this_example_our_gladiator_has_4_mps(rules: Rules) -> None:
    """ "In this example, our gladiator has 4 MPs": on an empty arena he can go four squares
    straight ahead, but no further, and two squares diagonally."""
    routes = reach(rules, "d4", N, 4)
    assert cost(routes, "d8", N) == 4
    assert cost(routes, "f6", N) == 4  # two diagonal steps, or turn-walk-turn-walk
    assert cost(routes, "h4", E) == 4  # pivot E for free, four steps ahead
    assert cost(routes, "d4", N) == 0  # moving is optional
    assert ("h5", E) not in routes
    assert all(route.cost <= 4 for route in routes.values())


def test_movement_each_destination_costs_its_steps(rules: Rules) -> None:
    for route in reach(rules, "c3", E, 5, occupied=("d4", "c4")).values():
        assert route.cost == sum(step.cost for step in route.steps)


# --- It's not a dance floor! ------------------------------------------------------------------


def test_dance_floor_example_forward_two_diagonal_three(rules: Rules, geo: Geometry) -> None:
    """ "our gladiator can move forward for 2 MPs ...; or he can move diagonally for 3 MPs":
    ours on c4 facing N, in the front zone (not the danger zone) of an enemy on d5 facing S."""
    enemies = [(geo.square("d5"), S)]
    c4 = geo.square("c4")
    assert step_cost(rules, c4, N, geo.square("c5"), enemies) == 2
    assert step_cost(rules, c4, N, geo.square("b5"), enemies) == 3
    routes = reach(rules, "c4", N, 3, enemies=(("d5", S),))
    assert cost(routes, "c5", N) == 2
    assert cost(routes, "b5", N) == 3


def test_dance_floor_extra_mp_paid_once_for_several_enemies(rules: Rules, geo: Geometry) -> None:
    enemies = [(geo.square("c5"), S), (geo.square("e5"), S), (geo.square("c3"), N)]
    d4 = geo.square("d4")
    assert len([e for e in enemies if d4 in geo.front[e[0]][e[1]]]) == 3
    assert step_cost(rules, d4, E, geo.square("e4"), enemies) == 2


def test_dance_floor_no_penalty_outside_enemy_fronts(rules: Rules, geo: Geometry) -> None:
    enemies = [(geo.square("d5"), N)]  # on our danger zone but facing away
    assert geo.square("d4") not in enemy_front(geo, enemies)
    assert step_cost(rules, geo.square("d4"), E, geo.square("e4"), enemies) == 1


def test_dance_floor_no_penalty_for_a_facing_change_alone(rules: Rules) -> None:
    routes = reach(rules, "c4", N, 1, enemies=(("d5", S),))
    assert cost(routes, "c4", E) == 1
    assert cost(routes, "c4", S) == 1


# --- Movement and the danger zone -------------------------------------------------------------


def test_danger_zone_example_only_back_for_three_mps(rules: Rules, geo: Geometry) -> None:
    """ "Here the gladiator can only move back and this movement would cost 3 MPs"."""
    routes = reach(rules, "d4", N, 3, enemies=(("d5", S),))
    steps = {key for key in routes if key[0] != "d4"}
    assert steps == {("d3", N)}
    assert path(geo, routes[("d3", N)]) == [("d3", N, 3)]


def test_danger_zone_then_free_to_continue(rules: Rules) -> None:
    """ "Once your gladiator is no longer in any enemy Danger Zones, he is free to continue"."""
    routes = reach(rules, "d4", N, 5, enemies=(("d5", S),))
    assert cost(routes, "c3", W) == 4  # back for 3, pivot W for free, one step ahead
    assert cost(routes, "d2", S) == 4
    assert cost(routes, "c2", S) == 5
    assert ("c4", W) not in routes or cost(routes, "c4", W) >= 5


def test_danger_zone_may_only_turn_to_face_the_enemy(rules: Rules) -> None:
    routes = reach(rules, "d4", E, 1, enemies=(("d5", S),))
    assert set(routes) == {("d4", E), ("d4", N)}
    assert cost(routes, "d4", N) == rules.movement.face_only


def test_danger_zone_turn_then_step_back(rules: Rules, geo: Geometry) -> None:
    """ "He may only change his facing to face an enemy ... and then, eventually, move directly
    backwards, without changing his facing": facing E, he pivots N for free and steps to d3."""
    routes = reach(rules, "d4", E, 3, enemies=(("d5", S),))
    assert path(geo, routes[("d3", N)]) == [("d3", N, 3)]
    assert ("d3", E) not in routes  # he keeps facing the enemy while stepping back


def test_danger_zone_two_enemies_face_either(rules: Rules) -> None:
    """ "he may change facing to face any of the gladiators exerting their Danger Zone on him
    (and that, even if he is currently facing another gladiator) before moving back"."""
    enemies = (("d5", S), ("e4", W))
    routes = reach(rules, "d4", N, 3, enemies=enemies)
    assert set(routes) == {("d4", N), ("d4", E), ("d3", N), ("c4", E)}
    assert cost(routes, "c4", E) == 3


def test_danger_zone_enemy_in_front_and_back_cannot_step_back(rules: Rules) -> None:
    """ "if you have an enemy directly in front and one in your back, you will not be able to
    move back. The only option in that case is to face one of these enemies"."""
    routes = reach(rules, "d4", N, 9, enemies=(("d5", S), ("d3", N)))
    assert set(routes) == {("d4", N), ("d4", S)}


def test_danger_zone_blocked_back_square(rules: Rules) -> None:
    routes = reach(rules, "d4", N, 9, occupied=("d3",), enemies=(("d5", S),))
    assert set(routes) == {("d4", N)}


def test_danger_zone_at_the_arena_wall(rules: Rules) -> None:
    routes = reach(rules, "d1", N, 9, enemies=(("d2", S),))
    assert set(routes) == {("d1", N)}


def test_danger_zone_of_an_enemy_beside_us(rules: Rules, geo: Geometry) -> None:
    assert danger_from(geo, geo.square("d4"), [(geo.square("c4"), E)]) == (geo.square("c4"),)
    assert danger_from(geo, geo.square("d4"), [(geo.square("c5"), S)]) == ()


def test_danger_zone_options_list(rules: Rules, geo: Geometry) -> None:
    d4 = geo.square("d4")
    steps, turns = options(rules, d4, W, [geo.square("d5")], [(geo.square("d5"), S)])
    assert steps == (Step(geo.square("d3"), N, 3),)
    assert turns == (Step(d4, N, 1),)


# --- Facing change ----------------------------------------------------------------------------


def test_facing_change_before_a_step_is_free(rules: Rules) -> None:
    routes = reach(rules, "d4", N, 1)
    assert {cost(routes, n, f) for n, f in (("e4", E), ("d3", S), ("c4", W))} == {1}


def test_facing_change_alone_costs_one(rules: Rules) -> None:
    routes = reach(rules, "d4", N, 1)
    for facing in (E, S, W):
        assert cost(routes, "d4", facing) == rules.movement.face_only == 1


def test_facing_change_needs_an_mp(rules: Rules) -> None:
    """ "If the gladiator does not have any MP left, he may not change facing"."""
    assert set(reach(rules, "d4", N, 0)) == {("d4", N)}
    routes = reach(rules, "d4", N, 1)
    assert ("d5", E) not in routes  # forward for 1, nothing left to turn


def test_facing_change_examples_to_the_front_and_rear(rules: Rules, geo: Geometry) -> None:
    """The two examples: to the front square ending sideways costs 2 (turn 90° then step to
    the flank, or step forward then turn for 1); to a rear square after turning 180° costs 2."""
    routes = reach(rules, "d4", N, 2)
    assert cost(routes, "d5", E) == 2
    assert cost(routes, "d5", W) == 2
    assert cost(routes, "c3", S) == 2
    assert cost(routes, "e3", S) == 2
    assert path(geo, routes[("c3", S)]) == [("c3", S, 2)]


def test_facing_change_before_each_step(rules: Rules, geo: Geometry) -> None:
    """ "a gladiator can change his facing before each movement to an adjacent square"."""
    routes = reach(rules, "d4", N, 3)
    assert cost(routes, "f4", E) == 2
    assert cost(routes, "f5", N) == 3  # e.g. pivot E, e4, f4, pivot N, f5: three steps of 1
    assert {step.facing for step in routes[("f5", N)].steps} == {E, N}
    assert path(geo, routes[("c4", W)]) == [("c4", W, 1)]


# --- The NEVER. EVER. sidebar: occupied squares -----------------------------------------------


def test_never_into_an_occupied_square(rules: Rules) -> None:
    routes = reach(rules, "d4", N, 6, occupied=("d5",))
    assert not any(name == "d5" for name, _ in routes)
    assert cost(routes, "d6", N) == 4  # around it: two diagonals, or e4, e5, e6 and back to d6
    assert cost(routes, "d6", W) == 4


def test_never_through_an_occupied_square(rules: Rules) -> None:
    walled = tuple(f"{f}5" for f in "abcdefgh")
    routes = reach(rules, "d4", N, 20, occupied=walled)
    assert not any(int(name[1]) >= 5 for name, _ in routes)


def test_never_mover_own_square_may_be_listed(rules: Rules, geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert destinations(rules, d4, N, 1, [d4], [])[(geo.square("d5"), N)].cost == 1


# --- Understood? ------------------------------------------------------------------------------


def test_understood_danger_zones_chain(rules: Rules, geo: Geometry) -> None:
    """The sidebar's four rules together (the 16-MP puzzle's diagram is lost, so its answer
    cannot be rebuilt): ours on c4 facing N is in the danger zone of b4 (facing E) and in the
    front zone of d5 (facing S). He must turn W to face b4 and step back to d4 (2 + 1), which is
    d5's danger zone: he must turn N to face d5 and step back to d3 (2 + 1) before he is free."""
    routes = reach(rules, "c4", N, 6, enemies=(("d5", S), ("b4", E)))
    assert {key: route.cost for key, route in routes.items()} == {
        ("c4", N): 0,
        ("c4", W): 1,
        ("d4", W): 3,
        ("d4", N): 4,
        ("d3", N): 6,
    }
    assert path(geo, routes[("d3", N)]) == [("d4", W, 3), ("d3", N, 3)]
    assert cost(reach(rules, "c4", N, 8, enemies=(("d5", S), ("b4", E))), "d2", S) == 7


# --- every route replays legally --------------------------------------------------------------


@given(
    start=st.integers(0, 63),
    facing=st.integers(0, 3),
    mp=st.integers(0, 7),
    others=st.lists(st.tuples(st.integers(0, 63), st.integers(0, 3), st.booleans()), max_size=6),
)
def test_movement_routes_replay_through_the_options(
    start: int, facing: int, mp: int, others: list[tuple[int, int, bool]]
) -> None:
    """Each route found is made of legal actions, costs at most the MP, and a facing change
    alone comes only last."""
    rules = load_catalog().rules
    others = [o for o in others if o[0] != start]
    occupied = [square for square, _, _ in others]
    enemies = [(square, f) for square, f, enemy in others if enemy]
    routes = destinations(rules, start, facing, mp, occupied, enemies)
    assert routes[(start, facing)].cost == 0
    for (square, final), route in routes.items():
        assert route.cost <= mp
        at, faces = start, facing
        for i, step in enumerate(route.steps):
            moves, turns = options(rules, at, faces, occupied, enemies)
            assert step in moves or (step in turns and i == len(route.steps) - 1)
            at, faces = step.square, step.facing
        assert (at, faces) == (square, final)
        assert route.cost == sum(step.cost for step in route.steps)
        assert square not in occupied
