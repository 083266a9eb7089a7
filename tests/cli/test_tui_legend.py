"""Issue 47, point 5 (the full-screen part): F5 or `legend` opens the game's legend for the
seat on screen, and the highlighted menu entry is always shown whole, wrapped, so a long card
name or ability text can be read at 80×24 even where the other entries are cut."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot

from colosseum.cli.tui.play_app import PlayApp
from colosseum.cli.tui.screens import LegendScreen
from colosseum.core.renderers import as_text

from .tui_helpers import (
    GAMES,
    advanced,
    new_state,
    region_text,
    run_app,
    screen_text,
    settle,
    squeezed,
    type_line,
)


@pytest.mark.parametrize("how", ["f5", "legend"])
@pytest.mark.parametrize("game", GAMES)
def test_point_5_f5_or_legend_opens_the_legend_of_the_seat_on_screen(game: str, how: str) -> None:
    asked: list[tuple[Any, int]] = []
    screens: list[str] = []

    def legend(view: Any, options: Any, width: int) -> Text:
        asked.append((view, width))
        return Text("LEGEND-MARK explains every abbreviation")

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        control = app.controller
        control.renderer = dataclasses.replace(control.renderer, legend=legend)
        if how == "f5":
            await pilot.press("f5")
        else:
            await type_line(pilot, app, "legend")
        await pilot.pause()
        screens.append(screen_text(app))
        assert isinstance(app.screen, LegendScreen)
        assert asked and asked[-1][0] == control.view(control.viewer())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LegendScreen)
        screens.append(screen_text(app))

    run_app(new_state(game), ["human", "random"], scenario)
    assert "LEGEND-MARK explains every abbreviation" in screens[0]
    assert "LEGEND-MARK" not in screens[1]
    assert 20 <= asked[0][1] <= 80


def test_point_5_the_generic_legend_opens_too() -> None:
    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)

    run_app(new_state("jugula"), ["human", "random"], scenario)


def _long_entry(state: Any) -> bool:
    """Jugula: seat 0 decides and one of its actions reads longer than a menu line."""
    if state.current_player != 0:
        return False
    from colosseum.core.renderers import renderer_for

    view = state.view(0)
    render = renderer_for(state.game_id)
    return any(len(as_text(render.action(str(a), view)).plain) > 60 for a in state.legal_actions())


def test_point_5_the_highlighted_entry_is_shown_whole() -> None:
    found: list[tuple[str, str]] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        control = app.controller
        view = control.view(0)
        long = max(control.legal(), key=lambda n: len(as_text(control.renderer.action(n, view))))
        words = long.split()
        await pilot.press(*" ".join(words[:-1]))  # the menu narrowed to its last word
        await settle(pilot, app)
        while app.choices[app.query_one("#menu").highlighted].text != long:  # type: ignore[attr-defined]
            await pilot.press("down")
            await pilot.pause()
        await pilot.pause()
        found.append(
            (as_text(control.renderer.action(long, view)).plain, region_text(app, "#menu"))
        )

    state = advanced(new_state("jugula"), _long_entry, seed=2)
    run_app(state, ["human", "random"], scenario)
    description, menu = found[0]
    assert squeezed(description) in squeezed(menu), (description, menu)
