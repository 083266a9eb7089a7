"""The pages of the ratings (docs/web.md, "Leaderboards and players' pages"): the games'
leaderboards, an account's public page with its rating per game and the plot of its history,
and "Play now" (quick match). The same numbers are in the ratings API (web/ratings_api.py).

The plot is drawn here as an SVG line chart (web/rating_plot.py) with a title, axis labels
and a table of the same points beside it, so it needs no script and reads without sight.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..core.errors import ColosseumError
from ..core.registry import game_definition, games
from ..ratings import standings
from ..store import AccountRow, Store
from ..store.rating_model import Rating, interval, shown
from .errors import TableNotFound
from .matching import PACES, clock_of
from .pages import templates
from .rating_plot import MAX_POINTS, plot
from .signin import store_of

rating_pages = APIRouter(include_in_schema=False)

LEADERBOARD = 100  # accounts a leaderboard shows


def _game(game: str) -> tuple[str, str]:
    """The game's id and title, or 404."""
    try:
        info = game_definition(game).info
    except ColosseumError:
        raise TableNotFound(f"no game {game!r}") from None
    return info.id, info.title


def _person(store: Store, name: str) -> AccountRow:
    """The usable account of this name, or 404."""
    found = store.accounts.by_name(name) if len(name) <= 200 else None
    if found is None or not found.usable:
        raise TableNotFound(f"no player named {name[:60]!r}")
    return found


def history_points(store: Store, account: int, game: str) -> list[dict[str, Any]]:
    """The account's rating in `game` before its first rated game and after each (the last
    `MAX_POINTS` of them); which tables they were is not shown."""
    results = store.ratings.history(account, game)
    skipped = max(0, len(results) - MAX_POINTS)
    points: list[dict[str, Any]] = []
    if results and not skipped:
        before = Rating(results[0].mu_before, results[0].sigma_before)
        low, high = interval(before)
        points.append(
            {
                "game": 0,
                "rating": shown(before),
                "low": low,
                "high": high,
                "at": None,
                "calibration": False,
            }
        )
    for number, result in enumerate(results[skipped:], start=skipped + 1):
        after = Rating(result.mu, result.sigma)
        low, high = interval(after)
        points.append(
            {
                "game": number,
                "rating": shown(after),
                "low": low,
                "high": high,
                "at": result.created.isoformat(),
                # never the table's id: a private table's id is its link
                "calibration": result.source.startswith("calibration:"),
            }
        )
    return points


@rating_pages.get("/ratings", response_class=HTMLResponse)
def ratings_page(request: Request) -> HTMLResponse:
    listed = [{"id": i.id, "title": i.title} for i in games().values()]
    return templates.TemplateResponse(
        request, "ratings.html", {"title": "Ratings", "games": listed}
    )


@rating_pages.get("/ratings/{game}", response_class=HTMLResponse)
def leaderboard_page(request: Request, game: str) -> HTMLResponse:
    game_id, title = _game(game)
    store = store_of(request)
    rows = standings.leaderboard(store, game_id, LEADERBOARD)
    return templates.TemplateResponse(
        request,
        "leaderboard.html",
        {"title": f"Ratings: {title}", "game": {"id": game_id, "title": title}, "rows": rows},
    )


@rating_pages.get("/players/{name:path}", response_class=HTMLResponse)
def player_page(request: Request, name: str) -> HTMLResponse:
    store = store_of(request)
    person = _person(store, name)
    level = store.ratings.computers().get(person.id)
    titles = {i.id: i.title for i in games().values()}
    rated = []
    for row in standings.of_account(store, person.id):
        points = history_points(store, person.id, row.game)
        title = titles.get(row.game, row.game)
        name = f"{person.name}'s rating in {title}"
        rated.append({"row": row, "title": title, "points": points, "plot": plot(points, name)})
    return templates.TemplateResponse(
        request,
        "player.html",
        {"title": person.name, "name": person.name, "computer": level, "ratings": rated},
    )


@rating_pages.get("/play", response_class=HTMLResponse)
def play_page(request: Request) -> HTMLResponse:
    listed = [
        {"id": i.id, "title": i.title, "min": i.min_players, "max": i.max_players}
        for i in games().values()
    ]
    return templates.TemplateResponse(
        request,
        "quickmatch.html",
        {"title": "Play now", "games": listed, "clocks": {p: clock_of(p) for p in PACES}},
    )
