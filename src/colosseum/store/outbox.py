"""The outbox of notifications (mail, Web Push) and the push subscriptions they go to.

A notification is a row written by `queue_turn` and delivered by a sender (web/notify.py)
that first *claims* it: one transaction sets `claimed_until` on due rows that nobody holds
(`claimed_until` null or past) and returns them. On PostgreSQL the rows are picked with
`SELECT … FOR UPDATE SKIP LOCKED`, and the UPDATE repeats the condition, so two processes
never claim one row; on SQLite the claim is a writing transaction, which holds the
database's write lock. A claim lasts `lease`: a sender that died while holding rows leaves
them to another after it. A sent row is marked `sent`; a failed one counts an attempt, keeps
its error and is due again at the retry time the sender chose (kept in `claimed_until`), or
is given up (`error` set, `claimed_until` null, never sent): it is not claimed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, delete, func, insert, or_, select, update

from .schema import accounts, outbox, push_subscriptions
from .times import aware, utc_now
from .transactions import writing

MAIL = "mail"
PUSH = "push"
ERROR_LENGTH = 500  # the longest error kept with a row
MAX_SUBSCRIPTIONS = 10  # per account: a new one beyond replaces the oldest


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """A claimed notification: what to send (`payload`) to whom, and how often it failed."""

    id: int
    kind: str
    account: int
    table_id: str | None
    payload: dict[str, Any]
    created: datetime
    attempts: int


@dataclass(frozen=True, slots=True)
class Recipient:
    """What a sender needs of an account when it sends: its name, its email, and whether it
    still takes mail (an account disabled or deleted takes none)."""

    id: int
    name: str
    email: str | None
    takes_mail: bool


@dataclass(frozen=True, slots=True)
class Subscription:
    """A browser's Web Push subscription: where to post, and the keys to encrypt for."""

    id: int
    account: int
    endpoint: str
    p256dh: str
    auth: str


class Outbox:
    """The notifications of one database, and the push subscriptions of its accounts."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def queue_turn(
        self,
        account: int,
        table_id: str,
        mail: dict[str, Any] | None,
        push: dict[str, Any] | None,
        interval: timedelta,
        now: datetime | None = None,
    ) -> list[int]:
        """In one transaction: a mail with `mail` as its payload, if given, if the account
        has an email and takes mail, and no mail for it and this table was queued within
        `interval`; and with `push`, if given, one push per subscription of the account.
        The account's row is locked first, so two processes queueing for one account at
        once see each other's mail. The ids of the rows queued."""
        now = now or utc_now()
        queued: list[int] = []
        with writing(self.engine) as connection:
            row = connection.execute(
                select(accounts.c.email, accounts.c.notify_email, accounts.c.disabled)
                .where(accounts.c.id == account, accounts.c.deleted.is_(False))
                .with_for_update()
            ).first()
            if row is None or row.disabled:
                return []
            if mail is not None and row.email and row.notify_email:
                recent = connection.execute(
                    select(outbox.c.id).where(
                        outbox.c.kind == MAIL,
                        outbox.c.account == account,
                        outbox.c.table_id == table_id,
                        outbox.c.created > now - interval,
                    )
                ).first()
                if recent is None:
                    queued.append(self._insert(connection, MAIL, account, table_id, mail, now))
            if push is not None:
                subscriptions = connection.execute(
                    select(push_subscriptions.c.id)
                    .where(push_subscriptions.c.account == account)
                    .order_by(push_subscriptions.c.id)
                ).scalars()
                for subscription in list(subscriptions):
                    payload = {**push, "subscription": subscription}
                    queued.append(self._insert(connection, PUSH, account, table_id, payload, now))
        return queued

    @staticmethod
    def _insert(
        connection: Any,
        kind: str,
        account: int,
        table_id: str,
        payload: dict[str, Any],
        now: datetime,
    ) -> int:
        result = connection.execute(
            insert(outbox)
            .values(
                kind=kind,
                account=account,
                table_id=table_id,
                payload=payload,
                created=now,
                attempts=0,
            )
            .returning(outbox.c.id)
        )
        return int(result.scalar_one())

    def claim(
        self, lease: timedelta, limit: int = 20, now: datetime | None = None
    ) -> list[OutboxRow]:
        """Claim up to `limit` due rows (oldest first) for `lease`: never sent, not given
        up, held by nobody or by a sender whose lease ran out."""
        now = now or utc_now()
        due = and_(
            outbox.c.sent.is_(None),
            or_(
                and_(outbox.c.claimed_until.is_(None), outbox.c.error.is_(None)),
                outbox.c.claimed_until < now,
            ),
        )
        with self.engine.connect() as connection:  # a look first: no write lock for nothing
            if connection.execute(select(outbox.c.id).where(due).limit(1)).first() is None:
                return []
        with writing(self.engine) as connection:
            ids = list(
                connection.execute(
                    select(outbox.c.id)
                    .where(due)
                    .order_by(outbox.c.id)
                    .limit(limit)
                    .with_for_update(skip_locked=True)
                ).scalars()
            )
            if not ids:
                return []
            rows = connection.execute(
                update(outbox)
                .where(outbox.c.id.in_(ids), due)
                .values(claimed_until=now + lease)
                .returning(
                    outbox.c.id,
                    outbox.c.kind,
                    outbox.c.account,
                    outbox.c.table_id,
                    outbox.c.payload,
                    outbox.c.created,
                    outbox.c.attempts,
                )
            ).all()
        claimed = [
            OutboxRow(
                id=r.id,
                kind=r.kind,
                account=r.account,
                table_id=r.table_id,
                payload=dict(r.payload),
                created=aware(r.created),
                attempts=r.attempts,
            )
            for r in rows
        ]
        return sorted(claimed, key=lambda r: r.id)

    def mark_sent(self, row_id: int, now: datetime | None = None) -> None:
        """The row was delivered: it is never claimed again."""
        with writing(self.engine) as connection:
            connection.execute(
                update(outbox)
                .where(outbox.c.id == row_id, outbox.c.sent.is_(None))
                .values(
                    sent=now or utc_now(),
                    claimed_until=None,
                    attempts=outbox.c.attempts + 1,
                    error=None,
                )
            )

    def mark_failed(self, row_id: int, error: str, retry_at: datetime | None) -> None:
        """The row could not be delivered: one more attempt, `error` kept (cut to 500
        characters; the caller leaves secrets out of it), due again at `retry_at`, or
        given up when it is None."""
        with writing(self.engine) as connection:
            connection.execute(
                update(outbox)
                .where(outbox.c.id == row_id, outbox.c.sent.is_(None))
                .values(
                    claimed_until=retry_at,
                    attempts=outbox.c.attempts + 1,
                    error=(error or "failed")[:ERROR_LENGTH],
                )
            )

    def purge(self, before: datetime) -> int:
        """Delete the rows sent, or given up, before `before` (given up ones by when they
        were queued); the number deleted."""
        given_up = and_(
            outbox.c.sent.is_(None),
            outbox.c.claimed_until.is_(None),
            outbox.c.error.is_not(None),
            outbox.c.created < before,
        )
        with writing(self.engine) as connection:
            result = connection.execute(delete(outbox).where(or_(outbox.c.sent < before, given_up)))
        return int(result.rowcount or 0)

    def row(self, row_id: int) -> dict[str, Any] | None:
        """One row as stored (for tests and operators): its columns by name."""
        with self.engine.connect() as connection:
            found = connection.execute(select(outbox).where(outbox.c.id == row_id)).first()
        return None if found is None else dict(found._mapping)

    def recipient(self, account: int) -> Recipient | None:
        """The account a notification goes to, None if it no longer exists."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(
                    accounts.c.id,
                    accounts.c.name,
                    accounts.c.email,
                    accounts.c.notify_email,
                    accounts.c.disabled,
                    accounts.c.deleted,
                ).where(accounts.c.id == account)
            ).first()
        if row is None:
            return None
        takes = bool(row.email) and row.notify_email and not row.disabled and not row.deleted
        return Recipient(row.id, row.name, row.email, takes)

    def stop_mail(self, account: int) -> bool:
        """Turn the account's mail off (an unsubscribe link); False if there is no such
        account."""
        with writing(self.engine) as connection:
            result = connection.execute(
                update(accounts).where(accounts.c.id == account).values(notify_email=False)
            )
        return bool(result.rowcount)

    # Push subscriptions

    def subscribe(
        self, account: int, endpoint: str, p256dh: str, auth: str, now: datetime | None = None
    ) -> None:
        """Keep a browser's subscription for `account` (replacing any subscription with the
        same endpoint, whoever held it: the browser that subscribed is the account's now);
        beyond `MAX_SUBSCRIPTIONS` the oldest of the account's goes."""
        now = now or utc_now()
        with writing(self.engine) as connection:
            connection.execute(
                delete(push_subscriptions).where(push_subscriptions.c.endpoint == endpoint)
            )
            connection.execute(
                insert(push_subscriptions).values(
                    account=account, endpoint=endpoint, p256dh=p256dh, auth=auth, created=now
                )
            )
            mine = (
                select(push_subscriptions.c.id)
                .where(push_subscriptions.c.account == account)
                .order_by(push_subscriptions.c.id.desc())
            )
            keep = list(connection.execute(mine.limit(MAX_SUBSCRIPTIONS)).scalars())
            connection.execute(
                delete(push_subscriptions).where(
                    push_subscriptions.c.account == account,
                    push_subscriptions.c.id.not_in(keep),
                )
            )

    def unsubscribe(self, account: int, endpoint: str) -> bool:
        """Forget the account's subscription at `endpoint`; False if it had none there."""
        with writing(self.engine) as connection:
            result = connection.execute(
                delete(push_subscriptions).where(
                    push_subscriptions.c.account == account,
                    push_subscriptions.c.endpoint == endpoint,
                )
            )
        return bool(result.rowcount)

    def drop_subscription(self, subscription: int) -> None:
        """Forget a subscription the push service says is gone."""
        with writing(self.engine) as connection:
            connection.execute(
                delete(push_subscriptions).where(push_subscriptions.c.id == subscription)
            )

    def subscription(self, subscription: int) -> Subscription | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(push_subscriptions).where(push_subscriptions.c.id == subscription)
            ).first()
        if row is None:
            return None
        return Subscription(row.id, row.account, row.endpoint, row.p256dh, row.auth)

    def subscriptions(self, account: int) -> Sequence[Subscription]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(push_subscriptions)
                .where(push_subscriptions.c.account == account)
                .order_by(push_subscriptions.c.id)
            ).all()
        return [Subscription(r.id, r.account, r.endpoint, r.p256dh, r.auth) for r in rows]

    def count(self, **where: Any) -> int:
        """How many rows match the columns given (for tests and operators)."""
        query = select(func.count()).select_from(outbox)
        for name, value in where.items():
            column = outbox.c[name]
            query = query.where(column.is_(None) if value is None else column == value)
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one())
