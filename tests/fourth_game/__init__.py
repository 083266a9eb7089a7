"""Sortes Gladiatoriae: a dice-and-hidden-bid duel for 2-4 players, a game written in the tests
only (issue 49) to show that a game is one folder using nothing but `colosseum.core`.

Importing this package registers the game, as `colosseum.games.*` register theirs; name it in
COLOSSEUM_GAMES (`tests.fourth_game`) for every process of a run to know it.
"""

from .game import DEFINITION, INFO
from .state import GAME_ID, SortesState

__all__ = ["DEFINITION", "GAME_ID", "INFO", "SortesState"]
