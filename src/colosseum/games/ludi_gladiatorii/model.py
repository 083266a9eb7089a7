"""The shapes of a Ludi Gladiatorii state: decision phases, and a combat or auction in progress."""

from __future__ import annotations

from typing import Any, Final, Literal, TypedDict, get_args

from .options import MAX_PLAYERS

GAME_ID: Final = "ludi-gladiatorii"
VERSION: Final = 2
"""Version 2: the Valetudinarium asks (`infirmary` phase, `Combat.doomed`), `job_razed`
holds the building razed for the Lapicidinae, the unused `fought` flags are gone."""
NOBODY: Final = -1
RIVALS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for r in range(players) if r != seat) for seat in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""`RIVALS[players][seat]`: the other seats, in seat order; made once, asked at every step."""

# Decisions. Each phase names what the deciding seat chooses.
PhaseName = Literal[
    "draft",  # building draft variant: take an initial building
    "champion",  # Champions: designate a champion
    "start",  # start of turn: resolve the next start-of-turn effect
    "main",  # main phase: an action with a gladiator, or end
    "use",  # build / demolish: add a gladiator's construction
    "quarry",  # Lapicidinae: pick the own building demolished to build it
    "chain_target",  # chain: which rival
    "chain_pick",  # chain: which rival gladiator
    "collect_target",  # collect: which rival
    "fight_target",  # combat 2: which rival
    "fight_defender",  # combat 3: which gladiator defends
    "reserve",  # combat reserve variant: a third player may replace the defender
    "combat_card",  # combat decision variant: reveal a card from hand
    "favor",  # Public Favor: reveal another card?
    "favor_apply",  # Public Favor: apply the card revealed?
    "infirmary",  # Valetudinarium: pay to keep the gladiator a combat discards?
    "discard",  # auction 0: discard down to the buildings
    "auction",  # auction: start one, or end the turn
    "offer",  # auction 1: choose the gladiator offered
    "decimatio",  # decimatio variant: discard one of the revealed gladiators
    "bid",  # auction 2: bid or pass
    "over",
]
PHASES: tuple[PhaseName, ...] = get_args(PhaseName)
PHASE: dict[PhaseName, int] = {name: i for i, name in enumerate(PHASES)}

JobKind = Literal["", "build", "demolish", "quarry", "quarry_build"]
"""The build or demolition in progress ("": none); the Lapicidinae's are quarry and
quarry_build."""
Resume = Literal["main", "start"]
"""Where the champion designations return: the main phase or the start of the turn."""
StartEffect = Literal[
    "vinalia",
    "plaga_galeni",
    "refill_gladiators",
    "novice_income",
    "training",
    "champion",
]
"""A start-of-turn effect still to resolve."""


class InPlay(TypedDict):
    """The cards of the boxes in play (`setup.cards_in_play`), as catalog indices."""

    gladiators: list[int]
    buildings: list[int]
    events: list[int]


class Combat:
    """One combat in progress (Combats 1-6)."""

    __slots__ = (
        "a_card",
        "applied",
        "attacker",
        "d_card",
        "declined",
        "defender",
        "doomed",
        "favor_left",
        "free",
        "hand_used",
        "pending",
        "reserve",
        "revealed",
    )

    def __init__(self, attacker: int, a_card: int, free: bool) -> None:
        self.attacker = attacker
        self.a_card = a_card
        self.defender = NOBODY
        self.d_card = NOBODY
        self.reserve = False
        self.free = free
        self.revealed: list[int] = []  # combat cards revealed, in order
        self.applied: list[bool] = []  # whether each revealed card counts
        self.favor_left = [0, 0]  # Public Favor uses left: attacker side, defender side
        self.declined = [False, False]
        self.pending = NOBODY  # the side (0 attacker, 1 defender) deciding a favor card
        self.hand_used: list[list[int]] = [[], []]  # decision variant: cards played by side
        self.doomed = NOBODY  # the beaten gladiator whose owner may pay the Valetudinarium

    def copy(self) -> Combat:
        other = Combat.__new__(Combat)
        other.attacker, other.a_card, other.free = self.attacker, self.a_card, self.free
        other.defender, other.d_card, other.reserve = self.defender, self.d_card, self.reserve
        other.revealed = self.revealed.copy()
        other.applied = self.applied.copy()
        other.favor_left = self.favor_left.copy()
        other.declined = self.declined.copy()
        other.pending = self.pending
        other.hand_used = [self.hand_used[0].copy(), self.hand_used[1].copy()]
        other.doomed = self.doomed
        return other

    def to_json(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combat:
        combat = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(combat, name, data[name])
        return combat


class Auction:
    """One auction in progress (Auctions 1-3)."""

    __slots__ = ("bids", "offered", "order", "revealed", "turn")

    def __init__(self) -> None:
        self.revealed: list[int] = []
        self.offered = NOBODY
        self.order: list[int] = []  # seats to decide, in order (bidders, or decimatio discarders)
        self.turn = 0
        self.bids: list[int] = []  # by seat: -2 not asked, -1 pass, else the bid

    def copy(self) -> Auction:
        other = Auction.__new__(Auction)
        other.revealed = self.revealed.copy()
        other.offered = self.offered
        other.order = self.order.copy()
        other.turn = self.turn
        other.bids = self.bids.copy()
        return other

    def to_json(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Auction:
        auction = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(auction, name, data[name])
        return auction


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# Fields copied by `clone` and written by `to_position`, by how they are copied.
SCALARS = (
    "active",
    "start_seat",
    "round",
    "phase",
    "decider",
    "supply_coins",
    "supply_points",
    "supply_favor",
    "event",
    "officina_used",
    "auctions_left",
    "job_kind",
    "job_building",
    "job_left",
    "job_used",
    "job_razed",
    "chain_card",
    "chain_left",
    "chain_target",
    "collect_card",
    "events_started",
    "resume",
)
LISTS = (
    "coins",
    "points",
    "turned",
    "chained",
    "favor",
    "trample_ready",
    "champion",
    "centre_buildings",
    "building_deck",
    "centre_novices",
    "veteran_pile",
    "veteran_discard",
    "combat_pile",
    "combat_discard",
    "event_pile",
    "event_discard",
    "start_pending",
    "champion_queue",
    "draft_pool",
    "winning_seats",
)
NESTED = ("gladiators", "buildings", "hands")
