"""Hand-built Ludus Gladiatorius positions for the rules tests.

A `Position` starts from a real game (`colosseum.new_game("ludus", ...)`), takes its
`to_position()` dict, lets a test edit the fields (hexes, life, counters, phase, order, RNG,
net...) and loads it back with `colosseum.from_position`. Gladiators are named by their number
(1 Murmillo, 2 Retiarius, 3 Thraex, 4 Hoplomachus, 5 Lion); the position itself stores them by
index (number - 1), which this module hides.

Dice are never patched: a test either asserts on what the dice said (the events), or searches
RNG values for a position whose dice give the case it wants (`Position.search`).

The hex geometry here is written independently of the engine, from `data/arena.toml` and the
layout its comment states (odd-numbered rows drawn half a hex to the left), so the movement and
adjacency tests do not merely repeat the engine's own tables.
"""

from __future__ import annotations

import copy
import random
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import colosseum
from colosseum import Action, Event, State

GAME = "ludus-gladiatorius"
DEFAULT_GLADIATORS = "1,2,3,5"  # seat 0: Murmillo + Retiarius; seat 1: Thraex + Lion

MURMILLO, RETIARIUS, THRAEX, HOPLOMACHUS, LION = 1, 2, 3, 4, 5
NUMBERS = (1, 2, 3, 4, 5)

# Counter kinds as the position stores them (`counter`, `remaining`, `unrevealed`).
CODES = ("blank", "SA", "F", "D", "DD", "FS", "NA")
KIND = {code: kind for kind, code in enumerate(CODES)}
SPECIAL_CODES = CODES[1:]
KINDS = len(CODES)
NO_COUNTER = -1
STATUS = {"hidden": 0, "revealed": 1, "spent": 2}

# Record sheets as data/gladiators.toml gives them (read independently of the engine).
_DATA = resources.files("colosseum.games.ludus_gladiatorius") / "data"


def _toml(name: str) -> dict[str, Any]:
    return tomllib.loads((_DATA / name).read_text(encoding="utf-8"))


SHEETS: dict[int, dict[str, Any]] = {g["number"]: g for g in _toml("gladiators.toml")["gladiator"]}
DICE: dict[str, list[list[int]]] = {k: v["faces"] for k, v in _toml("dice.toml")["dice"].items()}
RULES = _toml("rules.toml")
ARENA_ROWS: list[str] = _toml("arena.toml")["rows"]


# --- hex geometry ---------------------------------------------------------------------------


def _hex_name(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


HEXES: frozenset[str] = frozenset(
    _hex_name(col, row)
    for row, line in enumerate(ARENA_ROWS)
    for col, char in enumerate(line)
    if char != "#"
)
START_HEXES: dict[int, str] = {
    int(char): _hex_name(col, row)
    for row, line in enumerate(ARENA_ROWS)
    for col, char in enumerate(line)
    if char.isdigit()
}


def hex_cell(name: str) -> tuple[int, int]:
    """(column, row number starting at 1) of a hex name like "g5"."""
    return ord(name[0]) - ord("a"), int(name[1:])


def neighbours(name: str) -> set[str]:
    """The arena hexes touching `name`: odd-numbered rows sit half a hex to the left."""
    col, row = hex_cell(name)
    diagonal = (col - 1, col) if row % 2 == 1 else (col, col + 1)
    around = [(col - 1, row), (col + 1, row)]
    around += [(c, r) for r in (row - 1, row + 1) for c in diagonal]
    return {f"{chr(ord('a') + c)}{r}" for c, r in around if c >= 0} & HEXES


def distances(start: str, blocked: Iterable[str] = ()) -> dict[str, int]:
    """Steps from `start` to every hex reachable without entering a `blocked` hex."""
    blocked = set(blocked)
    dist = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for near in neighbours(here):
                if near not in dist and near not in blocked:
                    dist[near] = dist[here] + 1
                    following.append(near)
        frontier = following
    return dist


def reachable(start: str, allowance: int, blocked: Iterable[str] = ()) -> set[str]:
    """Hexes a gladiator at `start` can end a move on with `allowance` movement."""
    return {h for h, d in distances(start, blocked).items() if d <= allowance}


# --- events ---------------------------------------------------------------------------------


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def events_of(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if event.kind == kind]


def event(events: Sequence[Event], kind: str) -> Event:
    """The only event of `kind` (the test fails if there is none or several)."""
    found = events_of(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def swords(faces: Iterable[Sequence[int]]) -> int:
    return sum(face[0] for face in faces)


def shields(faces: Iterable[Sequence[int]]) -> int:
    return sum(face[1] for face in faces)


def notations(state: State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def apply_all(state: State, actions: Iterable[str]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(state.apply(action))
    return events


# --- positions ------------------------------------------------------------------------------


@dataclass
class Found:
    """A searched outcome: the RNG value, the state before and after, the events between."""

    rng: int
    before: State
    after: State
    events: list[Event]


class Position:
    """A hand-built Ludus position; every setter returns self so calls chain.

    By default every gladiator of the game stands on its given hex with full life, has placed a
    blank counter, and it is the first gladiator's activation (phase "act", before moving).
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 1,
        gladiators: str = DEFAULT_GLADIATORS,
        **options: Any,
    ) -> None:
        start = colosseum.new_game(
            "ludus", players=players, seed=seed, options={"gladiators": gladiators, **options}
        )
        self.pos: dict[str, Any] = start.to_position()
        self.numbers = [int(n) for n in gladiators.split(",")]
        for g in self.numbers:
            self.pos["counter"][g - 1] = KIND["blank"]
        self.pos["phase"] = "act"
        self.pos["order"] = [g - 1 for g in self.numbers]
        self.pos["step"] = 0

    # fields ---------------------------------------------------------------------------------

    def set(self, field: str, value: Any) -> Position:
        self.pos[field] = value
        return self

    def at(self, **hexes: str | None) -> Position:
        """Hexes by gladiator name: `.at(murmillo="g5", thraex="h5")`; they stood there when
        this round's counters were placed, too."""
        for name, hex_name in hexes.items():
            self.pos["hex"][_number(name) - 1] = hex_name
            self.pos["start_hex"][_number(name) - 1] = hex_name
        return self

    def remove(self, number: int) -> Position:
        """Take a gladiator out of play before this round (off the board, no life)."""
        self.pos["hex"][number - 1] = None
        self.pos["start_hex"][number - 1] = None
        self.pos["life"][number - 1] = 0
        self.pos["counter"][number - 1] = NO_COUNTER
        self.pos["order"] = [g for g in self.pos["order"] if g != number - 1]
        self.pos["step"] = min(self.pos["step"], max(0, len(self.pos["order"]) - 1))
        return self

    def life(self, number: int, value: int) -> Position:
        self.pos["life"][number - 1] = value
        return self

    def flag(self, name: str, number: int, value: bool = True) -> Position:
        """One of attacked, defended, no_attack, no_defence, entangled."""
        self.pos[name][number - 1] = value
        return self

    def carry(self, number: int, shields: int) -> Position:
        self.pos["carry"][number - 1] = shields
        return self

    def counter(
        self, number: int, code: str, status: str = "hidden", ruled_out: Iterable[str] = ()
    ) -> Position:
        """This round's counter of a gladiator, crossed off its sheet like a placed one."""
        g = number - 1
        previous = self.pos["counter"][g]
        if previous > 0:
            self.pos["remaining"][g * KINDS + previous] += 1
        kind = KIND[code]
        if kind > 0:
            self.pos["remaining"][g * KINDS + kind] -= 1
            assert self.pos["remaining"][g * KINDS + kind] >= 0, f"{code} not on the sheet"
        self.pos["counter"][g] = kind
        self.pos["counter_status"][g] = STATUS[status]
        mask = 0
        for ruled in ruled_out:
            mask |= 1 << KIND[ruled]
        self.pos["counter_mask"][g] = mask
        return self

    def left(self, number: int, code: str, quantity: int) -> Position:
        """How many counters of `code` a gladiator has left on its sheet."""
        self.pos["remaining"][(number - 1) * KINDS + KIND[code]] = quantity
        return self

    def net(self, hex_name: str | None) -> Position:
        """Where the Retiarius' net lies (None: he holds it); a net thrown earlier means a Net
        Attack counter crossed off his sheet."""
        self.pos["net"] = hex_name
        slot = (RETIARIUS - 1) * KINDS + KIND["NA"]
        if (
            hex_name is not None
            and self.pos["remaining"][slot] == SHEETS[RETIARIUS]["specials"]["NA"]
        ):
            self.pos["remaining"][slot] -= 1
        return self

    def rng(self, value: int) -> Position:
        self.pos["rng"] = value
        return self

    def round(self, number: int) -> Position:
        self.pos["round"] = number
        return self

    # whose decision -------------------------------------------------------------------------

    def _order(self, first: int, order: Sequence[int] | None) -> list[int]:
        standing = [g + 1 for g, h in enumerate(self.pos["hex"]) if h is not None]
        if order is None:
            order = [first] + [g for g in standing if g != first]
        return [g - 1 for g in order]

    def acting(
        self, number: int, moved: bool = False, order: Sequence[int] | None = None
    ) -> Position:
        """It is gladiator `number`'s activation (phase "act")."""
        self.pos["order"] = self._order(number, order)
        self.pos["step"] = self.pos["order"].index(number - 1)
        self.pos["phase"] = "act"
        self.pos["moved"] = moved
        self.pos["pending"] = None
        return self

    def placing(self, number: int, order: Sequence[int] | None = None) -> Position:
        """Counters are being placed and gladiator `number` places next (phase "place")."""
        self.pos["order"] = self._order(number, order)
        step = self.pos["order"].index(number - 1)
        self.pos["step"] = step
        self.pos["phase"] = "place"
        for g in self.pos["order"][step:]:
            self.pos["counter"][g] = NO_COUNTER
        return self

    def defending(self, attacker: int, defender: int, recover: bool = False) -> Position:
        """`attacker` (the active gladiator) has declared an attack; `defender` decides."""
        self.acting(attacker, moved=self.pos["moved"])
        self.pos["phase"] = "defend"
        self.pos["pending"] = {
            "attacker": attacker - 1,
            "defender": defender - 1,
            "recover_net": recover,
        }
        self.pos["attacked"][attacker - 1] = True
        return self

    # loading --------------------------------------------------------------------------------

    def build(self) -> State:
        return colosseum.from_position(GAME, copy.deepcopy(self.pos))

    def search(
        self,
        actions: Sequence[str],
        want: Callable[[State, list[Event]], bool],
        tries: int = 3000,
    ) -> Found:
        """The first RNG value (0, 1, 2...) for which playing `actions` gives what `want` wants."""
        for value in range(tries):
            self.pos["rng"] = value
            before = self.build()
            after = before.clone()
            events = apply_all(after, actions)
            if want(after, events):
                return Found(value, before, after, events)
        raise AssertionError(f"no RNG value below {tries} gives the wanted dice for {actions}")


_NAMES = {"murmillo": 1, "retiarius": 2, "thraex": 3, "hoplomachus": 4, "lion": 5}


def _number(name: str) -> int:
    if name.startswith("g") and name[1:].isdigit():
        return int(name[1:])
    return _NAMES[name]


def gladiator_view(view: dict[str, Any], number: int) -> dict[str, Any]:
    """The entry of gladiator `number` in a view."""
    for entry in view["gladiators"]:
        if entry["number"] == number:
            return entry
    raise AssertionError(f"gladiator {number} is not in the view")


def hex_distance(a: str, b: str) -> int:
    """Hex steps between two hexes on an open floor (odd-numbered rows shifted left)."""

    def cube(name: str) -> tuple[int, int]:
        col, row = hex_cell(name)
        r = row - 1  # 0-based: even indices are the odd-numbered (left-shifted) rows
        return col - (r + (r & 1)) // 2 + (r & 1), r

    (xa, za), (xb, zb) = cube(a), cube(b)
    dx, dz = xa - xb, za - zb
    return max(abs(dx), abs(dz), abs(dx + dz))


# --- playout policies -----------------------------------------------------------------------


def random_choice(state: State, rnd: random.Random) -> Action:
    """Uniform among the legal actions."""
    actions = state.legal_actions()
    return actions[rnd.randrange(len(actions))]


def aggressive_choice(state: State, rnd: random.Random) -> Action:
    """A random player that seeks fights: it closes in, attacks, defends and spends specials,
    so that playouts reach combat, Emperor's dice, nets and eliminations often."""
    actions = state.legal_actions()
    names = [str(a) for a in actions]
    view = state.view(None)
    phase = view["phase"]

    def pick(candidates: list[int]) -> Action:
        return actions[rnd.choice(candidates)]

    if phase == "place":
        specials = [i for i, n in enumerate(names) if n != "place blank"]
        if specials and rnd.random() < 0.7:
            return pick(specials)
    elif phase == "defend":
        if "defend" in names and rnd.random() < 0.85:
            return actions[names.index("defend")]
    elif phase == "act":
        attacks = [i for i, n in enumerate(names) if n.startswith("attack")]
        if attacks and rnd.random() < 0.9:
            return pick(attacks)
        if "move" in names and rnd.random() < 0.9:
            return actions[names.index("move")]
    elif phase == "move" and rnd.random() < 0.85:
        me = gladiator_view(view, view["active"])
        enemies = [e["hex"] for e in view["gladiators"] if e["hex"] and e["owner"] != me["owner"]]
        moves = [i for i, n in enumerate(names) if n.startswith("to ")]
        if enemies and moves:
            with_net = [i for i in moves if names[i].endswith(" net")]
            if with_net and rnd.random() < 0.5:
                moves = with_net

            def closeness(i: int) -> int:
                target = names[i].split()[1]
                return min(hex_distance(target, e) for e in enemies)

            best = min(closeness(i) for i in moves)
            return pick([i for i in moves if closeness(i) == best])
    return actions[rnd.randrange(len(actions))]


POLICIES = {"random": random_choice, "aggressive": aggressive_choice}
