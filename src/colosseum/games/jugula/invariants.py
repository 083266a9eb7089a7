"""What a Jugula position must satisfy beyond its schema, so no impossible one is accepted.

Each check names the field it refuses (`core.positions.invalid`) and the rule it keeps:
"Jugula Cards" and "Draw Effect" (every card of a lanista in exactly one place), "A gladiator
may NEVER move into ... a square occupied" (one gladiator per square, the board and the squares
agreeing), "Winning the game" / "Victory" (no familia already beaten while the fight goes on,
outside sudden death), "Hindrance" (a marker on its card or on one gladiator in the arena),
"Setting up the game" (four different armaturae, talents of the gladiator's class) and the turn
itself: a stack of decisions (docs/positions/jugula.md) whose every task refers to things that
exist, with a decision that has legal actions on top.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidRecord
from ...core.positions import invalid
from . import arena, cards, rules, victory
from .model import (
    ACCLAIM,
    ATTACK_END,
    ATTACK_PICK,
    ATTACK_RESOLVED,
    AWARE_TURN,
    BID,
    COMMIT,
    DECISIONS,
    DEPLOY,
    DODGE_CHECK,
    EFFECTS_PICK,
    END_CARD,
    END_TURN,
    FIRST,
    IMPETUS_MOVE,
    MOVE,
    MOVE_DEMENTIA,
    MOVE_DODGE,
    NEXT_TURN,
    NOBODY,
    ORDER_TOP,
    PICK_ARMATURA,
    PURSUE,
    PURSUE_CHECK,
    PUSH,
    RESILIENT_SWAP,
    ROUND_REVEAL,
    SACRIFICE,
    TALENT_CODES,
    WOUND,
    ZONE,
)

if TYPE_CHECKING:
    from .fields import JugulaFields

# Tasks that belong to an attack in progress, and those whose second item is not a seat.
FIGHT_TASKS = frozenset(
    {ATTACK_END, COMMIT, RESILIENT_SWAP, PUSH, PURSUE, ATTACK_RESOLVED, PURSUE_CHECK, DODGE_CHECK}
)
NO_SEAT = frozenset({ATTACK_END, WOUND, ROUND_REVEAL, ATTACK_RESOLVED, PURSUE_CHECK, DODGE_CHECK})
SET_UP = frozenset({PICK_ARMATURA, ZONE, DEPLOY})
FRAME = frozenset({PICK_ARMATURA, ZONE, DEPLOY, ROUND_REVEAL, FIRST, END_TURN, NEXT_TURN})


def check(s: JugulaFields) -> None:
    """Refuse `s` (freshly read from a position) unless every invariant holds."""
    _shapes(s)
    _fighters(s)
    _arena(s)
    _cards(s)
    _seats(s)
    _tasks(s)
    _frame(s)
    _fight(s)
    _outcome(s)


def _shapes(s: JugulaFields) -> None:
    """One entry per gladiator and per seat, for the number of lanistae."""
    count = s.num_players * s.catalog.rules.familia
    for name in ("fighters", "square", "facing", "wounds", "marker", "held", "moved", "hurt"):
        if len(getattr(s, name)) != count:
            raise invalid(
                name, f"needs {count} entries (four per lanista), has {len(getattr(s, name))}"
            )
    for name in (
        "vox", "compelled", "bids", "top_known", "top_public", "out", "zone",
        "hand", "deck", "discard", "in_play", "aside", "removed", "shown",
    ):  # fmt: skip
        if len(getattr(s, name)) != s.num_players:
            raise invalid(name, f"needs one entry per lanista ({s.num_players})")
    limit = s.num_players - 1
    for name in ("turn_seat", "first_seat"):
        if getattr(s, name) > limit:
            raise invalid(name, f"seat {getattr(s, name)} is not in a {s.num_players}-player game")
    if s.options["simple"] and s.num_players != 2:
        raise invalid("options.simple", "the 4-point variant is for two lanistae")


def _fighters(s: JugulaFields) -> None:
    """Four different armaturae per familia, upgrades and talents as a ludus may give them."""
    catalog = s.catalog
    size = catalog.rules.familia
    choosing = False
    for seat in range(s.num_players):
        seen: set[int] = set()
        talents = 0
        for g in arena.familia(s, seat):
            f = s.fighters[g]
            where = f"fighters.{g}"
            if f.seat != seat:
                raise invalid(f"{where}.seat", f"gladiator {g} belongs to seat {g // size}")
            if f.armatura < 0:
                choosing = True
                if s.square[g] >= 0 or s.wounds[g] or f.talents:
                    raise invalid(
                        f"{where}.armatura", "an armatura still to choose is off the arena"
                    )
                continue
            if f.armatura in seen:
                raise invalid(f"{where}.armatura", "a familia's armaturae are all different")
            seen.add(f.armatura)
            kind = "heavy" if catalog.armaturae[f.armatura].heavy else "light"
            mine = [code for i, code in enumerate(TALENT_CODES) if f.talents >> i & 1]
            if len(mine) > 2:
                raise invalid(f"{where}.talents", "at most two talents a gladiator")
            for code in mine:
                if catalog.talents[code].kind not in ("all", kind):
                    raise invalid(f"{where}.talents", f"{code} is not a talent of a {kind}")
            if talents & f.talents:
                raise invalid(f"{where}.talents", "no talent twice in a familia")
            talents |= f.talents
    if choosing and (s.over or any(task[0] != PICK_ARMATURA for task in s.tasks)):
        raise invalid("fighters", "armaturae are chosen before anything else happens")
    picking = {task[1] for task in s.tasks if task[0] == PICK_ARMATURA}
    for g, f in enumerate(s.fighters):
        if f.armatura < 0 and f.seat not in picking:
            raise invalid(f"fighters.{g}.armatura", "his lanista has no pick pending")


def _arena(s: JugulaFields) -> None:
    """The board and the squares agree; the fallen are off the arena; Hindrance markers."""
    for square, g in enumerate(s.board):
        if g >= len(s.fighters):
            raise invalid(f"board.{square}", f"there is no gladiator {g}")
        if g >= 0 and s.square[g] != square:
            raise invalid(f"board.{square}", f"gladiator {g} stands on {s.square[g]}, not here")
    setting_up = any(task[0] in SET_UP for task in s.tasks)
    for g, square in enumerate(s.square):
        seat = s.fighters[g].seat
        if square >= 0 and s.board[square] != g:
            raise invalid(f"square.{g}", f"the board has {s.board[square]} on square {square}")
        if square >= 0 and (s.wounds[g] >= 2 or s.out[seat]):
            raise invalid(f"square.{g}", "a fallen gladiator or a departed familia's stands")
        if square < 0 and s.wounds[g] < 2 and not s.out[seat] and not setting_up:
            raise invalid(f"square.{g}", "every gladiator still fighting is in the arena")
    hindrance = s.catalog.rules.traits.hindrance_markers
    for owner, victim in enumerate(s.marker):
        index = s.fighters[owner].armatura
        has = index >= 0 and s.catalog.armaturae[index].hindrance and hindrance
        if not has and victim != -2:
            raise invalid(f"marker.{owner}", "only a gladiator with Hindrance has a marker")
        if has and victim == -2:
            raise invalid(f"marker.{owner}", "his Hindrance marker must be somewhere")
        if victim >= len(s.fighters):
            raise invalid(f"marker.{owner}", f"there is no gladiator {victim}")
        if victim >= 0 and (
            s.square[victim] < 0 or s.fighters[victim].seat == s.fighters[owner].seat
        ):
            raise invalid(f"marker.{owner}", "a marker is held by an enemy in the arena")
    for g, count in enumerate(s.held):
        if count != s.marker.count(g):
            raise invalid(f"held.{g}", f"he holds {s.marker.count(g)} markers")


def _cards(s: JugulaFields) -> None:
    """Each lanista's 24 cards, each in exactly one place; what each pile may hold."""
    catalog = s.catalog
    size = len(catalog.cards)
    for seat in range(s.num_players):
        if sorted(cards.card_places(s, seat)) != list(range(size)):
            raise invalid(f"hand.{seat}", f"seat {seat}'s cards are not each in exactly one place")
        if any(not catalog.cards[c].prima for c in s.aside[seat]):
            raise invalid(f"aside.{seat}", "only Prima Jugula cards are set aside")
        if len(set(s.shown[seat])) != len(s.shown[seat]) or not set(s.shown[seat]) <= set(
            s.hand[seat]
        ):
            raise invalid(f"shown.{seat}", "known hand cards are cards of the hand, once each")
        if s.compelled[seat] >= 0 and s.compelled[seat] not in s.hand[seat]:
            raise invalid(f"compelled.{seat}", "the compelled card is in his hand")
        for name in ("top_known", "top_public"):
            if getattr(s, name)[seat] > len(s.deck[seat]):
                raise invalid(f"{name}.{seat}", "more known top cards than the deck holds")
        owed = Counter(t[2] for t in s.tasks if t[0] == END_CARD and t[1] == seat)
        if owed != Counter(s.in_play[seat]):
            raise invalid(f"in_play.{seat}", "each card in play has its end pending (end_card)")


def _seats(s: JugulaFields) -> None:
    """Zones, the round's order, the departed familiae and the winners."""
    players = s.num_players
    picking = any(task[0] == PICK_ARMATURA for task in s.tasks)
    if players == 2 and s.zone != ([-1, -1] if picking else [0, 1]):
        raise invalid("zone", "two lanistae deploy south (0) and north (1), after the picks")
    zones = [z for z in s.zone if z >= 0]
    if any(z >= players for z in zones) or len(set(zones)) != len(zones):
        raise invalid("zone", "each lanista a different zone of this game")
    for g, square in enumerate(s.square):
        if square >= 0 and s.zone[s.fighters[g].seat] < 0:
            raise invalid("zone", "a familia in the arena has its zone")
    if any(p >= players for p in s.order) or len(set(s.order)) != len(s.order):
        raise invalid("order", "the round's order lists seats of this game once each")
    if s.order_pos >= max(len(s.order), 1):
        raise invalid("order_pos", "a place in the round's order")
    if any(p >= players for p in s.winning_seats) or len(set(s.winning_seats)) != len(
        s.winning_seats
    ):
        raise invalid("winning_seats", "seats of this game, once each")
    if players == 2 and any(s.out):
        raise invalid("out", "with two lanistae the fight ends instead")
    if any(s.out) and any(task[0] in SET_UP for task in s.tasks):
        raise invalid("out", "no familia leaves the arena before the fight begins")
    if not s.over and s.out.count(False) < 2:
        raise invalid("out", "the fight goes on while two familiae or more are in the arena")
    in_round = bool(s.tasks) and s.tasks[0][0] == ROUND_REVEAL
    for p in range(players):
        if s.bids[p] != -1 and not (in_round and p in s.tasks[0][1]):
            raise invalid(f"bids.{p}", "a round card is down only while the round's cards are")
    if s.over != bool(s.winning_seats):
        raise invalid("winning_seats", "a finished game has winners, one in progress none")
    if any(s.out[p] for p in s.winning_seats):
        raise invalid("winning_seats", "a familia that left the arena does not win")
    if s.over and (
        s.tasks or s.fight is not None or any(s.in_play) or any(b != -1 for b in s.bids)
    ):
        raise invalid("over", "a finished game has no task, attack, card in play or round card")


def _frame(s: JugulaFields) -> None:
    """The bottom of the stack is what carries the game on: the set-up's picks, zone or
    deployment, a round's cards or first player (three or four lanistae), or the end of the
    turn in progress; those tasks appear nowhere else."""
    kinds = [task[0] for task in s.tasks]
    if not kinds:
        return
    bottom = kinds[0]
    if bottom not in FRAME:
        raise invalid("tasks.0", "the first task is a set-up step, a round's step or a turn's end")
    for i, kind in enumerate(kinds[1:], start=1):
        allowed = (kind == PICK_ARMATURA and bottom == PICK_ARMATURA) or (
            kind == BID and bottom == ROUND_REVEAL and kinds[i - 1] in (ROUND_REVEAL, BID)
        )
        if kind in FRAME | {BID} and not allowed:
            raise invalid(f"tasks.{i}", "a set-up, round or end-of-turn step is the first task")
    if s.num_players == 2 and any(k in (ZONE, BID, ROUND_REVEAL, FIRST) for k in kinds):
        raise invalid("tasks", "two lanistae have no zones to choose and no rounds")
    if bottom in (END_TURN, NEXT_TURN) and s.tasks[0][1] != s.turn_seat:
        raise invalid("tasks.0", "the turn that ends is the turn in progress (turn_seat)")
    if bottom == ROUND_REVEAL:
        contenders = s.tasks[0][1]
        bidders = [task[1] for task in s.tasks if task[0] == BID]
        if len(set(bidders)) != len(bidders) or not set(bidders) <= set(contenders):
            raise invalid("tasks", "each contender of the round commits one card")
        if any(s.bids[p] == -1 for p in contenders if p not in bidders):
            raise invalid("bids", "a contender who has committed has his card down")
    if bottom == PICK_ARMATURA:
        seats = [task[1] for task in s.tasks]
        if len(set(seats)) != len(seats):
            raise invalid("tasks", "each lanista picks his armaturae once")
        for i, task in enumerate(s.tasks):
            if all(s.fighters[g].armatura >= 0 for g in arena.familia(s, task[1])):
                raise invalid(f"tasks.{i}", "this lanista has chosen his four armaturae")
    if bottom in (ZONE, DEPLOY):
        _deployment(s, s.tasks[0][1])


def _deployment(s: JugulaFields, seat: int) -> None:
    """Deployment goes clockwise from the first player: those before `seat` have deployed and
    chosen their zone, those after have done neither."""
    players = s.num_players
    order = [(s.first_seat + k) % players for k in range(players)]
    if s.tasks[0][0] == DEPLOY and s.zone[seat] < 0:
        raise invalid("zone", "a lanista deploys into his zone, chosen first")
    if any(f.armatura < 0 for f in s.fighters):
        raise invalid("fighters", "armaturae are chosen before the deployment")
    at = order.index(seat)
    for k, p in enumerate(order):
        members = arena.familia(s, p)
        placed = [g for g in members if s.square[g] >= 0]
        ready = [g for g in members if s.wounds[g] < 2]
        if k < at and (len(placed) != len(ready) or s.zone[p] < 0):
            raise invalid(f"square.{members[0]}", f"seat {p} deploys before seat {seat}")
        if k > at and (placed or (players > 2 and s.zone[p] >= 0)):
            raise invalid(f"square.{members[0]}", f"seat {p} deploys after seat {seat}")
        if k == at and s.tasks[0][0] == ZONE and (placed or s.zone[p] >= 0):
            raise invalid("zone", f"seat {seat} chooses his zone before deploying")
    if not any(s.square[g] < 0 and s.wounds[g] < 2 for g in arena.familia(s, seat)):
        raise invalid("square", f"seat {seat} has nobody left to deploy")


def _tasks(s: JugulaFields) -> None:
    """Each task refers to seats, gladiators and cards that exist and fit it."""
    players = s.num_players
    for i, task in enumerate(s.tasks):
        kind = task[0]
        where = f"tasks.{i}"
        if kind not in NO_SEAT and task[1] >= players:
            raise invalid(f"{where}.1", f"seat {task[1]} is not in a {players}-player game")
        if kind in FIGHT_TASKS and s.fight is None:
            raise invalid(where, "this task belongs to an attack, and none is in progress")
        gladiators = [x for x in _gladiators_of(task) if x >= len(s.fighters)]
        if gladiators:
            raise invalid(where, f"there is no gladiator {gladiators[0]}")
        _task(s, task, where)
    if s.fight is not None:
        kinds = [t[0] for t in s.tasks]
        if kinds.count(ATTACK_END) != 1:
            raise invalid("tasks", "an attack in progress has its end pending (attack_end)")
        end = kinds.index(ATTACK_END)  # its steps come before it: the end clears the attack
        for i, kind in enumerate(kinds[:end]):
            if kind in FIGHT_TASKS:
                raise invalid(f"tasks.{i}", "a step of the attack is pending after its end")
    if not s.over:
        if not s.tasks:
            raise invalid("tasks", "a game in progress has a decision pending")
        top = s.tasks[-1]
        if top[0] not in DECISIONS:
            raise invalid(f"tasks.{len(s.tasks) - 1}", "the last task is a decision")
        if s.out[top[1]]:
            raise invalid(f"tasks.{len(s.tasks) - 1}", "the seat to decide has left the arena")
        if not rules.legal_actions(s):
            raise invalid(f"tasks.{len(s.tasks) - 1}", "the decision on top has no legal action")


def _gladiators_of(task: tuple[Any, ...]) -> list[int]:
    kind = task[0]
    if kind in (MOVE, AWARE_TURN, IMPETUS_MOVE):
        return [task[2]]
    if kind == ATTACK_PICK:
        return [task[3]]
    if kind == WOUND:
        return [task[1]]
    return []


def _task(s: JugulaFields, task: tuple[Any, ...], where: str) -> None:
    kind = task[0]
    seat_of = [f.seat for f in s.fighters]
    if kind in (MOVE, AWARE_TURN, IMPETUS_MOVE):
        g = task[2]
        enemy = kind == MOVE and task[4] == MOVE_DEMENTIA
        if (seat_of[g] != task[1]) != enemy:
            raise invalid(f"{where}.2", "a gladiator moved by his own lanista (Dementia: an enemy)")
        if kind == MOVE and task[4] == MOVE_DODGE and s.fight is None:
            raise invalid(f"{where}.4", "a Dodge move follows a push back in an attack")
    elif kind == ATTACK_PICK and task[3] >= 0 and seat_of[task[3]] != task[1]:
        raise invalid(f"{where}.3", "only a gladiator of the attacking lanista attacks")
    elif kind == SACRIFICE and task[3] >= 0 and (task[3] >= s.num_players or task[3] == task[1]):
        raise invalid(f"{where}.3", "Potestas' rival is another lanista of this game")
    elif kind == EFFECTS_PICK:
        effects, values = task[2], task[3]
        if len(set(effects)) != len(effects) or len(values) != len(effects):
            raise invalid(f"{where}.3", "each effect once, with one value for each")
        if not s.in_play[task[1]]:
            raise invalid(
                f"{where}.1", "the effects to choose are of a card this lanista has in play"
            )
    elif kind == ORDER_TOP:
        look, left = task[2], task[3]
        if left > look or look > len(s.deck[task[1]]) or look > s.top_known[task[1]]:
            raise invalid(f"{where}.2", "Plausus arranges known top cards of his deck")
    elif kind == ROUND_REVEAL:
        seats = task[1]
        if any(p >= s.num_players for p in seats) or len(set(seats)) != len(seats):
            raise invalid(f"{where}.1", "the round's contenders are seats of this game, once each")
    elif kind == WOUND and task[2] >= s.num_players:
        raise invalid(f"{where}.2", f"seat {task[2]} is not in this game")
    elif kind == DEPLOY and s.zone[task[1]] < 0:
        raise invalid(f"{where}.1", "a lanista deploys into his zone, chosen first")
    elif kind == ACCLAIM and s.vox[task[1]] >= s.catalog.rules.vox_max:
        raise invalid(f"{where}.1", "at 10 the +1 Vox Populi is a card to draw (overflow)")
    elif kind == PUSH:
        _push_task(s, task, where)
    elif kind == PURSUE and s.board[task[2]] >= 0:
        raise invalid(f"{where}.2", "a pursuit goes into an empty square")


def _push_task(s: JugulaFields, task: tuple[Any, ...], where: str) -> None:
    assert s.fight is not None
    d = s.fight.defender
    geo = arena.geo_of(s)
    squares = task[2]
    if s.square[d] < 0:
        raise invalid(where, "the pushed back defender is in the arena")
    if len(set(squares)) != len(squares) or any(
        s.board[q] >= 0 or q not in geo.adjacent[s.square[d]] for q in squares
    ):
        raise invalid(f"{where}.2", "a push back goes into free squares next to the defender")


def _fight(s: JugulaFields) -> None:
    """The attack in progress: an attacker and a defender of different familiae, cards that
    fit how far it has gone."""
    fight = s.fight
    if fight is None:
        return
    count = len(s.fighters)
    if fight.attacker >= count or fight.defender >= count:
        raise invalid("fight", "the attacker and the defender are gladiators of this game")
    a_seat, d_seat = s.fighters[fight.attacker].seat, s.fighters[fight.defender].seat
    if a_seat == d_seat:
        raise invalid("fight.defender", "the defender is an enemy of the attacker")
    kinds = [t[0] for t in s.tasks]
    concluded = fight.revealed and RESILIENT_SWAP not in kinds
    if not fight.revealed:
        if s.square[fight.attacker] < 0 or s.square[fight.defender] < 0:
            raise invalid("fight", "both fighters are in the arena until the outcome")
        if s.hurt[fight.defender]:
            raise invalid("fight.defender", "a gladiator wounded this turn is no target")
        if COMMIT not in kinds:
            raise invalid("fight.revealed", "the cards are committed, then revealed")
    elif COMMIT in kinds:
        raise invalid("fight.revealed", "the cards are revealed once both are committed")
    sides = [t[2] for t in s.tasks if t[0] == COMMIT]
    committed = fight.a_card != NOBODY
    if sides not in ([], [1, 0], [1]) or (sides and (sides == [1]) != committed):
        raise invalid("tasks", "the attacker's lanista commits once, then the defender's")
    if fight.d_card != NOBODY and not fight.revealed:
        raise invalid("fight.d_card", "the cards are revealed once both are committed")
    allowed = (-1, fight.defender) if concluded else (-1,)
    if fight.hinder and s.marker[fight.attacker] not in allowed:
        raise invalid("fight.hinder", "a Hindering attack takes the marker on his card")
    if fight.revealed and (fight.a_card == -2 or fight.d_card == -2):
        raise invalid("fight.a_card", "a deck card is taken when the cards are revealed")
    if not concluded and (ATTACK_RESOLVED in kinds or fight.vacated >= 0):
        raise invalid("fight.vacated", "nothing is resolved before the outcome")
    for pair in fight.discards:
        if pair[0] != d_seat or not 0 <= pair[1] < len(s.catalog.cards):
            raise invalid("fight.discards", "Resilient sets aside the defender's cards")
    for i, task in enumerate(s.tasks):
        if task[0] == COMMIT and task[1] != (a_seat, d_seat)[task[2]]:
            raise invalid(f"tasks.{i}.1", "each fighter's lanista commits his card")
        if task[0] in (RESILIENT_SWAP,) and task[1] != d_seat:
            raise invalid(f"tasks.{i}.1", "Resilient is the defender's")
        if task[0] == PURSUE and task[1] != a_seat:
            raise invalid(f"tasks.{i}.1", "the attacker pursues")


def _outcome(s: JugulaFields) -> None:
    """No familia is already beaten while the fight goes on (outside sudden death)."""
    if s.over or s.sudden or any(task[0] in SET_UP for task in s.tasks):
        return
    for seat in range(s.num_players):
        if s.out[seat]:
            continue
        if s.options["simple"]:
            beaten = victory.conceded(s, seat) >= s.catalog.rules.simple.target
        else:
            beaten = victory.beaten(s, seat)
        if beaten:
            raise invalid(
                "wounds", f"seat {seat}'s familia is already beaten, yet the fight goes on"
            )


__all__ = ["InvalidRecord", "check"]
