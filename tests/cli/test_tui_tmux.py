"""Hot seat in a real terminal: `colosseum play GAME -p human,human` in tmux at 80×24, a few
decisions typed with `send-keys`, and at every handoff the whole history of the pane
(`capture-pane -S -`) searched for the secrets of the seat that just played: Ludus its
face-down counters, Ludi and Jugula its hand. After the game is left, the terminal's
scroll-back must hold nothing of any seat either."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum.core.renderers import renderer_for
from colosseum.core.state import State

from .tmux import WAIT, Pane, needs_tmux
from .tui_helpers import secrets

pytestmark = needs_tmux
HANDOFFS = 3  # handoffs checked per game


# --- what each game keeps secret, and a decision to type ------------------------------------------


def choose(state: State) -> str:
    """The action typed for the seat deciding: Ludus a special counter where there is one, Ludi
    a combat card bought once then ending the turn, Jugula the first in the menu."""
    legal = sorted((str(a) for a in state.legal_actions()), key=renderer_for(state.game_id).order)
    if state.game_id == "ludus-gladiatorius":
        special = [n for n in legal if n.startswith("place ") and n != "place blank"]
        return special[0] if special else legal[0]
    if state.game_id == "ludi-gladiatorii":
        seat = state.current_player
        assert seat is not None
        if "buy-combat" in legal and not state.view(seat)["lanistae"][seat]["combat_hand_cards"]:
            return "buy-combat"
        return next((n for n in ("end", "pass", "done") if n in legal), legal[0])
    return legal[0]


def _state(path: Path) -> State:
    record: dict[str, Any] = json.loads(path.read_text())
    return colosseum.replay(record)


def _played(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


PASS = re.compile(r"Pass the keyboard to seat (\d)")


SETTLE = 2.0  # seconds a handoff screen may take to be drawn whole


def _settled(pane: Pane, clean: Callable[[str], bool]) -> str:
    """The pane's history once `clean` holds of it, else as it stands after SETTLE seconds:
    the handoff screen is written over the decision's in several writes, so one capture may
    catch the old screen still showing under the new one's first lines; a secret left in the
    scroll-back stays there and fails the test."""
    deadline = time.monotonic() + SETTLE
    history = pane.history()
    while not clean(history) and time.monotonic() < deadline:
        time.sleep(0.05)
        history = pane.history()
    return history


@pytest.mark.parametrize(
    ("game", "options"),
    [("ludus", []), ("ludi", ["-o", "combat_decision=true"]), ("jugula", [])],
)
def test_hot_seat_leaves_no_secret_in_the_scroll_back(
    game: str, options: list[str], pane_factory: Callable[[list[str]], Pane], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    command = [
        sys.executable,
        "-m",
        "colosseum",
        "play",
        game,
        "-p",
        "human,human",
        "--seed",
        "3",
        "--save",
        str(record),
        *options,
    ]
    pane = pane_factory(command)
    deadline = time.monotonic() + WAIT
    while _played(record) < 0 and time.monotonic() < deadline:  # saved before the first move
        time.sleep(0.05)
    last_seat: int | None = None
    kept: dict[int, list[str]] = {0: [], 1: []}  # each seat's secrets as last seen
    handoffs = 0
    for _ in range(60):
        deciding = _state(record).current_player  # the record is written before the screen
        screen = pane.wait(
            lambda s, d=deciding: bool(PASS.search(s)) or f"seat {d} to decide" in s,
            f"a handoff or seat {deciding}'s decision",
        )
        handoff = PASS.search(screen)
        if handoff:
            hidden = [] if last_seat is None else kept[last_seat]
            history = _settled(
                pane, lambda h, hidden=hidden: "(you)" not in h and not any(x in h for x in hidden)
            )
            assert "(you)" not in history, history
            for secret in hidden:
                assert secret not in history, f"seat {last_seat}'s {secret!r} in:\n{history}"
            if last_seat is not None:
                handoffs += 1
            if handoffs >= HANDOFFS:
                break
            seat = int(handoff.group(1))
            pane.keys("Enter")
            pane.wait(lambda s, seat=seat: f"view of seat {seat}" in s, f"seat {seat}'s screen")
            continue
        state = _state(record)
        seat = state.current_player
        assert seat is not None and f"seat {seat} to decide" in screen, screen
        kept[seat] = secrets(state, seat)
        # the prompt may be drawn before the seat's panel: wait for the panel, as for the prompt
        # (its first secrets: a long hand scrolls inside the panel at 80×24)
        pane.wait(
            lambda s, own=kept[seat][:2]: all(secret in s for secret in own),
            f"seat {seat}'s own {kept[seat][:2]} on his screen",
        )
        played = _played(record)
        pane.keys(choose(state), literal=True)
        pane.keys("Enter")
        deadline = time.monotonic() + WAIT
        while _played(record) == played and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _played(record) > played, f"the action was not taken:\n{pane.screen()}"
        last_seat = seat
    assert handoffs >= HANDOFFS
    pane.keys("Enter")  # the next seat's screen, then leave
    pane.wait(lambda s: " to decide" in s, "a decision")
    pane.keys("quit", literal=True)
    pane.keys("Enter")
    after = pane.wait(lambda s: "EXITED" in s, "the end of the command")
    history = pane.history()
    assert "Game left unfinished" in history, after
    assert "(you)" not in history
    for secret in kept[0] + kept[1]:
        assert secret not in history, f"{secret!r} left in the scroll-back:\n{history}"
    assert os.path.exists(record)


# --- issue 47, point 1: every key on the handover screen ------------------------------------------

HANDOVER_KEYS = [
    *(f"F{n}" for n in range(1, 13)),
    "PPage",
    "NPage",
    "S-PPage",
    "S-NPage",
    "C-Up",
    "C-Down",
    "Tab",
    "BTab",
    "Escape",
    "Up",
    "Down",
]
LOOK = 40  # looks at the pane after the keys (a worker such as the hint's may answer late)


def _steady(pane: Pane) -> str:
    """The screen once it stays the same for a few looks (the footer is drawn last)."""
    seen = [pane.screen()]
    while len(seen) < 200 and not (len(seen) >= 6 and len(set(seen[-6:])) == 1):
        time.sleep(0.05)
        seen.append(pane.screen())
    return seen[-1]


def _press_everything(pane: Pane, record: Path, kept: list[str]) -> None:
    """Every function key, paging, Tab, Esc, arrows and typed words on the handover screen;
    then the pane, scroll-back included, looked at again and again for any seat's secret."""
    state = _state(record)
    secret = [*kept, *secrets(state, 0), *secrets(state, 1)]
    before = _steady(pane)
    for key in HANDOVER_KEYS:
        pane.keys(key)
    pane.keys("hint legend log rules undo", literal=True)
    for _ in range(LOOK):
        time.sleep(0.05)
        screen, history = pane.screen(), pane.history()
        assert screen == before, f"a key changed the handover screen:\n{screen}"
        for text in secret:
            assert text not in history, f"{text!r} shown on the handover screen:\n{history}"


@pytest.mark.parametrize(
    ("game", "options"),
    [("ludus", []), ("ludi", ["-o", "combat_decision=true"]), ("jugula", [])],
)
def test_point_1_every_key_on_the_handover_screen_shows_no_secret(
    game: str, options: list[str], pane_factory: Callable[[list[str]], Pane], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    command = [sys.executable, "-m", "colosseum", "play", game, "-p", "human,human"]
    pane = pane_factory([*command, "--seed", "3", "--save", str(record), *options])
    pane.wait(lambda s: "Pass the keyboard to seat 0" in s, "the first handover")
    while _played(record) < 0:  # saved before the first move
        time.sleep(0.05)
    _press_everything(pane, record, [])
    pane.keys("Enter")
    pane.wait(lambda s: "view of seat 0" in s and "seat 0 to decide" in s, "seat 0's screen")
    kept = secrets(_state(record), 0)
    pane.wait(lambda s: all(text in s for text in kept[:1]), f"seat 0's own {kept[:1]}")
    for _ in range(20):  # seat 0 decides until the keyboard passes
        state = _state(record)
        if state.current_player != 0:
            break
        kept = sorted({*kept, *secrets(state, 0)})
        played = _played(record)
        pane.keys(choose(state), literal=True)
        pane.keys("Enter")
        deadline = time.monotonic() + WAIT
        while _played(record) == played and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _played(record) > played, f"the action was not taken:\n{pane.screen()}"
    pane.wait(lambda s: "Pass the keyboard to seat 1" in s, "the handover to seat 1")
    _press_everything(pane, record, kept)
    pane.keys("Enter")
    pane.wait(lambda s: "view of seat 1" in s, "seat 1's screen")
    pane.keys("C-q")
    pane.wait(lambda s: "EXITED" in s, "the end of the command")
