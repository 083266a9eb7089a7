"""Writing transactions, shared by every repository of the store.

On SQLite a writing transaction takes the database's write lock when it begins (`BEGIN
IMMEDIATE`, see `database.py`); writers of one process first queue on a lock of their own
here, since SQLite's busy wait sleeps in steps of up to 100 ms and would add that to every
write under load. Writers of other processes still meet SQLite's busy wait. `writer_turn` is
that queue alone, for a writer that commits the work of several (the tables' group commit).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, Engine

WRITE = {"colosseum_write": True}  # execution option: a transaction that will write
_locks: WeakKeyDictionary[Engine, threading.Lock] = WeakKeyDictionary()
_guard = threading.Lock()


def _lock(engine: Engine) -> threading.Lock:
    with _guard:
        lock = _locks.get(engine)
        if lock is None:
            lock = _locks[engine] = threading.Lock()
        return lock


def writer_turn(engine: Engine) -> AbstractContextManager[object]:
    """This process's turn to write: its SQLite writers one at a time (on PostgreSQL the
    server's row locks order them, and nothing is held here)."""
    return _lock(engine) if engine.dialect.name == "sqlite" else nullcontext()


@contextmanager
def transaction(engine: Engine) -> Iterator[Connection]:
    """A connection in a writing transaction, committed when the block ends; the caller
    holds its `writer_turn`."""
    with engine.connect().execution_options(**WRITE) as connection, connection.begin():
        yield connection


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A connection in a writing transaction, committed when the block ends."""
    with writer_turn(engine), transaction(engine) as connection:
        yield connection
