"""Live updates: the WebSocket connections of each table, the push of each seat's own state
after every action, computer seats set to think, and (on PostgreSQL) the LISTEN/NOTIFY
channel through which server processes tell each other that a table changed.

A push only puts a message in each client's outbox (web/clients.py): no action, answer or
other client waits for a client's network. Computer seats decide in the worker pool's lane
(web/bots.py); one that fails or runs past its time bound marks its table failed
(`TableService.mark_failed`), which its clients are told, and which start-up does not wake
again. At start-up the tables that wait for a computer seat are loaded in the background
(`wake_all`), so the server answers at once however many tables there are.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import orjson
from sqlalchemy.exc import DBAPIError

from ..core.errors import ColosseumError
from ..core.registry import game_definition
from ..ratings.tables import rate_table
from .bots import BotPool
from .clients import Client
from .clocks import TimedOut
from .errors import StaleVersion, TableError, Unreplayable
from .live import LiveTable
from .scheduler import KeyBusy, LaneClosed, TooSlow
from .service import TableService

log = logging.getLogger("colosseum.web")

WAKE_AHEAD = 64  # tables woken at start-up that may wait for the lane at once

__all__ = ["Client", "Hub", "encode", "seat_payload"]


class Hub:
    """The clients of every table this process serves, and its computer seats."""

    def __init__(self, service: TableService, bots: BotPool) -> None:
        self.service = service
        self.bots = bots
        self.clients: dict[str, set[Client]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._room = asyncio.Event()  # set when a computer seat is done thinking
        self.lobby_changed: Callable[[], None] = _unwatched  # web/lobby_watch.py sets it

    def attach(self, client: Client) -> None:
        """Watch the table for `client` and start its writer."""
        self.clients.setdefault(client.table_id, set()).add(client)
        client.start()

    def detach(self, client: Client) -> None:
        """Stop watching for `client` and stop its writer."""
        client.stop()
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
        account: int | None = None,
    ) -> dict[str, Any] | None:
        """Play for a seat with the `token` the request presented, or for the signed-in
        `account` that holds the seat (checked by the store in the append's transaction),
        push every client its update, wake a computer seat whose turn it now is, and tell
        the account whose turn it is if it is not here (`turn_comes`); the acting seat's new
        state is returned when `reply` (an HTTP answer; a WebSocket client gets the push).
        The action and every state it leads to are made in one trip to a worker thread."""
        watchers = list(self.clients.get(table_id, ()))

        def work() -> tuple[LiveTable, dict[str, Any] | None, list[dict[str, Any]]]:
            live = self.service.act(table_id, seat, notation, version, token=token, account=account)
            answer = seat_payload(live, seat, version, board) if reply else None
            pushes = [seat_payload(live, c.seat, c.version, c.board) for c in watchers]
            return live, answer, pushes

        try:
            live, answer, pushes = await asyncio.to_thread(work)
        except TimedOut:  # the table ended as the action came: its clients are told at once
            await self.timed_out(table_id)
            raise
        for client, payload in zip(watchers, pushes, strict=True):
            self.send(client, {"type": "state", **payload})
        await self.publish(live)  # clients that connected meanwhile
        self.wake(live)
        await self.turn_comes(live, acted=seat)
        return answer

    async def changed(self, live: LiveTable, seats_changed: bool = False) -> None:
        """Send each client of the table what it has not seen, then wake its computer seat."""
        await self.publish(live, seats_changed)
        self.wake(live)

    async def timed_out(self, table_id: str) -> None:
        """Tell the clients of a table a clock ended who ran out of time, then their states."""
        if table_id not in self.clients:
            return
        live = await asyncio.to_thread(self.service.refresh, table_id)
        if live is None:
            return
        seat = (live.row.outcome or {}).get("seat")
        if isinstance(seat, int):
            name = live.seat_row(seat).name
            await self.broadcast(table_id, {"type": "timeout", "seat": seat, "name": name})
        await self.publish(live, seats_changed=True)

    async def publish(self, live: LiveTable, seats_changed: bool = False) -> None:
        """Send each client of the table the state it has not seen. A client that saw more
        of the log than there is now (an undo took actions back) is told first
        (`{"type": "rewound", "version"}`: forget the log after it) and sent its state
        with every event again."""
        self.lobby_changed()
        if live.row.rated and live.row.rated_at is None and live.finished:
            await self.rate(live)
        watchers = list(self.clients.get(live.row.id, ()))
        rewound = [c for c in watchers if c.version > live.version]
        for client in rewound:
            client.push(encode({"type": "rewound", "version": live.version}))
            client.version, client.sent = 0, False
        due = [c for c in watchers if seats_changed or c.version < live.version or c in rewound]
        if not due:
            return
        payloads = await asyncio.to_thread(
            lambda: [seat_payload(live, c.seat, c.version, c.board) for c in due]
        )
        for client, payload in zip(due, payloads, strict=True):
            self.send(client, {"type": "state", **payload}, again=seats_changed)

    async def rate(self, live: LiveTable) -> None:
        """A rated table just ended: its accounts' ratings move now (docs/web.md, "Ratings";
        once, whichever process gets there first; the upkeep rates any left behind)."""

        def work() -> None:
            rate_table(self.service.store, live.row.id, self.service.now())
            self.service.refresh_row(live)

        try:
            await asyncio.to_thread(work)
        except (ColosseumError, DBAPIError) as error:  # the store unavailable: the upkeep retries
            log.warning("table %s not rated yet: %s", live.row.id, error)

    def send(self, client: Client, message: dict[str, Any], again: bool = False) -> None:
        """Put a message in the client's outbox (never waiting for it); a state older than
        the client's, or the one it has (unless `again`: the seats changed), is dropped, so
        a seat is asked each decision once."""
        if message.get("type") == "state":
            version = message["version"]
            if version < client.version or (
                version == client.version and client.sent and not again
            ):
                return
            client.version, client.sent = version, True
        client.push(encode(message))

    async def broadcast(self, table_id: str, message: dict[str, Any]) -> None:
        text = encode(message)
        for client in list(self.clients.get(table_id, ())):
            client.push(text)

    async def resigned(self, live: LiveTable, seat: int) -> None:
        """Tell the table's clients that `seat` resigned (`{"type": "resigned", "seat",
        "name"}`), then send each its state again (the table is over, its seed shown)."""
        name = live.seat_row(seat).name
        await self.broadcast(live.row.id, {"type": "resigned", "seat": seat, "name": name})
        await self.publish(live, seats_changed=True)

    async def undone(self, live: LiveTable, seat: int, count: int) -> None:
        """Tell the table's clients that `seat` took back its last `count` actions
        (`{"type": "undone", "seat", "name", "count", "version"}`), then send each its
        state (publish's "rewound"), and let a computer seat decide if it must."""
        name = live.seat_row(seat).name
        message = {"type": "undone", "seat": seat, "name": name, "count": count}
        await self.broadcast(live.row.id, {**message, "version": live.version})
        await self.publish(live)
        self.wake(live)

    async def said(self, table_id: str, message: dict[str, Any]) -> None:
        """Push a line of the table's chat to its clients (`{"type": "chat", ...}`)."""
        await self.broadcast(table_id, {"type": "chat", **message})

    # --- whose turn ---------------------------------------------------------------------------

    def connected(self, table_id: str, seats: set[int]) -> bool:
        """Whether a WebSocket client of this process watches the table as one of `seats`
        (its hello proved the seat, by its token or its account's sign-in)."""
        return any(c.seat in seats for c in self.clients.get(table_id, ()))

    async def turn_comes(
        self, live: LiveTable, acted: int | None = None, actor: int | None = None
    ) -> None:
        """After an action (by seat `acted`) or a table's creation (by the account `actor`):
        if an account's seat now decides, and that account neither made the change nor
        watches the table here, queue its "your turn" notification (web/notify.py). A
        notification that cannot be queued is logged; the action stands."""
        with live.lock:
            seat = None if live.finished else live.current()
            row = live.row
        if seat is None:
            return
        holder = row.seats[seat].account
        if holder is None or holder == actor:
            return
        if acted is not None and 0 <= acted < len(row.seats) and row.seats[acted].account == holder:
            return  # the account itself just played (a hot seat)
        if self.connected(row.id, {s.seat for s in row.seats if s.account == holder}):
            return
        title = game_definition(row.game).info.title
        try:
            await asyncio.to_thread(queue_turn, self.service.store, holder, row.id, title)
        except Exception:  # a notification must never undo or fail the action
            log.exception("the turn notification of table %s could not be queued", row.id)

    # --- computer seats ----------------------------------------------------------------------

    def wake(self, live: LiveTable) -> None:
        """If a computer seat must decide and is not already thinking, let it think (not at
        a table marked failed, abandoned or over)."""
        seat = live.state.current_player
        row = live.row
        if seat is None or row.status in ("record", "abandoned", "over") or row.failure is not None:
            return
        kind = live.seat_row(seat).kind
        if kind in ("human", "record") or row.id in self.bots.thinking or self.bots.closed:
            return
        self.bots.thinking[row.id] = seat
        self._spawn(self._think(live, seat, kind))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, live: LiveTable, seat: int, spec: str) -> None:
        table_id = live.row.id
        failure = None
        try:
            await self.broadcast(table_id, {"type": "thinking", "seat": seat})
            with live.lock:
                state, version, seed = live.state.clone(), live.version, live.row.seed
            notation = await self.bots.decide(table_id, state, seat, spec, seed, version)
            live = await asyncio.to_thread(self.service.act, table_id, seat, notation, version)
        except (StaleVersion, LaneClosed, KeyBusy):
            return  # another process played this decision first, the server stops, or a
            # decision given up still runs for the table (it is marked failed already)
        except TooSlow as error:
            failure = f"computer seat {seat} ({spec}) {error} to decide"
        except Exception as error:  # a computer seat must never bring the server down
            log.exception("computer seat %s of table %s failed", seat, table_id)
            # Only the kind of error: its words might tell something of the hidden state.
            failure = f"computer seat {seat} ({spec}) failed ({type(error).__name__})"
        finally:
            self.bots.thinking.pop(table_id, None)
            self._room.set()
        if failure is None:
            await self.changed(live)
            await self.turn_comes(live, acted=seat)
        else:
            await self.failed(table_id, seat, failure)

    async def failed(self, table_id: str, seat: int | None, reason: str) -> None:
        """Mark the table failed (start-up no longer wakes it) and tell its clients: a
        `failed` message, then the table's state, which shows the failure."""
        log.warning("table %s stopped: %s", table_id, reason)
        try:
            await asyncio.to_thread(self.service.mark_failed, table_id, reason)
        except ColosseumError as error:
            log.warning("table %s, marked failed or not: %s", table_id, error)
            return
        await self.broadcast(table_id, {"type": "failed", "seat": seat, "reason": reason})
        if table_id in self.clients:
            try:
                live = await asyncio.to_thread(self.service.table, table_id)
            except ColosseumError:
                return
            await self.publish(live, seats_changed=True)

    async def wake_all(self) -> None:
        """After a start: wake, in the background, the tables whose next decision is a
        computer seat's (the store lists them in one query; nothing else is replayed), so
        the server answers at once. A table whose record no longer replays is marked
        failed, not tried again at every start."""
        self._spawn(self._wake_waiting())

    async def _wake_waiting(self) -> None:
        try:
            waiting = await asyncio.to_thread(self.service.awaiting_computer)
        except Exception as error:
            log.warning("the tables waiting for a computer seat could not be listed: %s", error)
            return
        for table_id in waiting:
            while len(self.bots.thinking) >= WAKE_AHEAD and not self.bots.closed:
                self._room.clear()
                await self._room.wait()
            if self.bots.closed:
                return
            try:
                live = await asyncio.to_thread(self.service.table, table_id)
            except TableError as error:
                if not isinstance(error, Unreplayable):
                    log.warning("table %s cannot be woken: %s", table_id, error)
                    continue
                log.warning("table %s cannot be reloaded: %s", table_id, error)
                await self.failed(table_id, None, "the table cannot be reloaded (Unreplayable)")
                continue
            except ColosseumError as error:  # its record no longer replays
                log.warning("table %s cannot be reloaded: %s", table_id, error)
                # Only the kind of error: its words might tell a seat's options.
                reason = f"the table cannot be reloaded ({type(error).__name__})"
                await self.failed(table_id, None, reason)
                continue
            except Exception:
                log.exception("table %s cannot be woken", table_id)
                continue
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
        self.lobby_changed()  # another process's change: the lobby checks its list
        if table_id not in self.clients or self.service.knows(table_id, int(length)):
            return  # no client here, or this process made the change itself
        try:
            live = await asyncio.to_thread(self.service.refresh, table_id)
        except TableError:
            return
        if live is not None:
            await self.publish(live, seats_changed=length == "-1")


def _unwatched() -> None:
    """Nobody watches the lobby in this process yet."""


def queue_turn(store: Any, account: int, table_id: str, title: str) -> None:
    """Queue "your turn" for `account` at the table through web/notify.py (imported when
    first needed)."""
    from . import notify

    queue = getattr(notify, "queue_turn", None)
    if queue is not None:
        queue(store, account, table_id, title, f"/tables/{table_id}")


def encode(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: the standard encoder took most of a push's time)."""
    return orjson.dumps(message).decode()


def seat_payload(
    live: LiveTable, seat: int | None, since: int, board: bool = True
) -> dict[str, Any]:
    with live.lock:
        return live.payload(seat, since, board)
