"""Seats that belong to accounts (docs/web.md, "Seats of accounts"): how a new table's player
entries name them, which seat a signed-in account's request stands for, and an account's
"my games".

A seat is a guest's (its token alone acts for it) or an account's: the creator's own
(`{"kind": "me"}`, taken at once) or one reserved for another account by name
(`{"kind": "account", "name": "bob"}`, taken when bob first opens the table signed in). An
account's seat has no token and no link: it opens from any browser signed in as its owner,
and nobody else may take it. An account seat is named by its account.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from ..core.registry import game_definition
from ..store import HUMAN_DECIDES, SeatRow, Store, TableRow
from .errors import BadRequest, NotYourSeat, SignInFirst

HUMAN = "human"
MY_GAMES = 200  # tables "my games" lists at most


class Person(Protocol):
    """A signed-in account, as the table service needs it (store.AccountRow is one)."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Planned:
    """A new table's seat as its creator asked for it: `kind` is "human" or an agent spec;
    for an account's seat the account, its name, and whether it is taken already (the
    creator's own)."""

    kind: str
    account: int | None = None
    name: str | None = None
    claimed: bool = False


def plan_seat(
    store: Store,
    number: int,
    given: object,
    creator: Person | None,
    agent: Callable[[object], str],
) -> Planned:
    """One entry of a new table's `players`: a text ("human" or an agent spec, checked by
    `agent`), or `{"kind": "me"}` / `{"kind": "account", "name": ...}` (signed in only);
    `{"kind": "human"}` is a guest's seat."""
    if not isinstance(given, Mapping):
        return Planned(agent(given))
    kind = given.get("kind")
    if kind == HUMAN:
        return Planned(HUMAN)
    if kind not in ("me", "account"):
        raise BadRequest(
            f"players[{number}]: a seat is 'human', an agent, {{'kind': 'me'}} or "
            f"{{'kind': 'account', 'name': ...}}, got kind {kind!r}"
        )
    if creator is None:
        raise SignInFirst(f"players[{number}]: sign in first to seat accounts at a table")
    if kind == "me":
        return Planned(HUMAN, creator.id, creator.name, True)
    name = given.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadRequest(f"players[{number}]: an account's seat names the account")
    found = store.accounts.by_name(name)
    if found is None or not found.usable:
        raise BadRequest(f"players[{number}]: there is no account named {name.strip()!r}")
    return Planned(HUMAN, found.id, found.name, found.id == creator.id)


def account_seat(row: TableRow, account: int, wanted: int | None) -> SeatRow | None:
    """The seat a signed-in account's request stands for at the table as stored: its only
    seat, or `wanted` (`?seat=N`) when it holds several; None when it holds none and asked
    for none (a spectator). `NotYourSeat` for a seat it does not hold; `BadRequest` when it
    holds several and did not say which."""
    mine = [s for s in row.seats if s.account == account]
    if wanted is not None:
        for seat in mine:
            if seat.seat == wanted:
                return seat
        raise NotYourSeat(f"seat {wanted} of table {row.id} is not your account's")
    if not mine:
        return None
    if len(mine) > 1:
        held = " and ".join(str(s.seat) for s in mine)
        raise BadRequest(f"your account holds seats {held} of table {row.id}: say which (?seat=N)")
    return mine[0]


def my_games(
    store: Store,
    account: int,
    current: Callable[[TableRow], int | None],
    now: datetime | None = None,
) -> list[dict[str, Any]]:
    """Every table where `account` holds a seat (at most `MY_GAMES`, the most recently
    active): those where it decides now first, then the others not finished, then the
    finished ones, each group the most recently active first. `current(row)` is the seat
    deciding at a table one may still act at where a person decides."""
    now = now or datetime.now(UTC)
    entries: list[tuple[tuple[bool, bool], dict[str, Any]]] = []
    for row in store.tables.held_by(account, limit=MY_GAMES):
        mine = [s.seat for s in row.seats if s.account == account]
        unfinished = row.status in ("open", "playing")
        deciding = _deciding(row, mine, current) if unfinished else None
        updated = row.updated if row.updated.tzinfo else row.updated.replace(tzinfo=UTC)
        order = (deciding not in mine, not unfinished)
        entries.append(
            (
                order,
                {
                    "id": row.id,
                    "game": row.game,
                    "title": game_definition(row.game).info.title,
                    "status": row.status,
                    "seat": deciding if deciding in mine else mine[0],
                    "seats": mine,
                    "your_turn": deciding in mine,
                    "since_last_move": max(0, int((now - updated).total_seconds())),
                    "players": [s.name for s in row.seats],
                    "link": f"/tables/{row.id}",
                },
            )
        )
    entries.sort(key=lambda entry: entry[0])  # stable: the newest first in each group
    return [entry for _order, entry in entries]


def _deciding(
    row: TableRow, mine: Sequence[int], current: Callable[[TableRow], int | None]
) -> int | None:
    """The seat that decides at an unfinished table, asked of the live table only when it
    matters: when a person decides and not every person's seat there is this account's."""
    if row.decider is not None and row.decider != HUMAN_DECIDES:
        return None
    people = [s.seat for s in row.seats if s.human]
    if row.decider == HUMAN_DECIDES and len(people) == 1 and people[0] in mine:
        return people[0]
    return current(row)
