"""The ratings API's answers (docs/web.md, "Ratings"), so the OpenAPI page documents them."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class LeaderboardEntry(BaseModel):
    """One account on a game's leaderboard."""

    name: str
    rating: int = Field(description="The displayed rating (a cautious estimate of the skill).")
    interval: tuple[int, int] = Field(description="Where the skill lies, about 95% sure.")
    games: int = Field(description="Rated games played.")
    provisional: bool = Field(description="Too few rated games for the rating to settle.")
    computer: bool = Field(description="A computer level's account.")


class GameRating(BaseModel):
    """An account's rating in one game."""

    game: str
    rating: int
    interval: tuple[int, int]
    games: int
    provisional: bool


class PublicAccount(BaseModel):
    """What anyone may see of an account: its name, since when, its ratings."""

    name: str
    created: datetime
    computer: bool = Field(description="A computer level's account, not a person's.")
    ratings: list[GameRating]


class RatingPoint(BaseModel):
    """An account's rating in a game after one rated game."""

    at: datetime
    rank: int = Field(description="Its place in that game: 1 first, ties share a place.")
    rating: int
    interval: tuple[int, int]
