"""What Ludus Gladiatorius tells the tree search (`core/search.py`): a value learned from
heuristic self-play for rollouts cut at the end of a round, its round counter, its search
defaults, and a belief over the counters placed face down, guessed as the heuristic player
would have placed them."""

from __future__ import annotations

import math
from functools import partial

from ...core.learned import load_weights, win_shares
from ...core.search import Sampler, SearchDefaults
from ...core.state import State
from .data import DATA_DIR, SPECIAL_CODES, load_catalog
from .heuristic import TEMPERATURE, counter_scores
from .state import LudusState

# Rollouts stop at the end of the round, where the learned value scores them; the heuristic
# guides them (its scores spread as the prior), each seat keeps its own tree, in which an
# opponent's counter is only "a counter" (`observers=multi`), and guesses those counters as
# the heuristic would have placed them, sharpened (`belief=sharp`; docs/agents.md, "Ludus:
# rollouts to the round's end" and "guessing counters as the heuristic would place them").
DEFAULTS = SearchDefaults("round", "heuristic", 0.8, 1.0, "scores", "multi", "sharp")


FEATURES: tuple[str, ...] = (
    *(f"life_{number}" for number in range(1, 6)),
    *(f"standing_{number}" for number in range(1, 6)),
    *(f"left_{code}" for code in SPECIAL_CODES),
    "carried_shields",
    "net_held",
    "in_reach",
    "ganged_up",
    "two_standing",
)


def features(state: State) -> list[list[float]]:
    """Each lanista's features (`FEATURES`), from his own view of the state: the life
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
        row = [0.0] * len(FEATURES)
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


def evaluation(state: State) -> list[float]:
    """Ludus Gladiatorius: the win shares of a logistic model of `features`, fitted to
    heuristic self-play (`data/ludus-gladiatorius-value.toml`)."""
    weights = load_weights("ludus-gladiatorius", FEATURES, DATA_DIR)
    return win_shares(weights, features(state))


def round_of(state: State) -> int:
    """The round counter: rollouts may stop at a round's end, and the value is fitted there."""
    assert isinstance(state, LudusState)
    return state.round


# The learned value: its feature names, each seat's features, its weights file's folder.
LEARNED = (FEATURES, features, DATA_DIR)
# The folder of the `master` level's learned networks (agents/guides.py).
GUIDE = DATA_DIR


def belief(state: State, seat: int, temperature: float = TEMPERATURE) -> Sampler:
    """Ludus Gladiatorius: each opponent's face-down counter of this round drawn by the
    heuristic's preference for it (a softmax of its scores at `temperature`, by default the
    guide's) from where everyone stood when the counters were placed; earlier rounds'
    counters evenly."""
    assert isinstance(state, LudusState)
    view = state.view(seat)
    arena = load_catalog(str(state.options["data"])).arena
    weights: dict[int, dict[str, float]] = {}
    for gladiator in view["gladiators"]:
        hidden = gladiator["counter"] == "hidden" and gladiator["start_hex"] is not None
        if gladiator["owner"] == seat or not hidden:
            continue
        scores = counter_scores(view, gladiator["number"], arena, board="start_hex")
        top = max(scores.values())
        weights[gladiator["number"]] = {
            code: math.exp((score - top) / temperature) for code, score in scores.items()
        }
    if not weights:
        return partial(state.determinize, seat)
    return partial(state.determinize_counters, seat, weights=weights)
