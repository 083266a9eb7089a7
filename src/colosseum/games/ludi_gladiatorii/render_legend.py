"""What every abbreviation and mark of the Ludi Gladiatorii screen means (`render_legend`, the
F5 key of the full-screen interface), in the project's own words; the abilities, buildings and
events named from the catalog of the game drawn last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType

from ...core.seats import legend_group
from .render_cards import (
    ABILITY_WORDS,
    STRAIGHT,
    STRAIGHT_STYLE,
    TURNED,
    TURNED_STYLE,
    View,
    building_effect,
    building_spec,
    catalog,
    use_data,
)

Entry = tuple[str, str]

TABLE: Sequence[Entry] = (
    ("Round", "the round, whose turn it is and what the decision is about"),
    (
        "Build",
        "buildings that may be built: name, entry points (1VP), cost in coins (5c); "
        "×2 two of that kind; razes: the Lapicidinae costs no coins but demolishes",
    ),
    ("Draft", "initial buildings still to be chosen"),
    ("Novices", "novice gladiators left to take"),
    ("Veterans", "veterans left in the pile (so many out: discarded)"),
    ("Combat", "combat cards left in the pile"),
    ("Supply", "coins (c) and victory points (VP) left in the supply"),
    ("Event", "the Historiae event of this round, by name, with what it does"),
    ("c", "coins: 4c is four coins"),
    ("VP", "victory points; 2/7VP: two of the seven that win"),
    ("1/2", "after the marks: gladiators kept / room for them (one a building, two a barracks)"),
)

GLADIATORS: Sequence[Entry] = (
    (STRAIGHT, "straight: the gladiator may still act this turn"),
    (TURNED, "turned: he has acted this turn (he may still defend)"),
    ("vet", "a veteran (won at an auction)"),
    ("nov", "a novice (taken from the novices' pile)"),
    ("C2", "combat value: added to the combat card in a fight"),
    ("W1", "work value: coins taken when he works"),
    ("B0", "build value: what he adds to a construction job"),
    ("champion", "a champion (Champions module: combat 3)"),
    ("chained", "chained by a rival: he cannot defend during that rival's turn"),
)

CARDS: Sequence[Entry] = (
    ("Impetus +1", "an attack card: the attacker's side adds its number"),
    ("Defensio +1", "a defence card: the defender's side adds its number"),
    ("I+1 D+2", "the same cards in a narrow panel: I Impetus, D Defensio"),
    ("skull", "the beaten gladiator is discarded"),
    ("+1 VP", "the winner takes a victory point more (VP in a narrow panel)"),
    ("+2 coins", "the winner takes coins (2c in a narrow panel)"),
    ("reshuffle", "the used combat cards go back into the pile, shuffled (shuffle)"),
)

AUCTION: Sequence[Entry] = (
    ("Revealed", "the gladiators revealed for this auction: choose the one to offer"),
    ("min bid", "the lowest bid allowed for him"),
    ("Offered", "the gladiator up for auction, and each lanista's bid"),
)


def ability_entries() -> list[Entry]:
    return [
        (name, f"a gladiator's ability ({code.replace('_', ' ')})")
        for code, name in ABILITY_WORDS.items()
    ]


def building_entries(view: View) -> list[Entry]:
    """The buildings on the table and in the lanistae's hands, with what each one does."""
    codes = list(view.get("centre", {}).get("buildings", []))
    for lanista in view.get("lanistae", []):
        codes.extend(lanista.get("buildings", []))
    found: dict[str, str] = {}
    for code in codes:
        spec = building_spec(code)
        if spec is not None and spec.name not in found:
            found[spec.name] = building_effect(spec) or "entry benefits only"
    return sorted(found.items())


def event_entries() -> list[Entry]:
    return [(event.name, event.text) for event in catalog().events if event.text]


def legend_entries(view: View) -> list[tuple[str, Sequence[Entry]]]:
    """The legend by section: (heading, [(what is shown, what it means)])."""
    sections: list[tuple[str, Sequence[Entry]]] = [
        ("The table", TABLE),
        ("Gladiators", GLADIATORS),
        ("Abilities", ability_entries()),
        ("Combat cards", CARDS),
        ("Auctions", AUCTION),
    ]
    buildings = building_entries(view)
    if buildings:
        sections.append(("Buildings in play", buildings))
    if view.get("centre", {}).get("event") is not None:
        sections.append(("Historiae events", event_entries()))
    return sections


_STYLES = {STRAIGHT: STRAIGHT_STYLE, TURNED: TURNED_STYLE}


def render_legend(
    view: View, options: Mapping[str, Any] | None = None, width: int = 80
) -> RenderableType:
    """Every abbreviation and mark of the table, the panel and the menu, a table a section."""
    use_data(str((options or {}).get("data") or ""))
    return legend_group(
        "Ludi Gladiatorii: what the screen shows", legend_entries(view), width, _STYLES
    )
