"""The shared model of a Ludus Gladiatorius state: its indices, phases and sentinels.

Gladiators are indexed 0-4 (gladiator number minus one) in every per-gladiator list; hexes by
their place in the arena's `names`. The rule modules, the views and the position format all
read these names, so none of them imports another.
"""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "ludus-gladiatorius"
VERSION: Final = 2
"""The position and record format. 2: special actions revealed when declared (Combat 3-4),
Savage Attack and Doughty Defence binding the whole round; `pending` and `unrevealed` as
objects."""

NUM_GLADIATORS: Final = 5
NET_HELD: Final = -1
OFF_BOARD: Final = -1

# Phases: whose decision it is and of what kind.
PLACE: Final = 0
ACT: Final = 1
MOVE: Final = 2
DEFEND: Final = 3
OVER: Final = 4
PHASE_NAMES: Final[tuple[str, ...]] = ("place", "act", "move", "defend", "over")
