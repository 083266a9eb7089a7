"""The browser platform (the `web` extra): a server-authoritative game server with a lobby,
tables with seats and spectators, replays, and one generic board page for every game.

`app.py` builds the FastAPI application, `api.py` its HTTP and WebSocket routes, `pages.py`
the HTML pages; `service.py` is the table service (no HTTP in it) over the store's tables,
`live.py` a table in memory, `hub.py` the live clients, the computer seats and the
PostgreSQL LISTEN/NOTIFY link between server processes, `bots.py` the worker pool, and
`boards.py` each game's SVG board. The Careers: `careers.py` (their routes and pages) over
`careers_service.py` (campaigns and combats, no HTTP in it), `careers_runner.py` (a combat's
thread and the questions it asks), `careers_arena.py` (where it is fought),
`careers_questions.py` (each question's form and checks), `careers_models.py` and
`careers_errors.py`. docs/web.md documents the API.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
