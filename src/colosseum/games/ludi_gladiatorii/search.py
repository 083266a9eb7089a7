"""What Ludi Gladiatorii tells the tree search (`core/search.py`): the value of a rollout cut
short, and its search defaults."""

from __future__ import annotations

from ...core.search import SearchDefaults, shares
from ...core.state import State
from .data import DATA_DIR

# Guided by the heuristic player (its move as PUCT's prior, its play in the rollouts), played
# to the end (docs/agents.md).
DEFAULTS = SearchDefaults(-1, "heuristic", 0.8, 1.0)
# The folder of the `master` level's learned networks (agents/guides.py).
GUIDE = DATA_DIR


def evaluation(state: State) -> list[float]:
    """Ludi Gladiatorii: victory points, plus a little for coins (what buys the next points)."""
    lanistae = state.view(None)["lanistae"]
    return shares([1.0 + entry["points"] + 0.1 * entry["coins"] for entry in lanistae])
