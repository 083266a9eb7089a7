"""Per-game evaluations for search agents whose rollouts are cut short.

Each maps a game's id to a function of a (determinized) state returning one value per seat in
[0, 1] that sum to 1: a guess at each seat's share of the win, read from views of that guessed
state (the public `view(None)`, or in Ludus each seat's own view, which holds the counters
left on its sheets). The search itself stays free of game-specific code (`agents/ismcts.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..core.state import State
from ..games.ludus_gladiatorius.data import SPECIAL_CODES, load_catalog
from ..games.ludus_gladiatorius.state import LudusState
from .learned import load_weights, win_shares

Evaluation = Callable[[State], list[float]]


def _shares(strengths: list[float]) -> list[float]:
    total = sum(strengths)
    if total <= 0:
        return [1.0 / len(strengths)] * len(strengths)
    return [value / total for value in strengths]


LUDUS_FEATURES: tuple[str, ...] = (
    *(f"life_{number}" for number in range(1, 6)),
    *(f"standing_{number}" for number in range(1, 6)),
    *(f"left_{code}" for code in SPECIAL_CODES),
    "carried_shields",
    "net_held",
    "in_reach",
    "ganged_up",
    "two_standing",
)


def ludus_features(state: State) -> list[list[float]]:
    """Each lanista's features (`LUDUS_FEATURES`), from his own view of the state: the life
    and standing of each of his gladiators by number, the special-action counters left on his
    sheets by kind, shields carried, whether his Retiarius holds the net, the pairs of his
    gladiator and an enemy that it could reach and strike next activation (movement + 1
    hexes), the enemies two of his gladiators could reach, and whether two of his stand."""
    arena = load_catalog(str(state.options.get("data", ""))).arena
    index, distances = arena.index, arena.distances
    rows = []
    for seat in range(state.num_players):
        view = state.view(seat)
        standing = [g for g in view["gladiators"] if g["hex"] is not None and g["life"] > 0]
        mine = [g for g in standing if g["owner"] == seat]
        row = [0.0] * len(LUDUS_FEATURES)
        for g in mine:
            number = g["number"]
            row[number - 1] = float(g["life"])
            row[4 + number] = 1.0
            for k, code in enumerate(SPECIAL_CODES):
                row[10 + k] += g["specials_left"].get(code, 0)
            row[16] += g["carried_shields"]
            if "NA" in g["specials_on_sheet"] and view["net"] == "held":
                row[17] = 1.0
        for enemy in standing:
            if enemy["owner"] == seat:
                continue
            from_enemy = distances[index[enemy["hex"]]]
            near = sum(1 for g in mine if from_enemy[index[g["hex"]]] <= g["movement"] + 1)
            row[18] += near
            row[19] += near >= 2
        row[20] = float(len(mine) == 2)
        rows.append(row)
    return rows


def ludus(state: State) -> list[float]:
    """Ludus Gladiatorius: the win shares of a logistic model of `ludus_features`, fitted to
    heuristic self-play (`agents/data/ludus-gladiatorius-value.toml`)."""
    return win_shares(load_weights("ludus-gladiatorius", LUDUS_FEATURES), ludus_features(state))


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
    from ..games.jugula.heuristic import World, dist_of

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

    rollout: int | Literal["round"] = -1  # decisions before the evaluation; negative: to the
    # end; "round": to the end of the round (games in `ROUNDS`)
    policy: str = "random"  # who plays the rollouts: "random" or "heuristic"
    prior: float = 0.0  # PUCT's weight on the policy's move; 0: plain UCB1
    exploration: float = 0.7
    guide: str = "move"  # the prior on the policy's move, or spread by its "scores"
    observers: str = "single"  # one tree from the searcher's side, or "multi": one per seat
    belief: str = "even"  # guesses of hidden things evenly, or weighed by the guide ("guide",
    # or "sharp": at a lower temperature)


# Guided by the heuristic player (its move as PUCT's prior, its play in the rollouts) the
# search reached the heuristic's strength or beyond in every game, where random rollouts
# lost to it; Jugula's heuristic is slow, so its rollouts stop after six decisions. Jugula's
# prior follows the heuristic's values of every option (`guide=scores`): with all of it on
# the heuristic's move the search never left that move (docs/agents.md). Ludus rollouts stop
# at the end of the round, where the learned value scores them; with those steadier values
# its spread prior gains too (docs/agents.md, "Ludus: rollouts to the round's end"). Ludus'
# secrets are moves (counters placed face down), so each seat keeps its own tree, in which
# an opponent's counter is only "a counter" (`observers=multi`; docs/agents.md), and guesses
# those counters as the heuristic would have placed them, sharpened (`belief=sharp`; docs/
# agents.md, "Ludus: guessing counters as the heuristic would place them").
SEARCH_DEFAULTS: dict[str, SearchDefaults] = {
    "ludus-gladiatorius": SearchDefaults(
        "round", "heuristic", 0.8, 1.0, "scores", "multi", "sharp"
    ),
    "ludi-gladiatorii": SearchDefaults(-1, "heuristic", 0.8, 1.0),
    "jugula": SearchDefaults(6, "heuristic", 0.8, 1.0, "scores"),
}


def _ludus_round(state: State) -> int:
    assert isinstance(state, LudusState)
    return state.round


# Each game's round counter, where rollouts may stop at the end of a round (`rollout=round`)
# and learned values are fitted (`benchmarks/fit_value.py`).
ROUNDS: dict[str, Callable[[State], int]] = {"ludus-gladiatorius": _ludus_round}

# The games whose evaluation is a learned model: its feature names and features.
LEARNED: dict[str, tuple[tuple[str, ...], Callable[[State], list[list[float]]]]] = {
    "ludus-gladiatorius": (LUDUS_FEATURES, ludus_features),
}
