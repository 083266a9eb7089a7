"""The accounts' repository: people with a name, a password hash, an optional email, and
their sign-ins (each kept as the SHA-256 of its cookie's secret, never the secret).

Names compare trimmed and case-folded (`name_key`, unique): "Ann" and " ann " are one
account, and `create` raises `NameTaken` for the second. A deleted account keeps its row, so
the seats of its games still point at something, renamed "deleted player <id>", without its
email, password hash, passkeys, push subscriptions, queued notifications or sign-ins.
The password hash is read only by `password_hash`: an `AccountRow` never carries it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from .errors import NameTaken
from .schema import accounts, challenges, outbox, passkeys, push_subscriptions, sign_ins
from .times import aware, utc_now
from .transactions import writing

DELETED_NAME = "deleted player"  # a deleted account's name: "deleted player <id>"


@dataclass(frozen=True, slots=True)
class AccountRow:
    """An account as others may see it (its password hash is not here)."""

    id: int
    name: str
    email: str | None
    created: datetime
    disabled: bool
    deleted: bool
    notify_email: bool

    @property
    def usable(self) -> bool:
        """Whether it may sign in and act: neither disabled nor deleted."""
        return not (self.disabled or self.deleted)


def name_key(name: str) -> str:
    """How account names compare: trimmed, case-folded."""
    return name.strip().casefold()


_COLUMNS = (
    accounts.c.id,
    accounts.c.name,
    accounts.c.email,
    accounts.c.created,
    accounts.c.disabled,
    accounts.c.deleted,
    accounts.c.notify_email,
)


class Accounts:
    """The accounts of one database and their sign-ins."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- accounts -------------------------------------------------------------------------------

    def create(self, name: str, password_hash: str | None, email: str | None = None) -> AccountRow:
        """A new account; `NameTaken` if one has this name (trimmed, ignoring case)."""
        name = name.strip()
        created = utc_now()
        try:
            with writing(self.engine) as connection:
                key = connection.execute(
                    insert(accounts).values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        email=email,
                        created=created,
                    )
                ).inserted_primary_key
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None
        assert key is not None
        return AccountRow(int(key[0]), name, email, created, False, False, True)

    def by_name(self, name: str) -> AccountRow | None:
        """The account of this name (trimmed, ignoring case), or None."""
        return self._one(accounts.c.name_key == name_key(name))

    def get(self, account: int) -> AccountRow | None:
        return self._one(accounts.c.id == account)

    def by_ids(self, ids: Iterable[int]) -> dict[int, AccountRow]:
        """The accounts of these ids that exist, by id."""
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(*_COLUMNS).where(accounts.c.id.in_(wanted))).all()
        return {int(row.id): _row(row) for row in rows}

    def all(self) -> list[AccountRow]:
        """Every account, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(*_COLUMNS).order_by(accounts.c.id)).all()
        return [_row(row) for row in rows]

    def password_hash(self, account: int) -> str | None:
        """The account's stored password hash (None: it has no password)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(accounts.c.password_hash).where(accounts.c.id == account)
            ).scalar()
        return None if found is None else str(found)

    def set_password(self, account: int, password_hash: str, revoke: bool) -> None:
        """Store a new hash; with `revoke`, end every sign-in of the account too."""
        with writing(self.engine) as connection:
            connection.execute(
                update(accounts).where(accounts.c.id == account).values(password_hash=password_hash)
            )
            if revoke:
                _revoke_all(connection, account)

    def rehash(self, account: int, old: str, new: str) -> None:
        """Replace the hash `old` by `new` (the same password, stronger parameters), unless
        the password changed meanwhile."""
        with writing(self.engine) as connection:
            connection.execute(
                update(accounts)
                .where(accounts.c.id == account, accounts.c.password_hash == old)
                .values(password_hash=new)
            )

    def update(self, account: int, **values: Any) -> AccountRow | None:
        """Change `email` and/or `notify_email`; the account as it is now."""
        allowed = {k: v for k, v in values.items() if k in ("email", "notify_email")}
        if len(allowed) != len(values):
            raise ValueError(f"only email and notify_email may change, not {sorted(values)}")
        if allowed:
            with writing(self.engine) as connection:
                connection.execute(
                    update(accounts).where(accounts.c.id == account).values(**allowed)
                )
        return self.get(account)

    def set_disabled(self, account: int, disabled: bool) -> None:
        """Disable (ending every sign-in) or enable the account."""
        with writing(self.engine) as connection:
            connection.execute(
                update(accounts).where(accounts.c.id == account).values(disabled=disabled)
            )
            if disabled:
                _revoke_all(connection, account)

    def delete(self, account: int) -> AccountRow | None:
        """Delete the account as a person: its row stays, named "deleted player <id>",
        without email, password hash, passkeys, push subscriptions, WebAuthn challenges,
        notifications, and with every sign-in ended. The seats it held keep pointing at it."""
        name = f"{DELETED_NAME} {account}"
        with writing(self.engine) as connection:
            connection.execute(
                update(accounts)
                .where(accounts.c.id == account)
                .values(
                    name=name,
                    name_key=name_key(name),
                    email=None,
                    password_hash=None,
                    deleted=True,
                    notify_email=False,
                )
            )
            for table in (passkeys, push_subscriptions, challenges, outbox):
                connection.execute(delete(table).where(table.c.account == account))
            _revoke_all(connection, account)
        return self.get(account)

    # --- sign-ins -------------------------------------------------------------------------------

    def add_sign_in(self, digest: str, account: int, expires: datetime) -> None:
        """Keep a new sign-in: `digest` is the SHA-256 (hex) of its cookie's secret."""
        with writing(self.engine) as connection:
            connection.execute(
                insert(sign_ins).values(
                    id=digest, account=account, created=utc_now(), expires=expires
                )
            )

    def signed_in(self, digest: str, now: datetime | None = None) -> AccountRow | None:
        """The account of a sign-in that is neither revoked nor expired, if the account is
        neither disabled nor deleted; else None."""
        now = now or utc_now()
        with self.engine.connect() as connection:
            row = connection.execute(
                select(*_COLUMNS)
                .join(sign_ins, sign_ins.c.account == accounts.c.id)
                .where(
                    sign_ins.c.id == digest,
                    sign_ins.c.revoked.is_(False),
                    sign_ins.c.expires > now,
                    accounts.c.disabled.is_(False),
                    accounts.c.deleted.is_(False),
                )
            ).first()
        return None if row is None else _row(row)

    def revoke(self, digest: str) -> None:
        """End one sign-in."""
        with writing(self.engine) as connection:
            connection.execute(update(sign_ins).where(sign_ins.c.id == digest).values(revoked=True))

    def revoke_all(self, account: int, keep: str | None = None) -> None:
        """End every sign-in of the account (but the one of digest `keep`, if given)."""
        with writing(self.engine) as connection:
            _revoke_all(connection, account, keep)

    def purge_sign_ins(self, now: datetime | None = None) -> int:
        """Forget the sign-ins that expired or were revoked; how many."""
        now = now or utc_now()
        with writing(self.engine) as connection:
            result = connection.execute(
                delete(sign_ins).where((sign_ins.c.expires <= now) | sign_ins.c.revoked.is_(True))
            )
        return int(result.rowcount or 0)

    def _one(self, condition: Any) -> AccountRow | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(*_COLUMNS).where(condition)).first()
        return None if row is None else _row(row)


def _revoke_all(connection: Connection, account: int, keep: str | None = None) -> None:
    statement = update(sign_ins).where(sign_ins.c.account == account, sign_ins.c.revoked.is_(False))
    if keep is not None:
        statement = statement.where(sign_ins.c.id != keep)
    connection.execute(statement.values(revoked=True))


def _row(row: Any) -> AccountRow:
    return AccountRow(
        id=int(row.id),
        name=str(row.name),
        email=None if row.email is None else str(row.email),
        created=aware(row.created),
        disabled=bool(row.disabled),
        deleted=bool(row.deleted),
        notify_email=bool(row.notify_email),
    )
