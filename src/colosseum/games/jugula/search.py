"""What Jugula tells the tree search (`core/search.py`): the value of a rollout cut short (the
heuristic player's arena arithmetic), and its search defaults."""

from __future__ import annotations

from ...core.search import SearchDefaults, shares
from ...core.state import State
from .data import DATA_DIR, load_catalog
from .heuristic import World, dist_of

# Jugula's heuristic is slow, so its rollouts stop after six decisions; the prior follows the
# heuristic's values of every option (`guide=scores`): with all of it on the heuristic's move
# the search never left that move (docs/agents.md).
DEFAULTS = SearchDefaults(6, "heuristic", 0.8, 1.0, "scores")
# The folder of the `master` level's learned networks (agents/guides.py).
GUIDE = DATA_DIR


def evaluation(state: State) -> list[float]:
    """Jugula: the blows each familia can still take ("hits": a wound is one, a fall two) plus
    half the expected hits of its gladiators' best attacks from where they stand (the heuristic
    player's arena arithmetic, with every card's die equally likely); familiae out of the arena
    at nothing."""
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
    return shares(strength)
