"""What Sortes Gladiatoriae tells the balance report (`core/balance.py`): the seat that opened
the bidding, and each bid a seat made, read from the full views and the events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colosseum.core.actions import Event
from colosseum.core.balance import Features

LENGTH = ("round", "rounds")  # the full view's count of the game's length, and its unit


def features(
    first: Mapping[str, Any], events: Sequence[Event], last: Mapping[str, Any]
) -> Features:
    """Per seat: whether it bid first in round 1, and every bid it made, as revealed."""
    held: Features = [set() for _ in range(int(last["players"]))]
    held[int(first["first"])].add(("opening", "bid first"))
    for event in events:
        if event.kind == "bout":
            for seat, amount in enumerate(event.data["bids"]):
                held[seat].add(("bid", str(amount)))
    return held
