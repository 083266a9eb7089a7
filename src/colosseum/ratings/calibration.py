"""Calibrating the computer levels' ratings: computer-against-computer games of the levels,
each result taken in as a rated game (docs/web.md, "Ratings").

The games are a round robin between the levels, as `colosseum tournament` plays them
(sim/tournament.py): every pair of levels plays `games` two-player games, two on each seed, so
each deal is played from both seatings. Each game is rated with the source
`calibration:<game>:<seed>:<rotation>`, so running the same seeds again adds nothing twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from ..core.registry import game_definition
from ..sim.tournament import TimedGame, Tournament, check_entrants, run_tournament
from ..store import Store
from ..store.ratings import SeatResult
from .results import ranks_of

DEFAULT_LEVELS = ("random", "heuristic")  # quick enough for a test; name stronger ones
DEFAULT_GAMES = 4  # games per pair of levels: two seeds, each from both seatings


@dataclass(frozen=True, slots=True)
class Calibration:
    """What a calibration run did: games played, and how many of them were new results."""

    game: str
    played: int
    rated: int


def plan(game: str, levels: Sequence[str], games: int, seed: int) -> Tournament:
    """The round robin of `levels` (ColosseumError for an unknown game or level)."""
    info = game_definition(game).info
    specs = tuple(level.strip().lower() for level in levels)
    check_entrants(info, specs)
    return Tournament(game_id=info.id, agents=specs, games=games, seed=seed)


def source(tournament: Tournament, game: TimedGame) -> str:
    """The result's source: its game, seed and seating (0 as listed, 1 swapped)."""
    rotation = game.index % tournament.games % 2
    return f"calibration:{tournament.game_id}:{game.seed}:{rotation}"


def rate_games(
    store: Store,
    tournament: Tournament,
    played: Sequence[TimedGame],
    now: datetime | None = None,
) -> int:
    """Take each played game in as a rated result of the levels' accounts; how many were new."""
    accounts = {level: store.ratings.computer_account(level) for level in tournament.agents}
    rated = 0
    for game in sorted(played, key=lambda g: g.index):
        returns = [
            1.0 / len(game.winners) if s in game.winners else 0.0 for s in range(len(game.seats))
        ]
        ranks = ranks_of(returns)
        results = [
            SeatResult(seat, accounts[level], ranks[seat]) for seat, level in enumerate(game.seats)
        ]
        if store.ratings.apply(source(tournament, game), tournament.game_id, results, now):
            rated += 1
    return rated


def calibrate(
    store: Store,
    tournament: Tournament,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Calibration:
    """Play the round robin (`jobs` local processes) and rate its games."""
    played = run_tournament(tournament, jobs, progress)
    return Calibration(tournament.game_id, len(played), rate_games(store, tournament, played))
