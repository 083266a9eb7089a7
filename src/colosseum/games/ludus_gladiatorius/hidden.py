"""Hidden information: guessing the face-down counters another lanista may hold.

Game Play 2 keeps a counter's identity secret until it is used, and Special Actions 2 keeps an
unused one secret for good. `determinize` replaces every counter a seat cannot see by a guess
that respects the record sheets' quantities and everything ruled out in public (a moment a
counter would have had to be revealed and was not, or what its gladiator did this round).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from ...core.errors import ColosseumError
from ...core.rng import Rng
from .model import NUM_GLADIATORS
from .specials import BLANK, CODES, KINDS, NO_COUNTER, REVEALED, bit, ruled_out_by, spent_status

if TYPE_CHECKING:
    from .fields import LudusFields


Guessed = TypeVar("Guessed", bound="LudusFields")  # the class of the state guessed from


def resample(state: LudusFields, seat: int, rng: random.Random) -> None:
    """Guess, in `state` (a clone), every face-down counter of other lanistae, past and
    present, and reseed its RNG from `rng`."""
    for g in range(NUM_GLADIATORS):
        if state.owner[g] in (seat, -1):
            continue
        base = g * KINDS
        secret = [i for i, entry in enumerate(state.unrevealed) if entry[0] == g]
        current_hidden = counter_hidden(state, g)
        kept = [state.unrevealed[i][1] for i in secret]
        if current_hidden:
            kept.append(state.counter[g])
        for kind in kept:
            if kind != BLANK:
                state.remaining[base + kind] += 1
        for i in secret:
            _, _, mask = state.unrevealed[i]
            state.unrevealed[i] = (g, guess(state, g, mask, rng), mask)
        if current_hidden:
            _guess_current(state, g, rng)
    state.rng = Rng.from_random(rng)


def determinize_counters(
    state: Guessed, seat: int, rng: random.Random, weights: dict[int, dict[str, float]]
) -> Guessed:
    """`state.determinize(seat, rng)`, with the face-down counter of this round of each
    gladiator in `weights` (by number) drawn by the weight of its code among the codes the
    guess leaves him, instead of evenly. ColosseumError, and no guess, if a listed gladiator is
    `seat`'s or has no face-down counter this round."""
    for number in weights:
        g = number - 1
        if not 0 <= g < NUM_GLADIATORS or state.owner[g] in (seat, -1):
            raise ColosseumError(f"gladiator {number} is not an opponent of seat {seat}")
        if not counter_hidden(state, g):
            raise ColosseumError(f"gladiator {number} has no face-down counter this round")
    guessed = state.determinize(seat, rng)
    assert isinstance(guessed, type(state))
    for number, by_code in weights.items():
        g = number - 1
        kind = guessed.counter[g]
        if kind != BLANK:
            guessed.remaining[g * KINDS + kind] += 1
        _guess_current(guessed, g, rng, by_code)
    return guessed


def counter_hidden(state: LudusFields, g: int) -> bool:
    """Whether gladiator `g` has this round's counter face down (placed, not revealed)."""
    return state.counter[g] != NO_COUNTER and state.counter_status[g] != REVEALED


def _guess_current(
    state: LudusFields, g: int, rng: random.Random, weights: dict[str, float] | None = None
) -> None:
    """A guess of this round's face-down counter of `g`, and the status it then has."""
    attacked, defended = state.attacked[g], state.defended[g]
    mask = state.counter_mask[g] | ruled_out_by(attacked, defended)
    kind = guess(state, g, mask, rng, weights)
    state.counter[g] = kind
    state.counter_status[g] = spent_status(kind, attacked, defended, state.entangled[g])


def guess(
    state: LudusFields,
    g: int,
    mask: int,
    rng: random.Random,
    weights: dict[str, float] | None = None,
) -> int:
    """A counter of `g` not ruled out by `mask` and still on his sheet, crossed off: drawn
    evenly, or by `weights` per code."""
    base = g * KINDS
    options = [BLANK] + [
        kind
        for kind in range(1, KINDS)
        if state.remaining[base + kind] > 0 and not mask & bit(kind)
    ]
    chances = None if weights is None else [weights.get(CODES[k], 0.0) for k in options]
    if chances is None or sum(chances) <= 0:
        kind = options[rng.randrange(len(options))]
    else:
        kind = rng.choices(options, chances)[0]
    if kind != BLANK:
        state.remaining[base + kind] -= 1
    return kind
