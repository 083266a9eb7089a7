"""Ludi Gladiatorii: the action table and the observation of a seat's view.

Actions (from the card set of every box, so one table serves every expansion, module and
variant): each kind that names a gladiator card has one index per gladiator card (51), each
that names a building one per building card (34), each that names a combat card one per
combat card (15); `bid <n>` one per coin from 0 to the coin supply; `target <seat>` one per
seat up to five lanistae; the start-of-turn effects by name; the rest one index each.

Observation: where each card lies (gladiators, buildings, combat cards, events), a block per
seat, the centre's piles and supplies in number, the decision in progress (phase, build or
demolition, chain, combat, auction), and the game's options.
"""

from __future__ import annotations

from typing import Any, ClassVar, get_args

import numpy as np
import numpy.typing as npt

from ...core.encoding import Encoding, View
from ...core.spaces import ActionTable, Field, Layout, TableBuilder
from .data import load_catalog
from .model import PHASES, JobKind, StartEffect

GLADIATOR_KINDS = (
    ("fight", "fight with this gladiator (main phase)"),
    ("work", "work with this gladiator"),
    ("chain", "chain a rival gladiator with this one"),
    ("collect", "collect coins from a rival with this one"),
    ("use", "add this gladiator's construction to the build or demolition"),
    ("bind", "chain this rival gladiator"),
    ("defend", "defend with this gladiator"),
    ("reserve", "combat reserve variant: defend instead with this gladiator"),
    ("champion", "Champions: designate this gladiator"),
    ("keep", "Valetudinarium: pay to keep this gladiator"),
    ("lose", "Valetudinarium: let this gladiator go"),
    ("discard", "discard this gladiator (down to the buildings, before the auctions)"),
    ("offer", "offer this revealed gladiator at auction"),
    ("reject", "decimatio variant: discard this revealed gladiator"),
    ("train", "Palaestra: trade this novice for the top veteran"),
    ("saturnalia", "Saturnalia: this gladiator's action"),
    ("gallicum", "Bellum Gallicum: trade this novice for a veteran"),
)
BUILDING_KINDS = (
    ("build", "build this building"),
    ("demolish", "demolish this own building"),
    ("quarry", "Lapicidinae: destroy this rival building"),
    ("raze", "Lapicidinae: demolish this own building to build the Lapicidinae"),
    ("take", "building draft variant: take this building"),
    ("refresh", "building selection variant: replace this shown building"),
)
COMBAT_KINDS = (
    ("play", "combat decision variant: reveal this card from the hand"),
    ("favor", "Public Favor: reveal this card from the hand"),
    ("drop", "combat decision variant: discard this card from the hand"),
)
SINGLE = (
    ("end", "end the main phase / the turn"),
    ("done", "stop chaining"),
    ("auction", "start an auction"),
    ("pass", "pass (auction bid, combat reserve)"),
    ("buy novice", "Cubiculum: buy a novice"),
    ("buy-combat", "combat decision variant: buy a combat card"),
    ("skip training", "Palaestra: no training"),
    ("no card", "combat decision variant: reveal no card"),
    ("favor", "Public Favor: reveal the top card of the pile"),
    ("no favor", "Public Favor: reveal no more"),
    ("apply", "Public Favor: the revealed card counts"),
    ("ignore", "Public Favor: the revealed card does not count"),
)
START_EFFECTS: tuple[str, ...] = get_args(StartEffect)
JOB_KINDS: tuple[str, ...] = get_args(JobKind)
GLADIATOR_PLACES = ("seat 0", "seat 1", "seat 2", "seat 3", "seat 4")
GLADIATOR_PLACE_NAMES = (
    *GLADIATOR_PLACES,
    "veteran discard",
    "revealed at auction",
    "offered at auction",
)
GLADIATOR_FLAGS = ("turned", "chained", "favor", "trample_ready", "champion")
BID_STATES = ("not asked", "made (secret)", "passed", "bid")
OPTION_FLAGS = (
    "quintus_ludus",
    "historiae",
    "magistri_arenae",
    "champions",
    "public_favor",
    "building_draft",
    "building_selection",
    "simultaneous_auctions",
    "wager_auctions",
    "decimatio_auctions",
    "combat_reserve",
    "combat_decision",
)


class LudiEncoding(Encoding):
    """The Ludi Gladiatorii spaces (docs/rl.md prints the table and the layout)."""

    game_id: ClassVar[str] = "ludi-gladiatorii"

    def _build_table(self) -> ActionTable:
        catalog = load_catalog(str(self.options["data"]))
        self.catalog = catalog
        gladiators = [g.code for g in catalog.gladiators]
        buildings = [b.code for b in catalog.buildings]
        combat = [c.code for c in catalog.combat]
        t = TableBuilder()
        for notation, doc in SINGLE:
            t.one(notation, doc)
        t.add(
            "start <effect>",
            [("start", e) for e in START_EFFECTS if e != "training"],
            "resolve this start-of-turn effect next: "
            + ", ".join(e for e in START_EFFECTS if e != "training"),
        )
        t.add(
            "target <seat>",
            [("target", str(s)) for s in range(self.max_players)],
            "the rival lanista (seat 0-4) to chain from, collect from or fight",
        )
        t.add(
            "bid <coins>",
            [("bid", str(n)) for n in range(catalog.rules.coin_tokens + 1)],
            f"bid that many coins (0-{catalog.rules.coin_tokens}, the coin supply)",
        )
        for kind, doc in GLADIATOR_KINDS:
            t.add(f"{kind} <gladiator>", [(kind, g) for g in gladiators], f"{doc} (51 cards)")
        for kind, doc in BUILDING_KINDS:
            t.add(f"{kind} <building>", [(kind, b) for b in buildings], f"{doc} (34 cards)")
        for kind, doc in COMBAT_KINDS:
            t.add(f"{kind} <combat card>", [(kind, c) for c in combat], f"{doc} (15 cards)")
        return t.build()

    def _build_layout(self, layout: Layout) -> None:
        cat = self.catalog
        rules = cat.rules
        players = self.max_players
        ng, nb, nc, ne = len(cat.gladiators), len(cat.buildings), len(cat.combat), len(cat.events)
        self.g_index = {g.code: g.index for g in cat.gladiators}
        self.b_index = {b.code: b.index for b in cat.buildings}
        self.c_index = {c.code: c.index for c in cat.combat}
        self.e_index = {e.code: e.index for e in cat.events}
        coins, points = rules.coin_tokens, rules.point_tokens
        self.f_g_place = layout.add(
            "gladiator.place",
            (ng, len(GLADIATOR_PLACE_NAMES)),
            1,
            "where each gladiator card lies, one-hot: " + ", ".join(GLADIATOR_PLACE_NAMES),
        )
        self.f_g_mine = layout.add("gladiator.mine", ng, 1, "in the observing seat's ludus")
        self.f_g_flags = layout.add(
            "gladiator.flags", (ng, len(GLADIATOR_FLAGS)), 1, ", ".join(GLADIATOR_FLAGS)
        )
        self.f_g_bonus = layout.add(
            "gladiator.bonus", (ng, 2), 5, "attack bonus, defence bonus (buildings, events)"
        )
        self.f_g_cost = layout.add(
            "gladiator.fight_cost", (ng, 2), 5, "the active lanista's: [cost known, coins]"
        )
        roles = ("attacking", "defending", "doomed", "chaining")
        self.f_g_role = layout.add(
            "gladiator.role", (ng, len(roles)), 1, "in the combat or chain: " + ", ".join(roles)
        )
        places = (*GLADIATOR_PLACES, "centre", "draft pool", "build or demolition in progress")
        self.f_b_place = layout.add(
            "building.place", (nb, len(places)), 1, "where each building lies: " + ", ".join(places)
        )
        self.f_b_mine = layout.add("building.mine", nb, 1, "in the observing seat's ludus")
        self.f_c_place = layout.add(
            "combat_card.place",
            (nc, 4),
            1,
            "own hand, discard pile, revealed in the combat, counts in the combat",
        )
        self.f_e_place = layout.add("event.place", (ne, 2), 1, "the event in force, discarded")
        self.f_present = layout.add("seat.present", players, 1, "the seat is in the game")
        self.f_me = layout.add("seat.me", players, 1, "the observing seat")
        self.f_coins = layout.add("seat.coins", players, coins, "coins")
        self.f_points = layout.add("seat.points", players, points, "victory points")
        self.f_hand = layout.add("seat.combat_hand", players, 5, "combat cards in hand")
        self.f_gladiators = layout.add("seat.gladiators", players, 10, "gladiators")
        self.f_buildings = layout.add("seat.buildings", players, 10, "buildings")
        seat_roles = (
            "active",
            "start seat",
            "decides now",
            "attacker",
            "defender",
            "chain rival",
            "in the auction's order",
            "in the champion queue",
            "winner",
        )
        self.f_role = layout.add("seat.role", (players, len(seat_roles)), 1, ", ".join(seat_roles))
        self.f_bid = layout.add(
            "seat.bid_state", (players, len(BID_STATES)), 1, "one-hot: " + ", ".join(BID_STATES)
        )
        self.f_bid_value = layout.add("seat.bid", players, coins, "the bid, when seen")
        self.round_scale = self.cap_scale("round_limit")
        self.f_round = layout.add(
            "round", 1, self.round_scale, "the round (scale: the round limit, else 60)"
        )
        self.f_phase = layout.add(
            "phase", len(PHASES), 1, "the decision, one-hot: " + ", ".join(PHASES)
        )
        centre = (
            ("building_deck", nb),
            ("novices", ng),
            ("veteran_pile", ng),
            ("combat_pile", nc),
            ("event_pile", ne),
            ("coins", coins),
            ("points", points),
            ("favor_tokens", rules.favor_tokens),
        )
        self.centre = [name for name, _ in centre]
        self.f_centre = [
            layout.add(f"centre.{name}", 1, scale, f"{name.replace('_', ' ')} in the centre")
            for name, scale in centre
        ]
        self.f_start = layout.add(
            "start_pending",
            len(START_EFFECTS),
            1,
            "start-of-turn effects to resolve: " + ", ".join(START_EFFECTS),
        )
        self.f_job = layout.add(
            "job.kind",
            len(JOB_KINDS),
            1,
            "build or demolition in progress: none, " + ", ".join(JOB_KINDS[1:]),
        )
        self.f_job_left = layout.add("job.left", 1, 10, "construction still needed")
        self.f_chain_left = layout.add("chain.left", 1, 10, "gladiators still to chain")
        combat = ("in progress", "reserve defends", "free")
        self.f_combat = layout.add("combat.flags", len(combat), 1, ", ".join(combat))
        self.f_favor_left = layout.add(
            "combat.favor_left", 2, 3, "Public Favor uses left: attacker, defender"
        )
        self.f_scores = layout.add("combat.scores", 2, 15, "scores: attacker, defender")
        self.f_if_applied = layout.add(
            "combat.scores_if_applied", 2, 15, "scores if the card just revealed counts"
        )
        self.f_auction = layout.add("auction.in_progress", 1, 1, "an auction is in progress")
        self.f_min_bid = layout.add("auction.min_bid", 1, 6, "the offered gladiator's minimum bid")
        self.f_turn = layout.add("auction.turn", 1, players, "place in the bidding order")
        self.f_auctions_left = layout.add("auctions_left", 1, 3, "auctions left this turn")
        self.f_officina = layout.add("officina_used", 1, 1, "the Officina was used this turn")
        self.f_players = layout.add("players", players, 1, "the number of players, one-hot")
        self.f_options = layout.add(
            "options",
            len(OPTION_FLAGS),
            1,
            "the game's options (public): " + ", ".join(OPTION_FLAGS),
        )
        self.f_victory = layout.add("options.victory_points", 1, 25, "victory points that win")

    def _write(self, view: View, raw: npt.NDArray[np.float32]) -> None:
        # positions in the flat vector: a field's offset, then row-major
        seat = view.get("seat")
        g_index, b_index, c_index = self.g_index, self.b_index, self.c_index
        g_places, b_places = self.f_g_place.shape[1], self.f_b_place.shape[1]
        g_place, g_mine = self.f_g_place.offset, self.f_g_mine.offset
        g_flags, g_bonus = self.f_g_flags.offset, self.f_g_bonus.offset
        g_cost, b_place = self.f_g_cost.offset, self.f_b_place.offset
        b_mine, c_place = self.f_b_mine.offset, self.f_c_place.offset
        n_flags = len(GLADIATOR_FLAGS)
        for p, entry in enumerate(view["lanistae"]):
            mine = p == seat
            raw[self.f_present.offset + p] = 1.0
            if mine:
                raw[self.f_me.offset + p] = 1.0
            raw[self.f_coins.offset + p] = entry["coins"]
            raw[self.f_points.offset + p] = entry["points"]
            raw[self.f_hand.offset + p] = entry["combat_hand"]
            raw[self.f_gladiators.offset + p] = len(entry["gladiators"])
            raw[self.f_buildings.offset + p] = len(entry["buildings"])
            for card in entry["gladiators"]:
                g = g_index[card["code"]]
                raw[g_place + g * g_places + p] = 1.0
                if mine:
                    raw[g_mine + g] = 1.0
                for i, flag in enumerate(GLADIATOR_FLAGS):
                    if card[flag]:
                        raw[g_flags + g * n_flags + i] = 1.0
                raw[g_bonus + 2 * g] = card["attack_bonus"]
                raw[g_bonus + 2 * g + 1] = card["defence_bonus"]
                if card.get("fight_cost") is not None:
                    raw[g_cost + 2 * g] = 1.0
                    raw[g_cost + 2 * g + 1] = card["fight_cost"]
            for code in entry["buildings"]:
                b = b_index[code]
                raw[b_place + b * b_places + p] = 1.0
                if mine:
                    raw[b_mine + b] = 1.0
            for code in entry.get("combat_hand_cards") or ():
                raw[c_place + 4 * c_index[code]] = 1.0
        players = len(view["lanistae"])
        roles = self.f_role
        _seat_role(raw, roles, view.get("active"), 0, players)
        _seat_role(raw, roles, view.get("start_seat"), 1, players)
        _seat_role(raw, roles, view.get("current_player"), 2, players)
        for p in view.get("champion_queue") or []:
            _seat_role(raw, roles, p, 7, players)
        for p in view.get("winners") or []:
            _seat_role(raw, roles, p, 8, players)
        centre = view["centre"]
        places = len(GLADIATOR_PLACES)
        for code in centre["buildings"]:
            raw[b_place + b_index[code] * b_places + places] = 1.0
        for code in view.get("draft_pool") or []:
            raw[b_place + b_index[code] * b_places + places + 1] = 1.0
        for code in centre["veteran_discard"]:
            raw[g_place + g_index[code] * g_places + places] = 1.0
        for code in centre["combat_discard"]:
            raw[c_place + 4 * c_index[code] + 1] = 1.0
        e_place = self.f_e_place.offset
        if centre.get("event") is not None:
            raw[e_place + 2 * self.e_index[centre["event"]]] = 1.0
        for code in centre.get("event_discard") or []:
            raw[e_place + 2 * self.e_index[code] + 1] = 1.0
        for name, field in zip(self.centre, self.f_centre, strict=True):
            raw[field.offset] = centre[name]
        raw[self.f_round.offset] = view["round"]
        raw[self.f_phase.at(PHASES.index(view["phase"]))] = 1.0
        for effect in view.get("start_pending") or []:
            raw[self.f_start.at(START_EFFECTS.index(effect))] = 1.0
        job = view.get("job")
        raw[self.f_job.at(JOB_KINDS.index(job["kind"]) if job else 0)] = 1.0
        if job:
            raw[self.f_b_place.at(b_index[job["building"]], places + 2)] = 1.0
            raw[self.f_job_left.offset] = job["left"]
        chain = view.get("chain")
        if chain:
            raw[self.f_g_role.at(g_index[chain["gladiator"]], 3)] = 1.0
            raw[self.f_chain_left.offset] = chain["left"]
            _seat_role(raw, roles, chain.get("rival"), 5, players)
        self._write_combat(view.get("combat"), raw, players)
        self._write_auction(view.get("auction"), raw, players)
        raw[self.f_auctions_left.offset] = view.get("auctions_left") or 0
        raw[self.f_officina.offset] = float(bool(view.get("officina_used")))
        raw[self.f_players.at(int(view["players"]) - 1)] = 1.0

    def _write_constant(self, raw: npt.NDArray[np.float32]) -> None:
        for i, name in enumerate(OPTION_FLAGS):
            raw[self.f_options.at(i)] = float(bool(self.options[name]))
        raw[self.f_victory.offset] = int(self.options["victory_points"])

    def _write_combat(
        self, combat: dict[str, Any] | None, raw: npt.NDArray[np.float32], players: int
    ) -> None:
        if not combat:
            return
        g_index = self.g_index
        raw[self.f_combat.at(0)] = 1.0
        raw[self.f_combat.at(1)] = float(bool(combat.get("reserve")))
        raw[self.f_combat.at(2)] = float(bool(combat.get("free")))
        _seat_role(raw, self.f_role, combat.get("attacker"), 3, players)
        _seat_role(raw, self.f_role, combat.get("defender"), 4, players)
        raw[self.f_g_role.at(g_index[combat["attacking_gladiator"]], 0)] = 1.0
        if combat.get("defending_gladiator"):
            raw[self.f_g_role.at(g_index[combat["defending_gladiator"]], 1)] = 1.0
        if combat.get("doomed"):
            raw[self.f_g_role.at(g_index[combat["doomed"]], 2)] = 1.0
        for revealed in combat.get("cards") or []:
            c = self.c_index[revealed["card"]]
            raw[self.f_c_place.at(c, 2)] = 1.0
            raw[self.f_c_place.at(c, 3)] = float(bool(revealed["applied"]))
        for i, left in enumerate(combat.get("favor_left") or []):
            raw[self.f_favor_left.at(i)] = left
        for i, score in enumerate(combat.get("scores") or []):
            raw[self.f_scores.at(i)] = max(0, score)
        for i, score in enumerate(combat.get("scores_if_applied") or []):
            raw[self.f_if_applied.at(i)] = max(0, score)

    def _write_auction(
        self, auction: dict[str, Any] | None, raw: npt.NDArray[np.float32], players: int
    ) -> None:
        if not auction:
            return
        g_index = self.g_index
        places = len(GLADIATOR_PLACES)
        raw[self.f_auction.offset] = 1.0
        for code in auction.get("revealed") or []:
            raw[self.f_g_place.at(g_index[code], places + 1)] = 1.0
        if auction.get("offered"):
            raw[self.f_g_place.at(g_index[auction["offered"]], places + 2)] = 1.0
            raw[self.f_min_bid.offset] = auction.get("min_bid") or 0
        for p in auction.get("order") or []:
            _seat_role(raw, self.f_role, p, 6, players)
        raw[self.f_turn.offset] = auction.get("turn") or 0
        for p, bid in enumerate(auction.get("bids") or []):
            if bid == "not yet":
                raw[self.f_bid.at(p, 0)] = 1.0
            elif bid == "made":
                raw[self.f_bid.at(p, 1)] = 1.0
            elif bid is None:
                raw[self.f_bid.at(p, 2)] = 1.0
            else:
                raw[self.f_bid.at(p, 3)] = 1.0
                raw[self.f_bid_value.at(p)] = bid


def _seat_role(
    raw: npt.NDArray[np.float32], field: Field, seat: Any, role: int, players: int
) -> None:
    """Mark `role` for `seat` when it is a seat of the game (not NOBODY or None)."""
    if isinstance(seat, int) and 0 <= seat < players:
        raw[field.at(seat, role)] = 1.0


ENCODING = LudiEncoding
