"""The Sortes Gladiatoriae state machine: omens, secret bids, the bout, the end.

Rules. Each lanista starts with a purse of denarii (option `purse`, 12). A game is `rounds`
rounds (5). At the start of a round each lanista rolls a die in secret, the omen. Then, in turn
from the round's first seat (seat 0 in round 1, the next seat each round after), each bids in
secret 0 to 6 denarii, never more than the purse holds (`bid N`). Once all have bid, bids and
omens are revealed, a die is rolled for each gladiator, and the highest omen + bid + roll wins
a point (a tie: each tied lanista wins one); every bid is paid. After the last round the most
points win, then the most denarii left; a tie still standing shares the win.

A seat sees its own omen and bid; of the others, whether they have bid, never what, until the
bout reveals them. Purses and points are public.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field, model_validator

from colosseum.core.actions import Action, Event, JsonValue
from colosseum.core.options import OptionValue
from colosseum.core.positions import PositionModel, invalid, validate_position
from colosseum.core.rng import Rng
from colosseum.core.state import State

GAME_ID = "sortes-gladiatoriae"
VERSION = 1
MAX_BID = 6
DIE = 6
NO_BID = -1


class BoutModel(PositionModel):
    """The last bout, as revealed."""

    round: int = Field(ge=1)
    bids: list[int]
    omens: list[int]
    rolls: list[int]
    strength: list[int]
    winners: list[int]


class SortesPosition(PositionModel):
    """A Sortes Gladiatoriae position (`State.to_position()`)."""

    game: str
    version: int
    players: int = Field(ge=2, le=4)
    options: dict[str, int]
    rng: int = Field(ge=0, lt=2**64)
    round: int = Field(ge=1)
    first: int = Field(ge=0)
    turn: int = Field(ge=0)
    purse: list[int]
    points: list[int]
    omen: list[int]
    bid: list[int]
    last: BoutModel | None
    winners: list[int]
    over: bool

    @model_validator(mode="after")
    def _lengths(self) -> SortesPosition:
        for name in ("purse", "points", "omen", "bid"):
            if len(getattr(self, name)) != self.players:
                raise ValueError(f"{name} needs one entry per seat")
        return self


class SortesState(State):
    """A game of Sortes Gladiatoriae (see the module docstring for the rules)."""

    __slots__ = (
        "bid",
        "first",
        "last",
        "omen",
        "over",
        "points",
        "purse",
        "rng",
        "round",
        "turn",
        "winning",
    )

    game_id = GAME_ID
    version = VERSION

    rng: Rng
    round: int
    first: int  # the seat that bids first this round
    turn: int  # how many seats have bid this round
    purse: list[int]
    points: list[int]
    omen: list[int]
    bid: list[int]  # NO_BID until the seat bids this round
    last: dict[str, Any] | None  # the last bout, as revealed (BoutModel's fields)
    winning: tuple[int, ...]
    over: bool

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, OptionValue]) -> SortesState:
        state = cls.__new__(cls)
        state._init_common(players, options, seed)
        state.rng = Rng.from_seed(seed)
        state.round = 1
        state.first = 0
        state.turn = 0
        state.purse = [int(options["purse"])] * players
        state.points = [0] * players
        state.bid = [NO_BID] * players
        state.omen = [0] * players
        state.last = None
        state.winning = ()
        state.over = False
        state._roll_omens()
        return state

    def clone(self) -> SortesState:
        other = SortesState.__new__(SortesState)
        other._copy_common(self)
        other.rng = self.rng.copy()
        other.round, other.first, other.turn = self.round, self.first, self.turn
        other.purse, other.points = self.purse[:], self.points[:]
        other.omen, other.bid = self.omen[:], self.bid[:]
        other.last, other.winning, other.over = self.last, self.winning, self.over
        return other

    # --- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.over else (self.first + self.turn) % self.num_players

    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return list(self.winning)

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        assert seat is not None
        return [Action("bid", n) for n in range(min(self.purse[seat], MAX_BID) + 1)]

    def _apply(self, action: Action) -> list[Event]:
        seat = self.current_player
        assert seat is not None
        amount = int(action.args[0])
        self.bid[seat] = amount
        self.turn += 1
        events = [
            Event("bid", {"seat": seat, "amount": amount}, {seat}, rule="sortes.round.secret-bid"),
            Event("bid_placed", {"seat": seat}, rule="sortes.round.secret-bid"),
        ]
        if self.turn == self.num_players:
            events += self._bout()
        return events

    def _roll_omens(self) -> list[Event]:
        self.omen = [1 + self.rng.below(DIE) for _ in range(self.num_players)]
        return [
            Event(
                "omen", {"seat": s, "omen": o, "round": self.round}, {s}, rule="sortes.round.omen"
            )
            for s, o in enumerate(self.omen)
        ]

    def _bout(self) -> list[Event]:
        """The bout: reveal, roll, score, pay; then the next round or the end."""
        n = self.num_players
        rolls = [1 + self.rng.below(DIE) for _ in range(n)]
        strength = [self.omen[s] + self.bid[s] + rolls[s] for s in range(n)]
        best = max(strength)
        won = [s for s in range(n) if strength[s] == best]
        for s in range(n):
            self.purse[s] -= self.bid[s]
        for s in won:
            self.points[s] += 1
        self.last = {
            "round": self.round,
            "bids": self.bid[:],
            "omens": self.omen[:],
            "rolls": rolls,
            "strength": strength,
            "winners": won,
        }
        events = [Event("bout", dict(self.last), rule="sortes.bout.strength")]
        self.bid = [NO_BID] * n
        self.turn = 0
        if self.round >= int(self.options["rounds"]):
            self.over = True
            self.omen = [0] * n
            top = max((self.points[s], self.purse[s]) for s in range(n))
            self.winning = tuple(s for s in range(n) if (self.points[s], self.purse[s]) == top)
            events.append(
                Event("game_over", {"winners": list(self.winning)}, rule="sortes.end.victory")
            )
            return events
        self.round += 1
        self.first = (self.first + 1) % n
        return events + self._roll_omens()

    def view(self, seat: int | None) -> dict[str, JsonValue]:
        seats = []
        for s in range(self.num_players):
            own = seat == s
            bid: int | str | None = None
            if self.bid[s] != NO_BID:
                bid = self.bid[s] if own else "hidden"
            seats.append(
                {
                    "seat": s,
                    "purse": self.purse[s],
                    "points": self.points[s],
                    "bid": bid,
                    "omen": self.omen[s] if own and not self.over else None,
                }
            )
        last = self.last
        return {
            "game": GAME_ID,
            "seat": seat,
            "players": self.num_players,
            "round": self.round,
            "rounds": int(self.options["rounds"]),
            "first": self.first,
            "current_player": self.current_player,
            "seats": seats,
            "last_bout": None if last is None else {k: _copy(v) for k, v in last.items()},
            "winners": list(self.winning),
            "over": self.over,
        }

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Other seats' omens and placed bids guessed anew; the dice reseeded."""
        for s in range(self.num_players):
            if s == seat or self.over:
                continue
            self.omen[s] = rng.randint(1, DIE)
            if self.bid[s] != NO_BID:
                self.bid[s] = rng.randint(0, min(self.purse[s], MAX_BID))
        self.rng = Rng.from_random(rng)

    def _position_body(self) -> dict[str, JsonValue]:
        last = self.last
        return {
            "rng": self.rng.state,
            "round": self.round,
            "first": self.first,
            "turn": self.turn,
            "purse": self.purse[:],
            "points": self.points[:],
            "omen": self.omen[:],
            "bid": self.bid[:],
            "last": None if last is None else {k: _copy(v) for k, v in last.items()},
            "winners": list(self.winning),
            "over": self.over,
        }


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def load_position(position: dict[str, Any]) -> SortesState:
    """The state a position describes; InvalidRecord naming the field that breaks a rule."""
    from colosseum.core.options import resolve_options

    from .options import OPTIONS

    model = validate_position(SortesPosition, position)
    options = resolve_options(OPTIONS, model.options)
    n = model.players
    if not 1 <= model.round <= int(options["rounds"]):
        raise invalid("round", "outside the game's rounds")
    if model.first >= n or model.turn >= n:
        raise invalid("turn", "names no seat")
    if any(p < 0 or p > int(options["purse"]) for p in model.purse):
        raise invalid("purse", "a purse holds 0 to the starting denarii")
    if any(not 0 <= p <= model.round for p in model.points):
        raise invalid("points", "at most one point a round")
    order = [(model.first + k) % n for k in range(n)]
    for k, s in enumerate(order):
        placed = model.bid[s] != NO_BID
        if placed != (k < model.turn and not model.over):
            raise invalid("bid", f"seat {s} has {'a' if placed else 'no'} bid out of turn")
        if placed and not 0 <= model.bid[s] <= min(model.purse[s], MAX_BID):
            raise invalid("bid", f"seat {s} bids more than it may")
        expected = range(0, 1) if model.over else range(1, DIE + 1)
        if model.omen[s] not in expected:
            raise invalid("omen", f"seat {s}'s omen is not a die's face")
    if model.over != bool(model.winners) or not set(model.winners) <= set(range(n)):
        raise invalid("winners", "winners are the seats of a finished game")
    state = SortesState.__new__(SortesState)
    state._init_common(n, options, None)
    state.rng = Rng(model.rng)
    state.round, state.first, state.turn = model.round, model.first, model.turn
    state.purse, state.points = list(model.purse), list(model.points)
    state.omen, state.bid = list(model.omen), list(model.bid)
    state.last = None if model.last is None else model.last.model_dump()
    state.winning, state.over = tuple(model.winners), model.over
    return state
