"""Positions of seeded random games for the renderer tests, and rendering to plain text at the
sizes the full-screen interface gives an 80×24 terminal."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator, Mapping
from typing import Any

from rich.console import Console

import colosseum

# What the full-screen interface gives each panel in an 80×24 terminal (cli/tui/play_app.py):
# the board 3/5 of the width less its padding and scroll bar, the panel 2/5 less its border,
# padding and scroll bar; 13 rows between the title and the log.
BOARD_ROOM = (45, 13)
PANEL_ROOM = (28, 13)
ROOMS = (BOARD_ROOM, PANEL_ROOM, (80, 24))


def plain(renderable: object, width: int = 80) -> str:
    """What a Rich console `width` columns wide prints, without colours."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces as single spaces (wrapped words joined)."""
    return " ".join(text.split())


def positions(
    game: str, seed: int, options: Mapping[str, Any] | None = None, players: int = 2, every: int = 1
) -> Iterator[colosseum.State]:
    """Every `every`-th position of a seeded game between random players, to its end."""
    state = colosseum.new_game(game, players=players, seed=seed, options=dict(options or {}))
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0:
            yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def legal(state: colosseum.State) -> list[str]:
    return [str(a) for a in state.legal_actions()] if not state.is_terminal() else []
