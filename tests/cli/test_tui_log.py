"""Issue 47, point 4: the log is read with keys (Ctrl+↑/↓ a page of it, F6 or `log` a tall
log), and after a computer's turn the log shows, from its first line, what happened since the
human's last decision (its own result, then the computer's turn)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from colosseum.cli.tui.play_app import PlayApp
from colosseum.core.renderers import as_text

from .tui_helpers import new_state, region_text, run_app, settle, squeezed, type_line


def _log(app: PlayApp) -> Any:
    return app.query_one("#log")


async def _until_the_log_overflows(pilot: Pilot[Any], app: PlayApp) -> None:
    for _ in range(200):
        log = _log(app)
        if log.max_scroll_y >= 2 * log.size.height:
            return
        await pilot.press("enter")
        await settle(pilot, app)
    raise AssertionError("the log never grew past a few pages")


def test_point_4_ctrl_up_and_down_scroll_the_log_not_the_board() -> None:
    offsets: list[tuple[float, float]] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await _until_the_log_overflows(pilot, app)
        board, log = app.query_one("#board"), _log(app)
        for _ in range(40):
            await pilot.press("ctrl+down")
        await pilot.pause()
        offsets.append((log.scroll_y, board.scroll_y))
        await pilot.press("ctrl+up")
        await pilot.pause()
        offsets.append((log.scroll_y, board.scroll_y))
        await pilot.press("ctrl+down")
        await pilot.pause()
        offsets.append((log.scroll_y, board.scroll_y))
        assert log.scroll_y == log.max_scroll_y

    run_app(new_state("ludi-gladiatorii"), ["human", "random"], scenario)
    (end, board0), (up, board1), (down, board2) = offsets
    assert up < end and down == end
    assert board0 == board1 == board2


def test_point_4_f6_and_the_word_log_show_a_tall_log() -> None:
    heights: list[int] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        heights.append(_log(app).size.height)
        await pilot.press("f6")
        await settle(pilot, app)
        heights.append(_log(app).size.height)
        assert not app.query_one("#main").display
        await pilot.press("f6")
        await settle(pilot, app)
        heights.append(_log(app).size.height)
        await type_line(pilot, app, "log")
        heights.append(_log(app).size.height)
        assert app.query_one("#prompt").value == ""  # type: ignore[attr-defined]

    run_app(new_state("jugula"), ["human", "random"], scenario)
    normal, tall, back, tall_again = heights
    assert normal <= 6 and tall >= 14 and back == normal and tall_again == tall


def test_point_4_after_the_computers_turn_the_log_starts_at_your_last_decision() -> None:
    """Ludi: the computer's turn is many actions; once the prompt is back, the first event of
    the human's own last decision is on screen (Ctrl+↓ reads on)."""
    found: list[tuple[str, str]] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        control = app.controller
        for _ in range(300):
            await pilot.press("enter")
            await settle(pilot, app)
            if app.over:
                break
            mine = [n for n, s in enumerate(control.steps, control.base + 1) if s.seat == 0]
            lines = control.log(0)
            since = [line for line in lines if mine and line.number >= mine[-1]]
            if len(since) > 2 * _log(app).size.height:
                view = control.view(0)
                first = as_text(control.renderer.event(since[0].event.to_json(), view)).plain
                found.append((first, region_text(app, "#log")))
                return
        raise AssertionError("no computer turn longer than two pages of the log")

    run_app(new_state("ludi-gladiatorii", seed=4), ["human", "random"], scenario)
    first, shown = found[0]
    assert squeezed(first)[:30] in squeezed(shown), (first, shown)
