"""What Ludus Gladiatorius tells the balance report (`core/balance.py`): what each seat held in a
finished game, read from the full views at the start and the end and the events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Event
from ...core.balance import Features

LENGTH = ("round", "rounds")  # the full view's count of the game's length, and its unit


def features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
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
