"""Which actions `undo` may take back: never one after which a seat knows something it could
not know before (Board Game Arena's rule: no undo across a die roll, a card draw or a reveal),
nor another person's decision. The terminal (cli/tui/controller.py) and the web tables
(web/undo.py) both follow it.

Who: the seat deciding takes back its own last decision and the computers' decisions after
it (`undo_start`), never a decision of another person's seat.

The check reads only the kernel's contract (docs/kernel.md), so it holds for every game:

- **Chance.** Every random number comes from the state's `Rng`, whose integer is part of the
  position: an action that moved it rolled a die, drew from a shuffled pile or shuffled one.
- **Private news.** An event shown only to some seats, one of them the seat that would undo,
  tells that seat a secret, unless it is its own action's echo (`counter_chosen` of its own
  counter, its own secret bid).
- **A reveal.** `determinize(seat)` imagines whatever the seat cannot see. If the action, played
  from such an imagined state, leaves the seat's view or the events it sees different from what
  really followed, the outcome depended on something hidden from the seat, which it now knows.
  For a computer's action any of its legal actions may stand in (its choice itself is no secret
  the rule protects, but what its choice uncovers is). A few imagined states are tried; chance
  and private news are exact, the reveal test is a sample.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import Event, JsonValue
from .errors import ColosseumError
from .state import State

SAMPLES = 6


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: who played it, the state before it, the state and events after."""

    seat: int
    notation: str
    before: State
    after: State
    events: tuple[Event, ...]


def _rng(state: State) -> JsonValue:
    return state.to_position().get("rng")


def _seen(state: State, events: list[Event] | tuple[Event, ...], seat: int) -> object:
    """What `seat` sees after an action: its view and the events shown to it."""
    return (state.view(seat), [e.to_json() for e in events if e.visible(seat)])


def _reproducible(step: Step, seat: int, rng: random.Random) -> bool:
    """Whether, in an imagined state consistent with `seat`'s view before the step, the action
    (or, for another seat's action, some legal action) shows `seat` what really followed."""
    target = _seen(step.after, step.events, seat)
    imagined = step.before.determinize(seat, rng)
    candidates = [step.notation]
    if step.seat != seat:
        candidates += [str(a) for a in imagined.legal_actions() if str(a) != step.notation]
    for notation in candidates:
        trial = imagined.clone()
        try:
            events = trial.apply(notation)
        except Exception:
            continue
        if _seen(trial, events, seat) == target:
            return True
    return False


def barrier(step: Step, seat: int, samples: int = SAMPLES) -> str | None:
    """Why `seat` may not take `step` back (it learned something from it), or None."""
    if _rng(step.before) != _rng(step.after):
        return "it rolled dice or drew from a shuffled pile"
    for event in step.events:
        if event.visible_to is not None and seat in event.visible_to and step.seat != seat:
            return "it showed you a secret"
    rng = random.Random(f"{len(step.before.actions_played())}:{step.notation}:{seat}")
    try:
        for _ in range(samples):
            if not _reproducible(step, seat, rng):
                return "it brought something hidden to light"
    except Exception:
        return "what it showed cannot be checked"
    return None


class UndoRefused(ColosseumError):
    """Undo was asked where the rule forbids it; the message says why."""


def undo_start(seats: Sequence[int], seat: int, person: Callable[[int], bool]) -> int:
    """The index, in the seats of the played actions, of the action `undo` returns to for
    `seat`: its last decision, with only computers' decisions after it (`person(s)` tells a
    person's seat). `UndoRefused` with the reason otherwise."""
    mine = [i for i, acted in enumerate(seats) if acted == seat]
    if not mine:
        raise UndoRefused("you have no decision to take back")
    start = mine[-1]
    for acted in seats[start + 1 :]:
        if acted != seat and person(acted):
            raise UndoRefused(f"seat {acted} has decided since")
    return start


def check_steps(steps: Sequence[Step], seat: int) -> None:
    """`UndoRefused` naming the first of `steps` that `seat` may not take back, and why."""
    for step in steps:
        reason = barrier(step, seat)
        if reason is not None:
            which = "your last action" if step.seat == seat else f"seat {step.seat}'s action"
            raise UndoRefused(f"cannot undo past {which}: {reason}")
