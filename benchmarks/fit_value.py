"""Fit a game's learned position value (`core/learned.py`) to heuristic self-play.

    .venv/bin/python benchmarks/fit_value.py GAME [--games 12000] [--seed 0] [--write]

Plays `--games` two-player games of the heuristic against itself (seeds `--seed`, `--seed`+1,
...), takes every position at the start of a round with the game's result, and fits the
logistic model P(seat 0 wins) = 1 / (1 + exp(-w . (features of seat 0 - features of seat 1)))
by Newton's method with a small ridge penalty, on four fifths of the games; it reports log
loss and Brier score on the other fifth, against the game's evaluation as it stands and a coin.
With `--write` it then fits on every game and writes the weights to the game's data file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from colosseum.agents import make_agent
from colosseum.agents.search_hooks import evaluation_of, search_module
from colosseum.core.errors import DataError
from colosseum.core.learned import value_path
from colosseum.core.registry import game_definition, games
from colosseum.core.state import State
from colosseum.sim.match import new_simulated_game

RIDGE = 1e-3  # penalty per position on the squared weights
NEWTON_STEPS = 12

Sample = tuple[list[float], float, State]


def self_play(game: str, games: int, seed: int) -> list[list[Sample]]:
    """Per game: the differences of the seats' features at each round start, the result for
    seat 0 (1 won, 0 lost, 1/2 shared) and the position itself."""
    module = search_module(game)
    features, round_of = module.LEARNED[1], module.round_of  # type: ignore[union-attr]
    heuristic = make_agent("heuristic", game)
    rng = random.Random(seed)
    played: list[list[Sample]] = []
    for number in range(games):
        state = new_simulated_game(game, players=2, seed=seed + number)
        starts: list[tuple[list[float], State]] = []
        last = -1
        while not state.is_terminal():
            if round_of(state) != last:
                last = round_of(state)
                first, second = features(state)
                starts.append(([a - b for a, b in zip(first, second, strict=True)], state.clone()))
            seat = state.current_player
            assert seat is not None
            state.apply(heuristic.choose(state, seat, rng))
        result = state.returns()[0]
        played.append([(x, result, position) for x, position in starts])
    return played


def fit(samples: list[Sample], size: int) -> list[float]:
    """Ridge-penalised logistic regression by Newton's method."""
    weights = [0.0] * size
    penalty = RIDGE * len(samples)
    for _ in range(NEWTON_STEPS):
        gradient = [penalty * w for w in weights]
        hessian = [[penalty if i == j else 0.0 for j in range(size)] for i in range(size)]
        for x, y, _ in samples:
            p = _predict(weights, x)
            bend = p * (1.0 - p)
            for i, xi in enumerate(x):
                if xi == 0.0:
                    continue
                gradient[i] += (p - y) * xi
                row, scaled = hessian[i], bend * xi
                for j, xj in enumerate(x):
                    row[j] += scaled * xj
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
    return weights


def _predict(weights: list[float], x: list[float]) -> float:
    """Seat 0's chance to win by the model."""
    return _logistic(sum(w * v for w, v in zip(weights, x, strict=True)))


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and well posed)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    solution = [0.0] * n
    for r in range(n - 1, -1, -1):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, n))
        solution[r] = (rows[r][n] - known) / rows[r][r]
    return solution


def scores(predictions: list[float], results: list[float]) -> dict[str, float]:
    """Mean log loss and Brier score of win probabilities for seat 0."""
    loss = brier = 0.0
    for p, y in zip(predictions, results, strict=True):
        p = min(max(p, 1e-6), 1.0 - 1e-6)
        loss -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
        brier += (p - y) ** 2
    return {"log_loss": round(loss / len(results), 4), "brier": round(brier / len(results), 4)}


def _current(game: str, test: list[Sample], results: list[float]) -> dict[str, float] | None:
    """The scores of the game's evaluation as it stands (None before a first fit)."""
    try:
        evaluation = evaluation_of(game)
        assert evaluation is not None
        return scores([evaluation(position)[0] for _, _, position in test], results)
    except DataError:
        return None


def learned(game: str) -> tuple[tuple[str, ...], Path]:
    """The feature names of `game`'s learned value and the folder of its weights file."""
    names, _, folder = search_module(game).LEARNED  # type: ignore[union-attr]
    return names, folder


def write(game: str, names: tuple[str, ...], weights: list[float], how: str) -> None:
    lines = [
        f"# The learned position value of {game} (core/learned.py, the game's search.py).",
        "# Every weight is chosen by Colosseum: fitted to heuristic self-play by",
        "# benchmarks/fit_value.py (the rulebook states none of them). Refit rather than edit.",
        f'game = "{game}"',
        f'fitted_by = "{how}"',
        "stated = []",
        "",
        "[weights]",
        *(f"{name} = {weight:.4f}" for name, weight in zip(names, weights, strict=True)),
    ]
    value_path(game, learned(game)[1]).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=12000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    with_value = [g for g in games() if hasattr(search_module(g), "LEARNED")]
    if game not in with_value:
        parser.error(f"{game} has no learned value (learned: {', '.join(with_value)})")
    names = learned(game)[0]
    started = time.perf_counter()
    played = self_play(game, args.games, args.seed)
    cut = len(played) * 4 // 5
    train = [s for g in played[:cut] for s in g]
    test = [s for g in played[cut:] for s in g]
    weights = fit(train, len(names))
    results = [y for _, y, _ in test]
    report: dict[str, Any] = {
        "game": game,
        "games": args.games,
        "positions": len(train) + len(test),
        "held_out": {
            "learned": scores([_predict(weights, x) for x, _, _ in test], results),
            "current_evaluation": _current(game, test, results),
            "coin": scores([0.5] * len(test), results),
        },
    }
    if args.write:
        weights = fit(train + test, len(names))
        how = f"benchmarks/fit_value.py {game} --games {args.games} --seed {args.seed}"
        write(game, names, weights, how)
        report["written"] = str(value_path(game, learned(game)[1]))
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["weights"] = {n: round(w, 4) for n, w in zip(names, weights, strict=True)}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
