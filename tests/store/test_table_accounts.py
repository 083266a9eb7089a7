"""Seats that belong to accounts (issue 44), as the tables' repository keeps them: an action
by an account's sign-in is stored only if the seat is still that account's, checked in the
append's transaction; a seat reserved for an account is taken by nobody else; a guest names
his seat and keeps it by binding it to his account; and the tables where an account holds a
seat come back in two queries, those one may still act at first."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, insert, update

from colosseum.store import HUMAN_DECIDES, SeatRevoked, SeatRow, Store, tables
from colosseum.store.schema import accounts, table_seats
from tests.store.rows import ludus_row


def account(store: Store, name: str) -> int:
    """A new account's id (its name made unique in a shared database)."""
    unique = f"{name}-{uuid.uuid4().hex[:8]}"
    with store.engine.begin() as connection:
        return int(
            connection.execute(
                insert(accounts).values(
                    name=unique, name_key=unique.casefold(), created=datetime.now(UTC)
                )
            ).inserted_primary_key[0]
        )


def rebind(store: Store, table: str, seat: int, holder: int | None) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(table_seats)
            .where(table_seats.c.table_id == table, table_seats.c.seat == seat)
            .values(account=holder)
        )


def seats_of(store: Store, table: str) -> tuple[SeatRow, ...]:
    found = store.tables.find(table)
    assert found is not None
    return found.seats


def test_an_append_by_an_account_is_stored_only_while_the_seat_is_that_accounts(
    url: str,
) -> None:
    store = Store(url)
    try:
        alice, bob = account(store, "alice"), account(store, "bob")
        seats = (
            SeatRow(0, "human", "alice", None, True, alice),
            SeatRow(1, "human", "bob", None, False, bob),
        )
        row = ludus_row(seats, "open", decider=HUMAN_DECIDES)
        store.tables.create(row)
        with pytest.raises(SeatRevoked, match="no longer held by this account"):
            store.tables.append(row.id, 0, 0, "a", "open", HUMAN_DECIDES, None, bob)
        assert store.tables.length(row.id) == 0
        rebind(store, row.id, 0, bob)  # the seat changed hands: alice's sign-in is refused
        with pytest.raises(SeatRevoked):
            store.tables.append(row.id, 0, 0, "a", "open", HUMAN_DECIDES, None, alice)
        assert store.tables.append(row.id, 0, 0, "a", "open", HUMAN_DECIDES, None, bob).seq == 1
    finally:
        store.close()


def test_the_account_check_is_in_the_appends_transaction_a_seat_rebound_meanwhile_is_refused(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat is rebound to another account after the caller checked it and before the
    append's transaction reads the seat: the append refuses and stores nothing."""
    store = Store(url)
    try:
        alice, mallory = account(store, "alice"), account(store, "mallory")
        seats = (
            SeatRow(0, "human", "alice", None, True, alice),
            SeatRow(1, "random", "random (computer)", None, True),
        )
        row = ludus_row(seats, "playing", decider=HUMAN_DECIDES)
        store.tables.create(row)
        assert seats_of(store, row.id)[0].account == alice  # the caller's check passes
        done = []
        opened = tables.transaction

        def rebound(engine: Engine) -> Any:
            """Just before the append's transaction begins, another connection gives the
            seat to mallory."""
            done.append(True)
            rebind(store, row.id, 0, mallory)
            return opened(engine)

        monkeypatch.setattr(tables, "transaction", rebound)
        with pytest.raises(SeatRevoked):
            store.tables.append(row.id, 0, 0, "a", "playing", HUMAN_DECIDES, None, alice)
        assert done and store.tables.length(row.id) == 0
    finally:
        store.close()


def test_a_seat_reserved_for_an_account_is_taken_by_no_lobby_claim_only_opened_by_it(
    url: str,
) -> None:
    store = Store(url)
    try:
        alice, bob = account(store, "alice"), account(store, "bob")
        seats = (
            SeatRow(0, "human", "alice", None, True, alice),
            SeatRow(1, "human", "bob", None, False, bob),
        )
        row = ludus_row(seats, "open")
        store.tables.create(row)
        assert not seats_of(store, row.id)[1].free
        assert not store.tables.claim(row.id, 1, "Intruder", "joined")
        assert not store.tables.claim(row.id, 1, "Intruder", "joined", account=alice)
        assert not store.tables.open_reserved(row.id, 1, alice)
        assert store.tables.open_reserved(row.id, 1, bob)
        assert not store.tables.open_reserved(row.id, 1, bob)  # once
        found = store.tables.find(row.id)
        assert found is not None and found.status == "playing"
        assert found.seats[1].claimed and found.seats[1].token_hash is None
    finally:
        store.close()


def test_an_account_seat_is_named_by_the_account_as_it_is_now(url: str) -> None:
    """A deleted account's row is renamed: its games show the replaced name."""
    store = Store(url)
    try:
        alice = account(store, "alice")
        row = ludus_row((SeatRow(0, "human", "old", None, True, alice),), "playing")
        store.tables.create(row)
        with store.engine.begin() as connection:
            connection.execute(
                update(accounts).where(accounts.c.id == alice).values(name="deleted-1")
            )
        assert seats_of(store, row.id)[0].name == "deleted-1"
    finally:
        store.close()


def test_a_guest_names_his_seat_and_keeps_it_by_binding_it_only_with_its_token(
    url: str,
) -> None:
    store = Store(url)
    try:
        carol = account(store, "carol")
        seats = (SeatRow(0, "human", "Player 1", "t0", False), SeatRow(1, "human", "B", "t1"))
        row = ludus_row(seats, "open")
        store.tables.create(row)
        assert not store.tables.rename(row.id, 0, "Carol", "t1")  # another seat's token
        assert store.tables.rename(row.id, 0, "Carol", "t0")
        assert seats_of(store, row.id)[0] == SeatRow(0, "human", "Carol", "t0", True)
        assert not store.tables.bind(row.id, 0, "wrong", carol, "carol")
        assert store.tables.bind(row.id, 0, "t0", carol, "carol")
        kept = seats_of(store, row.id)[0]
        assert (kept.account, kept.claimed, kept.token_hash) == (carol, True, "t0")
        assert not store.tables.bind(row.id, 0, "t0", account(store, "dave"), "dave")
        assert not store.tables.rename(row.id, 0, "Someone", "t0")  # now the account's
        assert store.tables.append(row.id, 0, 0, "a", "open", None, None, carol).seq == 1
    finally:
        store.close()


def test_the_tables_an_account_holds_come_unfinished_first_newest_first_bounded(
    url: str,
) -> None:
    store = Store(url)
    try:
        alice, bob = account(store, "alice"), account(store, "bob")
        now = datetime.now(UTC)
        made = {}
        for label, status, age, holder in (
            ("old-playing", "playing", 5, alice),
            ("new-playing", "playing", 1, alice),
            ("over", "over", 0, alice),
            ("bobs", "playing", 0, bob),
            ("hot-seat", "playing", 3, alice),
        ):
            seats = (
                SeatRow(0, "human", "x", None, True, holder),
                SeatRow(1, "human", "y", None, True, alice if label == "hot-seat" else None),
            )
            row = ludus_row(seats, status, now - timedelta(hours=age))
            store.tables.create(row)
            made[row.id] = label
        found = [made[row.id] for row in store.tables.held_by(alice) if row.id in made]
        assert found == ["new-playing", "hot-seat", "old-playing", "over"]
        assert len(store.tables.held_by(alice, limit=2)) == 2
        hot = next(r for r in store.tables.held_by(alice) if made.get(r.id) == "hot-seat")
        assert [s.account for s in hot.seats] == [alice, alice]
    finally:
        store.close()
