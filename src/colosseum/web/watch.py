"""One WebSocket client watching a table, from its hello to its close (docs/web.md, "Live
updates"; docs/security.md, "Live clients").

The hello names the seat (its token; without one, the seat of the account the sign-in cookie
stands for, `seat` saying which when it holds several) and the version already shown; the
client is then sent the table and every change through its outbox (web/clients.py), while
its own messages (actions) are read and played. It ends when it leaves, when a frame it
sends is refused (`Refused`: closed with that code and reason), when it sends more messages
than the "socket" rate limit of its address allows (an error message each, then after
`STRIKES` in a row a close 1008), or when it does not keep up with its updates (1013).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from ..core.errors import IllegalAction
from .clients import (
    CLOSE_TIMEOUT,
    POLICY,
    Client,
    Refused,
    close,
    read_message,
    serve_until_ended,
)
from .errors import BadRequest, BadToken, RateLimited, TableError, status_of
from .hub import Hub, encode, seat_payload
from .models import ActionRequest
from .ratelimit import Limiter, client_address
from .signin import COOKIE, MAX_COOKIE, digest

HELLO_TIMEOUT = 30.0  # seconds a new client has to say hello
STRIKES = 10  # messages over the rate limit in a row before the client is closed
REFUSED = 4400  # the close code of a refused hello (a bad token, no table, no hello)


async def watch(hub: Hub, socket: WebSocket, table_id: str, limit: int) -> None:
    """Serve one client of `table_id` whose messages may hold `limit` bytes."""
    await socket.accept()
    try:
        hello = await asyncio.wait_for(receive(socket, limit), HELLO_TIMEOUT)
        if hello.get("type") != "hello":
            raise BadRequest("the first message must be {'type': 'hello', 'token': ...}")
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise BadToken("the token must be text")
        wanted = hello.get("seat")
        if wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int)):
            raise BadRequest("the hello's seat is a seat's number")
        since = hello.get("version", 0)
        since = since if isinstance(since, int) and since >= 0 else 0
        live = await asyncio.to_thread(hub.service.table, table_id)
        account = None if token is not None else await asyncio.to_thread(signed_in, hub, socket)
        seat = await asyncio.to_thread(hub.service.seat_of, live, token, account, wanted)
    except TableError as error:
        await refuse(socket, error)
        await close(socket, REFUSED, str(error))
        return
    except TimeoutError:
        await close(socket, POLICY, f"no hello within {HELLO_TIMEOUT:g} s")
        return
    except Refused as refused:
        await close(socket, refused.code, refused.reason)
        return
    except (WebSocketDisconnect, WebSocketDisconnected):
        return
    wants_board = hello.get("board", True) is not False
    client = Client(socket, table_id, seat, version=min(since, live.version), board=wants_board)
    hub.attach(client)
    try:
        payload = await asyncio.to_thread(seat_payload, live, seat, client.version, wants_board)
        hub.send(client, {"type": "state", **payload})
        if table_id in hub.bots.thinking:
            hub.send(client, {"type": "thinking", "seat": hub.bots.thinking[table_id]})
        await serve_until_ended(client, _play(hub, client, token, limit, account))
    finally:
        hub.detach(client)
    await client.close()


async def _play(
    hub: Hub, client: Client, token: str | None, limit: int, account: int | None
) -> None:
    """Play the actions the client sends (for its seat, by its token or its account) until
    it leaves (WebSocketDisconnect) or is refused (`Refused`)."""
    socket = client.socket
    limiter: Limiter = socket.app.state.limiter
    address = client_address(socket.scope)
    strikes = 0
    while True:
        message = await receive(socket, limit)
        wait = limiter.hit("socket", address)
        if wait is not None:
            strikes += 1
            if strikes >= STRIKES:
                raise Refused(POLICY, "too many messages from your address: reconnect later")
            hub.send(client, error_message(RateLimited("too many messages", wait)))
            continue
        strikes = 0
        if message.get("type") != "action":
            hub.send(client, error_message(BadRequest("expected {'type': 'action', ...}")))
            continue
        try:
            request = ActionRequest.model_validate(message)
            await hub.act(
                client.table_id,
                client.seat,
                request.action,
                request.version,
                reply=False,
                token=token,
                account=account,
            )
        except (TableError, IllegalAction) as error:
            hub.send(client, error_message(error))
        except ValueError as error:
            hub.send(client, error_message(BadRequest(str(error).splitlines()[0])))


def signed_in(hub: Hub, socket: WebSocket) -> int | None:
    """The account the connection's sign-in cookie stands for (None: signed out). A
    cookie sent from another site's page never gets here: `signin.CrossSiteGuard` closes
    such a connection."""
    secret = socket.cookies.get(COOKIE)
    if not secret or len(secret) > MAX_COOKIE:
        return None
    account = hub.service.store.accounts.signed_in(digest(secret))
    return None if account is None else account.id


async def receive(socket: WebSocket, limit: int) -> dict[str, Any]:
    """The client's next message (`read_message`), WebSocketDisconnect once it has gone."""
    try:
        return await read_message(socket, limit)
    except RuntimeError:  # a receive after the client left
        raise WebSocketDisconnect(1006) from None


async def refuse(socket: WebSocket, error: Exception) -> None:
    """Tell a client that is not attached (its hello refused) why, if it still listens."""
    try:
        await asyncio.wait_for(socket.send_text(encode(error_message(error))), CLOSE_TIMEOUT)
    except Exception:  # the client left, or does not read
        return


def error_message(error: Exception) -> dict[str, Any]:
    """`{"type": "error", "status": <HTTP status>, "message": ...}` (and `retry_after` for
    a rate limit)."""
    message: dict[str, Any] = {"type": "error", "status": status_of(error), "message": str(error)}
    if isinstance(error, RateLimited):
        message["retry_after"] = error.retry_after
        message["message"] = f"{error}: try again in {error.retry_after:g} s"
    return message
