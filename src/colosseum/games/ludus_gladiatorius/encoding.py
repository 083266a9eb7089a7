"""Ludus Gladiatorius: the action table and the observation of a seat's view.

Actions (from the data: the five record sheets, the special action codes, the arena's hexes):
counters by code, the activation's move / attack / end, the move's destination hex (with the
Retiarius' net picked up on the way, or not), the defender's answer. Gladiators are numbered
1-5 as in the notation; hexes in the order of the arena's rows.

Observation: planes over the hex map (the arena's rows × columns, a hex at its column and row
in the data's "even-r" layout), then one block per gladiator, then the round's state.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import numpy.typing as npt

from ...core.encoding import Encoding, View
from ...core.spaces import ActionTable, Layout, TableBuilder
from .data import SPECIAL_CODES, load_catalog
from .model import NUM_GLADIATORS, PHASE_NAMES

COUNTERS = ("blank", *SPECIAL_CODES)
"""What a counter may be, in the order of the action table and the observation."""
COUNTER_STATES = ("none", "hidden", *COUNTERS)
"""A counter as a view shows it: none placed, face down (another's), or its code."""
COUNTER_AT = {state: i for i, state in enumerate(COUNTER_STATES)}
CODE_AT = {code: i for i, code in enumerate(SPECIAL_CODES)}
PLANES = (
    "sand: a hex of the arena",
    "gladiator 1 stands here",
    "gladiator 2 stands here",
    "gladiator 3 stands here",
    "gladiator 4 stands here",
    "gladiator 5 stands here",
    "a gladiator of the observing seat stands here",
    "a rival gladiator stands here",
    "the net lies here",
    "the active gladiator stood here when the counters were placed",
)


class LudusEncoding(Encoding):
    """The Ludus Gladiatorius spaces (docs/rl.md prints the table and the layout)."""

    game_id: ClassVar[str] = "ludus-gladiatorius"

    def _build_table(self) -> ActionTable:
        catalog = load_catalog(str(self.options["data"]))
        self.catalog = catalog
        numbers = [str(g + 1) for g in range(NUM_GLADIATORS)]
        hexes = catalog.arena.names
        t = TableBuilder()
        t.add(
            "place <counter>",
            [("place", c) for c in COUNTERS],
            f"the counter placed face down: {', '.join(COUNTERS)}",
        )
        t.one("move", "declare the move (the boosted die is rolled)")
        t.add(
            "attack <gladiator>",
            [("attack", n) for n in numbers],
            "attack the adjacent gladiator of that number (1-5)",
        )
        t.add(
            "attack <gladiator> recover",
            [("attack", n, "recover") for n in numbers],
            "the Retiarius attacks the gladiator on his net, to recover it",
        )
        t.one("end", "end the activation")
        t.one("stay", "move nowhere")
        t.add("to <hex>", [("to", h) for h in hexes], f"move to that hex ({len(hexes)} hexes)")
        t.add(
            "to <hex> net",
            [("to", h, "net") for h in hexes],
            "the Retiarius moves there, picking up his net on the way",
        )
        t.one("defend", "defend against the attack")
        t.one("no-defence", "do not defend")
        return t.build()

    def _build_layout(self, layout: Layout) -> None:
        catalog = self.catalog
        arena = catalog.arena
        sheets = catalog.sheets
        players = self.max_players
        life = max(s.life for s in sheets)
        self.move_scale = (
            max(max(s.movement for s in sheets), catalog.rules.fast_speed.movement)
            + catalog.rules.movement.boost_bonus
        )
        specials = max([1, *(n for s in sheets for n in s.specials.values())])
        g = NUM_GLADIATORS
        self.hex_cell = {name: cell for name, cell in zip(arena.names, arena.cells, strict=True)}
        self.hex_at = {name: row * arena.width + col for name, (col, row) in self.hex_cell.items()}
        self.plane_area = arena.height * arena.width
        self.f_planes = layout.add(
            "planes",
            (len(PLANES), arena.height, arena.width),
            1,
            "hex map planes [plane, row, column]: " + "; ".join(PLANES),
        )
        self.f_present = layout.add("gladiator.in_game", g, 1, "the gladiator is in this game")
        self.f_mine = layout.add("gladiator.mine", g, 1, "the observing seat owns it")
        self.f_owner = layout.add("gladiator.owner", (g, players), 1, "its owner's seat, one-hot")
        self.f_standing = layout.add("gladiator.standing", g, 1, "it stands in the arena")
        self.f_life = layout.add("gladiator.life", g, life, "life points left")
        self.f_max_life = layout.add("gladiator.max_life", g, life, "life points on its sheet")
        self.f_movement = layout.add("gladiator.movement", g, self.move_scale, "movement")
        flags = ("attacked", "defended", "no_attack", "no_defence", "entangled")
        self.f_flags = layout.add(
            "gladiator.flags", (g, len(flags)), 1, "this round: " + ", ".join(flags)
        )
        self.flag_names = flags
        self.f_carry = layout.add(
            "gladiator.carried_shields", g, 10, "shields carried over (Doughty Defence)"
        )
        self.f_counter = layout.add(
            "gladiator.counter",
            (g, len(COUNTER_STATES)),
            1,
            "this round's counter as seen, one-hot: " + ", ".join(COUNTER_STATES),
        )
        self.f_usable = layout.add(
            "gladiator.counter_usable", g, 1, "own gladiator: its face-down counter is usable"
        )
        self.f_on_sheet = layout.add(
            "gladiator.specials_on_sheet",
            (g, len(SPECIAL_CODES)),
            specials,
            "special actions on its sheet: " + ", ".join(SPECIAL_CODES),
        )
        self.f_left = layout.add(
            "gladiator.specials_left",
            (g, len(SPECIAL_CODES)),
            specials,
            "own gladiator: special actions not yet crossed off (0 for rivals)",
        )
        self.f_kept = layout.add(
            "gladiator.face_down_kept", g, 10, "counters of past rounds still face down"
        )
        self.f_active = layout.add("gladiator.active", g, 1, "it decides now")
        self.f_order = layout.add(
            "gladiator.order", (g, g), 1, "its place in this round's order, one-hot"
        )
        self.f_done = layout.add("gladiator.acted", g, 1, "its turn in the order has passed")
        self.f_attacker = layout.add("gladiator.attacking", g, 1, "it attacks (pending)")
        self.f_defender = layout.add("gladiator.defending", g, 1, "it is attacked (pending)")
        self.round_scale = self.cap_scale("round_limit")
        self.f_round = layout.add(
            "round", 1, self.round_scale, "the round (scale: the round limit, else 30)"
        )
        self.f_capped = layout.add("round_limit_set", 1, 1, "a round limit is set")
        self.f_phase = layout.add(
            "phase", len(PHASE_NAMES), 1, "the phase, one-hot: " + ", ".join(PHASE_NAMES)
        )
        self.f_seat = layout.add("seat", players, 1, "the observing seat, one-hot")
        self.f_players = layout.add("players", players, 1, "the number of players, one-hot")
        self.f_to_move = layout.add("to_move", 1, 1, "the observing seat decides now")
        self.f_moved = layout.add("moved", 1, 1, "the active gladiator has moved")
        self.f_allowance = layout.add(
            "allowance", 1, self.move_scale, "movement points of the move being made"
        )
        self.f_recover = layout.add(
            "pending.recover_net", 1, 1, "the pending attack recovers the net"
        )
        self.f_net_held = layout.add("net_held", 1, 1, "the Retiarius holds his net")
        self.f_won = layout.add("won", 1, 1, "the game is over and the observing seat won")

    def _write_constant(self, raw: npt.NDArray[np.float32]) -> None:
        planes = self.f_planes.array(raw)
        for col, row in self.hex_cell.values():
            planes[0, row, col] = 1.0

    def _write(self, view: View, raw: npt.NDArray[np.float32]) -> None:
        # every position is an index into the flat vector: a field's offset, then row-major
        seat = view.get("seat")
        at = self.hex_at
        area = self.plane_area
        planes = self.f_planes.offset
        owner_at, flags_at = self.f_owner.offset, self.f_flags.offset
        counter_at, order_at = self.f_counter.offset, self.f_order.offset
        sheet_at, left_at = self.f_on_sheet.offset, self.f_left.offset
        players, n_counters, n_codes = self.max_players, len(COUNTER_STATES), len(SPECIAL_CODES)
        n_flags = len(self.flag_names)
        active = view.get("active")
        order: list[int] = view.get("order") or []
        step = int(view.get("step") or 0)
        pending = view.get("pending_attack")
        attacker = defender = None
        if pending is not None:
            attacker, defender = pending["attacker"], pending["defender"]
        for entry in view["gladiators"]:
            number = int(entry["number"])
            g = number - 1
            owner = int(entry["owner"])
            mine = seat is not None and owner == seat
            raw[self.f_present.offset + g] = 1.0
            if mine:
                raw[self.f_mine.offset + g] = 1.0
            raw[owner_at + g * players + owner] = 1.0
            where = entry.get("hex")
            if where is not None:
                cell = at[where]
                raw[self.f_standing.offset + g] = 1.0
                raw[planes + (1 + g) * area + cell] = 1.0
                raw[planes + (6 if mine else 7) * area + cell] = 1.0
            if active == number:
                raw[self.f_active.offset + g] = 1.0
                if entry.get("start_hex") is not None:
                    raw[planes + 9 * area + at[entry["start_hex"]]] = 1.0
            raw[self.f_life.offset + g] = entry["life"]
            raw[self.f_max_life.offset + g] = entry["max_life"]
            raw[self.f_movement.offset + g] = entry["movement"]
            for i, name in enumerate(self.flag_names):
                if entry[name]:
                    raw[flags_at + g * n_flags + i] = 1.0
            raw[self.f_carry.offset + g] = entry["carried_shields"]
            counter = entry.get("counter")
            state = COUNTER_AT["none" if counter is None else str(counter)]
            raw[counter_at + g * n_counters + state] = 1.0
            if entry.get("counter_usable"):
                raw[self.f_usable.offset + g] = 1.0
            for code, count in (entry.get("specials_on_sheet") or {}).items():
                raw[sheet_at + g * n_codes + CODE_AT[code]] = count
            for code, count in (entry.get("specials_left") or {}).items():
                raw[left_at + g * n_codes + CODE_AT[code]] = count
            raw[self.f_kept.offset + g] = entry["face_down_counters_kept"]
            if number in order:
                place = order.index(number)
                raw[order_at + g * NUM_GLADIATORS + place] = 1.0
                raw[self.f_done.offset + g] = float(place < step)
            if attacker == number:
                raw[self.f_attacker.offset + g] = 1.0
            if defender == number:
                raw[self.f_defender.offset + g] = 1.0
        net = view.get("net")
        if net is not None and net != "held":
            raw[planes + 8 * area + at[net]] = 1.0
        raw[self.f_net_held.offset] = float(net == "held")
        raw[self.f_round.offset] = view["round"]
        raw[self.f_capped.offset] = float(bool(view.get("round_limit")))
        raw[self.f_phase.offset + PHASE_NAMES.index(view["phase"])] = 1.0
        if seat is not None:
            raw[self.f_seat.offset + int(seat)] = 1.0
            raw[self.f_to_move.offset] = float(view.get("current_player") == seat)
            raw[self.f_won.offset] = float(seat in (view.get("winners") or []))
        raw[self.f_players.offset + int(view["players"]) - 1] = 1.0
        raw[self.f_moved.offset] = float(bool(view.get("moved")))
        raw[self.f_allowance.offset] = view.get("allowance") or 0
        if pending is not None:
            raw[self.f_recover.offset] = float(bool(pending.get("recover_net")))


ENCODING = LudusEncoding
