"""Which attacks a familia could make now, read from a seat's view: a menu entry can warn that
a card played for its combat effect would be spent with no attack to make.

The reading follows "Eligible targets" as `combat.targets` applies it: the front zone of a
gladiator projected by his Range (never adjacent for a Bow, the danger zone alone for a Massive
one), enemies not wounded this turn, a Sharp one only from an adjacent square, and no attack at
all from a hindered gladiator. Everything comes from the view and the catalog, nothing hidden.
"""

from __future__ import annotations

from .board import geometry
from .render_names import FACINGS, View, _at, _coords, armatura_spec


def attack_pairs(view: View, seat: int | None) -> list[tuple[str, str]]:
    """(attacker's square, target's square) for every attack `seat`'s familia could make now."""
    if seat is None:
        return []
    width, height = int(view.get("width", 8)), int(view.get("height", 8))
    geo = geometry(width, height)
    at = _at(view)
    found: list[tuple[str, str]] = []
    for square, entry in at.items():
        if entry["seat"] != seat or entry.get("hindered") or not entry.get("facing"):
            continue
        spec = armatura_spec(entry.get("armatura"))
        file, rank = _coords(square)
        if spec is None or not (0 <= file < width and 0 <= rank < height):
            continue
        index = rank * width + file
        facing = FACINGS.index(entry["facing"])
        reach = int(entry.get("range") or 0)
        for target in geo.attack_zone(index, facing, reach, spec.bow, spec.massive):
            name = geo.names[target]
            defender = at.get(name)
            if defender is None or defender["seat"] == seat or defender.get("wounded_this_turn"):
                continue
            if "sharp" in defender.get("talents", []) and geo.distance(index, target) > 1:
                continue
            found.append((square, name))
    return found


def can_attack(view: View, seat: int | None) -> bool:
    """Whether `seat`'s familia has any attack to make now."""
    return bool(attack_pairs(view, seat))
