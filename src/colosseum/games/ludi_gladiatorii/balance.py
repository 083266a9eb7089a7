"""What Ludi Gladiatorii tells the balance report (`core/balance.py`): what each seat held in a
finished game, read from the full views at the start and the end and the events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Event
from ...core.balance import Features, code_name

LENGTH = ("round", "rounds")  # the full view's count of the game's length, and its unit


def features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
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
            held[seat].add(("building", code_name(building)))
    for event in events:
        if event.kind == "gladiator_in":
            code = str(event.data["gladiator"])
            if not code.startswith("tiro"):
                held[event.data["seat"]].add(("veteran", names.get(code, code_name(code))))
        elif event.kind == "building_in":
            held[event.data["seat"]].add(("building", code_name(str(event.data["building"]))))
    return held
