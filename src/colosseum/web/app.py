"""The FastAPI application: the store opened on start, the table service, the hub of live
clients and computer seats, the API and the pages. `colosseum serve` runs it with uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ..core.errors import ColosseumError, IllegalAction
from ..store import Store, StoreError
from ..store.tables import CHANNEL
from .api import MAX_MESSAGE, MAX_RECORD, lobby, sockets, tables
from .bots import BotPool
from .careers import careers
from .errors import STATUS, RateLimited
from .hub import Hub
from .pages import pages
from .ratelimit import Limiter, RateLimit, too_many
from .service import TableService
from .settings import ServerSettings

STATIC = Path(__file__).with_name("static")
THREADS = 32  # for the blocking work of requests (store, views): many wait on a commit at once


def status_of(error: Exception) -> int:
    """The HTTP status of a refusal."""
    for kind, status in STATUS.items():
        if isinstance(error, kind):
            return status
    if isinstance(error, IllegalAction):
        return 422
    if isinstance(error, StoreError):
        return 503
    return 422 if isinstance(error, ColosseumError) else 500


def create_app(
    database: str | None = None, workers: int = 1, settings: ServerSettings | None = None
) -> FastAPI:
    """The server on the store at `database` (a SQLAlchemy URL; None: the default store),
    with `workers` processes for computer seats (0: threads), under `settings` (None: those
    of the environment, docs/security.md)."""
    settings = settings if settings is not None else ServerSettings.from_environment()
    limiter = Limiter(settings.rate_limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(THREADS, thread_name_prefix="colosseum"))
        store = await asyncio.to_thread(Store, database)
        bots = BotPool(workers)
        hub = Hub(TableService(store), bots)
        app.state.hub = hub
        listener = None
        if store.engine.dialect.name == "postgresql":
            url = store.engine.url.set(drivername="postgresql")
            dsn = url.render_as_string(hide_password=False)
            listener = asyncio.create_task(hub.listen(dsn, CHANNEL))
        await hub.wake_all()
        try:
            yield
        finally:
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            bots.close()
            store.close()

    app = FastAPI(
        title="Colosseum",
        summary="Gladiator board games: tables, seats, spectators and replays",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.limiter = limiter
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE, paths={"/api/records": MAX_RECORD})
    app.add_middleware(RateLimit, limiter=limiter)
    # The client's address from X-Forwarded-For only when a trusted proxy connected.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    app.include_router(lobby)
    app.include_router(tables)
    app.include_router(sockets)
    app.include_router(careers)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(ColosseumError)
    async def refused(request: Request, error: ColosseumError) -> JSONResponse:
        if isinstance(error, RateLimited):
            return too_many(str(error), error.retry_after)
        return JSONResponse({"detail": str(error)}, status_code=status_of(error))

    return app


class BodyLimit:
    """Refuses (413) a request body over `limit` bytes (`paths` may allow more), whether it
    announces its length or not, before the handler sees any of it: the body is read here up
    to the limit and handed on whole."""

    def __init__(self, app: ASGIApp, limit: int, paths: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.paths = paths or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope["path"], self.limit)
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _too_large(limit, send)
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left before its body was complete
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await _too_large(limit, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        delivered = False

        async def replayed() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replayed, send)


async def _too_large(limit: int, send: Send) -> None:
    response = JSONResponse(
        {"detail": f"the request is larger than {limit // 1024} kB"}, status_code=413
    )
    await response({"type": "http"}, _nothing, send)


async def _nothing() -> Any:
    return {"type": "http.disconnect"}
