"""The full-screen game, driven headless with Textual's pilot at 80×24 and 120×40: whole games
against `random`, the step-by-step menu, bad input, hints, undo, hot seat."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from textual.pilot import Pilot

from colosseum import replay
from colosseum.cli.tui.controller import GameController
from colosseum.cli.tui.play_app import PlayApp
from colosseum.cli.tui.widgets import ScrollPanel

from .tui_helpers import (
    GAMES,
    SIZES,
    new_state,
    run_app,
    screen_text,
    settle,
    type_line,
)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_random(game: str, size: tuple[int, int]) -> None:
    """Enter takes the highlighted entry, step after step, to the end of a capped game; the
    board, the panel, the log, the menu and the prompt are on screen all along."""
    seen: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        for _ in range(400):
            if app.over:
                break
            screen = screen_text(app)
            if not seen:
                seen.append(screen)
            await pilot.press("enter")
            await settle(pilot, app)
        seen.append(screen_text(app))
        await pilot.press("enter")  # leaves
        await pilot.pause()

    app = run_app(new_state(game), ["human", "random"], scenario, size)
    first, last = seen[0], seen[-1]
    assert app.over and app.controller.state.is_terminal()
    assert app.return_value is True
    for screen in (first, last):
        rows = screen.splitlines()
        assert len(rows) == size[1] and all(len(row) <= size[0] for row in rows)
    assert "seat 0 to decide" in first and "(you)" in first
    assert "Choose" in first and "f2 Hint" in first and "f3 Undo" in first
    assert "Game over" in last


@pytest.mark.parametrize("game", ["ludus-gladiatorius", "jugula"])
def test_the_board_fits_80_by_24_without_scrolling(game: str) -> None:
    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        board = app.query_one("#board", ScrollPanel)
        assert board.max_scroll_y == 0, screen_text(app)

    run_app(new_state(game), ["human", "random"], scenario)


def test_jugula_deploys_word_by_word() -> None:
    """`deploy murmillo d1 n` in steps: the gladiator, then the square, then the facing; each
    entry shows its notation, and the squares of the step are marked on the board."""
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        screens.append(screen_text(app))
        await type_line(pilot, app, "1")  # deploy murmillo …
        screens.append(screen_text(app))
        await type_line(pilot, app, "4")  # … d1
        screens.append(screen_text(app))
        await type_line(pilot, app, "1")  # … n
        screens.append(screen_text(app))

    app = run_app(new_state("jugula"), ["human", "random"], scenario)
    assert "deploy murmillo … 32 actions" in screens[0]
    assert "Choose: deploy › murmillo › …" in screens[1] and "deploy murmillo d1 " in screens[1]
    assert "deploy murmillo d1 n" in screens[2] and "deploy murmillo d1 w" in screens[2]
    assert app.controller.state.actions_played()[0] == "deploy murmillo d1 n"
    assert "seat 0 (you) deploys the" in screens[3], screens[3]


def test_typing_completes_to_a_legal_notation() -> None:
    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        prompt = app.query_one("#prompt")
        await pilot.press(*"deploy sec")
        await pilot.pause(0.2)
        assert prompt._suggestion.startswith("deploy secutor ")  # type: ignore[attr-defined]
        assert "Choose: deploy › secutor › …" in screen_text(app)
        await pilot.press("right")  # takes the completion
        assert prompt.value.startswith("deploy secutor ")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)

    app = run_app(new_state("jugula"), ["human", "random"], scenario)
    assert app.controller.state.actions_played()[0].startswith("deploy secutor ")


BAD_INPUT = ["²", "9" * 5000, "0", "-1", "deploy", "attack 999", "\x00\x1b[2J", "🗡️ " * 60]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_bad_input_never_ends_the_game(game: str, size: tuple[int, int]) -> None:
    messages: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        for text in BAD_INPUT:
            app.query_one("#prompt").value = text  # type: ignore[attr-defined]
            before = app.controller.state.to_position()
            await app.query_one("#prompt").action_submit()  # type: ignore[attr-defined]
            await settle(pilot, app)
            messages.append(screen_text(app))
            if app.controller.state.to_position() != before:
                # only a step of the menu ("deploy"): nothing applied
                assert app.controller.steps == []

    app = run_app(new_state(game), ["human", "random"], scenario, size)
    assert not app.controller.steps
    assert "no entry numbered ²" not in messages[0]
    assert "no entry numbered 999999999999… (" in messages[1] and " digits)" in messages[1]
    assert "no entry numbered 0" in messages[2]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_a_hint_lists_three_actions_with_chances_and_fills_the_prompt(
    game: str, size: tuple[int, int]
) -> None:
    screens: list[str] = []
    legal: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        legal.extend(str(a) for a in app.controller.state.legal_actions())
        await pilot.press("f2")
        await settle(pilot, app, rounds=600)
        await pilot.pause(0.1)
        screens.append(screen_text(app))
        await pilot.press("1")
        await pilot.pause()
        screens.append(app.query_one("#prompt").value)  # type: ignore[attr-defined]

    run_app(new_state(game), ["human", "random"], scenario, size)
    assert "Hints: the normal search, from your own view" in screens[0]
    shown = min(3, len(legal))
    assert screens[0].count("% to win") + screens[0].count("not tried") == shown
    assert screens[1].strip() in legal  # the first hint, put in the prompt


def test_hint_as_a_command() -> None:
    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await type_line(pilot, app, "hint")
        await settle(pilot, app, rounds=600)
        await pilot.pause(0.1)
        assert "Hints:" in screen_text(app)

    run_app(new_state("jugula"), ["human", "random"], scenario)


def test_hot_seat_passes_the_keyboard_and_shows_nothing_of_the_other_seat() -> None:
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        screens.append(screen_text(app))  # the first human is announced too
        await pilot.press("enter")
        await settle(pilot, app)
        await type_line(pilot, app, "place D")
        screens.append(screen_text(app))
        await pilot.press("enter")  # seat 1 is ready
        await settle(pilot, app)
        screens.append(screen_text(app))

    run_app(new_state("ludus-gladiatorius"), ["human", "human"], scenario)
    assert "Pass the keyboard to seat 0" in screens[0]
    handoff = screens[1]
    assert "Pass the keyboard to seat 1" in handoff
    assert "(you)" not in handoff and "counter" not in handoff and "Retiarius" not in handoff
    assert "view of seat 1" in screens[2] and "counter D" not in screens[2]
    assert "face down" in screens[2]


def test_a_computer_thinking_shows_and_the_screen_stays_alive(monkeypatch: Any) -> None:
    """The agent runs in a worker thread: the title says who is thinking, the help still opens."""
    import threading

    from colosseum.cli.tui.controller import GameController

    slow = GameController.choose
    thinking, release = threading.Event(), threading.Event()

    def choose(self: GameController, state: Any) -> Any:
        thinking.set()
        release.wait(10)  # held until the screens are taken, however slow the machine
        return slow(self, state)

    monkeypatch.setattr(GameController, "choose", choose)
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        while not thinking.is_set():
            await pilot.pause(0.05)
        await pilot.pause()
        screens.append(screen_text(app))
        await pilot.press("f1")
        await pilot.pause()
        screens.append(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        release.set()
        await settle(pilot, app)
        screens.append(screen_text(app))

    state = new_state("ludus-gladiatorius")
    app = run_app(state, ["random", "human"], scenario, settled=False)
    assert "seat 0 (random) thinking…" in screens[0]
    assert "Keys" in screens[1] and "F2" in screens[1]
    assert "seat 1 to decide" in screens[2]
    assert app.controller.steps[0].seat == 0


def test_the_log_names_each_events_rule_on_request() -> None:
    """F4 (or `rules`) shows the rule id of each event in the log; again hides them."""
    logs: list[str] = []

    def log_text(app: PlayApp) -> str:
        return "\n".join(line.text for line in app.query_one("#log").lines)  # type: ignore[attr-defined]

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        for _ in range(4):  # a few decisions, so the log has events
            await pilot.press("enter")
            await settle(pilot, app)
        logs.append(log_text(app))
        await pilot.press("f4")
        await settle(pilot, app)
        logs.append(log_text(app))
        await type_line(pilot, app, "rules")
        await settle(pilot, app)
        logs.append(log_text(app))

    run_app(new_state("ludus-gladiatorius"), ["human", "random"], scenario)
    hidden, shown, hidden_again = logs
    assert "[ludus." not in hidden and "[ludus." not in hidden_again
    assert "[ludus." in shown


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_a_resumed_game_goes_on_from_its_record(game: str, size: tuple[int, int]) -> None:
    """A record saved mid-game (as `play --resume` reads it) continues where it stopped, the
    log empty (nothing of what came before is told again, the hidden choices included), and
    plays on to the end; the record kept grows from the one resumed."""
    played = new_state(game, seed=5)
    rng = random.Random(2)
    for _ in range(8):
        played.apply(rng.choice(played.legal_actions()))
    record = played.record()
    resumed = replay(record)
    kept: list[list[str]] = []
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        screens.append(screen_text(app))
        told = app.controller.log(app.controller.viewer())
        assert all(line.number > len(record["actions"]) for line in told)
        for _ in range(400):
            if app.over:
                break
            await pilot.press("enter")
            await settle(pilot, app)
        await pilot.press("enter")
        await pilot.pause()

    def keep(state: Any) -> None:
        kept.append(list(state.actions_played()))

    app = PlayApp(GameController(resumed, ["human", "random"], after_move=keep))

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await scenario(pilot, app)

    asyncio.run(main())
    assert app.controller.state.is_terminal()
    assert kept and kept[-1][: len(record["actions"])] == record["actions"]
    assert len(kept[-1]) > len(record["actions"])
    assert "seat" in screens[0]
