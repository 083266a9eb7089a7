"""The accounts' repository (store/accounts.py) on SQLite and PostgreSQL: names unique once
trimmed and case-folded, no password hash in an `AccountRow`, sign-ins that expire, are
revoked one by one or all at once, and end with a disabled or deleted account; a deleted
account keeps its row (its seats still point at it) without anything personal."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, insert, select

from colosseum.store import AccountRow, NameTaken, Store
from colosseum.store.schema import (
    accounts,
    game_tables,
    passkeys,
    push_subscriptions,
    sign_ins,
    table_seats,
)

from .conftest import unique

HASH = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo"  # a stand-in


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def later(days: float) -> datetime:
    return datetime.now(UTC) + timedelta(days=days)


def test_names_compare_trimmed_and_case_folded(store: Store) -> None:
    name = unique("Ann")
    made = store.accounts.create(f"  {name} ", HASH, "ann@example.org")
    assert made.name == name  # kept trimmed, case as written
    assert store.accounts.by_name(name.upper()) == made
    assert store.accounts.by_name(f" {name.lower()}  ") == made
    assert store.accounts.get(made.id) == made
    with pytest.raises(NameTaken):
        store.accounts.create(name.swapcase(), HASH, None)
    with store.engine.connect() as connection:
        count = connection.execute(
            select(func.count()).where(accounts.c.name_key == name.casefold())
        ).scalar()
    assert count == 1


def test_a_row_never_carries_the_password_hash(store: Store) -> None:
    made = store.accounts.create(unique("Bob"), HASH, None)
    assert "password_hash" not in {f.name for f in dataclasses.fields(AccountRow)}
    assert HASH not in repr(made)
    assert store.accounts.password_hash(made.id) == HASH
    assert made.created.tzinfo is not None and made.notify_email and made.usable


def test_by_ids_gives_those_that_exist(store: Store) -> None:
    one = store.accounts.create(unique("One"), HASH, None)
    two = store.accounts.create(unique("Two"), None, None)
    found = store.accounts.by_ids([two.id, one.id, two.id, 10**9])
    assert found == {one.id: one, two.id: two}
    assert store.accounts.by_ids([]) == {}
    assert store.accounts.get(10**9) is None
    assert store.accounts.by_name(unique("nobody")) is None
    listed = [a.id for a in store.accounts.all()]
    assert listed.index(one.id) < listed.index(two.id)


def test_a_sign_in_expires_and_is_revoked(store: Store) -> None:
    account = store.accounts.create(unique("Cid"), HASH, None)
    store.accounts.add_sign_in(digest("a"), account.id, later(30))
    store.accounts.add_sign_in(digest("b"), account.id, later(30))
    store.accounts.add_sign_in(digest("old"), account.id, later(-1))
    assert store.accounts.signed_in(digest("a")) == account
    assert store.accounts.signed_in(digest("old")) is None  # expired
    assert store.accounts.signed_in(digest("a"), now=later(31)) is None  # expires later on
    assert store.accounts.signed_in(digest("unknown")) is None
    store.accounts.revoke(digest("a"))
    assert store.accounts.signed_in(digest("a")) is None
    assert store.accounts.signed_in(digest("b")) == account


def test_signing_out_everywhere_may_keep_one(store: Store) -> None:
    account = store.accounts.create(unique("Dan"), HASH, None)
    for secret in "xyz":
        store.accounts.add_sign_in(digest(secret), account.id, later(30))
    store.accounts.revoke_all(account.id, keep=digest("y"))
    assert [store.accounts.signed_in(digest(s)) is not None for s in "xyz"] == [
        False,
        True,
        False,
    ]
    store.accounts.revoke_all(account.id)
    assert store.accounts.signed_in(digest("y")) is None


def test_a_disabled_account_is_signed_out_until_enabled(store: Store) -> None:
    account = store.accounts.create(unique("Eve"), HASH, None)
    store.accounts.add_sign_in(digest("e"), account.id, later(30))
    store.accounts.set_disabled(account.id, True)
    assert store.accounts.signed_in(digest("e")) is None
    disabled = store.accounts.get(account.id)
    assert disabled is not None and disabled.disabled and not disabled.usable
    store.accounts.set_disabled(account.id, False)
    assert store.accounts.signed_in(digest("e")) is None  # its sign-ins stay ended
    store.accounts.add_sign_in(digest("e2"), account.id, later(30))
    assert store.accounts.signed_in(digest("e2")) is not None


def test_a_new_password_may_end_every_sign_in(store: Store) -> None:
    account = store.accounts.create(unique("Fay"), HASH, None)
    store.accounts.add_sign_in(digest("f"), account.id, later(30))
    store.accounts.set_password(account.id, HASH + "2", revoke=False)
    assert store.accounts.signed_in(digest("f")) is not None
    store.accounts.set_password(account.id, HASH + "3", revoke=True)
    assert store.accounts.signed_in(digest("f")) is None
    assert store.accounts.password_hash(account.id) == HASH + "3"


def test_a_rehash_does_not_undo_a_change_of_password(store: Store) -> None:
    account = store.accounts.create(unique("Gus"), HASH, None)
    store.accounts.rehash(account.id, "not the stored one", "stronger")
    assert store.accounts.password_hash(account.id) == HASH
    store.accounts.rehash(account.id, HASH, "stronger")
    assert store.accounts.password_hash(account.id) == "stronger"


def test_update_changes_email_and_notifications_only(store: Store) -> None:
    account = store.accounts.create(unique("Hal"), HASH, "hal@example.org")
    changed = store.accounts.update(account.id, email=None, notify_email=False)
    assert changed is not None and changed.email is None and not changed.notify_email
    with pytest.raises(ValueError, match="only email"):
        store.accounts.update(account.id, name="Mallory")
    assert store.accounts.get(account.id) == changed


def test_deleting_keeps_the_row_and_its_seats_without_anything_personal(store: Store) -> None:
    name = unique("Ivy")
    account = store.accounts.create(name, HASH, "ivy@example.org")
    other = store.accounts.create(unique("Jon"), HASH, None)
    store.accounts.add_sign_in(digest("i"), account.id, later(30))
    now = datetime.now(UTC)
    table = unique("t").replace(" ", "")[:32]
    with store.engine.begin() as connection:
        connection.execute(
            insert(passkeys).values(
                account=account.id, credential_id=table, public_key="k", sign_count=0, created=now
            )
        )
        connection.execute(
            insert(push_subscriptions).values(
                account=account.id,
                endpoint=f"https://push.example/{table}",
                p256dh="p",
                auth="a",
                created=now,
            )
        )
        connection.execute(
            insert(game_tables).values(
                id=table,
                game="ludus-gladiatorius",
                version=1,
                players=2,
                options={},
                seed=1,
                private=True,
                length=0,
                status="playing",
                created=now,
                updated=now,
            )
        )
        connection.execute(
            insert(table_seats).values(
                table_id=table, seat=0, kind="human", name=name, claimed=True, account=account.id
            )
        )
    deleted = store.accounts.delete(account.id)
    assert deleted is not None and deleted.deleted and not deleted.usable
    assert deleted.name == f"deleted player {account.id}" and deleted.email is None
    assert store.accounts.password_hash(account.id) is None
    assert store.accounts.signed_in(digest("i")) is None
    with store.engine.connect() as connection:
        for kept in (passkeys, push_subscriptions):
            left = connection.execute(select(func.count()).where(kept.c.account == account.id))
            assert left.scalar() == 0
        seat = connection.execute(
            select(table_seats.c.account).where(table_seats.c.table_id == table)
        ).scalar()
        revoked = connection.execute(
            select(sign_ins.c.revoked).where(sign_ins.c.id == digest("i"))
        ).scalar()
    assert seat == account.id and revoked  # the game keeps its seat, renamed
    assert store.accounts.by_ids([seat])[account.id].name == deleted.name
    assert store.accounts.get(other.id) == other  # nobody else touched
    again = store.accounts.create(name, HASH, None)  # the name is free again
    assert again.id != account.id


def test_purge_forgets_ended_sign_ins(store: Store) -> None:
    account = store.accounts.create(unique("Kim"), HASH, None)
    store.accounts.add_sign_in(digest(unique("live")), account.id, later(30))
    gone = [digest(unique("old")), digest(unique("revoked"))]
    store.accounts.add_sign_in(gone[0], account.id, later(-1))
    store.accounts.add_sign_in(gone[1], account.id, later(30))
    store.accounts.revoke(gone[1])
    assert store.accounts.purge_sign_ins() >= 2
    with store.engine.connect() as connection:
        left = connection.execute(select(sign_ins.c.id).where(sign_ins.c.account == account.id))
        assert len(left.all()) == 1
