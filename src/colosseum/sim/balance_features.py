"""What each seat had in a finished game, by category, for the balance report.

Read only from the public contract: the game's full view (`state.view(None)`) at the start and
at the end, and the events the game emitted. Each game's function returns, per seat, the set of
(category, name) it held: a gladiator, a building, an armatura, a card played… A hook in each
game's package would be the better home for this knowledge (the games own their knowledge);
until one exists, this module is the one place that reads the three games' views for balance.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.actions import Event

Features = list[set[tuple[str, str]]]
Collector = Callable[[Mapping[str, Any], Sequence[Event], Mapping[str, Any]], Features]

_COPY = re.compile(r"_\d+$")  # palaestra_1, palaestra_2: two copies of one building


def _name(code: str) -> str:
    return _COPY.sub("", code).replace("_", " ").title()


def ludus(first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]) -> Features:
    """Ludus Gladiatorius: each seat's gladiators (by number and name), the specials it used."""
    held: Features = [set() for _ in range(last["players"])]
    owner: dict[int, int] = {}
    for gladiator in last["gladiators"]:
        owner[gladiator["number"]] = gladiator["owner"]
        held[gladiator["owner"]].add(("gladiator", f"{gladiator['number']} {gladiator['name']}"))
    for event in events:
        if event.kind == "special_action" and event.data.get("gladiator") in owner:
            held[owner[event.data["gladiator"]]].add(("special used", str(event.data["name"])))
    return held


def ludi(first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]) -> Features:
    """Ludi Gladiatorii: the veterans and buildings each seat held at some point."""
    held: Features = [set() for _ in range(last["players"])]
    names: dict[str, str] = {}
    for view in (first, last):
        for lanista in view["lanistae"]:
            for gladiator in lanista["gladiators"]:
                names[gladiator["code"]] = gladiator["name"]
    for lanista in first["lanistae"]:
        seat = lanista["seat"]
        for gladiator in lanista["gladiators"]:
            if gladiator["veteran"]:
                held[seat].add(("veteran", gladiator["name"]))
        for building in lanista["buildings"]:
            held[seat].add(("building", _name(building)))
    for event in events:
        if event.kind == "gladiator_in":
            code = str(event.data["gladiator"])
            if not code.startswith("tiro"):
                held[event.data["seat"]].add(("veteran", names.get(code, _name(code))))
        elif event.kind == "building_in":
            held[event.data["seat"]].add(("building", _name(str(event.data["building"]))))
    return held


def jugula(first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]) -> Features:
    """Jugula: each seat's armaturae and talents, the cards it played and its Prima cards."""
    held: Features = [set() for _ in range(last["players"])]
    for gladiator in first["gladiators"]:
        held[gladiator["seat"]].add(("armatura", gladiator["name"]))
    for gladiator in last["gladiators"]:
        for talent in gladiator["talents"]:
            held[gladiator["seat"]].add(("talent", _name(str(talent))))
    for event in events:
        if event.kind == "play" and "card" in event.data:
            held[event.data["seat"]].add(("card played", _name(str(event.data["card"]))))
        elif event.kind == "prima" and "card" in event.data:
            held[event.data["seat"]].add(("prima card", _name(str(event.data["card"]))))
    return held


COLLECTORS: dict[str, Collector] = {
    "ludus-gladiatorius": ludus,
    "ludi-gladiatorii": ludi,
    "jugula": jugula,
}

# The game's own unit of length in its full view, and its name in the report.
LENGTH: dict[str, tuple[str, str]] = {
    "ludus-gladiatorius": ("round", "rounds"),
    "ludi-gladiatorii": ("round", "rounds"),
    "jugula": ("turn", "turns"),
}


def no_features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
    """A game this module does not know: seats only."""
    return [set() for _ in range(int(last.get("players", 0)))]
