"""Rulebook "Turn Sequence, 2. Main phase": one action per gladiator (turned when it acts);
Work, Build (several gladiators, surplus lost, 5 buildings at most, no two of a name),
Demolish (buildings with points never), Chain with the Officina (once per turn); turned
gladiators cannot act but still defend, several times."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    CATALOG,
    RULES,
    Table,
    apply_all,
    best_builders,
    builders,
    built,
    event,
    is_turned,
    kinds_legal,
    notations,
    phase,
    pos,
    spec,
    veteran,
    veterans,
)

WORKER = max(veterans(None), key=lambda g: spec(g).work)
FIGHTER = veteran(combat=3)


# --- one action per gladiator ---------------------------------------------------------------


def test_main_phase_work_takes_the_work_value_in_coins() -> None:
    for code in (WORKER, "tiro"):
        state = Table().gladiators(0, code).gladiators(1, FIGHTER).coins(0, 0).build()
        card = pos(state)["gladiators"][0][0]
        name = CATALOG.gladiators[card].code
        supply = pos(state)["supply_coins"]
        state.apply(f"work {name}")
        assert pos(state)["coins"][0] == CATALOG.gladiators[card].work
        assert pos(state)["supply_coins"] == supply - CATALOG.gladiators[card].work
        assert is_turned(state, name)


def test_main_phase_a_turned_gladiator_performs_no_more_actions() -> None:
    state = Table().gladiators(0, WORKER, FIGHTER).gladiators(1, "tiro").coins(0, 5).build()
    state.apply(f"work {WORKER}")
    mine = [n for n in notations(state) if n.split()[-1] == WORKER]
    assert mine == []
    with pytest.raises(colosseum.IllegalAction):
        state.apply(f"work {WORKER}")
    # the other one can still act: you may use all your gladiators in each main phase
    assert f"work {FIGHTER}" in notations(state) and f"fight {FIGHTER}" in notations(state)


def test_main_phase_ends_when_the_player_says_so() -> None:
    state = Table().quiet().gladiators(0, WORKER).gladiators(1, "tiro").build()
    assert "end" in notations(state)
    state.apply("end")
    assert pos(state)["active"] == 1 or phase(state) in ("auction", "discard")


# --- build ----------------------------------------------------------------------------------


def test_main_phase_build_with_several_gladiators() -> None:
    """Add up the construction of several gladiators: equal to or greater than the cost."""
    cost = spec("tribunal").cost
    a, b = builders(cost)
    state = Table().gladiators(0, a).gladiators(1, "tiro").centre("tribunal").build()
    assert "build tribunal" not in notations(state), "one of them alone is not enough"
    state = Table().gladiators(0, a, b).gladiators(1, "tiro").centre("tribunal").build()
    state.apply("build tribunal")
    assert phase(state) == "use"
    state.apply(f"use {a}")
    assert phase(state) == "use", "not finished yet"
    events = state.apply(f"use {b}")
    assert phase(state) == "main"
    assert built(state, 0) == ["tribunal"]
    assert is_turned(state, a) and is_turned(state, b)
    assert event(events, "building_in").data["how"] == "built"
    assert CATALOG.building_by_code["tribunal"] not in pos(state)["centre_buildings"]


def test_main_phase_build_surplus_construction_is_lost() -> None:
    """Each gladiator helps one building only; what exceeds the cost is lost."""
    cheap = sorted(
        (b for b in ("casula", "macellum", "cubiculum_1", "cubiculum_2")),
        key=lambda b: spec(b).cost,
    )
    first, second = cheap[0], next(b for b in cheap[1:] if spec(b).name != spec(cheap[0]).name)
    cost = spec(first).cost
    big = next(g for g in veterans(None) if spec(g).construction > cost)
    surplus = spec(big).construction - cost
    small = next(
        (g for g in veterans(None, [big]) if 0 < spec(g).construction < spec(second).cost),
        None,
    )
    assert small is not None
    assert surplus + spec(small).construction >= spec(second).cost, "the surplus would suffice"
    state = Table().gladiators(0, big, small).gladiators(1, "tiro").centre(first, second).build()
    apply_all(state, [f"build {first}", f"use {big}"])
    assert built(state, 0) == [first] and phase(state) == "main"
    assert f"build {second}" not in notations(state)


def test_main_phase_build_only_buildings_in_the_centre() -> None:
    state = Table().gladiators(0, *best_builders()).gladiators(1, "tiro").build()
    centre = {CATALOG.buildings[b].name for b in pos(state)["centre_buildings"]}
    for notation in notations(state):
        if notation.startswith("build "):
            assert spec(notation.split()[1]).name in centre


def test_main_phase_build_five_buildings_at_most() -> None:
    five = ["casula", "forum", "macellum", "commeatus", "taberna"]
    state = (
        Table()
        .buildings(0, *five)
        .gladiators(0, *best_builders())
        .gladiators(1, "tiro")
        .centre("officina")
        .build()
    )
    builds = [n for n in notations(state) if n.startswith("build")]
    # the Lapicidinae is built by demolishing one of your buildings: it never makes a sixth
    assert all(spec(n.split()[1]).effect == "quarry" for n in builds), builds
    state = (
        Table().buildings(0, *five[:4]).gladiators(0, *best_builders()).centre("officina").build()
    )
    assert "build officina" in notations(state)


def test_main_phase_build_no_two_buildings_with_the_same_name() -> None:
    state = (
        Table()
        .buildings(0, "palaestra_1")
        .gladiators(0, *best_builders())
        .gladiators(1, "tiro")
        .centre("palaestra_2")
        .build()
    )
    assert not any("palaestra" in n for n in notations(state) if n.startswith("build"))


# --- demolish -------------------------------------------------------------------------------


def test_main_phase_demolish_returns_your_building_to_the_centre() -> None:
    target = "casula"
    cost = spec(target).demolition
    worker = next(g for g in veterans(None) if spec(g).construction >= cost)
    state = Table().buildings(0, target, "forum").gladiators(0, worker).build()
    state.apply(f"demolish {target}")
    state.apply(f"use {worker}")
    assert built(state, 0) == ["forum"]
    assert CATALOG.building_by_code[target] in pos(state)["centre_buildings"]
    assert is_turned(state, worker)


def test_main_phase_demolish_needs_the_demolition_cost() -> None:
    target = max(("commeatus", "taberna", "horrea"), key=lambda b: spec(b).demolition)
    cost = spec(target).demolition
    weak = next((g for g in veterans(None) if 0 < spec(g).construction < cost), None)
    if weak is None:
        pytest.skip("every builder pays this demolition alone")
    state = Table().buildings(0, target).gladiators(0, weak).build()
    assert f"demolish {target}" not in notations(state)


def test_main_phase_buildings_with_points_are_never_demolished() -> None:
    state = (
        Table()
        .buildings(0, "tribunal", "casula")
        .gladiators(0, *best_builders())
        .gladiators(1, "tiro")
        .build()
    )
    assert spec("tribunal").points > 0
    demolitions = [n for n in notations(state) if n.startswith("demolish")]
    assert "demolish casula" in demolitions and "demolish tribunal" not in demolitions


# --- chain with the Officina ----------------------------------------------------------------


def _officina_table() -> Table:
    chainers = [g for g in veterans("", box=("base",)) if spec(g).construction >= 1]
    assert len(chainers) >= 2
    return (
        Table()
        .buildings(0, "officina")
        .gladiators(0, chainers[0], chainers[1])
        .gladiators(1, FIGHTER, "tiro", "tiro")
        .coins(0, 5)
    )


def test_main_phase_chain_with_the_officina_once_per_turn() -> None:
    table = _officina_table()
    first, second = (CATALOG.gladiators[g].code for g in table.pos["gladiators"][0])
    state = table.build()
    assert f"chain {first}" in notations(state) and f"chain {second}" in notations(state)
    state.apply(f"chain {first}")
    assert phase(state) == "chain_pick"
    state.apply(f"bind {FIGHTER}")
    if phase(state) == "chain_pick":
        state.apply("done")
    assert phase(state) == "main"
    assert is_turned(state, first)
    assert not any(n.startswith("chain") for n in notations(state)), "once per turn"
    assert pos(state)["chained"][CATALOG.gladiator_by_code[FIGHTER]]


def test_main_phase_chained_gladiators_cannot_defend_this_turn() -> None:
    table = _officina_table()
    first, second = (CATALOG.gladiators[g].code for g in table.pos["gladiators"][0])
    state = table.build()
    apply_all(state, [f"chain {first}", f"bind {FIGHTER}"])
    if phase(state) == "chain_pick":
        state.apply("done")
    state.apply(f"fight {second}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    assert FIGHTER not in {n.split()[1] for n in notations(state)}


def test_main_phase_chain_binds_up_to_the_construction_value() -> None:
    big = max(veterans(""), key=lambda g: spec(g).construction)
    x = spec(big).construction
    assert x >= 1
    tiros = ["tiro"] * (x + 1)
    state = Table().buildings(0, "officina").gladiators(0, big).gladiators(1, *tiros).build()
    state.apply(f"chain {big}")
    for _ in range(x):
        assert phase(state) == "chain_pick"
        state.apply(next(n for n in notations(state) if n.startswith("bind")))
    assert phase(state) == "main"
    assert sum(pos(state)["chained"]) == x


def test_main_phase_chaining_needs_a_rival_gladiator() -> None:
    state = _officina_table().gladiators(1).build()
    assert not any(n.startswith("chain") for n in notations(state))


# --- defending while turned -----------------------------------------------------------------


def test_main_phase_turned_gladiators_still_defend_several_times() -> None:
    attackers = veterans(None, [FIGHTER])[:2]
    state = (
        Table()
        .gladiators(0, *attackers)
        .gladiators(1, FIGHTER)
        .turned(FIGHTER)
        .coins(0, 2 * RULES.combat_cost_veteran)
        .combat_top("defensio_magnus", "defensio_magnus_mors")
        .build()
    )
    for attacker in attackers:
        events = state.apply(f"fight {attacker}")
        assert event(events, "defending").data["gladiator"] == FIGHTER
        assert event(events, "combat_result").data["winner"] == 1
    assert FIGHTER in [CATALOG.gladiators[g].code for g in pos(state)["gladiators"][1]]


def test_main_phase_actions_need_straight_gladiators() -> None:
    state = (
        Table()
        .gladiators(0, WORKER, FIGHTER)
        .turned(WORKER, FIGHTER)
        .gladiators(1, "tiro")
        .coins(0, 9)
        .build()
    )
    assert kinds_legal(state) <= {"end", "buy-combat", "drop", "buy", "quarry", "refresh"}


def test_main_phase_collect_needs_a_rival_with_coins() -> None:
    collector = veteran("collect")
    state = Table().gladiators(0, collector).gladiators(1, "tiro").build()
    assert f"collect {collector}" not in notations(state)
    assert RULES.max_buildings == 5
