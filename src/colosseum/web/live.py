"""A table in play, in memory: its state rebuilt by replaying the stored record, the events
each action produced, and what each seat is shown (built from `view(seat)` and the events
that seat may see, never from the full state), and what anyone may know of its seed: its
commitment before the end, the seed and its salt after (a practice table's seed always).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..core.actions import Event
from ..core.errors import ColosseumError
from ..core.registry import game_definition, new_game
from ..core.state import State
from ..store import (
    COMPUTER_DECIDES,
    HUMAN_DECIDES,
    NOBODY_DECIDES,
    SeatRow,
    StoredAction,
    TableRow,
)
from .boards import action_label, action_sort_key, event_text, render_board
from .clocks import shown
from .commitment import commit
from .endings import final
from .errors import Unreplayable

_UNREPLAYABLE = (
    "table {} was stored under other rules, or is damaged: its record no longer replays, "
    "so it cannot be shown or played here"
)

FINISHED = ("over", "abandoned", "record")  # statuses after which a table's secrets are shown


@dataclass(slots=True)
class Step:
    """One accepted action: who played it, its notation, and the events it produced."""

    seat: int
    notation: str
    events: list[Event]


@dataclass(slots=True)
class LiveTable:
    """A table's state and history. `lock` serializes the changes made by this process;
    between processes the store's checked append decides."""

    row: TableRow
    state: State
    steps: list[Step] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))  # the service's
    boards: dict[tuple[int | None, tuple[str, ...]], str] = field(default_factory=dict)
    boards_at: int = -1  # the version the boards above were drawn for

    @classmethod
    def start(cls, row: TableRow) -> LiveTable:
        try:
            state = new_game(row.game, row.players, row.seed, row.options)
        except ColosseumError:
            raise Unreplayable(_UNREPLAYABLE.format(row.id)) from None
        return cls(row=row, state=state)

    def restart(self, row: TableRow, actions: list[StoredAction]) -> None:
        """Start again from the stored record: after an undo rewrote the log."""
        fresh = LiveTable.start(row)
        self.row, self.state, self.steps = row, fresh.state, []
        self.boards.clear()
        self.catch_up(actions)

    @property
    def version(self) -> int:
        return len(self.steps)

    @property
    def game_id(self) -> str:
        return game_definition(self.row.game).info.id

    def catch_up(self, actions: list[StoredAction]) -> None:
        """Apply stored actions this copy has not seen yet (they replay: the store holds only
        actions that were legal)."""
        for stored in actions:
            if stored.seq != self.version + 1:
                continue
            try:
                events = self.state.apply(stored.notation)
            except ColosseumError:  # its message may list a seat's legal actions: a secret
                raise Unreplayable(_UNREPLAYABLE.format(self.row.id)) from None
            self.steps.append(Step(stored.seat, stored.notation, events))

    def seat_row(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    @property
    def finished(self) -> bool:
        """Over, abandoned or an uploaded record: its secrets may be shown."""
        return self.row.status in FINISHED or self.state.is_terminal()

    def winners(self) -> list[int]:
        """The winning seats: by the game's rules, or (a seat resigned or ran out of time)
        every other seat."""
        outcome = self.row.outcome
        if outcome is not None and outcome.get("kind") in ("resigned", "timeout"):
            return [s for s in range(self.row.players) if s != outcome.get("seat")]
        return self.state.winners()

    def current(self) -> int | None:
        """The seat that must decide; None when the game is over or the table abandoned."""
        if self.row.status in ("abandoned", "over"):  # over: also ended by a resignation
            return None
        return self.state.current_player

    def status(self) -> str:
        """open (a human seat nobody sat in), playing, over, abandoned or record."""
        if self.row.status in ("abandoned", "record", "over"):
            return self.row.status
        if self.state.is_terminal():
            return "over"
        if any(s.human and not s.claimed for s in self.row.seats):
            return "open"
        return "playing"

    def payload(self, seat: int | None, since: int = 0, board: bool = True) -> dict[str, Any]:
        """What `seat` (None: a spectator) is shown: its view, its legal actions with their
        words, the board (an empty string when not wanted), and the events it may see after
        action number `since`."""
        state = self.state
        game = self.game_id
        view = state.view(seat)
        current = self.current()
        mine = seat is not None and current == seat
        notations = [str(a) for a in state.legal_actions()] if mine else []
        notations.sort(key=action_sort_key(game))
        return {
            "table": self.row.id,
            "game": game,
            "version": self.version,
            "seat": seat,
            "current": current,
            "status": self.status(),
            "view": view,
            "legal": [{"notation": n, "label": action_label(game, n, view)} for n in notations],
            "events": self.events_for(seat, since, view),
            "terminal": state.is_terminal(),
            "winners": self.winners(),
            "outcome": self.row.outcome,
            "capped": state.capped(),
            "players": [seat_public(s) for s in self.row.seats],
            "board": self.board(seat, view, notations) if board else "",
            "failure": self.row.failure,
            **fairness(self.row, self.finished),
            **self.clock(),
            "undo": mine and self.may_undo(seat),
            "final": self.final(seat, view) if self.finished else None,
        }

    def board(self, seat: int | None, view: Any, legal: list[str]) -> str:
        """The SVG board `seat` is shown, drawn at most once per version: the answer to a
        seat's action and the push to its page, every spectator, every tab of one account
        share one drawing. Only the current version's boards are kept; an undo that rewrote
        the log starts afresh (`restart`)."""
        if self.boards_at != self.version:
            self.boards.clear()
            self.boards_at = self.version
        key = (seat, tuple(legal))
        drawn = self.boards.get(key)
        if drawn is None:
            drawn = self.boards[key] = render_board(self.game_id, view, legal)
        return drawn

    def final(self, seat: int | None, view: Any) -> dict[str, Any]:
        """The end panel's summary for `seat` (web/endings.py), from its final view."""
        status = self.status()
        return final(
            self.row, self.game_id, view, seat, self.winners(), status, self.state.capped()
        )

    def may_undo(self, seat: int | None) -> bool:
        """Whether `seat` has a decision that undo might take back: one of its own with
        only computers' decisions after it (whether what followed told it something is
        checked when it asks: core/undo.py)."""
        if seat is None or self.finished or self.row.outcome is not None:
            return False
        for step in reversed(self.steps):
            if step.seat == seat:
                return True
            if not self.row.seats[step.seat].computer:
                return False
        return False

    def clock(self, now: datetime | None = None) -> dict[str, Any]:
        """The time control and each seat's time left in seconds (clocks.py)."""
        return shown(self.row, self.current(), now if now is not None else self.now())

    def events_for(self, seat: int | None, since: int, view: Any) -> list[dict[str, Any]]:
        """The events of actions since+1, ... that `seat` may see, in words."""
        found = []
        for number, step in enumerate(self.steps[since:], start=since + 1):
            for event in step.events:
                if event.visible(seat):
                    data = event.to_json()
                    found.append(
                        {
                            "at": number,
                            "kind": event.kind,
                            "rule": event.rule,
                            "data": event.data,
                            "text": event_text(self.game_id, data, view),
                        }
                    )
        return found


def fairness(row: TableRow, finished: bool) -> dict[str, Any]:
    """What anyone may know of a table's seed: whether it is a practice table (its seed
    shown from the start), the commitment to its seed (when the server drew it), and the
    seed and salt once the table is over or abandoned."""
    shown = row.practice or finished
    return {
        "practice": row.practice,
        "commitment": None if row.salt is None else commit(row.seed, row.salt),
        "seed": row.seed if shown else None,
        "salt": row.salt if finished else None,
    }


def decider_of(state: State, seats: Sequence[SeatRow]) -> str:
    """Which kind of seat decides next in `state` (as the store keeps it)."""
    seat = state.current_player
    if seat is None:
        return NOBODY_DECIDES
    return COMPUTER_DECIDES if seats[seat].computer else HUMAN_DECIDES


def seat_public(seat: SeatRow) -> dict[str, Any]:
    """A seat as anyone may see it: never its token, nor its account's id or email (only
    whether it is an account's seat, named by the account)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "name": seat.name,
        "claimed": seat.claimed,
        "account": seat.account is not None,
    }
