"""The game behind the full-screen interface, without any screen: who sits where, whose view
is shown, the actions applied with their events, and `undo`.

The screen asks it what to show and tells it what a person typed; the computer seats' choices
are worked out by `choose` (the screen runs it in a worker thread on a copy of the state).
Whatever is shown comes from `view(seat)` and the events `event.visible(seat)` allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...agents.hints import Hint, hints
from ...core.actions import Action, Event, JsonValue
from ...core.errors import IllegalAction
from ...core.registry import replay
from ...core.renderers import Renderer, renderer_for
from ...core.state import State
from ...core.undo import Step, UndoRefused, check_steps, undo_start
from ...sim.match import agents_rng, seated
from ...sim.seeding import derive_seed


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event of the game with the number of the action that caused it (from 1)."""

    number: int
    event: Event


class GameController:
    """One game at the terminal: the state, the seats, the record of steps for `undo`."""

    def __init__(
        self,
        state: State,
        specs: Sequence[str],
        after_move: Callable[[State], None] | None = None,
    ) -> None:
        self.state = state
        self.after_move = after_move  # e.g. the record saved after every change
        self.specs = list(specs)
        self.renderer: Renderer = renderer_for(state.game_id)
        self.humans, self.agents = seated(specs, state.game_id)
        self.rng = agents_rng(state)
        self.steps: list[Step] = []
        self.base = len(state.actions_played())  # actions played before this game was opened
        self.shown: int | None = None  # the human whose screen was shown last

    # --- who decides, who looks ------------------------------------------------------------

    @property
    def deciding(self) -> int | None:
        return self.state.current_player

    def human_to_decide(self) -> bool:
        seat = self.state.current_player
        return seat is not None and seat in self.humans

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def viewer(self) -> int | None:
        """Whose view the screen shows: the deciding human; while a computer decides, the last
        human shown (the only human, if there is one), else a spectator (None)."""
        seat = self.state.current_player
        if seat is not None and seat in self.humans:
            return seat
        if len(self.humans) == 1:
            return self.humans[0]
        return self.shown if self.hot_seat else None

    def needs_handoff(self) -> bool:
        """Whether the keyboard passes to another human before the next screen (hot seat)."""
        seat = self.state.current_player
        return self.hot_seat and seat in self.humans and seat != self.shown

    def end_viewer(self) -> int | None:
        """Who looks at the final board: the only human, else a spectator."""
        return self.humans[0] if len(self.humans) == 1 else None

    # --- what the screen shows -------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        return self.state.view(seat)

    def legal(self) -> list[str]:
        """The deciding seat's legal notations, in the renderer's menu order."""
        actions = self.state.legal_actions()
        return sorted((str(a) for a in actions), key=self.renderer.order)

    def log(self, seat: int | None) -> list[LogLine]:
        """Every event of this game that `seat` may see, oldest first."""
        lines: list[LogLine] = []
        for number, step in enumerate(self.steps, start=self.base + 1):
            lines.extend(LogLine(number, e) for e in step.events if e.visible(seat))
        return lines

    # --- playing ----------------------------------------------------------------------------

    def play(self, action: Action | str) -> list[Event]:
        """Apply an action for the deciding seat (IllegalAction leaves everything unchanged)."""
        seat = self.state.current_player
        if seat is None:
            raise IllegalAction("the game is over")
        before = self.state.clone()
        try:
            events = self.state.apply(action)
        except IllegalAction:
            raise
        except Exception:  # a fault of the game's: the state as it was, then the error
            self.state = before
            raise
        self.steps.append(
            Step(seat, self.state.actions_played()[-1], before, self.state.clone(), tuple(events))
        )
        self._changed()
        return events

    def _changed(self) -> None:
        if self.after_move is not None:
            self.after_move(self.state)

    def choose(self, state: State) -> Action:
        """The computer seat's choice in `state` (a copy: this may run in a worker thread)."""
        seat = state.current_player
        assert seat is not None and seat in self.agents
        return self.agents[seat].choose(state, seat, self.rng)

    def hints(self, count: int = 3) -> list[Hint]:
        """The `normal` search's best actions for the deciding human, from its own view."""
        seat = self.state.current_player
        if seat is None or seat not in self.humans:
            raise ValueError("hints are for the human deciding")
        seed = derive_seed(self.state.seed or 0, "hint", len(self.state.actions_played()))
        return hints(self.state.clone(), seat, seed, count)

    # --- undo -------------------------------------------------------------------------------

    def undo_span(self, seat: int) -> int:
        """The index of the step `undo` would return to for `seat`: its last decision, with
        only computer decisions after it. UndoRefused with the reason otherwise."""
        if self.state.is_terminal():
            raise UndoRefused("the game is over")
        start = undo_start([step.seat for step in self.steps], seat, self.humans.__contains__)
        check_steps(self.steps[start:], seat)
        return start

    def undo(self) -> int:
        """Take back the deciding human's last decision and the computers' after it, by
        replaying the record without them; the number of actions taken back."""
        seat = self.state.current_player
        if seat is None or seat not in self.humans:
            raise UndoRefused("undo is for the human deciding")
        start = self.undo_span(seat)
        record = self.state.record()
        actions = record["actions"]
        assert isinstance(actions, list)
        keep = self.base + start
        self.state = replay({**record, "actions": actions[:keep]})
        taken = len(self.steps) - start
        del self.steps[start:]
        self._changed()
        return taken
