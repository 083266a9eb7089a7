"""The ratings over HTTP (docs/web.md, "Ratings"): a game's leaderboard, an account's public
page with its ratings, and an account's rating history in a game (for its plot).

Nothing private is shown: no email, no table ids (a private table's id is its link).
Handlers run in the thread pool (`def`): they read the database.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query, Request

from ..core.errors import UnknownGame
from ..core.registry import game_definition
from ..ratings import standings
from ..store import AccountRow, Store
from ..store import rating_model as model
from .ratings_models import GameRating, LeaderboardEntry, PublicAccount, RatingPoint
from .signin import store_of

ratings = APIRouter(prefix="/api", tags=["ratings"])

GAME_FIELD = 60  # characters of a game id or alias
NAME_FIELD = 200  # characters of an account name in a path (names have at most 40)
BOARD_LIMIT = 500  # rows of a leaderboard at most
HISTORY_LIMIT = 1000  # points of a history at most

GamePath = Annotated[str, Path(max_length=GAME_FIELD, description="A game id or alias.")]
NamePath = Annotated[str, Path(max_length=NAME_FIELD, description="An account's name.")]


def _game(game: str) -> str:
    """The game's id, or 404 naming the games."""
    try:
        return game_definition(game).info.id
    except UnknownGame as error:
        raise HTTPException(404, str(error)) from None


def _account(store: Store, name: str) -> AccountRow:
    """The account of this name that may be shown, or 404."""
    found = store.accounts.by_name(name)
    if found is None or found.deleted or found.disabled:
        raise HTTPException(404, f"no account is named {name[:40]!r}")
    return found


@ratings.get("/ratings/{game}", response_model=list[LeaderboardEntry])
def leaderboard(
    game: GamePath,
    request: Request,
    limit: Annotated[int, Query(ge=1, le=BOARD_LIMIT)] = 100,
) -> list[LeaderboardEntry]:
    """The game's leaderboard, the best displayed rating first (people and computer levels);
    404 naming the games for an unknown game."""
    game_id = _game(game)
    return [
        LeaderboardEntry(
            name=row.name,
            rating=row.rating,
            interval=row.interval,
            games=row.games,
            provisional=row.provisional,
            computer=row.computer,
        )
        for row in standings.leaderboard(store_of(request), game_id, limit)
    ]


@ratings.get("/accounts/{name}", response_model=PublicAccount)
def public_account(name: NamePath, request: Request) -> PublicAccount:
    """An account as anyone may see it, with its rating in each game it played rated;
    404 for an unknown, deleted or disabled account."""
    store = store_of(request)
    account = _account(store, name)
    found = standings.of_account(store, account.id)
    return PublicAccount(
        name=account.name,
        created=account.created,
        computer=account.id in store.ratings.computers(),
        ratings=[
            GameRating(
                game=row.game,
                rating=row.rating,
                interval=row.interval,
                games=row.games,
                provisional=row.provisional,
            )
            for row in found
        ],
    )


@ratings.get("/accounts/{name}/ratings/{game}", response_model=list[RatingPoint])
def rating_history(
    name: NamePath,
    game: GamePath,
    request: Request,
    limit: Annotated[int, Query(ge=1, le=HISTORY_LIMIT)] = HISTORY_LIMIT,
) -> list[RatingPoint]:
    """The account's rating after each of its rated games of `game`, oldest first (the
    latest `limit`); 404 for an unknown game or account."""
    game_id = _game(game)
    store = store_of(request)
    account = _account(store, name)
    points = store.ratings.history(account.id, game_id)[-limit:]
    return [
        RatingPoint(
            at=point.created,
            rank=point.rank,
            rating=model.shown(model.Rating(point.mu, point.sigma)),
            interval=model.interval(model.Rating(point.mu, point.sigma)),
        )
        for point in points
    ]
