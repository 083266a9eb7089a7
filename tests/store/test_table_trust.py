"""What the tables' repository decides for a server that trusts nobody (issue 43): an action
is stored only if its seat still holds the token presented (finding 6), never at an abandoned
table; who decides next is kept with every append, so the tables waiting for a computer seat
come from one query (finding 10); and revision 0005 upgrades a database of revision 0004."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from colosseum.store import (
    COMPUTER_DECIDES,
    HUMAN_DECIDES,
    SeatRevoked,
    SeatRow,
    Store,
    TableClosed,
)
from colosseum.store.database import _config, current_revision, head_revision
from tests.store.rows import ludus_row

LONG_AGO = timedelta(days=400)  # older than any table of another test in a shared database


def new_table(
    store: Store, kinds: tuple[str, str] = ("human", "human"), age: timedelta = LONG_AGO
) -> str:
    """A two-seat table, its seats claimed with the token hashes 'hash-0' and 'hash-1' (for
    human seats), last changed `age` ago, a person deciding first."""
    then = datetime.now(UTC) - age
    seats = tuple(
        SeatRow(n, kind, f"S{n}", f"hash-{n}" if kind == "human" else None, True)
        for n, kind in enumerate(kinds)
    )
    row = ludus_row(seats, "playing", then, salt="5a17", decider=HUMAN_DECIDES)
    store.tables.create(row)
    table_id = row.id
    return table_id


def test_finding_6_an_append_with_a_token_hash_its_seat_no_longer_holds_stores_nothing(
    url: str,
) -> None:
    store = Store(url)
    try:
        table = new_table(store)
        with pytest.raises(SeatRevoked):
            store.tables.append(table, 0, 0, "a", "playing", HUMAN_DECIDES, "hash-1")
        with pytest.raises(SeatRevoked):
            store.tables.append(table, 0, 0, "a", "playing", HUMAN_DECIDES, "stale")
        assert store.tables.length(table) == 0
        stored = store.tables.append(table, 0, 0, "a", "playing", HUMAN_DECIDES, "hash-0")
        assert stored.seq == 1 and store.tables.length(table) == 1
    finally:
        store.close()


def test_finding_6_a_claim_presenting_a_replaced_token_hash_takes_nothing(url: str) -> None:
    """The invitation holder's first use claims the seat only if it still holds the
    invitation's hash: a lobby join that replaced it first wins."""
    store = Store(url)
    try:
        invited = (SeatRow(0, "human", "A", "invite", False), SeatRow(1, "human", "B", "b"))
        row = ludus_row(invited, "open")
        store.tables.create(row)
        table = row.id
        assert store.tables.claim(table, 0, "Intruder", "joined")  # the lobby join
        assert not store.tables.claim(table, 0, "A", None, presented="invite")
        found = store.tables.find(table)
        assert found is not None and found.seats[0].token_hash == "joined"
    finally:
        store.close()


def test_finding_10_who_decides_follows_every_append_and_failure_clears(url: str) -> None:
    store = Store(url)
    try:
        table = new_table(store, ("human", "random"))
        assert table not in store.tables.awaiting_computer()
        store.tables.append(table, 0, 0, "a", "playing", COMPUTER_DECIDES, "hash-0")
        assert table in store.tables.awaiting_computer()
        assert store.tables.mark_failed(table, "the agent crashed")
        found = store.tables.find(table)
        assert found is not None and found.failure == "the agent crashed"
        assert table not in store.tables.awaiting_computer()
        store.tables.append(table, 1, 1, "b", "playing", HUMAN_DECIDES)
        found = store.tables.find(table)
        assert found is not None and (found.failure, found.decider) == (None, HUMAN_DECIDES)
        assert not store.tables.mark_failed("no-such-table", "x")
    finally:
        store.close()


def test_finding_10_idle_tables_end_as_abandoned_and_take_no_action(url: str) -> None:
    store = Store(url)
    try:
        idle = new_table(store, ("random", "human"))
        recent = new_table(store, age=timedelta(days=1))
        ended = store.tables.abandon(datetime.now(UTC) - LONG_AGO + timedelta(days=1))
        assert idle in ended and recent not in ended
        found = store.tables.find(idle)
        assert found is not None and found.status == "abandoned"
        assert idle not in store.tables.awaiting_computer()
        with pytest.raises(TableClosed):
            store.tables.append(idle, 0, 0, "a", "playing", HUMAN_DECIDES, "hash-0")
        assert store.tables.length(idle) == 0
    finally:
        store.close()


def test_finding_10_revision_0005_upgrades_a_database_of_revision_0004(tmp_path: Path) -> None:
    """Tables of a 0004 database: those not over whose seats are all people's are marked as
    waiting for a person; those with a computer seat are left unknown (null: the server
    checks them once); those over wait for nobody; none has a salt (no commitment)."""
    url = f"sqlite:///{tmp_path / 'v4.db'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        config = _config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    now = datetime.now(UTC).isoformat(sep=" ")
    with engine.begin() as connection:
        for table, status, kinds in (
            ("people", "playing", ("human", "human")),
            ("computer", "open", ("human", "random")),
            ("over", "over", ("human", "human")),
        ):
            connection.execute(
                text(
                    "INSERT INTO game_tables (id, game, version, players, options, seed, "
                    "private, length, status, created, updated, hints) VALUES (:id, "
                    "'ludus-gladiatorius', 1, 2, '{}', 7, 0, 0, :status, :now, :now, 0)"
                ),
                {"id": table, "status": status, "now": now},
            )
            for seat, kind in enumerate(kinds):
                connection.execute(
                    text(
                        "INSERT INTO table_seats (table_id, seat, kind, name, token_hash, "
                        "claimed) VALUES (:id, :seat, :kind, 'S', NULL, 1)"
                    ),
                    {"id": table, "seat": seat, "kind": kind},
                )
    engine.dispose()
    assert current_revision(create_engine(url)) == "0004"
    store = Store(url)
    try:
        assert current_revision(store.engine) == head_revision()
        rows = {t: store.tables.find(t) for t in ("people", "computer", "over")}
        deciders = {t: r.decider for t, r in rows.items() if r is not None}
        assert deciders == {"people": "human", "computer": None, "over": "none"}
        assert all(
            r is not None and (r.salt, r.practice, r.failure) == (None, False, None)
            for r in rows.values()
        )
        assert store.tables.awaiting_computer() == ["computer"]
    finally:
        store.close()
