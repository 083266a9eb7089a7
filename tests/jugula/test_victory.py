"""Jugula victory on hand-built positions: "Winning the game" (two lanistae, sudden death),
"Well, we will keep it simple" (the 4-point variant) and the multi-player "Victory" (a familia
leaves the arena; the last one in wins).

Every position is decided by a real attack: the Thraex of seat 0 on d4 facing N strikes the
gladiator on d5 with cards chosen for the outcome wanted.
"""

from __future__ import annotations

from .fights import CAT, att, dfn, fight, kinds, pick, where
from .helpers import PLAIN, Table

# Seat 0: thraex, murmillo, veles, provocator; seat 1: retiarius, secutor, hoplomachus, scissor.
# Out-of-the-way squares, facing the wall, for the gladiators a test does not use.
FAR0 = {"murmillo": "a1", "veles": "b1", "provocator": "c1"}
FAR1 = {"secutor": "h8", "hoplomachus": "g8", "scissor": "f8"}


def strike(t: Table, wanted: str, count: int = 1, wounded: bool = False) -> None:
    """Seat 0's Thraex on d4 attacks the Retiarius on d5 for the `wanted` outcome."""
    t.attacks(0, count)
    a_base = att("thraex", "retiarius", wounded=wounded)
    d_wounded = bool(t.state.wounds[t.at("d5")])
    a_card, d_card = pick(a_base, dfn("retiarius", "thraex", wounded=d_wounded), wanted)
    fight(t, "d4", "d5", a_card, d_card)


def two_lanistae(
    seat1_wounded: tuple[str, ...] = (),
    seat1_absent: tuple[str, ...] = (),
    **options: object,
) -> Table:
    """Seat 0 whole and unhurt; seat 1 with the Retiarius on d5 (unhurt), the rest of his
    familia far away, some wounded, some gone."""
    t = Table(PLAIN, **options)
    t.place(0, "thraex", "d4", "n")
    for code, square in FAR0.items():
        t.place(0, code, square, "s")
    t.place(1, "retiarius", "d5", "s")
    for code, square in FAR1.items():
        if code not in seat1_absent:
            t.place(1, code, square, "n", wounded=code in seat1_wounded)
    return t


def over(t: Table) -> bool:
    return t.state.is_terminal()


# --- Winning the game (two lanistae) -----------------------------------------------------------


def test_only_two_gladiators_left_loses() -> None:
    """Winning the game: "The game ends immediately when one familia is left with: Only two
    gladiators in the arena" — three standing, one bites the dust."""
    t = two_lanistae(seat1_absent=("scissor",))
    strike(t, "bite")
    assert over(t)
    assert t.state.winners() == [0]


def test_three_unhurt_gladiators_left_play_on() -> None:
    """Winning the game: three unhurt gladiators meet none of the conditions."""
    t = two_lanistae()
    strike(t, "bite")
    assert not over(t)


def test_only_wounded_gladiators_left_loses() -> None:
    """Winning the game: "Only wounded gladiators in the arena" — the last unhurt one of four is
    wounded."""
    t = two_lanistae(seat1_wounded=("secutor", "hoplomachus", "scissor"))
    strike(t, "wound")
    assert over(t)
    assert t.state.winners() == [0]


def test_one_unhurt_and_three_wounded_play_on() -> None:
    """Winning the game: one unhurt and three wounded (four in the arena) is none of the
    conditions ("Only one unharmed gladiator and two wounded" is three in the arena)."""
    t = two_lanistae(seat1_wounded=("secutor", "hoplomachus"))
    strike(t, "wound")
    assert t.state.wounds[t.g(1, "retiarius")] == 1
    assert not over(t)


def test_one_unhurt_and_two_wounded_loses() -> None:
    """Winning the game: "Only one unharmed gladiator and two wounded gladiators in the arena" —
    three standing, two unhurt and one wounded, and one of the unhurt is wounded."""
    t = two_lanistae(seat1_wounded=("hoplomachus",), seat1_absent=("scissor",))
    strike(t, "wound")
    assert over(t)
    assert t.state.winners() == [0]


def test_two_unhurt_and_one_wounded_play_on() -> None:
    """Winning the game: two unhurt and one wounded (three in the arena) is none of the
    conditions."""
    t = two_lanistae(seat1_wounded=("hoplomachus",))
    strike(t, "bite")
    assert not over(t)


def sudden_death() -> Table:
    """Both familiae beaten by one attack, in play: seat 0 (Thraex and Murmillo unhurt, Veles
    wounded, Provocator fallen) plays Ardor Oris; the Thraex wounds the Retiarius, which leaves
    seat 1 one unhurt and two wounded, and Ardor Oris then wounds the Thraex, which leaves seat
    0 the same. Defeat is checked once the attack is resolved (docs/rules/jugula.md)."""
    t = Table(PLAIN)
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "a1", "s")
    t.place(0, "veles", "b1", "s", wounded=True)
    t.state.wounds[t.g(0, "provocator")] = 2
    t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "e5", "n")  # looks away: no threat on the Thraex
    t.place(1, "hoplomachus", "g8", "n", wounded=True)
    t.state.wounds[t.g(1, "scissor")] = 2
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris ability")
    bonus = CAT.rules.abilities.ardor_oris_attack
    a_card, d_card = pick(
        att("thraex", "retiarius") + bonus,
        dfn("retiarius", "thraex"),
        "wound",
        avoid=("ardor_oris",),
    )
    fight(t, "d4", "d5", a_card, d_card)
    assert t.state.wounds[t.g(1, "retiarius")] == 1
    assert t.state.wounds[t.g(0, "thraex")] == 1
    return t


def test_winning_the_game_both_familiae_at_once_start_sudden_death() -> None:
    """Winning the game: if both familiae meet a losing condition at the same time, each Vox
    Populi marker goes to 10 and the fight goes on in sudden death. Ardor Oris' attack wounds
    both sides, so it can beat both familiae at once."""
    t = sudden_death()
    assert not over(t)
    assert "sudden_death" in kinds(t)
    assert t.state.vox == [10, 10]
    assert t.state.sudden


def test_sudden_death_the_next_wound_wins() -> None:
    """Winning the game: "From now on, the first familia to wound or make an opponent's gladiator
    bite the dust is immediately proclaimed winner": the wounded Thraex' next attack wounds the
    Secutor (Vox Populi 10 gives +4, the Secutor's rear +2)."""
    t = sudden_death()
    t.do("hold")
    t.attacks(0)
    a_card, d_card = pick(
        att("thraex", "secutor", wounded=True) + 4 + 2, dfn("secutor", "thraex"), "wound"
    )
    fight(t, "d4", "e5", a_card, d_card)
    assert over(t)
    assert t.state.winners() == [0]


def test_sudden_death_a_push_back_alone_does_not_win() -> None:
    """Winning the game, sudden death: only a wound or a fall wins; a push back does not."""
    t = sudden_death()
    t.do("hold")
    t.attacks(0)
    a_card, d_card = pick(
        att("thraex", "secutor", wounded=True) + 4 + 2, dfn("secutor", "thraex"), "push"
    )
    fight(t, "d4", "e5", a_card, d_card)
    assert not over(t)


def test_sudden_death_the_rival_may_strike_first() -> None:
    """Winning the game, sudden death: whichever familia wounds a rival first wins — here the
    Secutor of seat 1 wounds the Thraex on seat 1's turn."""
    t = sudden_death()
    t.do("hold")
    assert t.state.current_player == 1
    t.place(1, "secutor", "e5", "w")  # he has turned towards the Thraex
    t.attacks(1)
    a_card, d_card = pick(
        att("secutor", "thraex") + 4, dfn("thraex", "secutor", wounded=True), "wound"
    )
    fight(t, "e5", "d4", a_card, d_card)
    assert over(t)
    assert t.state.winners() == [1]


def test_sudden_death_an_ardor_oris_self_wound_does_not_win() -> None:
    """Winning the game, sudden death: only a blow on an opponent's gladiator wins; Ardor Oris'
    wound on its own attacker is nobody's blow: the attack only pushes the Secutor back."""
    t = sudden_death()
    t.do("hold")
    t.place(0, "murmillo", "e4", "n")  # next to the Secutor on e5
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris ability")
    bonus = CAT.rules.abilities.ardor_oris_attack
    a_card, d_card = pick(
        att("murmillo", "secutor") + bonus + 4 + CAT.rules.combat.back,  # Vox 10, his back
        dfn("secutor", "murmillo"),
        "push",
        avoid=("ardor_oris",),
    )
    fight(t, "e4", "e5", a_card, d_card)
    assert t.state.wounds[t.g(0, "murmillo")] == 1
    assert not over(t)


# --- Well, we will keep it simple -----------------------------------------------------------------


def fallen(t: Table, seat: int, code: str) -> None:
    """Gladiator `code` of `seat` has already bitten the dust."""
    g = t.g(seat, code)
    t.state.wounds[g] = 2


def test_simple_variant_three_points_play_on() -> None:
    """Well, we will keep it simple: "Each of your gladiators that have bitten the dust is worth
    two points ... Each of your wounded gladiators is worth one point": one fallen (2) and one
    wounded (1) is 3 points, not yet 4."""
    t = two_lanistae(seat1_absent=("scissor",), simple=True)
    fallen(t, 1, "scissor")
    strike(t, "wound")
    assert not over(t)


def test_simple_variant_four_points_win() -> None:
    """Well, we will keep it simple: "If your opponent scores 4 points, he has won the game":
    one fallen (2) and two wounded (1 + 1)."""
    t = two_lanistae(seat1_wounded=("secutor",), seat1_absent=("scissor",), simple=True)
    fallen(t, 1, "scissor")
    strike(t, "wound")
    assert over(t)
    assert t.state.winners() == [0]


def test_simple_variant_replaces_the_standard_conditions() -> None:
    """Well, we will keep it simple: the points decide, not the gladiators left standing. Seat 1
    has only the Retiarius and the Secutor in the arena (the others never entered, so they are
    worth nothing); the standard rules would end the fight at the first blow, the variant counts
    one point."""
    t = two_lanistae(seat1_absent=("hoplomachus", "scissor"), simple=True)
    strike(t, "wound")
    assert not over(t)


# --- Multi-player games: Victory ------------------------------------------------------------------

THREE = (
    "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor/"
    "dimachaerius,crupellarius,laquearius,sagittarius"
)


def three_lanistae() -> Table:
    """Seat 0 whole; seat 1 four strong; seat 2 with two gladiators far away."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "d4", "n")
    for code, square in FAR0.items():
        t.place(0, code, square, "s")
    for code, square in FAR1.items():
        t.place(1, code, square, "n")
    return t


def test_multi_player_a_familia_with_only_wounded_gladiators_leaves_the_arena() -> None:
    """Multi-Player Games, Victory: "A familia must leave the arena when: All its gladiators in
    the arena are wounded ... The familia leaving the arena must remove all its figures from
    the arena and takes no further part in the game"; the other two fight on."""
    t = three_lanistae()
    t.place(1, "retiarius", "b8", "n")
    target = t.place(2, "laquearius", "d5", "s")
    other = t.place(2, "crupellarius", "h5", "e", wounded=True)
    t.attacks(0)
    a_card, d_card = pick(att("thraex", "laquearius"), dfn("laquearius", "thraex"), "wound")
    fight(t, "d4", "d5", a_card, d_card)
    assert t.state.out[2]
    assert where(t, target) is None and where(t, other) is None
    assert "leaves_arena" in kinds(t)
    assert not over(t)


def test_multi_player_a_familia_with_one_gladiator_left_leaves_the_arena() -> None:
    """Multi-Player Games, Victory: "It has only one gladiator left in the arena"."""
    t = three_lanistae()
    t.place(2, "laquearius", "d5", "s")
    survivor = t.place(2, "crupellarius", "h5", "e")
    t.place(1, "retiarius", "b8", "n")
    t.attacks(0)
    a_card, d_card = pick(att("thraex", "laquearius"), dfn("laquearius", "thraex"), "bite")
    fight(t, "d4", "d5", a_card, d_card)
    assert t.state.out[2]
    assert where(t, survivor) is None
    assert not over(t)


def test_multi_player_two_unhurt_gladiators_stay() -> None:
    """Multi-Player Games, Victory: the two-lanistae "only two gladiators" condition does not
    apply: three unhurt, one bites the dust, two unhurt stay in the arena."""
    t = three_lanistae()
    t.place(2, "laquearius", "d5", "s")
    t.place(2, "crupellarius", "h5", "e")
    t.place(2, "dimachaerius", "h4", "e")
    t.place(1, "retiarius", "b8", "n")
    t.attacks(0)
    a_card, d_card = pick(att("thraex", "laquearius"), dfn("laquearius", "thraex"), "bite")
    fight(t, "d4", "d5", a_card, d_card)
    assert not t.state.out[2]
    assert not over(t)


def test_multi_player_the_last_familia_in_the_arena_wins() -> None:
    """Multi-Player Games, Victory: "The last familia in the arena is triumphant, and its
    Lanista is the winner of the game": seat 2 leaves first, then seat 1."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "d4", "n")
    for code, square in FAR0.items():
        t.place(0, code, square, "s")
    t.place(1, "retiarius", "c5", "n")  # looks away: no threat on the Thraex
    t.place(1, "secutor", "h8", "n")
    t.place(2, "laquearius", "d5", "s")
    t.place(2, "crupellarius", "h5", "e")
    t.attacks(0, 2)
    a_card, d_card = pick(att("thraex", "laquearius"), dfn("laquearius", "thraex"), "bite")
    fight(t, "d4", "d5", a_card, d_card)
    assert t.state.out[2] and not over(t)
    t.do("hold")
    a_card, d_card = pick(att("thraex", "retiarius") + 2, dfn("retiarius", "thraex"), "bite")
    fight(t, "d4", "c5", a_card, d_card)  # from the Retiarius' rear: +2
    assert over(t)
    assert t.state.winners() == [0]
