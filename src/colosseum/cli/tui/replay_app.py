"""The replay viewer (Textual): a saved game step by step, forward and back, as a seat or a
spectator saw it; with `reveal`, once the game is over, with what was hidden shown."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, RichLog, Static

from ...core.registry import game_definition
from ...core.renderers import Renderer, as_text, renderer_for
from .frames import ReplayFrames, RevealRefused
from .play_app import TALL
from .widgets import QuietLog, ScrollPanel

LOG_STEPS = 40  # actions shown in the log before the current one

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; padding: 0 1; }
#main { height: 1fr; }
#board { width: 3fr; padding: 0 1; }
#panel { width: 2fr; border-left: vkey $primary; padding: 0 1; }
#log-head { height: 1; background: $boost; padding: 0 1; text-style: bold; }
#log { height: 6; scrollbar-size-vertical: 1; padding: 0 1; }
#message { height: 1; padding: 0 1; }
"""


class ReplayApp(App[None]):
    """Steps through `frames`: ←/→ one action, PgUp/PgDn ten, Home/End, R reveals, Q leaves."""

    CSS = CSS
    TITLE = "Colosseum replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Back"),
        Binding("right", "move(1)", "Forward"),
        Binding("home", "go(0)", "Start"),
        Binding("end", "go(-1)", "End"),
        Binding("pageup", "move(-10)", "−10", show=False),
        Binding("pagedown", "move(10)", "+10", show=False),
        Binding("r", "reveal", "Reveal"),
        Binding("q,escape", "quit", "Quit"),
    ]

    def __init__(
        self, frames: ReplayFrames, seat: int | None = None, reveal: bool = False, at: int = 0
    ) -> None:
        super().__init__()
        if reveal:
            frames.check_reveal()
        self.frames = frames
        self.seat = seat
        self.reveal = reveal
        self.number = max(0, min(at, frames.last))
        self.renderer: Renderer = renderer_for(frames.game_id)

    def compose(self) -> Any:
        yield Static("", id="title")
        with Horizontal(id="main"):
            yield ScrollPanel(id="board")
            yield ScrollPanel(id="panel")
        yield Static("Actions and events", id="log-head")
        yield QuietLog(id="log", wrap=True, min_width=20)
        yield Static("", id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.game_title = game_definition(self.frames.game_id).info.title
        self.call_after_refresh(self.redraw)

    def on_resize(self) -> None:
        rows = self.size.height
        self.query_one("#log").styles.height = 6 if rows < TALL else max(8, rows // 4)
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        frames, number = self.frames, self.number
        view = frames.view(number, self.seat, self.reveal)
        board = self.query_one("#board", ScrollPanel)
        width, height = board.room()
        board.show(self.renderer.compact(view, frames.options, (), width, height))
        panel = self.query_one("#panel", ScrollPanel)
        pw, ph = panel.room()
        panel.show(self.renderer.panel(view, frames.options, pw, ph))
        self._draw_title()
        self._draw_log(view)

    def _draw_title(self) -> None:
        frames = self.frames
        state = frames.frames[self.number].state
        text = Text(f"Replay · {self.game_title}", style="bold")
        text.append(f" · step {self.number} of {frames.last}")
        if self.reveal:
            text.append(" · everything revealed", style="bold yellow")
        else:
            text.append(" · spectator" if self.seat is None else f" · view of seat {self.seat}")
        if state.is_terminal():
            winners = " and ".join(f"seat {w}" for w in state.winners()) or "nobody"
            text.append(f" · game over: {winners}")
        elif state.current_player is not None:
            text.append(f" · seat {state.current_player} to decide")
        self.query_one("#title", Static).update(text)

    def _draw_log(self, view: Any) -> None:
        log = self.query_one(RichLog)
        log.clear()
        first = max(1, self.number - LOG_STEPS)
        for frame in self.frames.frames[first : self.number + 1]:
            head = Text(
                f"{frame.number:>4}. ", style="bold" if frame.number == self.number else "dim"
            )
            head.append(f"seat {frame.seat}", style="bold")
            if self.frames.shows_notation(frame, self.seat, self.reveal):
                head.append(f": {frame.notation}")
            log.write(head)
            for event in self.frames.visible(frame, self.seat, self.reveal):
                line = Text("      ")
                line.append_text(as_text(self.renderer.event(event.to_json(), view)))
                log.write(line)
        if self.number == 0:
            log.write(Text("the start: → steps forward", style="dim"))

    def _say(self, message: str, style: str = "") -> None:
        self.query_one("#message", Static).update(Text(message, style=style))

    def action_move(self, delta: int) -> None:
        self.action_go(max(0, min(self.frames.last, self.number + delta)))

    def action_go(self, number: int) -> None:
        self.number = self.frames.last if number < 0 else number
        self._say("")
        self.redraw()

    def action_reveal(self) -> None:
        try:
            self.frames.check_reveal()
        except RevealRefused as error:
            self._say(str(error), "bold yellow")
            return
        self.reveal = not self.reveal
        self.redraw()
