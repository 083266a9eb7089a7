"""The buildings whose effects Colosseum chose from the symbol legend (docs/rules, "Chosen
building effects"): attack and defence bonuses, work and combat-cost buildings, the Carcer's
double room and the infirmary."""

from __future__ import annotations

from colosseum.games.ludi_gladiatorii.tableau import capacity

from .helpers import Table, built, combat_pair, fight, owned, phase, pos, result, spec


def test_chosen_armamentarium_veterans_plus_one_when_they_attack() -> None:
    a, d = combat_pair(0)
    state = (
        Table(players=4)
        .buildings(0, "armamentarium_iv")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    assert result(fight(state, a, rival=1))["scores"] == [spec(a).combat + 1, spec(d).combat + 1]


def test_chosen_murus_plus_one_to_your_defenders() -> None:
    a, d = combat_pair(0)
    state = (
        Table(players=3)
        .buildings(1, "murus_iii")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("impetus")
        .build()
    )
    assert result(fight(state, a, rival=1))["scores"] == [spec(a).combat + 1, spec(d).combat + 1]


def test_chosen_taberna_one_more_coin_per_work() -> None:
    state = Table().buildings(0, "taberna").gladiators(0, "tiro").gladiators(1, "tiro").build()
    novice = owned(state, 0)[0]
    state.apply(f"work {novice}")
    assert pos(state)["coins"][0] == spec(novice).work + 1


def test_chosen_ludus_magnus_combats_cost_one_coin_less() -> None:
    a, d = combat_pair(0)
    state = (
        Table(magistri_arenae=True)
        .buildings(0, "ludus_magnus")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("defensio")
        .build()
    )
    fight(state, a)
    assert pos(state)["coins"][0] == 2 - 1  # a veteran's combat: 2 coins, less 1


def test_chosen_carcer_counts_twice_for_room() -> None:
    state = Table(players=5).buildings(0, "carcer", "casula").build()
    assert built(state, 0) == ["carcer", "casula"]
    assert capacity(state, 0) == 3


def test_chosen_valetudinarium_pays_two_coins_to_keep_a_gladiator() -> None:
    """The Valetudinarium's text: "you may pay 2 coins to keep it" — the owner is asked, and
    paying keeps the gladiator the combat would discard."""
    a, d = combat_pair(1)  # the defender is stronger: the attacker loses, a skull discards it
    state = (
        Table(players=4)
        .buildings(0, "valetudinarium_iv")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 4)
        .combat_top("defensio_mors")
        .build()
    )
    fight(state, a, rival=1)
    assert phase(state) == "infirmary" and state.current_player == 0
    state.apply(f"keep {a}")
    assert a in owned(state, 0)
    assert pos(state)["coins"][0] == 4 - 2 - 2  # the combat, then the infirmary


def test_chosen_valetudinarium_cannot_pay_gladiator_lost() -> None:
    a, d = combat_pair(1)
    state = (
        Table(players=4)
        .buildings(0, "valetudinarium_iv")
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_top("defensio_mors")
        .build()
    )
    fight(state, a, rival=1)
    assert a not in owned(state, 0)
