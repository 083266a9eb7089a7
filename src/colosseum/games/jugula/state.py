"""The Jugula state: the arena, the familiae, each lanista's cards, and the pending tasks.

Gladiators are numbered `seat * familia + k`; squares `(rank - 1) * width + file` (`board`).
The rules live in the modules named after their rulebook sections (`setup`, `rules`, `moves`,
`combat`, `abilities`, `victory`), reading the fields of `fields.JugulaFields`; this class adds
the kernel's contract and hands each decision to them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.actions import Action, Event
from ...core.options import OptionValue
from . import hidden, rules, setup
from . import position as positions
from .fields import JugulaFields
from .model import GAME_ID, VERSION


class JugulaState(JugulaFields):
    """A game of Jugula in the arena (see `docs/rules/jugula.md`)."""

    __slots__ = ()

    game_id = GAME_ID
    version = VERSION
    # A facing may be typed in full: "deploy murmillo d1 north" is "deploy murmillo d1 n".
    notation_words: ClassVar[Mapping[str, str]] = {
        "north": "n",
        "east": "e",
        "south": "s",
        "west": "w",
    }

    def clone(self) -> JugulaState:
        """Explicit shallow copies of the fields of SCALARS, LISTS and NESTED (model.py); the
        lists of REPLACED are shared, as the rules replace them instead of changing them."""
        o = JugulaState()
        o._copy_common(self)
        o.catalog = self.catalog
        o.fighters = self.fighters
        o.rng = self.rng.copy()
        o.tasks = self.tasks[:]
        o.fight = None if self.fight is None else self.fight.copy()
        o.turn_seat, o.first_seat, o.turns = self.turn_seat, self.first_seat, self.turns
        o.rounds, o.over, o.sudden = self.rounds, self.over, self.sudden
        o.order_pos = self.order_pos
        o.square = self.square[:]
        o.facing = self.facing[:]
        o.wounds = self.wounds[:]
        o.board = self.board[:]
        o.vox = self.vox[:]
        o.marker, o.held = self.marker, self.held  # REPLACED: never changed in place
        o.moved, o.hurt = self.moved, self.hurt
        o.compelled, o.bids = self.compelled, self.bids
        o.top_known, o.top_public = self.top_known, self.top_public
        o.out, o.zone, o.order = self.out, self.zone, self.order
        o.aside, o.removed, o.shown = self.aside, self.removed, self.shown
        o.winning_seats = self.winning_seats
        o.hand = list(map(list.copy, self.hand))
        o.deck = list(map(list.copy, self.deck))
        o.discard = list(map(list.copy, self.discard))
        o.in_play = list(map(list.copy, self.in_play))
        return o

    # --- contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.tasks[-1][1]

    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    def capped(self) -> bool:
        limit = int(self.options["turn_limit"])
        return self.over and bool(limit) and self.turns > limit

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply_action(self, action)

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.resample(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        return hidden.view(self, seat)

    def _position_body(self) -> dict[str, Any]:
        return positions.write(self)

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> JugulaState:
        state = cls()
        positions.read(state, position)
        return state

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, OptionValue]) -> JugulaState:
        state = cls()
        setup.set_up(state, num_players, seed, options)
        return state
