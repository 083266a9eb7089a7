"""The browser platform (the `web` extra): a server-authoritative game server with a lobby,
tables with seats and spectators, replays, and one generic board page for every game.

`app.py` builds the FastAPI application, `api.py` its HTTP and WebSocket routes, `pages.py`
the HTML pages; `service.py` is the table service (no HTTP in it) over the store's tables,
`live.py` a table in memory, `hub.py` the live clients, the computer seats and the
PostgreSQL LISTEN/NOTIFY link between server processes, `bots.py` the worker pool, and
`boards.py` each game's SVG board. docs/web.md documents the API.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
