"""Driving the full-screen interface headless with Textual's pilot: one helper per need, so the
tests read as what a person does (type, press Enter, look at the screen)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from textual.app import App
from textual.pilot import Pilot

import colosseum
from colosseum.cli.tui.controller import GameController
from colosseum.cli.tui.play_app import PlayApp
from colosseum.core.state import State

SIZES = [(80, 24), (120, 40)]
GAMES = ["ludus-gladiatorius", "ludi-gladiatorii", "jugula"]
CAPS = {
    "ludus-gladiatorius": {"round_limit": 2},
    "ludi-gladiatorii": {"round_limit": 2},
    "jugula": {"turn_limit": 12},
}


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text, a line per row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def region_text(app: App[Any], selector: str) -> str:
    """What the widget `selector` shows now: the rows and columns of the screen it covers."""
    region = app.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)


def squeezed(text: str) -> str:
    """`text` without any white space (to find a wrapped sentence whole)."""
    return "".join(text.split())


def secrets(state: State, seat: int) -> list[str]:
    """Text that shows on `seat`'s own screen and must never show to anyone else: Ludus its
    face-down counters, Ludi its combat hand, Jugula its hand's cards."""
    view = state.view(seat)
    if state.game_id == "ludus-gladiatorius":
        found = ["Your gladiators"]
        rival = state.view(1 - seat)
        hidden = {g["number"] for g in rival["gladiators"] if g["counter"] == "hidden"}
        for entry in view["gladiators"]:
            if entry["number"] in hidden:
                found.append(f"counter {entry['counter']}")
        return found
    if state.game_id == "ludi-gladiatorii":
        cards = view["lanistae"][seat].get("combat_hand_cards") or []
        return ["Your combat hand"] if cards else []
    from colosseum.games.jugula.render_names import card_spec

    hand = view["lanistae"][seat]["hand"]
    names = [spec.name[:7] for spec in (card_spec(code) for code in hand) if spec is not None]
    return ["Your hand", *names] if hand else []


def new_state(game: str, seed: int = 3, **options: Any) -> State:
    return colosseum.new_game(game, players=2, seed=seed, options={**CAPS[game], **options})


def advanced(
    state: State, until: Callable[[State], bool], seed: int = 1, limit: int = 3000
) -> State:
    """`state` played on at random until `until(state)` holds (AssertionError if it never does)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        assert not state.is_terminal(), "the game ended before the position looked for"
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position within the limit")


def can(seat: int, kind: str, last: str | None = None) -> Callable[[State], bool]:
    """A position where `seat` decides and may play an action of `kind` (its first word),
    ending with the word `last` if given."""

    def test(state: State) -> bool:
        return state.current_player == seat and any(
            str(a).split()[0] == kind and (last is None or str(a).split()[-1] == last)
            for a in state.legal_actions()
        )

    return test


async def settle(pilot: Pilot[Any], app: PlayApp, rounds: int = 200) -> None:
    """Wait until the screen is idle: no computer or hint thinking, a human's prompt shown."""
    for _ in range(rounds):
        await pilot.pause()
        if not app.busy and not app.workers:
            break
        await asyncio.sleep(0.01)
    await pilot.pause()
    await pilot.pause(0.05)  # the log paints its new lines on the next refresh


async def type_line(pilot: Pilot[Any], app: PlayApp, text: str) -> None:
    """Type `text` at the prompt (after what is there) and press Enter."""
    if text:
        await pilot.press(*text)
    await pilot.press("enter")
    await settle(pilot, app)


def run_app(
    state: State,
    specs: Sequence[str],
    scenario: Callable[[Pilot[Any], PlayApp], Awaitable[None]],
    size: tuple[int, int] = (80, 24),
    settled: bool = True,
) -> PlayApp:
    """Run the play app headless at `size` with `scenario(pilot, app)` (once the screen is
    idle, if `settled`); the app afterwards."""
    app = PlayApp(GameController(state, specs))

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            if settled:
                await settle(pilot, app)
            await scenario(pilot, app)

    asyncio.run(main())
    return app
