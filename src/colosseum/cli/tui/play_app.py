"""The full-screen game (Textual): the board, the seat's own panel, the log, the menu and the
prompt, always on screen; computers decide in a worker thread; hot-seat handoffs; hints; undo.

The screen shows the view of one seat at a time (`GameController.viewer`): the human deciding,
the only human while a computer decides, or a spectator. Between two humans a neutral screen
(`PassScreen`) waits for the next one; the panels are emptied first, so nothing of the previous
seat is drawn again, and every key of the game is off until Enter (`check_action`), so neither a
key nor a worker finishing late can show anything of a seat there.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core.actions import Action, normalize_notation
from ...core.errors import ColosseumError
from ...core.registry import game_definition
from ...core.renderers import as_text
from ...core.undo import UndoRefused
from .controller import GameController
from .prompt import Command, Notation, Pick, Problem, interpret, menu_number, one_line, refusal
from .screens import HelpScreen, HintScreen, LegendScreen, PassScreen
from .steps import Ask, Choice, Play, back, narrowed, resolve, split_number
from .widgets import GameLog, NotationInput, ScrollPanel, fitted, menu_label

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
LOG_LINES = 400  # events written when the log is written again whole
TALL = 36  # rows from which the log and menu grow

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $primary-background; color: $text; padding: 0 1; }
#main { height: 1fr; }
#board { width: 3fr; padding: 0 1; }
#panel { width: 2fr; border-left: vkey $primary; padding: 0 1; }
#heads { height: 1; background: $boost; }
#heads Static { width: 1fr; padding: 0 1; text-style: bold; }
#lower { height: 6; }
#log { width: 1fr; scrollbar-size-vertical: 1; padding: 0 1; }
#menu { width: 1fr; border: none; padding: 0; scrollbar-size-vertical: 1; }
#message { height: auto; max-height: 3; padding: 0 1; }
#prompt { height: 1; }
"""


class PlayApp(App[bool]):
    """One game at the terminal; `run()` returns True when it was played to the end."""

    CSS = CSS
    TITLE = "Colosseum"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("f2", "hint", "Hint"),
        Binding("f3", "undo", "Undo"),
        Binding("f4", "rules", "Rules"),
        Binding("f5", "legend", "Legend"),
        Binding("f6", "log", "Log"),
        Binding("pageup", "scroll_board(-1)", "Board up", show=False),
        Binding("pagedown", "scroll_board(1)", "Board down", show=False),
        Binding("ctrl+up,shift+pageup", "scroll_log(-1)", "Log up", show=False),
        Binding("ctrl+down,shift+pagedown", "scroll_log(1)", "Log down", show=False),
        Binding("ctrl+q", "leave", "Quit", priority=True),
    ]
    HANDOVER_ACTIONS = frozenset({"leave", "quit"})  # what acts on the neutral screen

    def __init__(self, controller: GameController, watch_delay: float = 0.0) -> None:
        super().__init__()
        self.controller = controller
        self.watch_delay = watch_delay
        self.choices: list[Choice] = []
        self.show_rules = False  # F4 / `rules`: each event's rule id in the log
        self.matching: tuple[str, ...] = ()
        self.legal_now: list[str] = []
        self.thinking = False  # a computer decides
        self.hinting = False  # the search weighs the human's options
        self.spin = 0
        self.tall_log = False  # F6 / `log`: the log (and menu) over the board's room
        self.moved = False  # the menu's highlight was moved since it was drawn
        self.stepped: str | None = None  # what the menu (not typing) put in the prompt
        self.labels: list[Text] = []  # each menu entry whole (the highlighted one is shown so)
        self.over = False
        self.failure: OSError | None = None  # the record could not be saved: leave, then say

    @property
    def busy(self) -> bool:
        """Whether a worker is deciding or hinting (the prompt waits)."""
        return self.thinking or self.hinting

    def _apply(self, action: Action | str) -> bool:
        """Play an action (IllegalAction propagates); False if saving the record failed and
        the app is leaving."""
        try:
            self.controller.play(action)
        except OSError as error:
            self.failure = error
            self.exit(False)
            return False
        return True

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> Any:
        yield Static("", id="title")
        with Horizontal(id="main"):
            yield ScrollPanel(id="board")
            yield ScrollPanel(id="panel")
        with Horizontal(id="heads"):
            yield Static("Log", id="log-head")
            yield Static("Choose", id="menu-head")
        with Horizontal(id="lower"):
            yield GameLog(id="log")
            menu = OptionList(id="menu")
            menu.can_focus = False
            yield menu
        yield Static("", id="message")
        yield NotationInput(lambda: self.matching or self.legal_now, id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.title_text = game_definition(self.controller.state.game_id).info.title
        self.set_interval(0.12, self._tick)
        self._fit()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        self._fit()
        self.call_after_refresh(self.redraw)

    def _fit(self) -> None:
        """The log and the menu get more lines in a tall terminal, or all the board's (F6)."""
        rows = self.size.height
        lower = 6 if rows < TALL else max(8, rows // 4)
        self.query_one("#main").display = not self.tall_log
        self.query_one("#lower").styles.height = "1fr" if self.tall_log else lower

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """On the handover screen no key of the game acts (nor shows in the footer): only
        Enter (the screen's own) and Ctrl+Q."""
        if isinstance(self.screen, PassScreen):
            return action in self.HANDOVER_ACTIONS
        return True

    # --- the flow of the game -----------------------------------------------------------------

    def advance(self) -> None:
        """Show what comes next: the end, a handoff, a human's prompt or a computer thinking."""
        control = self.controller
        if control.state.is_terminal():
            self._game_over()
        elif control.human_to_decide():
            if control.needs_handoff():
                self._handoff(control.deciding)
            else:
                control.shown = control.deciding
                self._prompt_human()
        else:
            self._computer_turn()

    def _handoff(self, seat: int | None) -> None:
        assert seat is not None
        self._blank()

        def ready(_: None) -> None:
            self.controller.shown = seat
            self._prompt_human()

        self.push_screen(PassScreen(seat), ready)

    def _blank(self) -> None:
        """Empty every panel, so nothing of the seat that played stays on the screen."""
        for panel in self.query(ScrollPanel):
            panel.show("")
        self.query_one(GameLog).forget()
        self.query_one(OptionList).clear_options()
        self.query_one("#title", Static).update("")
        self._say("")
        prompt = self.query_one(NotationInput)
        prompt.value = ""

    def _prompt_human(self) -> None:
        prompt = self.query_one(NotationInput)
        prompt.disabled = False
        prompt.value = ""
        self.redraw()
        self._log_since_last_decision()
        prompt.focus()

    def _log_since_last_decision(self) -> None:
        """The log from the human's last decision: its result and the turns after it."""
        control = self.controller
        seat = control.viewer()
        mine = [n for n, step in enumerate(control.steps, control.base + 1) if step.seat == seat]
        self.query_one(GameLog).show_from(mine[-1] if mine else None)

    def _computer_turn(self) -> None:
        self.thinking = True
        self.query_one(NotationInput).disabled = True
        self.redraw()
        self._think(self.controller.state.clone())

    @work(thread=True, exclusive=True, group="agent")
    def _think(self, state: Any) -> None:
        started = time.monotonic()
        try:
            action: Action | Exception = self.controller.choose(state)
        except Exception as error:
            action = error
        if not self.controller.humans and self.watch_delay:
            time.sleep(max(0.0, self.watch_delay - (time.monotonic() - started)))
        self.call_from_thread(self._computer_chose, action)

    def _computer_chose(self, action: Action | Exception) -> None:
        self.thinking = False
        if isinstance(action, Exception):
            self._say(f"the computer failed: {one_line(str(action))}", "bold red")
            return
        try:
            applied = self._apply(action)
        except Exception as error:
            self._say(f"the computer's action failed: {one_line(str(error))}", "bold red")
            return
        if applied:
            self.advance()

    def _game_over(self) -> None:
        self.over = True
        self.thinking = False
        control = self.controller
        control.shown = control.end_viewer()
        prompt = self.query_one(NotationInput)
        prompt.disabled = False
        prompt.value = ""
        prompt.placeholder = "Enter (or quit) leaves"
        self.redraw()
        lines = self.controller.log(control.shown)
        if lines:  # the details after the winner: how the game ended
            last = lines[-1].event.to_json()
            view = control.view(control.shown)
            self._say(as_text(control.renderer.event(last, view)).plain, "bold")
        prompt.focus()

    # --- drawing ------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the current viewer's view."""
        if self.screen is not self.screen_stack[0]:
            return  # a handoff, a hint or the help is on top
        control = self.controller
        viewer = control.viewer() if not self.over else control.end_viewer()
        view = control.view(viewer)
        human = control.human_to_decide() and not self.thinking and not self.over
        self.legal_now = control.legal() if human else []
        typed, _ = split_number(self.legal_now, self.query_one(NotationInput).value)
        current = narrowed(self.legal_now, typed, self._menu_rows()) if human else None
        self.matching = current.matching if current else ()
        self.choices = list(current.choices) if current else []
        marks = list(self.matching) if typed.strip() else self.legal_now
        board = self.query_one("#board", ScrollPanel)
        width, height = board.room()
        state = control.state
        board.show(control.renderer.compact(view, state.options, marks, width, height))
        panel = self.query_one("#panel", ScrollPanel)
        pw, ph = panel.room()
        panel.show(control.renderer.panel(view, state.options, pw, ph))
        self._draw_title(viewer)
        self._draw_log(viewer, view)
        self._draw_menu(view, current.prefix if current else ())

    def _menu_rows(self) -> int:
        return max(4, self.query_one("#lower").size.height)

    def _draw_title(self, viewer: int | None) -> None:
        """What matters first (the winner, who thinks, who decides), then whose view, the game
        and its seed while they fit: a part that does not fit is left out, never cut."""
        control = self.controller
        state = control.state
        who = "spectator" if viewer is None else f"seat {viewer}"
        parts = [f"view of {who}", self.title_text, f"seed {state.seed}"]
        if self.over:
            winners = state.winners()
            names = " and ".join(f"seat {w} ({control.specs[w]})" for w in winners)
            if len(winners) > 1:
                names = "seats " + " and ".join(str(w) for w in winners)
            verb = "wins" if len(winners) == 1 else "share the win"
            parts.insert(0, f"Game over: {names or 'nobody'} {verb if winners else 'wins'}")
        elif self.thinking:
            seat = state.current_player or 0
            spinner = SPINNER[self.spin % len(SPINNER)]
            parts.insert(0, f"{spinner} seat {seat} ({control.specs[seat]}) thinking…")
        elif state.current_player is not None:
            parts.insert(0, f"seat {state.current_player} to decide")
        title = self.query_one("#title", Static)
        text = Text(fitted(parts, max(20, title.size.width - 2)))
        text.stylize("bold", 0, len(parts[0]))
        title.update(text)

    def _draw_log(self, viewer: int | None, view: Any) -> None:
        """The events `viewer` may see: only the new ones while the viewer stays the same. A
        human deciding sees the log from its last decision; anyone else follows the end."""
        log = self.query_one(GameLog)
        lines = self.controller.log(viewer)
        shown = log.shown
        if shown is not None and shown[0] == viewer and shown[1] <= len(lines) and not log.full:
            fresh = lines[shown[1] :]
        else:
            log.forget()
            fresh = lines[-LOG_LINES:]
        for line in fresh:
            text = Text(f"{line.number:>3}. ", style="dim")
            text.append_text(as_text(self.controller.renderer.event(line.event.to_json(), view)))
            if self.show_rules and line.event.rule:
                text.append(f"  [{line.event.rule}]", style="dim cyan")
            log.add(line.number, text)
        log.shown = (viewer, len(lines))
        if fresh:
            if self.controller.human_to_decide() and not self.over:
                self._log_since_last_decision()
            else:
                log.show_from(None)

    def action_rules(self) -> None:
        """The log with or without each event's rule id (docs/rules/, "Rule ids")."""
        self.show_rules = not self.show_rules
        self.query_one(GameLog).forget()  # written again whole
        self._say("the log names each event's rule" if self.show_rules else "rule ids hidden")
        self.redraw()

    def _draw_menu(self, view: Any, prefix: tuple[str, ...]) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        width = max(20, menu.size.width - 2)
        heading = "Game over" if self.over else "Choose"
        if prefix and not self.over:
            words = list(prefix)
            while len(words) > 1 and len(" › ".join(words)) + 12 > width:
                words = ["…", *words[2:]] if words[0] == "…" else ["…", *words[1:]]
            heading += ": " + " › ".join(words) + " › …"
        self.query_one("#menu-head", Static).update(heading)
        renderer = self.controller.renderer
        self.labels = [
            menu_label(n, choice, renderer, view) for n, choice in enumerate(self.choices, 1)
        ]
        menu.add_options([Option(self._cut(label, width)) for label in self.labels])
        self.moved = False
        if self.choices:
            menu.highlighted = 0
            self._whole(0)

    @staticmethod
    def _cut(label: Text, width: int) -> Text:
        cut = label.copy()
        cut.truncate(width, overflow="ellipsis")
        return cut

    def _whole(self, index: int | None, before: int | None = None) -> None:
        """The highlighted entry whole, wrapped (a card's full name and ability); the one
        highlighted before cut back to a line."""
        menu = self.query_one(OptionList)
        width = max(20, menu.size.width - 2)
        if before is not None and before != index and 0 <= before < len(self.labels):
            menu.replace_option_prompt_at_index(before, self._cut(self.labels[before], width))
        if index is not None and 0 <= index < len(self.labels):
            menu.replace_option_prompt_at_index(index, self.labels[index])
            menu.call_after_refresh(menu.scroll_to_highlight)  # its last row too

    def _say(self, message: str, style: str = "") -> None:
        """The message line: a message is never cut at the width, it wraps (up to 3 rows)."""
        self.query_one("#message", Static).update(Text(one_line(message), style=style))

    def _tick(self) -> None:
        if self.thinking:
            self.spin += 1
            self._draw_title(self.controller.viewer())

    # --- the prompt ---------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if not self.over and self.controller.human_to_decide() and not self.busy:
            self.redraw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.over:
            self.exit(True)
            return
        if self.busy or not self.controller.human_to_decide():
            return
        try:
            self._submit(event.value)
        except Exception as error:
            self._say(f"not understood: {one_line(str(error))}", "bold red")
            self._clear_prompt()

    def _submit(self, value: str) -> None:
        request = interpret(value, len(self.choices))
        if isinstance(request, Notation):
            _, number = split_number(self.legal_now, request.text)
            if number is not None:
                request = menu_number(number, len(self.choices)) or request
        if request is None:
            menu = self.query_one(OptionList)
            if menu.highlighted is not None and self.choices:
                self._choose(self.choices[menu.highlighted])
            return
        if isinstance(request, Command):
            self._clear_prompt()  # the word did its work
            getattr(self, f"action_{'leave' if request.name == 'quit' else request.name}")()
        elif isinstance(request, Pick):
            self._choose(self.choices[request.index])
        elif isinstance(request, Problem):
            self._say(request.message, "bold red")
            self._clear_prompt()
        elif isinstance(request, Notation):
            self._play_notation(request.text)

    def _play_notation(self, text: str) -> None:
        """Play `text` if it names one action (its words, their beginning or their end); the
        highlighted entry if it was moved to; ask if it could be several; else say why the
        game refuses it and empty the prompt (the message stays)."""
        menu = self.query_one(OptionList)
        chosen = self.moved or normalize_notation(text) == normalize_notation(self.stepped or "")
        if chosen and self.choices and menu.highlighted is not None:
            self._choose(self.choices[menu.highlighted])  # the menu's way, not a word typed
            return
        outcome = resolve(self.legal_now, text, self._menu_rows())
        if isinstance(outcome, Ask):
            self._set_prompt(outcome.prompt)
            words = " ".join(outcome.prompt.split())
            self._say(
                f"{words!r} could be {outcome.count} actions: choose one (↑ ↓ then Enter, "
                "or its number)",
                "yellow",
            )
            return
        try:
            applied = self._apply(outcome.notation if isinstance(outcome, Play) else text)
        except ColosseumError as error:
            self._say(refusal(one_line(str(error))), "bold red")
            self._clear_prompt()
            return
        if applied:
            self._played()

    def _clear_prompt(self) -> None:
        self.query_one(NotationInput).value = ""

    def _choose(self, choice: Choice) -> None:
        if not choice.complete:
            self._set_prompt(choice.text)
            return
        if self._apply(choice.text):
            self._played()

    def _played(self) -> None:
        self._say("")
        self.query_one(NotationInput).value = ""
        self.advance()

    def _set_prompt(self, text: str, stepped: bool = True) -> None:
        """Put `text` in the prompt; `stepped`: as the menu's step (Enter then goes on with
        the highlighted entry, as it would have with the prompt empty)."""
        self.stepped = text if stepped else None
        prompt = self.query_one(NotationInput)
        prompt.value = text
        prompt.cursor_position = len(text)
        self.redraw()

    # --- actions (keys and commands) ----------------------------------------------------------

    def action_complete(self) -> None:
        menu = self.query_one(OptionList)
        if menu.highlighted is not None and self.choices:
            self._set_prompt(self.choices[menu.highlighted].text)

    def action_step_back(self) -> None:
        self._set_prompt(back(self.query_one(NotationInput).value), stepped=False)

    def action_menu_move(self, delta: int) -> None:
        menu = self.query_one(OptionList)
        if menu.option_count:
            now = menu.highlighted or 0
            menu.highlighted = max(0, min(menu.option_count - 1, now + delta))
            self.moved = True
            self._whole(menu.highlighted, now)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.choices) and not self.busy:
            self._choose(self.choices[event.option_index])

    def action_scroll_board(self, direction: int) -> None:
        board = self.query_one("#board", ScrollPanel)
        board.scroll_relative(y=direction * max(1, board.size.height - 2), animate=False)

    def action_scroll_log(self, direction: int) -> None:
        self.query_one(GameLog).page(direction)

    def action_log(self) -> None:
        """The log (and the menu) tall, over the board's room; again: back."""
        self.tall_log = not self.tall_log
        self._fit()
        self.call_after_refresh(self.redraw)

    def action_legend(self) -> None:
        """What the screen's abbreviations mean, for the seat on screen."""
        control = self.controller
        view = control.view(control.end_viewer() if self.over else control.viewer())
        legend = control.renderer.legend(view, control.state.options, LegendScreen.WIDTH)
        self.push_screen(LegendScreen(legend))

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_hint(self) -> None:
        if self.over or self.busy or not self.controller.human_to_decide():
            self._say("a hint is for the human deciding", "yellow")
            return
        self.hinting = True
        self.query_one(NotationInput).disabled = True
        self._say("the normal search is weighing your options…", "italic")
        self._find_hints()

    @work(thread=True, exclusive=True, group="hint")
    def _find_hints(self) -> None:
        try:
            found: Any = self.controller.hints()
        except Exception as error:
            found = error
        self.call_from_thread(self._show_hints, found)

    def _show_hints(self, found: Any) -> None:
        self.hinting = False
        handover = any(isinstance(screen, PassScreen) for screen in self.screen_stack)
        if handover or not self.controller.human_to_decide():
            return  # the keyboard is passing: the hints are for nobody now
        prompt = self.query_one(NotationInput)
        prompt.disabled = False
        if isinstance(found, Exception):
            self._say(f"no hint: {one_line(str(found))}", "bold red")
            prompt.focus()
            return
        self._say("")
        view = self.controller.view(self.controller.viewer())
        labels = [as_text(self.controller.renderer.action(h.notation, view)) for h in found]

        def taken(notation: str | None) -> None:
            prompt.focus()
            if notation:
                self._set_prompt(notation)
            else:
                self.redraw()

        self.push_screen(HintScreen(found, labels), taken)

    def action_undo(self) -> None:
        if self.over or self.busy:
            self._say("nothing to undo now", "yellow")
            return
        try:
            taken = self.controller.undo()
        except UndoRefused as error:
            self._say(f"undo: {error}", "bold yellow")
            return
        except OSError as error:
            self.failure = error
            self.exit(False)
            return
        self.query_one(GameLog).forget()
        self.query_one(NotationInput).value = ""
        self._say(f"took back {taken} action{'s' if taken != 1 else ''}", "green")
        self.redraw()

    def action_leave(self) -> None:
        self.exit(self.controller.state.is_terminal())
