"""Where campaigns live: an append-only log of events per campaign, in a real database.

SQLite in a file by default; `COLOSSEUM_DATABASE_URL` (any SQLAlchemy URL, PostgreSQL
included) selects another. Each event is written in its own transaction and numbered within its
campaign, so a killed process loses at most the event it was writing, never one already stored,
and every sheet is rebuilt by replaying its campaign's events in order (`campaign.py`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from .sheet import CareerError

ENVIRONMENT = "COLOSSEUM_DATABASE_URL"

metadata = MetaData()
campaigns = Table(
    "campaigns",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("settings", JSON, nullable=False),
)
events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign", Integer, ForeignKey("campaigns.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(60), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("campaign", "seq"),
)


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event of a campaign, as stored: its number, kind and data."""

    seq: int
    kind: str
    payload: dict[str, Any]
    created: datetime


def default_url() -> str:
    """`COLOSSEUM_DATABASE_URL`, else a SQLite file in the user's data folder."""
    url = os.environ.get(ENVIRONMENT)
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "colosseum"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'careers.db'}"


class Store:
    """The campaigns of one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = create_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def create_campaign(self, name: str, settings: dict[str, Any]) -> int:
        """A new campaign; CareerError if the name is taken or empty."""
        name = name.strip()
        if not name:
            raise CareerError("a campaign needs a name")
        _check_json(settings)
        try:
            with self.engine.begin() as connection:
                result = connection.execute(
                    insert(campaigns).values(name=name, created=_now(), settings=settings)
                )
                key = result.inserted_primary_key
                assert key is not None
                return int(key[0])
        except IntegrityError:
            raise CareerError(f"a campaign named {name!r} exists already") from None

    def campaign(self, name: str) -> tuple[int, dict[str, Any]]:
        """(id, settings) of the campaign named `name`; CareerError listing the known ones."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(campaigns.c.id, campaigns.c.settings).where(campaigns.c.name == name)
            ).first()
        if row is None:
            known = ", ".join(self.names()) or "none yet"
            raise CareerError(f"no campaign named {name!r} (campaigns: {known})")
        return int(row.id), dict(row.settings)

    def names(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(campaigns.c.name).order_by(campaigns.c.id))
            return [str(row.name) for row in rows]

    def append(self, campaign: int, kind: str, payload: dict[str, Any]) -> StoredEvent:
        """Store one event at the end of the campaign's log, in its own transaction."""
        _check_json(payload)
        created = _now()
        with self.engine.begin() as connection:
            last = connection.execute(
                select(func.max(events.c.seq)).where(events.c.campaign == campaign)
            ).scalar()
            seq = 1 if last is None else int(last) + 1
            connection.execute(
                insert(events).values(
                    campaign=campaign, seq=seq, kind=kind, payload=payload, created=created
                )
            )
        return StoredEvent(seq, kind, payload, created)

    def events(self, campaign: int) -> Iterator[StoredEvent]:
        """The campaign's events, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(events.c.seq, events.c.kind, events.c.payload, events.c.created)
                .where(events.c.campaign == campaign)
                .order_by(events.c.seq)
            ).all()
        for row in rows:
            yield StoredEvent(int(row.seq), str(row.kind), dict(row.payload), row.created)

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead log and full sync: a committed event survives a killed process."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _check_json(data: dict[str, Any]) -> None:
    try:
        json.dumps(data)
    except (TypeError, ValueError) as error:
        raise CareerError(f"event data must be plain JSON: {error}") from None


def _now() -> datetime:
    return datetime.now(UTC)
