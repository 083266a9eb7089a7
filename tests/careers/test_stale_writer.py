"""Every write is checked against the latest stored campaign, not the writer's memory: a
stale writer is refused ("the campaign changed: ..."), the campaign stays whole; a lanista in
an unfinished combat fights no other; an event that does not replay is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.campaign import BrokenCampaign, Campaign, CampaignChanged
from colosseum.careers.dice import ProgramDice
from colosseum.careers.manager import Thrifty
from colosseum.careers.sequence import begin_combat, engine_arena, finish_combat
from colosseum.careers.sheet import CareerError
from colosseum.store import NewEvent, Store

from .conftest import FRED

MILLER = [["Ajax", "secutor"], ["Brutus", "scissor"], ["Celer", "veles"], ["Decius", "murmillo"]]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    campaign = Campaign.create(store, "Gallia")
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FRED, "servitor": "medicus"})
    campaign.record(
        "ludus_created", {"lanista": "Miller", "gladiators": MILLER, "servitor": "lupa"}
    )
    return store


def test_a_stale_writer_is_refused_and_the_campaign_stays_whole(store: Store) -> None:
    """The issue's sequence: one writer waits while another kills a gladiator; the first then
    writes about the dead gladiator."""
    waiting = Campaign.open(store, "Gallia")
    other = Campaign.open(store, "Gallia")
    other.record("gladiator_removed", {"lanista": "Fred", "name": "Asinus", "why": "died"})
    with pytest.raises(CampaignChanged, match=r"the campaign changed: .*no gladiator 'Asinus'"):
        waiting.record("experience", {"lanista": "Fred", "name": "Asinus", "points": 3})
    reopened = Campaign.open(store, "Gallia")  # strict: every event replays
    assert [e.kind for e in reopened.log()][-1] == "gladiator_removed"
    assert "Asinus" not in {g.name for g in reopened.sheets["Fred"].gladiators}


def test_a_stale_writer_of_a_still_possible_event_is_stored_after_the_latest(store: Store) -> None:
    waiting = Campaign.open(store, "Gallia")
    Campaign.open(store, "Gallia").record("earned", {"lanista": "Fred", "aurei": 5, "why": "x"})
    stored = waiting.record("earned", {"lanista": "Miller", "aurei": 7, "why": "y"})
    assert stored.seq == 4
    assert Campaign.open(store, "Gallia").sheets["Miller"].aurei == 57


def test_a_step_stored_by_another_command_is_not_stored_twice(store: Store) -> None:
    first = Campaign.open(store, "Gallia")
    begun = begin_combat(first, ["Fred", "Miller"], ProgramDice(1))
    second = Campaign.open(store, "Gallia")
    arena = engine_arena(["random", "random"], 5)
    finish_combat(second, begun, ProgramDice(2), Thrifty(2), arena)
    with pytest.raises(CampaignChanged, match="the campaign changed"):
        finish_combat(first, begun, ProgramDice(3), Thrifty(3), arena)
    assert not Campaign.open(store, "Gallia").combats


def test_a_lanista_in_an_unfinished_combat_fights_no_other(store: Store) -> None:
    campaign = Campaign.open(store, "Gallia")
    begin_combat(campaign, ["Fred", "Miller"], ProgramDice(1))
    before = len(Campaign.open(store, "Gallia").log())
    with pytest.raises(CareerError, match="Fred fights in the combat Fred v Miller begun"):
        begin_combat(Campaign.open(store, "Gallia"), ["Fred", "Miller"], ProgramDice(1))
    assert len(Campaign.open(store, "Gallia").log()) == before


def test_a_short_familia_is_refused_before_any_roll(store: Store) -> None:
    campaign = Campaign.open(store, "Gallia")
    for name in ("Blimyx", "Asinus"):
        campaign.record("gladiator_removed", {"lanista": "Fred", "name": name, "why": "died"})
    campaign.record("paid", {"lanista": "Fred", "aurei": 50, "why": "games"})
    before = len(campaign.log())
    with pytest.raises(CareerError, match=r"Fred cannot send 4 gladiators.*nothing was rolled"):
        begin_combat(campaign, ["Fred", "Miller"], ProgramDice(1))
    assert len(Campaign.open(store, "Gallia").log()) == before


@pytest.mark.parametrize(
    ("kind", "payload", "why"),
    [
        ("gladiator_removed", {"lanista": "Fred", "name": "A", "why": "died"}, "no gladiator 'A'"),
        ("experience", {"lanista": "Fred", "name": "Blimyx"}, "missing or has a wrong field"),
        ("teleport", {}, "unknown event"),
    ],
)
def test_an_event_that_does_not_replay_is_named(
    store: Store, kind: str, payload: dict[str, object], why: str
) -> None:
    campaign = Campaign.open(store, "Gallia")
    store.campaigns.append(campaign.key, campaign.seq, [NewEvent(kind, payload)])
    with pytest.raises(BrokenCampaign, match=f"event #3 \\({kind}\\) does not replay: .*{why}"):
        Campaign.open(store, "Gallia")
    loose = Campaign.open(store, "Gallia", strict=False)
    assert loose.broken is not None and loose.broken.seq == 3
    assert len(loose.log()) == 3 and set(loose.sheets) == {"Fred", "Miller"}
