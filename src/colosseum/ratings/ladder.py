"""The ladder of the computer players: every level against every other on paired seeds, rated
as people are (issue 51; docs/agents.md, "The ladder").

The games are a round robin as `colosseum tournament` plays it (sim/tournament.py): every pair
of levels plays `games` two-player games, two on each seed, so each deal is played from both
seatings. Each game is then rated with the model people are rated with (OpenSkill's
Plackett-Luce, `store/rating_model.py`), round by round (the first game of every pair, then the
second, ...) so that no pair's games all come first, and each level's rating is shown with its
95% interval, beside the tournament's own Bradley-Terry Elo and its bootstrap interval.
Nothing is stored: the ladder is a measurement, the computer accounts' ratings are `colosseum
ratings calibrate`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..agents.ismcts import LEVELS
from ..core.options import OptionValue
from ..core.registry import game_definition
from ..sim.tournament import TimedGame, Tournament, check_entrants, summarize_tournament
from ..store import rating_model
from ..store.rating_model import Rating
from .results import ranks_of

EVERY_LEVEL = ("random", "heuristic", *LEVELS)
"""The computer players a person can meet, weakest first: the ladder's default."""


@dataclass(frozen=True, slots=True)
class Rung:
    """A level's place: its rating (the skill's mean on the displayed scale, its 95% interval,
    and the cautious estimate a person's page shows), its games and the share of their points
    it scored."""

    level: str
    rating: Rating
    mean: int
    interval: tuple[int, int]
    shown: int
    games: int
    score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "mu": round(self.rating.mu, 4),
            "sigma": round(self.rating.sigma, 4),
            "rating": self.mean,
            "interval": list(self.interval),
            "shown": self.shown,
            "games": self.games,
            "score": round(self.score, 4),
        }


def plan(
    game: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
) -> Tournament:
    """The round robin of `levels` (ColosseumError for an unknown game or level). `games` per
    pair, rounded up to an even number: each seed is played from both seatings."""
    info = game_definition(game).info
    specs = tuple(level.strip().lower() for level in levels)
    check_entrants(info, specs)
    return Tournament(info.id, specs, games + games % 2, seed, dict(options or {}))


def in_rounds(tournament: Tournament, played: Sequence[TimedGame]) -> list[TimedGame]:
    """The games in the order they are rated: round by round, each round pair by pair."""
    return sorted(played, key=lambda g: (g.index % tournament.games, g.index // tournament.games))


def climb(tournament: Tournament, played: Sequence[TimedGame]) -> list[Rung]:
    """Every level's rung after rating `played`, the highest rating first."""
    ratings = {level: rating_model.initial() for level in tournament.agents}
    games = dict.fromkeys(tournament.agents, 0)
    points = dict.fromkeys(tournament.agents, 0.0)
    for game in in_rounds(tournament, played):
        scores = game.points()
        rated = rating_model.rate([ratings[level] for level in game.seats], ranks_of(scores))
        for level, rating, scored in zip(game.seats, rated, scores, strict=True):
            ratings[level] = rating
            games[level] += 1
            points[level] += scored
    rungs = [
        Rung(
            level,
            rating,
            rating_model.mean(rating),
            rating_model.interval(rating),
            rating_model.shown(rating),
            games[level],
            points[level] / games[level] if games[level] else 0.0,
        )
        for level, rating in ratings.items()
    ]
    return sorted(rungs, key=lambda r: (-r.rating.mu, r.level))


def summarize(
    tournament: Tournament, played: Sequence[TimedGame], seconds: float
) -> dict[str, Any]:
    """The ladder (`ladder`: the rungs, highest first) and the tournament's summary (win
    matrix, Elo with intervals, time per decision)."""
    summary = summarize_tournament(tournament, played, seconds)
    return {"ladder": [rung.to_json() for rung in climb(tournament, played)], **summary}
