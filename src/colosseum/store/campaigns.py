"""The campaigns' repository: each campaign an append-only log of events.

`append(id, expected_seq, events)` stores the events as numbers expected_seq+1, ... only if
the log still ends at `expected_seq`, checked in the same transaction as the insert (the
campaign's row is locked on PostgreSQL, the database on SQLite; the unique (campaign, seq) key
is the last guard); otherwise `Conflict` and nothing is stored. An append may carry the
campaign's state after its events (a `Snapshot`), kept in the same transaction; `read` gives
the latest snapshot and the events after it. Older events are read a page at a time (`page`,
newest first) or by kind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from . import faults
from .errors import Conflict, NameTaken, StoreError
from .records import (
    EVENTS_AFTER,
    FIND_CAMPAIGN,
    LAST_SEQ,
    SNAPSHOT,
    CampaignRow,
    NewEvent,
    Payload,
    Snapshot,
    StoredEvent,
    campaign_row,
    name_key,
    snapshot_of,
    stored_event,
)
from .schema import campaign_snapshots, campaigns, events
from .transactions import writing

# An append's check against the events others stored first: given them, the snapshot to keep
Rebase = Callable[[list[StoredEvent]], Payload | None]

# The reads of a campaign, in the plain SQL a command that only reads shares (records.py)
_FIND = text(FIND_CAMPAIGN)
_SNAPSHOT = text(SNAPSHOT)
_EVENTS_AFTER = text(EVENTS_AFTER)
_LAST_SEQ = text(LAST_SEQ)


class CampaignLog:
    """The campaigns of one database and their event logs; `conflicts` counts the appends
    this process saw refused (for benchmarks)."""

    conflicts = 0

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(
        self, name: str, settings: Payload, first: Sequence[NewEvent] = ()
    ) -> tuple[CampaignRow, list[StoredEvent]]:
        """A new campaign with its `first` events, in one transaction; `NameTaken` if a
        campaign has this name (trimmed, ignoring case)."""
        name = name.strip()
        _check_json(settings)
        for new in first:
            _check_json(new.payload)
        created = _now()
        try:
            with writing(self.engine) as connection:
                key = connection.execute(
                    insert(campaigns).values(
                        name=name, name_key=name_key(name), created=created, settings=settings
                    )
                ).inserted_primary_key
                assert key is not None
                row = CampaignRow(int(key[0]), name, dict(settings))
                stored = _insert(connection, row.id, 0, first, created)
        except IntegrityError:
            raise NameTaken(f"a campaign named {name!r} exists already") from None
        return row, stored

    def find(self, name: str) -> CampaignRow | None:
        """The campaign of this name (trimmed, ignoring case), or None."""
        with self.engine.connect() as connection:
            row = connection.execute(_FIND, {"key": name_key(name)}).first()
        return None if row is None else campaign_row(row)

    def names(self) -> list[str]:
        """Every campaign's name, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(campaigns.c.name).order_by(campaigns.c.id))
            return [str(row.name) for row in rows]

    def load(
        self,
        campaign: int,
        after: int = 0,
        kinds: Sequence[str] | None = None,
        limit: int | None = None,
    ) -> list[StoredEvent]:
        """The campaign's events numbered above `after` (of these `kinds`; the first `limit`),
        oldest first."""
        query = select(events.c.seq, events.c.kind, events.c.payload, events.c.created).where(
            events.c.campaign == campaign, events.c.seq > after
        )
        if kinds is not None:
            query = query.where(events.c.kind.in_(list(kinds)))
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(events.c.seq).limit(limit)).all()
        return [stored_event(row) for row in rows]

    def read(self, campaign: int) -> tuple[Snapshot | None, list[StoredEvent], int]:
        """In one transaction: the campaign's latest snapshot, the events after it, and the
        number of its last event."""
        with self.engine.connect() as connection, connection.begin():
            row = connection.execute(_SNAPSHOT, {"campaign": campaign}).first()
            snapshot = None if row is None else snapshot_of(row)
            after = _events_after(connection, campaign, 0 if snapshot is None else snapshot.seq)
            last = after[-1].seq if after else _last_seq(connection, campaign)
        return snapshot, after, last

    def page(
        self,
        campaign: int,
        before: int | None = None,
        limit: int = 50,
        kinds: Sequence[str] | None = None,
    ) -> list[StoredEvent]:
        """At most `limit` of the campaign's events numbered below `before` (of these
        `kinds`), newest first."""
        return self._newest(campaign, before, limit, kinds)

    def _newest(
        self,
        campaign: int,
        before: int | None,
        limit: int,
        kinds: Sequence[str] | None,
        *where: Any,
    ) -> list[StoredEvent]:
        query = select(events.c.seq, events.c.kind, events.c.payload, events.c.created).where(
            events.c.campaign == campaign, *where
        )
        if before is not None:
            query = query.where(events.c.seq < before)
        if kinds is not None:
            query = query.where(events.c.kind.in_(list(kinds)))
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(events.c.seq.desc()).limit(limit)).all()
        return [stored_event(row) for row in rows]

    def event(self, campaign: int, seq: int) -> StoredEvent | None:
        """The campaign's event number `seq`, if stored."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(events.c.seq, events.c.kind, events.c.payload, events.c.created).where(
                    events.c.campaign == campaign, events.c.seq == seq
                )
            ).first()
        return None if row is None else stored_event(row)

    def keep_snapshot(self, campaign: int, snapshot: Snapshot, replace: bool = False) -> bool:
        """Keep `snapshot` (made by replaying the log) unless the one stored is as new under
        the same rules (`replace`: even then); whether it was kept."""
        _check_json(snapshot.state)
        with writing(self.engine) as connection:
            if _last_seq(connection, campaign) < snapshot.seq:
                return False
            stored = connection.execute(
                select(campaign_snapshots.c.seq, campaign_snapshots.c.rules).where(
                    campaign_snapshots.c.campaign == campaign
                )
            ).first()
            newer = stored is not None and stored.seq >= snapshot.seq
            if newer and not replace and stored is not None and stored.rules == snapshot.rules:
                return False
            _put_snapshot(connection, campaign, snapshot, stored is not None)
        return True

    def drop_snapshot(self, campaign: int) -> None:
        """Forget the campaign's snapshot (the next reading replays the whole log)."""
        with writing(self.engine) as connection:
            connection.execute(
                delete(campaign_snapshots).where(campaign_snapshots.c.campaign == campaign)
            )

    def append(
        self,
        campaign: int,
        expected_seq: int,
        new: Sequence[NewEvent],
        snapshot: Payload | None = None,
        rules: str = "",
        rebase: Rebase | None = None,
    ) -> list[StoredEvent]:
        """Store `new` after event `expected_seq`, if that is still the last; else `Conflict`.
        `snapshot`: the campaign's state after them (under the rules version `rules`), kept
        in the same transaction. `rebase`: when others stored events since `expected_seq`,
        called with them inside the transaction (its lock held) to check `new` again after
        them and give the snapshot anew; it raises to refuse, and nothing is stored."""
        for event in new:
            _check_json(event.payload)
        if snapshot is not None:
            _check_json(snapshot)
        try:
            with writing(self.engine) as connection:
                found = select(campaigns.c.id).where(campaigns.c.id == campaign)
                postgresql = connection.dialect.name == "postgresql"
                if postgresql or expected_seq == 0:  # SQLite's writer holds the database
                    locked = found.with_for_update() if postgresql else found
                    if connection.execute(locked).first() is None:
                        raise Conflict(campaign, expected_seq, None)
                # the expected last event and any stored after it, in one read
                tail = _events_after(connection, campaign, expected_seq - 1)
                if expected_seq > 0 and (not tail or tail[0].seq != expected_seq):
                    there = connection.execute(found).first() is not None
                    last = _last_seq(connection, campaign) if there else None
                    raise Conflict(campaign, expected_seq, last)
                newer = tail[1:] if expected_seq > 0 else tail
                if newer:
                    CampaignLog.conflicts += 1
                    if rebase is None:
                        raise Conflict(campaign, expected_seq, newer[-1].seq)
                    snapshot = rebase(newer)
                    expected_seq = newer[-1].seq
                stored = _insert(connection, campaign, expected_seq, new, _now())
                faults.checkpoint("append")
                if snapshot is not None:
                    _check_json(snapshot)
                    kept = Snapshot(expected_seq + len(new), rules, snapshot)
                    _put_snapshot(connection, campaign, kept, _has_snapshot(connection, campaign))
                    faults.checkpoint("snapshot")
        except IntegrityError:
            CampaignLog.conflicts += 1
            raise Conflict(campaign, expected_seq, self.last_seq(campaign)) from None
        return stored

    def last_seq(self, campaign: int) -> int:
        with self.engine.connect() as connection:
            return _last_seq(connection, campaign)

    def delete(self, campaign: int) -> int:
        """Remove the campaign and its events; how many events went."""
        with writing(self.engine) as connection:
            connection.execute(
                delete(campaign_snapshots).where(campaign_snapshots.c.campaign == campaign)
            )
            gone = connection.execute(delete(events).where(events.c.campaign == campaign))
            connection.execute(delete(campaigns).where(campaigns.c.id == campaign))
            return int(gone.rowcount)

    def summaries(self) -> list[tuple[str, int]]:
        """(name, number of events) of every campaign, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(campaigns.c.name, func.count(events.c.id))
                .select_from(campaigns.outerjoin(events, events.c.campaign == campaigns.c.id))
                .group_by(campaigns.c.id, campaigns.c.name)
                .order_by(campaigns.c.id)
            ).all()
        return [(str(name), int(count)) for name, count in rows]

    def span(self, campaign: int) -> tuple[datetime, datetime] | None:
        """When the campaign's first and last events were stored (two reads by the
        (campaign, seq) key, not a scan), or None for a campaign without events."""
        when = select(events.c.created).where(events.c.campaign == campaign).limit(1)
        with self.engine.connect() as connection:
            first = connection.execute(when.order_by(events.c.seq)).scalar()
            last = connection.execute(when.order_by(events.c.seq.desc())).scalar()
        return None if first is None or last is None else (first, last)

    def page_between(
        self,
        campaign: int,
        start: datetime,
        end: datetime,
        before: int | None = None,
        limit: int = 50,
        kinds: Sequence[str] | None = None,
    ) -> list[StoredEvent]:
        """At most `limit` of the campaign's events stored from `start` to just before `end`
        and numbered below `before` (of these `kinds`), newest first."""
        within = (events.c.created >= start, events.c.created < end)
        return self._newest(campaign, before, limit, kinds, *within)


def _last_seq(connection: Any, campaign: int) -> int:
    last = connection.execute(_LAST_SEQ, {"campaign": campaign}).scalar()
    return 0 if last is None else int(last)


def _events_after(connection: Any, campaign: int, after: int) -> list[StoredEvent]:
    rows = connection.execute(_EVENTS_AFTER, {"campaign": campaign, "after": after}).all()
    return [stored_event(row) for row in rows]


def _has_snapshot(connection: Any, campaign: int) -> bool:
    found = connection.execute(
        select(campaign_snapshots.c.seq).where(campaign_snapshots.c.campaign == campaign)
    ).first()
    return found is not None


def _put_snapshot(connection: Any, campaign: int, snapshot: Snapshot, replace: bool) -> None:
    values = {
        "seq": snapshot.seq,
        "rules": snapshot.rules,
        "state": snapshot.state,
        "created": _now(),
    }
    if replace:
        connection.execute(
            update(campaign_snapshots)
            .where(campaign_snapshots.c.campaign == campaign)
            .values(**values)
        )
    else:
        connection.execute(insert(campaign_snapshots).values(campaign=campaign, **values))


def _insert(
    connection: Any, campaign: int, after: int, new: Sequence[NewEvent], created: datetime
) -> list[StoredEvent]:
    rows = [
        {
            "campaign": campaign,
            "seq": after + i,
            "kind": e.kind,
            "payload": e.payload,
            "created": created,
        }
        for i, e in enumerate(new, 1)
    ]
    if rows:
        connection.execute(insert(events), rows)
    return [StoredEvent(after + i, e.kind, e.payload, created) for i, e in enumerate(new, 1)]


def _check_json(data: Payload) -> None:
    try:
        json.dumps(data)
    except (TypeError, ValueError) as error:
        raise StoreError(f"event data must be plain JSON: {error}") from None


def _now() -> datetime:
    return datetime.now(UTC)
