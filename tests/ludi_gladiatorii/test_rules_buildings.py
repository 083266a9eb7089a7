"""Rulebook "Description of the Buildings": Casula, Catacumbae, Commeatus, Cubiculum, Forum,
Tribunal, Lapicidinae, Macellum, Officina; entry benefits when built or dealt; buildings with
victory points are never demolished or destroyed."""

from __future__ import annotations

import colosseum

from .helpers import (
    CATALOG,
    RULES,
    Table,
    apply_all,
    best_builders,
    built,
    combat_pair,
    event,
    events_of,
    fight,
    is_turned,
    notations,
    owned,
    phase,
    pos,
    result,
    spec,
    veteran,
)

BUILDERS = best_builders()


def _build(state: colosseum.State, code: str) -> list[colosseum.Event]:
    """Build `code` with the first straight gladiators offered."""
    events = state.apply(f"build {code}")
    while phase(state) in ("use", "quarry"):
        events += state.apply(notations(state)[0])
    return events


# --- Casula ---------------------------------------------------------------------------------


def test_buildings_casula_is_demolished_and_built_normally() -> None:
    assert spec("casula").starting and spec("casula").points == 0
    state = Table().buildings(0, "casula").gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    apply_all(state, ["demolish casula", f"use {BUILDERS[0]}"])
    assert built(state, 0) == []
    state = Table().gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    assert "build casula" in notations(state)
    _build(state, "casula")
    assert built(state, 0) == ["casula"]


# --- Catacumbae -----------------------------------------------------------------------------


def test_buildings_catacumbae_novices_plus_one_when_they_attack() -> None:
    d = veteran(combat=1)
    state = (
        Table()
        .buildings(0, "catacumbae")
        .gladiators(0, "tiro")
        .gladiators(1, d)
        .coins(0, 1)
        .combat_top("defensio")
        .build()
    )
    events = fight(state, owned(state, 0)[0])
    assert result(events)["scores"] == [1 + 1, spec(d).combat + 1]


def test_buildings_catacumbae_not_for_veterans_nor_when_defending() -> None:
    a, d = combat_pair(0)
    state = (
        Table()
        .buildings(0, "catacumbae")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    assert result(fight(state, a))["scores"] == [spec(a).combat, spec(d).combat + 1]
    state = (
        Table()
        .buildings(1, "catacumbae")
        .gladiators(0, a)
        .gladiators(1, "tiro")
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    assert result(fight(state, a))["scores"] == [spec(a).combat, 1 + 1]


# --- Commeatus ------------------------------------------------------------------------------


def test_buildings_commeatus_one_additional_auction_each_turn() -> None:
    table = (
        Table()
        .buildings(0, "commeatus", "casula", "forum")
        .buildings(1, "macellum", "taberna")
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .auction_phase(0, auctions_left=2)
    )
    state = table.build()
    state.apply("auction")
    state.apply(notations(state)[0])
    while phase(state) == "bid":
        state.apply("pass")
    assert phase(state) == "auction" and pos(state)["active"] == 0, "a second auction"
    state.apply("auction")
    state.apply(notations(state)[0])
    while phase(state) == "bid":
        state.apply("pass")
    assert pos(state)["active"] == 1, "not a third"


def test_buildings_commeatus_counts_when_the_auction_phase_begins() -> None:
    state = (
        Table()
        .buildings(0, "commeatus", "casula", "forum")
        .quiet(1)
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .build()
    )
    state.apply("end")
    assert phase(state) == "auction" and pos(state)["auctions_left"] == 2
    state = Table().buildings(0, "casula", "forum").quiet(1).gladiators(0, "tiro").build()
    state.apply("end")
    assert pos(state)["auctions_left"] == 1


# --- Cubiculum ------------------------------------------------------------------------------


def test_buildings_cubiculum_buy_novices_during_your_turn_straightened() -> None:
    state = (
        Table()
        .buildings(0, "cubiculum_1", "casula", "forum")
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .coins(0, RULES.novice_price)
        .build()
    )
    assert "buy novice" in notations(state)
    events = state.apply("buy novice")
    assert event(events, "gladiator_in").data["how"] == "bought"
    mine = owned(state, 0)
    assert len(mine) == 2 and not spec(mine[1]).veteran and not is_turned(state, mine[1])
    assert pos(state)["coins"][0] == 0
    state = Table().buildings(0, "casula").gladiators(0, "tiro").coins(0, 3).build()
    assert "buy novice" not in notations(state), "only with the Cubiculum"


# --- Forum ----------------------------------------------------------------------------------


def test_buildings_forum_one_coin_when_it_enters_play() -> None:
    assert spec("forum").coins == 1
    state = Table().gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    events = _build(state, "forum")
    assert pos(state)["coins"][0] == 1
    assert len(events_of(events, "coins")) == 1


def test_buildings_forum_one_coin_each_time_you_build_another_building() -> None:
    state = Table().buildings(0, "forum").gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    cheap = min(("casula", "macellum"), key=lambda b: spec(b).cost)
    _build(state, cheap)
    assert pos(state)["coins"][0] == 1 + spec(cheap).coins


def test_buildings_forum_no_coin_when_demolishing() -> None:
    state = (
        Table()
        .buildings(0, "forum", "casula")
        .gladiators(0, *BUILDERS)
        .gladiators(1, "tiro")
        .build()
    )
    apply_all(state, ["demolish casula", f"use {BUILDERS[0]}"])
    assert pos(state)["coins"][0] == 0


# --- Tribunal -------------------------------------------------------------------------------


def test_buildings_tribunal_one_victory_point_when_it_enters_play() -> None:
    state = Table().gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    _build(state, "tribunal")
    assert built(state, 0) == ["tribunal"]
    assert pos(state)["points"][0] == 1


# --- Lapicidinae ----------------------------------------------------------------------------


def test_buildings_lapicidinae_is_built_by_demolishing_one_of_your_buildings() -> None:
    worker = next(b for b in BUILDERS if spec(b).construction >= spec("casula").demolition)
    state = (
        Table().buildings(0, "casula", "forum").gladiators(0, worker).gladiators(1, "tiro").build()
    )
    state.apply("build lapicidinae")
    assert phase(state) == "quarry"
    assert "raze casula" in notations(state)
    state.apply("raze casula")
    assert phase(state) == "use"
    state.apply(f"use {worker}")
    assert sorted(built(state, 0)) == ["forum", "lapicidinae"]
    assert CATALOG.building_by_code["casula"] in pos(state)["centre_buildings"]
    # the Forum's coin for building another building
    assert pos(state)["coins"][0] == 1


def test_buildings_lapicidinae_needs_a_building_to_demolish() -> None:
    state = Table().buildings(0, "tribunal").gladiators(0, *BUILDERS).gladiators(1, "tiro").build()
    assert "build lapicidinae" not in notations(state)


def test_buildings_lapicidinae_pay_two_to_destroy_a_rival_building_and_itself() -> None:
    assert RULES.quarry_destroy_cost == 2
    state = (
        Table()
        .buildings(0, "lapicidinae", "casula")
        .buildings(1, "forum", "tribunal")
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .coins(0, 2)
        .build()
    )
    quarries = [n for n in notations(state) if n.startswith("quarry")]
    assert quarries == ["quarry forum"], "buildings with points cannot be destroyed"
    state.apply("quarry forum")
    assert built(state, 0) == ["casula"]
    assert built(state, 1) == ["tribunal"]
    centre = pos(state)["centre_buildings"]
    assert CATALOG.building_by_code["forum"] in centre
    assert CATALOG.building_by_code["lapicidinae"] in centre
    assert pos(state)["coins"][0] == 0
    # no gladiator was used
    assert not any(pos(state)["turned"])


def test_buildings_lapicidinae_needs_two_coins() -> None:
    state = (
        Table()
        .buildings(0, "lapicidinae")
        .buildings(1, "forum")
        .gladiators(0, "tiro")
        .coins(0, 1)
        .build()
    )
    assert not any(n.startswith("quarry") for n in notations(state))


# --- Macellum -------------------------------------------------------------------------------


def test_buildings_macellum_one_coin_each_time_you_start_an_auction() -> None:
    state = (
        Table()
        .buildings(0, "macellum", "casula")
        .buildings(1, "commeatus", "taberna")
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .auction_phase(0)
        .build()
    )
    events = state.apply("auction")
    assert pos(state)["coins"][0] == 1
    assert any(e.data.get("why") == "Macellum" for e in events_of(events, "coins"))


# --- Officina -------------------------------------------------------------------------------


def test_buildings_officina_chains_with_one_of_your_gladiators_once_a_turn() -> None:
    chainer = next(g for g in BUILDERS if spec(g).ability != "chain")
    x = spec(chainer).construction
    state = (
        Table()
        .buildings(0, "officina")
        .gladiators(0, chainer)
        .gladiators(1, *(["tiro"] * (x + 1)))
        .build()
    )
    state.apply(f"chain {chainer}")
    binds = 0
    while phase(state) == "chain_pick":
        state.apply(next(n for n in notations(state) if n.startswith("bind")))
        binds += 1
    assert binds == x
    assert pos(state)["officina_used"]
    assert is_turned(state, chainer)
