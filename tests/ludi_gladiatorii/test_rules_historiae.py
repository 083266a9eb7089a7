"""Rulebook "Historiae (event cards)": the ten events; one is revealed at each of the starting
player's turns except the first and acts during the whole round; then it is discarded for the
next. Each event's effect."""

from __future__ import annotations

import colosseum

from .helpers import (
    CATALOG,
    EVENT_NAMES,
    RULES,
    Table,
    best_builders,
    built,
    combat_pair,
    end_turn,
    event,
    event_card,
    events_of,
    fight,
    is_turned,
    notations,
    owned,
    phase,
    pos,
    result,
    spec,
    to_main,
    veteran,
)


def _table(event_code: str | None = None, players: int = 2) -> Table:
    table = Table(players=players, historiae=True).quiet()
    if event_code is not None:
        table.event(event_code)
    return table


def _event_now(state: colosseum.State) -> str | None:
    return state.view(None)["centre"]["event"]


# --- the deck and its rhythm ----------------------------------------------------------------


def test_historiae_the_ten_events() -> None:
    assert sorted(e.name for e in CATALOG.events) == sorted(EVENT_NAMES)
    state = colosseum.new_game("ludi", players=3, seed=4, options={"historiae": True})
    position = pos(state)
    assert sorted(position["event_pile"] + position["event_discard"]) == list(range(10))
    assert position["event"] == -1, "no event on the starting player's first turn"
    basic = pos(colosseum.new_game("ludi", players=3, seed=4))
    assert basic["event_pile"] == [] and basic["event"] == -1


def test_historiae_one_event_each_starting_player_turn_after_the_first_for_the_round() -> None:
    table = _table().event_top("triumphus", "legatio_antonini")
    table.gladiators(0, "tiro", "tiro").gladiators(1, "tiro", "tiro").start_seat(0)
    state = table.build()
    assert _event_now(state) is None
    end_turn(state)  # seat 1's turn: still round 1, no event
    assert pos(state)["active"] == 1 and _event_now(state) is None
    events = end_turn(state)  # the starting player's second turn
    to_main(state)
    assert pos(state)["active"] == 0 and pos(state)["round"] == 2
    assert _event_now(state) == "triumphus"
    assert event(events, "event").data == {"event": "triumphus"}
    end_turn(state)  # seat 1: the same event, all round
    to_main(state)
    assert pos(state)["active"] == 1 and _event_now(state) == "triumphus"
    end_turn(state)
    to_main(state)
    assert _event_now(state) == "legatio_antonini"
    assert pos(state)["event_discard"] == [event_card("triumphus")]


def test_historiae_only_the_starting_player_reveals() -> None:
    """The starting player is the Casula's first owner, not seat 0."""
    table = _table(players=3).event_top("vinalia").start_seat(1).main(0)
    for seat in range(3):
        table.gladiators(seat, "tiro", "tiro")
    state = table.build()
    end_turn(state)
    to_main(state)
    assert pos(state)["active"] == 1 and _event_now(state) == "vinalia"


# --- each event -----------------------------------------------------------------------------


def test_historiae_munere_traiani_veteran_combats_are_free() -> None:
    a, d = combat_pair(0)
    state = (
        _table("munere_traiani")
        .gladiators(0, a, "tiro")
        .gladiators(1, d)
        .coins(0, 1)
        .combat_top("defensio", "defensio_magnus")
        .build()
    )
    novice = owned(state, 0)[1]
    assert f"fight {a}" in notations(state)
    fight(state, a)
    assert pos(state)["coins"][0] == 1, "the veteran fights for free"
    fight(state, novice)
    assert pos(state)["coins"][0] == 0, "a novice still pays 1"
    state = _table("munere_traiani").gladiators(0, a).gladiators(1, d).coins(0, 0).build()
    assert f"fight {a}" in notations(state)


def test_historiae_vinalia_two_coins_at_the_start_of_each_turn() -> None:
    assert RULES.vinalia_coins == 2
    state = _table("vinalia").gladiators(0, "tiro").gladiators(1, "tiro", "tiro").build()
    end_turn(state)
    to_main(state)
    assert pos(state)["active"] == 1 and pos(state)["coins"][1] == 2


def test_historiae_triumphus_a_coin_with_each_point() -> None:
    a, d = combat_pair(0)
    state = (
        _table("triumphus")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("impetus_gloria")
        .build()
    )
    fight(state, a)
    assert pos(state)["points"][0] == 2
    assert pos(state)["coins"][0] == 2, "two points, two coins"
    state = _table("triumphus").gladiators(0, *best_builders()).gladiators(1, "tiro").build()
    state.apply("build tribunal")
    while phase(state) == "use":
        state.apply(notations(state)[0])
    assert pos(state)["points"][0] == 1 and pos(state)["coins"][0] == 1


def test_historiae_crudelitas_commodi_the_defeated_are_discarded() -> None:
    a, d = combat_pair(0)
    card = "impetus"
    assert not spec(card).skull
    state = (
        _table("crudelitas_commodi")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top(card)
        .build()
    )
    fight(state, a)
    assert owned(state, 1) == []
    state = (
        _table("crudelitas_commodi")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    fight(state, a)
    assert owned(state, 0) == [], "attacker or defender"


def test_historiae_crudelitas_commodi_armoured_still_works() -> None:
    tank = veteran("armoured")
    attacker = veteran(combat=spec(tank).combat)
    state = (
        _table("crudelitas_commodi")
        .gladiators(0, attacker)
        .gladiators(1, tank)
        .coins(0, 2)
        .combat_top("impetus", "defensio")
        .build()
    )
    events = fight(state, attacker)
    assert result(events)["winner"] == 0
    assert event(events, "armoured").data["skull"] is False
    assert owned(state, 1) == [tank]


def test_historiae_ars_augusti_building_costs_one_less() -> None:
    target = "tribunal"
    cost = spec(target).cost
    exact = [g for g in best_builders(10) if spec(g).construction == cost - 1]
    if exact:
        crew: list[str] = exact[:1]
    else:
        crew = []
        for g in best_builders(10):
            if sum(spec(c).construction for c in crew) + spec(g).construction <= cost - 1:
                crew.append(g)
        assert sum(spec(c).construction for c in crew) == cost - 1
    normal = Table().gladiators(0, *crew).gladiators(1, "tiro").build()
    assert f"build {target}" not in notations(normal)
    state = _table("ars_augusti").gladiators(0, *crew).gladiators(1, "tiro").centre(target).build()
    assert f"build {target}" in notations(state)
    state.apply(f"build {target}")
    while phase(state) == "use":
        state.apply(notations(state)[0])
    assert target in built(state, 0)


def test_historiae_ars_augusti_still_needs_a_gladiator_to_demolish() -> None:
    assert spec("casula").demolition == 1
    state = _table("ars_augusti").buildings(0, "casula").gladiators(0, "tiro").build()
    novice = owned(state, 0)[0]
    state.apply("demolish casula")
    assert phase(state) == "use"
    state.apply(f"use {novice}")
    assert built(state, 0) == [] and is_turned(state, novice)
    # with no straight gladiator, nothing is demolished even at cost 0
    turned = _table("ars_augusti").buildings(0, "casula").gladiators(0, "tiro")
    turned.turned(CATALOG.gladiators[turned.pos["gladiators"][0][0]].code)
    assert "demolish casula" not in notations(turned.build())


def test_historiae_legatio_antonini_an_additional_auction() -> None:
    state = (
        _table("legatio_antonini")
        .buildings(0, "casula", "forum", "taberna")
        .gladiators(0, "tiro")
        .gladiators(1, "tiro")
        .build()
    )
    state.apply("end")
    assert pos(state)["auctions_left"] == 2


def test_historiae_saturnalia_discard_your_gladiators_for_a_coin_each() -> None:
    a = veteran()
    state = _table("saturnalia").gladiators(0, a, "tiro").gladiators(1, "tiro").build()
    novice = owned(state, 0)[1]
    state.apply(f"saturnalia {a}")
    assert owned(state, 0) == [novice] and pos(state)["coins"][0] == 1
    assert CATALOG.gladiator_by_code[a] in pos(state)["veteran_discard"]
    state.apply(f"saturnalia {novice}")
    assert owned(state, 0) == [] and pos(state)["coins"][0] == 2


def test_historiae_saturnalia_also_discards_a_turned_gladiator() -> None:
    """ "each player can discard one or several gladiators on their turn" - no gladiator has to
    act for it, so one that already worked may be discarded too."""
    a = veteran()
    state = _table("saturnalia").gladiators(0, a).gladiators(1, "tiro").build()
    state.apply(f"work {a}")
    assert f"saturnalia {a}" in notations(state)


def test_historiae_bellum_gallicum_two_coins_and_a_novice_for_the_top_veteran() -> None:
    assert RULES.bellum_gallicum_cost == 2
    top = veteran()
    state = (
        _table("bellum_gallicum")
        .gladiators(0, "tiro", "tiro")
        .gladiators(1, "tiro")
        .coins(0, 4)
        .veteran_top(top)
        .build()
    )
    first, second = owned(state, 0)
    assert {n for n in notations(state) if n.startswith("gallicum")} == {
        f"gallicum {first}",
        f"gallicum {second}",
    }
    state.apply(f"gallicum {first}")
    assert owned(state, 0) == [second, top] and pos(state)["coins"][0] == 2
    assert not is_turned(state, top)
    state.apply(f"gallicum {second}")
    assert len(owned(state, 0)) == 2 and pos(state)["coins"][0] == 0, "each time you do so"


def test_historiae_bellum_gallicum_also_with_a_turned_novice() -> None:
    """ "during your turn, you can pay 2 coins and discard a novice gladiator" - the novice
    does not act, so one that already worked may be given up too."""
    state = (
        _table("bellum_gallicum").gladiators(0, "tiro").gladiators(1, "tiro").coins(0, 4).build()
    )
    novice = owned(state, 0)[0]
    state.apply(f"work {novice}")
    assert f"gallicum {novice}" in notations(state)


def test_historiae_bellum_gallicum_only_novices() -> None:
    a = veteran()
    state = _table("bellum_gallicum").gladiators(0, a).gladiators(1, "tiro").coins(0, 4).build()
    assert not any(n.startswith("gallicum") for n in notations(state))


def test_historiae_bellum_servile_novices_choose_their_opponent() -> None:
    state = (
        _table("bellum_servile")
        .gladiators(0, "tiro", veteran())
        .gladiators(1, "tiro", veteran(None, exclude=[veteran()]))
        .coins(0, 3)
        .build()
    )
    novice = owned(state, 0)[0]
    state.apply(f"fight {novice}")
    assert phase(state) == "fight_defender" and state.current_player == 0
    state = (
        _table("bellum_servile")
        .gladiators(0, "tiro", veteran())
        .gladiators(1, "tiro", veteran(None, exclude=[veteran()]))
        .coins(0, 3)
        .build()
    )
    state.apply(f"fight {veteran()}")
    assert state.current_player == 1, "veterans do not"


def test_historiae_plaga_galeni_a_combat_card_per_gladiator_skull_discards() -> None:
    a, b = veteran(), veteran(exclude=[veteran()])
    state = (
        _table("plaga_galeni")
        .gladiators(0, "tiro")
        .gladiators(1, a, b)
        .combat_top("impetus_mors_1", "defensio")
        .build()
    )
    end_turn(state)
    assert pos(state)["active"] == 1
    events = to_main(state)
    plague = events_of(events, "plague")
    assert [e.data["gladiator"] for e in plague] == [a, b]
    assert [e.data["skull"] for e in plague] == [True, False]
    mine = owned(state, 1)
    assert a not in mine and b in mine
    assert len(mine) == 2, "then the novices refill"
    assert CATALOG.combat_by_code["impetus_mors_1"] in pos(state)["combat_discard"]


def test_historiae_events_in_play_with_every_module() -> None:
    state = colosseum.new_game(
        "ludi", players=4, seed=9, options={"historiae": True, "magistri_arenae": True}
    )
    view = state.view(0)
    assert view["centre"]["event_pile"] == 10
    assert view["centre"]["event"] is None
