"""Per-game evaluations for search agents whose rollouts are cut short.

Each maps a game's id to a function of a (determinized) state returning one value per seat in
[0, 1] that sum to 1: a guess at each seat's share of the win from what is public on the
table (`view(None)`). The search itself stays free of game-specific code (`agents/ismcts.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.state import State

Evaluation = Callable[[State], list[float]]


def _shares(strengths: list[float]) -> list[float]:
    total = sum(strengths)
    if total <= 0:
        return [1.0 / len(strengths)] * len(strengths)
    return [value / total for value in strengths]


def ludus(state: State) -> list[float]:
    """Ludus Gladiatorius: each lanista's share of the life still standing."""
    life = [0.0] * state.num_players
    for gladiator in state.view(None)["gladiators"]:
        owner = gladiator.get("owner")
        if owner is not None and owner >= 0:
            life[owner] += max(0, gladiator["life"])
    return _shares(life)


def ludi(state: State) -> list[float]:
    """Ludi Gladiatorii: victory points, plus a little for coins (what buys the next points)."""
    lanistae = state.view(None)["lanistae"]
    return _shares([1.0 + entry["points"] + 0.1 * entry["coins"] for entry in lanistae])


def jugula(state: State) -> list[float]:
    """Jugula: the blows each familia can still take (2 per unhurt gladiator standing, 1 per
    wounded one), familiae out of the arena at nothing."""
    view = state.view(None)
    strength = [0.0] * state.num_players
    for gladiator in view["gladiators"]:
        if gladiator.get("square") and not view["lanistae"][gladiator["seat"]]["out"]:
            strength[gladiator["seat"]] += 1.0 if gladiator["wounded"] else 2.0
    return _shares(strength)


EVALUATIONS: dict[str, Evaluation] = {
    "ludus-gladiatorius": ludus,
    "ludi-gladiatorii": ludi,
    "jugula": jugula,
}
# Rollout cut-off by game (random decisions before the evaluation): short rollouts scored by
# the evaluation searched far better than long ones in every game (docs/agents.md).
ROLLOUT_STEPS: dict[str, int] = {
    "ludus-gladiatorius": 10,
    "ludi-gladiatorii": 10,
    "jugula": 10,
}
