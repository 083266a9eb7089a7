"""Issue 47, point 8: `career fight` and `career resume` play a human's Jugula combat in the
full-screen interface (the `colosseum play` one, its menu word by word) when stdin and stdout
are a terminal, and line by line in a pipe or with `--plain`; the hire prompts list what may
be hired and refuse a bad entry with one line saying what is allowed.

The full screen is driven headless by Textual's pilot: `PlayApp.run` is made to run headless
with a scenario, as the terminal a person would have (tests/cli/test_career_tmux.py runs it in
a real one)."""

from __future__ import annotations

import io
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input

from colosseum.careers.data import load_tables
from colosseum.careers.sheet import new_sheet
from colosseum.cli import play
from colosseum.cli.career_fight import AskingManager
from colosseum.cli.tui.play_app import PlayApp

from .conftest import Invoke
from .test_career import FRED, MILLER, new
from .tui_helpers import screen_text, settle

Scenario = Callable[[Pilot[Any], PlayApp], Awaitable[None]]
FIGHT = ["career", "fight", "Gallia", "Fred", "Miller", "-p", "human,heuristic", "-s", "5"]
BEFORE = "\n" * 6  # Fred's and Miller's hires, servitor hires and familiae: none, the default
AFTER = "\n" * 60  # every post-arena question: nothing


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'careers.db'}"
    return url


@pytest.fixture
def campaign(invoke: Invoke, database: str) -> str:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    return database


class FullScreen:
    """`colosseum.cli.play.interactive` says yes, and every PlayApp runs headless at 80×24
    with the scenario given; what each screen showed first is kept."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened = 0
        self.screens: list[str] = []
        self.scenario: Scenario = play_to_the_end
        monkeypatch.setattr(play, "interactive", lambda: True)
        original = PlayApp.run
        outer = self

        def headless(app: PlayApp, **_: Any) -> Any:
            outer.opened += 1

            async def drive(pilot: Pilot[Any]) -> None:
                await settle(pilot, app)
                outer.screens.append(screen_text(app))
                await outer.scenario(pilot, app)

            return original(app, headless=True, size=(80, 24), auto_pilot=drive)

        monkeypatch.setattr(PlayApp, "run", headless)


@pytest.fixture
def full_screen(monkeypatch: pytest.MonkeyPatch) -> FullScreen:
    return FullScreen(monkeypatch)


async def play_to_the_end(pilot: Pilot[Any], app: PlayApp) -> None:
    """The human types his first legal action and Enter, each time it is his turn, to the
    game's end; then Ctrl+Q leaves the screen."""
    control = app.controller
    for _ in range(3000):
        if control.state.is_terminal():
            break
        app.query_one("#prompt", Input).value = control.legal()[0]
        await pilot.press("enter")
        await settle(pilot, app)
    assert control.state.is_terminal(), screen_text(app)
    await pilot.press("ctrl+q")


async def leave_at_once(pilot: Pilot[Any], app: PlayApp) -> None:
    """One decision played, then the human leaves."""
    app.query_one("#prompt", Input).value = app.controller.legal()[0]
    await pilot.press("enter")
    await settle(pilot, app)
    await pilot.press("ctrl+q")


def combats(invoke: Invoke, database: str) -> list[dict[str, Any]]:
    exported = json.loads(invoke(["career", "export", "Gallia", "--database", database]).stdout)
    return [e["data"] for e in exported["events"] if e["kind"] == "combat"]


def test_point_8_a_human_fights_in_the_full_screen_interface(
    invoke: Invoke, campaign: str, full_screen: FullScreen
) -> None:
    result = invoke([*FIGHT, "--database", campaign], input=BEFORE + AFTER)
    assert result.exit_code == 0, result.output[-3000:]
    assert full_screen.opened == 1
    (first,) = full_screen.screens
    assert "Jugula" in first and "seat 0 to decide" in first and "Choose" in first
    assert "Seat 0 to decide" not in result.output  # the line mode's heading: not used
    (combat,) = combats(invoke, campaign)
    assert combat["winners"] in (["Fred"], ["Miller"])
    assert combat["deployed"]["Fred"] == ["Blimyx", "Asinus", "Minimea", "Crassus"]
    assert "won by" in result.output


def test_point_8_a_combat_left_in_the_full_screen_is_resumed_there(
    invoke: Invoke, campaign: str, full_screen: FullScreen
) -> None:
    """Leaving the screen mid-combat keeps every step finished before it (the draw, the
    hiring); `career resume` plays the combat again full screen and stores the rest."""
    full_screen.scenario = leave_at_once
    left = invoke([*FIGHT, "--database", campaign], input=BEFORE)
    assert left.exit_code == 2
    assert "colosseum career resume" in left.output
    assert combats(invoke, campaign) == []
    verified = invoke(["career", "verify", "Gallia", "--database", campaign])
    assert "1 combat(s) to resume" in verified.output
    full_screen.scenario = play_to_the_end
    resumed = invoke(["career", "resume", "Gallia", "--database", campaign], input=AFTER)
    assert resumed.exit_code == 0, resumed.output[-3000:]
    assert full_screen.opened == 2
    (combat,) = combats(invoke, campaign)
    assert combat["winners"] in (["Fred"], ["Miller"])


def test_point_8_plain_keeps_the_line_mode_on_a_terminal(
    invoke: Invoke, campaign: str, full_screen: FullScreen
) -> None:
    moves = "1\n" * 400
    result = invoke([*FIGHT, "--plain", "--database", campaign], input=BEFORE + moves + AFTER)
    assert result.exit_code == 0, result.output[-3000:]
    assert full_screen.opened == 0
    assert "Seat 0 to decide" in result.output
    assert len(combats(invoke, campaign)) == 1


def test_point_8_resume_takes_plain_too(
    invoke: Invoke, campaign: str, full_screen: FullScreen
) -> None:
    full_screen.scenario = leave_at_once
    invoke([*FIGHT, "--database", campaign], input=BEFORE)
    moves = "1\n" * 400  # after Fred's familia, asked again as the arena is fought again
    resumed = invoke(
        ["career", "resume", "Gallia", "--plain", "--database", campaign],
        input="\n" + moves + AFTER,
    )
    assert resumed.exit_code == 0, resumed.output[-3000:]
    assert full_screen.opened == 1  # only the fight's
    assert len(combats(invoke, campaign)) == 1


# --- the hire prompts -----------------------------------------------------------------------


def fred() -> Any:
    pairs = [(name, armatura) for name, armatura in (p.split(":") for p in FRED.split(","))]
    return new_sheet("Fred", pairs, "medicus")


def asking(answers: list[str]) -> tuple[AskingManager, io.StringIO, list[str]]:
    out = io.StringIO()
    asked: list[str] = []
    queue = iter(answers)

    def ask(question: str) -> str:
        asked.append(question)
        return next(queue)

    return AskingManager(Console(file=out, width=200, no_color=True), ask), out, asked


def test_point_8_the_servitor_hire_lists_the_codes_and_refuses_bad_entries() -> None:
    manager, out, asked = asking(["cook:1", "medicus:1", "lupa:9", "lupa", "lupa:1, Editor:2"])
    assert manager.servitor_hires(fred(), load_tables()) == [("lupa", 1), ("editor", 2)]
    shown = out.getvalue()
    listing = " ".join(shown.split("Price for one combat")[0].split())
    for offered in ("unctor (Unctor)", "lupa (Lupa)", "procurator (Procurator)"):
        assert offered in listing, listing
    assert "medicus (Medicus)" not in listing  # Fred has one: not for hire
    assert "1 star 100" in shown and "3 stars 1000" in shown
    assert "code:stars" in shown and asked[0] == "Fred (50 aurei), servitors to hire"
    refusals = [line for line in shown.splitlines() if line.startswith("refused")]
    assert len(refusals) == 4, shown
    assert "'cook' is not a servitor for hire" in refusals[0] and "unctor" in refusals[0]
    assert "Fred has a medicus" in refusals[1]
    assert "1 to 3 stars" in refusals[2]
    assert "code:stars" in refusals[3]


def test_point_8_the_gladiator_hire_lists_armaturae_and_ranks() -> None:
    manager, out, asked = asking(["Nero:cook:tiro", "Nero:secutor:king", "Nero:Secutor:Palus"])
    assert manager.hires(fred(), load_tables()) == [("Nero", "secutor", "palus", [])]
    shown = out.getvalue()
    assert "name:armatura:rank" in shown and asked[0] == "Fred (50 aurei), gladiators to hire"
    listing = " ".join(shown.split("Ranks and hiring prices")[0].split())
    assert "secutor" in listing and "thraex" not in listing  # Fred has a thraex
    assert "tiro (Tiro) 10" in shown and "primus_palus (Primus Palus) 1200" in shown
    refusals = [line for line in shown.splitlines() if line.startswith("refused")]
    assert len(refusals) == 2, shown
    assert "'cook' is not an armatura for hire" in refusals[0]
    assert "'king' is not a rank" in refusals[1] and "secundus_palus" in refusals[1]
