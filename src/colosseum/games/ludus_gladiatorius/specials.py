"""Special Actions: the face-down counters, when they must be used, and what observers learn.

Each round every gladiator gets one counter, a special action or the blank (rule 1). A special
action is crossed off the record sheet when placed, used or not (rule 2). The engine uses a counter
automatically at the first moment its rule applies (rule 2: "must be used if possible"), and
reveals it then. When such a moment passes publicly and the counter stays face down, everyone
learns it is not that action: the counter's `ruled_out` mask records this, so `determinize`
only guesses counters consistent with what was seen.
"""

from __future__ import annotations

BLANK = 0
SA, F, D, DD, FS, NA = 1, 2, 3, 4, 5, 6
CODES = ("blank", "SA", "F", "D", "DD", "FS", "NA")
KIND_OF = {code: kind for kind, code in enumerate(CODES)}
KINDS = 7
NO_COUNTER = -1

# Status of this round's counter.
HIDDEN = 0  # face down and still usable
REVEALED = 1  # used, face up
SPENT = 2  # face down but can no longer be used (its moment passed or it was forfeited)


def bit(kind: int) -> int:
    return 1 << kind


def spent_status(kind: int, attacked: bool, defended: bool, entangled: bool) -> int:
    """The status a face-down counter of `kind` has, given what its gladiator did this round.

    Savage Attack is impossible once the gladiator has defended, Doughty Defence once it has
    attacked (their "this round" clauses); an entangled gladiator forfeits its counter (Net Attack).
    """
    if entangled or (kind == SA and defended) or (kind == DD and attacked):
        return SPENT
    return HIDDEN
