"""`colosseum play`: a game at the terminal, humans and computer agents, hot seat.

Whatever is shown comes from a seat's view and the events that seat may see: a human sees
only their own view; computer moves are shown as the human (or a spectator) may see them.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from ..core.actions import Action, Event
from ..core.errors import IllegalAction
from ..core.renderers import Renderer, as_text, renderer_for
from ..core.state import State

if TYPE_CHECKING:
    from .tui import TerminalGame

HUMAN = "human"
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("?", "help")
HINT_WORD = "hint"
MAX_EVENT_LINES = 30
MAX_MENU_DIGITS = 4  # a longer number names no menu entry (and `int` may refuse to read it)


class Quit(Exception):
    """The human left the game (quit, Ctrl-D or Ctrl-C)."""


def interactive() -> bool:
    """Whether the full-screen interface can run: stdin and stdout are both terminals, and
    Textual is installed."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    return importlib.util.find_spec("textual") is not None


def open_game(
    console: Console,
    state: State,
    specs: Sequence[str],
    plain: bool = False,
    after_move: Callable[[State], None] | None = None,
) -> PlaySession | TerminalGame:
    """The full-screen interface on a terminal, else (or with `plain`) the line-by-line one;
    either has `run()`, `state` and `console`."""
    if plain or not interactive():
        return PlaySession(console, state, specs, after_move=after_move)
    from .tui import TerminalGame

    return TerminalGame(console, state, specs, after_move=after_move)


class PlaySession:
    """One game at the terminal: runs the agents, asks the humans, shows what each may see."""

    def __init__(
        self,
        console: Console,
        state: State,
        specs: Sequence[str],
        after_move: Callable[[State], None] | None = None,
    ) -> None:
        from ..sim.match import agents_rng, seated  # loaded when a game is played

        self.console = console
        self.after_move = after_move  # e.g. the record saved after every move
        self.state = state
        self.specs = list(specs)
        self.renderer: Renderer = renderer_for(state.game_id)
        self.humans, self.agents = seated(specs, state.game_id)
        # Who watches when nobody decides: the only human, else a spectator.
        self.observer = self.humans[0] if len(self.humans) == 1 else None
        self.rng = agents_rng(state)
        self.log: list[Event] = []
        self.seen: dict[int | None, int] = {seat: 0 for seat in [None, *self.humans]}
        self.last_human: int | None = None

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> bool:
        """Play to the end; False if a human quit first."""
        self._introduce()
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player
                assert seat is not None
                if seat in self.agents:
                    action = self.agents[seat].choose(self.state, seat, self.rng)
                    self._record(self.state.apply(action))
                else:
                    self._human_turn(seat)
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Game left unfinished.", style="bold yellow")
            return False
        self._finish()
        return True

    def _record(self, events: list[Event]) -> None:
        self.log.extend(events)
        if self.after_move is not None:
            self.after_move(self.state)
        if not self.humans:
            self._show_events(None)

    def _introduce(self) -> None:
        state = self.state
        seats = ", ".join(f"seat {seat} {spec}" for seat, spec in enumerate(self.specs))
        self.console.rule(f"{state.game_id} · {state.num_players} players · seed {state.seed}")
        self.console.print(seats)
        if self.humans:
            self.console.print(
                "Enter an action by its number or its notation; '?' lists the actions again, "
                "'hint' asks the search, 'quit' (or Ctrl-D) leaves.",
                style="dim",
            )
        else:
            self._show_board(None)

    # --- what a seat sees -----------------------------------------------------------------

    def _show_events(self, seat: int | None) -> None:
        """The events since `seat` last looked, those it may see."""
        fresh = [e for e in self.log[self.seen[seat] :] if e.visible(seat)]
        self.seen[seat] = len(self.log)
        if not fresh:
            return
        view = self.state.view(seat)
        if len(fresh) > MAX_EVENT_LINES:
            hidden = len(fresh) - MAX_EVENT_LINES
            self.console.print(f"  … {hidden} earlier events", style="dim")
            fresh = fresh[-MAX_EVENT_LINES:]
        for event in fresh:
            line = Text("  · ", style="dim")
            line.append_text(as_text(self.renderer.event(event.to_json(), view)))
            self.console.print(line)

    def _show_board(self, seat: int | None, legal: Sequence[str] = ()) -> None:
        view = self.state.view(seat)
        self.console.print(self.renderer.view(view, self.state.options, legal))

    def _show_menu(self, seat: int, legal: list[Action]) -> None:
        view = self.state.view(seat)
        items = []
        for number, action in enumerate(legal, start=1):
            item = Text(f"{number:>2} ", style="cyan")
            item.append_text(as_text(self.renderer.action(str(action), view)))
            items.append(item)
        self.console.print(Columns(items, padding=(0, 3)))

    # --- humans ---------------------------------------------------------------------------

    def _read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except (EOFError, KeyboardInterrupt) as stop:
            raise Quit from stop

    def _pass_to(self, seat: int) -> None:
        """Hot seat: hide the previous human's screen before the next human sees theirs."""
        self.console.clear()
        self.console.rule(f"Pass the keyboard to seat {seat}")
        self._read(f"Seat {seat}, press Enter when the others cannot see the screen. ")
        self.console.clear()

    def _human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and seat != self.last_human:
            self._pass_to(seat)
        self.last_human = seat
        legal = sorted(self.state.legal_actions(), key=lambda a: self.renderer.order(str(a)))
        self.console.print()
        self.console.rule(f"Seat {seat} to decide", style="bold")
        self._show_events(seat)
        if self.observer is None:
            self.seen[None] = len(self.log)
        self._show_board(seat, [str(action) for action in legal])
        self._show_menu(seat, legal)
        while True:
            text = self._read(f"[bold]seat {seat}[/] › ").strip()
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                raise Quit
            if text.lower() in HELP_WORDS:
                self._show_menu(seat, legal)
                continue
            if text.lower() == HINT_WORD:
                self._show_hints(seat)
                continue
            action = self._parse(text, legal)
            if action is None:
                continue
            try:
                events = self.state.apply(action)
            except IllegalAction as error:
                self.console.print(Text(str(error), style="red"))
                continue
            self._record(events)
            return

    def _show_hints(self, seat: int) -> None:
        """The `normal` search's top three actions for `seat`, from its own view."""
        from ..agents.hints import hints  # a search: loaded when asked for
        from ..sim.seeding import derive_seed

        self.console.print("Thinking…", style="dim")
        seed = derive_seed(self.state.seed or 0, "hint", len(self.state.actions_played()))
        view = self.state.view(seat)
        for rank, hint in enumerate(hints(self.state, seat, seed), start=1):
            line = Text(f"  {rank}. ", style="cyan")
            line.append_text(as_text(self.renderer.action(hint.notation, view)))
            chance = "no estimate" if hint.win is None else f"{hint.win:.0%} to win"
            line.append(f"  ({chance}, tried {hint.visits} times)", style="dim")
            if hint.reason:
                line.append(f" — {hint.reason}", style="dim")
            self.console.print(line)

    def _parse(self, text: str, legal: list[Action]) -> Action | str | None:
        """A menu number to its action; anything else is notation for `State.apply`. A number
        is ASCII digits (`²` is a digit to Python, not a number `int` reads), and short."""
        if not (text.isascii() and text.isdigit()):
            return text
        if len(text) <= MAX_MENU_DIGITS and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        shown = text if len(text) <= 12 else f"{text[:12]}… ({len(text)} digits)"
        self.console.print(
            Text(f"No action numbered {shown}: choose 1 to {len(legal)}, or type one.", "red")
        )
        return None

    # --- the end --------------------------------------------------------------------------

    def _finish(self) -> None:
        seat = self.observer
        self.console.print()
        self.console.rule("Game over", style="bold")
        if self.humans:
            self._show_events(seat)
        self._show_board(seat)
        winners = self.state.winners()
        names = " and ".join(f"seat {w} ({self.specs[w]})" for w in winners) or "nobody"
        verb = "wins" if len(winners) == 1 else "share the win"
        self.console.print(Text(f"{names} {verb}.", style="bold"))
