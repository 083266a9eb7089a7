"""The Ludi Gladiatorii state: who holds what, and which decision is pending.

Cards are integers: indices into the catalog's gladiators, buildings, combat cards and events.
The rules live in the modules named after their rulebook sections (`setup`, `turn`, `combat`,
`auction`, `champions`, `victory`), reading the fields of `fields.LudiFields`; this class
adds the kernel's contract and hands each decision to them.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...core.actions import Action, Event
from ...core.options import OptionValue
from . import hidden, invariants, rules, setup
from . import position as position_format
from .fields import LudiFields
from .model import (
    GAME_ID,
    LISTS,
    NESTED,
    PHASE,
    PHASES,
    SCALARS,
    VERSION,
)

_OVER: Final = PHASE["over"]  # looked up once: asked at every step


class LudiState(LudiFields):
    """A game of Ludi Gladiatorii (see `docs/rules/ludi-gladiatorii.md`)."""

    __slots__ = ()

    game_id = GAME_ID
    version = VERSION

    def clone(self) -> LudiState:
        """Explicit shallow copies: the fields of SCALARS, LISTS and NESTED (model.py); `list.copy`
        rather than `[:]`, which makes a slice object each time."""
        o = LudiState()
        o._copy_common(self)
        o.catalog = self.catalog
        o.in_play = self.in_play
        o.effects = self.effects.copy()  # frozensets: shared
        o.rng = self.rng.copy()
        o.active, o.start_seat, o.round = self.active, self.start_seat, self.round
        o.phase, o.decider, o.resume = self.phase, self.decider, self.resume
        o.supply_coins, o.supply_points = self.supply_coins, self.supply_points
        o.supply_favor, o.event = self.supply_favor, self.event
        o.officina_used, o.auctions_left = self.officina_used, self.auctions_left
        o.job_kind, o.job_building = self.job_kind, self.job_building
        o.job_left, o.job_used, o.job_razed = self.job_left, self.job_used, self.job_razed
        o.chain_card, o.chain_left = self.chain_card, self.chain_left
        o.chain_target, o.collect_card = self.chain_target, self.collect_card
        o.events_started = self.events_started
        o.coins = self.coins.copy()
        o.points = self.points.copy()
        o.turned = self.turned.copy()
        o.chained = self.chained.copy()
        o.favor = self.favor.copy()
        o.trample_ready = self.trample_ready.copy()
        o.champion = self.champion.copy()
        o.centre_buildings = self.centre_buildings.copy()
        o.building_deck = self.building_deck.copy()
        o.centre_novices = self.centre_novices.copy()
        o.veteran_pile = self.veteran_pile.copy()
        o.veteran_discard = self.veteran_discard.copy()
        o.combat_pile = self.combat_pile.copy()
        o.combat_discard = self.combat_discard.copy()
        o.event_pile = self.event_pile.copy()
        o.event_discard = self.event_discard.copy()
        o.start_pending = self.start_pending.copy()
        o.champion_queue = self.champion_queue.copy()
        o.draft_pool = self.draft_pool.copy()
        o.winning_seats = self.winning_seats.copy()
        o.gladiators = list(map(list.copy, self.gladiators))
        o.buildings = list(map(list.copy, self.buildings))
        o.hands = list(map(list.copy, self.hands))
        o.combat = None if self.combat is None else self.combat.copy()
        o.auction = None if self.auction is None else self.auction.copy()
        return o

    # --- contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == _OVER else self.decider

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    def capped(self) -> bool:
        limit = int(self.options["round_limit"])
        return self.is_terminal() and bool(limit) and self.round > limit

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

    def seat_view(self, seat: int | None) -> hidden.SeatView:
        """`view(seat)` a part at a time, each made when first asked (`hidden.SeatView`): the
        fast form for agents, which read a few parts at each decision."""
        return hidden.SeatView(self, seat)

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
        """A state from `to_position()`, checked by the schema and then by every invariant."""
        state = cls()
        position_format.load(state, position)
        invariants.check(state)
        return state

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, OptionValue]) -> LudiState:
        state = cls()
        setup.set_up(state, num_players, seed, options)
        return state
