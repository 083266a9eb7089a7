"""The pages: the lobby, a table, its replay, how to play, and an account's pages (sign in,
register, the account, "My games"), the icon at /favicon.ico, and the error page a browser
gets for a page that cannot be shown (404, 500, 503...). Each is a small HTML shell (Jinja2,
every value escaped) whose ES modules talk to the API; no page embeds a seat's secrets."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

from ..core.errors import UnknownGame
from ..core.reference import Reference
from ..core.registry import game_definition
from .errors import TableNotFound
from .howto_figures import with_figures
from .service import TableService

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
pages = APIRouter(include_in_schema=False)
FAVICON = HERE / "static" / "favicon.ico"


def _service(request: Request) -> TableService:
    found: TableService = request.app.state.hub.service
    return found


@pages.get("/favicon.ico")
def favicon() -> FileResponse:
    """The site's icon for browsers and tools that ask for /favicon.ico whatever the page
    links (static/favicon.ico: static/favicon.svg drawn at 16, 32 and 48 px)."""
    return FileResponse(
        FAVICON, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"}
    )


@pages.get("/", response_class=HTMLResponse)
def lobby_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "lobby.html", {"title": "Colosseum"})


@pages.get("/tables/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, table_id: str) -> HTMLResponse:
    summary = _service(request).summary(table_id)
    return templates.TemplateResponse(
        request, "table.html", {"title": summary["title"], "table": summary}
    )


@pages.get("/tables/{table_id}/replay", response_class=HTMLResponse)
def replay_page(request: Request, table_id: str) -> HTMLResponse:
    summary = _service(request).summary(table_id)
    return templates.TemplateResponse(
        request, "replay.html", {"title": f"Replay: {summary['title']}", "table": summary}
    )


ACCOUNT_PAGES = {
    "/signin": ("signin.html", "Sign in"),
    "/register": ("register.html", "Register"),
    "/account": ("account.html", "Your account"),
    "/me": ("mygames.html", "My games"),
}


def _account_page(template: str, title: str) -> Callable[[Request], HTMLResponse]:
    def page(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, template, {"title": title})

    return page


for _path, (_template, _title) in ACCOUNT_PAGES.items():
    # The same shell for every visitor: the page's module asks `GET /api/me` who is signed in
    # (the session cookie is HttpOnly), so no page is rendered from an account's data.
    pages.add_api_route(
        _path, _account_page(_template, _title), methods=["GET"], response_class=HTMLResponse
    )


@pages.get("/howto/{game}", response_class=HTMLResponse)
def howto_page(request: Request, game: str) -> HTMLResponse:
    try:
        info = game_definition(game).info
    except UnknownGame:
        raise TableNotFound(f"no game {game!r}") from None
    body = howto_html(info.id)
    if body is None:
        raise TableNotFound(f"no how-to-play page for {info.title} yet")
    return templates.TemplateResponse(
        request, "howto.html", {"title": f"How to play {info.title}", "body": body}
    )


@pages.get("/howto/{game}/reference", response_class=HTMLResponse)
def reference_page(request: Request, game: str) -> HTMLResponse:
    """A game's reference (its `reference` hook, core/reference.py): Jugula's cards and
    armaturae, Ludi's buildings."""
    try:
        definition = game_definition(game)
    except UnknownGame:
        raise TableNotFound(f"no game {game!r}") from None
    if definition.reference is None:
        raise TableNotFound(f"no reference page for {definition.info.title}")
    reference = reference_of(definition.reference)
    return templates.TemplateResponse(
        request, "reference.html", {"title": reference.title, "reference": reference}
    )


def reference_of(module: str) -> Reference:
    """The reference page the module a game names makes."""
    made: Reference = importlib.import_module(module).reference()
    return made


@lru_cache(maxsize=8)
def howto_html(game_id: str) -> str | None:
    """The game's how-to-play page (Markdown in `howto/`), as HTML; raw HTML in it is not
    passed through. A paragraph `[[figure name]]` becomes that figure, drawn by the game's
    own renderer (web/howto_figures.py)."""
    path = HERE / "howto" / f"{game_id}.md"
    if not path.exists():
        return None
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = markdown.render(path.read_text(encoding="utf-8"))
    return with_figures(html, game_id)


# --- the error page ---------------------------------------------------------------------------

NOT_PAGES = ("/api/", "/ws/", "/static/", "/openapi.json")
MESSAGE_LENGTH = 300  # characters of a refusal's words shown on the page
HEADINGS = {
    400: "This request cannot be read",
    401: "Sign in first",
    403: "Not yours to see",
    404: "Page not found",
    409: "This cannot be shown now",
    422: "This request cannot be read",
    429: "Too many requests",
    500: "Something went wrong",
    503: "Unavailable for a moment",
}
ADVICE = {
    404: "The link may be mistyped, or the table or page may no longer exist.",
    429: "Wait a moment, then load the page again.",
    500: "The server failed on this page; the failure is logged. Try again, or go on below.",
    503: "The server cannot reach its database for a moment; nothing was changed. "
    "Load the page again in a few seconds.",
}


def wants_page(request: Request) -> bool:
    """Whether a refusal of this request is answered with the HTML error page: a browser
    (Accept names text/html) loading a page, not the API, a socket, a file or the schema
    (those keep their JSON or plain answers)."""
    if request.method not in ("GET", "HEAD"):
        return False
    path = request.url.path
    if path.startswith(NOT_PAGES):
        return False
    return "text/html" in request.headers.get("accept", "")


def error_page(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> HTMLResponse:
    """The error page (templates/error.html): what happened in words, and where to go on
    (the lobby, My games), with `status`."""
    heading = HEADINGS.get(status, "This page cannot be shown")
    words = " ".join(message.split())[:MESSAGE_LENGTH] or heading
    context = {
        "title": f"{heading} — Colosseum",
        "status": status,
        "heading": heading,
        "message": words[0].upper() + words[1:],
        "advice": ADVICE.get(status, ""),
    }
    return templates.TemplateResponse(
        request, "error.html", context, status_code=status, headers=headers
    )
