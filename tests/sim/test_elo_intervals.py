"""Elo intervals (colosseum.sim.tournament.elo_intervals) on simulated players of known strength:
they contain the truth about as often as they claim, and never shrink to a point."""

from __future__ import annotations

import random

import pytest

from colosseum.sim.tournament import elo_intervals, fit_elo

TRUTH = {"a": 1350.0, "b": 1450.0, "c": 1550.0, "d": 1650.0}  # mean 1500, as the fit anchors


def _tournament(rng: random.Random, games: int) -> dict[tuple[str, str], list[float]]:
    """A round robin of `games` games per pair, each won as the Elo model of TRUTH says."""
    outcomes: dict[tuple[str, str], list[float]] = {}
    names = list(TRUTH)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            expected = 1 / (1 + 10 ** ((TRUTH[second] - TRUTH[first]) / 400))
            outcomes[(first, second)] = [
                1.0 if rng.random() < expected else 0.0 for _ in range(games)
            ]
    return outcomes


def _coverage(tournaments: int, games: int, resamples: int) -> float:
    rng = random.Random(20261202)
    inside = total = 0
    for number in range(tournaments):
        outcomes = _tournament(rng, games)
        intervals = elo_intervals(tuple(TRUTH), outcomes, seed=number, resamples=resamples)
        for name, (low, high) in intervals.items():
            inside += low <= TRUTH[name] <= high
            total += 1
    return inside / total


def test_95_percent_intervals_contain_the_truth_at_least_90_percent_of_the_time() -> None:
    assert _coverage(tournaments=40, games=30, resamples=150) >= 0.90


@pytest.mark.soak
def test_coverage_over_many_tournaments() -> None:
    assert 0.92 <= _coverage(tournaments=300, games=40, resamples=400) <= 0.985


def test_a_clean_sweep_has_an_interval_of_some_width() -> None:
    # Resampling a 20-0 sweep's own games gives 20-0 every time (the old `1691 – 1691`).
    outcomes = {("a", "b"): [1.0] * 20}
    elo = fit_elo(("a", "b"), outcomes)
    (low, high), (b_low, b_high) = elo_intervals(("a", "b"), outcomes, seed=1).values()
    assert high - low > 50 and b_high - b_low > 50
    assert low < elo["a"] <= high


def test_draws_are_replayed_as_draws() -> None:
    outcomes = {("a", "b"): [0.5] * 30}
    (low, high), _ = elo_intervals(("a", "b"), outcomes, seed=2, resamples=200).values()
    assert low < 1500 < high
    assert high - low < 120  # all draws: far less spread than 30 coin tosses would give
