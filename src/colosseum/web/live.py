"""A table in play, in memory: its state rebuilt by replaying the stored record, the events
each action produced, and what each seat is shown (built from `view(seat)` and the events
that seat may see, never from the full state).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Event
from ..core.registry import game_definition, new_game
from ..core.state import State
from ..store import SeatRow, StoredAction, TableRow
from .boards import action_label, action_sort_key, event_text, render_board


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

    @classmethod
    def start(cls, row: TableRow) -> LiveTable:
        state = new_game(row.game, row.players, row.seed, row.options)
        return cls(row=row, state=state)

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
            events = self.state.apply(stored.notation)
            self.steps.append(Step(stored.seat, stored.notation, events))

    def seat_row(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    def status(self) -> str:
        """open (a human seat nobody sat in), playing, or over."""
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
        mine = seat is not None and state.current_player == seat
        notations = [str(a) for a in state.legal_actions()] if mine else []
        notations.sort(key=action_sort_key(game))
        return {
            "table": self.row.id,
            "game": game,
            "version": self.version,
            "seat": seat,
            "current": state.current_player,
            "view": view,
            "legal": [{"notation": n, "label": action_label(game, n, view)} for n in notations],
            "events": self.events_for(seat, since, view),
            "terminal": state.is_terminal(),
            "winners": state.winners(),
            "capped": state.capped(),
            "players": [seat_public(s) for s in self.row.seats],
            "board": render_board(game, view, notations) if board else "",
        }

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


def seat_public(seat: SeatRow) -> dict[str, Any]:
    """A seat as anyone may see it: never its token."""
    return {"seat": seat.seat, "kind": seat.kind, "name": seat.name, "claimed": seat.claimed}
