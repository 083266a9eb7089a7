"""The options of Ludus Gladiatorius; defaults play the rulebook's game."""

from __future__ import annotations

from ...core.options import OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 5

OPTIONS = (
    OptionSpec(
        "round_limit",
        int,
        30,
        "rounds after which the game stops and the lanista with the most life standing wins "
        "(the rulebook sets no limit; ours keeps every game finite)",
        minimum=1,
        maximum=1000,
    ),
    OptionSpec(
        "gladiators",
        str,
        "drawn",
        "gladiator numbers by seat, e.g. 2,5 (two per seat with 2 players), instead of drawing "
        "them from the cup",
    ),
    OptionSpec(
        "data",
        str,
        "",
        "folder of your own dice.toml, gladiators.toml, arena.toml and rules.toml "
        "(empty: the bundled data)",
    ),
)
