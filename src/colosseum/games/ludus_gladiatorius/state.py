"""The Ludus Gladiatorius state machine: set-up, rounds, counters, activations, attacks.

Gladiators are indexed 0-4 (gladiator number minus one). Per-gladiator facts live in short
lists, so that a clone is a handful of list copies.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.actions import Action, Event
from ...core.errors import ColosseumError, InvalidOption
from ...core.options import OptionValue, resolve_options
from ...core.rng import Rng
from ...core.state import State, position_field
from . import combat
from .data import Catalog, Face, load_catalog
from .movement import reachable, reachable_with_net
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from .specials import (
    BLANK,
    CODES,
    DD,
    FS,
    HIDDEN,
    KIND_OF,
    KINDS,
    NA,
    NO_COUNTER,
    REVEALED,
    SA,
    SPENT,
    D,
    F,
    bit,
    spent_status,
)

GAME_ID = "ludus-gladiatorius"
VERSION = 1
NUM_GLADIATORS = 5
NET_HELD = -1
OFF_BOARD = -1

# Phases: whose decision it is and of what kind.
PLACE, ACT, MOVE, DEFEND, OVER = range(5)
PHASE_NAMES = ("place", "act", "move", "defend", "over")


class LudusState(State):
    """A game of Ludus Gladiatorius (see `docs/rules/ludus-gladiatorius.md`)."""

    __slots__ = (
        "allowance",
        "attacked",
        "carry",
        "catalog",
        "counter",
        "counter_mask",
        "counter_status",
        "defended",
        "entangled",
        "hex",
        "life",
        "moved",
        "net_hex",
        "no_attack",
        "no_defence",
        "order",
        "owner",
        "pending",
        "phase",
        "remaining",
        "rng",
        "round",
        "start_hex",
        "step",
        "unrevealed",
        "winning_seats",
    )

    game_id = GAME_ID
    version = VERSION

    catalog: Catalog
    owner: tuple[int, ...]
    pending: tuple[int, int, bool] | None
    start_hex: tuple[int, ...]
    unrevealed: list[tuple[int, int, int]]
    winning_seats: tuple[int, ...]

    # --- construction ---------------------------------------------------------------------

    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, OptionValue]) -> LudusState:
        """Set Up: gladiators and starting hexes by drawn counters, then the first round."""
        state = cls.__new__(cls)
        state._init_common(num_players, options, seed)
        state.catalog = load_catalog(str(options["data"]))
        state.rng = Rng.from_seed(seed)
        chosen = _parse_gladiators(str(options["gladiators"]), num_players)
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
        other = LudusState.__new__(LudusState)
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

    def in_play(self, g: int) -> bool:
        """Whether gladiator index `g` is standing in the arena."""
        return self.hex[g] != OFF_BOARD

    def standing(self) -> list[int]:
        return [g for g in range(NUM_GLADIATORS) if self.hex[g] != OFF_BOARD]

    @property
    def active_gladiator(self) -> int | None:
        """The gladiator index whose counter or activation is being decided."""
        if self.phase == OVER:
            return None
        if self.phase == DEFEND:
            assert self.pending is not None
            return self.pending[1]
        return self.order[self.step]

    @property
    def current_player(self) -> int | None:
        g = self.active_gladiator
        return None if g is None else self.owner[g]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    def is_retiarius(self, g: int) -> bool:
        """The Retiarius is the gladiator whose record sheet carries Net Attack."""
        return g == self.catalog.retiarius

    def can_attack(self, g: int) -> bool:
        """Combat 1: one attack a round; none after Doughty Defence or when entangled."""
        return not (self.attacked[g] or self.no_attack[g] or self.entangled[g])

    def can_defend(self, g: int) -> bool:
        """Combat 4: one defence a round; none after Savage Attack or when entangled."""
        return not (self.defended[g] or self.no_defence[g] or self.entangled[g])

    def attack_targets(self, g: int) -> list[int]:
        """Combat 2: adjacent gladiators of other lanistae."""
        near = self.catalog.arena.neighbours[self.hex[g]]
        me = self.owner[g]
        return [
            t
            for t in range(NUM_GLADIATORS)
            if self.hex[t] in near and self.owner[t] != me and self.hex[t] != OFF_BOARD
        ]

    def occupied(self, excluding: int) -> set[int]:
        return {h for g, h in enumerate(self.hex) if h != OFF_BOARD and g != excluding}

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            g = self.order[self.step]
            base = g * KINDS
            actions = [Action("place", "blank")]
            actions.extend(
                Action("place", CODES[kind])
                for kind in range(1, KINDS)
                if self.remaining[base + kind] > 0
            )
            return actions
        if phase == ACT:
            return self._activation_actions(self.order[self.step])
        if phase == MOVE:
            return self._move_actions(self.order[self.step])
        return [Action("defend"), Action("no-defence")]

    def _activation_actions(self, g: int) -> list[Action]:
        actions = []
        if not self.moved and not self.entangled[g]:
            actions.append(Action("move"))
        if self.can_attack(g):
            for t in self.attack_targets(g):
                actions.append(Action("attack", t + 1))
                if self._may_recover_net(g, t):
                    actions.append(Action("attack", t + 1, "recover"))
        actions.append(Action("end"))
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
        actions = [Action("stay")]
        actions.extend(Action("to", names[h]) for h in ends if h != here)
        if self.net_hex != NET_HELD and self.net_hex not in occupied and self.is_retiarius(g):
            cost = self.catalog.rules.net_attack.recover_move_cost
            with_net = reachable_with_net(arena, here, self.allowance, occupied, self.net_hex, cost)
            actions.extend(Action("to", names[h], "net") for h in sorted(with_net))
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
        """After the last activation: face-down counters stay secret; the next round starts."""
        for g in range(NUM_GLADIATORS):
            if self.counter[g] != NO_COUNTER and self.counter_status[g] != REVEALED:
                self.unrevealed.append((g, self.counter[g], self.counter_mask[g]))
        events.append(Event("round_end", {"round": self.round}))
        if self.round >= int(self.options["round_limit"]):
            self._finish_on_life(events)
            return
        self._start_round()
        events.append(
            Event("round_start", {"round": self.round, "order": [g + 1 for g in self.order]})
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
        """End the activation at once when nothing but "end" is left to choose."""
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
            self._declare_attack(self.order[self.step], target, len(action.args) > 1, events)
        elif kind == "defend":
            self._answer_attack(True, events)
        elif kind == "no-defence":
            self._answer_attack(False, events)
        else:  # "end"
            events.append(Event("end", {"gladiator": self.order[self.step] + 1}))
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
        events.append(Event("counter_placed", {"gladiator": g + 1}))
        events.append(
            Event("counter_chosen", {"gladiator": g + 1, "counter": CODES[kind]}, [owner])
        )
        self.step += 1
        if self.step == len(self.order):
            self.phase = ACT
            self.step = -1
            self._next_activation(events)

    def _trigger(self, g: int, kind: int, events: list[Event]) -> bool:
        """A moment a `kind` counter must be used: use it if it lies here, else rule it out."""
        if self.counter[g] == kind and self.counter_status[g] == HIDDEN:
            self.counter_status[g] = REVEALED
            events.append(
                Event(
                    "special_action",
                    {"gladiator": g + 1, "action": CODES[kind], "name": self._special_name(kind)},
                )
            )
            return True
        if self.counter_status[g] != REVEALED:
            self.counter_mask[g] |= bit(kind)
        return False

    def _special_name(self, kind: int) -> str:
        return self.catalog.special_names[CODES[kind]]

    def _spend_if(self, g: int) -> None:
        """Mark this round's face-down counter unusable when its moment can no longer come."""
        if self.counter_status[g] == HIDDEN:
            self.counter_status[g] = spent_status(
                self.counter[g], self.attacked[g], self.defended[g], self.entangled[g]
            )

    def _declare_move(self, g: int, events: list[Event]) -> None:
        """Move 1-2 and Fast Speed: the Lion's counter, then the boosted die before moving."""
        sheet = self.catalog.sheets[g]
        rules = self.catalog.rules
        allowance = sheet.movement
        if "FS" in sheet.specials and self._trigger(g, FS, events):
            allowance = rules.fast_speed.movement
        boost = self._roll([rules.movement.boost_die])
        bonus = (
            rules.movement.boost_bonus if combat.swords(boost) >= rules.movement.boost_swords else 0
        )
        self.allowance = allowance + bonus
        self.moved = True
        self.phase = MOVE
        events.append(
            Event(
                "boost_roll",
                {
                    "gladiator": g + 1,
                    "faces": _faces(boost),
                    "bonus": bonus,
                    "allowance": self.allowance,
                },
            )
        )

    def _finish_move(self, action: Action, events: list[Event]) -> None:
        g = self.order[self.step]
        start = self.hex[g]
        if action.kind == "to":
            self.hex[g] = self.catalog.arena.index[str(action.args[0])]
            if len(action.args) > 1:
                self.net_hex = NET_HELD
                events.append(Event("net_recovered", {"gladiator": g + 1, "by": "move"}))
        names = self.catalog.arena.names
        events.append(
            Event("moved", {"gladiator": g + 1, "from": names[start], "to": names[self.hex[g]]})
        )
        self.phase = ACT

    def _declare_attack(self, g: int, t: int, recover: bool, events: list[Event]) -> None:
        """Combat 3: the attacker declares battle and reveals its special action, if any."""
        self.attacked[g] = True
        events.append(Event("attack", {"attacker": g + 1, "defender": t + 1}))
        if not self.defended[g] and self._trigger(g, SA, events):
            self.no_defence[g] = True
        netted = (
            self.net_hex == NET_HELD
            and self.is_retiarius(g)
            and self._trigger(g, NA, events)
            and self._throw_net(g, t, events)
        )
        self._spend_if(g)
        self.pending = (g, t, recover and not netted)
        if self.can_defend(t):
            self.phase = DEFEND
            return
        self._resolve(False, events)

    def _throw_net(self, g: int, t: int, events: list[Event]) -> bool:
        """Net Attack: two standard dice, one hit entangles; the net lies in the target's hex."""
        rules = self.catalog.rules.net_attack
        thrown = self._roll(rules.throw_dice)
        caught = combat.swords(thrown) >= rules.hits_needed
        self.net_hex = self.hex[t]
        events.append(
            Event(
                "net_throw",
                {"retiarius": g + 1, "target": t + 1, "faces": _faces(thrown), "entangled": caught},
            )
        )
        if caught:
            self.entangled[t] = True
            self._spend_if(t)
        return caught

    def _answer_attack(self, defending: bool, events: list[Event]) -> None:
        """Combat 4: the defender defends (revealing Doughty Defence) or takes the blow."""
        assert self.pending is not None
        t = self.pending[1]
        if defending:
            self.defended[t] = True
            if not self.attacked[t] and self._trigger(t, DD, events):
                self.no_attack[t] = True
            self._spend_if(t)
        events.append(Event("defence", {"gladiator": t + 1, "defends": defending}))
        self._resolve(defending, events)

    def _uses(self, g: int, kind: int) -> bool:
        """Whether gladiator `g` revealed a counter of `kind` this round (one attack, one defence
        a round, so a revealed attack or defence special belongs to the roll being made)."""
        return self.counter[g] == kind and self.counter_status[g] == REVEALED

    def _resolve(self, defending: bool, events: list[Event]) -> None:
        """Combat 5-7: attack roll (Feint), net recovery, defence roll (Dodge), life, Emperor."""
        assert self.pending is not None
        g, t, recover = self.pending
        self.pending = None
        self.phase = ACT
        rules = self.catalog.rules
        if self.entangled[t] and self._uses(g, NA):
            attack_dice = list(rules.net_attack.follow_up_dice)
        else:
            attack_dice = list(self.catalog.sheets[g].dice)
            if self._uses(g, SA):
                attack_dice += rules.savage_attack.extra_dice
        faces_by_die = [self.catalog.dice[name] for name in attack_dice]
        rolled = combat.roll(self.rng, faces_by_die)
        first = rolled
        if combat.shields(rolled) and self._trigger(g, F, events):
            rolled, _ = combat.reroll_where(self.rng, faces_by_die, rolled, 1)
        hits = combat.swords(rolled)
        events.append(
            Event(
                "attack_roll",
                {
                    "attacker": g + 1,
                    "dice": attack_dice,
                    "faces": _faces(first),
                    "final": _faces(rolled),
                    "hits": hits,
                },
            )
        )
        if recover and hits >= rules.net_attack.recover_hit_cost:
            hits -= rules.net_attack.recover_hit_cost
            self.net_hex = NET_HELD
            events.append(Event("net_recovered", {"gladiator": g + 1, "by": "hit"}))
        blocks = 0
        if defending:
            doughty = self._uses(t, DD)
            defence_dice = list(self.catalog.sheets[t].dice)
            if doughty:
                defence_dice += rules.doughty_defence.extra_dice
            faces_by_die = [self.catalog.dice[name] for name in defence_dice]
            rolled = combat.roll(self.rng, faces_by_die)
            first = rolled
            if combat.swords(rolled) and self._trigger(t, D, events):
                rolled, _ = combat.reroll_where(self.rng, faces_by_die, rolled, 0)
            rolled_shields = combat.shields(rolled)
            carried_in = self.carry[t]
            blocks = rolled_shields + carried_in
            self.carry[t] = (
                combat.carried_shields(rolled_shields, hits, carried_in) if doughty else 0
            )
            events.append(
                Event(
                    "defence_roll",
                    {
                        "defender": t + 1,
                        "dice": defence_dice,
                        "faces": _faces(first),
                        "final": _faces(rolled),
                        "blocks": blocks,
                        "carried_in": carried_in,
                        "carried_out": self.carry[t],
                    },
                )
            )
        lost = min(self.life[t], combat.damage(hits, blocks))
        self.life[t] -= lost
        events.append(Event("wound", {"gladiator": t + 1, "lost": lost, "life": self.life[t]}))
        if self.life[t] == 0:
            self._unconscious(g, t, events)

    def _unconscious(self, g: int, t: int, events: list[Event]) -> None:
        """Combat 7: at zero life the attacker rolls the Emperor's die; removed either way."""
        verdict = self.catalog.emperor[self.rng.below(len(self.catalog.emperor))]
        self.hex[t] = OFF_BOARD
        events.append(
            Event(
                "emperor",
                {
                    "gladiator": t + 1,
                    "verdict": verdict,
                    "fate": "finished off" if verdict == "down" else "spared",
                },
            )
        )
        owners = {self.owner[x] for x in self.standing()}
        if len(owners) == 1:
            self._finish(sorted(owners), events)

    def _finish(self, seats: list[int], events: list[Event]) -> None:
        self.phase = OVER
        self.winning_seats = tuple(seats)
        self.pending = None
        events.append(Event("game_over", {"winners": seats}))

    def _finish_on_life(self, events: list[Event]) -> None:
        """Round limit (our rule, the rulebook has none): most life still standing wins."""
        totals = [0] * self.num_players
        for g in self.standing():
            totals[self.owner[g]] += self.life[g]
        best = max(totals)
        self._finish([s for s in range(self.num_players) if totals[s] == best], events)

    def _roll(self, dice: list[str]) -> list[Face]:
        return combat.roll(self.rng, [self.catalog.dice[name] for name in dice])

    # --- hidden information ---------------------------------------------------------------

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Guess every face-down counter of other lanistae, past and present, and reseed the RNG.

        A guess respects the record sheet's quantities and every counter ruled out in public.
        """
        for g in range(NUM_GLADIATORS):
            if self.owner[g] in (seat, -1):
                continue
            base = g * KINDS
            secret = [i for i, entry in enumerate(self.unrevealed) if entry[0] == g]
            current_hidden = self._counter_hidden(g)
            kept = [self.unrevealed[i][1] for i in secret]
            if current_hidden:
                kept.append(self.counter[g])
            for kind in kept:
                if kind != BLANK:
                    self.remaining[base + kind] += 1
            for i in secret:
                _, _, mask = self.unrevealed[i]
                kind = self._guess(g, mask, rng)
                self.unrevealed[i] = (g, kind, mask)
            if current_hidden:
                kind = self._guess(g, self.counter_mask[g], rng)
                self.counter[g] = kind
                self.counter_status[g] = spent_status(
                    kind, self.attacked[g], self.defended[g], self.entangled[g]
                )
        self.rng = Rng.from_random(rng)

    def determinize_counters(
        self, seat: int, rng: random.Random, weights: dict[int, dict[str, float]]
    ) -> LudusState:
        """`determinize`, with the face-down counter of this round of each gladiator in
        `weights` (by number) drawn by the weight of its code (a belief about how his lanista
        chose) among the codes the guess leaves him, instead of evenly. ColosseumError, and
        no guess, if a listed gladiator is `seat`'s or has no face-down counter this round."""
        for number in weights:
            g = number - 1
            if not 0 <= g < NUM_GLADIATORS or self.owner[g] in (seat, -1):
                raise ColosseumError(f"gladiator {number} is not an opponent of seat {seat}")
            if not self._counter_hidden(g):
                raise ColosseumError(f"gladiator {number} has no face-down counter this round")
        state = self.determinize(seat, rng)
        assert isinstance(state, LudusState)
        for number, by_code in weights.items():
            g = number - 1
            kind = state.counter[g]
            if kind != BLANK:
                state.remaining[g * KINDS + kind] += 1
            kind = state._guess(g, state.counter_mask[g], rng, by_code)
            state.counter[g] = kind
            state.counter_status[g] = spent_status(
                kind, state.attacked[g], state.defended[g], state.entangled[g]
            )
        return state

    def _counter_hidden(self, g: int) -> bool:
        """Whether gladiator `g` has this round's counter face down (placed, not revealed)."""
        return self.counter[g] != NO_COUNTER and self.counter_status[g] != REVEALED

    def _guess(
        self, g: int, mask: int, rng: random.Random, weights: dict[str, float] | None = None
    ) -> int:
        """A counter of `g` not ruled out by `mask` and still on his sheet, crossed off: drawn
        evenly, or by `weights` per code."""
        base = g * KINDS
        options = [BLANK] + [
            kind
            for kind in range(1, KINDS)
            if self.remaining[base + kind] > 0 and not mask & bit(kind)
        ]
        chances = None if weights is None else [weights.get(CODES[k], 0.0) for k in options]
        if chances is None or sum(chances) <= 0:
            kind = options[rng.randrange(len(options))]
        else:
            kind = rng.choices(options, chances)[0]
        if kind != BLANK:
            self.remaining[base + kind] -= 1
        return kind

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` knows: the board (and where each gladiator stood when this round's
        counters were placed), life, revealed counters; its own sheets and counters."""
        names = self.catalog.arena.names
        kept = [0] * NUM_GLADIATORS
        for entry in self.unrevealed:
            kept[entry[0]] += 1
        gladiators = []
        for g in range(NUM_GLADIATORS):
            if self.owner[g] < 0:
                continue
            sheet = self.catalog.sheets[g]
            start = self.start_hex[g]
            own = seat is not None and self.owner[g] == seat
            if self.counter[g] == NO_COUNTER:
                counter: str | None = None
            elif own or self.counter_status[g] == REVEALED:
                counter = CODES[self.counter[g]]
            else:
                counter = "hidden"
            entry: dict[str, Any] = {
                "number": g + 1,
                "name": sheet.name,
                "owner": self.owner[g],
                "life": self.life[g],
                "max_life": sheet.life,
                "movement": sheet.movement,
                "dice": list(sheet.dice),
                "hex": names[self.hex[g]] if self.hex[g] != OFF_BOARD else None,
                "start_hex": names[start] if start != OFF_BOARD else None,
                "attacked": self.attacked[g],
                "defended": self.defended[g],
                "no_attack": self.no_attack[g],
                "no_defence": self.no_defence[g],
                "entangled": self.entangled[g],
                "carried_shields": self.carry[g],
                "counter": counter,
                "specials_on_sheet": dict(sheet.specials),
                "face_down_counters_kept": kept[g],
            }
            if own:
                entry["specials_left"] = {
                    CODES[kind]: self.remaining[g * KINDS + kind]
                    for kind in range(1, KINDS)
                    if CODES[kind] in sheet.specials
                }
                entry["counter_usable"] = (
                    self.counter[g] != NO_COUNTER and self.counter_status[g] == HIDDEN
                )
            gladiators.append(entry)
        active = self.active_gladiator
        pending = None
        if self.pending is not None:
            pending = {"attacker": self.pending[0] + 1, "defender": self.pending[1] + 1}
            pending["recover_net"] = self.pending[2]
        return {
            "game": GAME_ID,
            "seat": seat,
            "players": self.num_players,
            "round": self.round,
            "round_limit": self.options["round_limit"],
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "active": None if active is None else active + 1,
            "order": [g + 1 for g in self.order],
            "step": self.step,
            "moved": self.moved,
            "allowance": self.allowance if self.phase == MOVE else None,
            "pending_attack": pending,
            "net": "held" if self.net_hex == NET_HELD else names[self.net_hex],
            "gladiators": gladiators,
            "winners": list(self.winning_seats),
        }

    # --- positions ------------------------------------------------------------------------

    def _position_body(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng.state,
            "owner": list(self.owner),
            "life": self.life[:],
            "hex": [self.catalog.arena.names[h] if h != OFF_BOARD else None for h in self.hex],
            "start_hex": [
                self.catalog.arena.names[h] if h != OFF_BOARD else None for h in self.start_hex
            ],
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
            "unrevealed": [list(e) for e in self.unrevealed],
            "order": list(self.order),
            "step": self.step,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "moved": self.moved,
            "allowance": self.allowance,
            "pending": None if self.pending is None else list(self.pending),
            "net": None if self.net_hex == NET_HELD else self.catalog.arena.names[self.net_hex],
            "winners": list(self.winning_seats),
        }

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> LudusState:
        """The state `to_position` wrote; KeyError or ValueError naming what is broken."""
        players = int(position_field(position, "players"))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
        options = resolve_options(OPTIONS, position_field(position, "options"))
        state = cls.__new__(cls)
        seed = position.get("seed")
        state._init_common(players, options, None if seed is None else int(seed))
        state.catalog = load_catalog(str(options["data"]))
        arena = state.catalog.arena

        def hex_of(name: Any) -> int:
            if name is None:
                return OFF_BOARD
            if not isinstance(name, str) or name not in arena.index:
                raise ValueError(f"{name!r} is not a hex of the arena")
            return arena.index[name]

        def ints(name: str, size: int) -> list[int]:
            values = position_field(position, name)
            if not isinstance(values, list) or len(values) != size:
                raise ValueError(f"field {name!r} must be a list of {size} numbers")
            return [int(v) for v in values]

        def flags(name: str) -> list[bool]:
            values = position_field(position, name)
            if not isinstance(values, list) or len(values) != NUM_GLADIATORS:
                raise ValueError(f"field {name!r} must be a list of {NUM_GLADIATORS} booleans")
            return [bool(v) for v in values]

        state.rng = Rng(int(position_field(position, "rng")))
        state.owner = tuple(ints("owner", NUM_GLADIATORS))
        if any(not -1 <= o < players for o in state.owner):
            raise ValueError("field 'owner' names a seat outside the game")
        state.life = ints("life", NUM_GLADIATORS)
        hexes = position_field(position, "hex")
        if not isinstance(hexes, list) or len(hexes) != NUM_GLADIATORS:
            raise ValueError("field 'hex' must be a list of 5 hex names or nulls")
        state.hex = [hex_of(h) for h in hexes]
        starts = position_field(position, "start_hex")
        if not isinstance(starts, list) or len(starts) != NUM_GLADIATORS:
            raise ValueError("field 'start_hex' must be a list of 5 hex names or nulls")
        state.start_hex = tuple(hex_of(h) for h in starts)
        state.remaining = ints("remaining", NUM_GLADIATORS * KINDS)
        state.counter = ints("counter", NUM_GLADIATORS)
        state.counter_status = ints("counter_status", NUM_GLADIATORS)
        state.counter_mask = ints("counter_mask", NUM_GLADIATORS)
        state.attacked = flags("attacked")
        state.defended = flags("defended")
        state.no_attack = flags("no_attack")
        state.no_defence = flags("no_defence")
        state.entangled = flags("entangled")
        state.carry = ints("carry", NUM_GLADIATORS)
        state.unrevealed = [
            (int(g), int(k), int(m)) for g, k, m in position_field(position, "unrevealed")
        ]
        state.order = tuple(int(g) for g in position_field(position, "order"))
        state.step = int(position_field(position, "step"))
        phase = position_field(position, "phase")
        if phase not in PHASE_NAMES:
            raise ValueError(f"phase {phase!r} is not one of {PHASE_NAMES}")
        state.phase = PHASE_NAMES.index(phase)
        state.round = int(position_field(position, "round"))
        state.moved = bool(position_field(position, "moved"))
        state.allowance = int(position_field(position, "allowance"))
        pending = position_field(position, "pending")
        state.pending = (
            None if pending is None else (int(pending[0]), int(pending[1]), bool(pending[2]))
        )
        state.net_hex = hex_of(position_field(position, "net"))
        state.winning_seats = tuple(int(s) for s in position_field(position, "winners"))
        _check_consistent(state)
        return state


def _check_consistent(state: LudusState) -> None:
    """Refuse positions whose parts contradict each other (ValueError naming the problem)."""
    for g in range(NUM_GLADIATORS):
        if state.hex[g] != OFF_BOARD and state.owner[g] < 0:
            raise ValueError(f"gladiator {g + 1} stands in the arena but belongs to no seat")
        if not 0 <= state.life[g] <= state.catalog.sheets[g].life:
            raise ValueError(f"gladiator {g + 1} has life {state.life[g]} outside 0..max")
        if state.hex[g] != OFF_BOARD and state.life[g] == 0:
            raise ValueError(f"gladiator {g + 1} stands with no life left")
        if not NO_COUNTER <= state.counter[g] < KINDS:
            raise ValueError(f"gladiator {g + 1} has an unknown counter {state.counter[g]}")
        if state.counter_status[g] not in (HIDDEN, REVEALED, SPENT):
            raise ValueError(f"gladiator {g + 1} has an unknown counter status")
    standing = [h for h in state.hex if h != OFF_BOARD]
    if len(standing) != len(set(standing)):
        raise ValueError("two gladiators stand on the same hex")
    if any(v < 0 for v in state.remaining):
        raise ValueError("a special action has a negative quantity left")
    if any(not 0 <= g < NUM_GLADIATORS or state.owner[g] < 0 for g in state.order):
        raise ValueError("field 'order' names a gladiator who is not in this game")
    if state.phase != OVER:
        if not 0 <= state.step < len(state.order):
            raise ValueError("field 'step' is outside the round's order")
        if state.hex[state.order[state.step]] == OFF_BOARD:
            raise ValueError("the gladiator whose turn it is does not stand in the arena")
    if state.phase == DEFEND:
        if state.pending is None:
            raise ValueError("a defence decision needs a pending attack")
        if any(not 0 <= g < NUM_GLADIATORS or state.hex[g] == OFF_BOARD for g in state.pending[:2]):
            raise ValueError("field 'pending' names a gladiator who does not stand in the arena")


def _faces(rolled: list[Face]) -> list[list[int]]:
    return [list(face) for face in rolled]


def _parse_gladiators(text: str, num_players: int) -> list[int]:
    """The `gladiators` option: gladiator numbers by seat, or empty to draw them (Set Up)."""
    if text.strip().lower() in ("", "drawn"):
        return []
    try:
        numbers = [int(part) for part in text.replace(" ", "").split(",")]
    except ValueError as error:
        raise InvalidOption(f"option gladiators={text!r}: use numbers 1-5 like 1,5") from error
    wanted = num_players * (2 if num_players == 2 else 1)
    if len(numbers) != wanted:
        raise InvalidOption(f"option gladiators needs {wanted} numbers for {num_players} players")
    if sorted(set(numbers)) != sorted(numbers) or not all(1 <= n <= 5 for n in numbers):
        raise InvalidOption(f"option gladiators={text!r}: numbers 1-5, each at most once")
    return numbers
