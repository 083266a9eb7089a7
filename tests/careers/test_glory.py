"""Glory update (careers/glory.py): each criterion once per career, as glory.toml lists it."""

from __future__ import annotations

from colosseum.careers.data import load_tables
from colosseum.careers.glory import campaign_winners, glory_update
from colosseum.careers.sheet import Gladiator, new_sheet

FOUR = [
    ("Blimyx", "thraex"),
    ("Asinus", "retiarius"),
    ("Minimea", "veles"),
    ("Crassus", "murmillo"),
]


def codes(events: list[tuple[str, dict[str, object]]]) -> list[object]:
    return [data["code"] for _, data in events]


def test_a_first_promotion_scores_and_never_again() -> None:
    sheet = new_sheet("Fred", FOUR, "medicus")
    assert codes(glory_update(sheet, promotions=[1])) == ["palus"]
    sheet.score_criterion("palus")
    assert codes(glory_update(sheet, promotions=[1])) == []


def test_popularity_servitors_and_a_full_ludus() -> None:
    tables = load_tables()
    sheet = new_sheet("Fred", FOUR, "medicus")
    sheet.add_gladiator(Gladiator("Five", "secutor"))
    sheet.add_gladiator(Gladiator("Six", "scissor"))
    for g in sheet.gladiators:
        sheet.gain_experience(g.name, tables.ranks[1].experience)  # six Palus: Popularity 6
    sheet.set_servitor("medicus", 2)
    found = codes(glory_update(sheet))
    assert found[:4] == ["full_ludus", "servitor_two_stars", "popularity_4", "popularity_6"]
    assert "popularity_8" not in found and "servitor_three_stars" not in found


def test_money_counts_only_without_a_loan() -> None:
    sheet = new_sheet("Fred", FOUR, "medicus")
    sheet.earn(2000)
    assert "aurei_1000" in codes(glory_update(sheet))
    sheet.take_usury("loan", 100)
    assert "aurei_1000" not in codes(glory_update(sheet))


def test_the_campaign_ends_at_the_glory_target() -> None:
    a, b = new_sheet("A", FOUR, "medicus"), new_sheet("B", FOUR, "lupa")
    a.glory, b.glory = 10, 9
    assert campaign_winners([a, b], 10) == ["A"]
    b.glory = 11
    assert campaign_winners([a, b], 10) == ["A", "B"]
