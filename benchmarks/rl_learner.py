"""A small learner on the Gymnasium environment: masked linear softmax policy, REINFORCE.

    .venv/bin/python benchmarks/rl_learner.py [--episodes 2000] [--eval-seeds 300]
        [--png docs/rl-learner-ludus.png]

The demonstration that `colosseum.rl` plugs into a learner with no glue, in numpy only. The
policy scores each action index by a linear function of the observation (one weight row per
index and a bias), keeps the legal ones (`action_masks()`) and samples from their softmax.
It learns Ludus Gladiatorius against the `random` agent, two players, the 30-round cap the
tools use, its seat drawn each game: after each batch of games, every decision moves by the
game's return minus a running baseline (REINFORCE), with Adam steps.

It is measured before (the untrained policy: uniform over the legal actions, i.e. a random
player) and after (the trained policy, greedy and sampled) on paired seeds disjoint from the
training ones: each seed played from both seats, the score of a seed the mean of its two
returns (1 a win, 1/2 a shared win, 0 a loss), with a 95% interval over seeds (percentile
bootstrap), and the paired difference after - before. The learning curve (the greedy
policy's score on a fixed set of seeds after the `--curve` numbers of games) goes to the PNG.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from colosseum.rl import gym_env
from colosseum.rl.gym import ColosseumGym
from paired import interval

GAME = "ludus-gladiatorius"
OPTIONS = {"round_limit": 30}
EVAL_BASE = 1_000_000
"""Evaluation seeds start here; training seeds are 0, 1, 2, ..."""

Array = npt.NDArray[np.float64]


@dataclass
class Policy:
    """Logits = W @ [observation, 1]; the illegal ones are dropped before the softmax."""

    weights: Array
    moment: Array = field(init=False)
    square: Array = field(init=False)
    steps: int = 0

    def __post_init__(self) -> None:
        self.moment = np.zeros_like(self.weights)
        self.square = np.zeros_like(self.weights)

    @classmethod
    def zeros(cls, actions: int, features: int) -> Policy:
        return cls(np.zeros((actions, features + 1)))

    def probabilities(self, x: Array, legal: npt.NDArray[np.intp]) -> Array:
        logits = self.weights[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def adam(self, gradient: Array, rate: float, b1: float = 0.9, b2: float = 0.999) -> None:
        """One Adam ascent step along `gradient`."""
        self.steps += 1
        self.moment = b1 * self.moment + (1 - b1) * gradient
        self.square = b2 * self.square + (1 - b2) * gradient * gradient
        m = self.moment / (1 - b1**self.steps)
        v = self.square / (1 - b2**self.steps)
        self.weights += rate * m / (np.sqrt(v) + 1e-8)


@dataclass
class Episode:
    """What REINFORCE needs of one game: each decision's features, legal set, policy, choice."""

    features: list[Array] = field(default_factory=list)
    legal: list[npt.NDArray[np.intp]] = field(default_factory=list)
    probabilities: list[Array] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    reward: float = 0.0


def features(observation: npt.NDArray[np.float32]) -> Array:
    return np.append(observation.astype(np.float64), 1.0)


def play(
    env: ColosseumGym,
    policy: Policy,
    seed: int,
    rng: np.random.Generator,
    mode: str,
    record: bool = False,
) -> Episode:
    """One game; `mode` "sample" or "greedy"."""
    observation, _ = env.reset(seed=seed)
    episode = Episode()
    while True:
        x = features(observation)
        legal = np.flatnonzero(env.action_masks())
        p = policy.probabilities(x, legal)
        k = int(np.argmax(p)) if mode == "greedy" else int(rng.choice(len(legal), p=p))
        if record:
            episode.features.append(x)
            episode.legal.append(legal)
            episode.probabilities.append(p)
            episode.chosen.append(k)
        observation, reward, terminated, truncated, _ = env.step(int(legal[k]))
        if terminated or truncated:
            episode.reward = float(reward)
            return episode


def gradient(policy: Policy, episodes: list[Episode], baseline: float) -> Array:
    """Sum over decisions of (return - baseline) * grad log pi, per game size normalised."""
    g = np.zeros_like(policy.weights)
    for episode in episodes:
        advantage = episode.reward - baseline
        if not advantage or not episode.chosen:
            continue
        scale = advantage / len(episode.chosen)
        for x, legal, p, k in zip(
            episode.features, episode.legal, episode.probabilities, episode.chosen, strict=True
        ):
            direction = -p
            direction[k] += 1.0
            g[legal] += scale * np.outer(direction, x)
    return g / len(episodes)


def evaluate(seats: list[ColosseumGym], policy: Policy, seeds: range, mode: str) -> Array:
    """The learner's return in each seeded game from each seat: [seed, seat]."""
    rng = np.random.default_rng(12345)
    return np.asarray(
        [[play(env, policy, seed, rng, mode).reward for env in seats] for seed in seeds]
    )


def commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def plot(curve: list[dict[str, Any]], before: dict[str, float], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [point["games"] for point in curve]
    mean = [point["score"]["mean"] for point in curve]
    low = [point["score"]["low"] for point in curve]
    high = [point["score"]["high"] for point in curve]
    figure, axes = plt.subplots(figsize=(7, 4), dpi=110)
    axes.fill_between(games, low, high, alpha=0.25, color="tab:red", linewidth=0)
    label = "learner (greedy; at 0 untrained), 95% interval"
    axes.plot(games, mean, color="tab:red", marker="o", label=label)
    axes.axhline(before["mean"], color="gray", linestyle="--", label="untrained (random play)")
    axes.set_xlabel("training games")
    axes.set_ylabel("score vs random (win = 1, shared = 1/2)")
    axes.set_ylim(0, 1)
    axes.set_title(title, fontsize=10)
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2000, help="training games")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--rate", type=float, default=0.003, help="Adam step size")
    parser.add_argument("--eval-seeds", type=int, default=300, help="paired seeds before/after")
    parser.add_argument(
        "--curve",
        default="25,50,75,100,150,200,300,400,600,800,1000,1250,1500,1750,2000",
        help="training games after which the curve is measured",
    )
    parser.add_argument("--curve-seeds", type=int, default=50, help="paired seeds per point")
    parser.add_argument("--seed", type=int, default=0, help="the learner's own randomness")
    parser.add_argument("--png", type=Path, default=Path("docs/rl-learner-ludus.png"))
    args = parser.parse_args()
    started = time.perf_counter()
    env = gym_env(GAME, ["random"], seat=None, options=OPTIONS)
    seats = [gym_env(GAME, ["random"], seat=seat, options=OPTIONS) for seat in (0, 1)]
    size = env.observation_space.shape
    assert size is not None
    policy = Policy.zeros(int(env.action_space.n), size[0])
    rng = np.random.default_rng(args.seed)
    eval_seeds = range(EVAL_BASE, EVAL_BASE + args.eval_seeds)
    curve_seeds = range(EVAL_BASE, EVAL_BASE + args.curve_seeds)
    checkpoints = {int(n) for n in args.curve.split(",") if n.strip()} | {args.episodes}
    before_returns = evaluate(seats, policy, eval_seeds, "sample")
    before = interval(before_returns)
    print(json.dumps({"before": before}), flush=True)
    curve = [{"games": 0, "score": interval(evaluate(seats, policy, curve_seeds, "sample"))}]
    baseline, batch, trained = 0.5, [], 0
    while trained < args.episodes:
        batch.append(play(env, policy, trained, rng, "sample", record=True))
        trained += 1
        if len(batch) == args.batch:
            policy.adam(gradient(policy, batch, baseline), args.rate)
            mean = sum(e.reward for e in batch) / len(batch)
            baseline = 0.9 * baseline + 0.1 * mean
            batch = []
        if trained in checkpoints:
            score = interval(evaluate(seats, policy, curve_seeds, "greedy"))
            point = {"games": trained, "score": score}
            curve.append(point)
            print(json.dumps(point), flush=True)
    greedy = evaluate(seats, policy, eval_seeds, "greedy")
    sampled = evaluate(seats, policy, eval_seeds, "sample")
    before_scores = before_returns.mean(axis=1)
    title = (
        f"Ludus Gladiatorius: masked linear REINFORCE vs random "
        f"({args.episodes} games, {OPTIONS['round_limit']}-round cap)"
    )
    plot(curve, before, args.png, title)
    summary = {
        "command": " ".join(["benchmarks/rl_learner.py", *sys.argv[1:]]),
        "date": date.today().isoformat(),
        "commit": commit(),
        "game": GAME,
        "options": OPTIONS,
        "opponent": "random",
        "training_games": args.episodes,
        "eval_seeds": f"{eval_seeds.start}..{eval_seeds.stop - 1}, each from both seats",
        "before": before,
        "after_greedy": interval(greedy),
        "after_sampled": interval(sampled),
        "gain_greedy": interval(greedy.mean(axis=1) - before_scores),
        "gain_sampled": interval(sampled.mean(axis=1) - before_scores),
        "games_won": {
            "before": round(float((before_returns == 1.0).mean()), 4),
            "after_greedy": round(float((greedy == 1.0).mean()), 4),
            "after_sampled": round(float((sampled == 1.0).mean()), 4),
        },
        "png": str(args.png),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary, indent=2), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
