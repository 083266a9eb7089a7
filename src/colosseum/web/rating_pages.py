"""The pages of the ratings: a leaderboard per game, and quick match."""

from __future__ import annotations

from fastapi import APIRouter

rating_pages = APIRouter(include_in_schema=False)
