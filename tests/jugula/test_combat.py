"""Jugula combat on hand-built positions: eligible targets, committing the cards, the combat
scores and the attack's outcome ("Combat" and its sidebars, "Combat Effect", "Vox Populi").

Each expected score is computed here from the armatura and card data and the rulebook's stated
modifiers, never from the engine's scoring.
"""

from __future__ import annotations

import pytest

from .fights import (
    CAT,
    att,
    attacks_from,
    bench,
    deal,
    dfn,
    die,
    facing,
    fight,
    final,
    kinds,
    pick,
    where,
)
from .helpers import Table

# Seat 0: thraex, murmillo, veles, provocator; seat 1: retiarius, secutor, hoplomachus, scissor.


def duel(
    defender: str = "hoplomachus", d_facing: str = "s", wounded: bool = False
) -> tuple[Table, int, int]:
    """Seat 0's Thraex on d4 facing N, seat 1's `defender` on d5, the others on the bench; seat
    0 has one attack."""
    t = Table()
    a = t.place(0, "thraex", "d4", "n")
    d = t.place(1, defender, "d5", d_facing, wounded=wounded)
    return t, a, d


def start(t: Table, seat: int = 0, count: int = 1) -> None:
    bench(t)
    t.attacks(seat, count)


# --- Eligible targets -----------------------------------------------------------------------------


def test_targets_are_the_enemies_in_the_front_zone() -> None:
    """Eligible targets: "an enemy gladiator that is in one of the three squares that form the
    front zone" (A, B or C, not D); a friend in the front zone is no target."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(1, "retiarius", "c5", "s")
    t.place(1, "hoplomachus", "e5", "s")
    t.place(0, "murmillo", "d5", "s")  # a friend ahead
    t.place(1, "secutor", "c4", "e")  # on the flank
    t.place(1, "scissor", "d3", "n")  # on the back
    start(t)
    assert attacks_from(t, "d4") == {"c5", "e5"}


def test_its_a_show_a_gladiator_wounded_this_turn_cannot_be_attacked_again() -> None:
    """ "It's a show!" / Eligible targets: a gladiator wounded by an attack this turn cannot be
    attacked again during the combat effect, by any gladiator."""
    t, _, d = duel()
    t.place(0, "veles", "d3", "n")  # Range 2: reaches ranks 4 to 6
    t.place(1, "retiarius", "e6", "n")
    start(t, count=3)
    a_card, d_card = pick(att("thraex", "hoplomachus"), dfn("hoplomachus", "thraex"), "wound")
    fight(t, "d4", "d5", a_card, d_card)
    t.do("hold")
    assert where(t, d) == "d6" and t.state.wounds[d] == 1
    assert "e6" in attacks_from(t, "d3")  # the veles does reach that rank
    assert "d6" not in attacks_from(t, "d3")
    assert "d6" not in attacks_from(t, "d4")


def test_attacks_can_be_chained_on_a_gladiator_not_wounded() -> None:
    """Eligible targets: "as long as you did not wound a gladiator, you can chain attacks
    against him" — the same attacker pushes him back, pursues and attacks him again."""
    t, _, d = duel()
    start(t, count=2)
    a_card, d_card = pick(att("thraex", "hoplomachus"), dfn("hoplomachus", "thraex"), "push")
    fight(t, "d4", "d5", a_card, d_card)
    t.do("pursue")
    assert where(t, d) == "d6"
    assert attacks_from(t, "d5") == {"d6"}


def test_attacking_is_not_mandatory() -> None:
    """Combat Effect: "attacking is not mandatory": the lanista may stop at any time."""
    t, _, _ = duel()
    start(t, count=2)
    assert "done" in t.legal()


# --- Attack resolution: committing the cards ------------------------------------------------------


def test_the_attacker_commits_first_then_the_defender() -> None:
    """Attack resolution: "starting with the Lanista controlling the attacker", then "the
    defending Lanista must choose" his card."""
    t, _, _ = duel()
    deal(t, 0, "virtus")
    deal(t, 1, "plausus")
    start(t)
    t.do("attack d4 d5")
    assert t.state.current_player == 0
    assert set(t.legal()) == {"card virtus", "card acta_est_fabula", "card deck"}
    t.do("card virtus")
    assert t.state.current_player == 1
    assert set(t.legal()) == {"card plausus", "card acta_est_fabula", "card deck"}
    assert t.state.view(1)["fight"]["attacker_card"] == "face down"  # "a face down card"


def test_a_combat_card_comes_from_the_hand_or_the_top_of_the_deck() -> None:
    """Attack resolution: the card "can either come from his hand ... or it can be the topmost
    card from his deck"; only the revealed die counts."""
    t, _, _ = duel()
    t.deck_top(0, "infamis")
    deal(t, 1, "plausus")
    start(t)
    t.do("attack d4 d5", "card deck", "card plausus")
    shown = next(e.data for e in t.events if e.kind == "reveal_combat")
    assert shown == {"attacker": "infamis", "defender": "plausus"}
    assert t.state.discard[0][-1:] == [CAT.card_by_code["infamis"]]
    assert t.state.discard[1][-1:] == [CAT.card_by_code["plausus"]]


def test_last_but_not_least_never_the_last_card_of_the_hand() -> None:
    """ "Last but not least!" and the Attack resolution sidebar: "if you make an attack and have
    only a single card left in your hand, you have no choice but to take the topmost card from
    your deck"."""
    t, _, _ = duel()
    t.hand(0, "virtus")
    start(t)
    t.do("attack d4 d5")
    assert t.legal() == ["card deck"]


def test_the_last_card_may_be_committed_when_there_is_nothing_to_draw() -> None:
    """Draw Effect: with deck and discard pile both empty nothing can be drawn, so the one card
    in hand is the only card the lanista can commit."""
    t, _, _ = duel()
    t.hand(0, "virtus")
    s = t.state
    s.removed[0] += s.deck[0] + s.discard[0]
    s.deck[0], s.discard[0] = [], []
    start(t)
    t.do("attack d4 d5")
    assert t.legal() == ["card virtus"]


def test_an_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    """Attack resolution: "If the Lanista's deck is empty, he must shuffle his discard pile to
    form a new deck before picking his combat card"."""
    t, _, _ = duel()
    deal(t, 0, "virtus")
    deal(t, 1, "plausus")
    s = t.state
    infamis = CAT.card_by_code["infamis"]
    for pile in (s.deck[0], s.aside[0]):
        if infamis in pile:
            pile.remove(infamis)
    s.removed[0] += s.deck[0] + s.discard[0]
    s.deck[0], s.discard[0] = [], [infamis]
    start(t)
    t.do("attack d4 d5", "card deck", "card plausus")
    assert "reshuffle" in kinds(t)
    shown = next(e.data for e in t.events if e.kind == "reveal_combat")
    assert shown["attacker"] == "infamis"


# --- Combat modifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ("veles", "thraex"),
        ("veles", "murmillo"),
        ("scissor", "thraex"),
        ("scissor", "murmillo"),
    ],
)
def test_att_by_the_defenders_class_def_by_the_attackers_class(
    attacker: str, defender: str
) -> None:
    """Combat modifiers: "+ ATT ... the one that corresponds to the silhouette of the defender";
    "+ DEF ... the one that corresponds to the silhouette of the attacker"."""
    a_spec = CAT.armaturae[CAT.armatura_by_code[attacker]]
    assert a_spec.sides[0].att[0] != a_spec.sides[0].att[1]  # the data tell the classes apart
    d_spec = CAT.armaturae[CAT.armatura_by_code[defender]]
    assert d_spec.sides[0].defence[0] != d_spec.sides[0].defence[1]
    t = Table("veles,scissor,thraex,murmillo/thraex,murmillo,veles,scissor")
    t.place(0, attacker, "d4", "n")
    t.place(1, defender, "d5", "s")
    start(t)
    assert fight(t, "d4", "d5", "virtus", "plausus") == (
        die("virtus") + att(attacker, defender),
        die("plausus") + dfn(defender, attacker),
    )


@pytest.mark.parametrize(
    ("level", "bonus"),
    [(0, 0), (1, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (7, 2), (8, 2), (10, 4)],
)
def test_the_vox_populi_bonus_is_added_to_attacks_only(level: int, bonus: int) -> None:
    """Combat modifiers / Vox Populi: the attacker adds the bonus of his track's space (the
    track: 0-1 +0, 2-5 +1, 6-8 +2, 10 +4); "this bonus only applies to attacks, and never to
    defence scores" — the defender's lanista is at 10."""
    t, _, _ = duel()
    t.vox(0, level)
    t.vox(1, 10)
    start(t)
    assert fight(t, "d4", "d5", "virtus", "plausus") == (
        die("virtus") + att("thraex", "hoplomachus") + bonus,
        die("plausus") + dfn("hoplomachus", "thraex"),
    )


@pytest.mark.parametrize(
    ("square", "face", "bonus"),
    [
        ("d4", "n", 0),  # front, the danger zone
        ("c4", "n", 0),  # front, a diagonal
        ("c5", "e", 1),  # flank
        ("e5", "w", 1),  # flank
        ("c6", "e", 2),  # rear
        ("e6", "w", 2),  # rear
        ("d6", "s", 3),  # back
    ],
)
def test_flank_rear_and_back_bonuses(square: str, face: str, bonus: int) -> None:
    """Combat modifiers: +1 from the defender's flank, +2 from his rear, +3 from his back
    (defender on d5 facing S: front c4-d4-e4, flanks c5/e5, rear c6/e6, back d6)."""
    t = Table()
    t.place(0, "thraex", square, face)
    t.place(1, "hoplomachus", "d5", "s")
    start(t)
    assert fight(t, square, "d5", "virtus", "plausus") == (
        die("virtus") + att("thraex", "hoplomachus") + bonus,
        die("plausus") + dfn("hoplomachus", "thraex"),
    )


def test_threatening_gladiators_first_example() -> None:
    """Threatening gladiator: "Gladiators A and C are considered as threatening for your
    gladiator. B is not, as your gladiator is not in his front." Your Thraex on d4 is attacked
    from d5; A (c3 facing E) and C (e5 facing W) have d4 in their front zone, B (e3 facing E)
    stands next to him but looks away."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")  # the attacker
    t.place(1, "retiarius", "c3", "e")  # A
    t.place(1, "secutor", "e3", "e")  # B
    t.place(1, "scissor", "e5", "w")  # C
    start(t, seat=1)
    assert fight(t, "d5", "d4", "virtus", "plausus") == (
        die("virtus") + att("hoplomachus", "thraex"),
        die("plausus") + dfn("thraex", "hoplomachus") - 2,
    )


def test_threatening_gladiators_rulebook_example() -> None:
    """Threatening gladiator: "C attacks your gladiator (in the central square). D, who is from
    your familia, threatens C and will therefore deduct one from C's combat score. A and B are
    however threatening gladiators for you, and will cause a -2 to your own combat score. C is
    not a threatening gladiator ...: he is involved in this attack, and he is in the Danger Zone
    of D." Yours on d4 facing N, C on d5 facing S, D on d6 facing S, A on c3 facing E, B on e3
    facing W."""
    t = Table()
    t.place(0, "thraex", "d4", "n")  # your gladiator
    t.place(0, "murmillo", "d6", "s")  # D
    t.place(1, "hoplomachus", "d5", "s")  # C, the attacker
    t.place(1, "retiarius", "c3", "e")  # A
    t.place(1, "scissor", "e3", "w")  # B
    start(t, seat=1)
    assert fight(t, "d5", "d4", "virtus", "plausus") == (
        die("virtus") + att("hoplomachus", "thraex") - 1,
        die("plausus") + dfn("thraex", "hoplomachus") - 2,
    )


def test_a_threatening_gladiator_in_the_danger_zone_of_an_uninvolved_enemy_stops() -> None:
    """Threatening gladiator: "this gladiator ceases to be threatening if he is himself in the
    Danger Zone of an enemy gladiator that is not involved in the current attack": A (c3) stands
    in the danger zone of your Veles on c2; only B still threatens you."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(0, "veles", "c2", "n")
    t.place(1, "hoplomachus", "d5", "s")
    t.place(1, "retiarius", "c3", "e")  # A
    t.place(1, "scissor", "e3", "w")  # B
    start(t, seat=1)
    assert fight(t, "d5", "d4", "virtus", "plausus") == (
        die("virtus") + att("hoplomachus", "thraex"),
        die("plausus") + dfn("thraex", "hoplomachus") - 1,
    )


def test_threatening_gladiators_of_a_third_familia_count_too() -> None:
    """Multi-Player Games, Movement and combat: "all of them count as enemies! The number of
    threatening gladiators in a 4 player game can be intimidating!": seat 2's Laquearius has
    the defender in his front zone, seat 2's Sagittarius the attacker."""
    t = Table(
        "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor/"
        "dimachaerius,crupellarius,laquearius,sagittarius",
        players=3,
    )
    t.place(0, "thraex", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    t.place(2, "laquearius", "c6", "e")
    t.place(2, "sagittarius", "e3", "w")
    t.attacks(0)
    assert fight(t, "d4", "d5", "virtus", "plausus") == (
        die("virtus") + att("thraex", "hoplomachus") - 1,
        die("plausus") + dfn("hoplomachus", "thraex") - 1,
    )


def test_no_final_score_is_below_one_for_the_attacker() -> None:
    """Sidebar "Even incompetence has its limits": "The final score of an attacker or a defender
    can never be less than 1": a wounded Veles (ATT 0 against a heavy) with a 0 die and two
    threatening gladiators."""
    t = Table()
    t.place(0, "veles", "d4", "n", wounded=True)
    t.place(1, "hoplomachus", "d5", "s")
    t.place(1, "retiarius", "c3", "e")
    t.place(1, "scissor", "e3", "w")
    start(t)
    assert att("veles", "hoplomachus", wounded=True) + die("morituri_te_salutant") - 2 < 1
    attack, _ = fight(t, "d4", "d5", "morituri_te_salutant", "plausus")
    assert attack == 1


def test_no_final_score_is_below_one_for_the_defender() -> None:
    """The same sidebar for the defender: a wounded Thraex with a 0 die and two threatening
    gladiators still scores 1."""
    t = Table()
    t.place(0, "thraex", "d4", "n", wounded=True)
    t.place(1, "hoplomachus", "d5", "s")
    t.place(1, "retiarius", "c3", "e")
    t.place(1, "scissor", "e3", "w")
    start(t, seat=1)
    assert dfn("thraex", "hoplomachus", wounded=True) + die("morituri_te_salutant") - 2 < 1
    _, defence = fight(t, "d5", "d4", "plausus", "morituri_te_salutant")
    assert defence == 1


# --- Attack outcome -------------------------------------------------------------------------------


def base() -> tuple[int, int]:
    return att("thraex", "hoplomachus"), dfn("hoplomachus", "thraex")


@pytest.mark.parametrize(("choice", "level"), [("acclaim", 4), ("decline", 3)])
def test_attack_outcome_a_higher_defence_may_raise_the_defenders_vox_populi(
    choice: str, level: int
) -> None:
    """Attack outcome: when the defender scores higher, his lanista "may immediately increase
    his Vox Populi by one" — a choice offered to him, which he may refuse; nobody moves."""
    t, a, d = duel()
    t.vox(1, 3)
    start(t)
    fight(t, "d4", "d5", *pick(*base(), "parry"))
    assert t.state.current_player == 1
    assert t.legal() == ["acclaim", "decline"]
    t.do(choice)
    assert t.state.vox[1] == level
    assert (where(t, a), where(t, d), t.state.wounds[d]) == ("d4", "d5", 0)
    assert "pursue" not in t.legal()


def test_vox_populi_changes_at_ten_a_card_is_drawn_instead() -> None:
    """Vox Populi changes: "If the Vox Populi level should increase beyond 10, it stays at 10
    but for each point of increase that couldn't be made, the Lanista can draw an extra Jugula
    card" — the example of Blimyx dodging an attack at Vox Populi 10."""
    t, _, _ = duel()
    t.vox(1, 10)
    a_card, d_card = pick(*base(), "parry")
    deal(t, 0, a_card)
    deal(t, 1, d_card)
    start(t)
    deck = len(t.state.deck[1])
    fight(t, "d4", "d5", a_card, d_card, dealt=False)
    assert t.state.vox[1] == 10
    assert t.legal() == ["extra", "enough"]  # "can draw": his choice, no +1 to accept first
    t.do("extra")
    assert len(t.state.hand[1]) == 2  # the padding card and the one drawn
    assert len(t.state.deck[1]) == deck - 1


def test_a_tie_does_nothing() -> None:
    """Attack outcome: "Both combat scores are equal. Nothing happens"."""
    t, a, d = duel()
    start(t)
    attack, defence = fight(t, "d4", "d5", *pick(*base(), "tie"))
    assert attack == defence
    assert (where(t, a), where(t, d), t.state.wounds[d]) == ("d4", "d5", 0)
    assert t.state.vox == [0, 0]
    assert "pursue" not in t.legal()


@pytest.mark.parametrize(
    ("square", "face", "target", "bonus", "pushed_to"),
    [
        ("c5", "e", "d5", 0, "e5"),  # straight ahead of the defender
        ("d4", "n", "e5", 0, "f6"),  # along a diagonal of his front zone
        ("d4", "n", "d5", 1, "d6"),  # from his flank
    ],
)
def test_higher_pushes_back_straight_away_keeping_facing(
    square: str, face: str, target: str, bonus: int, pushed_to: str
) -> None:
    """Attack outcome / Pushed back gladiator: the defender "must move back one square, keeping
    the same facing ... directly opposite from where the attack came" (defender facing W)."""
    t = Table()
    t.place(0, "thraex", square, face)
    d = t.place(1, "hoplomachus", target, "w")
    start(t)
    a_base, d_base = att("thraex", "hoplomachus") + bonus, dfn("hoplomachus", "thraex")
    a_card, d_card = pick(a_base, d_base, "push")
    assert fight(t, square, target, a_card, d_card) == (
        final(a_base, a_card),
        final(d_base, d_card),
    )
    assert (where(t, d), facing(t, d), t.state.wounds[d]) == (pushed_to, "w", 0)


def test_pursuit_is_optional_into_the_vacated_square_without_turning() -> None:
    """Pursuing: "the attacker may immediately move into it ... but may not change facing.
    Pursuing is always optional"."""
    for choice, expected in (("pursue", "d5"), ("hold", "d4")):
        t, a, _ = duel()
        start(t)
        fight(t, "d4", "d5", *pick(*base(), "push"))
        assert t.state.current_player == 0
        assert set(t.legal()) == {"pursue", "hold"}
        t.do(choice)
        assert (where(t, a), facing(t, a)) == (expected, "n")


def test_twice_the_defence_pushes_back_then_wounds() -> None:
    """Attack outcome: "at least twice as much as the defender's. The defender is pushed back
    then wounded ... The attacker may pursue"."""
    t, a, d = duel()
    start(t)
    fight(t, "d4", "d5", *pick(*base(), "wound"))
    assert (where(t, d), t.state.wounds[d]) == ("d6", 1)
    t.do("pursue")
    assert where(t, a) == "d5"


def test_four_times_the_defence_bites_the_dust() -> None:
    """Attack outcome / Biting the dust: at least four times the defence, "The defender bites
    the dust" and is removed from the arena; "The attacker can move into the square where the
    victim was standing"."""
    t, a, d = duel("retiarius")
    start(t)
    fight(t, "d4", "d5", *pick(att("thraex", "retiarius"), dfn("retiarius", "thraex"), "bite"))
    assert where(t, d) is None
    assert "bites_the_dust" in kinds(t)
    t.do("pursue")
    assert where(t, a) == "d5"


def test_only_the_most_favourable_outcome_applies() -> None:
    """Attack outcome: "if your combat score as the attacker is twice that of the defender, you
    push the defender back and wound him, but you do not push him back a second time"."""
    t, _, d = duel()
    start(t)
    fight(t, "d4", "d5", *pick(*base(), "wound"))
    assert where(t, d) == "d6"
    assert kinds(t).count("pushed_back") == 1


def test_a_second_wound_bites_the_dust() -> None:
    """Wounded gladiators / "It takes blood!": "a wound on another wound makes you bite the
    dust": a wounded defender beaten by twice his score is pushed back, then bites the dust."""
    t, _, d = duel(wounded=True)
    start(t)
    a_base = att("thraex", "hoplomachus")
    d_base = dfn("hoplomachus", "thraex", wounded=True)
    fight(t, "d4", "d5", *pick(a_base, d_base, "wound"))
    assert where(t, d) is None
    assert "bites_the_dust" in kinds(t)


def test_a_wounded_defender_only_pushed_back_stays_wounded() -> None:
    """Attack outcome: a higher score only pushes back, even a wounded defender."""
    t, _, d = duel(wounded=True)
    start(t)
    a_base = att("thraex", "hoplomachus")
    d_base = dfn("hoplomachus", "thraex", wounded=True)
    fight(t, "d4", "d5", *pick(a_base, d_base, "push"))
    assert (where(t, d), t.state.wounds[d]) == ("d6", 1)


# --- Pushed back gladiator: the diagrams ----------------------------------------------------------


def test_a_blocked_straight_square_the_attacker_chooses_a_square_beside_it() -> None:
    """Pushed back gladiator: B occupies the square directly opposite, so the defender "will have
    to be pushed back to a square adjacent to the one he should have moved to that is also one
    square away from the attacker. The choice is left to the attacker. Once the defender has
    been pushed back, the attacker may move into the vacated square"."""
    t, a, d = duel()
    t.place(1, "secutor", "d6", "n")  # B
    start(t)
    fight(t, "d4", "d5", *pick(*base(), "push"))
    assert t.state.current_player == 0
    assert set(t.legal()) == {"push c6", "push e6"}
    t.do("push e6")
    assert (where(t, d), facing(t, d)) == ("e6", "s")
    t.do("pursue")
    assert where(t, a) == "d5"


def test_a_blocked_straight_square_after_a_diagonal_attack() -> None:
    """Pushed back gladiator, the same rule for an attack along a diagonal: from c4 on d5 the
    straight square is e6; with it occupied, d6 and e5 are next to it, next to the defender and
    one square further from the attacker."""
    t = Table()
    t.place(0, "thraex", "c4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    t.place(1, "secutor", "e6", "n")
    start(t)
    fight(t, "c4", "d5", *pick(*base(), "push"))
    assert set(t.legal()) == {"push d6", "push e5"}


def test_the_arena_edge_leaves_a_single_square() -> None:
    """Pushed back gladiator: "Here, the limits of the arena mean that there is only one square
    where the defender can be pushed back to": attacked from b4 along the diagonal, the defender
    on a5 can only go to a6, and goes there without a choice."""
    t = Table()
    t.place(0, "thraex", "b4", "n")
    d = t.place(1, "hoplomachus", "a5", "e")
    start(t)
    fight(t, "b4", "a5", *pick(*base(), "push"))
    assert where(t, d) == "a6"
    assert set(t.legal()) == {"pursue", "hold"}


@pytest.mark.parametrize("walls", [(), ("c6", "d6", "e6")])
def test_no_square_to_be_pushed_into_wounds_instead(walls: tuple[str, ...]) -> None:
    """Pushed back gladiator: "If there is no square that the defender could be pushed back into,
    he is wounded instead of being pushed back" — against the arena wall (d8 attacked from d7)
    or boxed in by other gladiators."""
    t = Table()
    if walls:
        t.place(0, "thraex", "d4", "n")
        d = t.place(1, "hoplomachus", "d5", "s")
        for square, code in zip(walls, ("retiarius", "secutor", "scissor"), strict=True):
            t.place(1, code, square, "n")
        at, target = "d4", "d5"
    else:
        t.place(0, "thraex", "d7", "n")
        d = t.place(1, "hoplomachus", "d8", "s")
        at, target = "d7", "d8"
    start(t)
    fight(t, at, target, *pick(*base(), "push"))
    assert (where(t, d), t.state.wounds[d]) == (target, 1)
    assert "pursue" not in t.legal()


@pytest.mark.parametrize("wounded", [False, True])
def test_it_takes_blood_twice_the_defence_against_the_wall_bites_the_dust(wounded: bool) -> None:
    """ "It takes blood!" and the sidebar before it: "a gladiator that must be pushed back and
    wounded, but who cannot move back is actually biting the dust" (Minimea, back against the
    wall); so does a gladiator already wounded."""
    t = Table()
    t.place(0, "thraex", "d7", "n")
    d = t.place(1, "hoplomachus", "d8", "s", wounded=wounded)
    start(t)
    d_base = dfn("hoplomachus", "thraex", wounded=wounded)
    fight(t, "d7", "d8", *pick(att("thraex", "hoplomachus"), d_base, "wound"))
    assert where(t, d) is None
    assert "bites_the_dust" in kinds(t)


def test_push_back_and_pursuit_ignore_danger_zones() -> None:
    """Pursuing, sidebar "In the arena, you shut up and strike": "Defender and attacker may make
    their push back and pursuit irrespective of Danger Zones". The attacker stands in the
    danger zone of the Secutor on e4 (moving, he could only turn and step back) and still
    pursues forward; the defender is pushed into the danger zone of the Provocator on d7."""
    t = Table()
    a = t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "f4", "w")  # keeps the Secutor from threatening the Thraex
    t.place(0, "provocator", "d7", "s")
    t.place(1, "secutor", "e4", "w")
    d = t.place(1, "hoplomachus", "d5", "s")
    start(t)
    # The provocator has d6, not d5, in his front zone: no threat on the defender yet.
    fight(t, "d4", "d5", *pick(*base(), "push"))
    assert where(t, d) == "d6"
    t.do("pursue")
    assert (where(t, a), facing(t, a)) == ("d5", "n")


def test_combat_effect_example_the_crupellarius_against_the_wall() -> None:
    """Combat Effect example: Blimyx (Thraex) pushes the enemy Crupellarius back to the wall,
    pursues, attacks again; "As the mighty (but drunk) crupellarius cannot retreat, he is
    wounded". Asinus (Retiarius) "can't [attack him] as the Crupellarius was wounded this
    turn"; Minimea (Veles) throws his javelin at the enemy Laquearius instead."""
    t = Table("thraex,retiarius,veles,provocator/crupellarius,laquearius,secutor,scissor")
    blimyx = t.place(0, "thraex", "d6", "n")
    t.place(0, "retiarius", "e7", "n")  # Asinus: d8 is in his front zone
    t.place(0, "veles", "f4", "n")  # Minimea, Range 2
    crupellarius = t.place(1, "crupellarius", "d7", "s")
    t.place(1, "laquearius", "f7", "w")  # his danger zone holds Asinus: no threat from him
    start(t, count=3)
    a_base, d_base = att("thraex", "crupellarius"), dfn("crupellarius", "thraex")
    a_card, d_card = pick(a_base, d_base, "push")
    fight(t, "d6", "d7", a_card, d_card)
    assert where(t, crupellarius) == "d8"
    t.do("pursue")
    assert where(t, blimyx) == "d7"
    fight(t, "d7", "d8", a_card, d_card)
    assert (where(t, crupellarius), t.state.wounds[crupellarius]) == ("d8", 1)
    assert "d8" not in attacks_from(t, "e7")
    assert "f7" in attacks_from(t, "f4")


# --- Pursuing from a distance ---------------------------------------------------------------------

BOWMAN = "sagittarius,thraex,veles,provocator/retiarius,secutor,hoplomachus,scissor"


def test_pursuing_a_ranged_attacker_may_pursue_from_a_distance() -> None:
    """Pursuing: if the defender's square is empty once the attack is resolved, the attacker
    may move into it — the rule sets no distance, so the Sagittarius (Range 5, Bow) who pushed
    back a Hoplomachus three rows ahead may follow him there, keeping his facing, by the
    shortest way through free squares (docs/rules/jugula.md)."""
    t = Table(BOWMAN)
    a = t.place(0, "sagittarius", "d2", "n")
    d = t.place(1, "hoplomachus", "d5", "s")
    start(t)
    a_base = att("sagittarius", "hoplomachus")
    d_base = dfn("hoplomachus", "sagittarius") + 2  # Bow: two squares between them
    fight(t, "d2", "d5", *pick(a_base, d_base, "push"))
    assert where(t, d) == "d6"
    assert t.state.current_player == 0
    assert set(t.legal()) == {"pursue", "hold"}
    t.do("pursue")
    assert (where(t, a), facing(t, a)) == ("d5", "n")
    pursuit = next(e.data for e in t.events if e.kind == "pursues")
    assert pursuit["path"] == ["d3", "d4", "d5"]


def test_pursuing_at_a_distance_is_optional() -> None:
    """Pursuing: "Pursuing is always optional" — the bowman may stay where he shot from."""
    t = Table(BOWMAN)
    a = t.place(0, "sagittarius", "d2", "n")
    t.place(1, "hoplomachus", "d5", "s")
    start(t)
    a_base = att("sagittarius", "hoplomachus")
    d_base = dfn("hoplomachus", "sagittarius") + 2
    fight(t, "d2", "d5", *pick(a_base, d_base, "push"))
    t.do("hold")
    assert where(t, a) == "d2"


def test_pursuing_never_passes_through_another_figure() -> None:
    """Pursuing / Movement: a gladiator may never move into or pass through an occupied square;
    a Veles (Range 2) in the corner, boxed in by his own familia, cannot reach the square his
    javelin emptied, so no pursuit is offered."""
    t = Table()
    a = t.place(0, "veles", "a1", "n")
    t.place(0, "thraex", "a2", "e")
    t.place(0, "murmillo", "b2", "e")
    t.place(0, "provocator", "b1", "e")
    d = t.place(1, "hoplomachus", "a3", "s")
    start(t)
    fight(t, "a1", "a3", *pick(att("veles", "hoplomachus"), dfn("hoplomachus", "veles"), "push"))
    assert where(t, d) == "a4"
    assert "pursue" not in t.legal()
    assert where(t, a) == "a1"
