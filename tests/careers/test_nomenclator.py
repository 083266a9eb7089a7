"""The Nomenclator's Glory (Appendix I, "Nomenclator"): +1 when acquired, +2 at two stars, +3
at three (1 / 3 / 6 in all), and all of it lost at once with him: sold, sold to pay a debt,
or set to no stars; his stars from Liberatio count the same; the replay gives the same sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.aftermath import liberatio
from colosseum.careers.arena import ArenaResult
from colosseum.careers.bankruptcy import pay_or_sell
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.market import buy_servitor, sell_servitor
from colosseum.careers.sheet import new_sheet
from colosseum.store import Store

from .conftest import FRED, fred_campaign, play


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return fred_campaign(tmp_path, aurei=10000)


def buy(campaign: Campaign, code: str = "nomenclator") -> None:
    play(campaign, buy_servitor(campaign.sheets["Fred"], code))


def replayed(campaign: Campaign) -> dict[str, object]:
    return Campaign.open(campaign.store, campaign.name).sheets["Fred"].to_json()


def test_the_glory_column_is_one_two_three() -> None:
    nomenclator = load_tables().servitor("nomenclator")
    assert [nomenclator.value("glory", s) for s in (1, 2, 3)] == [1, 2, 3]
    assert [nomenclator.total("glory", s) for s in (0, 1, 2, 3)] == [0, 1, 3, 6]


def test_acquiring_and_ranking_up_gives_one_then_two_then_three(campaign: Campaign) -> None:
    glory = []
    for _ in range(3):
        buy(campaign)
        glory.append(campaign.sheets["Fred"].glory)
    assert glory == [1, 3, 6]
    assert replayed(campaign) == campaign.sheets["Fred"].to_json()


def test_other_servitors_give_no_glory(campaign: Campaign) -> None:
    buy(campaign, "doctor")
    buy(campaign, "doctor")
    assert campaign.sheets["Fred"].glory == 0


def test_selling_him_loses_all_his_glory_at_once(campaign: Campaign) -> None:
    campaign.record("glory", {"lanista": "Fred", "amount": 3, "why": "a Primus freed"})
    for _ in range(3):
        buy(campaign)
    assert campaign.sheets["Fred"].glory == 9
    play(campaign, sell_servitor(campaign.sheets["Fred"], "nomenclator", TableDice([4])))
    fred = campaign.sheets["Fred"]
    assert "nomenclator" not in fred.servitors
    assert fred.glory == 3  # the Liberatio Glory stays
    assert replayed(campaign) == fred.to_json()


def test_any_removal_loses_his_glory(campaign: Campaign) -> None:
    buy(campaign)
    buy(campaign)
    campaign.record("servitor", {"lanista": "Fred", "code": "nomenclator", "stars": 0})
    assert campaign.sheets["Fred"].glory == 0


def test_a_forced_sale_in_bankruptcy_loses_his_glory(tmp_path: Path) -> None:
    campaign = Campaign.create(Store(f"sqlite:///{tmp_path / 'b.db'}"), "Roma")
    campaign.record(
        "ludus_created", {"lanista": "Fred", "gladiators": FRED, "servitor": "nomenclator"}
    )
    assert campaign.sheets["Fred"].glory == 1
    play(campaign, pay_or_sell(campaign.sheets["Fred"], 100000, "a debt", TableDice([1] * 10)))
    assert "Fred" not in campaign.sheets  # everything sold, the Nomenclator too, then closed


def test_a_forced_sale_removes_him_by_the_servitor_event(campaign: Campaign) -> None:
    buy(campaign)
    events = pay_or_sell(campaign.sheets["Fred"], 99999, "a debt", TableDice([6] * 10))
    kinds = [(kind, payload.get("code")) for kind, payload in events]
    assert ("servitor", "nomenclator") in kinds


def test_the_starting_nomenclator_gives_his_point() -> None:
    assert new_sheet("Fred", [tuple(p) for p in FRED], "nomenclator").glory == 1  # type: ignore[misc]


def test_liberatio_stars_bring_his_glory(campaign: Campaign) -> None:
    """The rulebook's example: a Primus freed, the Nomenclator raised from two stars to three,
    "another 3 Glory"; with the Liberatio's 3 Glory."""
    tables = load_tables()
    buy(campaign)
    buy(campaign)
    campaign.record(
        "experience", {"lanista": "Fred", "name": "Blimyx", "points": tables.ranks[3].experience}
    )
    before = campaign.sheets["Fred"].glory
    fought = ArenaResult(winners=("Fred",), deployed={"Fred": ("Blimyx",)}, wounded=(), bitten=())
    events = liberatio(
        campaign.sheets["Fred"],
        fought,
        "coliseum",
        ["nomenclator", "medicus", "sacerdos"],
        TableDice([6, 6]),
    )
    play(campaign, events)
    fred = campaign.sheets["Fred"]
    assert fred.glory == before + tables.liberatio.glory + 3
    assert fred.servitors["nomenclator"] == 3
    assert replayed(campaign) == fred.to_json()


def test_glory_never_falls_below_zero() -> None:
    sheet = new_sheet("Fred", [tuple(p) for p in FRED], "nomenclator")  # type: ignore[misc]
    sheet.glory = 0  # a sheet written by hand
    sheet.set_servitor("nomenclator", 0)
    assert sheet.glory == 0
