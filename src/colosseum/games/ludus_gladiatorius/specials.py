"""Special Actions: the face-down counters, when they are revealed, and what observers learn.

Each round every gladiator gets one counter, a special action or the blank (rule 1). A special
action is crossed off the record sheet when placed, used or not (rule 2). A counter is revealed
at the moment the rulebook names for it, and then must be used (rule 2: "must be used if
possible"): the attacker's Savage Attack, Feint or Net Attack when it declares the attack
(Game Play 3b.3, "reveals any special action"), the defender's Dodge or Doughty Defence when it
defends (3b.4), Fast Speed when the Lion declares a move. Savage Attack and Doughty Defence bind
their gladiator for the whole round even while face down (no defence, no attack).

When such a moment passes publicly and the counter stays face down, everyone learns it is not
that action: the counter's ruled-out mask records this, so `determinize` only guesses counters
consistent with what was seen.
"""

from __future__ import annotations

from typing import Final

BLANK: Final = 0
SA: Final = 1
F: Final = 2
D: Final = 3
DD: Final = 4
FS: Final = 5
NA: Final = 6
CODES: Final[tuple[str, ...]] = ("blank", "SA", "F", "D", "DD", "FS", "NA")
KIND_OF: Final = {code: kind for kind, code in enumerate(CODES)}
KINDS: Final = 7
NO_COUNTER: Final = -1

# Status of this round's counter.
HIDDEN: Final = 0  # face down and still usable
REVEALED: Final = 1  # used, face up
SPENT: Final = 2  # face down but can no longer be used (its moment passed or it was forfeited)
STATUS_NAMES: Final[tuple[str, ...]] = ("hidden", "revealed", "spent")

SPECIAL_RULES: Final[tuple[str, ...]] = (
    "",  # the blank is never revealed
    "ludus.combat.savage-attack",
    "ludus.combat.feint",
    "ludus.combat.dodge",
    "ludus.combat.doughty-defence",
    "ludus.move.fast-speed",
    "ludus.combat.net-attack",
)
"""By kind: the rule (`Event.rule`) a revealed counter applies, its Definitions entry."""

ATTACK_SPECIALS: Final[tuple[int, ...]] = (SA, F, NA)
"""Revealed by the attacker when it declares battle (Game Play 3b.3)."""
DEFENCE_SPECIALS: Final[tuple[int, ...]] = (D, DD)
"""Revealed by the defender when it defends (Game Play 3b.4)."""

ALL_SPECIALS_MASK: Final = sum(1 << kind for kind in range(1, KINDS))
"""Every bit a ruled-out mask may hold (the blank is never ruled out)."""


def bit(kind: int) -> int:
    return 1 << kind


def ruled_out_by(attacked: bool, defended: bool) -> int:
    """The kinds a face-down counter cannot be, given what its gladiator did this round.

    Having attacked, it is not Savage Attack or Feint (revealed at the declaration) nor Doughty
    Defence (no attack this round); having defended, not Dodge or Doughty Defence (revealed when
    defending) nor Savage Attack (no defence this round). Net Attack is ruled out only when the
    Retiarius attacked holding his net, which the state records as it happens.
    """
    mask = 0
    if attacked:
        mask |= bit(SA) | bit(F) | bit(DD)
    if defended:
        mask |= bit(SA) | bit(D) | bit(DD)
    return mask


def spent_status(kind: int, attacked: bool, defended: bool, entangled: bool) -> int:
    """The status a face-down counter of `kind` has, given what its gladiator did this round.

    An attack counter cannot be used after the round's one attack (a Net Attack face down when
    the Retiarius attacked without his net), a defence counter after the round's one defence;
    an entangled gladiator forfeits its counter (Net Attack: "any unused special are forfeit").
    """
    if entangled:
        return SPENT
    if attacked and kind in ATTACK_SPECIALS:
        return SPENT
    if defended and kind in DEFENCE_SPECIALS:
        return SPENT
    return HIDDEN
