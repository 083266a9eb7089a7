"""The ratings' repository: each account's rating per game, every rated result with the rating
before and after it, and an account for each computer level.

`apply` takes one game's result in, once: in one transaction it reads (and on PostgreSQL
row-locks) the ratings of the accounts involved, rates them (`rating_model.py`), writes a
`rating_results` row per seat and the new `ratings`, and marks the table rated when the source
is a table. A source is rated once (unique source and seat): a second call changes nothing,
and of two processes racing one rates it. `rebuild` replays every stored result in id order
from the initial rating, so a change of formula keeps the history.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from . import rating_model as model
from .accounts import name_key
from .errors import StoreError
from .rating_model import Rating
from .schema import accounts, game_tables, rating_results, ratings
from .times import aware, utc_now
from .transactions import writing

COMPUTER_NAME = "Computer ({level})"  # a computer level's account name
SOURCE_LENGTH = 80  # characters of a result's source (the column's width)
LEVEL_LENGTH = 28  # the longest level whose account name fits the accounts' 40 characters
_ATTEMPTS = 5  # tries of a rating that met a rating row inserted meanwhile, or a deadlock
_RETRIED = ("40P01", "40001")  # PostgreSQL's deadlock detected, serialization failure


@dataclass(frozen=True, slots=True)
class RatingRow:
    """An account's rating in one game, with its name as it is now."""

    account: int
    name: str
    game: str
    mu: float
    sigma: float
    games: int
    updated: datetime

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's rated result: its source (a table id or "calibration:..."), its rank
    (1 = first, ties share one), the rating before and after it."""

    source: str
    rank: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    created: datetime


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a game to rate: the account rated for it and its rank (1 = first)."""

    seat: int
    account: int
    rank: int


class Ratings:
    """The ratings of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- reading --------------------------------------------------------------------------------

    def get(self, account: int, game: str) -> RatingRow | None:
        """The account's rating in `game`, or None if it has played no rated game of it."""
        found = self._rows(and_(ratings.c.account == account, ratings.c.game == game))
        return found[0] if found else None

    def of_account(self, account: int) -> list[RatingRow]:
        """The account's ratings, by game."""
        return self._rows(ratings.c.account == account, order=(ratings.c.game,))

    def leaderboard(self, game: str, limit: int = 100) -> list[RatingRow]:
        """The best displayed ratings of `game` first (people and computer levels; disabled and
        deleted accounts left out)."""
        numbers = model.data()
        cautious = ratings.c.mu - numbers.shown_z * ratings.c.sigma
        return self._rows(
            and_(
                ratings.c.game == game,
                accounts.c.deleted.is_(False),
                accounts.c.disabled.is_(False),
            ),
            order=(cautious.desc(), ratings.c.games.desc(), accounts.c.name_key),
            limit=max(0, limit),
        )

    def history(self, account: int, game: str) -> list[ResultRow]:
        """The account's rated results in `game`, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rating_results)
                .where(rating_results.c.account == account, rating_results.c.game == game)
                .order_by(rating_results.c.id)
            ).all()
        return [
            ResultRow(
                str(r.source),
                int(r.rank),
                float(r.mu_before),
                float(r.sigma_before),
                float(r.mu),
                float(r.sigma),
                aware(r.created),
            )
            for r in rows
        ]

    def rated(self, source: str) -> bool:
        """Whether the result of `source` was taken in."""
        with self.engine.connect() as connection:
            return _taken(connection, source)

    def computers(self) -> dict[int, str]:
        """The computer levels' accounts: level by account id."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(accounts.c.id, accounts.c.computer).where(accounts.c.computer.is_not(None))
            ).all()
        return {int(r.id): str(r.computer) for r in rows}

    def computer_account(self, level: str) -> int:
        """The account of a computer level ("hard", "random", ...), created on first use,
        named "Computer (<level>)" (with a number after it if a person took that name)."""
        level = level.strip().lower()
        if not level or len(level) > LEVEL_LENGTH:
            raise ValueError(f"a computer level is 1 to {LEVEL_LENGTH} characters, got {level!r}")
        for attempt in range(1, 100):
            found = self._computer(level)
            if found is not None:
                return found
            name = COMPUTER_NAME.format(level=level) + ("" if attempt == 1 else f" {attempt}")
            try:
                with writing(self.engine) as connection:
                    connection.execute(
                        insert(accounts).values(
                            name=name,
                            name_key=name_key(name),
                            password_hash=None,
                            email=None,
                            created=utc_now(),
                            notify_email=False,
                            computer=level,
                        )
                    )
            except IntegrityError:  # the level made meanwhile, or a person holds the name
                continue
        raise ValueError(f"no free account name for the computer level {level!r}")

    def _computer(self, level: str) -> int | None:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(accounts.c.id).where(accounts.c.computer == level)
            ).scalar()
        return None if found is None else int(found)

    def _rows(
        self, condition: Any, order: Iterable[Any] = (), limit: int | None = None
    ) -> list[RatingRow]:
        statement = (
            select(ratings, accounts.c.name)
            .join(accounts, accounts.c.id == ratings.c.account)
            .where(condition)
            .order_by(*order)
        )
        if limit is not None:
            statement = statement.limit(limit)
        with self.engine.connect() as connection:
            rows = connection.execute(statement).all()
        return [
            RatingRow(
                int(r.account),
                str(r.name),
                str(r.game),
                float(r.mu),
                float(r.sigma),
                int(r.games),
                aware(r.updated),
            )
            for r in rows
        ]

    # --- writing --------------------------------------------------------------------------------

    def apply(
        self,
        source: str,
        game: str,
        results: Sequence[SeatResult],
        now: datetime | None = None,
    ) -> bool:
        """Take one game's result in (see the module's docstring); True if this call rated
        it, False if it was rated already. When `source` is a table's id, the table is marked
        rated (`rated_at`) in the same transaction, even when there is nothing to rate (fewer
        than two seats). ValueError for a result that is not one."""
        if not 0 < len(source) <= SOURCE_LENGTH:
            raise ValueError(f"a result's source is 1 to {SOURCE_LENGTH} characters: {source!r}")
        _check(results)
        now = now or utc_now()
        for _ in range(_ATTEMPTS):
            try:
                with writing(self.engine) as connection:
                    return _apply(connection, source, game, results, now)
            except IntegrityError:  # another process rated it, or made a rating row meanwhile
                if self.rated(source):
                    return False
            except DBAPIError as error:  # PostgreSQL broke a deadlock: try again
                if getattr(error.orig, "sqlstate", None) not in _RETRIED:
                    raise
        raise StoreError(f"could not rate {source!r}: its ratings kept changing; try again")

    def rebuild(self) -> int:
        """Recompute every rating from the stored results, in id order from the initial
        rating, rewriting each result's before and after and the `ratings`; the number of
        results replayed."""
        with writing(self.engine) as connection:
            rows = connection.execute(select(rating_results).order_by(rating_results.c.id)).all()
            games: dict[str, list[Any]] = {}  # source -> its rows, sources in first-id order
            for row in rows:
                games.setdefault(str(row.source), []).append(row)
            current: dict[tuple[int, str], Rating] = {}
            played: dict[tuple[int, str], int] = {}
            updated: dict[tuple[int, str], datetime] = {}
            for seats in games.values():
                keys = [(int(r.account), str(r.game)) for r in seats]
                before = [current.get(key, model.initial()) for key in keys]
                after = model.rate(before, [int(r.rank) for r in seats])
                for row, key, old, new in zip(seats, keys, before, after, strict=True):
                    current[key] = new
                    played[key] = played.get(key, 0) + 1
                    updated[key] = row.created
                    if (row.mu_before, row.sigma_before, row.mu, row.sigma) != (
                        old.mu,
                        old.sigma,
                        new.mu,
                        new.sigma,
                    ):
                        connection.execute(
                            update(rating_results)
                            .where(rating_results.c.id == row.id)
                            .values(
                                mu_before=old.mu, sigma_before=old.sigma, mu=new.mu, sigma=new.sigma
                            )
                        )
            connection.execute(delete(ratings))
            if current:
                connection.execute(
                    insert(ratings),
                    [
                        {
                            "account": account,
                            "game": game,
                            "mu": rating.mu,
                            "sigma": rating.sigma,
                            "games": played[(account, game)],
                            "updated": updated[(account, game)],
                        }
                        for (account, game), rating in current.items()
                    ],
                )
        return len(rows)


def _check(results: Sequence[SeatResult]) -> None:
    seats = [r.seat for r in results]
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat is rated once, got seats {seats}")
    accounts_ = [r.account for r in results]
    if len(set(accounts_)) != len(accounts_):
        raise ValueError(f"an account is rated once per game, got accounts {accounts_}")
    if any(r.rank < 1 for r in results):
        raise ValueError("ranks start at 1")


def _taken(connection: Connection, source: str) -> bool:
    return (
        connection.execute(
            select(rating_results.c.id).where(rating_results.c.source == source).limit(1)
        ).first()
        is not None
    )


def _apply(
    connection: Connection,
    source: str,
    game: str,
    results: Sequence[SeatResult],
    now: datetime,
) -> bool:
    postgres = connection.dialect.name == "postgresql"
    table = select(game_tables.c.rated_at).where(game_tables.c.id == source)
    if postgres:  # appliers of one table queue here
        table = table.with_for_update()
    marked = connection.execute(table).first()
    if (marked is not None and marked.rated_at is not None) or _taken(connection, source):
        return False
    ordered = sorted(results, key=lambda r: r.account)  # locks always taken in one order
    current = (
        select(ratings)
        .where(ratings.c.game == game, ratings.c.account.in_([r.account for r in ordered]))
        .order_by(ratings.c.account)
    )
    if postgres:
        current = current.with_for_update()
    found = {int(r.account): r for r in connection.execute(current).all()}
    if len(results) >= 2:
        before = [
            Rating(float(found[r.account].mu), float(found[r.account].sigma))
            if r.account in found
            else model.initial()
            for r in results
        ]
        after = model.rate(before, [r.rank for r in results])
        connection.execute(
            insert(rating_results),
            [
                {
                    "game": game,
                    "source": source,
                    "seat": r.seat,
                    "account": r.account,
                    "rank": r.rank,
                    "mu_before": old.mu,
                    "sigma_before": old.sigma,
                    "mu": new.mu,
                    "sigma": new.sigma,
                    "created": now,
                }
                for r, old, new in zip(results, before, after, strict=True)
            ],
        )
        changed = sorted(zip(results, after, strict=True), key=lambda pair: pair[0].account)
        for r, new in changed:  # in account order, as the locks: two appliers never cross
            if r.account in found:
                connection.execute(
                    update(ratings)
                    .where(ratings.c.account == r.account, ratings.c.game == game)
                    .values(
                        mu=new.mu, sigma=new.sigma, games=found[r.account].games + 1, updated=now
                    )
                )
            else:
                connection.execute(
                    insert(ratings).values(
                        account=r.account,
                        game=game,
                        mu=new.mu,
                        sigma=new.sigma,
                        games=1,
                        updated=now,
                    )
                )
    if marked is not None:
        connection.execute(
            update(game_tables).where(game_tables.c.id == source).values(rated_at=now)
        )
    return True
