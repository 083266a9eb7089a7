"""The campaign store (careers/store.py, careers/campaign.py): sheets are the replay of their
stored events, an impossible request stores nothing, a killed process loses no stored event;
the same suite against SQLite and, where COLOSSEUM_TEST_POSTGRES_URL is set, PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from colosseum.careers.campaign import Campaign
from colosseum.careers.sheet import CareerError
from colosseum.store import Store

FOUR = [
    ["Blimyx", "thraex"],
    ["Asinus", "retiarius"],
    ["Minimea", "veles"],
    ["Crassus", "murmillo"],
]
POSTGRES = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param(
            "postgresql",
            marks=pytest.mark.skipif(
                not POSTGRES,
                reason="COLOSSEUM_TEST_POSTGRES_URL is not set: no PostgreSQL server to test",
            ),
        ),
    ]
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'careers.db'}" if request.param == "sqlite" else POSTGRES
    opened = Store(url)
    yield opened
    opened.close()


def unique(name: str) -> str:
    """Campaign names stay unique in a shared PostgreSQL database."""
    return f"{name} {uuid.uuid4().hex[:8]}"


def two_ludi(store: Store) -> Campaign:
    campaign = Campaign.create(store, unique("Gallia"))
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FOUR, "servitor": "medicus"})
    campaign.record(
        "ludus_created",
        {"lanista": "Miller", "gladiators": FOUR, "servitor": "lupa"},
    )
    return campaign


def test_sheets_are_the_replay_of_their_events(store: Store) -> None:
    campaign = two_ludi(store)
    campaign.record("roll", {"lanista": "Fred", "what": "reward", "dice": [4], "source": "program"})
    campaign.record("earned", {"lanista": "Fred", "aurei": 600, "why": "reward"})
    campaign.record("experience", {"lanista": "Fred", "name": "Blimyx", "points": 6})
    campaign.record("upgrade", {"lanista": "Fred", "name": "Blimyx", "upgrade": "fast"})
    campaign.record("usury_taken", {"lanista": "Miller", "kind": "loan", "amount": 100})
    campaign.record("gladiator_removed", {"lanista": "Miller", "name": "Asinus", "why": "sold"})
    reopened = Campaign.open(store, campaign.name)
    assert {k: s.to_json() for k, s in reopened.sheets.items()} == {
        k: s.to_json() for k, s in campaign.sheets.items()
    }
    assert [e.seq for e in reopened.log()] == list(range(1, 9))
    assert reopened.sheets["Fred"].aurei == 650
    assert reopened.sheets["Fred"].gladiator("Blimyx").talents == ["fast"]
    assert reopened.settings == {
        "glory_target": 10,
        "dice": "program",
        "mode": "free",
        "starting_aurei": 50,
        "fixed_rewards": False,
        "fixed_arena_roll": False,
        "rounds": None,
    }


@pytest.mark.parametrize(
    ("kind", "payload", "message"),
    [
        (
            "gladiator_added",
            {
                "lanista": "Fred",
                "gladiator": {
                    "name": "Twin",
                    "armatura": "thraex",
                    "experience": 0,
                    "upgrades": {"mp": 0, "att": 0, "def": 0},
                    "talents": [],
                    "wounded": False,
                    "convalescent": False,
                },
            },
            "already has a thraex",
        ),
        ("usury_taken", {"lanista": "Fred", "kind": "lent", "amount": 500}, "cannot pay 500"),
        (
            "gladiator_removed",
            {"lanista": "Fred", "name": "Spartacus", "why": "sold"},
            "no gladiator",
        ),
        ("paid", {"lanista": "Nobody", "aurei": 1, "why": "x"}, "no ludus of 'Nobody'"),
        ("experience", {"lanista": "Fred", "name": "Blimyx"}, "missing or has a wrong field"),
        ("teleport", {}, "unknown event"),
        ("roll", {"dice": [7], "source": "program"}, "dice are 1 to 6"),
    ],
)
def test_an_impossible_request_stores_nothing_and_changes_nothing(
    store: Store, kind: str, payload: dict[str, object], message: str
) -> None:
    campaign = two_ludi(store)
    before = {k: s.to_json() for k, s in campaign.sheets.items()}
    with pytest.raises(CareerError, match=message):
        campaign.record(kind, payload)
    assert {k: s.to_json() for k, s in campaign.sheets.items()} == before
    assert len(list(store.campaigns.load(campaign.key))) == 2


def test_campaign_names_are_unique_and_known(store: Store) -> None:
    campaign = Campaign.create(store, unique("Roma"))
    with pytest.raises(CareerError, match="exists already"):
        Campaign.create(store, campaign.name)
    with pytest.raises(CareerError, match="no campaign named"):
        Campaign.open(store, unique("Nowhere"))


WRITER = """
import sys
from colosseum.careers.campaign import Campaign
from colosseum.store import Store
store = Store(sys.argv[1])
campaign = Campaign.open(store, sys.argv[2])
for i in range(100000):
    stored = campaign.record("earned", {"lanista": "Fred", "aurei": 1, "why": "test"})
    print(stored.seq, flush=True)
"""


def test_a_killed_process_loses_no_stored_event(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'careers.db'}"
    store = Store(url)
    campaign = two_ludi(store)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, url, campaign.name], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None
    confirmed = []
    deadline = time.monotonic() + 60
    while len(confirmed) < 25 and time.monotonic() < deadline:
        line = writer.stdout.readline()
        if line:
            confirmed.append(int(line))
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert len(confirmed) == 25
    reopened = Campaign.open(Store(url), campaign.name)
    seqs = [e.seq for e in reopened.log()]
    assert seqs == list(range(1, len(seqs) + 1))  # nothing torn, no gap
    assert set(confirmed) <= set(seqs)  # every event reported stored is there
    assert reopened.sheets["Fred"].aurei == 50 + len(seqs) - 2
