"""What each lanista may see (`view`, or a part at a time: `SeatView`) and how `determinize`
guesses the rest.

Hidden: the order of the veteran, combat, event and building (selection variant) piles, the
combat cards in other hands (decision variant) and secret bids (simultaneous auctions).
Everything the rulebook lays face up is public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.rng import Rng
from .combat import fight_prices, ludus_bonuses, scores
from .model import NOBODY, PHASE, PHASES

if TYPE_CHECKING:
    from .data import Catalog
    from .fields import LudiFields


def view(s: LudiFields, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may know (None: a spectator). `SeatView` gives its parts alone."""
    # an empty pile skips its list comprehension
    cat = s.catalog
    specs, b_specs, c_specs = cat.gladiators, cat.buildings, cat.combat
    lanistae = [_lanista_view(s, p, seat, _gladiators_view(s, p)) for p in range(s.num_players)]
    result: dict[str, Any] = {
        "game": "ludi-gladiatorii",
        "seat": seat,
        "players": s.num_players,
        "round": s.round,
        "phase": PHASES[s.phase],
        "active": s.active,
        "start_seat": s.start_seat,
        "current_player": s.current_player,
        "lanistae": lanistae,
        "centre": {
            "buildings": [b_specs[b].code for b in s.centre_buildings],
            "building_deck": len(s.building_deck),
            "novices": len(s.centre_novices),
            "veteran_pile": len(s.veteran_pile),
            "veteran_discard": [specs[g].code for g in s.veteran_discard]
            if s.veteran_discard
            else [],
            "combat_pile": len(s.combat_pile),
            "combat_discard": [c_specs[c].code for c in s.combat_discard]
            if s.combat_discard
            else [],
            "event": None if s.event == NOBODY else cat.events[s.event].code,
            "event_pile": len(s.event_pile),
            "event_discard": [cat.events[e].code for e in s.event_discard]
            if s.event_discard
            else [],
            "coins": s.supply_coins,
            "points": s.supply_points,
            "favor_tokens": s.supply_favor,
        },
        "draft_pool": [b_specs[b].code for b in s.draft_pool] if s.draft_pool else [],
        "start_pending": list(s.start_pending),
        "job": _job_view(s),
        "chain": None
        if s.chain_card == NOBODY
        else {"gladiator": specs[s.chain_card].code, "left": s.chain_left, "rival": s.chain_target},
        "champion_queue": list(s.champion_queue),
        "combat": _combat_view(s, seat),
        "auction": _auction_view(s, seat),
        "auctions_left": s.auctions_left,
        "officina_used": s.officina_used,
        "winners": list(s.winning_seats),
    }
    return result


class SeatView:
    """`view(s, seat)` a part at a time, each part made when first asked and equal to the
    view's own: for agents, which read a few parts at each decision of a search's playouts,
    where the whole view would cost as much as the rest of the decision. A lanista's entry
    and gladiators are kept once made (a decision asks for them again and again); the other
    parts are made at each question. The state stays inside: only the card set (`catalog`,
    the printed cards of the game's data, the same for every seat) is handed out."""

    __slots__ = ("_gladiators", "_lanistae", "_state", "catalog", "players", "seat")

    seat: int | None  # the view's `seat`: whose view this is (None: a spectator)
    players: int  # the view's `players`: the number of lanistae
    catalog: Catalog  # the game's printed cards, by index and by code

    def __init__(self, s: LudiFields, seat: int | None) -> None:
        self._state = s
        self.seat = seat
        self.players = s.num_players
        self.catalog = s.catalog
        self._lanistae: list[dict[str, Any] | None] = [None] * s.num_players
        self._gladiators: list[list[dict[str, Any]] | None] = [None] * s.num_players

    @property
    def phase(self) -> str:
        """The view's `phase`: the name of the decision pending."""
        return PHASES[self._state.phase]

    def lanista(self, p: int) -> dict[str, Any]:
        """The view's `lanistae[p]`: lanista `p`'s coins, points, gladiators, buildings and
        hand (`_lanista_view`), kept once made."""
        entry = self._lanistae[p]
        if entry is None:
            entry = _lanista_view(self._state, p, self.seat, self.gladiators(p))
            self._lanistae[p] = entry
        return entry

    def gladiators(self, p: int) -> list[dict[str, Any]]:
        """The view's `lanistae[p]["gladiators"]` (`_gladiators_view`), kept once made: most
        decisions ask nothing else of a lanista."""
        glads = self._gladiators[p]
        if glads is None:
            glads = self._gladiators[p] = _gladiators_view(self._state, p)
        return glads

    def combat(self) -> dict[str, Any] | None:
        """The view's `combat` (None: no combat is on)."""
        return _combat_view(self._state, self.seat)

    def auction(self) -> dict[str, Any] | None:
        """The view's `auction` (None: no auction is on)."""
        return _auction_view(self._state, self.seat)

    def job(self) -> dict[str, Any] | None:
        """The view's `job`: the building being built or demolished and the work it still
        needs (None: no job is on)."""
        return _job_view(self._state)


def _lanista_view(
    s: LudiFields, p: int, seat: int | None, gladiators: list[dict[str, Any]]
) -> dict[str, Any]:
    """Lanista `p`'s entry in `view(s, seat)`, with his `gladiators` (`_gladiators_view`):
    coins, points, buildings and the size of his hand (and its cards, to `seat` himself)."""
    entry: dict[str, Any] = {
        "seat": p,
        "coins": s.coins[p],
        "points": s.points[p],
        "gladiators": gladiators,
        "buildings": [s.catalog.buildings[b].code for b in s.buildings[p]],
        "combat_hand": len(s.hands[p]),
    }
    if seat == p:
        hand, c_specs = s.hands[p], s.catalog.combat
        entry["combat_hand_cards"] = [c_specs[c].code for c in hand] if hand else []
    return entry


def _gladiators_view(s: LudiFields, seat: int) -> list[dict[str, Any]]:
    """The gladiators of a ludus: each card's printed facts, its state, what the lanista's
    buildings add (`attack_bonus`, `defence_bonus`) and, for the active lanista's, the cost of
    a combat (`fight_cost`)."""
    specs, entries = s.catalog.gladiators, s.catalog.view_entries
    # the buildings and the event looked at once per lanista, not once per gladiator
    attack, building_defence = ludus_bonuses(s, seat)
    prices = fight_prices(s) if seat == s.active else None
    champion = s.champion[seat]
    turned, chained, favor, trample_ready = s.turned, s.chained, s.favor, s.trample_ready
    result = []
    for g in s.gladiators[seat]:
        spec = specs[g]
        entry = entries[g].copy()  # the printed facts, then the keys set here, in order
        entry["turned"] = turned[g]
        entry["chained"] = chained[g]
        entry["favor"] = favor[g]
        entry["trample_ready"] = trample = trample_ready[g]
        entry["champion"] = champion == g
        entry["attack_bonus"] = attack[spec.veteran]
        entry["defence_bonus"] = (1 if spec.ability == "defender" else 0) + building_defence
        entry["fight_cost"] = (
            None if prices is None else 0 if trample else prices[spec.veteran]
        )  # a Trample makes the next combat free
        result.append(entry)
    return result


def _combat_view(s: LudiFields, seat: int | None) -> dict[str, Any] | None:
    """`view(s, seat)["combat"]`: the combat on (None: none)."""
    combat = s.combat
    if combat is None:
        return None
    cat = s.catalog
    return {
        "attacker": combat.attacker,
        "attacking_gladiator": cat.gladiators[combat.a_card].code,
        "defender": combat.defender,
        "defending_gladiator": None
        if combat.d_card == NOBODY
        else cat.gladiators[combat.d_card].code,
        "reserve": combat.reserve,
        "free": combat.free,
        "cards": [
            {"card": cat.combat[c].code, "applied": a}
            for c, a in zip(combat.revealed, combat.applied, strict=True)
        ],
        "favor_left": list(combat.favor_left),
        "scores": None if combat.d_card == NOBODY else list(scores(s)),
        "doomed": None if combat.doomed == NOBODY else cat.gladiators[combat.doomed].code,
        "scores_if_applied": (
            list(scores(s, with_last=True)) if s.phase == PHASE["favor_apply"] else None
        ),
    }


def _auction_view(s: LudiFields, seat: int | None) -> dict[str, Any] | None:
    """`view(s, seat)["auction"]`: the auction on, with the bids `seat` may see (None:
    none)."""
    auction = s.auction
    if auction is None:
        return None
    secret = bool(s.options["simultaneous_auctions"])
    bids: list[Any] = []
    for p, bid in enumerate(auction.bids):
        if bid == -2:
            bids.append("not yet")
        elif secret and p != seat:
            bids.append("made")
        else:
            bids.append(None if bid == -1 else bid)
    return {
        "revealed": [s.catalog.gladiators[g].code for g in auction.revealed],
        "offered": None
        if auction.offered == NOBODY
        else s.catalog.gladiators[auction.offered].code,
        "min_bid": None
        if auction.offered == NOBODY
        else s.catalog.gladiators[auction.offered].min_bid,
        "order": list(auction.order),
        "turn": auction.turn,
        "bids": bids,
    }


def _job_view(s: LudiFields) -> dict[str, Any] | None:
    """`view(s, seat)["job"]`: the kind of job (`model.JobKind`), the building being built or
    demolished and the work it still needs (None: no job is on)."""
    if s.job_building == NOBODY:
        return None
    return {
        "kind": s.job_kind,
        "building": s.catalog.buildings[s.job_building].code,
        "left": s.job_left,
    }


def resample(s: LudiFields, seat: int, rng: random.Random) -> None:
    """Shuffle what `seat` cannot see; redeal other hands; guess others' secret bids. Each
    pile is sorted before it is shuffled, so the guess never depends on the hidden truth."""
    for pile in (s.veteran_pile, s.event_pile, s.building_deck):
        pile.sort()
        rng.shuffle(pile)
    pool = list(s.combat_pile)
    for p in range(s.num_players):
        if p != seat:
            pool.extend(s.hands[p])
    pool.sort()
    rng.shuffle(pool)
    for p in range(s.num_players):
        if p != seat:
            size = len(s.hands[p])
            s.hands[p] = pool[:size]
            pool = pool[size:]
    s.combat_pile = pool
    if s.auction is not None and s.options["simultaneous_auctions"]:
        minimum = (
            s.catalog.gladiators[s.auction.offered].min_bid if s.auction.offered != NOBODY else 0
        )
        for p, bid in enumerate(s.auction.bids):
            if p != seat and bid != -2:
                choices = [-1, *range(minimum, s.coins[p] + 1)]
                s.auction.bids[p] = choices[rng.randrange(len(choices))]
    s.rng = Rng.from_random(rng)
