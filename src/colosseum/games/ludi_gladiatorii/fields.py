"""The fields of a Ludi Gladiatorii state (`model.py` tells their shapes), the class the rule
modules read and change; `state.LudiState` adds the kernel's contract on top."""

from __future__ import annotations

from ...core.rng import Rng
from ...core.state import State
from .data import BuildingEffect, Catalog
from .model import LISTS, NESTED, SCALARS, Auction, Combat, InPlay, JobKind, Resume, StartEffect


class LudiFields(State):
    """The fields of a Ludi Gladiatorii state, below the rules that read and change them:
    `state.py` adds the kernel's contract, handing each decision to the rule modules."""

    __slots__ = (
        *SCALARS,
        *LISTS,
        *NESTED,
        "auction",
        "catalog",
        "combat",
        "effects",
        "in_play",
        "rng",
    )

    catalog: Catalog
    rng: Rng
    combat: Combat | None
    auction: Auction | None
    in_play: InPlay
    effects: list[frozenset[BuildingEffect]]
    """Per seat, the effects of his buildings (`tableau.effects_of`), made again whenever they
    change (`tableau.buildings_changed`); never part of a position."""
    # SCALARS (model.py)
    active: int
    start_seat: int
    round: int
    phase: int  # an index into PHASES
    decider: int
    supply_coins: int
    supply_points: int
    supply_favor: int
    event: int
    officina_used: bool
    auctions_left: int
    job_kind: JobKind
    job_building: int
    job_left: int
    job_used: int
    job_razed: int
    chain_card: int
    chain_left: int
    chain_target: int
    collect_card: int
    events_started: bool
    resume: Resume
    # LISTS
    coins: list[int]
    points: list[int]
    turned: list[bool]
    chained: list[bool]
    favor: list[bool]
    trample_ready: list[bool]
    champion: list[int]
    centre_buildings: list[int]
    building_deck: list[int]
    centre_novices: list[int]
    veteran_pile: list[int]
    veteran_discard: list[int]
    combat_pile: list[int]
    combat_discard: list[int]
    event_pile: list[int]
    event_discard: list[int]
    start_pending: list[StartEffect]
    champion_queue: list[int]
    draft_pool: list[int]
    winning_seats: list[int]
    # NESTED: one list of cards per seat
    gladiators: list[list[int]]
    buildings: list[list[int]]
    hands: list[list[int]]
