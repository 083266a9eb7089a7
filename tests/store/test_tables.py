"""The tables' action logs: appends checked against the expected length, from many threads
at once (on SQLite they are committed in groups), a conflict of one leaving the others."""

from __future__ import annotations

import threading

import pytest

from colosseum.store import Conflict, SeatRow, Store
from colosseum.store.appends import Append
from tests.store.rows import ludus_row


def new_table(store: Store) -> str:
    """A table whose log holds made-up actions: stored as over, so that no game server
    sharing the PostgreSQL test database tries to replay it."""
    row = ludus_row((SeatRow(0, "human", "A"), SeatRow(1, "human", "B")), "over")
    store.tables.create(row)
    table_id = row.id
    return table_id


def test_threads_racing_on_many_tables_store_each_action_once(url: str) -> None:
    """Four threads per table all try to append each next action; exactly one wins each
    number, the others get Conflict, and every table's log is 1..N without a gap."""
    store = Store(url)
    try:
        tables = [new_table(store) for _ in range(6)]
        wins: dict[str, list[str]] = {t: [] for t in tables}
        guard = threading.Lock()
        conflicts = 0

        def racer(table_id: str, name: str) -> None:
            nonlocal conflicts
            for _ in range(60):
                expected = store.tables.length(table_id)
                assert expected is not None
                if expected >= 20:
                    return
                try:
                    stored = store.tables.append(table_id, expected, 0, name, "over")
                except Conflict as conflict:
                    assert conflict.found is not None and conflict.found > expected
                    with guard:
                        conflicts += 1
                    continue
                assert stored.seq == expected + 1
                with guard:
                    wins[table_id].append(name)

        threads = [
            threading.Thread(target=racer, args=(table_id, f"racer {r}"))
            for table_id in tables
            for r in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for table_id in tables:
            log = store.tables.load(table_id)
            assert [a.seq for a in log] == list(range(1, len(log) + 1))
            assert len(log) >= 20
            assert sorted(a.notation for a in log) == sorted(wins[table_id])
            assert store.tables.length(table_id) == len(log)
        assert conflicts > 0  # the threads did race
    finally:
        store.close()


def test_a_conflict_in_a_group_leaves_the_others_stored(url: str) -> None:
    """One commit for three appends: two for one table at the same number (the second
    conflicts) and one for another table; the two others are stored."""
    store = Store(url)
    try:
        first, second = new_table(store), new_table(store)
        batch = [
            Append(first, 0, 0, "move 1 h5", "over"),
            Append(first, 0, 1, "move 2 h6", "over"),
            Append(second, 0, 0, "move 3 g5", "over"),
        ]
        store.tables._write(batch)
        assert [type(r.outcome).__name__ for r in batch] == [
            "StoredAction",
            "Conflict",
            "StoredAction",
        ]
        assert isinstance(batch[1].outcome, Conflict) and batch[1].outcome.found == 1
        assert [a.notation for a in store.tables.load(first)] == ["move 1 h5"]
        assert [a.notation for a in store.tables.load(second)] == ["move 3 g5"]
    finally:
        store.close()


def test_an_append_to_a_missing_table_is_a_conflict_naming_it_deleted(url: str) -> None:
    store = Store(url)
    try:
        with pytest.raises(Conflict, match="was deleted"):
            store.tables.append("no-such-table", 0, 0, "move 1 h5", "over")
    finally:
        store.close()


def test_an_append_stamps_the_table_as_the_store_writes_timestamps(url: str) -> None:
    """The append writes its statements itself: its timestamp reads back like the one the
    table was created with (same kind of datetime, not earlier), so the lobby sorts right."""
    store = Store(url)
    try:
        table_id = new_table(store)
        before = store.tables.find(table_id)
        assert before is not None
        store.tables.append(table_id, 0, 0, "move 1 h5", "over")
        after = store.tables.find(table_id)
        assert after is not None and after.length == 1
        assert type(after.updated) is type(before.updated)
        assert (after.updated.tzinfo is None) == (before.created.tzinfo is None)
        assert after.updated >= before.created
    finally:
        store.close()
