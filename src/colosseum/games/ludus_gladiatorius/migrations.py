"""Earlier Ludus Gladiatorius position formats, carried over to the current one.

Each function takes a position of version n and returns it as version n + 1 wrote it (core sets
`version`; `core.positions.migrate`). A migration only rewrites what is mechanical; what it
cannot carry over, the checks of the new version refuse with the field named.
"""

from __future__ import annotations

from typing import Any

from .model import NUM_GLADIATORS
from .specials import HIDDEN, NA, REVEALED, SPENT, D, F, ruled_out_by


def from_version_1(position: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2.

    The format: `pending` [attacker, defender, recover] becomes an object, and so does each
    `unrevealed` entry [gladiator, counter, mask]. The rules (Game Play 3b.3-4): version 2
    reveals a Feint when its gladiator attacks and a Dodge when it defends, so such counters
    still face down after their moment are turned face up; a Net Attack face down after the
    Retiarius attacked is spent; the current counters' masks gain what an attack or defence
    rules out. A version-1 position that the version-2 rules cannot reach (a Savage Attack
    that defended, a Doughty Defence that attacked) is left as it is, and refused.
    """
    pending = position.get("pending")
    if isinstance(pending, list) and len(pending) == 3:
        position["pending"] = dict(
            zip(("attacker", "defender", "recover_net"), pending, strict=True)
        )
    unrevealed = position.get("unrevealed")
    if isinstance(unrevealed, list):
        position["unrevealed"] = [
            dict(zip(("gladiator", "counter", "ruled_out"), entry, strict=True))
            if isinstance(entry, list) and len(entry) == 3
            else entry
            for entry in unrevealed
        ]
    names = ("counter", "counter_status", "counter_mask", "attacked", "defended")
    lists = [
        v for v in map(position.get, names) if isinstance(v, list) and len(v) == NUM_GLADIATORS
    ]
    if len(lists) < len(names):
        return position
    counter, status, mask, attacked, defended = (list(v) for v in lists)
    for g in range(NUM_GLADIATORS):
        values = (counter[g], status[g], mask[g], attacked[g], defended[g])
        if not all(type(v) in (int, bool) for v in values) or status[g] == REVEALED:
            continue
        if (attacked[g] is True and counter[g] == F) or (defended[g] is True and counter[g] == D):
            status[g] = REVEALED
            continue
        if attacked[g] is True and counter[g] == NA and status[g] == HIDDEN:
            status[g] = SPENT
        if counter[g] >= 0:
            mask[g] |= ruled_out_by(attacked[g] is True, defended[g] is True)
    position["counter_status"], position["counter_mask"] = status, mask
    return position
