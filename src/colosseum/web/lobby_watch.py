"""The lobby that keeps up (docs/web.md, "The lobby"): which tables it leaves out, and the
WebSocket `/ws/lobby` that pushes its list as tables are created, joined, change status, end
or go stale.

The hub tells the lobby of every change it sees (`Hub.lobby_changed`), those of other server
processes included (PostgreSQL's notifications); the watch waits `coalesce_seconds` to fold
the changes of a moment into one, reads the list once, and pushes it to every watcher only if
what the lobby shows differs from what it sent last. It also reads the list every
`recheck_seconds` while anyone watches: tables that went stale leave it, and changes another
process did not announce (a table made or joined there) arrive. Watchers are capped per
process and per address; a watcher's messages are not expected (any closes it 1008). Each
watcher is a `Client` (web/clients.py): a bounded outbox and a writer of its own.

The numbers are chosen in `data/lobby.toml`, checked on load.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import orjson
from fastapi import APIRouter, FastAPI, WebSocket, WebSocketDisconnect
from pydantic import Field
from sqlalchemy.exc import DBAPIError

from ..core.data import DataModel, StatedModel, load_validated
from ..core.errors import ColosseumError
from ..store import TableRow
from .clients import (
    POLICY,
    TRY_LATER,
    Client,
    Refused,
    close,
    read_message,
    serve_until_ended,
)
from .ratelimit import client_address


class Lobby(Protocol):
    """What the watch needs of the server's tables (`service.TableService`)."""

    def lobby(self) -> list[dict[str, Any]]: ...


log = logging.getLogger("colosseum.web")

DATA_FILE = Path(__file__).parent / "data" / "lobby.toml"
LOBBY = "lobby"  # the Client's table id for a lobby watcher
MAX_MESSAGE = 1024  # bytes a watcher's (unexpected) message may hold before it is refused
VOLATILE = ("updated", "version")  # what changes at every action and the lobby does not show


class Hide(DataModel):
    """How long a table may go untouched before the lobby leaves it out."""

    playing_hours: float = Field(gt=0, le=24 * 365)
    open_hours: float = Field(gt=0, le=24 * 365)


class Live(DataModel):
    """The live list: changes folded together, the recheck, the caps on watchers."""

    coalesce_seconds: float = Field(ge=0.05, le=60)
    recheck_seconds: float = Field(ge=1, le=3600)
    watchers: int = Field(ge=1, le=1_000_000)
    per_address: int = Field(ge=1, le=10_000)


class LobbyData(StatedModel):
    """The numbers of `data/lobby.toml`."""

    hide: Hide
    live: Live


@cache
def data(path: Path = DATA_FILE) -> LobbyData:
    """The lobby's numbers (DataError if the file is missing or invalid)."""
    return load_validated(LobbyData, path)


def stale(row: TableRow, now: datetime, hide: Hide | None = None) -> bool:
    """Whether the lobby leaves the table out: playing with no action for `playing_hours`,
    or open (a seat free) and untouched since `open_hours` after it was made or last
    joined. The table is not ended: the abandonment after COLOSSEUM_ABANDON_DAYS does that."""
    hide = hide if hide is not None else data().hide
    hours = hide.open_hours if row.status == "open" else hide.playing_hours
    return _utc(now) - _utc(row.updated) > timedelta(hours=hours)


def _utc(moment: datetime) -> datetime:
    """A time from the store (SQLite keeps them without their zone: UTC) comparable."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def shown(tables: list[dict[str, Any]]) -> bytes:
    """What the lobby shows of its list, to tell whether it changed."""
    return orjson.dumps([{k: v for k, v in t.items() if k not in VOLATILE} for t in tables])


def encode(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


class LobbyWatch:
    """The lobby's watchers in this process, and the task that pushes them its list."""

    def __init__(self, service: Lobby, numbers: Live) -> None:
        self.service = service
        self.numbers = numbers
        self.clients: set[Client] = set()
        self.addresses: Counter[str] = Counter()
        self._due = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last: bytes | None = None  # what was last pushed
        self._cached: tuple[float, list[dict[str, Any]]] | None = None

    def changed(self) -> None:
        """A table changed (the hub calls this): push the list soon, if anyone watches."""
        if self.clients:
            self._due.set()

    async def listing(self) -> list[dict[str, Any]]:
        """The lobby's list, read at most once per `coalesce_seconds` for new watchers."""
        if self._cached is not None:
            read_at, tables = self._cached
            if time.monotonic() - read_at < self.numbers.coalesce_seconds:
                return tables
        tables = await asyncio.to_thread(self.service.lobby)
        self._cached = (time.monotonic(), tables)
        return tables

    async def push(self) -> None:
        """Read the list and send it to every watcher, if what the lobby shows changed."""
        self._cached = None
        try:
            tables = await self.listing()
        except (ColosseumError, DBAPIError) as error:  # the store unavailable: next time
            log.warning("the lobby's list could not be read: %s", error)
            return
        except Exception:  # the live list must go on: the page still polls
            log.exception("the lobby's list failed")
            return
        seen = shown(tables)
        if seen == self._last:
            return
        self._last = seen
        text = encode({"type": "lobby", "tables": tables})
        for client in list(self.clients):
            client.push(text)

    async def _run(self) -> None:
        """While anyone watches: wait for a change (or the recheck), let the changes of a
        moment gather, and push once."""
        numbers = self.numbers
        while self.clients:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._due.wait(), numbers.recheck_seconds)
            await asyncio.sleep(numbers.coalesce_seconds)
            self._due.clear()
            if self.clients:
                await self.push()

    async def serve(self, socket: WebSocket) -> None:
        """Serve one watcher: the list at once, then every change, until it leaves."""
        address = client_address(socket.scope)
        await socket.accept()
        if len(self.clients) >= self.numbers.watchers:
            await close(socket, TRY_LATER, "the lobby has too many watchers: polling instead")
            return
        if self.addresses[address] >= self.numbers.per_address:
            await close(socket, POLICY, "too many lobby connections from your address")
            return
        client = Client(socket, LOBBY, None)
        self.clients.add(client)
        self.addresses[address] += 1
        client.start()
        if self._task is None or self._task.done():
            self._due.clear()
            self._task = asyncio.create_task(self._run())
        try:
            try:
                tables = await self.listing()
            except (ColosseumError, DBAPIError) as error:
                log.warning("the lobby's list could not be read: %s", error)
                tables = []
            client.push(encode({"type": "lobby", "tables": tables}))
            await self._until_ended(client)
        finally:
            self.clients.discard(client)
            self.addresses[address] -= 1
            if self.addresses[address] <= 0:
                del self.addresses[address]
            client.stop()
        await client.close()

    async def _until_ended(self, client: Client) -> None:
        await serve_until_ended(client, _refuse_messages(client.socket))


async def _refuse_messages(socket: WebSocket) -> None:
    """Wait for the watcher to leave; a message from it is refused (1008, or the code of a
    frame that is not even a message)."""
    try:
        await read_message(socket, MAX_MESSAGE)
    except (WebSocketDisconnect, RuntimeError):  # it left
        return
    raise Refused(POLICY, "the lobby channel takes no messages")


def watch_of(app: FastAPI) -> LobbyWatch:
    """The app's lobby watch, made at its first watcher and told of the hub's changes."""
    found: LobbyWatch | None = getattr(app.state, "lobby_watch", None)
    if found is None:
        hub = app.state.hub
        found = LobbyWatch(hub.service, data().live)
        app.state.lobby_watch = found
        hub.lobby_changed = found.changed
    return found


lobby_sockets = APIRouter(tags=["live"])


@lobby_sockets.websocket("/ws/lobby")
async def lobby_socket(socket: WebSocket) -> None:
    """The lobby's list, pushed: `{"type": "lobby", "tables": [...]}` (as GET /api/tables
    lists them) at once and whenever what it shows changes. The client sends nothing (a
    message closes it 1008). Over the cap of watchers per process the socket closes 1013,
    over the cap per address 1008: the page then polls GET /api/tables."""
    await watch_of(socket.app).serve(socket)
