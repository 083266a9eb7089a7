"""Issue 47, point 1: the hot-seat handover screen is inert. Whatever key is pressed there
(function keys, paging, Tab, Esc, letters), nothing of any seat appears: no hint, no help, no
legend, no log; only Enter (the next seat is ready) and Ctrl+Q (leave) do anything."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from colosseum.cli.tui.play_app import PlayApp
from colosseum.cli.tui.screens import PassScreen

from .tui_helpers import GAMES, new_state, run_app, screen_text, secrets, settle

KEYS = [
    *(f"f{n}" for n in range(1, 13)),
    "pageup",
    "pagedown",
    "shift+pageup",
    "ctrl+up",
    "ctrl+down",
    "tab",
    "shift+tab",
    "escape",
    "up",
    "down",
    *"hint",
    "enter",  # the only key that acts: pressed last, checked apart
]


async def _press_everything(pilot: Pilot[Any], app: PlayApp, seen: list[str]) -> None:
    """At a handover: every key but the last, the screen after each, workers waited for."""
    for key in KEYS[:-1]:
        await pilot.press(key)
        await settle(pilot, app, rounds=600)
        seen.append(screen_text(app))
        assert isinstance(app.screen, PassScreen), (key, screen_text(app))


@pytest.mark.parametrize("game", GAMES)
def test_point_1_no_key_shows_anything_on_the_handover_screen(game: str) -> None:
    """At the first handover and at the one after seat 0's first decision: every key leaves the
    neutral screen as it was, and no secret of either seat is ever drawn."""
    handovers: list[list[str]] = [[], []]
    states: list[Any] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        states.append(app.controller.state.clone())
        handovers[0].append(screen_text(app))
        await _press_everything(pilot, app, handovers[0])
        await pilot.press("enter")  # seat 0 is ready
        await settle(pilot, app)
        await pilot.press("enter")  # the highlighted entry
        await settle(pilot, app)
        while not isinstance(app.screen, PassScreen):  # seat 0 may decide more than once
            await pilot.press("enter")
            await settle(pilot, app)
        states.append(app.controller.state.clone())
        handovers[1].append(screen_text(app))
        await _press_everything(pilot, app, handovers[1])
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, PassScreen)

    run_app(new_state(game), ["human", "human"], scenario)
    for screens, state in zip(handovers, states, strict=True):
        first = screens[0]
        assert "Pass the keyboard to seat" in first
        for screen in screens:
            assert screen == first, f"a key changed the handover screen:\n{screen}"
            for seat in (0, 1):
                for secret in secrets(state, seat):
                    assert secret not in screen, (seat, secret, screen)


def test_point_1_a_hint_found_late_never_covers_the_handover_screen() -> None:
    """A hint worker that answers once the handover is up draws nothing over it."""
    shown: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await pilot.press("enter")  # seat 0 is ready
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        while not isinstance(app.screen, PassScreen):  # deploy › gladiator › square › facing
            await pilot.press("enter")
            await settle(pilot, app)
        hints = app.controller.hints()
        app._show_hints(hints)  # as if the search answered now
        await pilot.pause()
        shown.append(screen_text(app))
        assert isinstance(app.screen, PassScreen)

    run_app(new_state("jugula"), ["human", "human"], scenario)
    assert "Hints" not in shown[0]
