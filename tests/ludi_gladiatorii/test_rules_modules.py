"""Rulebook "Modules": Champions (designation when the Colosseum is built, the forced champion
defence unless chained, the stolen victory point, a new champion at the start of the next turn)
and Public Favor tokens (a token to each winner, one at most, the loser decides first, the card
applied or ignored, with the rulebook's two examples)."""

from __future__ import annotations

import colosseum

from .helpers import (
    CATALOG,
    FAVOR_TOKENS,
    RULES,
    Table,
    apply_all,
    best_builders,
    combat_pair,
    end_turn,
    event,
    fight,
    kinds_legal,
    notations,
    owned,
    phase,
    pos,
    result,
    spec,
    veterans,
)

EVERY_BOX = ("base", "quintus_ludus", "magistri_arenae")
# Champions: combat-3 gladiators without Precision (which lets the attacker choose), Deadly,
# Armoured or Public favor (which would change the outcomes tested); Defender ones last.
STRONG = sorted(
    (
        g
        for g in veterans(None, box=EVERY_BOX, combat=RULES.champion_combat)
        if spec(g).ability not in ("precision", "deadly", "armoured", "public_favor")
    ),
    key=lambda g: spec(g).ability == "defender",
)
assert len(STRONG) >= 3, STRONG
CHAMP0, CHAMP1, SPARE = STRONG[:3]
WEAK = veterans("", exclude=best_builders(), combat=1)[0]


def _champions_table() -> Table:
    return Table(champions=True, magistri_arenae=True)


# --- Champions ------------------------------------------------------------------------------


def test_champions_the_colosseum_comes_with_the_module() -> None:
    with_module = pos(colosseum.new_game("ludi", players=2, seed=1, options={"champions": True}))
    colosseum_card = CATALOG.building_by_code["colosseum"]
    assert colosseum_card in with_module["centre_buildings"]
    without = pos(colosseum.new_game("ludi", players=2, seed=1, options={"magistri_arenae": True}))
    assert colosseum_card not in without["centre_buildings"]


def test_champions_designated_when_the_colosseum_is_built() -> None:
    builders = best_builders()
    state = (
        _champions_table()
        .gladiators(0, *builders, CHAMP0)
        .gladiators(1, CHAMP1, SPARE, WEAK)
        .centre("colosseum")
        .build()
    )
    state.apply("build colosseum")
    while phase(state) == "use":
        state.apply(notations(state)[0])
    assert "colosseum" in [CATALOG.buildings[b].code for b in pos(state)["buildings"][0]]
    assert phase(state) == "champion" and state.current_player == 0
    assert notations(state) == [f"champion {CHAMP0}"], "only combat-3 gladiators"
    state.apply(f"champion {CHAMP0}")
    assert phase(state) == "champion" and state.current_player == 1
    assert set(notations(state)) == {f"champion {CHAMP1}", f"champion {SPARE}"}
    state.apply(f"champion {SPARE}")
    assert phase(state) == "main" and state.current_player == 0
    assert pos(state)["champion"] == [
        CATALOG.gladiator_by_code[CHAMP0],
        CATALOG.gladiator_by_code[SPARE],
    ]
    view = state.view(1)
    marked = [
        g["code"] for lanista in view["lanistae"] for g in lanista["gladiators"] if g["champion"]
    ]
    assert sorted(marked) == sorted([CHAMP0, SPARE])


def test_champions_no_candidate_no_champion() -> None:
    builders = best_builders()
    state = (
        _champions_table()
        .gladiators(0, *builders, CHAMP0)
        .gladiators(1, WEAK)
        .centre("colosseum")
        .build()
    )
    state.apply("build colosseum")
    while phase(state) == "use":
        state.apply(notations(state)[0])
    state.apply(f"champion {CHAMP0}")
    assert phase(state) == "main"
    assert pos(state)["champion"][1] == -1


def _duel_table(**extra: bool) -> Table:
    """The Colosseum stands; seat 0's champion CHAMP0, seat 1's CHAMP1 (plus a novice)."""
    return (
        Table(champions=True, magistri_arenae=True, **extra)
        .buildings(0, "colosseum")
        .gladiators(0, CHAMP0, WEAK)
        .gladiators(1, "tiro", CHAMP1)
        .champion(0, CHAMP0)
        .champion(1, CHAMP1)
        .coins(0, 4)
    )


def test_champions_a_champion_challenge_forces_the_rival_champion() -> None:
    state = _duel_table().combat_top("impetus").build()
    events = state.apply(f"fight {CHAMP0}")
    assert event(events, "defending").data == {"seat": 1, "gladiator": CHAMP1}
    assert phase(state) == "main", "no choice for the defender"


def test_champions_a_chained_champion_need_not_defend() -> None:
    state = _duel_table().chained(CHAMP1).combat_top("defensio").build()
    events = state.apply(f"fight {CHAMP0}")
    assert event(events, "defending").data["gladiator"] != CHAMP1
    state = _duel_table().gladiators(1, "tiro", CHAMP1, "tiro").chained(CHAMP1).build()
    state.apply(f"fight {CHAMP0}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    assert CHAMP1 not in " ".join(notations(state))


def test_champions_other_attackers_are_answered_normally() -> None:
    state = _duel_table().build()
    state.apply(f"fight {WEAK}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    assert f"defend {CHAMP1}" in notations(state) and len(notations(state)) == 2


def test_champions_the_winning_champion_takes_a_point_from_the_loser() -> None:
    state = _duel_table().points(0, 1).points(1, 2).combat_top("impetus").build()
    supply = pos(state)["supply_points"]
    events = fight(state, CHAMP0)
    assert result(events)["winner"] == 0
    assert pos(state)["points"] == [1 + 2, 2 - 1]
    assert pos(state)["supply_points"] == supply - 1


def test_champions_a_point_taken_in_a_duel_can_win_the_game() -> None:
    """The combat's point and the one taken from the loser, counted together at the end of
    the action (the point taken leaves the supply as it was; the combat's point moved it)."""
    state = _duel_table().points(0, 5).points(1, 2).combat_top("impetus").build()
    events = fight(state, CHAMP0)
    assert result(events)["winner"] == 0
    assert pos(state)["points"] == [5 + 2, 2 - 1]
    assert state.is_terminal() and state.winners() == [0]


def test_champions_a_defending_champion_that_wins_takes_nothing() -> None:
    state = _duel_table().points(0, 1).points(1, 2).combat_top("defensio").build()
    events = fight(state, CHAMP0)
    assert result(events)["winner"] == 1
    assert pos(state)["points"] == [1, 2]


def test_champions_against_another_gladiator_the_combat_is_normal() -> None:
    """A champion attacking a lanista without a champion wins the usual point only."""
    state = (
        Table(champions=True, magistri_arenae=True)
        .buildings(0, "colosseum")
        .gladiators(0, CHAMP0)
        .gladiators(1, "tiro")
        .champion(0, CHAMP0)
        .points(1, 2)
        .coins(0, 2)
        .combat_top("impetus")
        .build()
    )
    fight(state, CHAMP0)
    assert pos(state)["points"] == [1, 2]


def test_champions_a_lost_champion_is_replaced_at_the_start_of_the_next_turn() -> None:
    table = (
        Table(champions=True, magistri_arenae=True)
        .quiet()
        .buildings(0, "colosseum", "casula")
        .gladiators(0, CHAMP0, WEAK)
        .gladiators(1, SPARE, "tiro")
        .champion(0, CHAMP0)
    )
    state = table.build()
    assert pos(state)["champion"][1] == -1
    end_turn(state)
    assert pos(state)["active"] == 1 and phase(state) == "start"
    assert notations(state) == ["start champion"]
    state.apply("start champion")
    assert notations(state) == [f"champion {SPARE}"]
    state.apply(f"champion {SPARE}")
    assert phase(state) == "main"
    assert pos(state)["champion"][1] == CATALOG.gladiator_by_code[SPARE]


def test_champions_a_designated_champion_is_not_changed() -> None:
    table = (
        Table(champions=True, magistri_arenae=True)
        .quiet()
        .buildings(0, "colosseum", "casula")
        .gladiators(0, CHAMP0, WEAK)
        .gladiators(1, SPARE, CHAMP1)
        .champion(0, CHAMP0)
        .champion(1, CHAMP1)
    )
    state = table.build()
    end_turn(state)
    assert pos(state)["active"] == 1 and phase(state) == "main"
    assert pos(state)["champion"][1] == CATALOG.gladiator_by_code[CHAMP1]


def test_champions_discarded_champion_loses_its_mark() -> None:
    state = _duel_table().combat_top("impetus_mors_1").build()
    fight(state, CHAMP0)
    assert CHAMP1 not in owned(state, 1)
    assert pos(state)["champion"][1] == -1


# --- Public Favor tokens ---------------------------------------------------------------------

A, D = combat_pair(0)


def _favor_table() -> Table:
    return Table(public_favor=True).gladiators(0, A).gladiators(1, D).coins(0, 2)


def test_public_favor_tokens_fifteen_in_the_supply() -> None:
    state = colosseum.new_game("ludi", players=2, seed=1, options={"public_favor": True})
    assert pos(state)["supply_favor"] == FAVOR_TOKENS == RULES.favor_tokens
    assert pos(colosseum.new_game("ludi", players=2, seed=1))["supply_favor"] == 0


def test_public_favor_a_winning_gladiator_receives_a_token() -> None:
    state = _favor_table().combat_top("impetus").build()
    fight(state, A)
    assert pos(state)["favor"][CATALOG.gladiator_by_code[A]]
    assert pos(state)["supply_favor"] == FAVOR_TOKENS - 1
    state = _favor_table().combat_top("defensio").build()
    fight(state, A)
    assert pos(state)["favor"][CATALOG.gladiator_by_code[D]], "a defending winner too"
    assert not pos(state)["favor"][CATALOG.gladiator_by_code[A]]


def test_public_favor_one_token_at_most() -> None:
    state = _favor_table().favor(A).combat_top("impetus").build()
    fight(state, A)
    if phase(state) == "favor":
        state.apply("no favor")
    assert pos(state)["favor"][CATALOG.gladiator_by_code[A]]
    assert pos(state)["supply_favor"] == FAVOR_TOKENS - 1


def test_public_favor_the_defeated_gladiator_decides_first() -> None:
    state = _favor_table().favor(A, D).combat_top("impetus", "defensio").build()
    fight(state, A)
    assert phase(state) == "favor" and state.current_player == 1, "the defender lost"
    state.apply("no favor")
    assert phase(state) == "favor" and state.current_player == 0
    state = _favor_table().favor(A, D).combat_top("defensio", "impetus").build()
    fight(state, A)
    assert phase(state) == "favor" and state.current_player == 0, "the attacker lost"


def test_public_favor_the_spent_token_returns_to_the_supply() -> None:
    state = _favor_table().favor(D).combat_top("impetus", "defensio_magnus").build()
    fight(state, A)
    apply_all(state, ["favor", "apply"])
    # the card turned the combat: the defender won and takes a token again
    assert pos(state)["favor"][CATALOG.gladiator_by_code[D]]
    assert pos(state)["supply_favor"] == FAVOR_TOKENS - 1
    assert pos(state)["points"] == [0, 0]


def test_public_favor_rulebook_example_juan_ignores_the_card() -> None:
    """Juan defends and loses, uses his gladiator's favor, reveals another card and does not
    apply it: he still loses, but his rival does not win the card's additional gain."""
    prize = "impetus_praemium"
    assert spec(prize).coins == 2
    juan = _favor_table().favor(D).combat_top("impetus", prize).coins(0, 2)
    state = juan.build()
    fight(state, A)
    assert state.current_player == 1 and set(notations(state)) == {"favor", "no favor"}
    state.apply("favor")
    assert phase(state) == "favor_apply" and kinds_legal(state) == {"apply", "ignore"}
    events = state.apply("ignore")
    assert result(events)["winner"] == 0
    assert pos(state)["coins"][0] == 0, "no 2 coins for the rival"
    assert pos(state)["points"] == [1, 0]
    assert not pos(state)["favor"][CATALOG.gladiator_by_code[D]], "the token is spent"
    # had he applied it, the rival would have won the 2 coins
    state = juan.build()
    fight(state, A)
    apply_all(state, ["favor", "apply"])
    assert pos(state)["coins"][0] == 2


def test_public_favor_rulebook_example_rocio_eliminates_the_defender() -> None:
    """Rocio attacks and wins; she uses her gladiator's favor, reveals another card, applies it
    and its skull eliminates the defending gladiator."""
    state = _favor_table().favor(A).combat_top("impetus", "impetus_mors_1").build()
    fight(state, A)
    assert state.current_player == 0, "the loser has no favor: Rocio decides"
    apply_all(state, ["favor", "apply"])
    assert D not in owned(state, 1)
    assert pos(state)["points"] == [1, 0]
    # a new token for the winner after spending hers
    assert pos(state)["favor"][CATALOG.gladiator_by_code[A]]
    assert pos(state)["supply_favor"] == FAVOR_TOKENS - 1


def test_public_favor_a_discarded_gladiator_returns_its_token() -> None:
    state = _favor_table().favor(D).combat_top("impetus_mors_1").build()
    fight(state, A)
    if phase(state) == "favor":
        state.apply("no favor")
    assert D not in owned(state, 1)
    assert pos(state)["supply_favor"] == FAVOR_TOKENS - 1  # D's back, A's taken
