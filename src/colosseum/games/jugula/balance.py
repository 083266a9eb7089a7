"""What Jugula tells the balance report (`core/balance.py`): what each seat held in a
finished game, read from the full views at the start and the end and the events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Event
from ...core.balance import Features, code_name

LENGTH = ("turn", "turns")  # the full view's count of the game's length, and its unit


def features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
    """Jugula: each seat's armaturae and talents, the cards it played and its Prima cards."""
    held: Features = [set() for _ in range(last["players"])]
    for gladiator in first["gladiators"]:
        held[gladiator["seat"]].add(("armatura", gladiator["name"]))
    for gladiator in last["gladiators"]:
        for talent in gladiator["talents"]:
            held[gladiator["seat"]].add(("talent", code_name(str(talent))))
    for event in events:
        if event.kind == "play" and "card" in event.data:
            held[event.data["seat"]].add(("card played", code_name(str(event.data["card"]))))
        elif event.kind == "prima" and "card" in event.data:
            held[event.data["seat"]].add(("prima card", code_name(str(event.data["card"]))))
    return held
