"""The optional parts of the package (pyproject's extras) and the one line a command prints
when the extra it needs is not installed."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import typer

from .common import database_errors, fail

# extra -> the modules it brings that Colosseum imports
EXTRAS: dict[str, tuple[str, ...]] = {
    "store": ("sqlalchemy", "alembic", "networkx"),
    "postgres": ("psycopg",),
    "web": (
        "sqlalchemy",
        "alembic",
        "fastapi",
        "uvicorn",
        "jinja2",
        "orjson",
        "markdown_it",
        "openskill",
    ),
    "ray": ("ray",),
    "balance": ("matplotlib",),
    "train": ("numpy", "sklearn"),
}


def missing_module(extra: str) -> str | None:
    """The first module of `extra` that cannot be imported here; None when all can."""
    for name in EXTRAS[extra]:
        if importlib.util.find_spec(name) is None:
            return name
    return None


def require(extra: str, command: str) -> None:
    """Leave with one line naming the extra to install when `extra` is not installed."""
    module = missing_module(extra)
    if module is not None:
        fail(
            f"{command} needs the {extra} extra ({module} is missing): "
            f"pip install 'colosseum[{extra}]'"
        )


def deferred_group(
    app: typer.Typer, name: str, extra: str | None, help: str, load: Callable[[], typer.Typer]
) -> None:
    """Register the command group `name`, imported only when it is used (`load` returns its
    Typer app), so `colosseum --help` need not import a database or a web server; without
    `extra` installed it only says which extra to install (whatever its arguments)."""

    @app.command(
        name,
        help=help,
        add_help_option=False,
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    )
    def deferred(ctx: typer.Context) -> None:
        if extra is not None:
            require(extra, f"colosseum {name}")
        group = _built(load)
        with group.make_context(name, list(ctx.args), parent=ctx.parent) as inner:
            group.invoke(inner)


@cache
def _built(load: Callable[[], typer.Typer]) -> typer.core.TyperGroup:
    """The command group `load` returns, made into a Click command once per process (Typer
    reads every command's signature to make it: tens of milliseconds for the careers)."""
    group = typer.main.get_command(load())
    assert isinstance(group, typer.core.TyperGroup)
    return group


@contextmanager
def store_command(command: str) -> Iterator[None]:
    """A command on the web server's store (`colosseum accounts`, `colosseum ratings`): the
    web extra required, every refusal or database failure one `error:` line, exit 2."""
    require("web", command)
    with database_errors():
        yield
