"""Ludi Gladiatorii's reference page (its definition's `reference` hook, `core/reference.py`):
every building of the bundled data, the cards of one kind in one row; nothing here is typed
by hand but the headings."""

from __future__ import annotations

from typing import Any

from ...core.reference import Reference, Table
from .data import load_catalog

BOXES = {
    "base": "basic game",
    "quintus_ludus": "Quintus Ludus",
    "magistri_arenae": "Magistri Arenae",
    "historiae": "Historiae",
}


def _players(n: int) -> str:
    return "always" if n <= 2 else f"from {n} players"


def _entry(points: int, coins: int) -> str:
    gains = []
    if points:
        gains.append(f"{points} victory point{'s' if points > 1 else ''}")
    if coins:
        gains.append(f"{coins} coin{'s' if coins > 1 else ''}")
    return " and ".join(gains) or "–"


def reference() -> Reference:
    """Every building of the bundled data, the cards of one kind (same name and numbers) in
    one row with how many there are and when each is used."""
    catalog = load_catalog()
    kinds: dict[tuple[Any, ...], list[Any]] = {}
    for b in catalog.buildings:
        key = (b.name, b.cost, b.demolition, b.points, b.coins, b.effect, b.text)
        kinds.setdefault(key, []).append(b)
    rows = []
    for cards in kinds.values():
        first = cards[0]
        uses = "; ".join(
            f"{_players(b.players)}, {BOXES.get(b.box, b.box)}"
            + (", may be dealt at set-up" if b.initial else "")
            for b in cards
        )
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}: {uses}"
        rows.append(
            (
                first.name,
                str(first.cost),
                str(first.demolition) if not first.points else "never",
                _entry(first.points, first.coins),
                first.text or "–",
                count,
            )
        )
    rows.sort(key=lambda row: row[0])
    rules = catalog.rules
    return Reference(
        game="ludi-gladiatorii",
        title="Ludi Gladiatorii: the buildings",
        intro=f"Every building card of the game and its expansions, as the server plays them. "
        f"Build: turn gladiators whose construction adds up to the cost; demolish your own "
        f"the same way for its demolition cost (buildings worth points never). You may own "
        f"at most {rules.max_buildings} buildings, never two of one name; each houses one "
        f"gladiator. On entry: what a building gives when it is built or dealt.",
        tables=(
            Table(
                "buildings",
                "The buildings",
                "Cards of the same name and numbers share a row; the last column says when "
                "each is in the game.",
                ("Building", "Cost", "Demolish", "On entry", "What it does", "Cards"),
                tuple(rows),
            ),
        ),
    )
