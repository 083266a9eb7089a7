"""Issue 47, point 6: at 80×24 what the interface itself writes fits or wraps: the title says
first what matters (who decides, who thinks, who won), a refusal is read whole, the game over
line names the winner before any detail."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.pilot import Pilot

from colosseum.cli.tui.play_app import PlayApp

from .tui_helpers import GAMES, new_state, region_text, run_app, screen_text, settle, squeezed


@pytest.mark.parametrize("game", GAMES)
def test_point_6_game_over_says_who_wins_first(game: str) -> None:
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        for _ in range(600):
            if app.over:
                break
            await pilot.press("enter")
            await settle(pilot, app)
        screens.append(screen_text(app))

    app = run_app(new_state(game), ["human", "heuristic"], scenario)
    state = app.controller.state
    title = screens[0].splitlines()[0].strip()
    winners = state.winners()
    if len(winners) == 1:
        who = "seat 0 (you)" if winners == [0] else "seat 1 (heuristic)"
        assert title.startswith(f"Game over: {who} wins"), title
    elif winners:
        assert title.startswith("Game over: seats 0 and 1 share the win"), title
    else:
        assert title.startswith("Game over: nobody wins"), title
    assert "…" not in title


@pytest.mark.parametrize("game", GAMES)
def test_point_6_the_title_keeps_the_thinking_seat_whole(game: str) -> None:
    """A long seed and a computer thinking: what the screen says of the game comes first and
    whole; the seed is left out where it does not fit, never cut."""
    titles: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        app.thinking = True
        app._draw_title(0)
        await pilot.pause()
        titles.append(screen_text(app).splitlines()[0])
        app.thinking = False
        app.redraw()
        await pilot.pause()
        titles.append(screen_text(app).splitlines()[0])

    state = new_state(game, seed=98765432109876543)
    run_app(state, ["human", "heuristic"], scenario)
    thinking, deciding = titles
    assert "seat 0 (you) thinking…" in thinking or "seat 0 (human) thinking…" in thinking
    assert "seat 0 to decide" in deciding and "view of seat 0" in deciding
    for title in titles:
        seed = re.search(r"seed (\d+)", title)
        assert seed is None or seed.group(1) == "98765432109876543", title


@pytest.mark.parametrize("game", GAMES)
def test_point_6_a_refusal_is_read_whole(game: str) -> None:
    messages: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        typed = "zz " + "x" * 70
        await pilot.press(*typed)
        await pilot.press("enter")
        await settle(pilot, app)
        messages.append(region_text(app, "#message"))
        assert app.controller.steps == []

    run_app(new_state(game), ["human", "random"], scenario)
    shown = squeezed(messages[0])
    assert shown.startswith("'zz" + "x" * 70 + "'isnotanactionhere"), messages[0]
    assert shown.endswith("themenulistsyourchoices"), messages[0]


def test_point_6_the_help_fits_80_columns() -> None:
    from colosseum.cli.tui.screens import HELP, HELP_WIDTH

    assert all(len(line) <= HELP_WIDTH for line in HELP.splitlines())
    for key in ("F1", "F2", "F3", "F4", "F5", "F6", "Ctrl+↑ ↓", "PgUp PgDn", "Ctrl+Q"):
        assert key in HELP
