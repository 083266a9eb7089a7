"""Rulebook "Description of the Abilities": Collect, Defender, Chain, Public favor, Deadly,
Armoured, Trample, Precision. Which gladiator has which ability (and its numbers) is read from
the card data, so these tests follow the data."""

from __future__ import annotations

import colosseum

from .helpers import (
    CATALOG,
    Table,
    apply_all,
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
    veterans,
)


def _plain_with_combat(value: int, exclude: tuple[str, ...] = ()) -> str:
    return veteran(combat=value, exclude=exclude)


# --- Collect --------------------------------------------------------------------------------


def test_abilities_collect_takes_one_coin_from_a_rival() -> None:
    collector = veteran("collect")
    state = Table().gladiators(0, collector).gladiators(1, "tiro").coins(1, 3).build()
    events = state.apply(f"collect {collector}")
    assert event(events, "collect").data["from"] == 1
    assert pos(state)["coins"] == [1, 2]
    assert is_turned(state, collector)
    assert not any(n.endswith(collector) for n in notations(state)), "no other action"


def test_abilities_collect_chooses_the_rival_with_coins() -> None:
    collector = veteran("collect")
    state = (
        Table(players=3)
        .gladiators(0, collector)
        .gladiators(1, "tiro")
        .gladiators(2, "tiro")
        .coins(1, 1)
        .coins(2, 2)
        .build()
    )
    state.apply(f"collect {collector}")
    assert phase(state) == "collect_target"
    assert set(notations(state)) == {"target 1", "target 2"}
    state.apply("target 2")
    assert pos(state)["coins"] == [1, 1, 1]


# --- Defender -------------------------------------------------------------------------------


def test_abilities_defender_gains_one_combat_when_defending() -> None:
    guard = veteran("defender")
    attacker = _plain_with_combat(spec(guard).combat + 1)
    state = (
        Table()
        .gladiators(0, attacker)
        .gladiators(1, guard)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    events = fight(state, attacker)
    shields = spec("defensio").shields
    assert result(events)["scores"] == [spec(attacker).combat, spec(guard).combat + shields + 1]
    assert result(events)["winner"] == 1


def test_abilities_defender_has_no_bonus_when_attacking() -> None:
    guard = veteran("defender")
    target = _plain_with_combat(spec(guard).combat)
    state = (
        Table()
        .gladiators(0, guard)
        .gladiators(1, target)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    events = fight(state, guard)
    assert result(events)["scores"] == [spec(guard).combat, spec(target).combat + 1]


# --- Chain ----------------------------------------------------------------------------------


def test_abilities_chain_x_rival_gladiators_cannot_defend_this_turn() -> None:
    chainer = veteran("chain")
    x = spec(chainer).construction
    assert x >= 1
    fighter = veteran(exclude=[chainer])
    rivals = ["tiro"] * (x + 1)
    state = Table().gladiators(0, chainer, fighter).gladiators(1, *rivals).coins(0, 2).build()
    state.apply(f"chain {chainer}")
    assert phase(state) == "chain_pick"
    tiros = owned(state, 1)
    for code in tiros[:x]:
        state.apply(f"bind {code}")
    assert phase(state) == "main", "X = the chaining gladiator's construction"
    assert is_turned(state, chainer)
    assert not any(n.endswith(f" {chainer}") for n in notations(state))
    state.apply(f"fight {fighter}")
    if phase(state) == "fight_defender":
        assert {n.split()[1] for n in notations(state)} == set(tiros[x:])
    # chained only during this turn
    state2 = Table().quiet().gladiators(0, "tiro").gladiators(1, *rivals).build()
    position = state2.to_position()
    for g in position["gladiators"][1]:
        position["chained"][g] = True
    state2 = colosseum.from_position("ludi", position)
    while pos(state2)["active"] == 0:
        names = notations(state2)
        state2.apply("end" if "end" in names else names[0])
    assert not any(pos(state2)["chained"])


def test_abilities_chain_without_the_officina_and_more_than_once() -> None:
    chainers = veterans("chain")
    assert chainers
    state = Table().gladiators(0, chainers[0]).gladiators(1, "tiro").build()
    assert f"chain {chainers[0]}" in notations(state)


# --- Public favor ---------------------------------------------------------------------------


def _favorite_duel(second: str) -> colosseum.State:
    """A public-favor gladiator attacks an equal rival; a Defensio beats it, then `second` is
    the card its favor reveals."""
    fav = veteran("public_favor")
    rival = _plain_with_combat(spec(fav).combat)
    return (
        Table()
        .gladiators(0, fav)
        .gladiators(1, rival)
        .coins(0, 2)
        .combat_top("defensio", second)
        .build()
    )


def test_abilities_public_favor_reveals_one_more_card_and_may_apply_it() -> None:
    fav = veteran("public_favor")
    state = _favorite_duel("impetus_magnus")
    fight(state, fav)
    assert phase(state) == "favor" and state.current_player == 0
    assert set(notations(state)) == {"favor", "no favor"}
    state.apply("favor")
    assert phase(state) == "favor_apply"
    assert set(notations(state)) == {"apply", "ignore"}
    events = state.apply("apply")
    outcome = result(events)
    swords = spec("impetus_magnus").swords
    shields = spec("defensio").shields
    rival_combat = spec(fav).combat
    assert outcome["scores"] == [spec(fav).combat + swords, rival_combat + shields]
    assert outcome["winner"] == 0 and pos(state)["points"] == [1, 0]


def test_abilities_public_favor_card_may_be_ignored() -> None:
    fav = veteran("public_favor")
    state = _favorite_duel("impetus_magnus")
    fight(state, fav)
    events = apply_all(state, ["favor", "ignore"])
    assert result(events)["winner"] == 1
    assert pos(state)["points"] == [0, 0]
    # the ignored card is still discarded with the others
    assert CATALOG.combat_by_code["impetus_magnus"] in pos(state)["combat_discard"]


def test_abilities_public_favor_only_once_per_combat() -> None:
    fav = veteran("public_favor")
    state = _favorite_duel("defensio_magnus")
    fight(state, fav)
    events = apply_all(state, ["favor", "apply"])
    assert result(events)["winner"] == 1, "no second favor card"
    assert len(events_of(events, "favor")) == 1


def test_abilities_public_favor_may_be_declined() -> None:
    fav = veteran("public_favor")
    state = _favorite_duel("impetus_magnus")
    fight(state, fav)
    events = state.apply("no favor")
    assert result(events)["winner"] == 1


# --- Deadly ---------------------------------------------------------------------------------


def test_abilities_deadly_discards_the_defender_it_beats() -> None:
    killer = veteran("deadly")
    victim = _plain_with_combat(spec(killer).combat)
    state = (
        Table()
        .gladiators(0, killer)
        .gladiators(1, victim)
        .coins(0, 2)
        .combat_top("impetus")
        .build()
    )
    assert not spec("impetus").skull
    events = fight(state, killer)
    assert result(events)["winner"] == 0
    assert owned(state, 1) == []


def test_abilities_deadly_only_in_a_combat_it_started() -> None:
    killer = veteran("deadly")
    attacker = _plain_with_combat(spec(killer).combat)
    state = (
        Table()
        .gladiators(0, attacker)
        .gladiators(1, killer)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    events = fight(state, attacker)
    assert result(events)["winner"] == 1
    assert owned(state, 0) == [attacker], "a deadly defender does not discard the attacker"


# --- Armoured -------------------------------------------------------------------------------


def _armoured_loses(extra: str) -> tuple[colosseum.State, list[colosseum.Event]]:
    tank = veteran("armoured")
    attacker = _plain_with_combat(spec(tank).combat)
    state = (
        Table()
        .gladiators(0, attacker)
        .gladiators(1, tank)
        .coins(0, 2)
        .combat_top("impetus_magnus_mors", extra)
        .build()
    )
    events = fight(state, attacker)
    assert result(events)["winner"] == 0
    return state, events


def test_abilities_armoured_survives_without_a_skull_on_the_next_card() -> None:
    tank = veteran("armoured")
    state, events = _armoured_loses("defensio")
    assert event(events, "armoured").data == {"gladiator": tank, "card": "defensio", "skull": False}
    assert owned(state, 1) == [tank]


def test_abilities_armoured_is_discarded_with_a_skull_on_the_next_card() -> None:
    state, events = _armoured_loses("defensio_mors")
    assert event(events, "armoured").data["skull"] is True
    assert owned(state, 1) == []


# --- Trample --------------------------------------------------------------------------------


def test_abilities_trample_a_second_free_combat_after_a_win() -> None:
    trampler = veteran("trample")
    rival = _plain_with_combat(spec(trampler).combat)
    cost = 2
    state = (
        Table()
        .gladiators(0, trampler)
        .gladiators(1, rival)
        .coins(0, cost)
        .combat_top("impetus", "impetus_magnus")
        .build()
    )
    fight(state, trampler)
    assert pos(state)["coins"][0] == 0
    assert f"fight {trampler}" in notations(state), "a free second combat"
    events = fight(state, trampler)
    assert event(events, "fight").data["free"] is True
    assert result(events)["winner"] == 0
    assert pos(state)["points"][0] == 2 and pos(state)["coins"][0] == 0
    assert f"fight {trampler}" not in notations(state), "only after the first combat"


def test_abilities_trample_not_after_a_defeat() -> None:
    trampler = veteran("trample")
    rival = _plain_with_combat(spec(trampler).combat)
    state = (
        Table()
        .gladiators(0, trampler)
        .gladiators(1, rival)
        .coins(0, 4)
        .combat_top("defensio")
        .build()
    )
    fight(state, trampler)
    assert f"fight {trampler}" not in notations(state)


# --- Precision ------------------------------------------------------------------------------


def test_abilities_precision_chooses_the_opponent() -> None:
    sniper = veteran("precision")
    state = (
        Table()
        .gladiators(0, sniper)
        .gladiators(1, "tiro", veteran(None, exclude=[sniper]))
        .coins(0, 2)
        .build()
    )
    state.apply(f"fight {sniper}")
    assert phase(state) == "fight_defender"
    assert state.current_player == 0, "the attacker chooses"
    novice = owned(state, 1)[0]
    events = state.apply(f"defend {novice}")
    assert event(events, "defending").data["gladiator"] == novice


def test_abilities_without_precision_the_defender_chooses() -> None:
    plain = veteran()
    state = (
        Table()
        .gladiators(0, plain)
        .gladiators(1, "tiro", veteran(None, exclude=[plain]))
        .coins(0, 2)
        .build()
    )
    state.apply(f"fight {plain}")
    assert state.current_player == 1
