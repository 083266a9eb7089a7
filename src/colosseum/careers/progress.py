"""Combats in progress: a combat is stored step by step, each step in one transaction, so a
killed process leaves the steps done and `resume` finishes the rest.

`combat_begun` (the draw: arena, reward, the plan to finish it) opens a combat; each step ends
with its marker — `combat_step` for the hires ("hire"), the Fatum ("fatum") and each ludus's
post-arena sequence ("post"), the `combat` event for the fight itself — and `combat_ended`
closes it. A lanista is in at most one combat in progress.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .sheet import CareerError, Sheet

Payload = dict[str, Any]
MARKERS = ("combat_begun", "combat_step", "combat", "combat_ended")


@dataclass(frozen=True, slots=True)
class CombatInProgress:
    """A combat begun at event `begun` and not yet ended."""

    begun: int
    plan: Payload  # the combat_begun event's data
    fighters: tuple[Sheet, ...]  # the campaign's ludi as they entered the pre-arena sequence
    steps: tuple[Payload, ...] = ()  # each finished step's marker data, in order
    result: Payload | None = None  # the `combat` event's data, once fought
    seqs: tuple[int, ...] = field(default=())  # where each step was stored

    @property
    def lanistae(self) -> list[str]:
        return [str(name) for name in self.plan["lanistae"]]

    def done(self, step: str) -> bool:
        """Whether `step` ("hire:Fred", "fight", "fatum", "post:Fred") is stored."""
        return step in self.step_names()

    def step_names(self) -> list[str]:
        names = [_step_name(s) for s in self.steps]
        return names + (["fight"] if self.result is not None else [])

    def marker(self, step: str) -> Payload:
        for data in self.steps:
            if _step_name(data) == step:
                return data
        raise CareerError(f"step {step!r} of the combat begun at #{self.begun} is not stored")

    def describe(self) -> str:
        return f"the combat {' v '.join(self.lanistae)} begun at event #{self.begun}"


def _step_name(data: Payload) -> str:
    step = str(data["step"])
    return f"{step}:{data['lanista']}" if "lanista" in data else step


def track(
    combats: Mapping[int, CombatInProgress],
    sheets: Mapping[str, Sheet],
    seq: int,
    kind: str,
    data: Payload,
) -> dict[int, CombatInProgress]:
    """The combats in progress once event `seq` is applied (a new dict; the old unchanged);
    CareerError for a marker that does not fit them."""
    if kind not in MARKERS or (kind == "combat" and "combat" not in data):
        return dict(combats)  # not a marker (a combat stored whole by an older version)
    after = dict(combats)
    if kind == "combat_begun":
        lanistae = [str(n) for n in data["lanistae"]]
        for other in combats.values():
            busy = sorted(set(lanistae) & set(other.lanistae))
            if busy:
                raise CareerError(
                    f"{', '.join(busy)} already fight in {other.describe()}, not finished "
                    "(colosseum career resume finishes it)"
                )
        fighters = tuple(copy.deepcopy(sheets[n]) for n in lanistae)
        after[seq] = CombatInProgress(seq, dict(data), fighters)
        return after
    begun = data["combat"]
    combat = combats.get(begun) if isinstance(begun, int) else None
    if combat is None:
        raise CareerError(f"no combat in progress begun at event #{begun}")
    if kind == "combat_ended":
        missing = [s for s in planned_steps(combat) if not combat.done(s)]
        if missing:
            raise CareerError(f"{combat.describe()} cannot end before {', '.join(missing)}")
        del after[begun]
        return after
    name = "fight" if kind == "combat" else _step_name(data)
    if combat.done(name):
        raise CareerError(f"step {name} of {combat.describe()} is stored already")
    expected = next_step(combat)
    if name != expected:
        raise CareerError(f"{combat.describe()} is at step {expected}, not {name}")
    if kind == "combat":
        after[begun] = _with(combat, result=dict(data), seq=seq)
    else:
        after[begun] = _with(combat, steps=(*combat.steps, dict(data)), seq=seq)
    return after


def _with(
    combat: CombatInProgress,
    *,
    seq: int,
    steps: tuple[Payload, ...] | None = None,
    result: Payload | None = None,
) -> CombatInProgress:
    return CombatInProgress(
        combat.begun,
        combat.plan,
        combat.fighters,
        combat.steps if steps is None else steps,
        combat.result if result is None else result,
        (*combat.seqs, seq),
    )


def planned_steps(combat: CombatInProgress) -> list[str]:
    """Every step of the combat, in order; the post-arena order (winners first) once fought."""
    steps = [f"hire:{n}" for n in combat.lanistae] + ["fight", "fatum"]
    if combat.result is None:
        return steps
    winners = [str(w) for w in combat.result["winners"]]
    order = [n for n in winners if n in combat.lanistae]
    order += [n for n in combat.lanistae if n not in winners]
    return steps + [f"post:{n}" for n in order]


def next_step(combat: CombatInProgress) -> str | None:
    """The first step not stored; None when only `combat_ended` is left."""
    for step in planned_steps(combat):
        if not combat.done(step):
            return step
    return None
