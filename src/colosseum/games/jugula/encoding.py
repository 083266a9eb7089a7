"""Jugula: the action table and the observation of a seat's view.

Actions (from the data: the armaturae, the cards, the arena's squares and facings, the
deployment zones, the Range of the armaturae, the most lanistae): a gladiator in play is named
by the square he stands on, as in the notation. A move `to <square> <facing> <path>` is keyed
by its square and facing only: the rules offer one path (the cheapest) per destination, and
`decode` takes the legal action with that destination. An attack or Hindering attack is keyed
by the attacker's and the target's squares, over every pair an attack zone can ever join (the
front zone projected by the longest Range, a Dexter talent included).

Observation: planes over the 8×8 arena (the data's width × height; square a1 at row 0,
column 0), a block per gladiator, a block per lanista with each card's place, the fight in
progress and the decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ...core.actions import Action
from ...core.encoding import Encoding, View
from ...core.spaces import ActionKey, ActionTable, Layout, TableBuilder, plain_key
from .board import FACINGS, geometry
from .data import load_catalog
from .destination import Destination
from .model import EFFECTS, FACING_LETTERS, SIDES, TALENT_CODES
from .position import TASK_NAMES

SQUARE_KINDS = (
    ("move", "move the gladiator standing there"),
    ("shake", "the hindered gladiator there shakes off the markers"),
    ("push", "push the defender back onto that square"),
    ("heal", "Cognatus a Um: heal the gladiator there"),
    ("dementia", "Dementia: move the enemy there"),
    ("execute", "Fatalitas: wound the gladiator there"),
)
CARD_KINDS = (
    ("discard", "discard this card from the hand"),
    ("take", "take this Prima Jugula card into the hand"),
    ("recall", "Acies Aciei: this card of the discard pile back into the hand"),
    ("top", "Plausus: put this card back on top next"),
    ("seed", "Perfidia: this Prima Jugula card into the discard pile"),
    ("remove", "Temperare: this card of the deck or discard pile leaves the game"),
)
COMMIT_KINDS = (
    ("bid", "commit a card for the round's first player"),
    ("card", "commit a card to the fight"),
)
SINGLE = (
    ("done", "stop (moving, attacking, taking, discarding)"),
    ("stay", "the moving gladiator stays"),
    ("pass", "play no card"),
    ("extra", "draw one more card for a Vox Populi point beyond the track"),
    ("enough", "no more extra cards"),
    ("swap", "swap the committed card"),
    ("keep", "keep the committed card"),
    ("acclaim", "acclaim (the crowd's favour)"),
    ("decline", "decline"),
    ("pursue", "the attacker pursues into the vacated square"),
    ("hold", "the attacker holds his square"),
)
CARD_PLACES = (
    "in the observing seat's hand",
    "in the hand, seen by all",
    "in play",
    "in the discard pile",
    "out of the game",
    "Prima Jugula set aside",
    "on the deck's top, seen by all",
    "on the deck's top, known to the observing seat",
    "committed face down by the observing seat",
    "compelled (Dubitatio) for the observing seat",
)
DECISIONS = tuple(dict.fromkeys(TASK_NAMES.values()))
MARKERS = ("none", "on the card", "on a gladiator", "out")
FIGHT_CARDS = ("none", "deck", "face down")
MARKER_AT = {marker: i for i, marker in enumerate(MARKERS)}
ON_A_GLADIATOR = MARKER_AT["on a gladiator"]  # a marker lying on the gladiator of that square
TALENT_AT = {code: i for i, code in enumerate(TALENT_CODES)}
FACING_AT = {letter: i for i, letter in enumerate(FACING_LETTERS)}


def _key_of(squares: tuple[str, ...]) -> Callable[[Action], ActionKey]:
    """The table's key: a move by its destination and facing (a `Destination` without writing
    its path), every other action by all of it."""
    places = {
        (square, facing): ("to", name, letter)
        for square, name in enumerate(squares)
        for facing, letter in enumerate(FACING_LETTERS)
    }

    def key(action: Action) -> ActionKey:
        if type(action) is Destination:
            return places[action.place]
        if action.kind == "to":
            return ("to", str(action.args[0]), str(action.args[1]))
        return plain_key(action)

    return key


class JugulaEncoding(Encoding):
    """The Jugula spaces (docs/rl.md prints the table and the layout)."""

    game_id: ClassVar[str] = "jugula"

    def _build_table(self) -> ActionTable:
        catalog = load_catalog(str(self.options["data"]))
        self.catalog = catalog
        rules = catalog.rules
        squares = rules.squares
        facings = FACING_LETTERS
        cards = [c.code for c in catalog.cards]
        armaturae = [a.code for a in catalog.armaturae]
        seats = [str(s) for s in range(self.max_players)]
        zones = sorted({sq for per in rules.deployment.values() for z in per for sq in z})
        geo = geometry(rules.width, rules.height)
        reach = max(a.range for a in catalog.armaturae) + rules.talents.dexter_range
        pairs = sorted(
            {(a, d) for a in range(geo.size) for f in FACINGS for d in geo.attack_zone(a, f, reach)}
        )
        t = TableBuilder()
        for notation, doc in SINGLE:
            t.one(notation, doc)
        t.add("pick <armatura>", [("pick", a) for a in armaturae], "choose this armatura")
        t.add("zone <side>", [("zone", side) for side in SIDES], "choose the deployment zone")
        t.add(
            "deploy <armatura> <square> <facing>",
            [("deploy", a, squares[sq], f) for a in armaturae for sq in zones for f in facings],
            f"deploy on a square of a deployment zone ({len(zones)} squares) facing n/e/s/w",
        )
        t.add("first <seat>", [("first", s) for s in seats], "designate the first player")
        t.add("rival <seat>", [("rival", s) for s in seats], "the rival an ability targets")
        for verb, doc in COMMIT_KINDS:
            t.add(
                f"{verb} <card, deck or none>",
                [(verb, c) for c in (*cards, "deck", "none")],
                f"{doc}: a hand card, the deck's top, or none",
            )
        t.add(
            "play <card> <effect>",
            [("play", c, e) for c in cards for e in EFFECTS],
            "play a card for one effect: " + ", ".join(EFFECTS),
        )
        t.add("use <effect>", [("use", e) for e in EFFECTS], "the next of several effects")
        for kind, doc in CARD_KINDS:
            t.add(f"{kind} <card>", [(kind, c) for c in cards], doc)
        t.add(
            "restore <seat> <card>",
            [("restore", s, c) for s in seats for c in cards],
            "Acta est Fabula: this card out of the game onto its owner's deck",
        )
        for kind, doc in SQUARE_KINDS:
            t.add(f"{kind} <square>", [(kind, sq) for sq in squares], doc)
        t.add(
            "impetus <square> <move or attack>",
            [("impetus", sq, way) for sq in squares for way in ("move", "attack")],
            "Impetus: the gladiator there moves then attacks, or attacks then moves",
        )
        t.add(
            "to <square> <facing> (<path>)",
            [("to", sq, f) for sq in squares for f in facings],
            "move to that square and facing (by the one path offered)",
        )
        t.add(
            "face <square> <facing>",
            [("face", sq, f) for sq in squares for f in facings],
            "Aware: the gladiator there turns to that facing",
        )
        for kind, doc in (("attack", "attack"), ("hinder", "Hindering attack")):
            t.add(
                f"{kind} <square> <square>",
                [(kind, squares[a], squares[d]) for a, d in pairs],
                f"{doc}: attacker's square, target's square ({len(pairs)} pairs)",
            )
        return t.build(_key_of(tuple(squares)), fresh=(Destination,))

    def _build_layout(self, layout: Layout) -> None:
        cat = self.catalog
        rules = cat.rules
        players = self.max_players
        width, height = rules.width, rules.height
        self.width = width
        self.square_index = {name: i for i, name in enumerate(rules.squares)}
        self.card_index = {c.code: c.index for c in cat.cards}
        self.armatura_index = {a.code: a.index for a in cat.armaturae}
        self.zones = rules.deployment
        na, nc = len(cat.armaturae), len(cat.cards)
        slots = rules.familia * players
        planes: list[str] = []

        def block(names: list[str]) -> int:
            planes.extend(names)
            return len(planes) - len(names)

        self.p_seat = block([f"a gladiator of seat {p} stands here" for p in range(players)])
        self.p_side = block(["a gladiator of the observing seat", "a rival gladiator"])
        self.p_facing = block([f"he faces {f}" for f in FACING_LETTERS])
        self.p_flags = block(["wounded", "hindered", "moved this turn", "wounded this turn"])
        self.p_heavy = block(["heavy"])
        self.p_armatura = block([f"armatura {a.code}" for a in cat.armaturae])
        self.p_zone = block(["the observing seat's deployment zone"])
        self.p_fight = block(["the attacker of the fight", "the defender of the fight"])
        self.p_vacated = block(["the square the defender vacated"])
        self.p_marker = block(
            [
                "a hindrance marker of the observing seat's lies on him",
                "a rival's hindrance marker lies on him",
            ]
        )
        self.plane_count = len(planes)
        self.area = height * width
        self.f_planes = layout.add(
            "planes",
            (len(planes), height, width),
            1,
            "arena planes [plane, rank - 1, file]: " + "; ".join(planes),
        )
        self.f_g_seat = layout.add("gladiator.seat", (slots, players), 1, "his lanista, one-hot")
        self.f_g_mine = layout.add("gladiator.mine", slots, 1, "of the observing seat")
        self.f_g_armatura = layout.add(
            "gladiator.armatura", (slots, na), 1, "his armatura, one-hot (none: not chosen yet)"
        )
        flags = ("in the arena", "wounded", "bitten the dust", "hindered", "moved", "hurt", "heavy")
        self.f_g_flags = layout.add("gladiator.flags", (slots, len(flags)), 1, ", ".join(flags))
        self.f_g_held = layout.add("gladiator.markers_held", slots, 3, "markers on him")
        self.f_g_marker = layout.add(
            "gladiator.marker", (slots, len(MARKERS)), 1, "his marker: " + ", ".join(MARKERS)
        )
        self.f_g_talents = layout.add(
            "gladiator.talents", (slots, len(TALENT_CODES)), 1, ", ".join(TALENT_CODES)
        )
        self.f_g_upgrades = layout.add(
            "gladiator.upgrades", (slots, 3), 2, "+MP, +ATT, +DEF upgrades"
        )
        self.f_g_numbers = layout.add(
            "gladiator.numbers",
            (slots, 6),
            10,
            "MP, Range, ATT vs light, ATT vs heavy, DEF vs light, DEF vs heavy",
        )
        self.f_present = layout.add("seat.present", players, 1, "the seat is in the game")
        self.f_me = layout.add("seat.me", players, 1, "the observing seat")
        self.f_vox = layout.add("seat.vox", players, rules.vox_max, "Vox Populi")
        self.f_counts = layout.add(
            "seat.counts",
            (players, 4),
            max(nc, 1),
            "hand, deck, hand limit, attack bonus (scaled by the number of cards)",
        )
        roles = ("out", "turn", "first seat", "decides now", "winner", "compelled")
        self.f_roles = layout.add("seat.roles", (players, len(roles)), 1, ", ".join(roles))
        self.f_zone = layout.add("seat.zone", (players, len(SIDES)), 1, "its zone, one-hot")
        self.f_bid = layout.add(
            "seat.bid", (players, 2), 1, "round card committed: from the deck, from the hand"
        )
        self.f_order = layout.add(
            "seat.order", (players, players), 1, "its place in the round's order, one-hot"
        )
        self.f_cards = layout.add(
            "seat.cards",
            (players, len(CARD_PLACES), nc),
            1,
            "where each of its cards is: " + "; ".join(CARD_PLACES),
        )
        self.f_fight = layout.add(
            "fight.flags", 4, 1, "a fight is on, Hindering attack, Ardor Oris, cards revealed"
        )
        self.f_fight_bonus = layout.add("fight.bonus", 1, 5, "the attack's bonus")
        self.f_fight_cards = layout.add(
            "fight.cards",
            (2, len(FIGHT_CARDS) + nc),
            1,
            "attacker's then defender's card: none, deck, face down, or the card",
        )
        self.f_set_aside = layout.add("fight.set_aside", nc, 1, "cards set aside in the fight")
        self.turn_scale = self.cap_scale("turn_limit")
        self.f_turn = layout.add(
            "turn", 1, self.turn_scale, "the turn (scale: the turn limit, else 400)"
        )
        self.f_round = layout.add("round", 1, 100, "the round (three or four lanistae)")
        self.f_decision = layout.add(
            "decision", len(DECISIONS), 1, "the decision, one-hot: " + ", ".join(DECISIONS)
        )
        self.f_flags = layout.add("flags", 3, 1, "sudden death, the simple variant, game over")
        self.f_players = layout.add("players", players, 1, "the number of players, one-hot")

    def _write(self, view: View, raw: npt.NDArray[np.float32]) -> None:
        # positions in the flat vector: a field's offset, then row-major; a plane is
        # `area` long, one element a square
        seat = view.get("seat")
        players = int(view["players"])
        sq = self.square_index
        area = self.area
        planes = self.f_planes.offset
        max_players, na = self.max_players, self.f_g_armatura.shape[1]
        g_seat, g_mine = self.f_g_seat.offset, self.f_g_mine.offset
        g_armatura, g_flags = self.f_g_armatura.offset, self.f_g_flags.offset
        g_held, g_marker = self.f_g_held.offset, self.f_g_marker.offset
        g_talents, g_upgrades = self.f_g_talents.offset, self.f_g_upgrades.offset
        g_numbers = self.f_g_numbers.offset
        n_flags, n_markers, n_talents = self.f_g_flags.shape[1], len(MARKERS), len(TALENT_CODES)
        where: dict[int, int] = {}
        for entry in view["gladiators"]:
            g, owner = int(entry["id"]), int(entry["seat"])
            mine = owner == seat
            raw[g_seat + g * max_players + owner] = 1.0
            if mine:
                raw[g_mine + g] = 1.0
            if entry.get("armatura") is None:
                continue
            a = self.armatura_index[entry["armatura"]]
            raw[g_armatura + g * na + a] = 1.0
            square = entry.get("square")
            status = (
                square is not None,
                entry["wounded"],
                entry["bitten"],
                entry["hindered"],
                entry["moved_this_turn"],
                entry["wounded_this_turn"],
                entry["heavy"],
            )
            for i, flag in enumerate(status):
                if flag:
                    raw[g_flags + g * n_flags + i] = 1.0
            raw[g_held + g] = entry["markers_held"]
            marker = entry.get("marker")
            state = "none" if marker is None else "on the card" if marker == "card" else marker
            marked = MARKER_AT.get(state, ON_A_GLADIATOR)
            raw[g_marker + g * n_markers + marked] = 1.0
            for code in entry.get("talents") or ():
                raw[g_talents + g * n_talents + TALENT_AT[code]] = 1.0
            upgrades = entry["upgrades"]
            at = g_upgrades + 3 * g
            raw[at], raw[at + 1], raw[at + 2] = upgrades["mp"], upgrades["att"], upgrades["def"]
            at = g_numbers + 6 * g
            raw[at], raw[at + 1] = entry["mp"], entry["range"]
            raw[at + 2], raw[at + 3] = entry["att"]
            raw[at + 4], raw[at + 5] = entry["def"]
            if square is None:
                continue
            s = where[g] = sq[square]
            raw[planes + (self.p_seat + owner) * area + s] = 1.0
            raw[planes + (self.p_side + (0 if mine else 1)) * area + s] = 1.0
            raw[planes + (self.p_facing + FACING_AT[entry["facing"]]) * area + s] = 1.0
            on_him = (
                entry["wounded"],
                entry["hindered"],
                entry["moved_this_turn"],
                entry["wounded_this_turn"],
            )
            for i, flag in enumerate(on_him):
                if flag:
                    raw[planes + (self.p_flags + i) * area + s] = 1.0
            if entry["heavy"]:
                raw[planes + self.p_heavy * area + s] = 1.0
            raw[planes + (self.p_armatura + a) * area + s] = 1.0
            if marker in sq:  # his marker lies on the enemy standing there
                raw[planes + (self.p_marker + (0 if mine else 1)) * area + sq[marker]] = 1.0
        for p, entry in enumerate(view["lanistae"]):
            self._write_lanista(p, entry, view, raw)
            zone = int(entry["zone"])
            if p == seat and 0 <= zone < len(self.zones.get(players, ())):
                for s in self.zones[players][zone]:
                    raw[planes + self.p_zone * area + s] = 1.0
        fight = view.get("fight")
        if fight:
            self._write_fight(fight, raw, where)
        raw[self.f_turn.offset] = view["turn"]
        raw[self.f_round.offset] = view["round"]
        decision = view.get("decision")
        if decision in DECISIONS:
            raw[self.f_decision.offset + DECISIONS.index(decision)] = 1.0
        at = self.f_flags.offset
        raw[at], raw[at + 1], raw[at + 2] = view["sudden_death"], view["simple"], view["over"]
        raw[self.f_players.offset + players - 1] = 1.0

    def _write_fight(
        self, fight: dict[str, Any], raw: npt.NDArray[np.float32], where: dict[int, int]
    ) -> None:
        planes, area = self.f_planes.offset, self.area
        at = self.f_fight.offset
        raw[at], raw[at + 1] = True, fight["hinder"]
        raw[at + 2], raw[at + 3] = fight["ardor"], fight["revealed"]
        raw[self.f_fight_bonus.offset] = max(0, fight["bonus"])
        for i, who in enumerate((fight["attacker"], fight["defender"])):
            if who in where:
                raw[planes + (self.p_fight + i) * area + where[who]] = 1.0
        if fight.get("vacated"):
            raw[planes + self.p_vacated * area + self.square_index[fight["vacated"]]] = 1.0
        cards, width = self.f_fight_cards.offset, self.f_fight_cards.shape[1]
        for side, card in enumerate((fight["attacker_card"], fight["defender_card"])):
            label = "none" if card is None else str(card)
            if label in FIGHT_CARDS:
                raw[cards + side * width + FIGHT_CARDS.index(label)] = 1.0
            else:
                raw[cards + side * width + len(FIGHT_CARDS) + self.card_index[label]] = 1.0
        aside = self.f_set_aside.offset
        for code in fight.get("set_aside") or ():
            raw[aside + self.card_index[code]] = 1.0

    def _write_lanista(
        self, p: int, entry: dict[str, Any], view: View, raw: npt.NDArray[np.float32]
    ) -> None:
        index = self.card_index
        raw[self.f_present.offset + p] = 1.0
        if p == view.get("seat"):
            raw[self.f_me.offset + p] = 1.0
        raw[self.f_vox.offset + p] = entry["vox"]
        at = self.f_counts.offset + 4 * p
        raw[at], raw[at + 1] = entry["hand_count"], entry["deck_count"]
        raw[at + 2], raw[at + 3] = entry["hand_limit"], max(0, entry["attack_bonus"])
        at = self.f_roles.offset + self.f_roles.shape[1] * p
        raw[at], raw[at + 1] = entry["out"], view.get("turn_seat") == p
        raw[at + 2], raw[at + 3] = view.get("first_seat") == p, view.get("current_player") == p
        raw[at + 4], raw[at + 5] = p in (view.get("winners") or ()), entry["compelled"]
        if 0 <= int(entry["zone"]) < len(SIDES):
            raw[self.f_zone.offset + p * len(SIDES) + int(entry["zone"])] = 1.0
        if entry.get("bid") is not None:
            raw[self.f_bid.offset + 2 * p + (0 if entry["bid"] == "deck" else 1)] = 1.0
        order = view.get("order") or ()
        if p in order:
            raw[self.f_order.offset + p * self.max_players + order.index(p)] = 1.0
        piles = (
            entry.get("hand") or (),
            entry["hand_known"],
            entry["in_play"],
            entry["discard"],
            entry["removed"],
            entry["prima_aside"],
            entry["deck_top_public"],
            entry.get("deck_top_known") or (),
            (entry["bid_card"],) if entry.get("bid_card") else (),
            (entry["compelled_card"],) if entry.get("compelled_card") else (),
        )
        per_card = self.f_cards.shape[2]
        cards = self.f_cards.offset + p * len(CARD_PLACES) * per_card
        for place, pile in enumerate(piles):
            at = cards + place * per_card
            for code in pile:
                raw[at + index[code]] = 1.0


ENCODING = JugulaEncoding
