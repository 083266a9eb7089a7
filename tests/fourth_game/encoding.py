"""Sortes Gladiatoriae for learning: the action table (`bid 0` to `bid 6`) and the observation
of a seat's view (its seat, the round, its omen, every lanista's purse, points and bid, the
last bout). The scales are fixed, so one policy serves every option."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import numpy.typing as npt

from colosseum.core.encoding import Encoding, View, one_hot
from colosseum.core.spaces import ActionTable, Layout, TableBuilder

from .state import DIE, GAME_ID, MAX_BID

MOST_ROUNDS = 15
MOST_DENARII = 40


class SortesEncoding(Encoding):
    """The Sortes Gladiatoriae spaces."""

    game_id: ClassVar[str] = GAME_ID

    def _build_table(self) -> ActionTable:
        t = TableBuilder()
        t.add(
            "bid <n>",
            [("bid", str(n)) for n in range(MAX_BID + 1)],
            f"bid 0 to {MAX_BID} denarii in secret",
        )
        return t.build()

    def _build_layout(self, layout: Layout) -> None:
        n = self.max_players
        self.f_seat = layout.add("seat", n, 1, "the observing seat, one-hot")
        self.f_players = layout.add("players", n, 1, "the number of players, one-hot")
        self.f_to_move = layout.add("to_move", 1, 1, "the observing seat decides now")
        self.f_round = layout.add("round", 1, MOST_ROUNDS, "the round")
        self.f_rounds = layout.add("rounds", 1, MOST_ROUNDS, "the rounds of the game")
        self.f_omen = layout.add("omen", DIE + 1, 1, "the seat's omen, one-hot (0: none)")
        self.f_purse = layout.add("seat.purse", n, MOST_DENARII, "each lanista's denarii")
        self.f_points = layout.add("seat.points", n, MOST_ROUNDS, "each lanista's points")
        self.f_placed = layout.add("seat.bid_placed", n, 1, "each lanista has bid this round")
        self.f_own_bid = layout.add("own_bid", 1, MAX_BID, "the observing seat's bid")
        self.f_strength = layout.add(
            "last.strength", n, DIE * 2 + MAX_BID, "each lanista's strength in the last bout"
        )
        self.f_won_last = layout.add("last.won", n, 1, "each lanista won the last bout")
        self.f_won = layout.add("won", 1, 1, "the game is over and the observing seat won")

    def _write(self, view: View, raw: npt.NDArray[np.float64]) -> None:
        seat = view.get("seat")
        if seat is not None:
            one_hot(raw, self.f_seat.offset, int(seat))
            raw[self.f_to_move.offset] = float(view.get("current_player") == seat)
            raw[self.f_won.offset] = float(seat in (view.get("winners") or []))
        one_hot(raw, self.f_players.offset, int(view["players"]) - 1)
        raw[self.f_round.offset] = view["round"]
        raw[self.f_rounds.offset] = view["rounds"]
        for entry in view["seats"]:
            s = int(entry["seat"])
            raw[self.f_purse.offset + s] = entry["purse"]
            raw[self.f_points.offset + s] = entry["points"]
            bid = entry.get("bid")
            raw[self.f_placed.offset + s] = float(bid is not None)
            if s == seat:
                one_hot(raw, self.f_omen.offset, int(entry.get("omen") or 0))
                if isinstance(bid, int):
                    raw[self.f_own_bid.offset] = bid
        last = view.get("last_bout")
        if last is not None:
            for s, value in enumerate(last["strength"]):
                raw[self.f_strength.offset + s] = value
            for s in last["winners"]:
                raw[self.f_won_last.offset + s] = 1.0


ENCODING = SortesEncoding
