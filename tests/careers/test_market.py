"""Sales and purchases (careers/market.py): price tables, Nomenclator, Lupa, random upgrades
with re-rolls, servitors once per sequence; the worked example's Palus for 250 aurei."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.market import buy_gladiator, buy_servitor, sell_gladiator, sell_servitor
from colosseum.careers.sheet import CareerError

from .conftest import fred_campaign, play


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    return fred_campaign(tmp_path, "nomenclator", aurei=570)  # the example's treasury


def test_the_worked_example_buys_a_palus_for_250_with_a_random_defence(campaign: Campaign) -> None:
    """Worked example: with 620 aurei, a Palus at full price (250) whose upgrade roll gives
    DEF (a Secutor here: this ludus already has the example's Veles)."""
    play(
        campaign,
        buy_gladiator(campaign.sheets["Fred"], "Novus", "secutor", "palus", TableDice([3])),
    )
    fred = campaign.sheets["Fred"]
    assert fred.aurei == 620 - 250
    novus = fred.gladiator("Novus")
    assert novus.upgrades == {"mp": 0, "att": 0, "def": 1}
    assert fred.rank(novus) == 1


def test_the_lupa_lowers_the_price_and_a_tiro_is_free(campaign: Campaign) -> None:
    tables = load_tables()
    campaign.record("servitor", {"lanista": "Fred", "code": "lupa", "stars": 2})
    play(campaign, buy_gladiator(campaign.sheets["Fred"], "Tiro", "secutor", "tiro", TableDice([])))
    play(
        campaign, buy_gladiator(campaign.sheets["Fred"], "Pal", "scissor", "palus", TableDice([1]))
    )
    assert campaign.sheets["Fred"].aurei == 620 - tables.rank("palus").purchase[2]


def test_a_maxed_upgrade_is_rolled_again(campaign: Campaign) -> None:
    campaign.record("earned", {"lanista": "Fred", "aurei": 10000, "why": "gift"})
    # Primus Palus: 3 upgrades; rolls ATT, ATT, ATT (maxed: again), MP
    play(
        campaign,
        buy_gladiator(
            campaign.sheets["Fred"], "Max", "secutor", "primus_palus", TableDice([1, 2, 1, 5])
        ),
    )
    assert campaign.sheets["Fred"].gladiator("Max").upgrades == {"mp": 1, "att": 2, "def": 0}


def test_a_talent_rolled_is_the_lanistas_pick_of_his_class(campaign: Campaign) -> None:
    play(
        campaign,
        buy_gladiator(
            campaign.sheets["Fred"], "Brutus", "secutor", "palus", TableDice([6]), talent="brute"
        ),
    )
    assert campaign.sheets["Fred"].gladiator("Brutus").talents == ["brute"]


def test_a_second_armatura_is_refused_before_any_roll(campaign: Campaign) -> None:
    with pytest.raises(CareerError, match="already has a thraex"):
        buy_gladiator(campaign.sheets["Fred"], "Twin", "thraex", "palus", TableDice([]))


def test_a_sale_reads_the_price_table_with_the_nomenclator(campaign: Campaign) -> None:
    """Sale prices: a Tiro rolling 3, +1 for a one-star Nomenclator, reads column 4."""
    tables = load_tables()
    play(campaign, sell_gladiator(campaign.sheets["Fred"], "Blimyx", TableDice([3])))
    fred = campaign.sheets["Fred"]
    assert "Blimyx" not in {g.name for g in fred.gladiators}
    assert fred.aurei == 620 + tables.ranks[0].sale[3]


def test_a_six_with_a_nomenclator_reads_the_seven_plus_column(campaign: Campaign) -> None:
    tables = load_tables()
    play(campaign, sell_servitor(campaign.sheets["Fred"], "nomenclator", TableDice([6])))
    assert campaign.sheets["Fred"].aurei == 620 + tables.servitor_sale[0][6]
    assert campaign.sheets["Fred"].servitors == {}


def test_servitors_are_bought_and_upgraded_once_per_sequence(campaign: Campaign) -> None:
    tables = load_tables()
    play(campaign, buy_servitor(campaign.sheets["Fred"], "medicus"))
    with pytest.raises(CareerError, match="already bought or upgraded"):
        buy_servitor(campaign.sheets["Fred"], "medicus", changed={"medicus"})
    campaign.record("earned", {"lanista": "Fred", "aurei": 1000, "why": "gift"})
    play(campaign, buy_servitor(campaign.sheets["Fred"], "medicus"))  # a later sequence
    assert campaign.sheets["Fred"].servitors["medicus"] == 2
    assert (
        campaign.sheets["Fred"].aurei
        == 620 + 1000 - tables.servitor_new - tables.servitor_upgrade[0]
    )


def test_a_talent_of_the_other_class_is_refused_before_any_roll(campaign: Campaign) -> None:
    """A Secutor is heavy: a light talent ('fast') could never be his, so the purchase is
    refused before its dice are rolled, the sheet unchanged."""
    before = campaign.sheets["Fred"].to_json()
    dice = TableDice([6])
    with pytest.raises(CareerError, match="could not take the talent 'fast'"):
        buy_gladiator(campaign.sheets["Fred"], "Brutus", "secutor", "palus", dice, talent="fast")
    assert campaign.sheets["Fred"].to_json() == before
    assert dice.roll(1, "left unrolled") == [6]


def test_an_unknown_rank_is_refused_by_name(campaign: Campaign) -> None:
    with pytest.raises(CareerError, match="no rank 'centurion': the ranks are tiro"):
        buy_gladiator(campaign.sheets["Fred"], "Novus", "secutor", "centurion", TableDice([1]))
    with pytest.raises(CareerError, match="no servitor 'cook'"):
        load_tables().servitor("cook")
