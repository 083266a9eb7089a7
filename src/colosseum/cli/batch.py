"""What the commands that play batches of games share (`simulate`, `tournament`, `balance`,
`bench`, `ladder`): their options, the options of the game checked once, the batch's seed, and
the backend the games run on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.errors import ColosseumError
from ..core.registry import game_definition, new_game
from .common import parse_options
from .extras import require

if TYPE_CHECKING:
    from ..sim.backends import Backend

GameArg = Annotated[str, typer.Argument(help="Game id or alias, e.g. ludus.", show_default=False)]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as name=value; repeat for more."),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", "-s", help="Seed for a reproducible run (default: drawn).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
JobsOpt = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", min=1, help="Processes, this one included (Ray: CPUs of a local Ray)."
    ),
]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend", help="Where the games run: process (local processes) or ray (Ray tasks)."
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="With --backend ray: join this Ray cluster (auto, or ray://head:10001).",
        show_default=False,
    ),
]


def checked_options(game_id: str, players: int, option: list[str] | None) -> dict[str, Any]:
    """The `--option` values resolved (and checked) by starting one game with them, with each
    cap not given set at the game's simulation value, so every game of a batch ends."""
    from ..core.options import simulation_options

    given = simulation_options(game_definition(game_id).info.options, parse_options(option))
    return dict(new_game(game_id, players=players, seed=0, options=given).options)


def batch_seed(seed: int | None) -> int:
    """The seed of a batch of games: the one given, else drawn."""
    import secrets

    return secrets.randbits(31) if seed is None else seed


def batch_backend(name: str, jobs: int, address: str | None, command: str) -> Backend:
    """The backend named by --backend, after checking that its extra is installed."""
    from ..sim.backends import BACKENDS, make_backend

    if name not in BACKENDS:
        raise ColosseumError(f"unknown backend {name!r}: choose one of {', '.join(BACKENDS)}")
    if name == "ray":
        require("ray", command)
    return make_backend(name, jobs, address)
