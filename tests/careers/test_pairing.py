"""Swiss pairings (careers/pairing.py, "Appendix III: Tournaments")."""

from __future__ import annotations

import random

from colosseum.careers.pairing import swiss_pairs


def test_winners_meet_winners_and_losers_losers() -> None:
    points = {"Fred": 1, "Laure": 0, "Laurent": 1, "Miller": 0}
    pairs, bye = swiss_pairs(
        points, met={frozenset(("Fred", "Laure")), frozenset(("Laurent", "Miller"))}
    )
    assert bye is None
    assert {frozenset(p) for p in pairs} == {
        frozenset(("Fred", "Laurent")),
        frozenset(("Laure", "Miller")),
    }


def test_no_rematch_while_another_opponent_is_left() -> None:
    points = {"A": 2, "B": 2, "C": 1, "D": 1}
    pairs, _ = swiss_pairs(points, met={frozenset(("A", "B"))})
    assert frozenset(("A", "B")) not in {frozenset(p) for p in pairs}
    assert frozenset(("A", "C")) in {frozenset(p) for p in pairs}


def test_an_odd_field_gives_the_lowest_a_bye_once() -> None:
    points = {"A": 2, "B": 1, "C": 0}
    pairs, bye = swiss_pairs(points)
    assert bye == "C" and pairs == [("A", "B")]
    _, second = swiss_pairs(points, byes={"C"})
    assert second == "B"


def test_the_first_round_is_drawn_at_random_but_reproducibly() -> None:
    points = dict.fromkeys("ABCDEFGH", 0)
    first = swiss_pairs(points, rng=random.Random(1))
    assert first == swiss_pairs(points, rng=random.Random(1))
    assert len({n for pair in first[0] for n in pair}) == 8
