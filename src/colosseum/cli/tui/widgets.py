"""The pieces of the full-screen interface: the notation input with its completion, the panels
that scroll inside themselves, the menu's labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Input, RichLog, Static

from ...core.renderers import Renderer, View, as_text
from .prompt import MAX_INPUT
from .steps import Choice, suggestion


class NotationSuggester(Suggester):
    """Completes what is typed to the first legal notation it begins (shown dimmed; → takes it)."""

    def __init__(self, legal: Callable[[], Sequence[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.legal = legal

    async def get_suggestion(self, value: str) -> str | None:
        return suggestion(self.legal(), value)


class NotationInput(Input):
    """The prompt: Tab takes the highlighted menu entry, Escape goes a word back, ↑/↓ move
    through the menu, F2 asks for a hint and F3 undoes (also when typed as words)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.complete", "Complete", show=False, priority=True),
        Binding("escape", "app.step_back", "Back a word", show=False),
        Binding("up", "app.menu_move(-1)", "Menu up", show=False),
        Binding("down", "app.menu_move(1)", "Menu down", show=False),
    ]

    def __init__(self, legal: Callable[[], Sequence[str]], **kwargs: Any) -> None:
        super().__init__(
            placeholder="an action, a number, or hint · undo · help · quit",
            suggester=NotationSuggester(legal),
            max_length=MAX_INPUT,
            compact=True,
            select_on_focus=False,
            **kwargs,
        )


class ScrollPanel(VerticalScroll, can_focus=False):
    """A panel whose content scrolls inside it, never the whole screen (the keys stay with the
    prompt or the viewer: PgUp/PgDn scroll the board)."""

    DEFAULT_CSS = """
    ScrollPanel { scrollbar-size-vertical: 1; }
    ScrollPanel > Static { width: 1fr; }
    """

    def compose(self) -> Any:
        yield Static("", markup=False)

    def show(self, renderable: RenderableType) -> None:
        self.query_one(Static).update(renderable)

    def room(self) -> tuple[int, int]:
        """The width and height its content may use (a column for the scroll bar)."""
        size = self.size
        return max(20, size.width - 1), max(5, size.height)


class QuietLog(RichLog, can_focus=False):
    """The log: it scrolls, and leaves the keys to the prompt or the viewer."""


class GameLog(QuietLog):
    """The game's log, written a line at a time, that remembers where each action's events
    begin so it can be scrolled to them (`show_from`): after a computer's turn, the human's
    last decision and what followed, rather than only the end."""

    KEEP = 2000  # rows kept before the log is written again from its last events

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, min_width=20, auto_scroll=False, **kwargs)
        self.starts: dict[int, int] = {}  # an action's number -> the row of its first event
        self.shown: tuple[int | None, int] | None = None  # (viewer, events written)

    def forget(self) -> None:
        """Empty it (a new viewer, an undo, the rule ids shown or hidden)."""
        self.clear()
        self.starts.clear()
        self.shown = None

    @property
    def full(self) -> bool:
        return len(self.lines) > self.KEEP

    def add(self, number: int, text: Text) -> None:
        """One event of action `number`."""
        self.starts.setdefault(number, len(self.lines))
        self.write(text, scroll_end=False)

    def show_from(self, number: int | None) -> None:
        """Scroll so the first event of action `number` (or a later one) is the top row, or as
        near as the end allows; the end if `number` is None or not written."""
        later = [row for n, row in self.starts.items() if number is not None and n >= number]
        if later:
            self.call_after_refresh(self.scroll_to, y=min(later), animate=False)
        else:
            self.scroll_end(animate=False, immediate=False)

    def page(self, direction: int) -> None:
        """A page up (-1) or down (1), a row of the last page kept in view."""
        self.scroll_relative(y=direction * max(1, self.size.height - 1), animate=False)


def fitted(parts: Sequence[str], width: int, separator: str = " · ") -> str:
    """The first part, then each next one that still fits in `width` (a line of
    statuses by importance: a part that does not fit is left out, never cut)."""
    line = parts[0] if parts else ""
    for part in parts[1:]:
        if len(line) + len(separator) + len(part) <= width:
            line += separator + part
    return line


def menu_label(number: int, choice: Choice, renderer: Renderer, view: View) -> Text:
    """ "3 deploy murmillo d1 n  words…": the number to type, the notation, what it means; a
    step shows the words typed so far and how many actions follow."""
    label = Text(f"{number:>2} ", style="cyan")
    if choice.complete:
        words = as_text(renderer.action(choice.text, view))
        if choice.text.lower() not in words.plain.lower():
            label.append(choice.text, style="bold")
            label.append(" ")
        label.append_text(words)
    else:
        label.append(choice.text.strip(), style="bold")
        label.append(f" … {choice.count} actions", style="dim")
    return label
