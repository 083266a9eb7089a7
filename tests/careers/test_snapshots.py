"""Snapshots kept beside a campaign's log (careers/snapshot.py): after every kind of event the
stored snapshot is the state the whole log replays to; reading a long campaign replays only
the events after its snapshot; a snapshot of other rules, an unreadable one or one past the
log's end is rebuilt from the log with a note; a wrong one is caught by `career verify`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update
from typer.testing import CliRunner

from colosseum.careers import campaign as campaign_module
from colosseum.careers.campaign import Campaign
from colosseum.careers.events import EVENT_KINDS
from colosseum.careers.simulate import simulate_campaign
from colosseum.careers.snapshot import Storage, encode, rules_version, storage
from colosseum.careers.verify import verify
from colosseum.cli.app import app
from colosseum.store import Store
from colosseum.store.campaigns import CampaignLog
from colosseum.store.schema import campaign_snapshots

from .conftest import FRED

MILLER = [["Ajax", "secutor"], ["Brutus", "scissor"], ["Celer", "veles"], ["Decius", "hoplomachus"]]
KEY = "ab" * 32  # a key's SHA-256 in hex


def replayed(store: Store, name: str) -> Campaign:
    """The campaign made by replaying its whole log, ignoring any snapshot."""
    row = store.campaigns.find(name)
    assert row is not None
    campaign = Campaign(store, row.id, row.name, row.settings)
    campaign.replay(store.campaigns.load(row.id))
    return campaign


def state_of(campaign: Campaign) -> dict[str, Any]:
    return encode(campaign.sheets, campaign.combats, campaign.ledger)


@pytest.fixture
def every_event(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """A snapshot with every append, each checked against the whole log replayed; yields the
    kinds of the events checked."""
    monkeypatch.setattr(
        campaign_module, "storage", lambda: storage().model_copy(update={"snapshot_every": 1})
    )
    seen: set[str] = set()
    append = CampaignLog.append

    def checked(log: CampaignLog, key: int, *args: Any, **kwargs: Any) -> Any:
        stored = append(log, key, *args, **kwargs)
        snapshot, _, last = log.read(key)
        assert snapshot is not None and snapshot.seq == last
        row = next(r for r in map(log.find, log.names()) if r is not None and r.id == key)
        whole = replayed(Store(str(log.engine.url)), row.name)
        assert snapshot.state == state_of(whole), [e.kind for e in stored]
        seen.update(e.kind for e in stored)
        return stored

    monkeypatch.setattr(CampaignLog, "append", checked)
    yield seen


def test_snapshot_and_log_agree_after_every_kind_of_event(
    tmp_path: Path, every_event: set[str]
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    done = simulate_campaign(store, 3, 3, 11)  # combats: draws, steps, wounds, Fatum, market
    assert done.replay_matches
    campaign = Campaign.create(store, "Gallia")
    for lanista, four in (("Fred", FRED), ("Miller", MILLER)):
        campaign.record(
            "ludus_created", {"lanista": lanista, "gladiators": four, "servitor": "medicus"}
        )
    for kind, payload in (
        ("servitor_hired", {"lanista": "Fred", "code": "editor", "stars": 1}),
        ("hired_released", {"lanista": "Fred", "code": "editor"}),
        ("usury_taken", {"lanista": "Fred", "kind": "loan", "amount": 100, "interest": 10}),
        ("usury_settled", {"lanista": "Fred"}),
        ("glory", {"lanista": "Miller", "amount": 3, "why": "a Primus freed"}),
        ("ludus_key", {"lanista": "Fred", "key": KEY}),
        ("ludus_owner", {"lanista": "Fred", "account": 7}),
        *[("gladiator_removed", {"lanista": "Miller", "name": n}) for n, _ in MILLER],
        ("servitor", {"lanista": "Miller", "code": "medicus", "stars": 0}),
        ("ludus_closed", {"lanista": "Miller"}),
    ):
        campaign.record(kind, payload)
    assert every_event >= set(EVENT_KINDS)
    opened = Campaign.open(store, "Gallia")
    assert state_of(opened) == state_of(replayed(store, "Gallia")) and not opened.recent
    assert opened.ledger.owners["Fred"].account == 7 and KEY in opened.ledger.owners["Fred"].keys


def long_campaign(tmp_path: Path) -> tuple[Store, str]:
    store = Store(f"sqlite:///{tmp_path / 'long.db'}")
    done = simulate_campaign(store, 3, 6, 5)
    assert done.replay_matches
    return store, done.campaign


def test_reading_a_long_campaign_replays_only_what_follows_its_snapshot(tmp_path: Path) -> None:
    store, name = long_campaign(tmp_path)
    opened = Campaign.open(store, name)
    assert opened.seq > 2 * storage().snapshot_every
    assert len(opened.recent) < storage().snapshot_every
    assert state_of(opened) == state_of(replayed(store, name))
    assert "agrees" in verify(store, name).snapshot


def _stored_snapshot(store: Store) -> dict[str, Any]:
    with store.engine.connect() as connection:
        row = connection.execute(select(campaign_snapshots)).one()
    return dict(row._mapping)


def _set_snapshot(store: Store, **values: Any) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(campaign_snapshots).values(**values))


@pytest.mark.parametrize(
    ("change", "note"),
    [
        ({"rules": "0" * 64}, "taken under other rules"),
        ({"state": {"format": 1, "sheets": "torn"}}, "does not read"),
        ({"state": {"format": 0}}, "does not read"),
        ({"seq": 10**6}, "past the log's last"),
    ],
)
def test_a_snapshot_that_cannot_be_trusted_is_rebuilt_from_the_log(
    tmp_path: Path, change: dict[str, Any], note: str
) -> None:
    store, name = long_campaign(tmp_path)
    whole = state_of(replayed(store, name))
    _set_snapshot(store, **change)
    opened = Campaign.open(store, name)
    assert state_of(opened) == whole
    assert len(opened.notes) == 1 and note in opened.notes[0], opened.notes
    assert "a new snapshot kept" in opened.notes[0]
    kept = _stored_snapshot(store)
    assert kept["rules"] == rules_version() and kept["seq"] == opened.seq
    again = Campaign.open(store, name)
    assert not again.notes and not again.recent and state_of(again) == whole


def test_the_terminal_says_what_it_rebuilt(tmp_path: Path) -> None:
    store, name = long_campaign(tmp_path)
    _set_snapshot(store, rules="0" * 64)
    shown = CliRunner().invoke(app, ["career", "show", name, "--database", str(store.url)])
    assert shown.exit_code == 0, shown.output
    assert "note: the stored snapshot" in shown.output and "other rules" in shown.output


def test_verify_catches_a_snapshot_that_disagrees_with_the_log(tmp_path: Path) -> None:
    store, name = long_campaign(tmp_path)
    wrong = _stored_snapshot(store)["state"]
    sheet = wrong["sheets"][0]
    sheet["aurei"] += 1000
    _set_snapshot(store, state=wrong)
    assert Campaign.open(store, name).sheets[sheet["lanista"]].aurei == sheet["aurei"]
    url = str(store.url)
    checked = CliRunner().invoke(app, ["career", "verify", name, "--database", url])
    assert checked.exit_code == 0, checked.output
    assert "DISAGREES" in checked.output and f"{sheet['lanista']}'s sheet" in checked.output
    assert "kept now" in checked.output
    assert state_of(Campaign.open(store, name)) == state_of(replayed(store, name))
    again = CliRunner().invoke(app, ["career", "verify", name, "--database", url])
    assert "agrees" in again.output


def test_a_campaign_stored_before_snapshots_gets_one_when_read(tmp_path: Path) -> None:
    store, name = long_campaign(tmp_path)
    row = store.campaigns.find(name)
    assert row is not None
    store.campaigns.drop_snapshot(row.id)
    assert store.campaigns.read(row.id)[0] is None
    opened = Campaign.open(store, name)
    assert not opened.notes and opened.seq == _stored_snapshot(store)["seq"]


@pytest.mark.parametrize(
    ("values", "why"),
    [
        ({"snapshot_every": 0, "page": 50, "page_most": 200}, "snapshot_every"),
        ({"snapshot_every": 100, "page": 0, "page_most": 200}, "page"),
        ({"snapshot_every": 100, "page": 300, "page_most": 200}, "more than page_most"),
        ({"snapshot_every": 100, "page": 50, "page_most": 200, "every": 3}, "every"),
    ],
)
def test_storage_data_is_checked_on_load(values: dict[str, Any], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Storage.model_validate(values)
