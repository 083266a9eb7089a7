"""Batch simulation and benchmarks: many games between agents, and raw engine throughput."""

from .bench import BenchResult, bench_game
from .match import GameResult, play_match, rotated
from .seeding import derive_seed
from .simulate import Simulation, run_games, summarize

__all__ = [
    "BenchResult",
    "GameResult",
    "Simulation",
    "bench_game",
    "derive_seed",
    "play_match",
    "rotated",
    "run_games",
    "summarize",
]
