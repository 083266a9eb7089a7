"""Quick match (docs/web.md, "Quick match"): "play now" queues an account for a game and a
player count, matched by rating.

`POST /api/quickmatch` joins (a second join for the same game answers the waiting entry),
`GET /api/quickmatch` lists the account's entries with their state, `DELETE
/api/quickmatch/{id}` leaves, `POST /api/quickmatch/{id}/computer` accepts the computer player
offered after `COLOSSEUM_MATCH_WAIT` seconds. The matcher (web/matching.py) runs on each join
and from the server's upkeep (`match_now`).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ..core.errors import ColosseumError
from ..core.registry import game_definition
from ..store import AccountRow
from ..store.match_queue import MatchQueue, QueueEntry
from .errors import BadRequest, NotAvailable, RateLimited, TableNotFound
from .hub import Hub
from .matching import accept_computer, computer_offer, displayed, match_pending, window
from .settings import MATCH_WAIT
from .signin import SignedInDep

log = logging.getLogger("colosseum.web")

quickmatch = APIRouter(prefix="/api", tags=["quick match"])

MAX_PLAYERS = 5  # the most seats of any game (a game's own maximum is checked too)


class JoinMatch(BaseModel):
    """What "play now" asks for."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=60, examples=["jugula"])
    players: int = Field(ge=2, le=MAX_PLAYERS, examples=[2])
    pace: Literal["live", "days"] = Field(
        default="live", description="live: a game played at once; days: a move a day or so"
    )


class ComputerOffer(BaseModel):
    level: str = Field(description="the computer level offered", examples=["normal"])
    rating: int = Field(description="its displayed rating in this game")


class MatchEntry(BaseModel):
    """An account's place in the quick-match queue."""

    id: int
    game: str
    players: int
    pace: str
    status: Literal["waiting", "matched"]
    joined: str
    waited: float = Field(description="seconds waited so far (until matched)")
    rating: int = Field(description="your displayed rating in this game")
    window: int = Field(description="rating points either side of yours matched now")
    table: str | None = Field(default=None, description="the table's id once matched")
    computer: ComputerOffer | None = Field(
        default=None, description="after the wait: a computer player of your level"
    )


def _hub(request: Request) -> Hub:
    found: Hub = request.app.state.hub
    return found


HubDep = Annotated[Hub, Depends(_hub)]


def _wait(request: Request) -> float:
    settings = getattr(request.app.state, "settings", None)
    return MATCH_WAIT if settings is None else float(settings.match_wait)


def _limit(request: Request, account: AccountRow) -> None:
    """New tables per account: quick match counts in the "create" area."""
    limiter = getattr(request.app.state, "limiter", None)
    if limiter is None:
        return
    wait = limiter.hit("create", f"account:{account.id}")
    if wait is not None:
        raise RateLimited("too many new tables for your account", wait)


def _check_game(body: JoinMatch) -> str:
    try:
        info = game_definition(body.game).info
    except ColosseumError:
        raise BadRequest(f"game: no game {body.game!r}") from None
    if not info.min_players <= body.players <= info.max_players:
        raise BadRequest(
            f"players: {info.title} is played by {info.min_players} to {info.max_players}"
        )
    return info.id


def describe(
    hub: Hub, entries: list[QueueEntry], now: datetime, wait: float
) -> list[dict[str, Any]]:
    """The entries as the API shows them (one rating query for all)."""
    store = hub.service.store
    queue = MatchQueue(store.engine)
    ratings = displayed(queue, ((e.account, e.game) for e in entries))
    shown = []
    for entry in entries:
        waited = max(0.0, (now - entry.joined).total_seconds())
        own = ratings[(entry.account, entry.game)]
        offer = None
        if entry.waiting and waited >= wait:
            found = computer_offer(store, entry, own)
            offer = {"level": found.level, "rating": found.rating}
        shown.append(
            {
                "id": entry.id,
                "game": entry.game,
                "players": entry.players,
                "pace": entry.pace,
                "status": "waiting" if entry.waiting else "matched",
                "joined": entry.joined.isoformat(),
                "waited": round(waited, 1),
                "rating": own,
                "window": window(entry, now),
                "table": entry.table_id,
                "computer": offer,
            }
        )
    return shown


async def match_now(hub: Hub) -> list[str]:
    """Seat every group that matches now, and start the new tables (a computer that
    decides first thinks; the accounts whose turn it is are told); their ids. The server's
    upkeep calls it every so often; a join calls it at once."""
    service = hub.service
    try:
        made = await asyncio.to_thread(match_pending, service.store, service, service.now())
    except ColosseumError as error:  # the store unavailable for a moment: next time
        log.warning("quick match failed: %s", error)
        return []
    for table_id in made:
        await _start(hub, table_id)
    return made


async def _start(hub: Hub, table_id: str) -> None:
    live = await asyncio.to_thread(hub.service.table, table_id)
    hub.wake(live)
    await hub.turn_comes(live, actor=None)


@quickmatch.post("/quickmatch", response_model=MatchEntry, status_code=201)
async def join(
    body: JoinMatch, request: Request, response: Response, hub: HubDep, account: SignedInDep
) -> dict[str, Any]:
    """Wait for a rated game of `game` with `players` seats at this `pace`; an account
    already waiting for this game gets its entry back (200)."""
    game = _check_game(body)
    _limit(request, account)
    service = hub.service
    queue = MatchQueue(service.store.engine)
    entry, new = await asyncio.to_thread(
        queue.join, account.id, game, body.players, body.pace, service.now()
    )
    if new:
        await match_now(hub)
        after = await asyncio.to_thread(queue.get, entry.id)
        entry = after if after is not None else entry
    else:
        response.status_code = 200
    now = service.now()
    return (await asyncio.to_thread(describe, hub, [entry], now, _wait(request)))[0]


@quickmatch.get("/quickmatch", response_model=list[MatchEntry])
def entries(request: Request, hub: HubDep, account: SignedInDep) -> list[dict[str, Any]]:
    """Your waiting entries, and those matched in the last hour (with their table)."""
    now = hub.service.now()
    found = MatchQueue(hub.service.store.engine).of_account(account.id, now)
    return describe(hub, found, now, _wait(request))


@quickmatch.delete("/quickmatch/{entry}", status_code=204)
def leave(entry: int, hub: HubDep, account: SignedInDep) -> Response:
    """Leave the queue (an entry already matched stays matched: 403)."""
    queue = MatchQueue(hub.service.store.engine)
    found = queue.get(entry)
    if found is None or found.account != account.id:
        raise TableNotFound(f"you have no quick match {entry}")
    if found.table_id is not None:
        raise NotAvailable(f"quick match {entry} is matched already: table {found.table_id}")
    if not queue.leave(entry, account.id):
        raise TableNotFound(f"quick match {entry} no longer waits: you left it")
    return Response(status_code=204)


@quickmatch.post("/quickmatch/{entry}/computer", response_model=MatchEntry)
async def play_computer(
    entry: int, request: Request, hub: HubDep, account: SignedInDep
) -> dict[str, Any]:
    """Accept the computer player offered after the wait: a rated table against it."""
    service = hub.service
    queue = MatchQueue(service.store.engine)
    found = await asyncio.to_thread(queue.get, entry)
    if found is None or found.account != account.id:
        raise TableNotFound(f"you have no quick match {entry}")
    if not found.waiting:
        raise NotAvailable(f"quick match {entry} no longer waits (matched or left)")
    now = service.now()
    shown = (await asyncio.to_thread(describe, hub, [found], now, _wait(request)))[0]
    if shown["computer"] is None:
        raise NotAvailable("a computer player is offered only after the wait: keep waiting")
    _limit(request, account)
    level = shown["computer"]["level"]
    table_id = await asyncio.to_thread(
        accept_computer, service.store, service, found, account, level, now
    )
    await _start(hub, table_id)
    matched = await asyncio.to_thread(queue.get, entry)
    assert matched is not None
    return (await asyncio.to_thread(describe, hub, [matched], service.now(), _wait(request)))[0]
