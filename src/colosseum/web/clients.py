"""The WebSocket clients of a table (docs/security.md, "Live clients"): what each may send,
and how each is sent to without anyone waiting for it.

Sending: each client has a bounded outbox (`OUTBOX` messages) and a writer task of its own;
the hub only puts messages in outboxes, so an HTTP answer or another client never waits for a
client's network. A client whose outbox is full, or that has not taken a message within
`SEND_TIMEOUT` seconds, is closed with 1013 ("try again later", with a reason) and may
reconnect: on reconnection it is sent the table as it is then.

Receiving (`read_message`): a message is one JSON object of at most 16 kB (api.MAX_MESSAGE),
nesting at most `MAX_DEPTH` levels, without a NUL character. A message that is not is
refused by closing the connection with the WebSocket code that says why, and a reason:
1003 a binary frame, 1007 a text that is not strict JSON, 1009 a message too large, 1008 a
message too deep, holding a NUL, not an object, or one of too many (rate limit).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import WebSocket, WebSocketDisconnect

from .guards import MAX_DEPTH, value_problem

log = logging.getLogger("colosseum.web")

OUTBOX = 64  # messages waiting for one client before it is closed as too slow
SEND_TIMEOUT = 10.0  # seconds a client may take to take one message
CLOSE_TIMEOUT = 2.0  # seconds the close frame may wait for a client that does not read
REASON_BYTES = 123  # the longest reason a close frame may carry

UNSUPPORTED = 1003  # a binary frame
POLICY = 1008  # a message against the rules (too deep, not an object, too many)
INVALID = 1007  # a text that is not JSON
TOO_BIG = 1009  # a message too large
TRY_LATER = 1013  # a client that did not keep up


class Refused(Exception):
    """A message (or a client) refused by closing the connection with `code` and `reason`."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


async def read_message(socket: WebSocket, limit: int) -> dict[str, Any]:
    """The next message of the client, a JSON object of at most `limit` bytes; `Refused`
    for a frame that is not one, WebSocketDisconnect when the client has gone."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        raise Refused(UNSUPPORTED, "binary frames are not accepted: send JSON as text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise Refused(TOO_BIG, f"a message may hold at most {limit} bytes")
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        if "depth" in str(error) or "recursion" in str(error):  # orjson's 1,024 levels
            raise Refused(POLICY, f"a message may nest at most {MAX_DEPTH} levels") from None
        raise Refused(INVALID, f"a message is strict JSON text: {error}") from None
    problem = value_problem(data)
    if problem is not None:
        raise Refused(POLICY, problem)
    if not isinstance(data, dict):
        raise Refused(POLICY, 'a message is a JSON object, e.g. {"type": "hello", ...}')
    return data


@dataclass(eq=False, slots=True)
class Client:
    """One open WebSocket: the table it watches, the seat its token stands for, the version
    of the table it was last sent, its outbox and its writer."""

    socket: WebSocket
    table_id: str
    seat: int | None
    version: int = 0
    sent: bool = False  # whether it was sent the state at `version` already
    board: bool = True  # a scripted client may do without the SVG
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    close_code: int | None = None  # why it ended: a code to close with, None if it left
    close_reason: str = ""
    writer: asyncio.Task[None] | None = None

    def push(self, text: str) -> None:
        """Queue a message; a client whose outbox is full is ended (1013)."""
        if self.ended.is_set():
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.end(TRY_LATER, f"too slow: {OUTBOX} updates were waiting; reconnect")

    def end(self, code: int | None, reason: str = "") -> None:
        """Mark the client ended (its handler closes it with `code`, if any)."""
        if not self.ended.is_set():
            self.close_code, self.close_reason = code, reason
            self.ended.set()

    def start(self) -> None:
        """Start the writer (in the event loop)."""
        if self.writer is None:
            self.writer = asyncio.create_task(self._write())

    def stop(self) -> None:
        """Stop the writer; what its outbox still holds is dropped."""
        if self.writer is not None:
            self.writer.cancel()

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await asyncio.wait_for(self.socket.send_text(text), SEND_TIMEOUT)
            except TimeoutError:
                self.end(TRY_LATER, f"too slow: an update waited {SEND_TIMEOUT:g} s; reconnect")
                return
            except Exception:  # the client has gone: its handler sees it too
                self.end(None)
                return

    async def close(self) -> None:
        """Close the connection with the code and reason it ended with (without waiting
        more than `CLOSE_TIMEOUT` for a client that does not read)."""
        self.stop()
        if self.writer is not None:
            await asyncio.wait({self.writer})
        await close(self.socket, self.close_code, self.close_reason)


async def close(socket: WebSocket, code: int | None, reason: str) -> None:
    """Close with `code` and `reason` (cut to what a close frame holds), giving up after
    `CLOSE_TIMEOUT`; nothing if `code` is None (the client left)."""
    if code is None:
        return
    short = reason.encode()[:REASON_BYTES].decode(errors="ignore")
    try:
        await asyncio.wait_for(socket.close(code=code, reason=short), CLOSE_TIMEOUT)
    except Exception as error:  # gone meanwhile, or not reading: the server drops it
        log.debug("closing a WebSocket with %s failed: %r", code, error)


async def serve_until_ended(client: Client, reading: Coroutine[Any, Any, None]) -> None:
    """Read the client's messages (`reading`) until it leaves or is ended, then end it: with
    the code of a `Refused` that stopped the reading, else as gone."""
    reader = asyncio.create_task(reading)
    ended = asyncio.create_task(client.ended.wait())
    try:
        await asyncio.wait({reader, ended}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (reader, ended):
            task.cancel()
        await asyncio.wait({reader, ended})
    problem = None if reader.cancelled() else reader.exception()
    if isinstance(problem, Refused):
        client.end(problem.code, problem.reason)
    else:
        client.end(None)  # the client left (or its writer found it gone)
