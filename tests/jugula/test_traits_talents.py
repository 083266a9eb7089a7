"""Jugula traits ("The Traits": Range, Hindrance, Bow, Harassment, Massive, Stoic) and the
combat talents ("Appendix II: Talents": Sharp, Dodge, Dexter, Sturdy, Brute, Resilient, Tough,
Butcher, Perfidious, Leader) on hand-built positions.

Expected scores come from the armatura and card data and the rulebook's stated numbers.
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


def start(t: Table, seat: int = 0, count: int = 1) -> None:
    bench(t)
    t.attacks(seat, count)


# --- Range ----------------------------------------------------------------------------------------


def test_range_projects_the_front_zone_and_is_not_blocked() -> None:
    """Range: "the front zone ... is projected forward by a number of squares equal to his
    Range"; "Attacks made by a gladiator with Range are not blocked by intervening gladiators,
    enemy or friendly". The Veles (Range 2) on d2 facing N reaches ranks 3 to 5, files c to e,
    over a friend on d3 and an enemy on d4; not d6 (too far) nor f4 (beside the band)."""
    t = Table()
    t.place(0, "veles", "d2", "n")
    t.place(0, "provocator", "d3", "e")  # a friend in the way, looking aside
    t.place(1, "hoplomachus", "d4", "n")  # an enemy in the way
    t.place(1, "retiarius", "c5", "s")
    t.place(1, "secutor", "d6", "s")
    t.place(1, "scissor", "f4", "s")
    start(t)
    assert attacks_from(t, "d2") == {"d4", "c5"}
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d2", "c5", a_card, d_card) == (
        final(att("veles", "retiarius"), a_card),
        final(dfn("retiarius", "veles"), d_card),
    )


@pytest.mark.parametrize(
    ("target", "bonus"),
    [("d4", 3), ("c4", 2), ("d5", 3)],
)
def test_range_benefits_from_the_attackers_position(target: str, bonus: int) -> None:
    """Range: "A gladiator with Range benefits from the attack modifier that goes with his
    positionning on either the flank (+1), the rear (+2) or the back (+3)": the Veles on d2
    strikes defenders facing away from him (N), straight behind them (back) or behind and to a
    side (rear) — our reading of a distant position (docs/rules/jugula.md)."""
    t = Table()
    t.place(0, "veles", "d2", "n")
    t.place(1, "hoplomachus", target, "n")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d2", target, a_card, d_card) == (
        final(att("veles", "hoplomachus") + bonus, a_card),
        final(dfn("hoplomachus", "veles"), d_card),
    )


def test_range_1_reaches_one_rank_further_than_the_front_zone() -> None:
    """Range (the Hoplomachus has Range 1 in our data): he "can still attack B, even if C stands
    in the way"."""
    assert CAT.armaturae[CAT.armatura_by_code["hoplomachus"]].range == 1
    t = Table()
    t.place(1, "hoplomachus", "d5", "s")  # A
    t.place(1, "secutor", "d4", "s")  # C, a friend in the way
    t.place(0, "thraex", "d3", "n")  # B
    t.place(0, "murmillo", "d2", "n")  # out of reach
    start(t, seat=1)
    assert attacks_from(t, "d5") == {"d3"}


# --- Bow ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "between"),
    [("d4", 1), ("d5", 2), ("e5", 2), ("d7", 4)],
)
def test_bow_adds_the_squares_between_to_the_targets_def(target: str, between: int) -> None:
    """Bow: "his target increases its DEF by the number of squares that separate the bowman and
    the target, counting the squares on the shortest direct route"; the example: "As two
    squares separate them, B will increase his DEF by 2"."""
    t = Table("sagittarius,thraex,veles,provocator/retiarius,secutor,hoplomachus,scissor")
    t.place(0, "sagittarius", "d2", "n")
    t.place(1, "hoplomachus", target, "s")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d2", target, a_card, d_card) == (
        final(att("sagittarius", "hoplomachus"), a_card),
        final(dfn("hoplomachus", "sagittarius") + between, d_card),
    )


def test_bow_never_attacks_an_adjacent_gladiator() -> None:
    """Bow: "A gladiator with this Trait can never attack adjacent gladiators ... A could not
    attack C as the latter is adjacent to him"; B, further away, he can."""
    t = Table("sagittarius,thraex,veles,provocator/retiarius,secutor,hoplomachus,scissor")
    t.place(0, "sagittarius", "d2", "n")
    t.place(1, "retiarius", "d3", "n")  # C
    t.place(1, "secutor", "c3", "n")
    t.place(1, "hoplomachus", "d5", "s")  # B
    start(t)
    assert attacks_from(t, "d2") == {"d5"}


# --- Massive --------------------------------------------------------------------------------------

MASSIVE = "crupellarius,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor"


def test_massive_attacks_only_his_danger_zone() -> None:
    """Massive: "A gladiator with this Trait can only attack gladiators that are in his Danger
    Zone" (the Crupellarius in our data)."""
    assert CAT.armaturae[CAT.armatura_by_code["crupellarius"]].massive
    t = Table(MASSIVE)
    t.place(0, "crupellarius", "d4", "n")
    for code, square in (("retiarius", "c5"), ("secutor", "d5"), ("hoplomachus", "e5")):
        t.place(1, code, square, "s")
    start(t)
    assert attacks_from(t, "d4") == {"d5"}


@pytest.mark.parametrize(
    ("square", "face", "position", "massive"),
    [
        ("d5", "s", 0, 0),  # his danger zone
        ("e5", "w", 0, 0),  # a diagonal of his front zone
        ("c4", "e", 1, -2),  # his flank
        ("c3", "e", 2, -2),  # his rear
        ("d3", "n", 3, -2),  # his back
    ],
)
def test_massive_loses_two_def_against_attackers_outside_his_front_zone(
    square: str, face: str, position: int, massive: int
) -> None:
    """Massive: "his defence (DEF) is reduced by 2 when he is attacked by a gladiator that is
    outside his front zone" (Crupellarius on d4 facing N)."""
    t = Table(MASSIVE)
    t.place(0, "crupellarius", "d4", "n")
    t.place(1, "hoplomachus", square, face)
    start(t, seat=1)
    a_card, d_card = "virtus", "infamis"
    assert fight(t, square, "d4", a_card, d_card) == (
        final(att("hoplomachus", "crupellarius") + position, a_card),
        final(dfn("crupellarius", "hoplomachus") + massive, d_card),
    )


def test_massive_a_ranged_attacker_ahead_is_outside_the_front_zone() -> None:
    """Massive / "You might have the longest one, but...": the front zone "is still restricted
    to the three squares immediately in front", so a Hoplomachus (Range 1) striking from two
    squares straight ahead is "outside his front zone": DEF -2 (the text read literally;
    attacking from ahead, he gets no position bonus)."""
    t = Table(MASSIVE)
    t.place(0, "crupellarius", "d4", "n")
    t.place(1, "hoplomachus", "d6", "s")
    start(t, seat=1)
    a_card, d_card = "virtus", "infamis"
    assert fight(t, "d6", "d4", a_card, d_card) == (
        final(att("hoplomachus", "crupellarius"), a_card),
        final(dfn("crupellarius", "hoplomachus") - 2, d_card),
    )


# --- Harassment -----------------------------------------------------------------------------------

HARASS = "thraex,sagittarius,veles,provocator/dimachaerius,secutor,hoplomachus,scissor"


def test_harassment_lowers_the_def_of_the_gladiator_in_his_danger_zone() -> None:
    """Harassment: "Any gladiator in the Danger Zone of a gladiator with this Trait reduces his
    attack (ATT) and defence (DEF) values by one" (the Dimachaerius in our data)."""
    assert CAT.armaturae[CAT.armatura_by_code["dimachaerius"]].harassment
    t = Table(HARASS)
    t.place(1, "dimachaerius", "d6", "s")
    t.place(0, "thraex", "d5", "n")
    start(t, seat=1)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d6", "d5", a_card, d_card) == (
        final(att("dimachaerius", "thraex"), a_card),
        final(dfn("thraex", "dimachaerius") - 1, d_card),
    )


def test_harassment_lowers_the_att_of_the_gladiator_in_his_danger_zone() -> None:
    """Harassment: the ATT of the harassed gladiator drops by one too."""
    t = Table(HARASS)
    t.place(1, "dimachaerius", "d6", "s")
    t.place(0, "thraex", "d5", "n")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d5", "d6", a_card, d_card) == (
        final(att("thraex", "dimachaerius") - 1, a_card),
        final(dfn("dimachaerius", "thraex"), d_card),
    )


def test_harassment_never_below_zero() -> None:
    """Harassment: "... by one, to a minimum of 0": a wounded Sagittarius has DEF 0 in our data
    and keeps 0, not -1."""
    assert dfn("sagittarius", "dimachaerius", wounded=True) == 0
    t = Table(HARASS)
    t.place(1, "dimachaerius", "d6", "s")
    t.place(0, "sagittarius", "d5", "n", wounded=True)
    start(t, seat=1)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d6", "d5", a_card, d_card)[1] == die(d_card)


def test_harassment_is_only_the_danger_zone() -> None:
    """Harassment: a gladiator on a diagonal of the harasser's front zone is not in his danger
    zone and keeps his DEF."""
    t = Table(HARASS)
    t.place(1, "dimachaerius", "d6", "s")
    t.place(0, "thraex", "c5", "e")
    start(t, seat=1)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d6", "c5", a_card, d_card)[1] == final(dfn("thraex", "dimachaerius"), d_card)


def test_a_hindered_harasser_does_not_harass() -> None:
    """Harassment works through the harasser's Danger Zone, and a hindered gladiator "does not
    have a Danger Zone" (Hindrance): the netted Dimachaerius no longer lowers the ATT of the
    Thraex in front of him."""
    t = Table("retiarius,thraex,veles,provocator/dimachaerius,secutor,hoplomachus,scissor")
    t.place(0, "retiarius", "c5", "e")
    t.place(0, "thraex", "d5", "n")
    t.place(1, "dimachaerius", "d6", "s")
    bench(t)
    net(t, "c5", "d6")
    t.attacks(0)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d5", "d6", a_card, d_card) == (
        final(att("thraex", "dimachaerius"), a_card),
        final(dfn("dimachaerius", "thraex") - 2, d_card),  # hindered; the Retiarius threatens
    )


# --- Stoic ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("defender", "threats"), [("secutor", 0), ("hoplomachus", -2)])
def test_stoic_ignores_threatening_gladiators_in_defence(defender: str, threats: int) -> None:
    """Stoic: "He also ignores all penalties for threatening gladiators": two enemies have the
    defender in their front zone; the Stoic Secutor (our data) loses nothing, the Hoplomachus
    loses 2."""
    assert CAT.armaturae[CAT.armatura_by_code["secutor"]].stoic
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "c6", "e")
    t.place(0, "provocator", "e6", "w")
    t.place(1, defender, "d5", "s")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d4", "d5", a_card, d_card) == (
        final(att("thraex", defender), a_card),
        final(dfn(defender, "thraex") + threats, d_card),
    )


@pytest.mark.parametrize(("attacker", "threats"), [("secutor", 0), ("hoplomachus", -2)])
def test_stoic_ignores_threatening_gladiators_in_attack(attacker: str, threats: int) -> None:
    """Stoic: the same for the Stoic attacker's score."""
    t = Table()
    t.place(1, attacker, "d5", "s")
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "c6", "e")
    t.place(0, "provocator", "e6", "w")
    start(t, seat=1)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d5", "d4", a_card, d_card) == (
        final(att(attacker, "thraex") + threats, a_card),
        final(dfn("thraex", attacker), d_card),
    )


# --- Hindrance ------------------------------------------------------------------------------------

NETS = "retiarius,thraex,veles,provocator/murmillo,secutor,hoplomachus,scissor"


def net(t: Table, owner: str, victim: str) -> None:
    """Seat 0's gladiator on `owner` makes a winning Hindering attack on `victim`; then it is
    seat 1's turn."""
    t.attacks(0)
    a_card, d_card = "infamis", "morituri_te_salutant"
    attack, defence = fight(t, owner, victim, a_card, d_card, kind="hinder")
    assert attack > defence


def netted() -> Table:
    """The Retiarius (Hindrance, our data) on d4 has netted the Murmillo on d5."""
    assert CAT.armaturae[CAT.armatura_by_code["retiarius"]].hindrance
    t = Table(NETS)
    t.place(0, "retiarius", "d4", "n")
    t.place(1, "murmillo", "d5", "s")
    bench(t)
    net(t, "d4", "d5")
    return t


def test_a_hindering_attack_needs_the_marker_on_the_attackers_card() -> None:
    """Hindrance: "Instead of performing a regular attack, if the gladiator has a Hindrance
    marker on his card, he can announce that he will make a Hindering attack": the Retiarius
    may, the Thraex (no Hindrance) may not, nor the Retiarius once his marker has gone."""
    t = Table(NETS)
    t.place(0, "retiarius", "d4", "n")
    t.place(0, "thraex", "f4", "n")
    t.place(1, "murmillo", "d5", "s")
    t.place(1, "secutor", "f5", "s")
    start(t, count=2)
    assert {"attack d4 d5", "hinder d4 d5", "attack f4 f5"} <= set(t.legal())
    assert "hinder f4 f5" not in t.legal()
    fight(t, "d4", "d5", "infamis", "morituri_te_salutant", kind="hinder")
    assert "attack d4 d5" in t.legal()
    assert "hinder d4 d5" not in t.legal()


def test_a_won_hindering_attack_only_moves_the_marker() -> None:
    """Hindrance: "if the attacker beats the defender's combat score, the defender will take the
    Hindrance marker. All other effects are ignored ... (so a defender is never pushed back,
    wounded nor bites the dust after a Hindering attack)" — even at four times his score."""
    t = Table(NETS)
    a = t.place(0, "retiarius", "d4", "n")
    d = t.place(1, "murmillo", "d5", "s")
    t.vox(0, 10)
    start(t)
    attack, defence = fight(t, "d4", "d5", "infamis", "morituri_te_salutant", kind="hinder")
    assert attack >= 4 * defence
    assert (where(t, a), where(t, d), t.state.wounds[d]) == ("d4", "d5", 0)
    assert "hindered" in kinds(t)
    assert "pushed_back" not in kinds(t) and "pursue" not in t.legal()
    assert t.state.held[d] == 1


def test_a_lost_hindering_attack_is_a_parry() -> None:
    """Hindrance: the Hindering attack "is resolved like any other attack": a higher defence
    raises the defender's Vox Populi, and the marker stays on the attacker's card."""
    t = Table(NETS)
    t.place(0, "retiarius", "d4", "n")
    d = t.place(1, "murmillo", "d5", "s")
    start(t)
    attack, defence = fight(t, "d4", "d5", "morituri_te_salutant", "infamis", kind="hinder")
    assert defence > attack
    t.do("acclaim")
    assert t.state.vox[1] == 1
    assert t.state.held[d] == 0


def test_a_hindered_gladiator_cannot_attack() -> None:
    """Eligible targets / Hindrance: "a gladiator that has had a Hindrance counter placed on him
    may not make an attack"."""
    t = netted()
    t.attacks(1)
    assert attacks_from(t, "d5") == set()


def test_a_hindered_stoic_still_attacks() -> None:
    """Stoic: "Hindrance markers have no effect on this gladiator": the netted Secutor attacks."""
    t = Table(NETS)
    t.place(0, "retiarius", "d4", "n")
    t.place(1, "secutor", "d5", "s")
    bench(t)
    net(t, "d4", "d5")
    t.attacks(1)
    assert attacks_from(t, "d5") == {"d4"}


@pytest.mark.parametrize(("defender", "hindered"), [("murmillo", -1), ("secutor", 0)])
def test_a_hindered_defender_loses_one(defender: str, hindered: int) -> None:
    """Combat modifiers: "-1 Hindered: If the defender has at least one Hindrance marker"; not a
    Stoic defender. The Scissor on e4 keeps the netting Retiarius from threatening (a hindered
    gladiator has no danger zone of his own)."""
    t = Table(NETS)
    t.place(0, "retiarius", "d4", "n")
    t.place(0, "thraex", "c4", "n")
    t.place(1, defender, "d5", "s")
    t.place(1, "scissor", "e4", "w")
    bench(t)
    net(t, "d4", "d5")
    t.attacks(0)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "c4", "d5", a_card, d_card) == (
        final(att("thraex", defender), a_card),
        final(dfn(defender, "thraex") + hindered, d_card),
    )


def test_a_hindered_gladiator_cannot_move_only_shake_it_off() -> None:
    """Hindrance: "He may not move" — his lanista may only designate him to sacrifice his MP."""
    t = netted()
    deal(t, 1, "virtus")
    t.turn(1)
    t.do("play virtus move")
    assert "shake d5" in t.legal()
    assert "move d5" not in t.legal()


def test_a_hindered_gladiator_has_no_danger_zone() -> None:
    """Hindrance: "He does not have a Danger Zone and enemy gladiators can leave his front zone
    without paying an additional +1 MP penalty": the Retiarius in the netted Murmillo's danger
    zone steps aside to c4 with a single MP (turning is free before a step)."""
    t = netted()
    r = t.g(0, "retiarius")
    t.moves(r, 1)
    assert any(a.startswith("to c4 ") for a in t.legal())


def test_a_gladiator_not_hindered_keeps_his_danger_zone() -> None:
    """Movement and the danger zone (the control for the test above): in the Murmillo's danger
    zone the Retiarius may only face him and step back, so two MP do not take him to c4."""
    t = Table(NETS)
    r = t.place(0, "retiarius", "d4", "n")
    t.place(1, "murmillo", "d5", "s")
    bench(t)
    t.moves(r, 2)
    assert not any(a.startswith("to c4 ") for a in t.legal())


def test_shaking_off_the_hindrance_returns_the_marker() -> None:
    """Hindrance: "To remove a Hindrance marker, a gladiator must first sacrifice all his MPs
    instead of moving. He may then remove any Hindrances markers he has, and each of these
    tokens is replaced on the Armatura card of its owning gladiator"."""
    t = netted()
    d = t.g(1, "murmillo")
    deal(t, 1, "virtus")
    t.turn(1)
    t.do("play virtus move", "shake d5")
    assert "hindrance_removed" in kinds(t)
    assert where(t, d) == "d5"
    t.attacks(0)
    assert "hinder d4 d5" in t.legal()
    t.attacks(1)
    assert attacks_from(t, "d5") == {"d4"}


# --- Talents --------------------------------------------------------------------------------------


def test_sharp_cannot_be_attacked_from_a_distance() -> None:
    """Sharp: "This gladiator may never be attacked by gladiators that are not in an adjacent
    square": the Veles' javelin cannot reach him, the Thraex next to him can."""
    t = Table("thraex,murmillo,veles,provocator/retiarius+sharp,secutor,hoplomachus,scissor")
    t.place(0, "veles", "d2", "n")
    t.place(0, "thraex", "c3", "e")
    t.place(1, "retiarius", "d4", "s")
    t.place(1, "hoplomachus", "e4", "s")
    start(t)
    assert attacks_from(t, "d2") == {"e4"}
    assert "d4" in attacks_from(t, "c3")


@pytest.mark.parametrize(("familia", "reach"), [("thraex+dexter", 2), ("veles+dexter", 4)])
def test_dexter_gains_range_one_or_adds_one(familia: str, reach: int) -> None:
    """Dexter: "The gladiator gains RANGE 1. If the gladiator already had a RANGE X trait, it is
    increased by one": the Thraex (no Range) reaches two ranks ahead, the Veles (Range 2)
    four."""
    code = familia.split("+")[0]
    other = "veles" if code == "thraex" else "thraex"
    t = Table(f"{familia},{other},murmillo,provocator/retiarius,secutor,hoplomachus,scissor")
    t.place(0, code, "d2", "n")
    t.place(1, "retiarius", f"d{2 + reach}", "s")
    t.place(1, "hoplomachus", f"c{3 + reach}", "s")  # one rank too far
    start(t)
    assert attacks_from(t, "d2") == {f"d{2 + reach}"}


DODGE = "thraex,murmillo,veles,provocator/retiarius+dodge,secutor,hoplomachus,scissor"


def test_dodge_chooses_the_square_he_is_pushed_into() -> None:
    """Dodge: "When this gladiator is pushed back, he may choose the eligible square to which he
    will be pushed back" — with the straight square taken, the defender, not the attacker,
    picks one of the two beside it."""
    t = Table(DODGE)
    t.place(0, "thraex", "d4", "n")
    d = t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "d6", "n")
    start(t)
    fight(t, "d4", "d5", *pick(att("thraex", "retiarius"), dfn("retiarius", "thraex"), "push"))
    assert t.state.current_player == 1
    assert set(t.legal()) == {"push c6", "push e6"}
    t.do("push c6")
    assert where(t, d) == "c6"


def test_dodge_with_the_straight_square_free_has_one_eligible_square() -> None:
    """Dodge / Pushed back gladiator: the squares beside the straight one are eligible only
    when it is blocked ("In this case, he will have to be pushed back to a square adjacent to
    the one he should have moved to"); with it free, Dodge has no other eligible square."""
    t = Table(DODGE)
    t.place(0, "thraex", "d4", "n")
    d = t.place(1, "retiarius", "d5", "s")
    start(t)
    fight(t, "d4", "d5", *pick(att("thraex", "retiarius"), dfn("retiarius", "thraex"), "push"))
    assert not any(a.startswith("push ") for a in t.legal())
    assert where(t, d) == "d6"


def dodged() -> tuple[Table, int, int]:
    """The Dodge Retiarius on d5 facing S is pushed back to d6 by the Thraex on d4 (the squares
    beside d6 are taken, so d6 is his only square)."""
    t = Table(DODGE)
    a = t.place(0, "thraex", "d4", "n")
    d = t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "c6", "n")
    t.place(1, "hoplomachus", "e6", "n")
    start(t)
    fight(t, "d4", "d5", *pick(att("thraex", "retiarius"), dfn("retiarius", "thraex"), "push"))
    assert where(t, d) == "d6"
    return t, a, d


def test_dodge_may_spend_one_mp_after_being_pushed_back() -> None:
    """Dodge: "after having been pushed back, this gladiator may immediately spend one MP to
    move": a turn alone, or one orthogonal step (1 MP after a free pivot); no diagonal step
    (2 MP) and nothing further (c6 and e6 are taken)."""
    t, _, _ = dodged()
    assert t.state.current_player == 1
    legal = t.legal()
    assert "stay" in legal
    ends = {a.split()[1] for a in legal if a.startswith("to ")}
    assert ends == {"d6", "d5", "d7"}


def test_dodge_back_into_the_vacated_square_cancels_the_pursuit() -> None:
    """Dodge: "If he chooses to move back into the square from which he was pushed back, the
    opposing gladiator cannot pursue"."""
    t, a, d = dodged()
    step = next(x for x in t.legal() if x.startswith("to d5 s"))
    t.do(step)
    assert (where(t, d), facing(t, d)) == ("d5", "s")
    assert "pursue" not in t.legal()
    assert where(t, a) == "d4"


def test_dodge_staying_put_leaves_the_pursuit() -> None:
    """Dodge / Pursuing: if he does not step back into it, the vacated square is free and the
    attacker may still pursue."""
    t, a, _ = dodged()
    t.do("stay")
    assert t.state.current_player == 0
    t.do("pursue")
    assert where(t, a) == "d5"


def test_a_hindered_dodge_gladiator_does_not_move_after_a_push_back() -> None:
    """Hindrance: a hindered gladiator "may not move" — that includes Dodge's one MP after a
    push back (Dodge grants a move, not an exception to Hindrance)."""
    t = Table("laquearius,thraex,veles,provocator/retiarius+dodge,secutor,hoplomachus,scissor")
    t.place(0, "laquearius", "d4", "n")
    t.place(0, "thraex", "c4", "n")
    d = t.place(1, "retiarius", "d5", "s")
    bench(t)
    net(t, "d4", "d5")
    t.attacks(0)
    # The Laquearius threatens him (-1) and he is hindered (-1).
    a_card, d_card = pick(att("thraex", "retiarius"), dfn("retiarius", "thraex") - 2, "push")
    fight(t, "c4", "d5", a_card, d_card)
    if "push e6" in t.legal():
        t.do("push e6")
    assert where(t, d) != "d5"
    assert t.state.current_player == 0
    assert set(t.legal()) == {"pursue", "hold"}


STURDY = "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus+sturdy,scissor"


@pytest.mark.parametrize(("margin", "moved"), [(1, False), (2, False), (3, True)])
def test_sturdy_is_pushed_back_only_by_three_points_or_more(margin: int, moved: bool) -> None:
    """Sturdy: "As long as the final score of an attack aimed at him does not exceed his defence
    final result by at least 3 points, this gladiator is not pushed back by the attack"."""
    t = Table(STURDY)
    t.place(0, "thraex", "d4", "n")
    d = t.place(1, "hoplomachus", "d5", "s")
    start(t)
    a_base, d_base = att("thraex", "hoplomachus"), dfn("hoplomachus", "thraex")
    a_card, d_card = next(
        (x.code, y.code)
        for x in CAT.cards
        for y in CAT.cards
        if final(a_base, x.code) - final(d_base, y.code) == margin
        and final(a_base, x.code) < 2 * final(d_base, y.code)
    )
    fight(t, "d4", "d5", a_card, d_card)
    assert where(t, d) == ("d6" if moved else "d5")
    assert t.state.wounds[d] == 0
    assert ("pursue" in t.legal()) is moved


def test_sturdy_against_the_wall_is_not_wounded_by_a_small_margin() -> None:
    """Sturdy: an attack that exceeds his score by one or two "does not push him back", so a
    Sturdy gladiator with his back to the wall is not wounded for want of a square either."""
    t = Table(STURDY)
    t.place(0, "thraex", "d7", "n")
    d = t.place(1, "hoplomachus", "d8", "s")
    start(t)
    a_base, d_base = att("thraex", "hoplomachus"), dfn("hoplomachus", "thraex")
    a_card, d_card = next(
        (x.code, y.code)
        for x in CAT.cards
        for y in CAT.cards
        if final(a_base, x.code) - final(d_base, y.code) == 2
    )
    fight(t, "d7", "d8", a_card, d_card)
    assert (where(t, d), t.state.wounds[d]) == ("d8", 0)


def test_sturdy_beaten_twice_over_by_two_points_is_wounded_but_not_pushed() -> None:
    """Sturdy: within two points "this gladiator is not pushed back by the attack"; the attack
    still scores twice his defence, so he is wounded where he stands (a Murmillo's 4 against
    the Sturdy Secutor's 2)."""
    t = Table("thraex,murmillo,veles,provocator/retiarius,secutor+sturdy,hoplomachus,scissor")
    t.place(0, "murmillo", "d4", "n")
    d = t.place(1, "secutor", "d5", "s")
    start(t)
    a_base, d_base = att("murmillo", "secutor"), dfn("secutor", "murmillo")
    a_card, d_card = next(
        (x.code, y.code)
        for x in CAT.cards
        for y in CAT.cards
        if 0 < final(a_base, x.code) - final(d_base, y.code) < 3
        and final(a_base, x.code) >= 2 * final(d_base, y.code)
    )
    fight(t, "d4", "d5", a_card, d_card)
    assert (where(t, d), t.state.wounds[d]) == ("d5", 1)


@pytest.mark.parametrize(("card", "bonus"), [("infamis", 3), ("plausus", 0)])
def test_brute_adds_three_to_a_six(card: str, bonus: int) -> None:
    """Brute: "If the dice value of the card used during an attack by this gladiator is 6, he
    gets a +3 bonus ... cards with a dice of 6 contribute 9 points"."""
    assert die("infamis") == 6 and die("plausus") != 6
    t = Table("thraex,murmillo+brute,veles,provocator/retiarius,secutor,hoplomachus,scissor")
    t.place(0, "murmillo", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    start(t)
    assert fight(t, "d4", "d5", card, "virtus")[0] == final(
        att("murmillo", "hoplomachus") + bonus, card
    )


RESILIENT = "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus+resilient,scissor"


@pytest.mark.parametrize("choice", ["swap", "keep"])
def test_resilient_may_swap_a_0_or_1_defence_card(choice: str) -> None:
    """Resilient: "If the die of the Jugula card used for defence of this gladiator is a 0 or a
    1, you may immediately discard it and replace it with the top card of your deck"."""
    assert die("fraus_fraudis") == 1
    t = Table(RESILIENT)
    t.place(0, "thraex", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    deal(t, 0, "virtus")
    deal(t, 1, "fraus_fraudis")
    t.deck_top(1, "infamis")
    start(t)
    t.do("attack d4 d5", "card virtus", "card fraus_fraudis")
    assert t.state.current_player == 1
    assert set(t.legal()) == {"swap", "keep"}
    t.do(choice)
    used = "infamis" if choice == "swap" else "fraus_fraudis"
    defence = next(e.data for e in t.events if e.kind == "scores")["defence"]
    assert defence == final(dfn("hoplomachus", "thraex"), used)
    for choice in ("hold", "acclaim"):
        if choice in t.legal():
            t.do(choice)
    assert CAT.card_by_code["fraus_fraudis"] in t.state.discard[1]
    assert CAT.card_by_code[used] in t.state.discard[1]


def test_resilient_keeps_a_card_above_1() -> None:
    """Resilient: only a 0 or a 1 may be swapped; a 2 is resolved at once."""
    assert die("acta_est_fabula") == 2
    t = Table(RESILIENT)
    t.place(0, "thraex", "d4", "n")
    t.place(1, "hoplomachus", "d5", "s")
    start(t)
    t.hand(1, "acta_est_fabula", "virtus")
    deal(t, 0, "plausus")
    t.do("attack d4 d5", "card plausus", "card acta_est_fabula")
    assert "swap" not in t.legal()
    assert "scores" in kinds(t)


TOUGH = "thraex,murmillo,veles,provocator/retiarius,secutor+tough,hoplomachus,scissor"


def tough_bite() -> tuple[str, str]:
    a_base, d_base = att("murmillo", "secutor") + 4, dfn("secutor", "murmillo")
    return pick(a_base, d_base, "bite")


def test_tough_is_pushed_back_then_wounded_instead_of_biting_the_dust() -> None:
    """Tough: "This gladiator considers all instances of 'the defender bites the dust' as 'the
    defender is pushed back then wounded'"."""
    t = Table(TOUGH)
    t.place(0, "murmillo", "d4", "n")
    d = t.place(1, "secutor", "d5", "s")
    t.vox(0, 10)  # +4
    start(t)
    fight(t, "d4", "d5", *tough_bite())
    assert (where(t, d), t.state.wounds[d]) == ("d6", 1)


@pytest.mark.parametrize(("square", "wounded"), [("d5", True), ("d8", False)])
def test_tough_still_bites_the_dust_wounded_twice_or_against_the_wall(
    square: str, wounded: bool
) -> None:
    """Tough: "the gladiator can still bite the dust if unable to be pushed back or when wounded
    for a second time!"."""
    t = Table(TOUGH)
    t.place(0, "murmillo", f"d{int(square[1]) - 1}", "n")
    d = t.place(1, "secutor", square, "s", wounded=wounded)
    t.vox(0, 10)
    start(t)
    a_base = att("murmillo", "secutor") + 4
    d_base = dfn("secutor", "murmillo", wounded=wounded)
    fight(t, f"d{int(square[1]) - 1}", square, *pick(a_base, d_base, "bite"))
    assert where(t, d) is None


@pytest.mark.parametrize(("talent", "bites"), [("+butcher", True), ("", False)])
def test_butcher_bites_at_three_times_the_defence(talent: str, bites: bool) -> None:
    """Butcher: "If this gladiator's attack score is at least three times higher than the
    defender's defence score, the defender bites the dust (rather than the normal four
    times)"; without the talent the same blow wounds."""
    t = Table(f"thraex,murmillo{talent},veles,provocator/retiarius,secutor,hoplomachus,scissor")
    t.place(0, "murmillo", "d4", "n")
    d = t.place(1, "retiarius", "d5", "s")
    start(t)
    a_base, d_base = att("murmillo", "retiarius"), dfn("retiarius", "murmillo")
    a_card, d_card = next(
        (x.code, y.code)
        for x in CAT.cards
        for y in CAT.cards
        if 3 * final(d_base, y.code) <= final(a_base, x.code) < 4 * final(d_base, y.code)
    )
    fight(t, "d4", "d5", a_card, d_card)
    if bites:
        assert where(t, d) is None
    else:
        assert (where(t, d), t.state.wounds[d]) == ("d6", 1)


PERFIDIOUS = "thraex+perfidious,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor"


@pytest.mark.parametrize(
    ("square", "face", "position", "watched", "bonus"),
    [
        ("c5", "e", 1, False, 2),  # flank
        ("c6", "e", 2, False, 2),  # rear
        ("d6", "s", 3, False, 2),  # back
        ("d4", "n", 0, False, 0),  # front
        ("c5", "e", 1, True, 0),  # flank, but in an enemy's danger zone
    ],
)
def test_perfidious_strikes_from_the_side_or_behind(
    square: str, face: str, position: int, watched: bool, bonus: int
) -> None:
    """Perfidious: "If this gladiator attacks a gladiator from his flank, rear or back and is
    not in the Danger Zone of an enemy, he gets a +2 bonus to his attack score". The watching
    Secutor on b5 is himself in the danger zone of the Provocator on a5, so he threatens no
    one."""
    t = Table(PERFIDIOUS)
    t.place(0, "thraex", square, face)
    t.place(1, "hoplomachus", "d5", "s")
    if watched:
        t.place(1, "secutor", "b5", "e")
        t.place(0, "provocator", "a5", "e")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, square, "d5", a_card, d_card) == (
        final(att("thraex", "hoplomachus") + position + bonus, a_card),
        final(dfn("hoplomachus", "thraex"), d_card),
    )


LEADER = "thraex,murmillo,veles,provocator+leader/retiarius,secutor,hoplomachus,scissor"


@pytest.mark.parametrize(("leader_facing", "bonus"), [("s", 1), ("e", 0)])
def test_leader_helps_attacks_on_his_danger_zone(leader_facing: str, bonus: int) -> None:
    """Leader: "Any gladiator from the Leader's familia that is attacking a gladiator that is in
    the Danger Zone of the Leader adds 1 to his final attack score". The Leader on d6 faces the
    defender on d5 (or looks away); the Secutor on d7 keeps him from threatening."""
    t = Table(LEADER)
    t.place(0, "thraex", "d4", "n")
    t.place(0, "provocator", "d6", leader_facing)
    t.place(1, "hoplomachus", "d5", "s")
    t.place(1, "secutor", "d7", "s")
    start(t)
    a_card, d_card = "virtus", "plausus"
    assert fight(t, "d4", "d5", a_card, d_card) == (
        final(att("thraex", "hoplomachus") + bonus, a_card),
        final(dfn("hoplomachus", "thraex"), d_card),
    )
