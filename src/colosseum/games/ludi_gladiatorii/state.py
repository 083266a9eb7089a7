"""The Ludi Gladiatorii state: who holds what, and which decision is pending.

Cards are integers: indices into the catalog's gladiators, buildings, combat cards and events.
The rules live in the modules named after their rulebook sections (`setup`, `turn`, `combat`,
`auction`, `champions`); this class holds the state and hands each decision to them.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.actions import Action, Event
from ...core.options import OptionValue
from ...core.rng import Rng
from ...core.state import State
from . import hidden, rules, setup
from .data import Catalog
from .model import GAME_ID, LISTS, NESTED, PHASE, PHASES, SCALARS, VERSION, Auction, Combat


class LudiState(State):
    """A game of Ludi Gladiatorii (see `docs/rules/ludi-gladiatorii.md`)."""

    __slots__ = (*SCALARS, *LISTS, *NESTED, "auction", "catalog", "combat", "rng", "in_play")

    game_id = GAME_ID
    version = VERSION

    catalog: Catalog
    rng: Rng
    combat: Combat | None
    auction: Auction | None
    in_play: dict[str, Any]

    def clone(self) -> LudiState:
        other = LudiState.__new__(LudiState)
        other._copy_common(self)
        other.catalog = self.catalog
        other.in_play = self.in_play
        other.rng = self.rng.copy()
        for name in SCALARS:
            setattr(other, name, getattr(self, name))
        for name in LISTS:
            setattr(other, name, getattr(self, name)[:])
        for name in NESTED:
            setattr(other, name, [inner[:] for inner in getattr(self, name)])
        other.combat = None if self.combat is None else self.combat.copy()
        other.auction = None if self.auction is None else self.auction.copy()
        return other

    # --- contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == PHASE["over"] else self.decider

    def is_terminal(self) -> bool:
        return self.phase == PHASE["over"]

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        rules.apply_action(self, action, events)
        return events

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.resample(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        return hidden.view(self, seat)

    def _position_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"seed": self.seed, "rng": self.rng.state}
        for name in SCALARS:
            body[name] = getattr(self, name)
        for name in LISTS:
            body[name] = getattr(self, name)[:]
        for name in NESTED:
            body[name] = [inner[:] for inner in getattr(self, name)]
        body["phase"] = PHASES[self.phase]
        body["combat"] = None if self.combat is None else self.combat.to_json()
        body["auction"] = None if self.auction is None else self.auction.to_json()
        return body

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> LudiState:
        state = cls.__new__(cls)
        setup.load_position(state, position)
        return state

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, OptionValue]) -> LudiState:
        state = cls.__new__(cls)
        setup.set_up(state, num_players, seed, options)
        return state
