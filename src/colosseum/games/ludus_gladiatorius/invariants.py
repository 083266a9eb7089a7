"""What every reachable Ludus Gladiatorius position keeps, checked before a state is built.

The schema (`position.py`) checks each field alone; these checks compare fields with each
other and with the game's data (the arena, the record sheets), each refusing a position that
no game could reach with an `InvalidRecord` naming the field. The rules they rest on: Set Up
(gladiators per lanista, one per hex), Game Play 1-2 (the round's order, counters placed in
it), Game Play 3 (one activation at a time, one attack and one defence a round), Special
Actions and the Definitions (which counters can be face down or face up, and when).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.options import OptionValue
from ...core.positions import invalid
from .data import Catalog
from .model import NUM_GLADIATORS
from .options import parse_gladiators
from .specials import (
    BLANK,
    CODES,
    DD,
    FS,
    HIDDEN,
    KINDS,
    NA,
    NO_COUNTER,
    REVEALED,
    SA,
    D,
    F,
    bit,
    spent_status,
)

if TYPE_CHECKING:
    from .position_schema import LudusPosition

GLADIATORS = range(NUM_GLADIATORS)
ROUND_FLAGS = ("attacked", "defended", "no_attack", "no_defence", "entangled")


def check(p: LudusPosition, options: dict[str, OptionValue], catalog: Catalog) -> None:
    """Every invariant below, in order; the first broken one raises InvalidRecord."""
    _seats(p, options)
    _board(p, catalog)
    _sheets(p, catalog)
    _counters(p)
    _round_flags(p, catalog)
    _order(p)
    _turn(p, catalog)
    _end(p, options)


def _seats(p: LudusPosition, options: dict[str, OptionValue]) -> None:
    """Set Up: two gladiators per lanista with two players, one with three to five."""
    per_seat = 2 if p.players == 2 else 1
    for g in GLADIATORS:
        if p.owner[g] >= p.players:
            raise invalid(f"owner.{g}", f"seat {p.owner[g]} is not in a {p.players}-player game")
    owned = Counter(o for o in p.owner if o >= 0)
    for seat in range(p.players):
        if owned[seat] != per_seat:
            raise invalid("owner", f"seat {seat} owns {owned[seat]} gladiators, not {per_seat}")
    numbers = parse_gladiators(str(options["gladiators"]), p.players)
    if numbers:
        expected = [-1] * NUM_GLADIATORS
        for i, number in enumerate(numbers):
            expected[number - 1] = i // per_seat
        if list(p.owner) != expected:
            raise invalid("owner", f"contradicts the option gladiators={options['gladiators']}")


def _board(p: LudusPosition, catalog: Catalog) -> None:
    """Hexes name the arena; standing gladiators have life, one per hex; the fallen none."""
    arena = catalog.arena.index
    for name in ("hex", "start_hex"):
        for g, hex_name in enumerate(getattr(p, name)):
            if hex_name is not None and hex_name not in arena:
                raise invalid(f"{name}.{g}", f"{hex_name!r} is not a hex of the arena")
            if hex_name is not None and p.owner[g] < 0:
                raise invalid(f"{name}.{g}", f"gladiator {g + 1} belongs to no seat")
    if p.net is not None and p.net not in arena:
        raise invalid("net", f"{p.net!r} is not a hex of the arena")
    for g in GLADIATORS:
        sheet = catalog.sheets[g]
        if p.life[g] > sheet.life:
            raise invalid(f"life.{g}", f"{p.life[g]} is above the sheet's {sheet.life}")
        if p.hex[g] is not None and p.life[g] == 0:
            raise invalid(f"life.{g}", f"gladiator {g + 1} stands with no life left")
        if p.hex[g] is None and p.life[g] > 0:
            raise invalid(f"life.{g}", f"gladiator {g + 1} is out of the arena with life left")
    standing = [h for h in p.hex if h is not None]
    if len(standing) != len(set(standing)):
        raise invalid("hex", "two gladiators stand on the same hex")


def _sheets(p: LudusPosition, catalog: Catalog) -> None:
    """Special Actions 2-3: counters left, placed this round and kept face down from earlier
    rounds together are at most what the record sheet lists."""
    per_round = Counter(e.gladiator for e in p.unrevealed)
    for i, entry in enumerate(p.unrevealed):
        g = entry.gladiator
        if p.owner[g] < 0:
            raise invalid(f"unrevealed.{i}.gladiator", f"gladiator {g + 1} is not in this game")
        if entry.ruled_out & bit(entry.counter):
            raise invalid(f"unrevealed.{i}.ruled_out", "rules out the counter it describes")
    for g, kept in per_round.items():
        if kept > p.round - 1:
            raise invalid("unrevealed", f"gladiator {g + 1} kept {kept} in {p.round - 1} rounds")
    kept_kinds = Counter((e.gladiator, e.counter) for e in p.unrevealed)
    for g in GLADIATORS:
        sheet = catalog.sheets[g].specials
        if p.remaining[g * KINDS + BLANK]:
            raise invalid(f"remaining.{g * KINDS}", "the blank is not counted")
        for kind in range(1, KINDS):
            used = kept_kinds[g, kind] + (p.counter[g] == kind)
            left = p.remaining[g * KINDS + kind]
            if left + used > sheet.get(CODES[kind], 0):
                raise invalid(
                    f"remaining.{g * KINDS + kind}",
                    f"gladiator {g + 1} has more {CODES[kind]} than his sheet's "
                    f"{sheet.get(CODES[kind], 0)}",
                )


def _counters(p: LudusPosition) -> None:
    """Game Play 2 and the Definitions: when a counter can be face up or face down."""
    for g in GLADIATORS:
        kind, status, mask = p.counter[g], p.counter_status[g], p.counter_mask[g]
        attacked, defended = p.attacked[g], p.defended[g]
        if kind == NO_COUNTER:
            if status != HIDDEN or mask:
                raise invalid(f"counter_status.{g}", "no counter placed, yet a status or mask")
            continue
        if p.owner[g] < 0:
            raise invalid(f"counter.{g}", f"gladiator {g + 1} is not in this game")
        name = CODES[kind]
        if kind == SA and defended:
            raise invalid(f"counter.{g}", "a gladiator with Savage Attack may not defend")
        if kind == DD and attacked:
            raise invalid(f"counter.{g}", "a gladiator with Doughty Defence may not attack")
        if status == REVEALED:
            if kind == BLANK:
                raise invalid(f"counter_status.{g}", "the blank is never revealed")
            if (kind in (SA, F, NA) and not attacked) or (kind in (D, DD) and not defended):
                raise invalid(f"counter_status.{g}", f"{name} is revealed only when used")
            continue
        if mask & bit(kind):
            raise invalid(f"counter_mask.{g}", f"rules out the {name} lying face down")
        if (attacked and kind in (SA, F)) or (defended and kind in (D, DD)):
            raise invalid(f"counter_status.{g}", f"{name} would have been revealed when used")
        expected = spent_status(kind, attacked, defended, p.entangled[g])
        if status != expected:
            raise invalid(f"counter_status.{g}", f"a face-down {name} here has status {expected}")


def _round_flags(p: LudusPosition, catalog: Catalog) -> None:
    """Combat 1 and the Definitions: the flags of this round agree with the counters."""
    retiarius = catalog.retiarius
    for g in GLADIATORS:
        revealed = p.counter_status[g] == REVEALED
        for flag in ROUND_FLAGS:
            if p.owner[g] < 0 and getattr(p, flag)[g]:
                raise invalid(f"{flag}.{g}", f"gladiator {g + 1} is not in this game")
        if p.no_defence[g] != (revealed and p.counter[g] == SA):
            raise invalid(f"no_defence.{g}", "set exactly when Savage Attack is revealed")
        if p.no_attack[g] != (revealed and p.counter[g] == DD):
            raise invalid(f"no_attack.{g}", "set exactly when Doughty Defence is revealed")
        if p.carry[g] > _most_shields(catalog, g):
            raise invalid(f"carry.{g}", "more shields than a Doughty Defence roll can show")
        if p.carry[g] and p.owner[g] < 0:
            raise invalid(f"carry.{g}", f"gladiator {g + 1} is not in this game")
    caught = [g for g in GLADIATORS if p.entangled[g]]
    if len(caught) > 1:
        raise invalid("entangled", "the net catches one gladiator a round")
    for g in caught:
        thrown = retiarius >= 0 and p.counter[retiarius] == NA and p.attacked[retiarius]
        if not thrown or p.counter_status[retiarius] != REVEALED:
            raise invalid(f"entangled.{g}", "no Net Attack was made this round")
        if p.owner[g] == p.owner[retiarius]:
            raise invalid(f"entangled.{g}", "the Retiarius nets only opponents")
        if p.hex[g] is not None and p.net != p.hex[g]:
            raise invalid(f"entangled.{g}", "an entangled gladiator stands on the net")
    if p.net is not None:
        if retiarius < 0 or p.owner[retiarius] < 0:
            raise invalid("net", "no Retiarius in this game to have thrown it")
        thrown_ever = catalog.sheets[retiarius].specials.get("NA", 0)
        if p.remaining[retiarius * KINDS + NA] >= thrown_ever:
            raise invalid("net", "lies in the arena, yet no Net Attack was placed")


def _most_shields(catalog: Catalog, g: int) -> int:
    dice = [*catalog.sheets[g].dice, *catalog.rules.doughty_defence.extra_dice]
    return sum(max(face[1] for face in catalog.dice[die]) for die in dice)


def _order(p: LudusPosition) -> None:
    """Game Play 1: the order holds exactly the gladiators standing when the round began."""
    for i, g in enumerate(p.order):
        if p.owner[g] < 0:
            raise invalid(f"order.{i}", f"gladiator {g + 1} is not in this game")
    began = {g for g in GLADIATORS if p.start_hex[g] is not None}
    if set(p.order) != began:
        raise invalid("start_hex", "the round's order and where its gladiators began differ")
    standing = {g for g in GLADIATORS if p.hex[g] is not None}
    if not standing <= began:
        raise invalid("order", "a standing gladiator has no place in the round's order")


def _turn(p: LudusPosition, catalog: Catalog) -> None:
    """Game Play 2-3: whose decision it is, and what the phase needs."""
    phase, order = p.phase, p.order
    if len({p.owner[g] for g in order}) < 2:
        raise invalid("order", "a round starts only with two lanistae standing")
    if phase == "over":
        if p.step > len(order):
            raise invalid("step", "past the end of the round's order")
        if p.pending is not None:
            raise invalid("pending", "the game is over")
        return
    if p.step >= len(order):
        raise invalid("step", "outside the round's order")
    active = order[p.step]
    if len({p.owner[g] for g in GLADIATORS if p.hex[g] is not None}) < 2:
        raise invalid("hex", "one lanista alone stands, so the game is over")
    if p.winners:
        raise invalid("winners", "the game is not over")
    if (phase == "defend") != (p.pending is not None):
        raise invalid("pending", "a pending attack exactly in phase defend")
    if phase == "place":
        _placing(p)
        return
    for g in GLADIATORS:
        if (p.counter[g] == NO_COUNTER) != (g not in order):
            raise invalid(f"counter.{g}", "every gladiator in the order has placed a counter")
    if p.hex[active] is None or p.entangled[active]:
        raise invalid("step", f"gladiator {active + 1} cannot act now")
    most = max(_most_movement(catalog, g) for g in GLADIATORS)
    if phase == "move":
        most = _most_movement(catalog, active)
        if not p.moved:
            raise invalid("moved", "a gladiator moving has moved")
    if p.allowance > most:
        raise invalid("allowance", f"above the {most} hexes a move can reach")
    if p.pending is not None:
        _pending(p, catalog, active)


def _most_movement(catalog: Catalog, g: int) -> int:
    rules = catalog.rules
    sheet = catalog.sheets[g]
    fast = rules.fast_speed.movement if sheet.specials.get(CODES[FS], 0) else 0
    return max(sheet.movement, fast) + rules.movement.boost_bonus


def _placing(p: LudusPosition) -> None:
    """Game Play 2: counters are placed in order before anyone acts."""
    for g in GLADIATORS:
        if g in p.order and p.hex[g] != p.start_hex[g]:
            raise invalid(f"hex.{g}", "nobody moves while the counters are placed")
        placed = g in p.order[: p.step]
        if (p.counter[g] != NO_COUNTER) != placed:
            raise invalid(f"counter.{g}", "placed exactly by the gladiators before `step`")
        if p.counter_status[g] != HIDDEN:
            raise invalid(f"counter_status.{g}", "nothing is revealed before anyone acts")
        for flag in ROUND_FLAGS:
            if getattr(p, flag)[g]:
                raise invalid(f"{flag}.{g}", "nothing has happened yet this round")
    if p.moved or p.allowance:
        field = "moved" if p.moved else "allowance"
        raise invalid(field, "nobody moves while the counters are placed")


def _pending(p: LudusPosition, catalog: Catalog, active: int) -> None:
    """Combat 2-4: the declared attack waiting for a defence decision."""
    assert p.pending is not None
    attacker, defender = p.pending.attacker, p.pending.defender
    if attacker != active or not p.attacked[attacker]:
        raise invalid("pending.attacker", "the active gladiator, having attacked")
    here, there = p.hex[attacker], p.hex[defender]
    if there is None or p.owner[defender] == p.owner[attacker]:
        raise invalid("pending.defender", "a standing gladiator of another lanista")
    index, neighbours = catalog.arena.index, catalog.arena.neighbours
    if here is None or index[there] not in neighbours[index[here]]:
        raise invalid("pending.defender", "combat is with an adjacent gladiator")
    if p.defended[defender] or p.no_defence[defender] or p.entangled[defender]:
        raise invalid("pending.defender", "cannot defend, so has no decision to make")
    if p.pending.recover_net and (attacker != catalog.retiarius or p.net != p.hex[defender]):
        raise invalid("pending.recover_net", "only the Retiarius, at the opponent on his net")


def _end(p: LudusPosition, options: dict[str, OptionValue]) -> None:
    """Winning: the last lanista standing wins; with a round limit, the most life standing."""
    limit = int(options["round_limit"])
    if limit and p.round > limit:
        raise invalid("round", f"past the round limit {limit}")
    if p.phase != "over":
        return
    seats = sorted({p.owner[g] for g in GLADIATORS if p.hex[g] is not None})
    if len(seats) == 1:
        expected = seats
    elif limit and p.round == limit:
        totals = [0] * p.players
        for g in GLADIATORS:
            if p.hex[g] is not None:
                totals[p.owner[g]] += p.life[g]
        expected = [s for s in range(p.players) if totals[s] == max(totals)]
    else:
        raise invalid("phase", "over, yet several lanistae stand and no round limit is reached")
    if list(p.winners) != expected:
        raise invalid("winners", f"the winners here are {expected}")
