"""The Ludus Gladiatorius state machine: set-up, rounds, counters, activations, attacks.

Gladiators are indexed 0-4 (gladiator number minus one). Per-gladiator facts live in short
lists, so that a clone is a handful of list copies. What a seat sees is `views.py`, the guesses
of hidden counters `hidden.py`, the position format and its checks `position.py`.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...core.actions import Action, Event, public_event
from ...core.options import OptionValue
from ...core.rng import Rng
from . import attack, combat, hidden, views
from .data import Arena, Face, load_catalog
from .fields import LudusFields
from .model import (
    ACT,
    GAME_ID,
    MOVE,
    NET_HELD,
    NUM_GLADIATORS,
    OFF_BOARD,
    OVER,
    PHASE_NAMES,
    PLACE,
    VERSION,
)
from .movement import reachable, reachable_with_net
from .options import parse_gladiators
from .specials import (
    BLANK,
    CODES,
    FS,
    HIDDEN,
    KIND_OF,
    KINDS,
    NO_COUNTER,
    REVEALED,
)


class LudusState(LudusFields):
    """A game of Ludus Gladiatorius (see `docs/rules/ludus-gladiatorius.md`)."""

    __slots__ = ()

    game_id = GAME_ID
    version = VERSION

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, OptionValue]) -> LudusState:
        """Set Up: gladiators and starting hexes by drawn counters, then the first round."""
        state = cls()
        state._init_common(num_players, options, seed)
        state.catalog = load_catalog(str(options["data"]))
        state.rng = Rng.from_seed(seed)
        chosen = parse_gladiators(str(options["gladiators"]), num_players)
        per_seat = 2 if num_players == 2 else 1
        if not chosen:
            cup = [1, 2, 3, 4, 5]
            state.rng.shuffle(cup)
            chosen = cup[: num_players * per_seat]
        owner = [-1] * NUM_GLADIATORS
        for i, number in enumerate(chosen):
            owner[number - 1] = i // per_seat
        state.owner = tuple(owner)
        sheets = state.catalog.sheets
        state.life = [sheets[g].life if owner[g] >= 0 else 0 for g in range(NUM_GLADIATORS)]
        state.hex = [OFF_BOARD] * NUM_GLADIATORS
        cup = [1, 2, 3, 4, 5]
        state.rng.shuffle(cup)
        starts = state.catalog.arena.starts
        for number, drawn in zip(chosen, cup, strict=False):
            state.hex[number - 1] = starts[drawn]
        state.remaining = [0] * (NUM_GLADIATORS * KINDS)
        for g in range(NUM_GLADIATORS):
            for code, quantity in sheets[g].specials.items():
                state.remaining[g * KINDS + KIND_OF[code]] = quantity
        state.unrevealed = []
        state.net_hex = NET_HELD
        state.carry = [0] * NUM_GLADIATORS
        state.round = 0
        state.winning_seats = ()
        state._start_round()
        return state

    def clone(self) -> LudusState:
        other = LudusState()
        other._copy_common(self)
        other.catalog = self.catalog
        other.owner = self.owner
        other.life = self.life[:]
        other.hex = self.hex[:]
        other.start_hex = self.start_hex
        other.remaining = self.remaining[:]
        other.counter = self.counter[:]
        other.counter_status = self.counter_status[:]
        other.counter_mask = self.counter_mask[:]
        other.attacked = self.attacked[:]
        other.defended = self.defended[:]
        other.no_attack = self.no_attack[:]
        other.no_defence = self.no_defence[:]
        other.entangled = self.entangled[:]
        other.carry = self.carry[:]
        other.unrevealed = self.unrevealed[:]
        other.order = self.order
        other.step = self.step
        other.phase = self.phase
        other.round = self.round
        other.moved = self.moved
        other.allowance = self.allowance
        other.pending = self.pending
        other.net_hex = self.net_hex
        other.rng = self.rng.copy()
        other.winning_seats = self.winning_seats
        return other

    # --- queries --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        g = self.active_gladiator
        return None if g is None else self.owner[g]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    def capped(self) -> bool:
        limit = int(self.options["round_limit"])
        seats = {self.owner[g] for g in self.standing()}
        return self.phase == OVER and bool(limit) and self.round >= limit and len(seats) > 1

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            g = self.order[self.step]
            base = g * KINDS
            actions = [_PLACE[BLANK]]
            actions.extend(
                _PLACE[kind] for kind in range(1, KINDS) if self.remaining[base + kind] > 0
            )
            return actions
        if phase == ACT:
            return self._activation_actions(self.order[self.step])
        if phase == MOVE:
            return self._move_actions(self.order[self.step])
        assert self.pending is not None
        if self.may_defend(self.pending[1]):
            return [_DEFEND, _NO_DEFENCE]
        return [_NO_DEFENCE]

    def _activation_actions(self, g: int) -> list[Action]:
        actions = []
        if not self.moved and not self.entangled[g]:
            actions.append(_DECLARE_MOVE)
        if self.may_attack(g):
            for t in self.attack_targets(g):
                actions.append(_ATTACK[t])
                if self._may_recover_net(g, t):
                    actions.append(_ATTACK_RECOVER[t])
        actions.append(_END)
        return actions

    def _may_recover_net(self, g: int, t: int) -> bool:
        """Net Recovery by a hit: the Retiarius attacks the opponent standing on his net."""
        return self.net_hex != NET_HELD and self.hex[t] == self.net_hex and self.is_retiarius(g)

    def _move_actions(self, g: int) -> list[Action]:
        arena = self.catalog.arena
        occupied = self.occupied(g)
        names = arena.names
        here = self.hex[g]
        ends = reachable(arena, here, self.allowance, occupied)
        to = _to_by_hex(arena)
        actions = [_STAY]
        actions.extend([to[h] for h in ends if h != here])  # a list: no generator frame
        if self.net_hex != NET_HELD and self.net_hex not in occupied and self.is_retiarius(g):
            cost = self.catalog.rules.net_attack.recover_move_cost
            with_net = reachable_with_net(arena, here, self.allowance, occupied, self.net_hex, cost)
            actions.extend(_to_with_net(names[h]) for h in sorted(with_net))
        return actions

    # --- rounds ---------------------------------------------------------------------------

    def _start_round(self) -> None:
        """Game Play 1-2: draw the gladiator order, then each places a counter face down."""
        self.round += 1
        self.start_hex = tuple(self.hex)
        order = self.standing()
        self.rng.shuffle(order)
        self.order = tuple(order)
        self.step = 0
        self.phase = PLACE
        self.counter = [NO_COUNTER] * NUM_GLADIATORS
        self.counter_status = [HIDDEN] * NUM_GLADIATORS
        self.counter_mask = [0] * NUM_GLADIATORS
        self.attacked = [False] * NUM_GLADIATORS
        self.defended = [False] * NUM_GLADIATORS
        self.no_attack = [False] * NUM_GLADIATORS
        self.no_defence = [False] * NUM_GLADIATORS
        self.entangled = [False] * NUM_GLADIATORS
        self.moved = False
        self.allowance = 0
        self.pending = None

    def _end_round(self, events: list[Event]) -> None:
        """After the last activation: face-down counters stay secret (kept in `unrevealed`
        when the next round's are placed; the last round's stay where they lie); the next
        round starts."""
        events.append(public_event("round_end", {"round": self.round}, "ludus.round.end"))
        limit = int(self.options["round_limit"])
        if limit and self.round >= limit:
            self._finish_on_life(events)
            return
        for g in range(NUM_GLADIATORS):
            if self.counter[g] != NO_COUNTER and self.counter_status[g] != REVEALED:
                self.unrevealed.append((g, self.counter[g], self.counter_mask[g]))
        self._start_round()
        events.append(
            public_event(
                "round_start",
                {"round": self.round, "order": [g + 1 for g in self.order]},
                "ludus.round.order",
            )
        )

    def _next_activation(self, events: list[Event]) -> None:
        """Hand the round to the next gladiator able to act, or end the round."""
        self.step += 1
        self.moved = False
        while self.step < len(self.order):
            g = self.order[self.step]
            if self.in_play(g) and not self.entangled[g]:
                return
            self.step += 1
        self._end_round(events)

    def _after_action(self, events: list[Event]) -> None:
        """End the activation at once when nothing but "end" is left to choose, as everyone
        can see it (a face-down Doughty Defence still gets its decision, so as not to show)."""
        if self.phase != ACT:
            return
        g = self.order[self.step]
        if self.moved and not (self.can_attack(g) and self.attack_targets(g)):
            self._next_activation(events)

    # --- applying actions -----------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.kind
        if kind == "place":
            self._place(KIND_OF[str(action.args[0])], events)
        elif kind == "move":
            self._declare_move(self.order[self.step], events)
        elif kind in ("to", "stay"):
            self._finish_move(action, events)
        elif kind == "attack":
            target = int(action.args[0]) - 1
            attack.declare_attack(self, self.order[self.step], target, len(action.args) > 1, events)
        elif kind == "defend":
            attack.answer_attack(self, True, events)
        elif kind == "no-defence":
            attack.answer_attack(self, False, events)
        else:  # "end"
            events.append(
                public_event(
                    "end",
                    {"gladiator": self.order[self.step] + 1},
                    "ludus.round.activation-end",
                )
            )
            self._next_activation(events)
        if self.phase != OVER:
            self._after_action(events)
        return events

    def _place(self, kind: int, events: list[Event]) -> None:
        """Game Play 2 / Special Actions 1-2: a counter face down, crossed off when placed."""
        g = self.order[self.step]
        self.counter[g] = kind
        if kind != BLANK:
            self.remaining[g * KINDS + kind] -= 1
        owner = self.owner[g]
        events.append(public_event("counter_placed", {"gladiator": g + 1}, "ludus.round.counters"))
        events.append(
            Event(
                "counter_chosen",
                {"gladiator": g + 1, "counter": CODES[kind]},
                [owner],
                rule="ludus.round.counters",
            )
        )
        self.step += 1
        if self.step == len(self.order):
            self.phase = ACT
            self.step = -1
            self._next_activation(events)

    def _declare_move(self, g: int, events: list[Event]) -> None:
        """Move 1-2 and Fast Speed: the Lion's counter, then the boosted die before moving."""
        sheet = self.catalog.sheets[g]
        rules = self.catalog.rules
        allowance = sheet.movement
        if "FS" in sheet.specials and self.trigger(g, FS, events):
            allowance = rules.fast_speed.movement
        boost = self.roll([rules.movement.boost_die])
        bonus = (
            rules.movement.boost_bonus if combat.swords(boost) >= rules.movement.boost_swords else 0
        )
        self.allowance = allowance + bonus
        self.moved = True
        self.phase = MOVE
        events.append(
            public_event(
                "boost_roll",
                {
                    "gladiator": g + 1,
                    "faces": combat.as_lists(boost),
                    "bonus": bonus,
                    "allowance": self.allowance,
                },
                "ludus.move.boosted-die",
            )
        )

    def _finish_move(self, action: Action, events: list[Event]) -> None:
        g = self.order[self.step]
        start = self.hex[g]
        if action.kind == "to":
            self.hex[g] = self.catalog.arena.index[str(action.args[0])]
            if len(action.args) > 1:
                self.net_hex = NET_HELD
                events.append(
                    public_event(
                        "net_recovered",
                        {"gladiator": g + 1, "by": "move"},
                        "ludus.combat.net-recovery",
                    )
                )
        names = self.catalog.arena.names
        events.append(
            public_event(
                "moved",
                {"gladiator": g + 1, "from": names[start], "to": names[self.hex[g]]},
                "ludus.move.movement",
            )
        )
        self.phase = ACT

    def _finish_on_life(self, events: list[Event]) -> None:
        """Round limit (our rule, the rulebook has none): most life still standing wins."""
        totals = [0] * self.num_players
        for g in self.standing():
            totals[self.owner[g]] += self.life[g]
        best = max(totals)
        winners = [s for s in range(self.num_players) if totals[s] == best]
        self.finish(winners, events, "ludus.cap.round-limit")

    def roll(self, dice: list[str]) -> list[Face]:
        return combat.roll(self.rng, [self.catalog.dice[name] for name in dice])

    # --- hidden information and views -----------------------------------------------------

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Guess every face-down counter of other lanistae (`hidden.resample`)."""
        hidden.resample(self, seat, rng)

    def determinize_counters(
        self, seat: int, rng: random.Random, weights: dict[int, dict[str, float]]
    ) -> LudusState:
        """`determinize`, this round's face-down counters of the gladiators in `weights` drawn
        by those weights (`hidden.determinize_counters`)."""
        return hidden.determinize_counters(self, seat, rng, weights)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` knows (`views.view`)."""
        return views.view(self, seat)

    # --- positions ------------------------------------------------------------------------

    def _position_body(self) -> dict[str, Any]:
        """The game's part of `to_position`; `position.py` holds the schema that reads it."""
        names = self.catalog.arena.names
        pending = None
        if self.pending is not None:
            attacker, defender, recover = self.pending
            pending = {"attacker": attacker, "defender": defender, "recover_net": recover}
        return {
            "seed": self.seed,
            "rng": self.rng.state,
            "owner": list(self.owner),
            "life": self.life[:],
            "hex": [names[h] if h != OFF_BOARD else None for h in self.hex],
            "start_hex": [names[h] if h != OFF_BOARD else None for h in self.start_hex],
            "remaining": self.remaining[:],
            "counter": self.counter[:],
            "counter_status": self.counter_status[:],
            "counter_mask": self.counter_mask[:],
            "attacked": self.attacked[:],
            "defended": self.defended[:],
            "no_attack": self.no_attack[:],
            "no_defence": self.no_defence[:],
            "entangled": self.entangled[:],
            "carry": self.carry[:],
            "unrevealed": [
                {"gladiator": g, "counter": kind, "ruled_out": mask}
                for g, kind, mask in self.unrevealed
            ],
            "order": list(self.order),
            "step": self.step,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "moved": self.moved,
            "allowance": self.allowance,
            "pending": pending,
            "net": None if self.net_hex == NET_HELD else names[self.net_hex],
            "winners": list(self.winning_seats),
        }


# An Action is a value (equal by kind and arguments, never changed), so the actions offered
# again and again are made once: the counters, the activation's and the defence's choices, and
# a move's destinations (every move offers about fifty).
_PLACE: Final = tuple(Action("place", code) for code in CODES)
_DECLARE_MOVE: Final = Action("move")
_END: Final = Action("end")
_STAY: Final = Action("stay")
_DEFEND: Final = Action("defend")
_NO_DEFENCE: Final = Action("no-defence")
_ATTACK: Final = tuple(Action("attack", t + 1) for t in range(NUM_GLADIATORS))
_ATTACK_RECOVER: Final = tuple(Action("attack", t + 1, "recover") for t in range(NUM_GLADIATORS))
_TO: Final[dict[str, Action]] = {}
_TO_WITH_NET: Final[dict[str, Action]] = {}
_TO_BY_HEX: Final[dict[int, tuple[Arena, list[Action]]]] = {}


def _to(name: str) -> Action:
    """`to <hex>`, made the first time it is offered."""
    action = _TO.get(name)
    if action is None:
        action = _TO[name] = Action("to", name)
    return action


def _to_by_hex(arena: Arena) -> list[Action]:
    """`to <hex>` for every hex of `arena`, by the hex's index: made once per arena."""
    kept = _TO_BY_HEX.get(id(arena))
    if kept is None or kept[0] is not arena:
        kept = _TO_BY_HEX[id(arena)] = (arena, [_to(name) for name in arena.names])
    return kept[1]


def _to_with_net(name: str) -> Action:
    """`to <hex> net`, made the first time it is offered."""
    action = _TO_WITH_NET.get(name)
    if action is None:
        action = _TO_WITH_NET[name] = Action("to", name, "net")
    return action
