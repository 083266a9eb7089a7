"""The fields of a Ludus Gladiatorius state, with the queries and small steps the rule modules
(`attack`, `hidden`, `views`) share: the class they read and change. `state.LudusState` adds
the set-up, the rounds and the kernel's contract on top."""

from __future__ import annotations

from ...core.actions import Event, public_event
from ...core.rng import Rng
from ...core.state import State
from .data import Catalog
from .model import DEFEND, NUM_GLADIATORS, OFF_BOARD, OVER
from .specials import (
    BLANK,
    CODES,
    DD,
    HIDDEN,
    REVEALED,
    SA,
    SPECIAL_RULES,
    bit,
    ruled_out_by,
    spent_status,
)


class LudusFields(State):
    """The fields of a Ludus Gladiatorius state: per gladiator (by index, its number minus
    one) in short lists, so that a clone is a handful of list copies."""

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

    catalog: Catalog
    rng: Rng
    owner: tuple[int, ...]  # by gladiator index: its seat, -1 not in the game
    life: list[int]
    hex: list[int]  # OFF_BOARD once out of the arena
    start_hex: tuple[int, ...]
    remaining: list[int]  # counters left, by gladiator * KINDS + kind
    counter: list[int]  # this round's counter kind, NO_COUNTER before it is placed
    counter_status: list[int]  # HIDDEN, REVEALED or SPENT
    counter_mask: list[int]  # bits of the kinds ruled out in public
    attacked: list[bool]
    defended: list[bool]
    no_attack: list[bool]
    no_defence: list[bool]
    entangled: list[bool]
    carry: list[int]  # shields carried over from a Doughty Defence
    unrevealed: list[tuple[int, int, int]]
    order: tuple[int, ...]
    step: int
    phase: int  # an index into PHASE_NAMES
    round: int
    moved: bool
    allowance: int
    pending: tuple[int, int, bool] | None
    net_hex: int  # NET_HELD while the Retiarius holds it
    winning_seats: tuple[int, ...]

    # --- queries the rule modules share --------------------------------------------------

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

    def is_retiarius(self, g: int) -> bool:
        """The Retiarius is the gladiator whose record sheet carries Net Attack."""
        return g == self.catalog.retiarius

    def can_attack(self, g: int) -> bool:
        """Combat 1, as everyone sees it: one attack a round; none after a revealed Doughty
        Defence or when entangled."""
        return not (self.attacked[g] or self.no_attack[g] or self.entangled[g])

    def can_defend(self, g: int) -> bool:
        """Combat 4, as everyone sees it: one defence a round; none after a revealed Savage
        Attack or when entangled."""
        return not (self.defended[g] or self.no_defence[g] or self.entangled[g])

    def may_attack(self, g: int) -> bool:
        """`can_attack`, and no Doughty Defence face down: "You may not attack any opponents
        this round" binds the whole round (Definitions: DD), so the counter's owner is not
        offered an attack, while the others only see a gladiator that did not attack."""
        return self.can_attack(g) and self.counter[g] != DD

    def may_defend(self, g: int) -> bool:
        """`can_defend`, and no Savage Attack face down: "You may not defend against any
        attacks this round, even those attacks made before using SA" (Definitions: SA)."""
        return self.can_defend(g) and self.counter[g] != SA

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

    # --- steps the rule modules share -----------------------------------------------------

    def trigger(self, g: int, kind: int, events: list[Event]) -> bool:
        """A moment a `kind` counter must be used: reveal it if it lies here (an event every
        seat sees), else rule it out in public."""
        return self.reveal(g, (kind,), events) == kind

    def reveal(self, g: int, kinds: tuple[int, ...], events: list[Event]) -> int:
        """Special Actions 2: the face-down counter of `g`, if it is one of `kinds`, is turned
        face up and used (its kind is returned); otherwise each of `kinds` is ruled out."""
        kind = self.counter[g]
        if self.counter_status[g] != HIDDEN:
            if self.counter_status[g] != REVEALED:
                for ruled in kinds:
                    self.counter_mask[g] |= bit(ruled)
            return BLANK
        if kind in kinds:
            self.counter_status[g] = REVEALED
            events.append(
                public_event(
                    "special_action",
                    {"gladiator": g + 1, "action": CODES[kind], "name": self._special_name(kind)},
                    SPECIAL_RULES[kind],
                )
            )
            return kind
        for ruled in kinds:
            self.counter_mask[g] |= bit(ruled)
        return BLANK

    def _special_name(self, kind: int) -> str:
        return self.catalog.special_names[CODES[kind]]

    def spend_if(self, g: int) -> None:
        """Mark this round's face-down counter unusable when its moment can no longer come,
        and rule out in public what it can no longer be."""
        if self.counter_status[g] == HIDDEN:
            self.counter_mask[g] |= ruled_out_by(self.attacked[g], self.defended[g])
            self.counter_status[g] = spent_status(
                self.counter[g], self.attacked[g], self.defended[g], self.entangled[g]
            )

    def finish(self, seats: list[int], events: list[Event], rule: str) -> None:
        """The game is over: `seats` win, by `rule` (the last standing, or the cap)."""
        self.phase = OVER
        self.winning_seats = tuple(seats)
        self.pending = None
        events.append(public_event("game_over", {"winners": seats}, rule))
