"""Computer seats: their decisions are made in a pool of worker processes (or threads, for
tests and small machines), never in the server's event loop.

A worker receives the table's state, the seat and its agent spec, and returns a notation. The
agent reads the state only through `view`, `legal_actions` and `determinize`, as every agent
does. The randomness of a decision is seeded from the table's seed and version, so a table's
computer seats choose the same way when asked again (after a restart).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache

from ..agents.base import Agent
from ..agents.hints import Hint, hints
from ..agents.registry import make_agent
from ..core.state import State


@lru_cache(maxsize=64)
def _agent(spec: str, game_id: str) -> Agent:
    return make_agent(spec, game_id)


def decide(state: State, seat: int, spec: str, seed: int, version: int) -> str:
    """The notation the agent `spec` plays for `seat` (run in a worker)."""
    rng = random.Random(f"{seed}:{version}")
    action = _agent(spec, state.game_id).choose(state, seat, rng)
    return str(action)


def hint(state: State, seat: int, seed: int, version: int) -> list[Hint]:
    """What the `normal` search thinks of `seat`'s options (run in a worker)."""
    return hints(state, seat, f"hint:{seed}:{version}")


class BotPool:
    """Where computer seats think: `workers` processes, or threads when `workers` is 0."""

    def __init__(self, workers: int = 1) -> None:
        self.executor: Executor
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        else:
            self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.thinking: dict[str, int] = {}  # table id -> seat now deciding

    async def decide(self, state: State, seat: int, spec: str, seed: int, version: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, decide, state, seat, spec, seed, version)

    async def hint(self, state: State, seat: int, seed: int, version: int) -> list[Hint]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, hint, state, seat, seed, version)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
