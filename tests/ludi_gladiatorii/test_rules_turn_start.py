"""Rulebook "Turn Sequence, 1. Start": straighten your gladiators; start-of-turn effects such as
the Cubiculum; refill to 2 gladiators with novices and to 2 buildings with initial buildings;
several effects are resolved in the order the player prefers."""

from __future__ import annotations

from .helpers import (
    CATALOG,
    RULES,
    Table,
    end_turn,
    is_turned,
    kinds_legal,
    notations,
    owned,
    phase,
    pos,
    spec,
    veteran,
)

A = veteran(combat=3)
B = veteran(exclude=[A])
C = veteran(exclude=[A, B])


def test_start_straighten_your_gladiators() -> None:
    """The new active player's gladiators are straightened; the others' stay as they are."""
    state = Table().quiet().gladiators(0, A, "tiro").gladiators(1, B, C).turned(A, B, C).build()
    end_turn(state)
    assert pos(state)["active"] == 1 and phase(state) == "main"
    assert not is_turned(state, B) and not is_turned(state, C)
    assert is_turned(state, A), "only the active lanista straightens"


def test_start_refill_gladiators_with_novices_up_to_two() -> None:
    state = Table().quiet().gladiators(0, A, B).gladiators(1).build()
    novices_before = len(pos(state)["centre_novices"])
    end_turn(state)
    position = pos(state)
    mine = position["gladiators"][1]
    assert len(mine) == RULES.refill_gladiators == 2
    assert all(not CATALOG.gladiators[g].veteran for g in mine)
    assert not any(position["turned"][g] for g in mine)
    assert len(position["centre_novices"]) == novices_before - 2


def test_start_refill_gladiators_only_tops_up() -> None:
    state = Table().quiet().gladiators(0, A, B).gladiators(1, C).build()
    end_turn(state)
    mine = owned(state, 1)
    assert len(mine) == 2 and mine[0] == C
    assert not spec(mine[1]).veteran
    # two or more: nothing taken
    state = Table().quiet().gladiators(0, "tiro").gladiators(1, A, B, C).build()
    end_turn(state)
    assert owned(state, 1) == [A, B, C]


def test_start_refill_buildings_with_initial_buildings_up_to_two() -> None:
    for seed in range(8):
        state = (
            Table(seed=seed)
            .quiet(0)
            .buildings(1)
            .gladiators(0, A, B)
            .gladiators(1, C, "tiro")
            .rng(seed)
            .build()
        )
        centre_before = set(pos(state)["centre_buildings"])
        end_turn(state)
        position = pos(state)
        mine = position["buildings"][1]
        assert len(mine) == RULES.refill_buildings == 2
        assert set(mine) <= centre_before
        assert all(CATALOG.buildings[b].initial for b in mine)
        assert len({CATALOG.buildings[b].name for b in mine}) == 2
        # entry benefits of the buildings received
        bonus = sum(CATALOG.buildings[b].coins for b in mine)
        start_income = sum(1 for b in mine if CATALOG.buildings[b].effect == "start_income")
        assert position["coins"][1] >= bonus + start_income


def test_start_refill_buildings_only_tops_up() -> None:
    state = Table().quiet(0).buildings(1, "macellum").gladiators(1, A, B).build()
    end_turn(state)
    mine = pos(state)["buildings"][1]
    assert len(mine) == 2 and mine[0] == CATALOG.building_by_code["macellum"]
    assert CATALOG.buildings[mine[1]].name != "Macellum"


def test_start_cubiculum_gives_one_coin_with_novices() -> None:
    """1 coin if you have one or more novices (1 coin even with several)."""
    state = (
        Table()
        .quiet(0)
        .buildings(1, "cubiculum_1", "macellum")
        .gladiators(0, A)
        .gladiators(1, "tiro", "tiro")
        .build()
    )
    assert len([g for g in owned(state, 1) if not spec(g).veteran]) == 2
    end_turn(state)
    assert phase(state) == "main" and pos(state)["coins"][1] == 1


def test_start_cubiculum_gives_nothing_without_novices() -> None:
    state = (
        Table()
        .quiet(0)
        .buildings(1, "cubiculum_1", "macellum")
        .gladiators(0, "tiro")
        .gladiators(1, A, B)
        .build()
    )
    end_turn(state)
    assert phase(state) == "main" and pos(state)["coins"][1] == 0


def test_start_several_effects_in_the_order_the_player_prefers() -> None:
    """Cubiculum and the novice refill: refilling first earns the Cubiculum's coin."""
    table = Table().quiet(0).buildings(1, "cubiculum_1", "macellum").gladiators(0, A)
    state = table.build()
    end_turn(state)
    assert phase(state) == "start" and state.current_player == 1
    assert set(notations(state)) == {"start refill_gladiators", "start novice_income"}

    refill_first = state.clone()
    refill_first.apply("start refill_gladiators")
    assert phase(refill_first) == "main"
    assert pos(refill_first)["coins"][1] == 1
    assert len(owned(refill_first, 1)) == 2

    cubiculum_first = state.clone()
    cubiculum_first.apply("start novice_income")
    assert phase(cubiculum_first) == "main"
    assert pos(cubiculum_first)["coins"][1] == 0
    assert len(owned(cubiculum_first, 1)) == 2


def test_start_palaestra_is_a_start_of_turn_effect() -> None:
    """The Palaestra acts at the start of the turn (what it does is the project's choice)."""
    state = (
        Table()
        .quiet(0)
        .buildings(1, "palaestra_1", "macellum")
        .gladiators(0, A)
        .gladiators(1, "tiro", B)
        .coins(1, RULES.training_cost)
        .build()
    )
    end_turn(state)
    assert phase(state) == "start" and state.current_player == 1
    assert kinds_legal(state) == {"train", "skip"}
    novice = next(g for g in owned(state, 1) if not spec(g).veteran)
    top = CATALOG.gladiators[pos(state)["veteran_pile"][-1]].code
    state.apply(f"train {novice}")
    assert phase(state) == "main"
    assert novice not in owned(state, 1) and top in owned(state, 1)
    assert pos(state)["coins"][1] == 0
