"""The shared model of a Ludus Gladiatorius state: its indices, phases and sentinels.

Gladiators are indexed 0-4 (gladiator number minus one) in every per-gladiator list; hexes by
their place in the arena's `names`. The rule modules, the views and the position format all
read these names, so none of them imports another.
"""

from __future__ import annotations

GAME_ID = "ludus-gladiatorius"
VERSION = 2
"""The position and record format. 2: special actions revealed when declared (Combat 3-4),
Savage Attack and Doughty Defence binding the whole round; `pending` and `unrevealed` as
objects."""

NUM_GLADIATORS = 5
NET_HELD = -1
OFF_BOARD = -1

# Phases: whose decision it is and of what kind.
PLACE, ACT, MOVE, DEFEND, OVER = range(5)
PHASE_NAMES = ("place", "act", "move", "defend", "over")
