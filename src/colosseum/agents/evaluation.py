"""Per-game evaluations for search agents whose rollouts are cut short.

Each maps a game's id to a function of a (determinized) state returning one value per seat in
[0, 1] that sum to 1: a guess at each seat's share of the win from what is public on the
table (`view(None)`). The search itself stays free of game-specific code (`agents/ismcts.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
    """Jugula: the blows each familia can still take ("hits": a wound is one, a fall two) plus
    half the expected hits of its gladiators' best attacks from where they stand (the heuristic
    player's arena arithmetic, with every card's die equally likely); familiae out of the arena
    at nothing."""
    from ..games.jugula.data import load_catalog
    from .heuristic.jugula import World, dist_of

    catalog = load_catalog(str(state.options.get("data", "")))
    view = state.view(0)
    world = World(view, catalog)
    dice = dist_of(catalog.cards[c].die for c in catalog.jugula)
    strength = [0.0] * state.num_players
    for seat in range(state.num_players):
        if view["lanistae"][seat]["out"]:
            continue
        strength[seat] = float(world.hits[seat])
    for g in world.on_board():
        if view["lanistae"][g.seat]["out"] or not world.hits[g.seat]:
            continue
        best = max((world.attack_value(g, d, dice, dice) for d in world.targets(g)), default=0.0)
        strength[g.seat] += 0.5 * max(0.0, best)
    return _shares(strength)


EVALUATIONS: dict[str, Evaluation] = {
    "ludus-gladiatorius": ludus,
    "ludi-gladiatorii": ludi,
    "jugula": jugula,
}


@dataclass(frozen=True, slots=True)
class SearchDefaults:
    """How `ismcts` searches a game unless told otherwise (docs/agents.md, "Tuning")."""

    rollout: int = -1  # decisions before the evaluation; negative: to the end
    policy: str = "random"  # who plays the rollouts: "random" or "heuristic"
    prior: float = 0.0  # PUCT's weight on the policy's move; 0: plain UCB1
    exploration: float = 0.7
    guide: str = "move"  # the prior on the policy's move, or spread by its "scores"


# Guided by the heuristic player (its move as PUCT's prior, its play in the rollouts) the
# search reached the heuristic's strength or beyond in every game, where random rollouts
# lost to it; Jugula's heuristic is slow, so its rollouts stop after six decisions. Jugula's
# prior follows the heuristic's values of every option (`guide=scores`): with all of it on
# the heuristic's move the search never left that move (docs/agents.md).
SEARCH_DEFAULTS: dict[str, SearchDefaults] = {
    "ludus-gladiatorius": SearchDefaults(-1, "heuristic", 0.8, 1.0),
    "ludi-gladiatorii": SearchDefaults(-1, "heuristic", 0.8, 1.0),
    "jugula": SearchDefaults(6, "heuristic", 0.8, 1.0, "scores"),
}
