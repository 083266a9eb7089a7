"""The pages: the lobby, a table, its replay, how to play, and an account's pages (sign in,
register, the account, "My games"). Each is a small HTML shell (Jinja2,
every value escaped) whose ES modules talk to the API; no page embeds a seat's secrets."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

from ..core.errors import UnknownGame
from ..core.registry import game_definition
from .errors import TableNotFound
from .service import TableService

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
pages = APIRouter(include_in_schema=False)


def _service(request: Request) -> TableService:
    found: TableService = request.app.state.hub.service
    return found


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


@lru_cache(maxsize=8)
def howto_html(game_id: str) -> str | None:
    """The game's how-to-play page (Markdown in `howto/`), as HTML; raw HTML in it is not
    passed through."""
    path = HERE / "howto" / f"{game_id}.md"
    if not path.exists():
        return None
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = markdown.render(path.read_text(encoding="utf-8"))
    return html
