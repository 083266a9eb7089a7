"""Computer seats and hints: their searches run in worker processes (or threads, for tests and
small machines), never in the server's event loop, in two lanes (web/scheduler.py) so that
neither can starve the other (docs/security.md, "Computer players"):

- the computer players' lane: `workers` slots shared by every table, one decision in flight
  per table, tables served in turn, each decision given up after `DECISION_TIMEOUT`;
- the hints' lane: one slot of its own, one hint in flight per seat, at most `HINT_QUEUE`
  hints running or waiting for the whole server (more are refused at once), each given up
  after `HINT_TIMEOUT`.

A worker receives the table's state, the seat and its agent spec, and returns a notation. The
agent reads the state only through `view`, `legal_actions` and `determinize`, as every agent
does. The randomness of a decision is seeded from the table's seed and version, so a table's
computer seats choose the same way when asked again (after a restart). Every search stops
after `DECISION_SECONDS`, whatever its spec asks (`ISMCTSAgent.time_limit`).
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache, partial

from ..agents.base import Agent
from ..agents.hints import Hint, hints
from ..agents.ismcts import ISMCTSAgent
from ..agents.registry import make_agent
from ..core.state import State
from .budgets import DECISION_SECONDS, DECISION_TIMEOUT, HINT_QUEUE, HINT_TIMEOUT
from .scheduler import Lane, WorkerLost

THREADS = 2  # slots of the computer players' lane when it runs in threads


@lru_cache(maxsize=64)
def _agent(spec: str, game_id: str) -> Agent:
    agent = make_agent(spec, game_id)
    if isinstance(agent, ISMCTSAgent):
        agent.time_limit = DECISION_SECONDS
    return agent


def decide(state: State, seat: int, spec: str, seed: int, version: int) -> str:
    """The notation the agent `spec` plays for `seat` (run in a worker)."""
    rng = random.Random(f"{seed}:{version}")
    action = _agent(spec, state.game_id).choose(state, seat, rng)
    return str(action)


def hint(state: State, seat: int, seed: int, version: int) -> list[Hint]:
    """What the `normal` search thinks of `seat`'s options (run in a worker; the level's
    half a second bounds it)."""
    return hints(state, seat, f"hint:{seed}:{version}")


def _executor(processes: int, threads: int, name: str) -> Executor:
    if processes > 0:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=processes, mp_context=context)
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix=name)


class BotPool:
    """Where computer seats and hints think: `workers` processes for computer seats and one
    for hints, or threads when `workers` is 0."""

    def __init__(self, workers: int = 1) -> None:
        slots = workers if workers > 0 else THREADS
        bots = partial(_executor, workers, THREADS, "bot")
        self.decisions = Lane("computer players", bots(), slots, DECISION_TIMEOUT, renew=bots)
        helpers = partial(_executor, min(workers, 1), 1, "hint")
        self.hints = Lane("hints", helpers(), 1, HINT_TIMEOUT, queue=HINT_QUEUE, renew=helpers)
        self.thinking: dict[str, int] = {}  # table id -> seat now deciding

    @property
    def closed(self) -> bool:
        return self.decisions.closed

    async def decide(
        self, table_id: str, state: State, seat: int, spec: str, seed: int, version: int
    ) -> str:
        """The computer seat's notation, when the table's turn in the lane comes (asked
        once more if the worker process running it died)."""
        try:
            return await self.decisions.run(table_id, decide, state, seat, spec, seed, version)
        except WorkerLost:
            return await self.decisions.run(table_id, decide, state, seat, spec, seed, version)

    async def hint(self, key: str, state: State, seat: int, seed: int, version: int) -> list[Hint]:
        """The hints for `seat`, in the hints' lane; `key` names the seat (one at a time)."""
        try:
            return await self.hints.run(key, hint, state, seat, seed, version)
        except WorkerLost:
            return await self.hints.run(key, hint, state, seat, seed, version)

    def close(self) -> None:
        for lane in (self.decisions, self.hints):
            lane.close()
            lane.executor.shutdown(wait=False, cancel_futures=True)
