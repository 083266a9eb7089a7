"""The ratings over HTTP (docs/web.md, "Ratings"): the leaderboard of a game."""

from __future__ import annotations

from fastapi import APIRouter

ratings = APIRouter(prefix="/api", tags=["ratings"])
