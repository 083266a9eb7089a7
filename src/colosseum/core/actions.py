"""Actions and events: what a seat decides and what the game reports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

JsonValue = Any


class Action:
    """One decision of the current player: a kind and its arguments.

    `str(action)` is its notation (the kind, then the arguments, separated by spaces); the
    notation is accepted back by `State.apply`. Actions compare equal by kind and arguments.
    """

    __slots__ = ("_text", "args", "kind")

    def __init__(self, kind: str, *args: int | str) -> None:
        self.kind = kind
        self.args = args
        self._text: str | None = None

    def __str__(self) -> str:
        text = self._text
        if text is None:  # written once: the log, the search's tree and the agents all ask
            text = self._text = " ".join([self.kind, *map(str, self.args)])
        return text

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def to_json(self) -> dict[str, JsonValue]:
        return {"kind": self.kind, "args": list(self.args), "notation": str(self)}


def normalize_notation(text: str) -> str:
    """Notation as compared by `State.apply`: lower case, single spaces, no edge spaces."""
    return " ".join(text.lower().split())


class Event:
    """Something that happened, with the seats that may see it (`None`: everyone) and the id of
    the rule it applied (`rule`, listed in the game's `data/rule_ids.toml` and its rules notes;
    an id is never renamed once published, docs/kernel.md)."""

    __slots__ = ("data", "kind", "rule", "visible_to")

    def __init__(
        self,
        kind: str,
        data: dict[str, JsonValue] | None = None,
        visible_to: Iterable[int] | None = None,
        *,
        rule: str | None = None,
    ) -> None:
        self.kind = kind
        self.data = data if data is not None else {}
        self.visible_to = None if visible_to is None else frozenset(visible_to)
        self.rule = rule

    def visible(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, JsonValue]:
        visible = None if self.visible_to is None else sorted(self.visible_to)
        return {"kind": self.kind, "rule": self.rule, "data": self.data, "visible_to": visible}

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, rule={self.rule!r})"


_new_object = object.__new__


def public_event(kind: str, data: dict[str, JsonValue], rule: str) -> Event:
    """`Event(kind, data, rule=rule)`, seen by everyone, made without calling the class: the
    same event for half the cost, for what a game reports at every step (its turn, a card
    played, a step taken)."""
    event: Event = _new_object(Event)
    event.kind = kind
    event.data = data
    event.visible_to = None
    event.rule = rule
    return event
