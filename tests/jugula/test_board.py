"""Jugula board geometry: squares, facings and the zones of "Movement → Facing", the danger
zone, and the targeting geometry of "Eligible targets", "Range", "Bow" and "Massive"."""

from __future__ import annotations

import pytest

from colosseum.games.jugula.board import FACINGS, NO_SQUARE, E, Geometry, N, S, W, geometry
from colosseum.games.jugula.data import load_catalog


@pytest.fixture(scope="module")
def geo() -> Geometry:
    rules = load_catalog().rules
    return geometry(rules.width, rules.height)


def sq(geo: Geometry, *names: str) -> set[int]:
    return {geo.square(n) for n in names}


def names(geo: Geometry, squares) -> set[str]:
    return {geo.names[s] for s in squares}


# --- squares ----------------------------------------------------------------------------------


def test_square_index_is_rank_then_file(geo: Geometry) -> None:
    assert geo.size == 64
    assert geo.square("a1") == 0
    assert geo.square("h1") == 7
    assert geo.square("a2") == 8
    assert geo.square("d4") == 3 * 8 + 3
    assert geo.square("h8") == 63


def test_names_match_the_catalog(geo: Geometry) -> None:
    assert geo.names == load_catalog().rules.squares


def test_unknown_square_is_refused(geo: Geometry) -> None:
    with pytest.raises(ValueError, match="i9"):
        geo.square("i9")


def test_neighbours_in_eight_directions(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert names(geo, geo.neighbours[d4]) == {"d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5"}
    assert [geo.names[n] for n in geo.neighbours[d4]] == [
        "d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5",
    ]  # fmt: skip
    a1 = geo.square("a1")
    assert names(geo, geo.adjacent[a1]) == {"a2", "b2", "b1"}
    assert geo.neighbours[a1].count(NO_SQUARE) == 5


# --- Movement → Facing ------------------------------------------------------------------------


def test_facing_front_zone_is_the_three_squares_ahead(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert names(geo, geo.front[d4][N]) == {"c5", "d5", "e5"}
    assert names(geo, geo.front[d4][E]) == {"e5", "e4", "e3"}
    assert names(geo, geo.front[d4][S]) == {"c3", "d3", "e3"}
    assert names(geo, geo.front[d4][W]) == {"c5", "c4", "c3"}


def test_facing_flanks_rear_and_back(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert [geo.names[s] for s in geo.flanks[d4][N]] == ["c4", "e4"]  # left, right
    assert names(geo, geo.rear[d4][N]) == {"c3", "e3"}
    assert geo.names[geo.back[d4][N]] == "d3"
    assert [geo.names[s] for s in geo.flanks[d4][E]] == ["d5", "d3"]
    assert names(geo, geo.rear[d4][E]) == {"c5", "c3"}
    assert geo.names[geo.back[d4][E]] == "c4"


def test_facing_zones_cover_the_eight_neighbours_once(geo: Geometry) -> None:
    for square in range(geo.size):
        for facing in FACINGS:
            parts = [
                *geo.front[square][facing],
                *geo.flanks[square][facing],
                *geo.rear[square][facing],
                *([b] if (b := geo.back[square][facing]) != NO_SQUARE else []),
            ]
            assert sorted(parts) == sorted(geo.adjacent[square])


def test_facing_zone_names_each_neighbour(geo: Geometry) -> None:
    d4 = geo.square("d4")
    expected = {
        "c5": "front", "d5": "front", "e5": "front", "c4": "flank", "e4": "flank",
        "c3": "rear", "e3": "rear", "d3": "back",
    }  # fmt: skip
    for name, zone in expected.items():
        assert geo.zone(d4, N, geo.square(name)) == zone
    assert geo.zone(d4, N, geo.square("d6")) is None


def test_facing_turning_right_turns_the_zones(geo: Geometry) -> None:
    """ "if the gladiator shown above turns to his right, his front will be changed accordingly"."""
    d4 = geo.square("d4")
    assert geo.zone(d4, E, geo.square("e4")) == "front"
    assert geo.zone(d4, E, geo.square("d5")) == "flank"
    assert geo.zone(d4, E, geo.square("c4")) == "back"


def test_facing_edge_of_the_arena_trims_the_zones(geo: Geometry) -> None:
    a1 = geo.square("a1")
    assert names(geo, geo.front[a1][N]) == {"a2", "b2"}
    assert geo.front[a1][S] == ()
    assert geo.back[a1][N] == NO_SQUARE
    assert names(geo, geo.flanks[a1][N]) == {"b1"}


def test_danger_zone_is_the_central_square_of_the_front_zone(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert geo.names[geo.danger[d4][N]] == "d5"
    assert geo.names[geo.danger[d4][W]] == "c4"
    for square in range(geo.size):
        for facing in FACINGS:
            ahead = geo.danger[square][facing]
            assert ahead == NO_SQUARE or ahead in geo.front[square][facing]
    assert geo.danger[geo.square("d8")][N] == NO_SQUARE


def test_facing_towards_an_orthogonal_neighbour(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert geo.facing_towards(d4, geo.square("d5")) == N
    assert geo.facing_towards(d4, geo.square("c4")) == W
    assert geo.facing_towards(d4, geo.square("e5")) is None


# --- Combat modifiers: relative position ------------------------------------------------------


def test_combat_modifiers_relative_position_adjacent(geo: Geometry) -> None:
    defender = geo.square("d4")
    for name in ("c5", "d5", "e5"):
        assert geo.relative_position(defender, N, geo.square(name)) == "front"
    for name in ("c4", "e4"):
        assert geo.relative_position(defender, N, geo.square(name)) == "flank"
    for name in ("c3", "e3"):
        assert geo.relative_position(defender, N, geo.square(name)) == "rear"
    assert geo.relative_position(defender, N, geo.square("d3")) == "back"
    assert geo.relative_position(defender, S, geo.square("d5")) == "back"


def test_range_relative_position_of_a_distant_attacker(geo: Geometry) -> None:
    """ "Range": a Range attacker benefits from his positioning on the flank, rear or back."""
    defender = geo.square("d4")
    assert geo.relative_position(defender, N, geo.square("a7")) == "front"
    assert geo.relative_position(defender, N, geo.square("g4")) == "flank"
    assert geo.relative_position(defender, N, geo.square("d1")) == "back"
    assert geo.relative_position(defender, N, geo.square("f2")) == "rear"


# --- Eligible targets, Range, Bow, Massive ----------------------------------------------------


def test_eligible_targets_front_zone(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert set(geo.attack_zone(d4, N)) == sq(geo, "c5", "d5", "e5")


def test_range_projects_the_front_zone_forward(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert set(geo.attack_zone(d4, N, 1)) == sq(geo, "c5", "d5", "e5", "c6", "d6", "e6")
    assert set(geo.attack_zone(d4, E, 2)) == sq(
        geo, "e5", "e4", "e3", "f5", "f4", "f3", "g5", "g4", "g3"
    )


def test_range_is_trimmed_by_the_arena(geo: Geometry) -> None:
    assert set(geo.attack_zone(geo.square("a7"), N, 3)) == sq(geo, "a8", "b8")


def test_bow_never_attacks_adjacent_squares(geo: Geometry) -> None:
    a = geo.square("d1")
    zone = set(geo.attack_zone(a, N, 5, bow=True))
    assert not zone & set(geo.front[a][N])
    assert zone == sq(geo, *(f"{f}{r}" for f in "cde" for r in range(3, 8)))
    assert geo.square("d8") not in zone  # Range 5: 1 + 5 rows ahead, d2-d7


@pytest.mark.parametrize("size", [(8, 8), (6, 9)])
def test_attack_zone_is_the_band_ahead_seen_from_the_gladiator(size: tuple[int, int]) -> None:
    """Every square, facing, Range and Bow: the zone walked row by row is the set of squares 1
    to 1 + Range rows ahead and at most one file aside in the gladiator's own frame."""
    geo = geometry(*size)
    for square in range(geo.size):
        for facing in FACINGS:
            for reach in range(4):
                for bow in (False, True):
                    framed = [geo._frame(square, facing, other) for other in range(geo.size)]
                    expected = tuple(
                        other
                        for other, (ahead, right) in enumerate(framed)
                        if 1 + bow <= ahead <= 1 + reach and abs(right) <= 1
                    )
                    assert geo.attack_zone(square, facing, reach, bow) == expected


def test_bow_squares_between_count_the_shortest_route(geo: Geometry) -> None:
    """ "As two squares separate them, B will increase his DEF by 2"."""
    a = geo.square("d2")
    assert geo.squares_between(a, geo.square("d5")) == 2
    assert geo.squares_between(a, geo.square("e5")) == 2
    assert geo.squares_between(a, geo.square("d3")) == 0
    assert geo.distance(a, geo.square("e5")) == 3


def test_massive_attacks_only_his_danger_zone(geo: Geometry) -> None:
    d4 = geo.square("d4")
    assert geo.attack_zone(d4, N, massive=True) == (geo.square("d5"),)
    assert geo.attack_zone(geo.square("d8"), N, massive=True) == ()


def test_geometry_follows_the_board_size() -> None:
    small = geometry(3, 4)
    assert small.size == 12
    assert small.names[-1] == "c4"
    assert small.danger[small.square("b2")][E] == small.square("c2")
