"""Pydantic models of every request and response of the API, so the OpenAPI page
(`/docs`) documents it. Request models refuse unknown fields and bound every size."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from ..agents.hints import reason_for

OptionValue = bool | int | str
SEED_MAX = 2**63 - 1


class Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Request):
    """A person's seat of a new table: `me` (the signed-in creator's account), `account`
    (reserved for the account `name`), or `human` (a guest's, by its link)."""

    kind: Literal["me", "account", "human"]
    name: str | None = Field(default=None, max_length=60, description="the account (kind account)")


class NoClock(Request):
    kind: Literal["none"]


class DaysClock(Request):
    """Days per move: each move within `days` of the turn's start (nothing saved up)."""

    kind: Literal["days"]
    days: Literal[1, 2, 3, 5, 7, 14]


class LiveClock(Request):
    """A live clock: a bank of `minutes` per seat, `increment` seconds added per move."""

    kind: Literal["live"]
    minutes: int = Field(ge=1, le=180, strict=True)
    increment: int = Field(default=0, ge=0, le=60, strict=True)


Clock = Annotated[NoClock | DaysClock | LiveClock, Field(discriminator="kind")]


class CreateTable(Request):
    game: str = Field(max_length=60, examples=["ludus-gladiatorius"])
    players: list[str | SeatSpec] = Field(
        min_length=1,
        max_length=8,
        description="per seat: 'human' (a guest's seat, by its link), an agent spec (random, "
        "heuristic, easy, normal, hard), or signed in {'kind': 'me'} (your account's seat) or "
        "{'kind': 'account', 'name': ...} (reserved for that account)",
        examples=[["human", "heuristic"], [{"kind": "me"}, {"kind": "account", "name": "bob"}]],
    )
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=40)
    seed: int | None = Field(
        default=None,
        ge=0,
        le=SEED_MAX,
        strict=True,
        description="only at a practice table (everyone sees it); otherwise the server draws "
        "a secret seed and publishes its commitment",
    )
    names: list[str] | None = Field(default=None, max_length=8)
    private: bool = Field(default=False, description="not listed in the lobby")
    hints: bool = Field(
        default=False, description="its players may ask the search for hints (off for rated play)"
    )
    practice: bool = Field(
        default=False,
        description="analysis or practice: the seed may be chosen and is shown to everyone",
    )
    clock: Clock | None = Field(
        default=None,
        description="the time control (docs/web.md, 'Clocks'): null or {'kind': 'none'}, "
        "{'kind': 'days', 'days': 1|2|3|5|7|14}, or {'kind': 'live', 'minutes': 1..180, "
        "'increment': 0..60}; only people's seats have a clock",
    )
    rated: bool = Field(
        default=False,
        description="a rated table moves its accounts' ratings when it ends (docs/web.md, "
        "'Ratings'): no seed, no hints, no guests' seats",
    )


class CreatedSeat(BaseModel):
    seat: int
    kind: str
    name: str
    token: str | None = Field(description="the seat's secret: send it as 'Bearer <token>'")
    join: str | None = Field(description="the table page's path as this seat")
    account: bool = Field(
        default=False, description="an account's seat: no token, it opens signed in as it"
    )


class CreatedTable(BaseModel):
    id: str
    game: str
    seats: list[CreatedSeat]
    spectate: str


class ActionRequest(Request):
    action: str = Field(max_length=200, examples=["to e8"])
    version: int = Field(ge=0, description="the table's version the action was chosen at")
    type: str | None = Field(default=None, description="'action' over the WebSocket")


class JoinRequest(Request):
    seat: int | None = Field(default=None, ge=0, description="a free seat; none: the first")
    name: str = Field(default="", max_length=200)


class Joined(BaseModel):
    seat: int
    token: str
    join: str


class NameRequest(Request):
    name: str = Field(max_length=200, examples=["Livia"])


class SeatNamed(BaseModel):
    seat: int
    name: str = Field(description="the name the seat now shows")
    account: bool = Field(description="whether the seat is now an account's")


class MyTable(BaseModel):
    """A table where the signed-in account holds a seat."""

    id: str
    game: str
    title: str
    status: str
    seat: int = Field(description="the account's seat (the deciding one, if it is its turn)")
    seats: list[int] = Field(description="every seat the account holds there")
    your_turn: bool
    since_last_move: int = Field(description="seconds since the table last changed")
    players: list[str] = Field(description="the seats' names")
    link: str = Field(description="the table page's path")


class OptionEntry(BaseModel):
    name: str
    type: str
    default: OptionValue
    description: str
    choices: list[str]
    suggested: list[str] = Field(
        default=[],
        description="values a person usually picks for a text option that still takes any "
        "valid text (e.g. Jugula's familiae: dealt, chosen)",
    )
    minimum: int | None
    maximum: int | None


class GameEntry(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: list[OptionEntry]


class Player(BaseModel):
    seat: int
    kind: str
    name: str = Field(description="an account's seat: the account's name")
    claimed: bool
    account: bool = Field(
        default=False, description="held by (or reserved for) an account, not a guest's link"
    )
    rating: int | None = Field(
        default=None,
        description="the displayed rating in this game of the seat's account (or computer "
        "level); null for a guest's seat or one not rated yet",
    )


class Fairness(BaseModel):
    """What anyone may know of a table's seed (docs/security.md, "Secrets")."""

    practice: bool = Field(
        default=False, description="a practice table: its seed was chosen and is public"
    )
    commitment: str | None = Field(
        default=None,
        description="SHA-256 (hex) of '<salt>:<seed>', published when the table was made; "
        "null: the seed was not drawn secretly (a practice table, an uploaded record)",
    )
    seed: int | None = Field(
        default=None,
        description="the seed: once the table is over or abandoned (a practice table's always)",
    )
    salt: str | None = Field(
        default=None, description="the commitment's salt, once the table is over or abandoned"
    )


class Outcome(BaseModel):
    """How a table ended other than by its game's rules: `{"kind": "resigned" | "timeout",
    "seat": s, "at": version}` (seat s resigned, or ran out of time, after `at` actions;
    every other seat wins)."""

    model_config = ConfigDict(extra="allow")
    kind: str
    seat: int | None = None
    at: int | None = None


class Ending(BaseModel):
    """How a table ends other than by its rules, and the clocks that may end it."""

    outcome: Outcome | None = Field(
        default=None, description="how the table ended other than by its rules (a resignation)"
    )
    clock: dict[str, Any] | None = Field(
        default=None, description="the table's time control (docs/web.md, 'Clocks'); null: none"
    )
    time_left: list[float | None] | None = Field(
        default=None,
        description="per seat, seconds left on its clock (the deciding seat's to now); "
        "null: no clock (a computer seat, a table without one)",
    )
    deadline: str | None = Field(
        default=None, description="when the deciding seat's time runs out (ISO 8601)"
    )


class TableSummary(Fairness, Ending):
    id: str
    game: str
    title: str
    players: list[Player]
    free_seats: list[int]
    options: dict[str, Any]
    status: str = Field(
        description="open (a free seat), playing, over, abandoned (no action for too long), "
        "or record (uploaded)"
    )
    version: int
    created: str
    updated: str
    spectate: str
    current: int | None = None
    winners: list[int] | None = None
    hints: bool = False
    rated: bool = False
    failure: str | None = Field(
        default=None, description="why the table stopped (a computer seat failed); null: it did not"
    )


class LegalAction(BaseModel):
    notation: str
    label: str


class SeenEvent(BaseModel):
    at: int = Field(description="the number of the action that produced it")
    kind: str
    rule: str | None = Field(
        None, description="the id of the rule it applied (docs/rules/<game>.md, 'Rule ids')"
    )
    data: dict[str, Any]
    text: str


class FinalGladiator(BaseModel):
    name: str
    state: str = Field(description="how he ended, in words (e.g. 'fell', 'wounded')")


class FinalSeat(BaseModel):
    seat: int
    name: str
    winner: bool
    values: list[int | float | str] = Field(description="one per column of the summary")
    gladiators: list[FinalGladiator] = Field(default_factory=list)


class Final(BaseModel):
    """A finished table's summary for the end panel (web/endings.py)."""

    how: str = Field(description="rules, resigned, timeout, abandoned or record")
    story: str = Field(description="how it ended, in words")
    winners: list[int]
    columns: list[str] = Field(description="what the game counts per seat at the end")
    seats: list[FinalSeat]
    replay: str = Field(description="the replay page's path")
    again: dict[str, Any] | None = Field(
        default=None,
        description="the body of POST /api/tables that makes a table like this one for this "
        "seat ('Play again'); null for a spectator",
    )


class SeatState(Fairness, Ending):
    table: str
    game: str
    version: int = Field(description="actions accepted so far; send it with an action")
    seat: int | None = Field(description="the seat this is for; null: a spectator")
    current: int | None = Field(
        description="the seat that must decide; null: game over or table abandoned"
    )
    status: str = Field(default="playing", description="as in the table's summary")
    view: dict[str, Any] = Field(description="view(seat): all this seat may know")
    legal: list[LegalAction]
    events: list[SeenEvent]
    terminal: bool
    winners: list[int]
    capped: bool
    players: list[Player]
    board: str = Field(description="the SVG board; actions carry data-action")
    failure: str | None = None
    undo: bool = Field(
        default=False,
        description="this seat decides and has a decision undo might take back "
        "(POST /api/tables/{id}/undo; a roll, draw or reveal since is refused then)",
    )
    final: Final | None = Field(
        default=None, description="once the table is finished: its summary (the end panel)"
    )


class HintLine(BaseModel):
    notation: str
    label: str
    visits: int = Field(description="how often the search tried it")
    win: float | None = Field(
        description="its estimated share of the win, 0 to 1; null: not evaluated (see reason)"
    )

    @computed_field(description="why there is no estimate, or only a rough one; null: none")
    def reason(self) -> str | None:
        return reason_for(self.visits, self.win)


class Hints(BaseModel):
    version: int = Field(description="the table's version the hints are for")
    seat: int
    hints: list[HintLine] = Field(
        description="by estimated chance, best first (ties: the more tried first), from the "
        "seat's own view only"
    )


class ReplayLine(BaseModel):
    at: int
    text: str


class ReplayAction(BaseModel):
    seat: int
    notation: str


class ReplayFrame(BaseModel):
    table: str
    game: str
    step: int
    total: int
    action: ReplayAction | None
    current: int | None
    board: str
    log: list[ReplayLine]
    terminal: bool
    winners: list[int]
    players: list[Player]
    outcome: Outcome | None = Field(
        default=None, description="at the last step: how the table ended (a resignation)"
    )
    chat: list[ChatMessage] = Field(
        default_factory=list, description="the chat said up to this step"
    )


class ChatRequest(Request):
    text: str = Field(max_length=2000, description="1 to 500 characters once trimmed")


class ChatMessage(BaseModel):
    """One line of a table's chat: plain text (never HTML), by a seat."""

    id: int = Field(description="ask for the lines after it with ?after=id")
    seat: int | None = Field(description="the seat that said it")
    name: str = Field(description="the seat's name when it was said")
    text: str
    version: int = Field(description="the actions accepted when it was said")
    created: str


class Resigned(BaseModel):
    table: str
    seat: int = Field(description="the seat that resigned")
    outcome: Outcome
    winners: list[int]


class UndoRequest(Request):
    version: int = Field(ge=0, description="the table's version the undo was asked at")


class Undone(BaseModel):
    table: str
    seat: int = Field(description="the seat whose decision was taken back")
    count: int = Field(description="the actions taken back: its own and the computers' after")
    version: int = Field(description="the table's version now")
