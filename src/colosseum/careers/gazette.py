"""The campaign's gazette ("Appendix III: the Imperator ... publishing a gazette"): the stored
history told as news, one line per event worth telling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..store import StoredEvent
from .campaign import Campaign
from .data import load_tables

WHY = {
    "jugula": "is killed in the arena: Jugula!",
    "died": "dies of his wounds",
    "unpaid": "leaves, unpaid",
    "sold": "is sold",
    "liberated": "is freed by the Emperor",
}


def who(name: str, lanista: str) -> str:
    """A gladiator as the gazette names him: with his lanista, unless his name says it."""
    return name if lanista in name else f"{name} ({lanista})"


def where(code: str) -> str:
    """ "the Coliseum", "an illegal arena", "a provincial arena"..."""
    name = {a.code: a.name for a in load_tables().arenas}.get(code, code)
    if code == "coliseum":
        return f"the {name}"
    lower = name.lower()
    return f"{'an' if lower[0] in 'aeiou' else 'a'} {lower}"


def _combat(data: dict[str, Any]) -> str:
    arena = where(str(data["arena"]))
    lanistae = [str(n) for n in [*data["lanistae"], *data.get("guests", {})]]
    winners = [str(n) for n in data["winners"]]
    losers = [n for n in lanistae if n not in winners]
    if losers:
        line = f"In {arena}, {' and '.join(winners)} beat {' and '.join(losers)}"
    else:  # a victory shared by everyone who fought
        line = f"In {arena}, {' and '.join(winners)} share the victory"
    line += f" for a purse of {data['reward']} aurei."
    falls = [who(name, owner) for owner, name, _ in data["bitten"]]
    if falls:
        line += f" Bit the dust: {', '.join(falls)}."
    return line


TELL: dict[str, Callable[[dict[str, Any]], str]] = {
    "ludus_created": lambda d: f"{d['lanista']} opens a ludus with four Tiro.",
    "combat": _combat,
    "gladiator_removed": lambda d: _sentence(
        f"{d['name']} of {d['lanista']} {WHY.get(str(d['why']), 'leaves')}"
    ),
    "gladiator_added": lambda d: f"{d['lanista']} buys {d['gladiator']['name']}.",
    "criterion": lambda d: f"{d['lanista']} gains Glory: {str(d['code']).replace('_', ' ')}.",
    "glory": lambda d: f"{d['lanista']} gains {d['amount']} Glory: {d['why']}.",
    "servitor_hired": lambda d: f"{d['lanista']} hires a {d['stars']}-star {d['code']}.",
    "servitor": lambda d: f"{d['lanista']}'s {d['code']} now has {d['stars']} star(s).",
    "usury_taken": lambda d: (
        f"{d['lanista']} {'borrows' if d['kind'] == 'loan' else 'lends'} {d['amount']} aurei."
    ),
    "ludus_closed": lambda d: (
        f"{d['lanista']}'s ludus closes, bankrupt. Shame for seven generations."
    ),
}


def _sentence(words: str) -> str:
    """`words` ended by a full stop, unless they end with their own mark ("Jugula!")."""
    return words if words.endswith(("!", "?", ".")) else f"{words}."


def gazette(campaign: Campaign) -> list[tuple[StoredEvent, str]]:
    """The events worth telling, each with its line of news."""
    return [(e, TELL[e.kind](e.payload)) for e in campaign.log(kinds=tuple(TELL))]
