"""The options of Ludus Gladiatorius; defaults play the rulebook's game."""

from __future__ import annotations

from typing import Final

from ...core.errors import InvalidOption
from ...core.options import OptionSpec

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5

OPTIONS = (
    OptionSpec(
        "round_limit",
        int,
        0,
        "a cap for simulations: after this many rounds the lanista with the most life standing "
        "wins; 0 (the default) plays the rulebook's game, which ends with the last one standing",
        minimum=0,
        simulation_value=30,
        maximum=1000,
    ),
    OptionSpec(
        "gladiators",
        str,
        "drawn",
        "gladiator numbers by seat, e.g. 2,5 (two per seat with 2 players), instead of drawing "
        "them from the cup",
        suggested=("drawn",),
    ),
    OptionSpec(
        "data",
        str,
        "",
        "folder of your own dice.toml, gladiators.toml, arena.toml and rules.toml "
        "(empty: the bundled data)",
        local=True,
    ),
)


def parse_gladiators(text: str, num_players: int) -> list[int]:
    """The `gladiators` option: gladiator numbers by seat, or empty to draw them (Set Up)."""
    if text.strip().lower() in ("", "drawn"):
        return []
    try:
        numbers = [int(part) for part in text.replace(" ", "").split(",")]
    except ValueError as error:
        raise InvalidOption(f"option gladiators={text!r}: use numbers 1-5 like 1,5") from error
    wanted = num_players * (2 if num_players == 2 else 1)
    if len(numbers) != wanted:
        raise InvalidOption(f"option gladiators needs {wanted} numbers for {num_players} players")
    if sorted(set(numbers)) != sorted(numbers) or not all(1 <= n <= 5 for n in numbers):
        raise InvalidOption(f"option gladiators={text!r}: numbers 1-5, each at most once")
    return numbers
