"""Setup: the cards in play, the initial buildings dealt (or drafted), novices, coins, piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.errors import InvalidOption
from ...core.options import OptionValue
from ...core.rng import Rng
from . import start
from .data import Catalog, load_catalog
from .model import NOBODY, PHASE, InPlay
from .tableau import building_enters, buildings_changed, show_buildings

if TYPE_CHECKING:
    from .fields import LudiFields


def boxes_in_play(options: dict[str, OptionValue], players: int) -> set[str]:
    """The boxes whose cards are used: the basic game and each expansion chosen; a 5-player
    game always uses Quintus Ludus, the expansion that makes a fifth lanista possible."""
    boxes = {"base"}
    for name in ("quintus_ludus", "historiae", "magistri_arenae"):
        if options[name]:
            boxes.add(name)
    if players == 5:
        boxes.add("quintus_ludus")
    return boxes


def cards_in_play(catalog: Catalog, players: int, options: dict[str, OptionValue]) -> InPlay:
    """Setup, first paragraph: the buildings by player-count mark; cards of the boxes in play.

    The Colosseum is used exactly when the Champions module is (the module requires it).
    """
    boxes = boxes_in_play(options, players)
    gladiators = [g.index for g in catalog.gladiators if g.box in boxes]
    buildings = [
        b.index
        for b in catalog.buildings
        if b.players <= players and _used(b.effect, b.box, boxes, bool(options["champions"]))
    ]
    events = [e.index for e in catalog.events] if options["historiae"] else []
    return {"gladiators": gladiators, "buildings": buildings, "events": events}


def _used(effect: str, box: str, boxes: set[str], champions: bool) -> bool:
    """A building is used when its box is; the Colosseum exactly with the Champions module."""
    return champions if effect == "champions" else box in boxes


def set_up(s: LudiFields, players: int, seed: int, options: dict[str, OptionValue]) -> None:
    """Setup 1-8 and the entry benefits of the dealt buildings; the Casula's owner starts."""
    s._init_common(players, options, seed)
    catalog = load_catalog(str(options["data"]))
    rules = catalog.rules
    s.catalog = catalog
    s.rng = Rng.from_seed(seed)
    s.in_play = cards_in_play(catalog, players, options)
    n_glad = len(catalog.gladiators)
    s.coins = [0] * players
    s.points = [0] * players
    s.supply_coins = rules.coin_tokens
    s.supply_points = rules.point_tokens
    s.supply_favor = rules.favor_tokens if options["public_favor"] else 0
    s.turned = [False] * n_glad
    s.chained = [False] * n_glad
    s.favor = [False] * n_glad
    s.trample_ready = [False] * n_glad
    s.champion = [NOBODY] * players
    s.gladiators = [[] for _ in range(players)]
    s.buildings = [[] for _ in range(players)]
    buildings_changed(s)
    s.hands = [[] for _ in range(players)]
    s.building_deck = []
    s.start_pending = []
    s.champion_queue = []
    s.draft_pool = []
    s.winning_seats = []
    s.combat = None
    s.auction = None
    s.event = NOBODY
    s.events_started = False
    s.officina_used = False
    s.auctions_left = 0
    s.job_kind, s.job_building, s.job_left, s.job_used, s.job_razed = "", NOBODY, 0, 0, NOBODY
    s.chain_card, s.chain_left, s.chain_target, s.collect_card = NOBODY, 0, NOBODY, NOBODY
    s.round = 0
    s.resume = "main"
    s.active = 0
    s.start_seat = 0
    s.decider = 0
    s.phase = PHASE["main"]

    # Initial buildings: the Casula and random others, 3 per lanista.
    buildings = s.in_play["buildings"]
    initial = [
        b for b in buildings if catalog.buildings[b].initial and not catalog.buildings[b].starting
    ]
    casula = next(b for b in buildings if catalog.buildings[b].starting)
    s.rng.shuffle(initial)
    wanted = rules.initial_buildings[str(players)] - 1
    if len(initial) < wanted:
        raise InvalidOption(
            f"the data give only {len(initial) + 1} initial buildings for {players} players"
        )
    selected = [casula, *initial[:wanted]]
    s.centre_buildings = [b for b in buildings if b not in selected]

    novices = [g for g in s.in_play["gladiators"] if not catalog.gladiators[g].veteran]
    s.veteran_pile = [g for g in s.in_play["gladiators"] if catalog.gladiators[g].veteran]
    s.rng.shuffle(s.veteran_pile)
    s.veteran_discard = []
    s.combat_pile = [c.index for c in catalog.combat]
    s.rng.shuffle(s.combat_pile)
    s.combat_discard = []
    s.event_pile = list(s.in_play["events"])
    s.rng.shuffle(s.event_pile)
    s.event_discard = []
    for seat in range(players):
        for _ in range(rules.starting_novices):
            if novices:
                s.gladiators[seat].append(novices.pop())
        s.coins[seat] = rules.starting_coins
        s.supply_coins -= rules.starting_coins
    s.centre_novices = novices
    if options["building_draft"]:
        s.draft_pool = [b for b in buildings if catalog.buildings[b].initial]
        s.centre_buildings = [b for b in s.centre_buildings if b not in s.draft_pool]
        s.phase = PHASE["draft"]
        s.decider = 0
        return
    s.rng.shuffle(selected)
    dealt = [selected[i * 3 : i * 3 + 3] for i in range(players)]
    _exchange_duplicates(s, dealt)
    finish_deal(s, dealt, [], "ludi.setup.deal")


def _exchange_duplicates(s: LudiFields, dealt: list[list[int]]) -> None:
    """Setup 2: a lanista dealt two initial buildings of one name exchanges the extra one, at
    random, for an initial building of the centre with a name they lack; when the centre has
    none (all initial buildings were dealt), for another lanista's card, so that neither then
    holds a name twice."""
    names = [b.name for b in s.catalog.buildings]
    for i, hand in enumerate(dealt):
        for slot, building in enumerate(hand):
            if [names[b] for b in hand].count(names[building]) < 2:
                continue
            held = {names[b] for b in hand}
            swaps = [
                b
                for b in s.centre_buildings
                if s.catalog.buildings[b].initial and names[b] not in held
            ]
            if swaps:
                swap = swaps[s.rng.below(len(swaps))]
                s.centre_buildings.remove(swap)
                s.centre_buildings.append(building)
                hand[slot] = swap
                continue
            trades = [
                (j, k)
                for j, other in enumerate(dealt)
                if j != i
                for k, card in enumerate(other)
                if names[card] not in held
                and names[building] not in {names[c] for n, c in enumerate(other) if n != k}
            ]
            if trades:
                j, k = trades[s.rng.below(len(trades))]
                hand[slot], dealt[j][k] = dealt[j][k], building


def finish_deal(s: LudiFields, dealt: list[list[int]], events: list[Event], rule: str) -> None:
    """Each lanista receives their buildings (entry benefits), dealt or drafted (`rule`); the
    Casula's owner starts.

    In the building selection variant the centre then becomes a face-down deck, 3 shown."""
    if s.options["building_selection"]:
        s.building_deck = s.centre_buildings
        s.rng.shuffle(s.building_deck)
        s.centre_buildings = []
        show_buildings(s)
    casula = next(b for b in s.in_play["buildings"] if s.catalog.buildings[b].starting)
    s.start_seat = 0
    for seat, hand in enumerate(dealt):
        for building in hand:
            building_enters(s, seat, building, events, "dealt", rule=rule)
        if casula in hand:
            s.start_seat = seat
    s.active = s.start_seat
    start.begin_turn(s, events)
