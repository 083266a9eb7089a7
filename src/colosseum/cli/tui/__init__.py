"""The full-screen terminal interface (Textual): `colosseum play` and `colosseum replay` when
stdin and stdout are terminals (docs/cli.md, "The full-screen interface")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console

from ...core.state import State
from .controller import GameController


class TerminalGame:
    """A game in the full-screen interface, with `PlaySession`'s face: `run()` plays it
    (False if a human left first), `state` is the game as it stands (undo replaces it)."""

    def __init__(
        self,
        console: Console,
        state: State,
        specs: Sequence[str],
        after_move: Callable[[State], None] | None = None,
        watch_delay: float = 0.4,
    ) -> None:
        self.console = console
        self.controller = GameController(state, specs, after_move)
        self.watch_delay = watch_delay

    @property
    def state(self) -> State:
        return self.controller.state

    def run(self) -> bool:
        from .play_app import PlayApp

        app = PlayApp(self.controller, self.watch_delay)
        finished = app.run()
        if app.failure is not None:  # raised once the terminal is the shell's again
            raise app.failure
        state = self.state
        if state.is_terminal():
            winners = state.winners()
            names = " and ".join(f"seat {w} ({self.controller.specs[w]})" for w in winners)
            verb = "wins" if len(winners) == 1 else "share the win"
            self.console.print(f"{state.game_id}: {names or 'nobody'} {verb}.")
        else:
            self.console.print("Game left unfinished.", style="bold yellow")
        return bool(finished) and state.is_terminal()


def run_tui(
    state: State,
    specs: Sequence[str],
    console: Console | None = None,
    after_move: Callable[[State], None] | None = None,
    watch_delay: float = 0.4,
) -> TerminalGame:
    """Play `state` full screen to the end (or until a human leaves); the game afterwards."""
    game = TerminalGame(console or Console(), state, specs, after_move, watch_delay)
    game.run()
    return game


def run_replay(
    record: Mapping[str, Any], seat: int | None = None, reveal: bool = False, at: int = 0
) -> None:
    """Step through a saved game full screen (RevealRefused for `reveal` before the end)."""
    from .frames import ReplayFrames
    from .replay_app import ReplayApp

    ReplayApp(ReplayFrames(record), seat, reveal, at).run()
