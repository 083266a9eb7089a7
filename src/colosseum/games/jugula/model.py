"""The shapes of a Jugula state: gladiators, pending decisions (tasks) and the attack in progress.

A turn is a stack of tasks, newest last. A task is a tuple whose first item is its kind; a
decision task waits for its seat's action, an automatic task runs as soon as it is on top
(`rules.settle`). Tasks are immutable, so cloning the stack is a list copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...core.actions import Action

GAME_ID: Final = "jugula"
# The position and record format. 2: the "may" choices (pursuit at range, the +1 Vox Populi of
# a defence won, draws beyond 10) and defeat checked once an attack is resolved.
VERSION: Final = 2
NOBODY: Final = -1
DECK: Final = -2  # a combat or round card taken from the top of the deck, not yet revealed
FACING_LETTERS: Final = "nesw"
EFFECTS = ("move", "vox", "combat", "draw", "ability", "upgrade")
SIDES = ("south", "west", "north", "east")  # deployment zones, clockwise ("Multi-Player Games")
DONE = Action("done")  # ends a decision of several picks: a value, offered again and again

# Talents ("Appendix II: Talents") as bits of `Fighter.talents`.
TALENT_CODES = (
    "fast",
    "dexter",
    "sharp",
    "dodge",
    "aware",
    "souple",
    "sturdy",
    "brute",
    "impressive",
    "resilient",
    "tough",
    "butcher",
    "cute",
    "arena_idol",
    "perfidious",
    "vigorous",
    "smart",
    "leader",
)
TALENT_BIT = {code: 1 << i for i, code in enumerate(TALENT_CODES)}
FAST = TALENT_BIT["fast"]
DEXTER = TALENT_BIT["dexter"]
SHARP = TALENT_BIT["sharp"]
DODGE = TALENT_BIT["dodge"]
AWARE = TALENT_BIT["aware"]
SOUPLE = TALENT_BIT["souple"]
STURDY = TALENT_BIT["sturdy"]
BRUTE = TALENT_BIT["brute"]
IMPRESSIVE = TALENT_BIT["impressive"]
RESILIENT = TALENT_BIT["resilient"]
TOUGH = TALENT_BIT["tough"]
BUTCHER = TALENT_BIT["butcher"]
ARENA_IDOL = TALENT_BIT["arena_idol"]
PERFIDIOUS = TALENT_BIT["perfidious"]
LEADER = TALENT_BIT["leader"]

# Decision tasks: (kind, seat, ...).
PICK_ARMATURA: Final = 1  # (kind, seat): choose the next armatura of the familia
ZONE: Final = 2  # (kind, seat): choose a deployment zone (3-4 lanistae)
DEPLOY: Final = 3  # (kind, seat): place one gladiator
BID: Final = 4  # (kind, seat): commit a card face down for the round's first player
FIRST: Final = 5  # (kind, seat): designate the round's first player
PLAY: Final = 6  # (kind, seat, mode): play a card for one effect; mode PLAY_*
EFFECTS_PICK: Final = 7  # (kind, seat, effects, values, picks): use the next of several effects
MOVE_PICK: Final = 8  # (kind, seat, left, mode): designate the next gladiator to move
MOVE: Final = 9  # (kind, seat, g, mp, mode, vacated): where gladiator g ends this move
AWARE_TURN: Final = 10  # (kind, seat, g): an Aware gladiator may turn
ATTACK_PICK: Final = 11  # (kind, seat, left, only, bonus, ardor): declare the next attack
COMMIT: Final = 12  # (kind, seat, side): commit a combat card (side 0 attacker, 1 defender)
RESILIENT_SWAP: Final = 13  # (kind, seat): swap a 0/1 defence card for the deck's top
PUSH: Final = 14  # (kind, seat, squares): the square the defender is pushed back into
PURSUE: Final = 15  # (kind, seat, square): follow into the vacated square?
DISCARD: Final = 16  # (kind, seat, keep): discard down to `keep` cards
SACRIFICE: Final = 17  # (kind, seat, count, rival): discard any number (Moriturí, Potestas)
RIVAL: Final = 18  # (kind, seat, purpose): choose an opponent for an ability
RECALL: Final = 19  # (kind, seat): Acies Aciei
RESTORE: Final = 20  # (kind, seat): Acta est Fabula
HEAL: Final = 21  # (kind, seat): Cognatus a Um
PRIMA: Final = 22  # (kind, seat, left, stars, exact): take a Prima Jugula card
IMPETUS: Final = 23  # (kind, seat): gladiator and order
ORDER_TOP: Final = 24  # (kind, seat, left): Plausus, the next card placed on the deck
PERFIDIA: Final = 25  # (kind, seat, budget): Prima Jugula cards into the discard pile
DEMENTIA: Final = 26  # (kind, seat): the enemy gladiator to move
TEMPERARE: Final = 27  # (kind, seat, taken): cards removed from the game
EXECUTE: Final = 28  # (kind, seat): Fatalitas, the gladiator wounded
ACCLAIM: Final = 29  # (kind, seat): take the +1 Vox Populi of a defence won, or not
OVERFLOW: Final = 30  # (kind, seat, left): draw a card for a point beyond 10, or stop
# Automatic tasks.
END_CARD: Final = 40  # (kind, seat, card, removed): the played card leaves play
END_TURN: Final = 41  # (kind, seat): hand limit, then the next turn
NEXT_TURN: Final = 42  # (kind, seat)
ATTACK_END: Final = 43  # (kind,): the combat cards to the discard piles, Ardor Oris' wound
WOUND: Final = 44  # (kind, g, by_seat): a wound after a push back
TEMPERARE_END: Final = 45  # (kind, seat): reshuffle, then draw and play with the highest Vox Populi
PURSUE_CHECK: Final = 46  # (kind,): offer the pursuit if the vacated square is free
DODGE_CHECK: Final = 47  # (kind,): offer a pushed back Dodge gladiator his MP
COMPEL: Final = 48  # (kind, seat): Dubitatio's compelled card, with Vox Populi 6 or more
ROUND_REVEAL: Final = 49  # (kind, contenders): reveal the round's cards
IMPETUS_MOVE: Final = 50  # (kind, seat, g): Impetus' move after its attack, with full MP then
ATTACK_RESOLVED: Final = 51  # (kind,): Ardor Oris' wound, then defeat checked for the attack
DECISIONS = frozenset(range(1, 40))

# PLAY modes
PLAY_TURN: Final = 0  # the card of the turn
PLAY_MAY: Final = 1  # Plausus, Virtus, Potestas, Temperare: "may play another card"
PLAY_MUST: Final = 2  # Formido: "will have to play another card"

# MOVE modes
MOVE_NORMAL: Final = 0
MOVE_PAR_PARI: Final = 1  # Par Pari Refertur: no enemy front zone
MOVE_DODGE: Final = 2  # Dodge: after a push back
MOVE_DEMENTIA: Final = 3  # Dementia: an enemy moved by the player


@dataclass(frozen=True, slots=True)
class Fighter:
    """What a gladiator brings into the arena: armatura and, from a ludus, upgrades and talents."""

    seat: int
    armatura: int
    name: str = ""
    mp: int = 0  # upgrades (+MP, +ATT, +DEF)
    att: int = 0
    defence: int = 0
    talents: int = 0  # bits of TALENT_BIT
    wounded: bool = False  # enters the arena wounded


class Fight:
    """The attack being resolved ("Attack resolution")."""

    __slots__ = (
        "a_card",
        "ardor",
        "attacker",
        "bonus",
        "d_card",
        "defender",
        "discards",
        "hinder",
        "revealed",
        "vacated",
    )

    def __init__(self, attacker: int, defender: int, hinder: bool, bonus: int, ardor: bool):
        self.attacker = attacker
        self.defender = defender
        self.hinder = hinder
        self.bonus = bonus
        self.ardor = ardor
        self.a_card = NOBODY  # a hand card, DECK, or NOBODY before the commit
        self.d_card = NOBODY
        self.vacated = NOBODY
        self.revealed = False
        self.discards: list[tuple[int, int]] = []  # (seat, card) revealed, to discard at the end

    def copy(self) -> Fight:
        other = Fight.__new__(Fight)
        other.attacker, other.defender = self.attacker, self.defender
        other.hinder, other.bonus, other.ardor = self.hinder, self.bonus, self.ardor
        other.a_card, other.d_card, other.vacated = self.a_card, self.d_card, self.vacated
        other.revealed = self.revealed
        other.discards = self.discards[:]
        return other

    def to_json(self) -> dict[str, object]:
        return {
            name: [list(x) for x in self.discards] if name == "discards" else getattr(self, name)
            for name in self.__slots__
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Fight:
        fight = cls.__new__(cls)
        for name in cls.__slots__:
            value: Any = data[name]
            setattr(fight, name, [tuple(x) for x in value] if name == "discards" else value)
        return fight


# Fields copied by `clone` and written by `to_position`, by how they are copied.
SCALARS = ("turn_seat", "first_seat", "turns", "rounds", "over", "sudden", "order_pos")
LISTS = ("square", "facing", "wounds", "board", "vox")
# Lists that change seldom: the rules replace them whole (`arena.put`) rather than change them
# in place, so clones share them.
REPLACED = (
    "marker",
    "held",
    "moved",
    "hurt",
    "compelled",
    "bids",
    "top_known",
    "top_public",
    "out",
    "zone",
    "order",
    "winning_seats",
)
NESTED = ("hand", "deck", "discard", "in_play")
# Piles by seat that change seldom: replaced whole (`arena.put`), shared by clones.
REPLACED_NESTED = ("aside", "removed", "shown")
