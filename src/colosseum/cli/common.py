"""Helpers every command shares: consoles, one-line errors with exit code 2, argument parsing,
the store a command opens (kept per process; a quick reader for the commands that only read),
a progress bar, and where things are kept."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from ..agents import InvalidAgent
from ..core.errors import ColosseumError
from ..core.options import parse_option_pairs

if TYPE_CHECKING:
    from ..store import Store
    from ..store.quick import QuickStore

USAGE_ERROR = 2

DatabaseOpt = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="SQLAlchemy URL, e.g. sqlite:///colosseum.db (default: COLOSSEUM_DATABASE_URL, "
        "else colosseum.db in the data folder).",
    ),
]


def stdout_console() -> Console:
    """A console on the current stdout (made per command, so test runners can capture it)."""
    return Console(highlight=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str) -> NoReturn:
    """Print one error line on stderr and leave with exit code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn every Colosseum error (unknown game, bad option or agent, broken record) into `fail`."""
    try:
        yield
    except ColosseumError as error:
        fail(str(error))


@contextmanager
def database_errors() -> Iterator[None]:
    """Every refusal or database failure as one `error:` line, exit 2. A failure of
    SQLAlchemy can only come once it is imported (a command that only reads SQLite may never
    import it: `store/quick.py` says its own failures as StoreError)."""
    with user_errors():
        try:
            yield
        except Exception as error:
            loaded = sys.modules.get("sqlalchemy.exc")
            if loaded is None or not isinstance(error, loaded.SQLAlchemyError):
                raise
            reason = str(getattr(error, "orig", None) or error).splitlines()[0]
            fail(f"database error: {reason}")


def split_players(text: str) -> list[str]:
    """`human,random` into agent specs; a `key=value` piece continues the previous spec's
    parameters, so `search:iterations=100,c=1.4,random` is two players."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise InvalidAgent(f"empty player in {text!r}: list agents like human,random")
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """`--option k=v` values into a dict (InvalidOption for a pair without "=")."""
    return parse_option_pairs(list(pairs or []))


def open_store(database: str | None) -> Store:
    """The store at `database` (None: the default), imported only when a command needs it.
    Commands run in one process (a test's runner, a benchmark's writer, a script) share it:
    one engine, its connections and its compiled statements per database and process (the
    last `_STORES_KEPT`; a forked process opens its own)."""
    from ..store import Store
    from ..store.location import default_url

    key = (os.getpid(), database or default_url())
    store = _stores.get(key) or Store(key[1])
    _remember(_stores, key, store)
    return store


_STORES_KEPT = 4
_stores: dict[tuple[int, str], Store] = {}


def read_store(database: str | None) -> Store | QuickStore:
    """A store to read a campaign's state from: a SQLite file at the newest migration is read
    without SQLAlchemy (`store/quick.py`: a command that only shows a campaign starts
    quicker), anything else is `open_store`'s. Kept per process as `open_store` keeps its."""
    from ..store.location import default_url
    from ..store.quick import quick_store

    key = (os.getpid(), database or default_url())
    if key in _stores:  # the full store is open already
        return open_store(database)
    quick = _readers.get(key) or quick_store(key[1])
    if quick is None:
        return open_store(database)
    _remember(_readers, key, quick)
    return quick


_readers: dict[tuple[int, str], QuickStore] = {}
_Kept = TypeVar("_Kept", "Store", "QuickStore")


def _remember(kept: dict[tuple[int, str], _Kept], key: tuple[int, str], store: _Kept) -> None:
    """`store` as the most recently used of `kept`; this process's oldest beyond
    `_STORES_KEPT` closed and forgotten."""
    kept.pop(key, None)
    mine = [k for k in kept if k[0] == key[0]]
    for oldest in mine[: max(0, len(mine) - _STORES_KEPT + 1)]:
        kept.pop(oldest).close()
    kept[key] = store


Result = TypeVar("Result")


def with_progress(
    description: str, total: int, run: Callable[[Callable[[int], None]], Result]
) -> Result:
    """`run(advance)` with a progress bar of `total` games on stderr (stdout stays clean for
    --json); `advance(n)` moves it on by n."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=stderr_console(),
        transient=True,
    ) as progress:
        task = progress.add_task(description, total=total)
        return run(lambda n: progress.advance(task, n))


def where(url: str) -> str:
    """The database in words: a SQLite file's path, else its URL without the password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return url
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or "a SQLite database in memory"
    return parsed.render_as_string(hide_password=True)


def print_where(store: Store, what: str = "Stored in") -> None:
    """One line saying which database a command used (a long path is not cut)."""
    stdout_console().print(Text(f"{what} {where(store.url)}", style="dim"), soft_wrap=True)
