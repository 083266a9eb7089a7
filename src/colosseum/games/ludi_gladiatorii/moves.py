"""Every action of the game, made once: the rules modules offer these shared objects rather
than new ones at each `legal_actions` (asked at every step of every playout and search).

The actions on a card are per catalog (`Catalog.moves`, indexed by card); the others are
constants here. Actions are never changed once made, so sharing them is safe.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.actions import Action
from .model import StartEffect
from .options import MAX_PLAYERS

GLADIATOR_KINDS = (
    "fight",
    "work",
    "chain",
    "collect",
    "use",
    "bind",
    "defend",
    "reserve",
    "discard",
    "offer",
    "reject",
    "train",
    "champion",
    "keep",
    "lose",
    "saturnalia",
    "gallicum",
)
BUILDING_KINDS = ("build", "demolish", "quarry", "raze", "take", "refresh")
COMBAT_KINDS = ("play", "favor", "drop")


def _made(kind: str, args: Iterable[int | str]) -> tuple[Action, ...]:
    return tuple(Action(kind, arg) for arg in args)


class Moves:
    """The actions on the cards of one catalog: `gladiator["work"][card]` is "work <code>",
    likewise `building` and `combat` by their kinds; `bid[n]` bids n coins."""

    __slots__ = ("bid", "building", "combat", "gladiator")

    def __init__(
        self,
        gladiators: list[str],
        buildings: list[str],
        combat: list[str],
        coin_tokens: int,
    ) -> None:
        self.gladiator = {kind: _made(kind, gladiators) for kind in GLADIATOR_KINDS}
        self.building = {kind: _made(kind, buildings) for kind in BUILDING_KINDS}
        self.combat = {kind: _made(kind, combat) for kind in COMBAT_KINDS}
        self.bid = _made("bid", range(coin_tokens + 1))


START: dict[StartEffect, Action] = {
    effect: Action("start", effect)
    for effect in ("vinalia", "plaga_galeni", "refill_gladiators", "novice_income", "champion")
}
"""The start-of-turn effects resolved by a `start` action (Palaestra's is `train` or skip)."""
SKIP_TRAINING = Action("skip", "training")
TARGET = _made("target", range(MAX_PLAYERS))
END = Action("end")
DONE = Action("done")
PASS = Action("pass")
AUCTION = Action("auction")
BUY_NOVICE = Action("buy", "novice")
BUY_COMBAT = Action("buy-combat")
NO_CARD = Action("no", "card")
FAVOR = Action("favor")
NO_FAVOR = Action("no", "favor")
APPLY = Action("apply")
IGNORE = Action("ignore")
