"""Backends: ways to run a batch of seeded games — local processes by default, Ray when asked.

A backend runs `task(plan, indices)` over every game index of a plan, a batch of indices per
task, and returns the results in index order. Each game is seeded from its index alone (see
`Simulation.game_seed`), so the results do not depend on the backend, the number of workers or
the batch size; only the timings do. One task costs a fixed overhead (a process pool's pickling,
Ray's scheduling and object store: `benchmarks/scaling.py` measures both), so games go to the
workers in batches large enough to hide it and small enough to balance the workers and move the
progress bar.

Ray (the `ray` extra) is imported only when a Ray backend runs: it starts a local Ray instance
with `workers` CPUs for the run and stops it after, or joins the cluster at `address` (the
cluster's CPUs are the workers), or uses the instance already started in this process.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from ..core.errors import ColosseumError

P = TypeVar("P")
R = TypeVar("R")

Task = Callable[[P, Sequence[int]], list[R]]
ProgressCallback = Callable[[int], None]
BackendName = Literal["process", "ray"]
BACKENDS: tuple[BackendName, ...] = ("process", "ray")

LARGEST_BATCH = 64  # games per task at most: ~0.1-1 s of cheap agents' games
BATCHES_PER_WORKER = 8  # at least this many tasks per worker when there are games enough
# Seconds of games left, at the pace of the batch just played, below which the workers are not
# worth starting: twice a worker's start-up (0.5 s measured for Ludus on 2 cores,
# docs/performance.md).
WORTH_A_WORKER = 1.0


class Backend(Protocol):
    """A way to run every game of a plan: `run(task, plan, total, progress)`."""

    def run(
        self,
        task: Task[P, R],
        plan: P,
        total: int,
        progress: ProgressCallback | None = None,
        batch: int | None = None,
    ) -> list[R]:
        """`task(plan, indices)` over the indices 0 … total-1 in batches, the results in index
        order (each task returns one result per index, in order); `progress(n)` after each
        batch of n games; `batch` fixes the games per task (default: `batches(total, workers)`).
        """
        ...


def batches(total: int, workers: int, size: int | None = None) -> list[range]:
    """The indices 0 … total-1 cut into consecutive batches of `size` (default: at most
    LARGEST_BATCH, and small enough that each worker gets BATCHES_PER_WORKER of them)."""
    if size is None:
        size = max(1, min(LARGEST_BATCH, total // (max(1, workers) * BATCHES_PER_WORKER)))
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


def _flatten(done: Sequence[list[R] | None]) -> list[R]:
    return [result for part in done if part is not None for result in part]


def _warm_up(plan: object) -> None:
    """What a new worker does first: import the game and load its data (about half a second
    for Ludus on a 2-core machine, most of a worker's start-up), so that its first batch of
    games is played at full speed and the caller knows it is ready."""
    game_id = getattr(plan, "game_id", None)
    if isinstance(game_id, str):
        from ..core.registry import game_definition, new_game

        new_game(game_id, players=game_definition(game_id).info.min_players, seed=0)


@dataclass(frozen=True, slots=True)
class ProcessBackend:
    """`jobs` processes: this one and `jobs - 1` workers (`spawn`ed, safe everywhere).

    A worker costs about half a second before its first game (a new interpreter, the imports,
    the game's data: `_warm_up`), which is more than a small batch takes in one process. So
    this process plays batches itself and starts workers once the rest, at the pace of the
    batch it just played, would take it longer than WORTH_A_WORKER; it goes on playing while
    they start, and gives a worker batches only once it is ready, two at a time (one to play,
    one waiting). `jobs` processes in all, never more, compete for the cores.
    """

    jobs: int = 1

    @property
    def workers(self) -> int:
        return max(1, self.jobs)

    def run(
        self,
        task: Task[P, R],
        plan: P,
        total: int,
        progress: ProgressCallback | None = None,
        batch: int | None = None,
    ) -> list[R]:
        chunks = batches(total, self.workers, batch)
        done: list[list[R] | None] = [None] * len(chunks)
        todo = deque(range(len(chunks)))  # this process takes from the front, workers the back

        def play_here() -> None:
            number = todo.popleft()
            done[number] = task(plan, chunks[number])
            if progress is not None:
                progress(len(chunks[number]))

        # Play here until the rest, at the pace of the batch just played, would take longer
        # than starting a worker: the batches of a plan may cost unlike amounts (a tournament's
        # first pair of agents may be quick, its last a search), so the first alone misleads.
        while todo:
            started = time.perf_counter()
            play_here()
            rest = (time.perf_counter() - started) * len(todo)
            if self.workers > 1 and rest >= WORTH_A_WORKER:
                break
        if not todo:
            return _flatten(done)
        helpers = self.workers - 1
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=helpers, mp_context=context) as pool:
            warming = [pool.submit(_warm_up, plan) for _ in range(helpers)]
            pending: dict[Future[list[R]], int] = {}
            while todo or pending:
                ready = sum(1 for f in warming if f.done() and f.exception() is None)
                while todo and len(pending) < 2 * ready:
                    number = todo.pop()
                    pending[pool.submit(task, plan, chunks[number])] = number
                if todo:
                    play_here()
                    finished = [future for future in pending if future.done()]
                else:
                    finished = list(wait(pending, return_when=FIRST_COMPLETED).done)
                for future in finished:
                    number = pending.pop(future)
                    done[number] = future.result()
                    if progress is not None:
                        progress(len(chunks[number]))
        return _flatten(done)


def _call(task: Task[Any, Any], plan: Any, indices: Sequence[int]) -> list[Any]:
    """What a Ray worker runs: one batch (the plan comes from the object store)."""
    return task(plan, indices)


@dataclass(frozen=True, slots=True)
class RayBackend:
    """Ray tasks: a local instance of `workers` CPUs, or the cluster at `address`."""

    workers: int = 1
    address: str | None = None

    def run(
        self,
        task: Task[P, R],
        plan: P,
        total: int,
        progress: ProgressCallback | None = None,
        batch: int | None = None,
    ) -> list[R]:
        import ray

        started_here = not ray.is_initialized()
        if started_here:
            common: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.ERROR,
                "configure_logging": True,
            }
            try:
                if self.address is not None:
                    _check_reachable(self.address)
                    ray.init(address=self.address, **common)
                else:
                    ray.init(num_cpus=max(1, self.workers), **common)
            except (ConnectionError, RuntimeError, TimeoutError, ValueError) as error:
                where = "a local Ray" if self.address is None else f"the Ray cluster {self.address}"
                raise ColosseumError(f"cannot start {where}: {_first_line(error)}") from None
        try:
            resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
            workers = max(1, int(resources.get("CPU", self.workers)))
            chunks = batches(total, workers, batch)
            remote = ray.remote(num_cpus=1, max_retries=0)(_call)
            plan_ref = ray.put(plan)
            pending = {remote.remote(task, plan_ref, chunk): n for n, chunk in enumerate(chunks)}
            done: list[list[R] | None] = [None] * len(chunks)
            while pending:
                # Whatever finished within half a second: one pass over the refs per wave
                # of results, not per result, when a cluster runs thousands of tasks.
                wanted = min(len(pending), LARGEST_BATCH)
                ready, _ = ray.wait(list(pending), num_returns=wanted, timeout=0.5)
                for ref in ready:
                    number = pending.pop(ref)
                    done[number] = ray.get(ref)
                    if progress is not None:
                        progress(len(chunks[number]))
            return _flatten(done)
        finally:
            if started_here:
                ray.shutdown()


def _first_line(error: BaseException) -> str:
    """The first line of an error's message (Ray's run to many lines)."""
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """ConnectionError, at once, when nothing answers at a `host:port` address (plain or
    `ray://`): Ray itself retries such an address for minutes. `auto` is Ray's to resolve."""
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if address == "auto" or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ConnectionError(f"nothing answers at {where} ({reason})") from None


def make_backend(name: str = "process", jobs: int = 1, address: str | None = None) -> Backend:
    """The backend called `name` ("process" or "ray") with `jobs` workers; `address` joins an
    existing Ray cluster (Ray only). ColosseumError for anything else."""
    if name == "process":
        if address is not None:
            raise ColosseumError("--address joins a Ray cluster: use it with --backend ray")
        return ProcessBackend(jobs)
    if name == "ray":
        return RayBackend(jobs, address)
    raise ColosseumError(f"unknown backend {name!r}: choose one of {', '.join(BACKENDS)}")
