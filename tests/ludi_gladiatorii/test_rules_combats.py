"""Rulebook "Combats" 1-6 and its worked example: the cost (2 coins with a veteran, 1 with a
novice), the defender's choice, Impetus swords and Defensio shields, the attacker winning
ties, the point for an attacking winner only, the skull, the extra point and 2 coins, the
reshuffle, and the pile rebuilt from the discards."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    CATALOG,
    RULES,
    Table,
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

VET = veteran(combat=3)
OTHER = veteran(exclude=[VET])


def _duel(attacker: str, defender: str, *cards: str, coins: int = 5) -> colosseum.State:
    return (
        Table()
        .gladiators(0, attacker)
        .gladiators(1, defender)
        .coins(0, coins)
        .combat_top(*cards)
        .build()
    )


# --- the worked example ---------------------------------------------------------------------


def _example_table() -> Table:
    """Alberto (seat 0) with Cretensis, Ignacio (seat 1) with Hispanus; the top card of the
    combat pile is an Impetus with one sword and a skull."""
    card = "impetus_mors_1"
    assert spec(card).name == "Impetus" and spec(card).swords == 1 and spec(card).skull
    assert not spec(card).extra_point and not spec(card).coins
    return Table().gladiators(0, "cretensis").coins(0, 2).combat_top(card)


def test_combats_rulebook_example_cretensis_attacks_hispanus() -> None:
    assert spec("cretensis").veteran and spec("cretensis").combat == 2
    assert spec("hispanus").combat == 3
    state = _example_table().gladiators(1, "hispanus").build()
    events = state.apply("fight cretensis")
    # 1. a veteran: the combat costs Alberto 2 coins
    assert pos(state)["coins"][0] == 0
    assert event(events, "coins").data == {"seat": 0, "pay": 2, "why": "combat"}
    # 2.-3. Ignacio defends with Hispanus; 4. the Impetus with a sword and a skull
    assert event(events, "defending").data == {"seat": 1, "gladiator": "hispanus"}
    assert event(events, "combat_card").data["card"] == "impetus_mors_1"
    # 5. 2 + 1 = 3 against 3: a tie, won by the attacker
    outcome = result(events)
    assert outcome["scores"] == [3, 3]
    assert outcome["winner"] == 0 and outcome["winning_gladiator"] == "cretensis"
    # 6. Alberto gains 1 victory point; the skull discards Ignacio's Hispanus
    assert pos(state)["points"] == [1, 0]
    assert owned(state, 1) == []
    assert CATALOG.gladiator_by_code["hispanus"] in pos(state)["veteran_discard"]
    assert owned(state, 0) == ["cretensis"] and is_turned(state, "cretensis")
    assert phase(state) == "main"


def test_combats_rulebook_example_ignacio_chooses_hispanus() -> None:
    """Step 3: "Ignacio decides to defend with his gladiator Hispanus" - the defending player
    chooses, also when he has another gladiator."""
    state = _example_table().gladiators(1, "hispanus", "tiro").build()
    state.apply("fight cretensis")
    assert phase(state) == "fight_defender"
    assert state.current_player == 1, "the defender (Ignacio) chooses his gladiator"
    events = state.apply("defend hispanus")
    assert result(events)["scores"] == [3, 3] and result(events)["winner"] == 0
    assert pos(state)["points"] == [1, 0]


# --- 1. cost --------------------------------------------------------------------------------


def test_combats_1_a_veteran_costs_2_coins_a_novice_1() -> None:
    assert (RULES.combat_cost_veteran, RULES.combat_cost_novice) == (2, 1)
    state = (
        Table()
        .gladiators(0, VET, "tiro")
        .gladiators(1, OTHER)
        .coins(0, 3)
        .combat_top("defensio_magnus", "defensio")
        .build()
    )
    novice = owned(state, 0)[1]
    fight(state, VET)
    assert pos(state)["coins"][0] == 1
    fight(state, novice)
    assert pos(state)["coins"][0] == 0


def test_combats_1_you_must_be_able_to_pay() -> None:
    state = Table().gladiators(0, VET, "tiro").gladiators(1, OTHER).coins(0, 1).build()
    novice = owned(state, 0)[1]
    assert f"fight {VET}" not in notations(state)
    assert f"fight {novice}" in notations(state)
    state = Table().gladiators(0, VET, "tiro").gladiators(1, OTHER).coins(0, 0).build()
    assert not any(n.startswith("fight") for n in notations(state))


def test_combats_1_the_attacker_is_turned_and_fights_once() -> None:
    state = _duel(VET, OTHER, "defensio")
    fight(state, VET)
    assert is_turned(state, VET)
    assert f"fight {VET}" not in notations(state)


def test_combats_several_combats_with_different_gladiators() -> None:
    a = veteran(exclude=[OTHER])
    b = veteran(exclude=[OTHER, a])
    state = (
        Table()
        .gladiators(0, a, b)
        .gladiators(1, OTHER)
        .coins(0, 4)
        .combat_top("defensio_magnus", "defensio")
        .build()
    )
    fight(state, a)
    assert f"fight {b}" in notations(state)
    fight(state, b)
    assert is_turned(state, a) and is_turned(state, b)
    assert pos(state)["coins"][0] == 0


# --- 2. the defending player ----------------------------------------------------------------


def test_combats_2_the_attacker_chooses_the_rival() -> None:
    state = (
        Table(players=3)
        .gladiators(0, VET)
        .gladiators(1, OTHER)
        .gladiators(2, "tiro")
        .coins(0, 2)
        .build()
    )
    state.apply(f"fight {VET}")
    assert phase(state) == "fight_target" and state.current_player == 0
    assert set(notations(state)) == {"target 1", "target 2"}
    events = state.apply("target 2")
    assert event(events, "defender").data == {"seat": 2}


def test_combats_2_a_rival_without_gladiators_cannot_be_attacked() -> None:
    state = (
        Table(players=3).gladiators(0, VET).gladiators(1, OTHER).gladiators(2).coins(0, 2).build()
    )
    events = state.apply(f"fight {VET}")
    assert event(events, "defender").data == {"seat": 1}
    state = Table().gladiators(0, VET).gladiators(1).coins(0, 2).build()
    assert f"fight {VET}" not in notations(state)


# --- 3. the defender chooses ----------------------------------------------------------------


def test_combats_3_the_defender_chooses_any_gladiator_and_pays_nothing() -> None:
    plain = veteran(exclude=[VET, OTHER])
    state = (
        Table()
        .gladiators(0, plain)
        .gladiators(1, VET, OTHER, "tiro")
        .turned(OTHER)
        .coins(0, 2)
        .coins(1, 3)
        .build()
    )
    state.apply(f"fight {plain}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    novice = owned(state, 1)[2]
    assert set(notations(state)) == {f"defend {VET}", f"defend {OTHER}", f"defend {novice}"}
    state.apply(f"defend {OTHER}")
    assert pos(state)["coins"][1] == 3


# --- 4.-5. the cards and the result ---------------------------------------------------------


def test_combats_5a_impetus_adds_its_swords_to_the_attacker() -> None:
    a, d = combat_pair(0)
    card = "impetus_magnus"
    events = fight(_duel(a, d, card), a)
    swords = spec(card).swords
    assert result(events)["scores"] == [spec(a).combat + swords, spec(d).combat]


def test_combats_5b_defensio_adds_its_shields_to_the_defender() -> None:
    a, d = combat_pair(0)
    card = "defensio_magnus"
    events = fight(_duel(a, d, card), a)
    shields = spec(card).shields
    assert result(events)["scores"] == [spec(a).combat, spec(d).combat + shields]


@pytest.mark.parametrize("card", ["impetus", "defensio"])
def test_combats_5c_the_attacker_wins_ties(card: str) -> None:
    difference = spec(card).swords - spec(card).shields
    a, d = combat_pair(difference)
    events = fight(_duel(a, d, card), a)
    scores = result(events)["scores"]
    assert scores[0] == scores[1]
    assert result(events)["winner"] == 0


def test_combats_5c_the_higher_combat_skill_wins() -> None:
    a, d = combat_pair(0)
    events = fight(_duel(a, d, "defensio"), a)
    assert result(events)["winner"] == 1
    a, d = combat_pair(0)
    events = fight(_duel(a, d, "impetus"), a)
    assert result(events)["winner"] == 0


# --- 6. effects -----------------------------------------------------------------------------


def test_combats_6a_an_attacking_winner_gains_a_victory_point() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus")
    fight(state, a)
    assert pos(state)["points"] == [1, 0]


def test_combats_6a_a_defending_winner_gains_no_point() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "defensio")
    events = fight(state, a)
    assert result(events)["winner"] == 1
    assert pos(state)["points"] == [0, 0]


def test_combats_6b_a_skull_discards_the_defeated_defender() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus_mors_1")
    fight(state, a)
    assert owned(state, 1) == [] and owned(state, 0) == [a]
    assert CATALOG.gladiator_by_code[d] in pos(state)["veteran_discard"]


def test_combats_6b_a_skull_discards_the_defeated_attacker() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "defensio_mors")
    fight(state, a)
    assert owned(state, 0) == [] and owned(state, 1) == [d]
    assert CATALOG.gladiator_by_code[a] in pos(state)["veteran_discard"]


def test_combats_6b_a_discarded_novice_returns_to_the_centre() -> None:
    state = _duel("tiro", VET, "defensio_mors")
    novice = CATALOG.gladiator_by_code[owned(state, 0)[0]]
    fight(state, owned(state, 0)[0])
    assert owned(state, 0) == []
    assert novice in pos(state)["centre_novices"]


def test_combats_6b_without_a_skull_nobody_is_discarded() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus")
    fight(state, a)
    assert owned(state, 1) == [d]


def test_combats_6c_the_extra_point_goes_to_the_winner() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus_gloria")
    fight(state, a)
    assert pos(state)["points"] == [2, 0]
    state = _duel(a, d, "defensio_gloria")
    fight(state, a)
    assert pos(state)["points"] == [0, 1], "a defending winner gets the card's extra point"


def test_combats_6c_the_two_coins_go_to_the_winner() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus_praemium", coins=2)
    fight(state, a)
    assert pos(state)["coins"] == [2, 0]
    state = _duel(a, d, "defensio_praemium", coins=2)
    fight(state, a)
    assert pos(state)["coins"] == [0, 2]


def test_combats_6c_the_reshuffle_puts_the_used_cards_back_into_the_pile() -> None:
    a, d = combat_pair(0)
    state = (
        Table()
        .gladiators(0, a)
        .gladiators(1, d)
        .coins(0, 2)
        .combat_discard("defensio", "defensio_mors", "impetus_gloria")
        .combat_top("impetus_renovatio")
        .build()
    )
    events = fight(state, a)
    assert event(events, "reshuffle")
    assert pos(state)["combat_discard"] == []
    assert sorted(pos(state)["combat_pile"]) == list(range(len(CATALOG.combat)))


def test_combats_used_cards_are_discarded() -> None:
    a, d = combat_pair(0)
    state = _duel(a, d, "impetus")
    fight(state, a)
    assert pos(state)["combat_discard"] == [CATALOG.combat_by_code["impetus"]]


def test_combats_4_an_empty_pile_is_rebuilt_from_the_discarded_cards() -> None:
    a, d = combat_pair(0)
    state = Table().gladiators(0, a).gladiators(1, d).coins(0, 2).combat_only().build()
    assert pos(state)["combat_pile"] == []
    assert len(pos(state)["combat_discard"]) == len(CATALOG.combat)
    events = fight(state, a)
    assert len(events_of(events, "combat_card")) == 1
    position = pos(state)
    assert len(position["combat_pile"]) == len(CATALOG.combat) - 1
    assert len(position["combat_discard"]) == 1 or event(events, "reshuffle")
