"""A lane of the worker pool (docs/security.md, "Computer players"): jobs of many keys (a
table, a seat's hints) run in an executor with a fixed number of slots, shared fairly.

- One job per key at a time: a second job of a key that has one running or waiting is
  refused (`Busy`), so a table never holds more than one slot.
- Served in turn: jobs wait in one first-come queue, so a table whose computer seats decide
  one after the other goes to the back of the queue after each decision, behind every table
  that asked meanwhile (round-robin).
- A bounded queue when asked (`queue`): a job beyond it is refused at once (`Busy`), never
  left to wait behind hundreds of others.
- A pool that lost a worker process (killed, out of memory) is replaced by a new one, and
  the job that found it broken is refused (`WorkerLost`) so that its caller may ask again.
- A time bound: a job not done `timeout` seconds after it started is given up (`TooSlow`).
  A worker thread or process cannot be interrupted cheaply, so its slot stays taken until
  the work really ends; the work itself is bounded (every search stops after
  `budgets.DECISION_SECONDS`), so that is soon, and the lane never runs more jobs at once
  than it has slots.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from typing import Any, TypeVar

T = TypeVar("T")


class LaneError(Exception):
    """A job the lane did not run to its end."""


class Busy(LaneError):
    """The key has a job already (`KeyBusy`), or the queue is full (`QueueFull`)."""


class KeyBusy(Busy):
    """The key has a job waiting or running."""


class QueueFull(Busy):
    """As many jobs wait as the lane's queue holds."""


class TooSlow(LaneError):
    """The job ran past the lane's time bound."""


class LaneClosed(LaneError):
    """The server is stopping."""


class WorkerLost(LaneError):
    """The worker process running the job died (killed, out of memory); the lane's pool
    was renewed, so the job may be asked again."""


class Lane:
    """`slots` jobs at once in `executor`, first come first served, one per key."""

    def __init__(
        self,
        name: str,
        executor: Executor,
        slots: int,
        timeout: float,
        queue: int | None = None,
        renew: Callable[[], Executor] | None = None,
    ) -> None:
        if slots < 1:
            raise ValueError("a lane has at least one slot")
        self.name = name
        self.executor = executor
        self.renew = renew  # makes a new pool when a worker process of this one died
        self.timeout = timeout
        self.queue = queue
        self.closed = False
        self._free = slots
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._keys: set[str] = set()  # keys with a job waiting or running

    @property
    def admitted(self) -> int:
        """Jobs waiting or running (a job given up but still running counts)."""
        return len(self._keys)

    async def run(self, key: str, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in the executor when its turn comes; its result."""
        if self.closed:
            raise LaneClosed(f"the {self.name} lane is closed: the server is stopping")
        if key in self._keys:
            raise KeyBusy(f"{key} has a job in the {self.name} lane already")
        if self.queue is not None and len(self._keys) >= self.queue:
            raise QueueFull(f"the {self.name} lane holds {self.queue} jobs already")
        self._keys.add(key)
        started = False
        try:
            await self._turn()
            if self.closed:
                self._release()
                raise LaneClosed(f"the {self.name} lane is closed: the server is stopping")
            loop = asyncio.get_running_loop()
            executor = self.executor
            try:
                future = loop.run_in_executor(executor, work, *args)
            except BrokenExecutor:  # broken by an earlier job's worker
                self._release()
                self._renew(executor)
                raise WorkerLost(f"a worker of the {self.name} lane died") from None
            except RuntimeError:  # the executor was shut down
                self._release()
                raise LaneClosed(
                    f"the {self.name} lane is closed: the server is stopping"
                ) from None
            started = True
            future.add_done_callback(lambda _: self._done(key))
            try:
                return await asyncio.wait_for(asyncio.shield(future), self.timeout)
            except TimeoutError:
                raise TooSlow(f"took longer than {self.timeout:g} s") from None
            except BrokenExecutor:
                self._renew(executor)
                raise WorkerLost(f"a worker of the {self.name} lane died") from None
        finally:
            if not started:
                self._keys.discard(key)

    def close(self) -> None:
        """Refuse new jobs and end the waiting ones (LaneClosed); running ones end alone."""
        self.closed = True
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(LaneClosed(f"the {self.name} lane closed: the server stops"))

    def _renew(self, broken: Executor) -> None:
        """A new pool in place of `broken` (once, whichever job found it broken first): a
        pool whose worker process died refuses every later job."""
        if self.renew is not None and self.executor is broken and not self.closed:
            broken.shutdown(wait=False, cancel_futures=True)
            self.executor = self.renew()

    async def _turn(self) -> None:
        """Wait for a free slot, in the order of arrival."""
        if self._free and not self._waiters:
            self._free -= 1
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release()  # handed a slot as it was cancelled: pass it on
            else:
                with contextlib.suppress(ValueError):
                    self._waiters.remove(waiter)
            raise

    def _done(self, key: str) -> None:
        self._keys.discard(key)
        self._release()

    def _release(self) -> None:
        """Hand the slot to the first waiter, or free it."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1
