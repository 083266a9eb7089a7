"""The FastAPI application: the store opened on start, the table service, the hub of live
clients and computer seats, the API and the pages. `colosseum serve` runs it with uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ..core.errors import ColosseumError
from ..store import Store
from ..store.appends import CHANNEL
from .accounts_api import accounts
from .api import MAX_MESSAGE, MAX_RECORD, lobby, sockets, tables
from .apidocs import api_docs
from .bots import BotPool
from .careers import careers
from .errors import RateLimited, status_of
from .guards import SECURITY_HEADERS, BodyGuard, SecurityHeaders
from .hub import Hub
from .lobby_watch import lobby_sockets
from .notify import Sender, load_keys
from .pages import error_page, pages, wants_page
from .passkeys import passkeys
from .push_api import push
from .quickmatch import quickmatch
from .ratelimit import Limiter, RateLimit, too_many
from .rating_pages import rating_pages
from .ratings_api import ratings
from .refusals import document_refusals
from .service import TableService
from .settings import ServerSettings
from .signin import CrossSiteGuard
from .upkeep import sweep_idle, sweep_once

log = logging.getLogger("colosseum.web")

STATIC = Path(__file__).with_name("static")
RETRY_AFTER = 5  # seconds a client is asked to wait after a 503
THREADS = 32  # for the blocking work of requests (store, views): many wait on a commit at once


def create_app(
    database: str | None = None,
    workers: int = 1,
    settings: ServerSettings | None = None,
    now: Callable[[], datetime] | None = None,
) -> FastAPI:
    """The server on the store at `database` (a SQLAlchemy URL; None: the default store),
    with `workers` processes for computer seats (0: threads), under `settings` (None: those
    of the environment, docs/security.md); `now` is the tables' clock (None: the real time;
    tests give a fake one)."""
    settings = settings if settings is not None else ServerSettings.from_environment()
    limiter = Limiter(settings.rate_limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(THREADS, thread_name_prefix="colosseum"))
        store = await asyncio.to_thread(Store, database)
        bots = BotPool(workers)
        hub = Hub(TableService(store, now=now), bots)
        app.state.hub = hub
        listener = None
        if store.engine.dialect.name == "postgresql":
            url = store.engine.url.set(drivername="postgresql")
            dsn = url.render_as_string(hide_password=False)
            listener = asyncio.create_task(hub.listen(dsn, CHANNEL))
        await hub.wake_all()
        idle = timedelta(days=settings.abandon_days)
        await sweep_once(hub, idle)
        sweeper = asyncio.create_task(sweep_idle(hub, idle))
        sender = Sender(store, settings, await asyncio.to_thread(load_keys, settings))
        app.state.notify = sender  # notifications by mail and Web Push (web/notify.py)
        sender.start()
        try:
            yield
        finally:
            await sender.stop()
            sweeper.cancel()
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
        docs_url=None,  # the browsable docs only when asked for, from packaged assets
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.limiter = limiter
    # Outermost last: the client's address, then headers on every answer (refusals too),
    # then the rate limit, then the body's size and form.
    app.add_middleware(BodyGuard, limit=MAX_MESSAGE, paths={"/api/records": MAX_RECORD})
    app.add_middleware(RateLimit, limiter=limiter)
    app.add_middleware(CrossSiteGuard)  # cookie-signed changes only from our own pages
    app.add_middleware(SecurityHeaders)
    # The client's address from X-Forwarded-For only when a trusted proxy connected.
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    app.include_router(lobby)
    app.include_router(tables)
    app.include_router(sockets)
    app.include_router(lobby_sockets)
    app.include_router(careers)
    app.include_router(accounts)
    app.include_router(passkeys)
    app.include_router(push)
    app.include_router(ratings)
    app.include_router(quickmatch)
    app.include_router(rating_pages)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    if settings.api_docs:
        api_docs(app)

    document_refusals(app)

    @app.exception_handler(ColosseumError)
    async def refused(request: Request, error: ColosseumError) -> Response:
        if isinstance(error, RateLimited):
            answer: Response = too_many(str(error), error.retry_after)
        else:
            status = status_of(error)
            if status == 503:
                answer = unavailable(error)
            else:
                answer = JSONResponse({"detail": str(error)}, status_code=status)
        return as_page(request, answer, str(error))

    @app.exception_handler(DBAPIError)
    async def database_failed(request: Request, error: DBAPIError) -> Response:
        return as_page(request, unavailable(error))

    @app.exception_handler(HTTPException)
    async def http_refused(request: Request, error: HTTPException) -> Response:
        """An unknown path (404) or method: the error page for a browser's page."""
        words = str(error.detail)
        if error.status_code == 404:
            words = f"there is no page at {request.url.path}"
        return as_page(request, await http_exception_handler(request, error), words)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> Response:
        """A failure no handler expected (a bug; the server logs its traceback): the error
        page or a JSON 500 with no detail, with the security headers (this answer is sent from
        outside their middleware)."""
        words = "the server failed on this request (the failure is logged)"
        answer = as_page(request, JSONResponse({"detail": words}, status_code=500), words)
        answer.headers.update(SECURITY_HEADERS)
        return answer

    return app


def as_page(request: Request, answer: Response, words: str = "") -> Response:
    """`answer` (a JSON refusal), or for a browser loading a page the HTML error page with
    its status and headers (web/pages.py `wants_page`); the 503's words stay the server's."""
    if not wants_page(request):
        return answer
    if answer.status_code == 503:
        words = ""  # the database's words stay in the log; the page's advice says what to do
    retry = answer.headers.get("Retry-After")
    return error_page(
        request, answer.status_code, words, None if retry is None else {"Retry-After": retry}
    )


def unavailable(error: Exception) -> JSONResponse:
    """503 for a database that cannot be reached or written (down, disk full): nothing was
    done, and the same request may succeed in a moment. The database's own words stay in the
    server's log: they may name its address or user."""
    log.warning("the database refused a request: %s", error)
    return JSONResponse(
        {"detail": "the database is unavailable for a moment (nothing was changed): try again"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER)},
    )
