"""Option sets for the environments' tests: every game's options drawn at random, with a cap
so a random game stays short (`cap` rounds or turns)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import colosseum
from colosseum.core.registry import game_definition
from colosseum.games.jugula.data import load_catalog as jugula_catalog

GAMES = ("ludus-gladiatorius", "ludi-gladiatorii", "jugula")
CAP = {
    "ludus-gladiatorius": "round_limit",
    "ludi-gladiatorii": "round_limit",
    "jugula": "turn_limit",
}
SHORT = {"ludus-gladiatorius": 12, "ludi-gladiatorii": 8, "jugula": 80}
"""A cap that keeps a random game to a few hundred steps at most."""
LUDI_FLAGS = tuple(
    o.name for o in game_definition("ludi-gladiatorii").info.options if o.type is bool
)


def max_players(game: str) -> int:
    return game_definition(game).info.max_players


def player_counts(game: str) -> range:
    info = game_definition(game).info
    return range(info.min_players, info.max_players + 1)


def random_options(game: str, players: int, rng: random.Random, cap: int) -> dict[str, Any]:
    """Options of `game` for `players` seats, each drawn from what the game allows."""
    options: dict[str, Any] = {CAP[game]: cap}
    if game == "ludus-gladiatorius":
        if rng.random() < 0.5:
            per_seat = 2 if players == 2 else 1
            options["gladiators"] = ",".join(map(str, rng.sample(range(1, 6), players * per_seat)))
    elif game == "ludi-gladiatorii":
        for flag in LUDI_FLAGS:
            options[flag] = rng.random() < 0.5
        options["victory_points"] = rng.randint(3, 12)
    else:
        options.update(_jugula_options(players, rng))
    return options


def _jugula_options(players: int, rng: random.Random) -> dict[str, Any]:
    catalog = jugula_catalog("")
    options: dict[str, Any] = {}
    kind = rng.choice(("dealt", "chosen", "written"))
    if kind != "written":
        options["familiae"] = kind
    else:
        seats = []
        for _ in range(players):
            taken: set[str] = set()
            entries = []
            for armatura in rng.sample(catalog.armaturae, catalog.rules.familia):
                extras = [u for u in ("mp", "att", "def") for _ in range(rng.randint(0, 2))]
                wanted = "heavy" if armatura.heavy else "light"
                talents = [
                    code
                    for code, talent in catalog.talents.items()
                    if talent.kind in ("all", wanted) and code not in taken
                ]
                for code in rng.sample(talents, rng.randint(0, 2)):
                    taken.add(code)
                    extras.append(code)
                if rng.random() < 0.2:
                    extras.append("wounded")
                entries.append("+".join([armatura.code, *extras]))
            seats.append(",".join(entries))
        options["familiae"] = "/".join(seats)
    if rng.random() < 0.3:
        options["vox"] = ",".join(str(rng.randint(0, 6)) for _ in range(players))
    if rng.random() < 0.3:
        prima = [catalog.cards[c].code for c in catalog.prima]
        options["prima"] = "/".join(
            "+".join(rng.sample(prima, rng.randint(0, 2))) for _ in range(players)
        )
    if players == 2 and rng.random() < 0.3:
        options["simple"] = True
    return options


def playout(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> Iterator[colosseum.State]:
    """Every state of a random game, the start included (the same state object, advanced)."""
    state = colosseum.new_game(game, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        yield state
