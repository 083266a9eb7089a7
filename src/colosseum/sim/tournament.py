"""Round-robin tournaments between agents: win matrix, Elo with bootstrap intervals, timings.

Every pair of agents plays `games` two-player games. Game i of a pair seats the pair as listed
on even i and swapped on odd i; games 2k and 2k+1 share one game seed (the same deal, played
from both sides). Seeds come from `derive_seed`, so results depend only on the seed, the
agents, the options and `games` — not on the backend or the number of workers.

Ratings are the maximum-likelihood Bradley–Terry fit (Hunter 2004, "MM algorithms for
generalized Bradley–Terry models", Ann. Statist. 32) with one virtual drawn game per pair, and
their intervals a parametric bootstrap over games, as Ordo (Ballicora) computes its error
margins: tournaments are replayed from the fitted ratings, game by game, and refitted.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import InvalidAgent
from ..core.errors import ColosseumError
from ..core.options import OptionValue
from ..core.registry import GameInfo
from .backends import Backend, ProcessBackend
from .match import build_agent, play_match
from .seeding import derive_seed

ProgressCallback = Callable[[int], None]
Outcomes = Mapping[tuple[str, str], Sequence[float]]

SEATS = 2
ELO_BASE = 1500.0
ELO_SCALE = 400 / math.log(10)
PRIOR_GAMES = 1.0
RESAMPLES = 1000
_TOLERANCE = 1e-10
_MAX_ITERATIONS = 10_000


@dataclass(frozen=True, slots=True)
class Tournament:
    """A round robin of `games` games per pair of `agents` (agent specs), seeded by `seed`."""

    game_id: str
    agents: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    def pairs(self) -> list[tuple[str, str]]:
        """Every pair of agents, in list order."""
        return list(itertools.combinations(self.agents, 2))

    @property
    def total_games(self) -> int:
        return len(self.pairs()) * self.games

    def pair(self, index: int) -> tuple[str, str]:
        """The pair playing game `index` of the whole tournament."""
        return self.pairs()[index // self.games]

    def seats(self, index: int) -> tuple[str, str]:
        """Who sits where in game `index`: the pair as listed, swapped on odd rounds."""
        first, second = self.pair(index)
        return (second, first) if index % self.games % 2 else (first, second)

    def game_seed(self, index: int) -> int:
        """The seed of game `index`: shared by rounds 2k and 2k+1 of its pair."""
        first, second = self.pair(index)
        return derive_seed(self.seed, "tournament", first, second, index % self.games // 2)


@dataclass(frozen=True, slots=True)
class TimedGame:
    """One finished game: seats, winners, and per seat the decisions made and seconds spent."""

    index: int
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    steps: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    capped: bool = False

    def points(self) -> tuple[float, ...]:
        """Per seat: 1 for the only winner, 0 for a loser, 1/2 each for a draw (shared or none)."""
        if len(self.winners) == 1:
            return tuple(1.0 if seat in self.winners else 0.0 for seat in range(len(self.seats)))
        return tuple(1.0 / len(self.seats) for _ in self.seats)


def check_entrants(info: GameInfo, agents: Sequence[str], players: int = SEATS) -> None:
    """ColosseumError unless `agents` can hold a round robin of 2-player games of `info`."""
    if players != SEATS:
        raise ColosseumError(f"a tournament plays 2-player games only, not {players}-player ones")
    if not info.min_players <= SEATS <= info.max_players:
        raise ColosseumError(
            f"{info.title} takes {info.min_players} to {info.max_players} players, "
            "so it cannot hold 2-player tournament games"
        )
    if len(agents) < 2:
        raise InvalidAgent(f"a tournament needs at least two agents, got {len(agents)}")
    seen: set[str] = set()
    for spec in agents:
        if spec in seen:
            raise InvalidAgent(f"agent {spec!r} is listed twice; list each agent once")
        seen.add(spec)
        build_agent(spec, info.id)


def play_timed(
    game_id: str,
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    index: int = 0,
) -> TimedGame:
    """One game played by `play_match`, with its timings by seat."""
    result = play_match(game_id, seats, seed, options, index)
    return TimedGame(
        index=index,
        seed=seed,
        seats=result.seats,
        winners=result.winners,
        steps=result.steps,
        decisions=result.decisions,
        seconds=result.seconds,
        capped=result.capped,
    )


def _play_indices(tournament: Tournament, indices: Sequence[int]) -> list[TimedGame]:
    """Play the games numbered `indices` (runs in a worker; builds its own agents)."""
    return [
        play_timed(
            tournament.game_id,
            tournament.seats(index),
            tournament.game_seed(index),
            tournament.options,
            index=index,
        )
        for index in indices
    ]


def run_tournament(
    tournament: Tournament,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
    backend: Backend | None = None,
) -> list[TimedGame]:
    """Every game of `tournament`, in index order, on `backend` (default: `jobs` local
    processes); `progress(n)` after each batch of n games finished."""
    runner = backend if backend is not None else ProcessBackend(jobs)
    return runner.run(_play_indices, tournament, tournament.total_games, progress)


# --- Elo --------------------------------------------------------------------------------------


def pair_outcomes(
    tournament: Tournament, results: Sequence[TimedGame]
) -> dict[tuple[str, str], list[float]]:
    """Per pair (as listed), the points its first agent scored in each of their games."""
    outcomes: dict[tuple[str, str], list[float]] = {pair: [] for pair in tournament.pairs()}
    for game in results:
        pair = tournament.pair(game.index)
        outcomes[pair].append(game.points()[game.seats.index(pair[0])])
    return outcomes


def _tallies(
    agents: Sequence[str], totals: Mapping[tuple[str, str], tuple[float, int]]
) -> tuple[list[float], list[list[float]]]:
    """From (points of the first, games) per pair: points per agent, games per pair (a matrix)."""
    position = {agent: i for i, agent in enumerate(agents)}
    wins = [0.0] * len(agents)
    games = [[0.0] * len(agents) for _ in agents]
    for (first, second), (points, count) in totals.items():
        i, j = position[first], position[second]
        wins[i] += points
        wins[j] += count - points
        games[i][j] += count
        games[j][i] += count
    return wins, games


def _totals(outcomes: Outcomes) -> dict[tuple[str, str], tuple[float, int]]:
    return {pair: (sum(points), len(points)) for pair, points in outcomes.items()}


def _strengths(
    wins: Sequence[float],
    games: Sequence[Sequence[float]],
    prior: float,
    start: Sequence[float] | None = None,
) -> list[float]:
    """Bradley–Terry strengths (geometric mean 1) by minorization–maximization (Hunter, 2004).

    Each pair that met gets `prior` extra games, drawn, so a clean sweep stays finite.
    """
    count = len(wins)
    if count == 0:
        return []
    played = [[n + prior if n > 0 else 0.0 for n in row] for row in games]
    scored = [wins[i] + prior / 2 * sum(1 for n in games[i] if n > 0) for i in range(count)]
    strength = list(start) if start is not None else [1.0] * count
    for _ in range(_MAX_ITERATIONS):
        updated = []
        for i in range(count):
            rate = sum(n / (strength[i] + strength[j]) for j, n in enumerate(played[i]) if n)
            updated.append(scored[i] / rate if rate and scored[i] else strength[i])
        logs = [math.log(s) for s in updated]
        mean = sum(logs) / count
        updated = [math.exp(value - mean) for value in logs]
        change = max(abs(math.log(a / b)) for a, b in zip(updated, strength, strict=True))
        strength = updated
        if change < _TOLERANCE:
            break
    return strength


def _elo(strength: Sequence[float]) -> list[float]:
    """Strengths on the Elo scale: 400/ln 10 per natural log unit, anchored at 1500."""
    return [ELO_BASE + ELO_SCALE * math.log(s) for s in strength]


def fit_elo(
    agents: Sequence[str], outcomes: Outcomes, prior: float = PRIOR_GAMES
) -> dict[str, float]:
    """Maximum-likelihood Bradley–Terry ratings on the Elo scale, with mean 1500.

    `outcomes[(a, b)]` lists the points a scored against b, game by game (1, 1/2 or 0).
    """
    if prior <= 0:
        raise ValueError("prior must be positive")
    wins, games = _tallies(agents, _totals(outcomes))
    return dict(zip(agents, _elo(_strengths(wins, games, prior)), strict=True))


def _quantile(values: Sequence[float], share: float) -> float:
    """The `share` quantile of `values`, interpolated linearly between order statistics."""
    ordered = sorted(values)
    position = share * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _replayed(rng: random.Random, points: Sequence[float], expected: float) -> float:
    """The points of a replay of a pair's `len(points)` games, each scoring `expected` on
    average: a draw with the pair's share of draws counted over one game more (so that a pair
    that drew every game still replays the odd decisive one), as far as `expected` allows;
    else a win or a loss.
    """
    count = len(points)
    if not count:
        return 0.0
    draws = sum(1 for p in points if p == 0.5) / (count + 1)
    drawn = min(draws, 2 * min(expected, 1 - expected))
    win = expected - drawn / 2
    total = 0.0
    for _ in range(count):
        draw = rng.random()
        total += 1.0 if draw < win else 0.5 if draw < win + drawn else 0.0
    return total


def elo_intervals(
    agents: Sequence[str],
    outcomes: Outcomes,
    seed: int,
    resamples: int = RESAMPLES,
    confidence: float = 0.95,
    prior: float = PRIOR_GAMES,
) -> dict[str, tuple[float, float]]:
    """Percentile intervals of `fit_elo` by a parametric bootstrap, seeded: `resamples` times,
    every game is replayed from the fitted ratings (the prior's virtual draws included, so an
    expected score is never 0 or 1) and the ratings fitted again.

    Resampling a pair's own games instead would return a clean sweep unchanged every time, and
    the interval of a sweeping agent would shrink to a point.
    """
    if resamples < 1 or not 0 < confidence < 1 or prior <= 0:
        raise ValueError("need resamples >= 1, 0 < confidence < 1 and prior > 0")
    rng = random.Random(seed)
    position = {agent: i for i, agent in enumerate(agents)}
    wins, games = _tallies(agents, _totals(outcomes))
    estimate = _strengths(wins, games, prior)
    expected = {
        (a, b): estimate[position[a]] / (estimate[position[a]] + estimate[position[b]])
        for a, b in outcomes
    }
    samples: list[list[float]] = [[] for _ in agents]
    for _ in range(resamples):
        drawn = {
            pair: (_replayed(rng, points, expected[pair]), len(points))
            for pair, points in outcomes.items()
        }
        wins, _ = _tallies(agents, drawn)
        ratings = _elo(_strengths(wins, games, prior, start=estimate))
        for column, rating in zip(samples, ratings, strict=True):
            column.append(rating)
    tail = (1 - confidence) / 2
    return {
        agent: (_quantile(column, tail), _quantile(column, 1 - tail))
        for agent, column in zip(agents, samples, strict=True)
    }


# --- summary ----------------------------------------------------------------------------------


def _win_matrix(outcomes: Outcomes) -> dict[str, dict[str, float]]:
    """a → b → share of the points of a's games against b that a scored."""
    matrix: dict[str, dict[str, float]] = {}
    for (first, second), points in outcomes.items():
        share = sum(points) / len(points) if points else 0.0
        matrix.setdefault(first, {})[second] = share
        matrix.setdefault(second, {})[first] = 1.0 - share if points else 0.0
    return matrix


def _timings(agents: Sequence[str], results: Sequence[TimedGame]) -> dict[str, tuple[int, float]]:
    """Per agent: decisions made and seconds spent choosing, over every game."""
    totals = {agent: (0, 0.0) for agent in agents}
    for game in results:
        for spec, count, seconds in zip(game.seats, game.decisions, game.seconds, strict=True):
            made, spent = totals[spec]
            totals[spec] = (made + count, spent + seconds)
    return totals


def _significant(value: float, digits: int = 4) -> float:
    return float(f"{value:.{digits}g}")


def summarize_tournament(
    tournament: Tournament,
    results: Sequence[TimedGame],
    seconds: float,
    resamples: int = RESAMPLES,
) -> dict[str, Any]:
    """The JSON summary of a finished tournament (see docs/cli.md, `colosseum tournament`)."""
    agents = list(tournament.agents)
    outcomes = pair_outcomes(tournament, results)
    matrix = _win_matrix(outcomes)
    elo = fit_elo(agents, outcomes)
    intervals = elo_intervals(
        agents, outcomes, derive_seed(tournament.seed, "bootstrap"), resamples
    )
    timings = _timings(agents, results)
    seat_points = [sum(game.points()[seat] for game in results) for seat in range(SEATS)]
    count = len(results)
    return {
        "game": tournament.game_id,
        "games": tournament.games,
        "total_games": count,
        "agents": agents,
        "seed": tournament.seed,
        "options": dict(tournament.options),
        "win_rate": matrix,
        "score": {a: sum(matrix[a].values()) / (len(agents) - 1) for a in agents},
        "elo": {a: round(elo[a], 1) for a in agents},
        "elo_interval": {
            a: [round(low, 1), round(high, 1)] for a, (low, high) in intervals.items()
        },
        "seconds_per_decision": {
            a: _significant(spent / made) if made else 0.0 for a, (made, spent) in timings.items()
        },
        "decisions": {a: made for a, (made, _) in timings.items()},
        "draws": sum(1 for game in results if len(game.winners) != 1),
        "capped": sum(1 for game in results if game.capped),
        "seat_win_rate": [points / count for points in seat_points],
        "mean_steps": sum(game.steps for game in results) / count,
        "seconds": round(seconds, 3),
    }
