"""Quick match (docs/web.md, "Quick match"): "play now" queues an account for a game and a
player count, matched by rating."""

from __future__ import annotations

from fastapi import APIRouter

quickmatch = APIRouter(prefix="/api", tags=["quick match"])
