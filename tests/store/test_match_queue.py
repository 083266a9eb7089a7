"""The quick-match queue in the store (issue 45; store/match_queue.py), on SQLite and
PostgreSQL: one waiting entry per account and game, leaving, the claim of a group all or
none (a table made for entries another matcher took is abandoned), and the ratings of many
accounts read at once."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from colosseum.store import SeatRow, Store
from colosseum.store.match_queue import MatchQueue, stored_ratings
from colosseum.store.ratings import SeatResult

from .rows import ludus_row

GAME = "ludus-gladiatorius"
NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    made = Store(url)
    yield made
    made.engine.dispose()


def account(store: Store, name: str) -> int:
    return store.accounts.create(f"{name} {uuid.uuid4().hex[:6]}", None).id


def table(store: Store) -> str:
    row = ludus_row(
        (SeatRow(0, "human", "a", None, True), SeatRow(1, "human", "b", None, True)), "open"
    )
    store.tables.create(row)
    return row.id


def test_one_waiting_entry_per_account_and_game(store: Store) -> None:
    queue = MatchQueue(store.engine)
    ann = account(store, "ann")
    first, new = queue.join(ann, GAME, 2, "live", NOW)
    assert new and first.waiting and first.joined == NOW
    again, new = queue.join(ann, GAME, 3, "days", NOW + timedelta(minutes=1))
    assert not new and again == first
    other, new = queue.join(ann, "jugula", 2, "live", NOW)
    assert new and other.id != first.id
    assert {e.id for e in queue.of_account(ann, NOW)} == {first.id, other.id}
    assert {e.id for e in queue.waiting()} >= {first.id, other.id}


def test_leaving(store: Store) -> None:
    queue = MatchQueue(store.engine)
    ann, bob = account(store, "ann"), account(store, "bob")
    entry, _ = queue.join(ann, GAME, 2, "live", NOW)
    assert not queue.leave(entry.id, bob)  # not his
    assert queue.leave(entry.id, ann)
    assert not queue.leave(entry.id, ann)  # already left
    left = queue.get(entry.id)
    assert left is not None and left.left and not left.waiting
    assert queue.of_account(ann, NOW) == []
    fresh, new = queue.join(ann, GAME, 2, "live", NOW)
    assert new and fresh.id != entry.id


def test_a_claim_is_all_or_none(store: Store) -> None:
    queue = MatchQueue(store.engine)
    ann, bob, cy = (account(store, n) for n in ("ann", "bob", "cy"))
    a, _ = queue.join(ann, GAME, 2, "live", NOW)
    b, _ = queue.join(bob, GAME, 2, "live", NOW)
    c, _ = queue.join(cy, GAME, 2, "live", NOW)
    won = table(store)
    assert queue.claim([a.id, b.id], won, NOW)
    lost = table(store)
    assert not queue.claim([b.id, c.id], lost, NOW)  # b is at a table already
    still = queue.get(c.id)
    assert still is not None and still.waiting
    matched_b = queue.get(b.id)
    assert matched_b is not None and matched_b.table_id == won
    abandoned = store.tables.find(lost)
    assert abandoned is not None and abandoned.status == "abandoned"
    kept = store.tables.find(won)
    assert kept is not None and kept.status == "open"
    assert queue.leave(c.id, cy)
    assert not queue.claim([c.id], table(store), NOW)  # left: no claim either


def test_matched_entries_are_listed_for_an_hour(store: Store) -> None:
    queue = MatchQueue(store.engine)
    ann = account(store, "ann")
    entry, _ = queue.join(ann, GAME, 2, "live", NOW)
    assert queue.claim([entry.id], table(store), NOW)
    assert [e.id for e in queue.of_account(ann, NOW + timedelta(minutes=30))] == [entry.id]
    assert queue.of_account(ann, NOW + timedelta(hours=2)) == []


def test_the_ratings_of_many_accounts_at_once(store: Store) -> None:
    ann, bob, cy = (account(store, n) for n in ("ann", "bob", "cy"))
    source = f"calibration:{uuid.uuid4().hex}"
    store.ratings.apply(source, GAME, [SeatResult(0, ann, 1), SeatResult(1, bob, 2)])
    found = stored_ratings(store.engine, [(ann, GAME), (bob, GAME), (cy, GAME), (ann, "jugula")])
    assert set(found) == {(ann, GAME), (bob, GAME)}
    assert found[(ann, GAME)].mu > found[(bob, GAME)].mu and found[(ann, GAME)].games == 1
