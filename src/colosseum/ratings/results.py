"""The result of an ended table as the ratings take it: each seat's rank and the account
rated for it (docs/web.md, "Ratings").

A table over by its rules is replayed from its stored actions and its seats ranked by the
game's own result (`State.returns()`: the winners first, tied when they share the win, every
other seat tied after them). A seat that resigned or ran out of time is last and every other
seat ties first, as the table's outcome says they win. An abandoned table has no result.
A person's seat is rated as its account; a computer seat as its level's account
(`Ratings.computer_account`, the level being the seat's agent spec). A seat with neither
(a guest's), or an account holding several seats of the table, is left out of the rating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..core.errors import ColosseumError
from ..core.registry import replay
from ..store import Store, TableRow
from ..store.ratings import LEVEL_LENGTH, SeatResult

LOSING_OUTCOMES = ("resigned", "timeout")  # a table's outcome that names the seat that lost


def ranks_of(returns: Sequence[float]) -> list[int]:
    """Competition ranks of the seats' returns: 1 for the best, ties share a rank."""
    return [1 + sum(other > mine for other in returns) for mine in returns]


def table_ranks(store: Store, row: TableRow) -> list[int] | None:
    """Each seat's rank at an ended table, or None if it has no result to rate (not over,
    abandoned, or a record that does not replay to its end)."""
    if row.status != "over":
        return None
    outcome = row.outcome or {}
    if outcome.get("kind") in LOSING_OUTCOMES:
        loser = outcome.get("seat")
        if not isinstance(loser, int) or not 0 <= loser < row.players:
            return None
        return [2 if seat == loser else 1 for seat in range(row.players)]
    actions = store.tables.load(row.id)
    record = {
        "game": row.game,
        "version": row.version,
        "options": row.options,
        "players": row.players,
        "seed": row.seed,
        "actions": [action.notation for action in actions],
    }
    try:
        state = replay(record)
    except ColosseumError:
        return None
    if not state.is_terminal():
        return None
    return ranks_of(state.returns())


def seat_accounts(store: Store, row: TableRow) -> dict[int, int]:
    """The account rated for each seat that is rated: a person's own, a computer level's."""
    found: dict[int, int] = {}
    for seat in row.seats:
        if seat.computer:
            level = seat.kind.strip().lower()
            if 0 < len(level) <= LEVEL_LENGTH:
                found[seat.seat] = store.ratings.computer_account(level)
        elif seat.human and seat.account is not None:
            found[seat.seat] = seat.account
    held = Counter(found.values())
    return {seat: account for seat, account in found.items() if held[account] == 1}


def table_results(store: Store, row: TableRow) -> list[SeatResult] | None:
    """The seats of an ended table to rate, or None if it has no result."""
    ranks = table_ranks(store, row)
    if ranks is None:
        return None
    accounts = seat_accounts(store, row)
    return [SeatResult(seat, account, ranks[seat]) for seat, account in sorted(accounts.items())]
