"""How quick match pairs accounts (docs/web.md, "Quick match"): the rating window that widens
with waiting, the groups of waiting entries it forms, the rated tables made for them, and the
computer player offered after the wait.

The numbers are chosen in `data/quickmatch.toml`, checked on load. Entries match within one
game, player count and pace; the longest waiting is served first, with the entries whose
displayed ratings lie within its window of its own, the longest waiting of them first.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any, Literal
from weakref import WeakKeyDictionary

from pydantic import Field, PositiveInt, model_validator
from sqlalchemy import Engine

from ..core.data import DataModel, StatedModel, load_validated
from ..core.errors import ColosseumError
from ..store import Store
from ..store.match_queue import MatchQueue, QueueEntry
from ..store.rating_model import Rating, initial, shown
from .errors import BadRequest, NotAvailable
from .service import TableService

log = logging.getLogger("colosseum.web")

DATA_FILE = Path(__file__).parent / "data" / "quickmatch.toml"
PACES = ("live", "days")


class Window(DataModel):
    """The rating window: `start` points, `growth` more per minute waited, at most `maximum`."""

    start: int = Field(ge=0, le=10_000)
    growth: int = Field(ge=0, le=10_000)
    maximum: int = Field(ge=0, le=10_000)

    @model_validator(mode="after")
    def _ordered(self) -> Window:
        if self.maximum < self.start:
            raise ValueError("window.maximum is at least window.start")
        return self


class LiveClock(DataModel):
    kind: Literal["live"]
    minutes: PositiveInt
    increment: int = Field(ge=0)


class DaysClock(DataModel):
    kind: Literal["days"]
    days: PositiveInt


class Clocks(DataModel):
    live: LiveClock
    days: DaysClock


class Computer(DataModel):
    levels: list[str] = Field(min_length=1, max_length=20)


class QuickMatchData(StatedModel):
    """The numbers of `data/quickmatch.toml`."""

    window: Window
    clock: Clocks
    computer: Computer


@cache
def data(path: Path = DATA_FILE) -> QuickMatchData:
    """Quick match's numbers (DataError if the file is missing or invalid)."""
    return load_validated(QuickMatchData, path)


def clock_of(pace: str) -> dict[str, Any]:
    """The time control of a table made for `pace`."""
    clocks = data().clock
    chosen = clocks.live if pace == "live" else clocks.days
    return chosen.model_dump()


def window(entry: QueueEntry, now: datetime) -> int:
    """The entry's rating window now, in displayed points either side of its rating."""
    numbers = data().window
    minutes = max(0.0, (now - entry.joined).total_seconds() / 60)
    return int(min(numbers.maximum, numbers.start + numbers.growth * minutes))


def displayed(queue: MatchQueue, pairs: Iterable[tuple[int, str]]) -> dict[tuple[int, str], int]:
    """The displayed rating of each (account, game), one query for all; no rating yet is a
    new player's."""
    wanted = set(pairs)
    stored = queue.ratings(wanted)
    fresh = shown(initial())
    return {
        pair: shown(Rating(found.mu, found.sigma)) if (found := stored.get(pair)) else fresh
        for pair in wanted
    }


def groups(
    waiting: Sequence[QueueEntry], ratings: Mapping[tuple[int, str], int], now: datetime
) -> list[list[QueueEntry]]:
    """The groups to seat now: in each pool (game, players, pace) the longest waiting entry
    with the longest waiting of those within its window, until none is left to serve."""
    pools: dict[tuple[str, int, str], list[QueueEntry]] = {}
    for entry in sorted(waiting, key=lambda e: (e.joined, e.id)):
        pools.setdefault((entry.game, entry.players, entry.pace), []).append(entry)
    found: list[list[QueueEntry]] = []
    for (game, players, _), pool in pools.items():
        left = list(pool)
        while len(left) >= players:
            first, others = left[0], left[1:]
            mine = ratings[(first.account, game)]
            reach = window(first, now)
            near = [
                e
                for e in others
                if e.account != first.account and abs(ratings[(e.account, game)] - mine) <= reach
            ][: players - 1]
            if len(near) == players - 1:
                group = [first, *near]
                found.append(group)
                left = [e for e in left if e not in group]
            else:
                left = others
    return found


_locks: WeakKeyDictionary[Engine, threading.Lock] = WeakKeyDictionary()
_guard = threading.Lock()


def _lock(engine: Engine) -> threading.Lock:
    """One matcher at a time in this process (other processes meet the claim's lock)."""
    with _guard:
        return _locks.setdefault(engine, threading.Lock())


def match_pending(store: Store, service: TableService, now: datetime) -> list[str]:
    """Seat every group of waiting entries that matches now at a new rated table; the new
    tables' ids. Entries of accounts no longer usable leave the queue."""
    queue = MatchQueue(store.engine)
    made: list[str] = []
    with _lock(store.engine):
        waiting = queue.waiting()
        if not waiting:
            return made
        people = store.accounts.by_ids({e.account for e in waiting})
        usable = []
        for entry in waiting:
            person = people.get(entry.account)
            if person is None or not person.usable:
                queue.leave(entry.id, entry.account)
            else:
                usable.append(entry)
        ratings = displayed(queue, ((e.account, e.game) for e in usable))
        for group in groups(usable, ratings, now):
            first = people[group[0].account]
            players: list[object] = [{"kind": "me"}]
            players += [{"kind": "account", "name": people[e.account].name} for e in group[1:]]
            try:
                row, _ = service.create(
                    group[0].game,
                    players,
                    creator=first,
                    clock=clock_of(group[0].pace),
                    rated=True,
                )
            except ColosseumError as error:
                log.warning("quick match could not seat entries %s: %s", group, error)
                continue
            if queue.claim([e.id for e in group], row.id, now):
                made.append(row.id)
    return made


@dataclass(frozen=True, slots=True)
class Offer:
    """The computer player offered to a waiting entry: its level and displayed rating."""

    level: str
    rating: int


def computer_offer(store: Store, entry: QueueEntry, own: int) -> Offer:
    """The computer level whose displayed rating in the entry's game is nearest `own` (the
    entry's account's); the lower level on a tie."""
    levels = data().computer.levels
    accounts = {level: store.ratings.computer_account(level) for level in levels}
    queue = MatchQueue(store.engine)
    ratings = displayed(queue, ((a, entry.game) for a in accounts.values()))
    best = min(
        enumerate(levels),
        key=lambda item: (abs(ratings[(accounts[item[1]], entry.game)] - own), item[0]),
    )[1]
    return Offer(best, ratings[(accounts[best], entry.game)])


def accept_computer(
    store: Store, service: TableService, entry: QueueEntry, person: Any, level: str, now: datetime
) -> str:
    """A rated table of the entry's account against the computer `level` (its other seats
    all that level); the entry is matched to it. `NotAvailable` if it no longer waits."""
    if level not in data().computer.levels:
        raise BadRequest(f"level: one of {', '.join(data().computer.levels)}")
    queue = MatchQueue(store.engine)
    with _lock(store.engine):
        current = queue.get(entry.id)
        if current is None or not current.waiting:
            raise NotAvailable("this quick match no longer waits (matched or left)")
        row, _ = service.create(
            entry.game,
            [{"kind": "me"}, *([level] * (entry.players - 1))],
            creator=person,
            clock=clock_of(entry.pace),
            rated=True,
        )
        if not queue.claim([entry.id], row.id, now):
            raise NotAvailable("this quick match no longer waits (matched or left)")
    return row.id
