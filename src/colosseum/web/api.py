"""The HTTP and WebSocket API (docs/web.md): one router for the lobby, one for a table,
one WebSocket route. Handlers parse, call the table service through the hub, and answer."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, WebSocket
from fastapi.responses import JSONResponse

from ..store import AccountRow
from . import chat, records, resign, seat_changes, undo
from .boards import action_label
from .budgets import HINT_RETRY
from .errors import BadRequest, BadToken, RateLimited
from .hub import Hub
from .models import (
    ActionRequest,
    ChatMessage,
    ChatRequest,
    CreatedSeat,
    CreatedTable,
    CreateTable,
    GameEntry,
    HintLine,
    Hints,
    Joined,
    JoinRequest,
    MyTable,
    NameRequest,
    Outcome,
    ReplayFrame,
    Resigned,
    SeatNamed,
    SeatSpec,
    SeatState,
    TableSummary,
    Undone,
    UndoRequest,
)
from .ratelimit import Limiter
from .scheduler import KeyBusy, LaneClosed, QueueFull, TooSlow
from .service import TableService
from .signin import AccountDep, SignedInDep
from .watch import watch

MAX_MESSAGE = 16 * 1024  # bytes of a request body or a WebSocket message
MAX_RECORD = 2 * 1024 * 1024  # bytes of an uploaded record

lobby = APIRouter(prefix="/api", tags=["lobby"])
tables = APIRouter(prefix="/api/tables/{table_id}", tags=["tables"])
sockets = APIRouter(tags=["live"])


def hub(request: Request) -> Hub:
    found: Hub = request.app.state.hub
    return found


def service(request: Request) -> TableService:
    found: TableService = request.app.state.hub.service
    return found


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token of `Authorization: Bearer <token>`; None for a spectator."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadToken("the Authorization header must be 'Bearer <seat token>'")
    return token.strip()


HubDep = Annotated[Hub, Depends(hub)]
ServiceDep = Annotated[TableService, Depends(service)]
TokenDep = Annotated[str | None, Depends(bearer)]
# Which of its seats a signed-in account means, when it holds several of one table.
SeatQuery = Annotated[
    int | None, Query(ge=0, le=7, description="the account's seat, when it holds several")
]


# --- the lobby ------------------------------------------------------------------------------


@lobby.get("/games", response_model=list[GameEntry])
def list_games(tables: ServiceDep) -> list[dict[str, Any]]:
    """Every game, with the options a table may set."""
    return tables.catalogue()


@lobby.post("/tables", response_model=CreatedTable, status_code=201)
async def create_table(request: CreateTable, hub: HubDep, account: AccountDep) -> CreatedTable:
    """A new table; each guest's seat gets its own secret token and join link; signed in,
    `{"kind": "me"}` is your account's seat and `{"kind": "account", "name": ...}` one
    reserved for that account (no token: they open signed in)."""
    players = [p.model_dump() if isinstance(p, SeatSpec) else p for p in request.players]
    row, tokens = await asyncio.to_thread(
        hub.service.create,
        request.game,
        players,
        request.options,
        request.seed,
        request.names,
        request.private,
        request.hints,
        request.practice,
        account,
        None if request.clock is None else request.clock.model_dump(),
        request.rated,
    )
    live = await asyncio.to_thread(hub.service.table, row.id)
    hub.lobby_changed()
    hub.wake(live)
    await hub.turn_comes(live, actor=None if account is None else account.id)
    seats = [
        CreatedSeat(
            seat=s.seat,
            kind=s.kind,
            name=s.name,
            token=tokens.get(s.seat),
            join=join_path(row.id, tokens[s.seat]) if s.seat in tokens else None,
            account=s.account is not None,
        )
        for s in row.seats
    ]
    return CreatedTable(id=row.id, game=row.game, seats=seats, spectate=f"/tables/{row.id}")


@lobby.get("/tables", response_model=list[TableSummary])
def open_tables(tables: ServiceDep) -> list[dict[str, Any]]:
    """Public tables not over, those with a free seat first."""
    return tables.lobby()


@lobby.get("/me/tables", response_model=list[MyTable])
def my_tables(tables: ServiceDep, account: SignedInDep) -> list[dict[str, Any]]:
    """Every table where your account holds a seat (at most 200): those where it is your
    turn first, then the others not finished, then the finished ones, each group the most
    recently active first."""
    return tables.my_tables(account)


@lobby.post("/records", response_model=TableSummary, status_code=201)
async def upload_record(request: Request, tables: ServiceDep) -> dict[str, Any]:
    """A record (the JSON `colosseum replay` reads) to replay at `/tables/{id}/replay`."""
    body = await request.body()
    try:
        record = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise BadRequest(f"the record is not JSON: {error}") from None
    row = await asyncio.to_thread(records.upload, tables.store, record)
    return await asyncio.to_thread(tables.summary, row.id)


# --- one table ------------------------------------------------------------------------------


@tables.get("", response_model=TableSummary)
def table_summary(table_id: str, tables: ServiceDep) -> dict[str, Any]:
    """What anyone may know of the table: game, players, status, whose turn."""
    return tables.summary(table_id)


@tables.get("/state", response_model=SeatState)
def table_state(
    table_id: str,
    tables: ServiceDep,
    token: TokenDep,
    account: AccountDep,
    seat: SeatQuery = None,
    since: int = 0,
    board: bool = True,
) -> Any:
    """The table as the token's seat sees it, else as the signed-in account's seat (`seat`
    when it holds several), else as a spectator; `since` leaves out the events of the first
    `since` actions; `board=false` leaves out the SVG."""
    holder = _holder(token, account)
    return tables.state(table_id, token, max(0, since), board, holder, seat)


@tables.post("/actions", response_model=SeatState)
async def table_action(
    table_id: str,
    request: ActionRequest,
    hub: HubDep,
    token: TokenDep,
    account: AccountDep,
    seat: SeatQuery = None,
    board: bool = True,
) -> Any:
    """Play an action (its notation) for the token's seat, else for the signed-in account's
    seat (`seat` when it holds several), at the version the client saw; the answer is that
    seat's new state (`board=false`: without the SVG)."""
    holder = _holder(token, account)
    acting = await asyncio.to_thread(_seat, hub.service, table_id, token, holder, seat)
    return await hub.act(
        table_id, acting, request.action, request.version, board, token=token, account=holder
    )


@tables.get("/hint", response_model=Hints)
async def table_hint(
    table_id: str,
    request: Request,
    hub: HubDep,
    token: TokenDep,
    account: AccountDep,
    seat: SeatQuery = None,
) -> Hints:
    """What the `normal` search thinks of the deciding seat's options: the top three legal
    actions with their estimated chances, from that seat's own view only. Only at tables
    created with `hints: true`. Hints are worked out apart from computer players, one at a
    time per seat, a few at once for the whole server, and within the rate limit per seat:
    429 with Retry-After when the seat or the server must wait."""
    live, deciding, version = await asyncio.to_thread(
        hub.service.hint_request, table_id, token, _holder(token, account), seat
    )
    key = f"{table_id}:{deciding}"
    limiter: Limiter = request.app.state.limiter
    wait = limiter.hit("hint", key)
    if wait is not None:
        raise RateLimited(f"seat {deciding} of this table asked for too many hints", wait)
    with live.lock:
        state = live.state.clone()
        view = state.view(deciding)
    try:
        found = await hub.bots.hint(key, state, deciding, live.row.seed, version)
    except KeyBusy:
        raise RateLimited("a hint for this seat is being worked out: wait for it", 1) from None
    except (QueueFull, TooSlow, LaneClosed):
        raise RateLimited("the server is busy with other hints", HINT_RETRY) from None
    lines = [
        HintLine(
            notation=h.notation,
            label=action_label(live.game_id, h.notation, view),
            visits=h.visits,
            win=h.win,
        )
        for h in found
    ]
    return Hints(version=version, seat=deciding, hints=lines)


@tables.post("/join", response_model=Joined)
async def join_table(
    table_id: str, request: JoinRequest, hub: HubDep, account: AccountDep
) -> Joined:
    """Sit in a free human seat from the lobby: a new token for it; signed in, the seat is
    your account's (and named by it)."""
    seat, token = await asyncio.to_thread(
        hub.service.join, table_id, request.seat, request.name, account
    )
    live = await asyncio.to_thread(hub.service.table, table_id)
    await hub.publish(live, seats_changed=True)
    return Joined(seat=seat, token=token, join=join_path(table_id, token))


@tables.post("/seats/{seat}/name", response_model=SeatNamed)
async def name_seat(
    table_id: str, seat: int, request: NameRequest, hub: HubDep, token: TokenDep
) -> SeatNamed:
    """A guest names his seat, with its token (an account's seat is named by its
    account)."""
    name = await asyncio.to_thread(
        seat_changes.rename, hub.service, table_id, seat, token, request.name
    )
    await _seats_changed(hub, table_id)
    return SeatNamed(seat=seat, name=name, account=False)


@tables.post("/seats/{seat}/keep", response_model=SeatNamed)
async def keep_seat(
    table_id: str, seat: int, hub: HubDep, token: TokenDep, account: SignedInDep
) -> SeatNamed:
    """A guest who signed in keeps his seat for his account: with the seat's token and the
    sign-in cookie, the seat becomes the account's (named by it) and opens from any browser
    signed in as it."""
    name = await asyncio.to_thread(seat_changes.keep, hub.service, table_id, seat, token, account)
    await _seats_changed(hub, table_id)
    return SeatNamed(seat=seat, name=name, account=True)


async def _seats_changed(hub: Hub, table_id: str) -> None:
    live = await asyncio.to_thread(hub.service.table, table_id)
    await hub.publish(live, seats_changed=True)


@tables.post("/resign", response_model=Resigned)
async def resign_table(
    table_id: str, hub: HubDep, token: TokenDep, account: AccountDep, seat: SeatQuery = None
) -> Resigned:
    """Resign for the token's seat, else for the signed-in account's seat (`seat` when it
    holds several): the table ends, that seat last and every other seat winning; its seed,
    record and replay open as for any finished table."""
    holder = _holder(token, account)
    live, resigned = await asyncio.to_thread(
        resign.resign, hub.service, table_id, token, holder, seat
    )
    await hub.resigned(live, resigned)
    outcome = Outcome.model_validate(live.row.outcome or {"kind": "resigned"})
    return Resigned(table=table_id, seat=resigned, outcome=outcome, winners=live.winners())


@tables.post("/undo", response_model=Undone)
async def undo_decision(
    table_id: str,
    request: UndoRequest,
    hub: HubDep,
    token: TokenDep,
    account: AccountDep,
    seat: SeatQuery = None,
) -> Undone:
    """Take back the deciding seat's last decision and the computers' decisions after it
    (docs/web.md, "Undo"): never another person's decision, a die roll, a draw or a reveal
    (409 says which); `version` is the table's version the request saw."""
    holder = _holder(token, account)
    live, undoer, count = await asyncio.to_thread(
        undo.undo, hub.service, table_id, request.version, token, holder, seat
    )
    await hub.undone(live, undoer, count)
    return Undone(table=table_id, seat=undoer, count=count, version=live.version)


@tables.post("/chat", response_model=ChatMessage, status_code=201)
async def say_in_chat(
    table_id: str,
    request: ChatRequest,
    http: Request,
    hub: HubDep,
    token: TokenDep,
    account: AccountDep,
    seat: SeatQuery = None,
) -> dict[str, Any]:
    """Write a line in the table's chat for the token's seat, else for the signed-in
    account's seat: plain text, 1 to 500 characters once trimmed, no control characters;
    within the "chat" rate limit per seat (429 with Retry-After)."""
    speaker = await asyncio.to_thread(
        chat.speaker, hub.service, table_id, token, _holder(token, account), seat
    )
    chat.check_text(request.text)  # a line refused is not counted against the limit
    limiter: Limiter = http.app.state.limiter
    wait = limiter.hit("chat", f"{table_id}:{speaker}")
    if wait is not None:
        raise RateLimited(f"seat {speaker} of this table wrote too many chat lines", wait)
    line = await asyncio.to_thread(chat.say, hub.service, table_id, speaker, request.text)
    await hub.said(table_id, line)
    return line


@tables.get("/chat", response_model=list[ChatMessage])
def read_chat(
    table_id: str, tables: ServiceDep, after: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """The table's chat after line `after` (ids), oldest first, at most 200 lines: anyone
    who may watch the table reads it."""
    return chat.lines(tables, table_id, after)


@tables.get("/record")
def table_record(table_id: str, tables: ServiceDep) -> JSONResponse:
    """The game's record, once it is over (it holds every seat's secrets), with how it
    ended if a seat resigned (`outcome`) and its chat (`chat`)."""
    record = chat.record_with_history(tables, table_id, records.record(tables, table_id))
    headers = {"Content-Disposition": f'attachment; filename="{table_id}.json"'}
    return JSONResponse(record, headers=headers)


@tables.get("/replay/{step}", response_model=ReplayFrame)
def table_replay(table_id: str, step: int, tables: ServiceDep) -> Any:
    """The finished game after `step` actions, every hidden thing shown, with the chat said
    up to then (and at the last step how the table ended)."""
    return chat.with_history(tables, table_id, records.replay_frame(tables, table_id, step))


def _seat(
    tables: TableService,
    table_id: str,
    token: str | None,
    account: int | None = None,
    wanted: int | None = None,
) -> int | None:
    return tables.seat_of(tables.table(table_id), token, account, wanted)


def _holder(token: str | None, account: AccountRow | None) -> int | None:
    """The account a request acts for: its sign-in's, unless it presents a seat's token
    (which alone then decides)."""
    return account.id if token is None and account is not None else None


def join_path(table_id: str, token: str) -> str:
    """The table page as a seat: the token in the fragment, which browsers never send."""
    return f"/tables/{table_id}#token={token}"


# --- the WebSocket ----------------------------------------------------------------------------


@sockets.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    """First message `{"type": "hello", "token": ..., "version": n}`; then the server pushes
    `{"type": "state", ...}` after every action, `{"type": "thinking", "seat": s}` and
    `{"type": "failed", "reason": ...}`; the client may send `{"type": "action", "action":
    ..., "version": n}`. A refused hello closes with 4400; a frame that is no JSON object,
    too many messages, or a client too slow to take its updates close with 1003, 1007,
    1008, 1009 or 1013 and a reason (web/watch.py)."""
    await watch(socket.app.state.hub, socket, table_id, MAX_MESSAGE)
