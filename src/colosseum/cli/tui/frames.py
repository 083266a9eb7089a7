"""A saved game step by step, for the replay viewer: the state after each action, who played it
and what it caused; each frame seen as a seat or a spectator sees it, or, once the game is
over, with what was hidden revealed (the game's `merge_views` hook, as the web replay does).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.actions import Event, JsonValue
from ...core.errors import ColosseumError
from ...core.registry import game_definition, replay
from ...core.state import State


class RevealRefused(ColosseumError):
    """What was hidden is shown only once the game is over."""


def revealed_view(state: State) -> dict[str, JsonValue]:
    """Every seat's view of `state` joined into one (the game's `merge_views`), seat None; a
    game without the hook gets the spectator's view with every seat's view beside it."""
    views = [state.view(p) for p in range(state.num_players)]
    merge = game_definition(state.game_id).merge_views
    if merge is None:
        return {**state.view(None), "seats_views": list(views)}
    return merge(views)


@dataclass(frozen=True, slots=True)
class Frame:
    """The game after `number` actions (0: the start), with the action that led here."""

    number: int
    state: State
    seat: int | None
    notation: str | None
    events: tuple[Event, ...]


class ReplayFrames:
    """Every frame of a record (InvalidRecord, from `replay`, if it does not replay)."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        final = replay(dict(record))  # checks the whole record, with the kernel's messages
        self.finished = final.is_terminal()
        state = replay({**record, "actions": []})
        self.frames = [Frame(0, state.clone(), None, None, ())]
        for number, notation in enumerate(record.get("actions", []), start=1):
            seat = state.current_player
            events = state.apply(notation)
            self.frames.append(Frame(number, state.clone(), seat, str(notation), tuple(events)))
        self.game_id = final.game_id
        self.players = final.num_players
        self.options = final.options

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def check_reveal(self) -> None:
        if not self.finished:
            raise RevealRefused(
                "this game is not over: what was hidden is shown only after the end"
            )

    def view(self, number: int, seat: int | None, reveal: bool) -> dict[str, JsonValue]:
        """Frame `number` as `seat` (None: a spectator) sees it, or with every secret shown."""
        state = self.frames[number].state
        if not reveal:
            return state.view(seat)
        self.check_reveal()
        return revealed_view(state)

    def shows_notation(self, frame: Frame, seat: int | None, reveal: bool) -> bool:
        """Whether the viewer may read the action itself (its own, or everything revealed)."""
        return reveal or (seat is not None and frame.seat == seat)

    def visible(self, frame: Frame, seat: int | None, reveal: bool) -> list[Event]:
        return [e for e in frame.events if reveal or e.visible(seat)]
