"""The options of Sortes Gladiatoriae; the defaults play the game as its rules say."""

from __future__ import annotations

from colosseum.core.options import OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 4

OPTIONS = (
    OptionSpec("rounds", int, 5, "the number of bouts in a game", minimum=1, maximum=15),
    OptionSpec("purse", int, 12, "the denarii each lanista starts with", minimum=0, maximum=40),
)
