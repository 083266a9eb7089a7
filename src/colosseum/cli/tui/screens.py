"""The screens shown over the game: the hot-seat handoff, the hints, the legend, the help."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from ...agents.hints import Hint

HELP = """\
Keys
  Enter      play what is typed, or the highlighted menu entry (shown whole)
  ↑ ↓        move through the menu      Tab  take the highlighted entry
  →          take the completion shown  Esc  one word back
  F1         this help                  F2   hint: 3 best, win chances
  F3         undo your last decision (never across dice, a draw or a reveal)
  F4         show or hide the rule each event of the log applied
  F5         legend: what the board's and the panel's abbreviations mean
  F6         the log tall (the board hidden), again: back
  Ctrl+↑ ↓   scroll the log a page (Shift+PgUp PgDn too)
  PgUp PgDn  scroll the board           Ctrl+Q  leave (saved with --save)
  After a computer's turn the log starts at your last decision.

Typing
  An action by its notation (case and spacing ignored), word by word: the
  menu offers the next words, a number picks an entry. A bare target (`c8`)
  is the one action ending with it; words that could be several actions
  narrow the menu and ask which. Also: hint undo rules legend log help quit.
"""
HELP_WIDTH = 76  # the help's room inside its frame at 80 columns


class PassScreen(Screen[None]):
    """Hot seat: a neutral screen, nothing of any seat, until the next one presses Enter. The
    game's own keys are off meanwhile (`PlayApp.check_action`): only Enter and Ctrl+Q act."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Show my screen", show=True)]
    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen Static { width: auto; padding: 1 4; border: heavy $accent; }
    """

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> Any:
        text = Text(f"Pass the keyboard to seat {self.seat}\n\n", style="bold")
        text.append(f"Seat {self.seat}: press Enter when the others cannot see the screen.")
        with Middle(), Center():
            yield Static(text, id="handoff")
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)


class HintScreen(ModalScreen[str | None]):
    """The search's top actions; a number or Enter puts one in the prompt, Esc closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", show=True),
        Binding("enter", "pick(1)", "Take the first", show=True),
        *(Binding(str(n), f"pick({n})", f"Take {n}", show=False) for n in range(1, 10)),
    ]
    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    HintScreen Static { width: 76; max-width: 100%; padding: 0 1; border: round $accent;
                        background: $panel; }
    """

    def __init__(self, hints: Sequence[Hint], labels: Sequence[Text]) -> None:
        super().__init__()
        self.hints = list(hints)
        self.labels = list(labels)

    def compose(self) -> Any:
        text = Text("Hints: the normal search, from your own view\n", style="bold")
        for number, (hint, label) in enumerate(zip(self.hints, self.labels, strict=True), 1):
            chance = "—" if hint.win is None else f"{hint.win:.0%} to win"
            text.append(f"{number} ", style="cyan")
            text.append(f"{chance:>11}  ", style="bold")
            text.append_text(label)
            if hint.reason:
                text.append(f" ({hint.reason})", style="dim")
            text.append("\n")
        text.append("A number puts it in the prompt; Esc closes.", style="dim")
        yield Static(text, id="hints")

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.hints):
            self.dismiss(self.hints[number - 1].notation)

    def action_close(self) -> None:
        self.dismiss(None)


class LegendScreen(ModalScreen[None]):
    """The game's legend for the seat on screen (its renderer's `legend`); it scrolls."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,f5,q", "close", "Close", show=True),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
    ]
    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen VerticalScroll { width: 80; max-width: 100%; height: auto; max-height: 100%;
                                  border: round $accent; background: $panel; padding: 0 1; }
    """
    WIDTH = 76  # the legend's room inside the frame at 80 columns

    def __init__(self, legend: RenderableType) -> None:
        super().__init__()
        self.legend = legend

    def compose(self) -> Any:
        with VerticalScroll(id="legend"):
            yield Static(Text("Legend · Esc closes", style="bold"))
            yield Static(self.legend, markup=False)
        yield Footer()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The keys and commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,f1,q", "close", "Close", show=True)
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen Static { width: 80; max-width: 100%; max-height: 100%; border: round $accent;
                        background: $panel; }
    """

    def compose(self) -> Any:
        yield Static(HELP, markup=False, id="help")

    def action_close(self) -> None:
        self.dismiss(None)
