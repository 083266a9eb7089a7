"""`colosseum serve`: the game server for the browser (the `web` extra), with uvicorn."""

from __future__ import annotations

import gc
import sys
from typing import Annotated

import typer

from .common import fail
from .extras import require


def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; 0.0.0.0 opens it to the network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database", help="SQLAlchemy URL (default: COLOSSEUM_DATABASE_URL, else SQLite)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option("--bot-workers", min=0, help="Processes for computer seats (0: threads)."),
    ] = 1,
    rate_limit: Annotated[
        list[str] | None,
        typer.Option(
            "--rate-limit",
            help="AREA=LIMIT over the defaults, e.g. create=5/minute (repeatable; 'off': none). "
            "Default: COLOSSEUM_RATE_LIMITS. See docs/security.md.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="A reverse proxy's address or network whose X-Forwarded-For is believed "
            "(repeatable). Default: COLOSSEUM_TRUSTED_PROXIES, else none.",
        ),
    ] = None,
    abandon_days: Annotated[
        int | None,
        typer.Option(
            "--abandon-days", min=1, help="Days without an action before a table is abandoned."
        ),
    ] = None,
    api_docs: Annotated[
        bool, typer.Option("--api-docs", help="Serve the API's browsable docs at /docs, /redoc.")
    ] = False,
) -> None:
    """Serve the lobby, the tables and their API: open the printed address in a browser."""
    require("web", "colosseum serve")
    import uvicorn

    from ..store import Store, StoreError
    from ..web.api import MAX_MESSAGE
    from ..web.app import create_app
    from ..web.settings import ServerSettings, SettingError, parse_rate_limits
    from ..web.wsprotocol import WebSocketProtocol

    try:
        settings = ServerSettings.from_environment(
            rate_limits=parse_rate_limits(",".join(rate_limit)) if rate_limit else None,
            trusted_proxies=tuple(trusted_proxy) if trusted_proxy else None,
            abandon_days=abandon_days,
            api_docs=api_docs or None,
        )
    except SettingError as error:
        fail(str(error))
    try:  # a database that cannot be used is one line now, not a traceback at start-up
        Store(database).close()
    except StoreError as error:
        fail(str(error))
    app = create_app(database, workers, settings)
    # Threads hand the interpreter over every 0.5 ms instead of 5: a thread holding the
    # store's write lock gets it back sooner, which keeps the latency of each action low.
    sys.setswitchinterval(0.0005)
    # What the start made (modules, the games' data) lives as long as the process: moved out
    # of the collector's sight, so that a full collection no longer pauses every table for a
    # tenth of a second to scan it. A table's state lives until its next action: collecting
    # the youngest objects every 100,000 allocations instead of 700 lets states die before
    # they are promoted, so full collections become rare.
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    typer.echo(f"Colosseum is at http://{shown}:{port}/  (Ctrl+C stops it)")
    # The app reads forwarded addresses itself, from the trusted proxies only.
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE,
        log_level="warning",
        proxy_headers=False,
        ws=WebSocketProtocol,  # invalid UTF-8 closed 1007 with a reason (web/wsprotocol.py)
        server_header=False,
    )
    uvicorn.Server(config).run()
