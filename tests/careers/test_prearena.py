"""The pre-arena sequence (careers/prearena.py, careers/dice.py): the rulebook's arena and
reward example, the Munerarius cap, multi-ludus rollers, and table dice checked."""

from __future__ import annotations

import pytest

from colosseum.careers.data import load_tables
from colosseum.careers.dice import ProgramDice, TableDice
from colosseum.careers.prearena import determine_arena, rollers
from colosseum.careers.sheet import CareerError, Sheet, new_sheet

ARMATURAE = ["thraex", "retiarius", "veles", "murmillo"]


def ludus(lanista: str, ranks: list[int], servitor: str = "medicus") -> Sheet:
    """A new ludus whose first gladiators have reached the given ranks (stars)."""
    tables = load_tables()
    sheet = new_sheet(lanista, [(f"{lanista}{i}", a) for i, a in enumerate(ARMATURAE)], servitor)
    for i, stars in enumerate(ranks):
        sheet.gain_experience(f"{lanista}{i}", tables.ranks[stars].experience)
    return sheet


def test_the_rulebook_example_fights_in_a_provincial_capital_for_600_aurei() -> None:
    """ "Determine the arena" / "Determine reward": Fred (Popularity 6, Munerarius of one star)
    rolls 4, the Captain (Popularity 4) rolls 5: 4 + 5 + 2 = 11 against 10, a provincial
    capital by the chart; reward dice 1 and 3: 4 × 50 + 400 = 600."""
    fred = ludus("Fred", [3, 3], servitor="munerarius")
    captain = ludus("Captain", [3, 1])
    assert (fred.popularity(), captain.popularity()) == (6, 4)
    draw = determine_arena([fred, captain], TableDice([4, 5, 1, 3]))
    assert draw.popularity == 10
    assert draw.arena_total == 11
    assert draw.arena.code == "provincial_capital"
    assert draw.reward_rolls == (1, 3)
    assert draw.reward == 600


def test_a_die_and_its_munerarius_count_at_most_six() -> None:
    fred = ludus("Fred", [], servitor="munerarius")
    fred.set_servitor("munerarius", 3)  # +6
    draw = determine_arena([fred, ludus("Miller", [])], TableDice([5, 1, 1, 1]))
    assert draw.arena_total == 6 + 1


def test_with_three_or_four_ludi_the_lowest_and_highest_popularity_roll() -> None:
    low, middle, high = ludus("Low", []), ludus("Mid", [1]), ludus("High", [3, 2])
    chosen, popularity = rollers([middle, high, low])
    assert [s.lanista for s in chosen] == ["Low", "High"]
    assert popularity == 0 + 5


def test_program_dice_are_reproducible_and_table_dice_checked() -> None:
    a, b = ludus("A", []), ludus("B", [])
    first = determine_arena([a, b], ProgramDice(7))
    again = determine_arena([a, b], ProgramDice(7))
    assert first == again
    with pytest.raises(CareerError, match="dice needed"):
        determine_arena([a, b], TableDice([3]))
    with pytest.raises(CareerError, match="1 to 6, not 7"):
        determine_arena([a, b], TableDice([7, 1, 1, 1]))


def test_a_combat_has_two_to_four_ludi() -> None:
    with pytest.raises(CareerError, match="2 to 4 ludi"):
        determine_arena([ludus("Solo", [])], ProgramDice(1))
