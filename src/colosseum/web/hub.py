"""Live updates: the WebSocket connections of each table, the push of each seat's own state
after every action, computer seats set to think, and (on PostgreSQL) the LISTEN/NOTIFY
channel through which server processes tell each other that a table changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket

from .bots import BotPool
from .errors import StaleVersion, TableError
from .live import LiveTable
from .service import TableService

log = logging.getLogger("colosseum.web")


@dataclass(eq=False, slots=True)
class Client:
    """One open WebSocket: the table it watches, the seat its token stands for, and the
    version of the table it was last sent."""

    socket: WebSocket
    table_id: str
    seat: int | None
    version: int = 0
    sent: bool = False  # whether it was sent the state at `version` already
    board: bool = True  # a scripted client may do without the SVG
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """The clients of every table this process serves, and its computer seats."""

    def __init__(self, service: TableService, bots: BotPool) -> None:
        self.service = service
        self.bots = bots
        self.clients: dict[str, set[Client]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def attach(self, client: Client) -> None:
        self.clients.setdefault(client.table_id, set()).add(client)

    def detach(self, client: Client) -> None:
        watchers = self.clients.get(client.table_id)
        if watchers is not None:
            watchers.discard(client)
            if not watchers:
                del self.clients[client.table_id]

    async def act(
        self,
        table_id: str,
        seat: int | None,
        notation: str,
        version: int,
        board: bool = True,
        reply: bool = True,
        token: str | None = None,
    ) -> dict[str, Any] | None:
        """Play for a seat with the `token` the request presented (checked by the store in
        the append's transaction), push every client its update, and wake a computer seat
        whose turn it now is; the acting seat's new state is returned when `reply` (an HTTP
        answer; a WebSocket client gets the push). The action and every state it leads to
        are made in one trip to a worker thread."""
        watchers = list(self.clients.get(table_id, ()))

        def work() -> tuple[LiveTable, dict[str, Any] | None, list[dict[str, Any]]]:
            live = self.service.act(table_id, seat, notation, version, token=token)
            answer = seat_payload(live, seat, version, board) if reply else None
            pushes = [seat_payload(live, c.seat, c.version, c.board) for c in watchers]
            return live, answer, pushes

        live, answer, pushes = await asyncio.to_thread(work)
        for client, payload in zip(watchers, pushes, strict=True):
            await self.send(client, {"type": "state", **payload})
        await self.publish(live)  # clients that connected meanwhile
        self.wake(live)
        return answer

    async def changed(self, live: LiveTable, seats_changed: bool = False) -> None:
        """Send each client of the table what it has not seen, then wake its computer seat."""
        await self.publish(live, seats_changed)
        self.wake(live)

    async def publish(self, live: LiveTable, seats_changed: bool = False) -> None:
        watchers = list(self.clients.get(live.row.id, ()))
        due = [c for c in watchers if seats_changed or c.version < live.version]
        if not due:
            return
        payloads = await asyncio.to_thread(
            lambda: [seat_payload(live, c.seat, c.version, c.board) for c in due]
        )
        for client, payload in zip(due, payloads, strict=True):
            await self.send(client, {"type": "state", **payload}, again=seats_changed)

    async def send(self, client: Client, message: dict[str, Any], again: bool = False) -> None:
        """Send a message; a state older than the client's, or the one it has (unless
        `again`: the seats changed), is dropped, so a seat is asked each decision once."""
        async with client.lock:
            if message.get("type") == "state":
                version = message["version"]
                if version < client.version or (
                    version == client.version and client.sent and not again
                ):
                    return
                client.version, client.sent = version, True
            with contextlib.suppress(Exception):  # a client gone; its handler detaches it
                await client.socket.send_text(encode(message))

    async def broadcast(self, table_id: str, message: dict[str, Any]) -> None:
        for client in list(self.clients.get(table_id, ())):
            await self.send(client, message)

    # --- computer seats ----------------------------------------------------------------------

    def wake(self, live: LiveTable) -> None:
        """If a computer seat must decide and is not already thinking, let it think."""
        seat = live.state.current_player
        if seat is None or live.row.status == "record":
            return
        kind = live.seat_row(seat).kind
        if kind in ("human", "record") or live.row.id in self.bots.thinking:
            return
        self.bots.thinking[live.row.id] = seat
        task = asyncio.create_task(self._think(live, seat, kind))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, live: LiveTable, seat: int, spec: str) -> None:
        table_id = live.row.id
        try:
            await self.broadcast(table_id, {"type": "thinking", "seat": seat})
            with live.lock:
                state, version = live.state.clone(), live.version
            notation = await self.bots.decide(state, seat, spec, live.row.seed, version)
            try:
                live = await asyncio.to_thread(self.service.act, table_id, seat, notation, version)
            except StaleVersion:
                return  # another server process played this decision first
        except Exception:  # a computer seat must never bring the server down
            log.exception("computer seat %s of table %s failed", seat, table_id)
            return
        finally:
            self.bots.thinking.pop(table_id, None)
        await self.changed(live)

    async def wake_all(self) -> None:
        """After a start: reload every unfinished table and wake its computer seats."""
        for live in await asyncio.to_thread(self.service.unfinished):
            self.wake(live)

    # --- other server processes --------------------------------------------------------------

    async def listen(self, url: str, channel: str) -> None:
        """Follow PostgreSQL's NOTIFY on `channel` ('<table id> <length>') and update this
        process's clients of each changed table; reconnects when the server goes away."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {channel}")
                    async for note in conn.notifies():
                        await self._notified(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("LISTEN connection lost (%s); retrying", error)
                await asyncio.sleep(1.0)

    async def _notified(self, payload: str) -> None:
        table_id, _, length = payload.partition(" ")
        if table_id not in self.clients or self.service.knows(table_id, int(length)):
            return  # no client here, or this process made the change itself
        try:
            live = await asyncio.to_thread(self.service.refresh, table_id)
        except TableError:
            return
        if live is not None:
            await self.publish(live, seats_changed=length == "-1")


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: the standard encoder took most of a push's time)."""
    return orjson.dumps(message).decode()


def seat_payload(
    live: LiveTable, seat: int | None, since: int, board: bool = True
) -> dict[str, Any]:
    with live.lock:
        return live.payload(seat, since, board)
