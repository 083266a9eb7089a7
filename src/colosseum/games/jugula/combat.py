"""Combat: eligible targets, committed cards, combat scores, and the attack's outcome.

Sections "Combat" (eligible targets, attack resolution, combat modifiers, threatening
gladiators, attack outcome, pushed back, pursuing, wounded, biting the dust), "The Traits" and
the combat talents of "Appendix II".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from ...core.actions import Action, Event
from . import arena, cards, victory
from .board import geometry
from .model import (
    ACCLAIM,
    ATTACK_END,
    ATTACK_PICK,
    ATTACK_RESOLVED,
    BRUTE,
    BUTCHER,
    COMMIT,
    DECK,
    DODGE,
    DODGE_CHECK,
    DONE,
    LEADER,
    MOVE,
    MOVE_DODGE,
    NOBODY,
    PERFIDIOUS,
    PURSUE,
    PURSUE_CHECK,
    PUSH,
    RESILIENT,
    RESILIENT_SWAP,
    SHARP,
    STURDY,
    TOUGH,
    WOUND,
    Fight,
)

if TYPE_CHECKING:
    from .fields import JugulaFields

Task = tuple[Any, ...]


Zones = tuple[tuple[int, ...], ...]  # by square * 4 + facing: the squares a gladiator may attack
_BY_FAMILIAE: Final[dict[int, Any]] = {}


@cache
def _zones(width: int, height: int, reach: int, bow: bool, massive: bool) -> Zones:
    """`Geometry.attack_zone` from every square and facing, for one arena size and one kind
    of attacker (Range, Bow, Massive)."""
    geo = geometry(width, height)
    return tuple(geo.attack_zone(k >> 2, k & 3, reach, bow, massive) for k in range(geo.size * 4))


def _attack_zones(s: JugulaFields) -> list[Zones]:
    """By gladiator, his `_zones` (all empty before his armatura is chosen), made once per
    familiae (`arena.per_familiae`)."""
    return arena.per_familiae(s, _BY_FAMILIAE, _gladiators_zones)


def _gladiators_zones(s: JugulaFields) -> list[Zones]:
    geo = s.catalog.geo
    found: list[Zones] = []
    for g, fighter in enumerate(s.fighters):
        if fighter.armatura < 0:  # attacks nothing from anywhere
            found.append(((),) * (geo.size * 4))
            continue
        spec = arena.armatura(s, g)
        found.append(_zones(geo.width, geo.height, arena.reach(s, g), spec.bow, spec.massive))
    return found


def targets(s: JugulaFields, a: int) -> list[int]:
    """ "Eligible targets": enemies in the front zone (projected by Range; never adjacent for a
    Bow; the danger zone alone for Massive), not wounded this turn, and not a Sharp gladiator
    unless adjacent. A hindered attacker has none ("Hindrance"). Asked of every gladiator at
    each turn with Ardor Oris in hand: the zone is read from his table (`_attack_zones`), and
    `arena.hindered` is called only for a gladiator holding a marker."""
    square = s.square[a]
    if square < 0 or (s.held[a] > 0 and arena.hindered(s, a)):
        return []
    board, fighters, hurt = s.board, s.fighters, s.hurt
    seat = fighters[a].seat
    found = []
    for target in _attack_zones(s)[a][square * 4 + s.facing[a]]:
        d = board[target]
        if d < 0 or fighters[d].seat == seat or hurt[d]:
            continue
        if fighters[d].talents & SHARP and s.catalog.geo.distance(square, target) > 1:
            continue
        found.append(d)
    return found


def _legal_pick(s: JugulaFields, task: Task) -> list[Action]:
    """Combat Effect: the next attack (attacker and target), a Hindering attack with a marker
    on the attacker's card, or "done" (Ardor Oris' single attack is not optional)."""
    seat, only, ardor = task[1], task[3], task[5]
    found = [] if ardor else [DONE]
    names, square = s.catalog.rules.squares, s.square
    for a in arena.familia(s, seat):
        if only >= 0 and a != only:
            continue
        hinder = s.marker[a] == -1
        at = square[a]
        for d in targets(s, a):
            to = square[d]
            found.append(_attack("attack", at, to, names[at], names[to]))
            if hinder:
                found.append(_attack("hinder", at, to, names[at], names[to]))
    return found


@mypyc_attr(native_class=False)  # a Python class when compiled (core/build.py), as Action is
class Attack(Action):
    """`attack A D` or `hinder A D`: the gladiators on two squares, attacker and target. Made once
    per pair of squares (`_attack`), it keeps their numbers, so applying it looks no name up."""

    __slots__ = ("attacker", "defender")

    def __init__(self, kind: str, attacker: int, defender: int, names: tuple[str, str]) -> None:
        super().__init__(kind, *names)
        self.attacker = attacker
        self.defender = defender


@cache
def _attack(kind: str, attacker: int, defender: int, at: str, to: str) -> Attack:
    """The `kind` attack between two squares (named `at` and `to`): made once (an Action is a
    value)."""
    return Attack(kind, attacker, defender, (at, to))


def _apply_pick(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    _, seat, left, only, bonus, ardor = task
    s.tasks.pop()
    if action.kind == "done":
        return
    if left > 1:
        s.tasks.append((ATTACK_PICK, seat, left - 1, only, bonus, ardor))
    if isinstance(action, Attack):  # offered by this very position (`State.apply`)
        a, d = s.board[action.attacker], s.board[action.defender]
    else:
        names = s.catalog.rules.squares
        a = s.board[names.index(str(action.args[0]))]
        d = s.board[names.index(str(action.args[1]))]
    s.fight = Fight(a, d, action.kind == "hinder", bonus, bool(ardor))
    if action.kind == "hinder":
        rule = "jugula.traits.hindrance"
    else:
        rule = "jugula.ability.ardor-oris" if ardor else "jugula.combat.attack"
    events.append(
        Event(
            "attack",
            {
                "attacker": arena.describe(s, a),
                "defender": arena.describe(s, d),
                "hinder": action.kind == "hinder",
            },
            rule=rule,
        )
    )
    s.tasks.append((ATTACK_END,))
    s.tasks.append((COMMIT, s.fighters[d].seat, 1))
    s.tasks.append((COMMIT, seat, 0))


# --- committing and revealing the cards ----------------------------------------------------------


def _legal_commit(s: JugulaFields, task: Task) -> list[Action]:
    return cards.commit_choices(s, task[1], "card")


def _apply_commit(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """ "Attack resolution": the attacker's lanista commits first, then the defender's; a card
    from the hand or the deck's top, face down. Then both are revealed."""
    seat, side = task[1], task[2]
    s.tasks.pop()
    fight = s.fight
    assert fight is not None
    card = cards.commit_card(s, seat, str(action.args[0]))
    source = "deck" if card == DECK else "hand"
    events.append(
        Event("commit", {"seat": seat, "from": source}, rule="jugula.combat.attack-resolution")
    )
    if side == 0:
        fight.a_card = card
        return
    fight.d_card = card
    _reveal(s, events)


def _reveal(s: JugulaFields, events: list[Event]) -> None:
    fight = s.fight
    assert fight is not None
    a_seat, d_seat = s.fighters[fight.attacker].seat, s.fighters[fight.defender].seat
    if fight.a_card == DECK:
        fight.a_card = cards.take_top(s, a_seat, events)
    if fight.d_card == DECK:
        fight.d_card = cards.take_top(s, d_seat, events)
    fight.revealed = True
    catalog = s.catalog
    shown = {
        "attacker": catalog.cards[fight.a_card].code if fight.a_card >= 0 else None,
        "defender": catalog.cards[fight.d_card].code if fight.d_card >= 0 else None,
    }
    events.append(Event("reveal_combat", shown, rule="jugula.combat.attack-resolution"))
    limit = catalog.rules.talents.resilient_die
    if (
        s.fighters[fight.defender].talents & RESILIENT
        and _die(s, fight.d_card) <= limit
        and cards.can_draw(s, d_seat)
    ):
        s.tasks.append((RESILIENT_SWAP, d_seat))
        return
    conclude(s, events)


def _die(s: JugulaFields, card: int) -> int:
    """A committed card's die; no card at all (nothing left anywhere) counts 0."""
    return s.catalog.cards[card].die if card >= 0 else 0


def _legal_resilient(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("swap"), Action("keep")]


def _apply_resilient(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Resilient: a defence card showing 0 or 1 may be discarded for the deck's top card."""
    s.tasks.pop()
    fight = s.fight
    assert fight is not None
    if action.kind == "swap":
        seat = task[1]
        fight.discards.append((seat, fight.d_card))
        fight.d_card = cards.take_top(s, seat, events)
        code = s.catalog.cards[fight.d_card].code if fight.d_card >= 0 else None
        events.append(
            Event("resilient", {"seat": seat, "card": code}, rule="jugula.talents.resilient")
        )
    conclude(s, events)


# --- combat scores -------------------------------------------------------------------------------


def _harassed(s: JugulaFields, g: int) -> bool:
    """Harassment: `g` stands in the danger zone of an enemy harasser."""
    geo = arena.geo_of(s)
    square = s.square[g]
    for e in arena.enemies_of(s, g):
        if (
            arena.armatura(s, e).harassment
            and geo.danger[s.square[e]][s.facing[e]] == square
            and arena.exerts_zones(s, e)
        ):
            return True
    return False


def threatening(s: JugulaFields, g: int, fight: Fight) -> int:
    """ "Threatening gladiator": enemies of `g` with `g` in their front zone, except those in
    the attack and those standing in the danger zone of one of their own enemies who is not in
    the attack."""
    geo = arena.geo_of(s)
    involved = (fight.attacker, fight.defender)
    square = s.square[g]
    count = 0
    for t in arena.enemies_of(s, g):
        if t in involved or square not in geo.front[s.square[t]][s.facing[t]]:
            continue
        if arena.in_danger_of(s, s.square[t], s.fighters[t].seat, involved):
            continue
        count += 1
    return count


def scores(s: JugulaFields, fight: Fight) -> tuple[int, int]:
    """ "Combat modifiers": (attack score, defence score), each at least the minimum."""
    rules = s.catalog.rules
    combat, traits, talents = rules.combat, rules.traits, rules.talents
    geo = arena.geo_of(s)
    a, d = fight.attacker, fight.defender
    a_spec, d_spec = arena.armatura(s, a), arena.armatura(s, d)
    a_side = a_spec.sides[s.wounds[a] > 0]
    d_side = d_spec.sides[s.wounds[d] > 0]
    a_fighter, d_fighter = s.fighters[a], s.fighters[d]
    a_die, d_die = _die(s, fight.a_card), _die(s, fight.d_card)
    a_square, d_square = s.square[a], s.square[d]

    att = a_side.att[d_spec.heavy] + a_fighter.att
    if _harassed(s, a):
        att = max(traits.harassment_floor, att + traits.harassment)
    position = geo.relative_position(d_square, s.facing[d], a_square)
    attack = a_die + att + rules.vox_attack[s.vox[a_fighter.seat]] + fight.bonus
    attack += {"front": 0, "flank": combat.flank, "rear": combat.rear, "back": combat.back}[
        position
    ]
    if a_fighter.talents & BRUTE and a_die == talents.brute_die:
        attack += talents.brute_bonus
    if (
        a_fighter.talents & PERFIDIOUS
        and position != "front"
        and not arena.in_danger_of(s, a_square, a_fighter.seat)
    ):
        attack += talents.perfidious_bonus
    for leader in arena.familia(s, a_fighter.seat):
        if (
            s.fighters[leader].talents & LEADER
            and s.square[leader] >= 0
            and geo.danger[s.square[leader]][s.facing[leader]] == d_square
            and arena.exerts_zones(s, leader)
        ):
            attack += talents.leader_bonus
    if not a_spec.stoic:
        attack += combat.threatening * threatening(s, a, fight)

    defence_value = d_side.defence[a_spec.heavy] + d_fighter.defence
    if _harassed(s, d):
        defence_value = max(traits.harassment_floor, defence_value + traits.harassment)
    defence = d_die + defence_value
    if a_spec.bow:
        defence += traits.bow_defence_per_square * geo.squares_between(a_square, d_square)
    if d_spec.massive and a_square not in geo.front[d_square][s.facing[d]]:
        defence += traits.massive_defence
    if not d_spec.stoic:
        defence += combat.threatening * threatening(s, d, fight)
        if s.held[d]:
            defence += combat.hindered
    return max(attack, combat.minimum_score), max(defence, combat.minimum_score)


# --- the outcome ---------------------------------------------------------------------------------


def push_squares(s: JugulaFields, a: int, d: int) -> tuple[int, list[int]]:
    """ "Pushed back gladiator": (the square straight away from the attacker, or -1 if off the
    arena; the free squares the defender may be pushed into). The straight square if free,
    else the squares next to it and to the defender that are one step further from the
    attacker."""
    geo = arena.geo_of(s)
    (fa, ra), (fd, rd) = geo.coords(s.square[a]), geo.coords(s.square[d])
    dx = (fd > fa) - (fd < fa)
    dy = (rd > ra) - (rd < ra)
    x, y = fd + dx, rd + dy
    straight = y * geo.width + x if 0 <= x < geo.width and 0 <= y < geo.height else NOBODY
    if straight >= 0 and s.board[straight] < 0:
        return straight, [straight]
    here = geo.distance(s.square[a], s.square[d])
    free = sorted(
        sq
        for sq in geo.adjacent[s.square[d]]
        if max(abs(geo.coords(sq)[0] - x), abs(geo.coords(sq)[1] - y)) == 1
        and s.board[sq] < 0
        and geo.distance(s.square[a], sq) > here
    )
    return straight, free


def conclude(s: JugulaFields, events: list[Event]) -> None:
    """ "Attack outcome": compare the scores; the most favourable outcome to the attacker."""
    fight = s.fight
    assert fight is not None
    rules = s.catalog.rules
    a, d = fight.attacker, fight.defender
    a_seat, d_seat = s.fighters[a].seat, s.fighters[d].seat
    attack, defence = scores(s, fight)
    events.append(
        Event("scores", {"attack": attack, "defence": defence}, rule="jugula.combat.modifiers")
    )
    if defence > attack:
        s.tasks.append((ATTACK_RESOLVED,))
        if s.vox[d_seat] < rules.vox_max:
            s.tasks.append((ACCLAIM, d_seat))
        else:  # at 10 the point becomes a card he may draw
            gain = rules.vox_defence_gain
            cards.gain_vox(s, d_seat, gain, events, rule="jugula.combat.defence-acclaim")
        return
    if attack == defence:
        s.tasks.append((ATTACK_RESOLVED,))
        return
    if fight.hinder:
        arena.put(s, "marker", a, d)
        arena.put(s, "held", d, s.held[d] + 1)
        events.append(Event("hindered", arena.describe(s, d), rule="jugula.traits.hindrance"))
        s.tasks.append((ATTACK_RESOLVED,))
        return
    d_talents = s.fighters[d].talents
    bite_at = (
        rules.talents.butcher_multiple
        if s.fighters[a].talents & BUTCHER
        else rules.combat.bite_multiple
    )
    bites = attack >= bite_at * defence
    wounds = attack >= rules.combat.wound_multiple * defence
    if bites and d_talents & TOUGH:
        bites, wounds = False, True
    if bites:
        fight.vacated = s.square[d]
        s.tasks.append((PURSUE_CHECK,))
        s.tasks.append((ATTACK_RESOLVED,))
        by_butcher = attack < rules.combat.bite_multiple * defence
        rule = "jugula.talents.butcher" if by_butcher else "jugula.combat.attack-outcome"
        victory.bite(s, d, a_seat, events, rule=rule)
        return
    sturdy = d_talents & STURDY and attack - defence < rules.talents.sturdy_margin
    s.tasks.append((PURSUE_CHECK,))
    s.tasks.append((DODGE_CHECK,))
    s.tasks.append((ATTACK_RESOLVED,))
    if wounds:
        s.tasks.append((WOUND, d, a_seat))
    if sturdy:
        events.append(Event("sturdy", arena.describe(s, d), rule="jugula.talents.sturdy"))
        return
    _, free = push_squares(s, a, d)
    if not free:
        events.append(Event("no_room", arena.describe(s, d), rule="jugula.combat.push-back"))
        victory.wound(s, d, a_seat, events, rule="jugula.combat.push-back")
        return
    chooser = d_seat if d_talents & DODGE else a_seat
    if len(free) == 1:
        push(s, d, free[0], events)
    else:
        s.tasks.append((PUSH, chooser, tuple(free)))


def push(s: JugulaFields, d: int, square: int, events: list[Event]) -> None:
    """The defender moves back one square keeping his facing; danger zones are ignored."""
    fight = s.fight
    assert fight is not None
    fight.vacated = s.square[d]
    arena.place(s, d, square, s.facing[d])
    events.append(Event("pushed_back", arena.describe(s, d), rule="jugula.combat.push-back"))


def _legal_push(s: JugulaFields, task: Task) -> list[Action]:
    names = s.catalog.rules.squares
    return [Action("push", names[sq]) for sq in task[2]]


def _apply_push(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    s.tasks.pop()
    fight = s.fight
    assert fight is not None
    push(s, fight.defender, s.catalog.rules.squares.index(str(action.args[0])), events)


def _wound(s: JugulaFields, task: Task, events: list[Event]) -> None:
    victory.wound(s, task[1], task[2], events, rule="jugula.combat.attack-outcome")


def _legal_acclaim(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("acclaim"), Action("decline")]


def _apply_acclaim(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """ "Attack outcome": the defender's lanista "may" take +1 Vox Populi when his score is
    higher; declining keeps his marker (and, say, Virtus playable) where it is."""
    seat = task[1]
    s.tasks.pop()
    rule = "jugula.combat.defence-acclaim"
    if action.kind == "acclaim":
        cards.gain_vox(s, seat, s.catalog.rules.vox_defence_gain, events, rule=rule)
    else:
        events.append(Event("acclaim_declined", {"seat": seat}, rule=rule))


def _resolved(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """The attack's effects are resolved: Ardor Oris wounds its attacker ("at the end of the
    attack"); then, if anyone was hurt, defeat is checked once for the whole attack, so both
    familiae can be beaten at the same time ("Winning the game"). A blow on the defender is
    the attacker's, for sudden death; the Ardor Oris wound is self-inflicted."""
    fight = s.fight
    assert fight is not None
    a, d = fight.attacker, fight.defender
    if fight.ardor:
        victory.wound(s, a, NOBODY, events, rule="jugula.ability.ardor-oris")
    if s.hurt[d]:  # never hurt before this attack: a wounded gladiator is no target
        victory.check(s, s.fighters[a].seat, s.fighters[d].seat, events)
    elif fight.ardor:
        victory.check(s, NOBODY, s.fighters[a].seat, events)


def _dodge_check(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """Dodge: once pushed back, he may spend one MP to move."""
    fight = s.fight
    assert fight is not None
    d = fight.defender
    if s.fighters[d].talents & DODGE and s.square[d] >= 0 and fight.vacated >= 0:
        mp = s.catalog.rules.talents.dodge_mp
        s.tasks.append((MOVE, s.fighters[d].seat, d, mp, MOVE_DODGE, fight.vacated))


def pursuit_path(s: JugulaFields, a: int, square: int) -> list[int]:
    """Pursuing: the shortest way from the attacker to the vacated `square` through free
    squares, king's steps (no MP, danger zones ignored); [] if there is none."""
    start = s.square[a]
    if start < 0 or square < 0 or s.board[square] >= 0:
        return []
    adjacent = arena.geo_of(s).adjacent
    previous = {start: start}
    frontier = [start]
    while frontier and square not in previous:
        following = []
        for here in frontier:
            for near in adjacent[here]:
                if near not in previous and s.board[near] < 0:
                    previous[near] = here
                    following.append(near)
        frontier = following
    if square not in previous:
        return []
    path = [square]
    while previous[path[-1]] != start:
        path.append(previous[path[-1]])
    return path[::-1]


def _pursue_check(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """Pursuing: if the defender's square is empty, the attacker may move into it, from any
    distance (a ranged attacker too), by a way of free squares."""
    fight = s.fight
    assert fight is not None
    if pursuit_path(s, fight.attacker, fight.vacated):
        s.tasks.append((PURSUE, s.fighters[fight.attacker].seat, fight.vacated))


def _legal_pursue(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("pursue"), Action("hold")]


def _apply_pursue(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Pursuing: into the vacated square by the shortest free way, keeping his facing."""
    s.tasks.pop()
    fight = s.fight
    assert fight is not None
    if action.kind == "pursue":
        a = fight.attacker
        path = pursuit_path(s, a, task[2])
        names = s.catalog.rules.squares
        arena.place(s, a, task[2], s.facing[a])
        data = {**arena.describe(s, a), "path": [names[q] for q in path]}
        events.append(Event("pursues", data, rule="jugula.combat.pursuing"))


def attack_end(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """The revealed cards go to their owners' discard piles."""
    assert s.fight is not None
    cards.clear_fight(s)


LEGAL: Final[dict[int, Callable[[JugulaFields, Task], list[Action]]]] = {
    ATTACK_PICK: _legal_pick,
    COMMIT: _legal_commit,
    RESILIENT_SWAP: _legal_resilient,
    PUSH: _legal_push,
    PURSUE: _legal_pursue,
    ACCLAIM: _legal_acclaim,
}
APPLY: Final[dict[int, Callable[[JugulaFields, Task, Action, list[Event]], None]]] = {
    ATTACK_PICK: _apply_pick,
    COMMIT: _apply_commit,
    RESILIENT_SWAP: _apply_resilient,
    PUSH: _apply_push,
    PURSUE: _apply_pursue,
    ACCLAIM: _apply_acclaim,
}
AUTOMATIC: Final[dict[int, Callable[[JugulaFields, Task, list[Event]], None]]] = {
    WOUND: _wound,
    DODGE_CHECK: _dodge_check,
    PURSUE_CHECK: _pursue_check,
    ATTACK_RESOLVED: _resolved,
}
