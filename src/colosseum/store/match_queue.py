"""The quick-match queue (docs/web.md, "Quick match"): accounts waiting for a game, a player
count and a pace, until a matcher puts them at a table or they leave.

An entry waits while it has no table and has not left. One account waits at most once per
game (a second join finds the first). A matcher claims a group of entries for a new table in
one transaction that first locks them and checks that each still waits, so an entry is never
put at two tables, whatever the number of matchers and server processes; a table made for a
group that another matcher took first is abandoned in that same transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, insert, or_, select, tuple_, update

from .schema import accounts, game_tables, match_queue, ratings
from .table_rows import NOBODY_DECIDES
from .times import aware
from .transactions import writing

SHOWN_MATCHED = timedelta(hours=1)  # a matched entry stays in its account's list this long
ACCOUNT_ENTRIES = 20  # entries listed for one account at most
WAITING_LIMIT = 2000  # waiting entries one matcher pass looks at, oldest first
_BATCH = 200  # (account, game) pairs per rating query


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """An account's place in the queue: `table_id` once matched, `left` once it left."""

    id: int
    account: int
    game: str
    players: int
    pace: str
    joined: datetime
    table_id: str | None
    left: bool

    @property
    def waiting(self) -> bool:
        return self.table_id is None and not self.left


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A rating as stored: mean, uncertainty and rated games."""

    mu: float
    sigma: float
    games: int


class MatchQueue:
    """The quick-match queue of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def join(
        self, account: int, game: str, players: int, pace: str, now: datetime
    ) -> tuple[QueueEntry, bool]:
        """The account's waiting entry for `game` (True: new). An account already waiting
        for this game keeps its entry, whatever player count or pace it asks for now."""
        with writing(self.engine) as connection:
            # the account's row locked: two joins of one account wait for each other
            connection.execute(
                select(accounts.c.id).where(accounts.c.id == account).with_for_update()
            )
            found = connection.execute(
                select(match_queue).where(
                    match_queue.c.account == account,
                    match_queue.c.game == game,
                    *_waiting(),
                )
            ).first()
            if found is not None:
                return _entry(found), False
            made = connection.execute(
                insert(match_queue).values(
                    account=account, game=game, players=players, pace=pace, joined=now, left=False
                )
            ).inserted_primary_key
            assert made is not None
            row = connection.execute(select(match_queue).where(match_queue.c.id == made[0])).one()
            return _entry(row), True

    def get(self, entry: int) -> QueueEntry | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(match_queue).where(match_queue.c.id == entry)).first()
        return None if row is None else _entry(row)

    def of_account(self, account: int, now: datetime) -> list[QueueEntry]:
        """The account's waiting entries and those matched in the last `SHOWN_MATCHED`, the
        newest first."""
        recent = now - SHOWN_MATCHED
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(match_queue)
                .where(
                    match_queue.c.account == account,
                    match_queue.c.left.is_(False),
                    or_(match_queue.c.table_id.is_(None), match_queue.c.joined >= recent),
                )
                .order_by(match_queue.c.joined.desc(), match_queue.c.id.desc())
                .limit(ACCOUNT_ENTRIES)
            ).all()
        return [_entry(row) for row in rows]

    def waiting(self, limit: int = WAITING_LIMIT) -> list[QueueEntry]:
        """Every waiting entry (at most `limit`), the longest waiting first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(match_queue)
                .where(*_waiting())
                .order_by(match_queue.c.joined, match_queue.c.id)
                .limit(limit)
            ).all()
        return [_entry(row) for row in rows]

    def leave(self, entry: int, account: int) -> bool:
        """The account's waiting entry leaves the queue; False if it was not waiting."""
        with writing(self.engine) as connection:
            done = connection.execute(
                update(match_queue)
                .where(match_queue.c.id == entry, match_queue.c.account == account, *_waiting())
                .values(left=True)
            ).rowcount
        return bool(done)

    def claim(self, entries: Sequence[int], table_id: str, now: datetime) -> bool:
        """Put every one of `entries` at the new table `table_id`, all or none: False (and
        the table abandoned, nobody having played at it) when one of them no longer waits."""
        wanted = sorted(set(entries))
        with writing(self.engine) as connection:
            rows = connection.execute(
                select(match_queue.c.id)
                .where(match_queue.c.id.in_(wanted), *_waiting())
                .order_by(match_queue.c.id)
                .with_for_update()
            ).all()
            if len(rows) == len(wanted):  # all still waiting, and locked until the commit
                connection.execute(
                    update(match_queue)
                    .where(match_queue.c.id.in_(wanted), *_waiting())
                    .values(table_id=table_id)
                )
                return True
            connection.execute(
                update(game_tables)
                .where(game_tables.c.id == table_id, game_tables.c.length == 0)
                .values(status="abandoned", decider=NOBODY_DECIDES, updated=now)
            )
        return False

    def ratings(self, pairs: Iterable[tuple[int, str]]) -> dict[tuple[int, str], StoredRating]:
        """The stored ratings of these (account, game) pairs (see `stored_ratings`)."""
        return stored_ratings(self.engine, pairs)


def stored_ratings(
    engine: Engine, pairs: Iterable[tuple[int, str]]
) -> dict[tuple[int, str], StoredRating]:
    """The stored ratings of these (account, game) pairs, in one query per `_BATCH` pairs (the
    matcher's waiting accounts, the seats of the lobby's tables); a pair without a rating is
    left out."""
    wanted = sorted(set(pairs))
    found: dict[tuple[int, str], StoredRating] = {}
    with engine.connect() as connection:
        for start in range(0, len(wanted), _BATCH):
            part = wanted[start : start + _BATCH]
            rows = connection.execute(
                select(ratings).where(tuple_(ratings.c.account, ratings.c.game).in_(part))
            ).all()
            for row in rows:
                found[(row.account, row.game)] = StoredRating(row.mu, row.sigma, row.games)
    return found


def _waiting() -> tuple[Any, ...]:
    return (match_queue.c.table_id.is_(None), match_queue.c.left.is_(False))


def _entry(r: Any) -> QueueEntry:
    """A row of match_queue as an entry."""
    return QueueEntry(
        id=int(r.id),
        account=int(r.account),
        game=str(r.game),
        players=int(r.players),
        pace=str(r.pace),
        joined=aware(r.joined),
        table_id=r.table_id,
        left=bool(r.left),
    )
