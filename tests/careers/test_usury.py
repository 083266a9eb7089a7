"""Rewards (post-arena step 2) and usury (step 8) in careers/usury.py: the worked example's
510 aurei, half for a loser, loan and lent interest with the Procurator, the debtor's roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.sheet import CareerError
from colosseum.careers.usury import borrow, lend, rewards

from .conftest import fred_campaign, play


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return fred_campaign(tmp_path, "unctor")


def test_the_worked_example_fred_wins_460_and_his_unctor_brings_50(campaign: Campaign) -> None:
    """Worked example: reward 460 for the winner, +50 from a one-star unctor: 510 aurei."""
    play(campaign, rewards(campaign.sheets["Fred"], 460, won=True, dice=TableDice([])))
    assert campaign.sheets["Fred"].aurei == 50 + 510


def test_a_loser_receives_half_the_reward(campaign: Campaign) -> None:
    """Worked example: "Captain Miller gets half that amount, 230 aurei"."""
    campaign.record("servitor", {"lanista": "Fred", "code": "unctor", "stars": 0})
    play(campaign, rewards(campaign.sheets["Fred"], 460, won=False, dice=TableDice([])))
    assert campaign.sheets["Fred"].aurei == 50 + 230


def test_a_loan_is_a_chart_sum_within_the_popularity_and_costs_its_interest(
    campaign: Campaign,
) -> None:
    tables = load_tables()
    fred = campaign.sheets["Fred"]
    with pytest.raises(CareerError, match="at most 0"):
        borrow(fred, 100, TableDice([1]))  # Popularity 0
    campaign.record(
        "experience", {"lanista": "Fred", "name": "Blimyx", "points": tables.ranks[1].experience}
    )
    with pytest.raises(CareerError, match="one of the chart's sums"):
        borrow(campaign.sheets["Fred"], 150, TableDice([1]))
    play(campaign, borrow(campaign.sheets["Fred"], 100, TableDice([1])))
    fred = campaign.sheets["Fred"]
    assert fred.aurei == 150 and fred.usury is not None and fred.usury.interest == 25
    play(campaign, rewards(fred, 100, won=True, dice=TableDice([])))
    assert campaign.sheets["Fred"].aurei == 150 + 100 + 50 - 25


def test_the_procurator_improves_the_roll_up_to_six(campaign: Campaign) -> None:
    tables = load_tables()
    campaign.record("servitor", {"lanista": "Fred", "code": "procurator", "stars": 3})  # +4
    campaign.record("earned", {"lanista": "Fred", "aurei": 1000, "why": "gift"})
    play(campaign, lend(campaign.sheets["Fred"], 500, TableDice([5])))
    usury = campaign.sheets["Fred"].usury
    assert usury is not None and usury.interest == tables.lent.of(500, 6)


def test_a_debtor_repays_on_five_or_six(campaign: Campaign) -> None:
    campaign.record("earned", {"lanista": "Fred", "aurei": 1000, "why": "gift"})
    play(campaign, lend(campaign.sheets["Fred"], 500, TableDice([1])))  # interest 5
    play(campaign, rewards(campaign.sheets["Fred"], 0, won=True, dice=TableDice([4])))
    assert campaign.sheets["Fred"].usury is not None
    before = campaign.sheets["Fred"].aurei
    play(campaign, rewards(campaign.sheets["Fred"], 0, won=True, dice=TableDice([5])))
    assert campaign.sheets["Fred"].usury is None
    assert campaign.sheets["Fred"].aurei == before + 50 + 5 + 500


def test_lending_needs_the_cash_and_no_loan(campaign: Campaign) -> None:
    with pytest.raises(CareerError, match="cannot lend 500"):
        lend(campaign.sheets["Fred"], 500, TableDice([1]))
