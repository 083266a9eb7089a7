"""A campaign's records (its identity, events and snapshot) and the plain SQL that reads one.

Reading a campaign takes three statements, written here once in SQL with `:name` parameters:
the store runs them through SQLAlchemy (`campaigns.py`), and a command that only reads runs
them through the standard library's sqlite3 without importing SQLAlchemy at all (`quick.py`).
Rows come back as the database driver gives them (JSON as text and times as text from
SQLite, decoded by PostgreSQL's driver); the functions below make the same records of both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

Payload = dict[str, Any]

FIND_CAMPAIGN = "SELECT id, name, settings FROM campaigns WHERE name_key = :key"
SNAPSHOT = "SELECT seq, rules, state FROM campaign_snapshots WHERE campaign = :campaign"
EVENTS_AFTER = (
    "SELECT seq, kind, payload, created FROM events "
    "WHERE campaign = :campaign AND seq > :after ORDER BY seq"
)
LAST_SEQ = "SELECT max(seq) FROM events WHERE campaign = :campaign"


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its kind and data (plain JSON)."""

    kind: str
    payload: Payload


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event of a log, as stored: its number, kind, data and time."""

    seq: int
    kind: str
    payload: Payload
    created: datetime


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A campaign's state (plain JSON) as of its event `seq`, under the rules version `rules`."""

    seq: int
    rules: str
    state: Payload


@dataclass(frozen=True, slots=True)
class CampaignRow:
    """A campaign's identity: its id, its name as first written, its settings."""

    id: int
    name: str
    settings: Payload


def name_key(name: str) -> str:
    """How names compare: trimmed, case-folded."""
    return name.strip().casefold()


def campaign_row(row: Any) -> CampaignRow:
    """A row of FIND_CAMPAIGN."""
    settings = _json(row[2])
    return CampaignRow(int(row[0]), str(row[1]), settings if isinstance(settings, dict) else {})


def snapshot_of(row: Any) -> Snapshot:
    """A row of SNAPSHOT (a state that is not a JSON object reads as an empty one, which the
    campaign then refuses to trust)."""
    state = _json(row[2])
    return Snapshot(int(row[0]), str(row[1]), state if isinstance(state, dict) else {})


def stored_event(row: Any) -> StoredEvent:
    """A row of EVENTS_AFTER, or of any read of (seq, kind, payload, created)."""
    payload = _json(row[2])
    payload = payload if isinstance(payload, dict) else {"value": payload}
    created = row[3]
    if isinstance(created, str):  # SQLite keeps times as text, as SQLAlchemy wrote them
        created = datetime.fromisoformat(created)
    return StoredEvent(int(row[0]), str(row[1]), dict(payload), created)


def _json(value: Any) -> Any:
    """A column's JSON: decoded when the driver gives its text (SQLite), else as given."""
    if isinstance(value, str | bytes):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value
