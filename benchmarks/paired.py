"""Scores on paired seeds and their 95% intervals: the percentile bootstrap over seeds.

A seed (a deal) is played once from each seat, so its score, the mean of its games, has the
luck of the deal taken out; the seeds are then the independent draws the bootstrap resamples.
Shared by the benchmarks that measure agents (`ismcts_strength.py`, `rl_learner.py`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
RESAMPLES = 10_000


def interval(returns: Array, resamples: int = RESAMPLES) -> dict[str, float]:
    """Mean and 95% interval of the seeds' scores (a seed's score: the mean of its games'
    returns, or the value `returns` holds per seed): the percentile bootstrap over seeds, which
    stays within the scores' range where the normal approximation would not near a score of 1."""
    scores = returns.mean(axis=1) if returns.ndim == 2 else returns
    rng = np.random.default_rng(2024)
    means = scores[rng.integers(0, len(scores), (resamples, len(scores)))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return {
        "mean": round(float(scores.mean()), 4),
        "low": round(float(low), 4),
        "high": round(float(high), 4),
    }


def deal_scores(games: Iterable[Mapping[str, Any]]) -> dict[int, float]:
    """Each deal's score from `ismcts_strength.py`'s games (deal = index // 2): the mean of
    the agent's scores in the deal's games played so far."""
    by_deal: defaultdict[int, list[float]] = defaultdict(list)
    for game in games:
        by_deal[int(game["index"]) // 2].append(float(game["agent_score"]))
    return {deal: sum(scores) / len(scores) for deal, scores in sorted(by_deal.items())}


def paired_difference(
    first: Mapping[int, float], second: Mapping[int, float]
) -> dict[str, float] | None:
    """`first`'s deal scores minus `second`'s on the deals both have, with the interval of
    their mean; None when they share no deal."""
    shared = sorted(set(first) & set(second))
    if not shared:
        return None
    found = interval(np.array([first[deal] - second[deal] for deal in shared]))
    return {"deals": len(shared), **found}
