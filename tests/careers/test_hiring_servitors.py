"""Hiring servitors for one combat ("Hiring gladiators and servitors"): 100 / 400 / 1,000 aurei
by stars, paid now; never one the ludus has (at any rank); he acts in the arena and through
the post-arena sequence, is neither upgraded nor sold, gives no Glory, and leaves after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.aftermath import liberatio
from colosseum.careers.arena import ArenaResult, engine_options, hire_servitor, release_hired
from colosseum.careers.bankruptcy import pay_or_sell
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.glory import glory_update
from colosseum.careers.market import buy_servitor, sell_gladiator, sell_servitor
from colosseum.careers.prearena import determine_arena
from colosseum.careers.sheet import CareerError, Sheet

from .conftest import fred_campaign, play

MILLER = [["Ajax", "secutor"], ["Brutus", "scissor"], ["Celer", "laquearius"], ["Decius", "veles"]]


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    campaign = fred_campaign(tmp_path, aurei=1950)
    campaign.record(
        "ludus_created", {"lanista": "Miller", "gladiators": MILLER, "servitor": "lupa"}
    )
    return campaign


def fred(campaign: Campaign) -> Sheet:
    return campaign.sheets["Fred"]


def refused(campaign: Campaign, message: str, request: object) -> None:
    before = fred(campaign).to_json()
    with pytest.raises(CareerError, match=message):
        request()  # type: ignore[operator]
    assert fred(campaign).to_json() == before


@pytest.mark.parametrize(("stars", "price"), [(1, 100), (2, 400), (3, 1000)])
def test_the_price_is_by_stars_and_paid_now(campaign: Campaign, stars: int, price: int) -> None:
    assert load_tables().servitor_hire[stars - 1] == price
    play(campaign, hire_servitor(fred(campaign), "editor", stars))
    assert fred(campaign).aurei == 2000 - price
    assert fred(campaign).servitors["editor"] == stars
    assert fred(campaign).hired == ["editor"]


def test_a_servitor_the_ludus_has_cannot_be_hired_even_better(campaign: Campaign) -> None:
    refused(campaign, "already has a medicus", lambda: hire_servitor(fred(campaign), "medicus", 3))
    play(campaign, hire_servitor(fred(campaign), "editor", 1))
    refused(campaign, "already has a editor", lambda: hire_servitor(fred(campaign), "editor", 2))


def test_impossible_hires_are_refused(campaign: Campaign) -> None:
    refused(campaign, "unknown servitor", lambda: hire_servitor(fred(campaign), "cook", 1))
    refused(campaign, "1 to 3 stars", lambda: hire_servitor(fred(campaign), "editor", 4))
    refused(campaign, "1 to 3 stars", lambda: hire_servitor(fred(campaign), "editor", 0))
    campaign.record("paid", {"lanista": "Fred", "aurei": 1700, "why": "debts"})
    refused(campaign, "cannot pay 400", lambda: hire_servitor(fred(campaign), "editor", 2))


def test_he_acts_in_the_arena_and_the_sequence(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "munerarius", 1))
    play(campaign, hire_servitor(fred(campaign), "manicarius", 2))
    draw = determine_arena([fred(campaign), campaign.sheets["Miller"]], TableDice([1, 1, 1, 1]))
    assert draw.arena_total == 1 + 2 + 1
    assert engine_options([fred(campaign), campaign.sheets["Miller"]], [[], []])["vox"] == "3,0"
    play(campaign, hire_servitor(fred(campaign), "nomenclator", 3))  # +3 to the sale die
    events = sell_gladiator(fred(campaign), "Blimyx", TableDice([4]))
    assert events[-1][1]["aurei"] == load_tables().ranks[0].sale[6]


def test_he_is_neither_upgraded_nor_sold(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "editor", 1))
    refused(campaign, "hired", lambda: buy_servitor(fred(campaign), "editor"))
    refused(campaign, "hired", lambda: sell_servitor(fred(campaign), "editor", TableDice([3])))
    with pytest.raises(CareerError, match="hired"):
        campaign.record("servitor", {"lanista": "Fred", "code": "editor", "stars": 2})
    fought = ArenaResult(winners=("Fred",), deployed={"Fred": ()}, wounded=(), bitten=())
    with pytest.raises(CareerError, match="hired"):
        liberatio(fred(campaign), fought, "coliseum", ["editor"], TableDice([]))


def test_a_hired_nomenclator_gives_no_glory(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "nomenclator", 3))
    assert fred(campaign).glory == 0
    play(campaign, release_hired(fred(campaign)))
    assert fred(campaign).glory == 0


def test_hired_servitors_count_for_no_glory_criterion(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "editor", 3))
    codes = [payload["code"] for _, payload in glory_update(fred(campaign))]
    assert "servitor_three_stars" not in codes and "servitor_two_stars" not in codes


def test_bankruptcy_sells_no_hired_servitor(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "editor", 1))
    events = pay_or_sell(fred(campaign), 100000, "a debt", TableDice([1] * 10))
    assert all(payload.get("code") != "editor" for _, payload in events)
    play(campaign, events)
    assert "Fred" not in campaign.sheets


def test_they_leave_after_the_sequence_and_the_replay_agrees(campaign: Campaign) -> None:
    play(campaign, hire_servitor(fred(campaign), "editor", 2))
    play(campaign, hire_servitor(fred(campaign), "unctor", 1))
    assert Sheet.from_json(fred(campaign).to_json()) == fred(campaign)
    reopened = Campaign.open(campaign.store, campaign.name)
    assert reopened.sheets["Fred"].to_json() == fred(campaign).to_json()
    events = release_hired(fred(campaign))
    assert events == [
        ("hired_released", {"lanista": "Fred", "code": "editor"}),
        ("hired_released", {"lanista": "Fred", "code": "unctor"}),
    ]
    play(campaign, events)
    assert fred(campaign).servitors == {"medicus": 1} and fred(campaign).hired == []
    assert release_hired(fred(campaign)) == []
    with pytest.raises(CareerError, match="no hired editor"):
        campaign.record("hired_released", {"lanista": "Fred", "code": "editor"})
    reopened = Campaign.open(campaign.store, campaign.name)
    assert reopened.sheets["Fred"].to_json() == fred(campaign).to_json()
