"""The replay viewer: a saved game step by step (←/→, Home/End) as a seat or a spectator saw
it; with what was hidden revealed once the game is over, never before."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from colosseum.cli.tui.frames import ReplayFrames, RevealRefused
from colosseum.cli.tui.replay_app import ReplayApp

from .conftest import Invoke
from .tui_helpers import GAMES, SIZES, new_state, screen_text


def _record(game: str, finished: bool = True, seed: int = 4) -> dict[str, Any]:
    state = new_state(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(10 if not finished else 100000):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal() == finished
    return state.record()


def _run(app: ReplayApp, scenario: Callable[[Pilot[Any]], Awaitable[None]], size: Any) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_stepping_forward_back_and_revealing(game: str, size: tuple[int, int]) -> None:
    frames = ReplayFrames(_record(game))
    screens: dict[str, str] = {}

    async def scenario(pilot: Pilot[Any]) -> None:
        screens["start"] = screen_text(app)
        await pilot.press("right", "right", "right")
        screens["3"] = screen_text(app)
        await pilot.press("left")
        screens["2"] = screen_text(app)
        await pilot.press("end")
        screens["end"] = screen_text(app)
        await pilot.press("r")
        screens["revealed"] = screen_text(app)
        await pilot.press("home")
        screens["home"] = screen_text(app)

    app = ReplayApp(frames)
    _run(app, scenario, size)
    last = frames.last
    assert f"step 0 of {last}" in screens["start"] and "spectator" in screens["start"]
    assert f"step 3 of {last}" in screens["3"]
    assert f"step 2 of {last}" in screens["2"]
    assert f"step {last} of {last}" in screens["end"] and "game over" in screens["end"]
    assert "everything revealed" in screens["revealed"]
    assert f"step 0 of {last}" in screens["home"] and "everything revealed" in screens["home"]


def test_a_seat_sees_its_own_choices_and_not_the_others() -> None:
    """Ludus, as seat 0: its own counters and actions, the rival's face down and unnamed;
    revealed, every counter and every action."""
    record = _record("ludus-gladiatorius")
    frames = ReplayFrames(record)
    number = next(
        f.number
        for f in frames.frames
        if f.notation and f.notation.startswith("place") and f.seat == 1
    )
    rival = frames.frames[number]
    view = frames.view(number, 0, reveal=False)
    assert any(g["counter"] == "hidden" for g in view["gladiators"] if g["owner"] == 1)
    assert not frames.shows_notation(rival, 0, reveal=False)
    assert frames.shows_notation(rival, 0, reveal=True)
    revealed = frames.view(number, None, reveal=True)
    assert all(g["counter"] != "hidden" for g in revealed["gladiators"])
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        screens.append(screen_text(app))
        await pilot.press("r")
        screens.append(screen_text(app))

    app = ReplayApp(frames, seat=0, at=number)
    _run(app, scenario, (120, 40))
    assert "view of seat 0" in screens[0] and f"seat 1: {rival.notation}" not in screens[0]
    assert f"seat 1: {rival.notation}" in screens[1]


def test_an_unfinished_game_keeps_its_secrets() -> None:
    frames = ReplayFrames(_record("jugula", finished=False))
    with pytest.raises(RevealRefused):
        frames.view(frames.last, None, reveal=True)
    with pytest.raises(RevealRefused):
        ReplayApp(frames, reveal=True)
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("r")
        screens.append(screen_text(app))

    app = ReplayApp(frames)
    _run(app, scenario, (80, 24))
    assert "this game is not over" in screens[0] and "everything revealed" not in screens[0]


def test_the_replay_command_without_a_terminal(invoke: Invoke, tmp_path: Path) -> None:
    done, unfinished = tmp_path / "done.json", tmp_path / "unfinished.json"
    done.write_text(json.dumps(_record("ludus-gladiatorius")))
    unfinished.write_text(json.dumps(_record("ludus-gladiatorius", finished=False)))
    shown = invoke(["replay", str(done), "--reveal"])
    assert shown.exit_code == 0, shown.output
    assert "face down" not in shown.stdout  # every counter as its owner saw it
    refused = invoke(["replay", str(unfinished), "--reveal"])
    assert refused.exit_code == 2
    assert "only for a finished game" in refused.stderr
    assert invoke(["replay", str(unfinished), "--plain"]).exit_code == 0
