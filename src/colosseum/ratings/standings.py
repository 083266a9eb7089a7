"""Ratings as people read them: the displayed rating, its interval, games, whether it is
provisional, and whether it stands for a computer level (the leaderboard, an account's page,
`colosseum ratings show`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..store import Store
from ..store import rating_model as model
from ..store.ratings import RatingRow


@dataclass(frozen=True, slots=True)
class Standing:
    """One account's rating in one game, as shown."""

    name: str
    game: str
    rating: int
    interval: tuple[int, int]
    games: int
    provisional: bool
    computer: bool


def standing(row: RatingRow, computer: bool) -> Standing:
    return Standing(
        name=row.name,
        game=row.game,
        rating=model.shown(row.rating),
        interval=model.interval(row.rating),
        games=row.games,
        provisional=model.provisional(row.games),
        computer=computer,
    )


def leaderboard(store: Store, game: str, limit: int = 100) -> list[Standing]:
    """The best displayed ratings of `game` first."""
    computers = store.ratings.computers()
    return [
        standing(row, row.account in computers) for row in store.ratings.leaderboard(game, limit)
    ]


def of_account(store: Store, account: int) -> list[Standing]:
    """The account's ratings, by game."""
    computer = account in store.ratings.computers()
    return [standing(row, computer) for row in store.ratings.of_account(account)]
