"""The ludus record sheet (careers/sheet.py): a new career, the sheet's rules, and that a
refused request changes nothing ("Ludus Record Sheet", "Ludus", "Appendix II", "Usury")."""

from __future__ import annotations

import copy

import pytest

from colosseum.careers.data import load_tables
from colosseum.careers.sheet import CareerError, Gladiator, Sheet, new_sheet

FOUR = [
    ("Blimyx", "thraex"),
    ("Asinus", "retiarius"),
    ("Minimea", "veles"),
    ("Crassus", "murmillo"),
]


def fresh() -> Sheet:
    return new_sheet("Lucius Moronus", FOUR, "medicus")


def refused(sheet: Sheet, message: str, change: object) -> None:
    """`change` (a callable) raises CareerError matching `message` and leaves `sheet` as is."""
    before = copy.deepcopy(sheet.to_json())
    with pytest.raises(CareerError, match=message):
        change()  # type: ignore[operator]
    assert sheet.to_json() == before


def test_a_new_career_is_four_tiro_fifty_aurei_and_one_servitor_of_rank_one() -> None:
    tables = load_tables()
    sheet = fresh()
    assert [g.armatura for g in sheet.gladiators] == [a for _, a in FOUR]
    assert all(sheet.rank(g) == 0 for g in sheet.gladiators)
    assert sheet.aurei == tables.start.aurei == 50
    assert sheet.servitors == {"medicus": 1}
    assert sheet.glory == 0 and sheet.popularity() == 0 and sheet.usury is None


@pytest.mark.parametrize(
    ("gladiators", "message"),
    [
        (FOUR[:3], "starts with 4"),
        ([*FOUR[:3], ("Twin", "thraex")], "already has a thraex"),
        ([*FOUR[:3], ("Odd", "gladius")], "unknown armatura"),
    ],
)
def test_a_new_career_refuses_a_wrong_familia(
    gladiators: list[tuple[str, str]], message: str
) -> None:
    with pytest.raises(CareerError, match=message):
        new_sheet("Fred", gladiators, "medicus")


def test_at_most_six_gladiators_each_of_a_different_armatura() -> None:
    sheet = fresh()
    sheet.add_gladiator(Gladiator("Five", "secutor"))
    refused(
        sheet, "already has a secutor", lambda: sheet.add_gladiator(Gladiator("Six", "secutor"))
    )
    sheet.add_gladiator(Gladiator("Six", "scissor"))
    refused(sheet, "already has 6", lambda: sheet.add_gladiator(Gladiator("Seven", "provocator")))


def test_each_upgrade_at_most_twice() -> None:
    sheet = fresh()
    sheet.add_upgrade("Blimyx", "att")
    sheet.add_upgrade("Blimyx", "att")
    refused(sheet, "at most 2 times", lambda: sheet.add_upgrade("Blimyx", "att"))
    assert sheet.gladiator("Blimyx").upgrades == {"mp": 0, "att": 2, "def": 0}


def test_talents_of_the_class_at_most_two_and_never_twice_in_a_ludus() -> None:
    sheet = fresh()
    refused(sheet, "heavy talent", lambda: sheet.add_upgrade("Blimyx", "brute"))
    sheet.add_upgrade("Blimyx", "fast")
    refused(sheet, "no talent twice in a ludus", lambda: sheet.add_upgrade("Minimea", "fast"))
    sheet.add_upgrade("Blimyx", "leader")
    refused(sheet, "already has 2 talents", lambda: sheet.add_upgrade("Blimyx", "dodge"))
    sheet.add_upgrade("Crassus", "brute")
    assert sheet.gladiator("Crassus").talents == ["brute"]


def test_experience_raises_the_rank_at_the_thresholds_and_popularity_sums_the_helmets() -> None:
    tables = load_tables()
    sheet = fresh()
    palus, secundus = tables.ranks[1].experience, tables.ranks[2].experience
    assert sheet.gain_experience("Blimyx", palus - 1) == 0
    assert sheet.gain_experience("Blimyx", 1) == 1
    assert sheet.gain_experience("Asinus", secundus) == 2
    assert sheet.popularity() == 1 + 2
    refused(sheet, "never lost", lambda: sheet.gain_experience("Asinus", -1))


def test_popularity_is_at_most_ten() -> None:
    sheet = fresh()
    sheet.add_gladiator(Gladiator("Five", "secutor"))
    sheet.add_gladiator(Gladiator("Six", "scissor"))
    for gladiator in sheet.gladiators:
        sheet.gain_experience(gladiator.name, load_tables().ranks[3].experience)
    assert sheet.popularity() == 10  # six Primus Palus would make 18


def test_one_loan_or_one_sum_lent_never_both() -> None:
    sheet = fresh()
    sheet.take_usury("loan", 100)
    assert sheet.aurei == 150
    refused(sheet, "already has a loan running", lambda: sheet.take_usury("lent", 50))
    sheet.settle_usury()
    assert sheet.aurei == 50 and sheet.usury is None
    refused(sheet, "cannot pay 80", lambda: sheet.take_usury("lent", 80))
    sheet.take_usury("lent", 30)
    refused(sheet, "already has money lent", lambda: sheet.take_usury("loan", 100))


def test_paying_more_than_the_treasury_is_refused() -> None:
    sheet = fresh()
    refused(sheet, "cannot pay 51 aurei", lambda: sheet.pay(51, "a Palus"))
    sheet.pay(50, "a party")
    assert sheet.aurei == 0


def test_a_glory_criterion_scores_once_per_career() -> None:
    sheet = fresh()
    gained = sheet.score_criterion("palus")
    assert sheet.glory == gained > 0
    refused(sheet, "once per career", lambda: sheet.score_criterion("palus"))


def test_servitors_have_one_to_three_stars() -> None:
    sheet = fresh()
    sheet.set_servitor("medicus", 3)
    refused(sheet, "1 to 3 stars", lambda: sheet.set_servitor("medicus", 4))
    refused(sheet, "unknown servitor", lambda: sheet.set_servitor("cook", 1))
    sheet.set_servitor("medicus", 0)
    assert sheet.servitors == {}


def test_selling_what_you_do_not_own_names_what_you_own() -> None:
    sheet = fresh()
    refused(sheet, "no gladiator 'Spartacus'.*Blimyx", lambda: sheet.remove_gladiator("Spartacus"))


def test_the_sheet_round_trips_through_json() -> None:
    sheet = fresh()
    sheet.add_upgrade("Crassus", "brute")
    sheet.take_usury("loan", 100)
    sheet.gain_experience("Asinus", 7)
    assert Sheet.from_json(sheet.to_json()) == sheet
