"""The golden trace of agents' choices (`colosseum.sim.trace`): heuristic self-play games and
searches at a fixed budget in every game, stored in tests/playthroughs/choice_trace.txt.

A speed-up must change no choice (issue 25): this fails if one does. If a change to an agent
or a game is meant to change choices, regenerate with `COLOSSEUM_REGENERATE=1 .venv/bin/pytest
tests/agents/test_choice_trace.py` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from colosseum.core.registry import games
from colosseum.sim.trace import trace

GOLDEN = Path(__file__).parent.parent / "playthroughs" / "choice_trace"
# random games, heuristic games, searches and their iterations, per game
SIZES = (2, 2, 3, 100)


@pytest.mark.parametrize("game", sorted(games()))
def test_choices_are_those_of_the_golden_trace(game: str) -> None:
    lines = "\n".join(trace(game, *SIZES)) + "\n"
    path = GOLDEN / f"{game}.txt"
    if os.environ.get("COLOSSEUM_REGENERATE"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lines)
    assert lines == path.read_text()
