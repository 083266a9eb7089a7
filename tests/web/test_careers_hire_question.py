"""The Careers hire question (issue 46): when the ludus cannot send the arena's number the
question says hiring is required and how many, never "leave the list empty", and the page is
asked to draw that many rows; an empty answer then is refused and asked again with the reason,
while hires an earlier answer of the step made count (an answer partly refused, then empty,
ends the step)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from colosseum.careers import sequence
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import Tables, load_tables
from colosseum.careers.dice import ProgramDice
from colosseum.careers.manager import Hire
from colosseum.careers.sheet import CareerError, Sheet, new_sheet
from colosseum.store import Store
from colosseum.web import careers_questions as forms

FRED = [["Ajax", "murmillo"], ["Brutus", "thraex"], ["Crixus", "retiarius"], ["Dido", "veles"]]


def hire(name: str, armatura: str) -> dict[str, str]:
    return {"name": name, "armatura": armatura, "rank": "tiro", "upgrades": ""}


def ludus(convalescent: int) -> Sheet:
    """Fred's new ludus of four, the first `convalescent` of them unable to fight."""
    sheet = new_sheet("Fred", [(n, a) for n, a in FRED], "medicus")
    for gladiator in sheet.gladiators[:convalescent]:
        gladiator.convalescent = True
    return sheet


def test_the_question_says_hiring_is_required_and_how_many() -> None:
    form = forms.hires(ludus(convalescent=2), load_tables())
    assert "leave the list empty" not in form.text and "empty" not in form.text
    assert "has 2 ready of the 4 the arena needs" in form.text
    assert "hiring is required, at least 2 gladiators" in form.text
    assert form.fields[0]["min"] == 2  # the page draws two rows to fill
    answer = form.parse({"hires": [hire("Spiculus", "secutor")]})
    assert answer == [("Spiculus", "secutor", "tiro", [])]


def test_the_question_when_no_hire_is_needed() -> None:
    form = forms.hires(ludus(convalescent=0), load_tables())
    assert "required" not in form.text and "none needed: answer with no row" in form.text
    assert form.fields[0]["min"] == 0
    assert form.parse({"hires": []}) == []


class Answering:
    """A manager that asks again (as a person's page does), answering the hire question's
    form with the given answers in turn; what it was asked and why it was refused are kept."""

    asks_again = True

    def __init__(self, answers: list[dict[str, Any]]) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        self.refusals: list[str] = []

    def refused(self, what: str, error: CareerError) -> None:
        self.refusals.append(f"{what} refused: {error}")

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        return []

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]:
        form = forms.hires(sheet, tables)
        self.asked.append(form.text)
        found: list[Hire] = form.parse(self.answers.pop(0))
        return found


@pytest.fixture
def short_ludus(tmp_path: Path) -> Campaign:
    """Fred's ludus with one of four convalescent: one hire required."""
    campaign = Campaign.create(Store(f"sqlite:///{tmp_path / 'c.db'}"), "Gallia")
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FRED, "servitor": "medicus"})
    campaign.sheets["Fred"].gladiators[0].convalescent = True
    return campaign


def hired(campaign: Campaign, manager: Answering) -> list[str]:
    found = sequence._hire(campaign, "Fred", manager, ProgramDice(1), load_tables())  # type: ignore[arg-type]
    return [g.name for g in found]


def test_an_empty_answer_when_required_is_refused_and_asked_again(short_ludus: Campaign) -> None:
    manager = Answering([{"hires": []}, {"hires": [hire("Spiculus", "secutor")]}])
    assert hired(short_ludus, manager) == ["Spiculus"]
    assert len(manager.asked) == 2 and "at least 1 gladiator " in manager.asked[1]
    assert manager.refusals == [
        "the familia refused: Fred has 3 ready of the 4 the arena needs: hire more"
    ]


def test_hires_an_earlier_answer_made_count(short_ludus: Campaign) -> None:
    """Two hires, the second refused (a second secutor): asked again, an empty answer ends
    the step, since the first hire filled the place."""
    twice = {"hires": [hire("Spiculus", "secutor"), hire("Verus", "secutor")]}
    manager = Answering([twice, {"hires": []}])
    assert hired(short_ludus, manager) == ["Spiculus"]
    assert len(manager.asked) == 2 and not manager.answers
    assert manager.refusals == ["hiring Verus refused: a secutor is already hired"]
