"""Bankrupt (careers/bankruptcy.py): forced sales one by one, then the ludus closes."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.bankruptcy import pay_or_sell
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice

from .conftest import fred_campaign, play


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return fred_campaign(tmp_path)


def test_a_payment_within_the_treasury_sells_nothing(campaign: Campaign) -> None:
    events = pay_or_sell(campaign.sheets["Fred"], 50, "interest", TableDice([]))
    assert [kind for kind, _ in events] == ["paid"]


def test_forced_sales_one_by_one_until_the_sum_is_raised(campaign: Campaign) -> None:
    """50 aurei, 70 owed: Tiro are sold one at a time (a roll of 6 sells one for 20 aurei)."""
    price = load_tables().ranks[0].sale[5]
    play(campaign, pay_or_sell(campaign.sheets["Fred"], 50 + price, "interest", TableDice([6, 6])))
    fred = campaign.sheets["Fred"]
    assert len(fred.gladiators) == 3 and fred.aurei == 0


def test_with_everything_sold_and_still_short_the_ludus_closes(campaign: Campaign) -> None:
    events = pay_or_sell(campaign.sheets["Fred"], 100000, "interest", TableDice([1] * 10))
    play(campaign, events)
    assert events[-1][0] == "ludus_closed"
    assert "Fred" not in campaign.sheets
    assert "Fred" not in Campaign.open(campaign.store, campaign.name).sheets
