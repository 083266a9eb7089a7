"""The virtual ludus of two-player careers (Appendix III, "Two-player careers"): four
gladiators of different armaturae, one rank step per point of the opposing Popularity (chosen
or at random), upgrades rolled as on the market; not a campaign ludus."""

from __future__ import annotations

import random

import pytest

from colosseum.careers.data import load_tables
from colosseum.careers.dice import ProgramDice, TableDice
from colosseum.careers.prearena import determine_arena
from colosseum.careers.sheet import CareerError, new_sheet
from colosseum.careers.virtual import pick, virtual_familia, virtual_sheet

TABLES = load_tables()


def stars(familia: list) -> list[int]:  # type: ignore[type-arg]
    return [max(r.stars for r in TABLES.ranks if g.experience >= r.experience) for g in familia]


@pytest.mark.parametrize("popularity", range(11))
def test_four_armaturae_and_one_step_per_popularity(popularity: int) -> None:
    familia = virtual_familia(popularity, random.Random(popularity))
    assert len(familia) == TABLES.ludus.deployed == 4
    assert len({g.armatura for g in familia}) == 4
    assert sum(stars(familia)) == popularity
    assert all(0 <= s <= 3 for s in stars(familia))


def test_popularity_zero_is_four_tiro_without_upgrades() -> None:
    familia = virtual_familia(0, random.Random(1))
    assert stars(familia) == [0, 0, 0, 0]
    assert all(sum(g.upgrades.values()) == 0 and not g.talents for g in familia)


def test_the_book_example_four_palus_or_two_tiro_a_palus_and_a_primus() -> None:
    dice = ProgramDice(3)
    four = virtual_familia(4, dice, ranks=[1, 1, 1, 1])
    assert stars(four) == [1, 1, 1, 1]
    mixed = virtual_familia(4, dice, ranks=["tiro", "tiro", "palus", "primus_palus"])
    assert stars(mixed) == [0, 0, 1, 3]


def test_each_rank_has_its_upgrades_rolled_as_on_the_market() -> None:
    # armaturae chosen; ranks 0,0,1,1; upgrade dice: 1 (ATT) for the first Palus, 3 (DEF) next
    familia = virtual_familia(
        2,
        TableDice([1, 3]),
        ranks=[0, 0, 1, 1],
        armaturae=["murmillo", "retiarius", "thraex", "veles"],
    )
    assert [g.armatura for g in familia] == ["murmillo", "retiarius", "thraex", "veles"]
    assert familia[2].upgrades == {"mp": 0, "att": 1, "def": 0}
    assert familia[3].upgrades == {"mp": 0, "att": 0, "def": 1}
    total = [sum(g.upgrades.values()) + len(g.talents) for g in familia]
    assert total == [0, 0, 1, 1]


def test_a_primus_rolls_three_upgrades_with_rerolls_and_unique_talents() -> None:
    familia = virtual_familia(
        6,
        TableDice([6, 6, 6, 6, 6, 6, 1, 1, 2, 5]),
        ranks=[3, 3, 0, 0],
        armaturae=["murmillo", "secutor", "thraex", "veles"],
    )
    talents = [t for g in familia for t in g.talents]
    assert len(talents) == len(set(talents))
    assert all(len(g.talents) <= 2 for g in familia)
    assert [sum(g.upgrades.values()) + len(g.talents) for g in familia[:2]] == [3, 3]


def test_random_familiae_are_reproducible() -> None:
    first = virtual_familia(5, random.Random(9))
    again = virtual_familia(5, random.Random(9))
    assert [g.to_json() for g in first] == [g.to_json() for g in again]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"popularity": 11}, "Popularity is 0 to 10"),
        ({"popularity": -1}, "Popularity is 0 to 10"),
        ({"popularity": 4, "ranks": [1, 1, 1]}, "give 4 ranks"),
        ({"popularity": 4, "ranks": [4, 0, 0, 0]}, "give 4 ranks"),
        ({"popularity": 4, "ranks": ["consul", 0, 0, 0]}, "give 4 ranks"),
        ({"popularity": 4, "ranks": [1, 1, 1, 0]}, "exactly 4"),
        ({"popularity": 0, "armaturae": ["veles"] * 4}, "4 different armaturae"),
        ({"popularity": 0, "armaturae": ["veles", "thraex"]}, "4 different armaturae"),
        ({"popularity": 0, "armaturae": ["veles", "thraex", "secutor", "cook"]}, "unknown"),
    ],
)
def test_impossible_choices_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(CareerError, match=message):
        virtual_familia(rng_or_dice=random.Random(1), **kwargs)  # type: ignore[arg-type]


def test_pick_is_uniform_enough_and_uses_only_dice() -> None:
    dice = ProgramDice(5)
    counts = {k: 0 for k in range(12)}
    for _ in range(1200):
        counts[pick(list(range(12)), dice, "test")] += 1
    assert all(60 <= n <= 140 for n in counts.values())
    assert pick(list("abcde"), TableDice([6, 1]), "test") == "a"  # 6 is beyond 5: again


def test_the_virtual_ludus_is_a_sheet_for_the_combat_only() -> None:
    familia = virtual_familia(4, random.Random(2), ranks=[1, 1, 1, 1])
    virtual = virtual_sheet(familia)
    assert virtual.popularity(TABLES) == 4
    assert virtual.servitors == {} and virtual.aurei == 0 and virtual.glory == 0
    real = new_sheet(
        "Fred", [("A", "murmillo"), ("B", "veles"), ("C", "thraex"), ("D", "secutor")], "lupa"
    )
    draw = determine_arena([real, virtual], TableDice([3, 4, 1, 1]))
    assert draw.popularity == 4
