"""Rate limits per client address (and per seat for hints), counted by the `limits` library
in this process's memory (docs/security.md, "Limits").

`RateLimit` is the ASGI middleware that counts every HTTP request and WebSocket connection in
its area (`area_of`), answering 429 with Retry-After over the limit before the handler runs;
`Limiter.hit` counts what the middleware cannot see (hints per seat, WebSocket messages).
Behind a reverse proxy the client's address comes from X-Forwarded-For only when the proxy is
listed as trusted (uvicorn's `ProxyHeadersMiddleware`, set up in app.py); otherwise it is the
address that connected. Several server processes each count their own share.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Mapping

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

# (method, path pattern) -> area; the first that matches counts; anything else is "request".
_AREAS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("POST", re.compile(r"^/api/tables/?$"), "create"),
    ("POST", re.compile(r"^/api/records/?$"), "create"),
    ("POST", re.compile(r"^/api/careers/?$"), "campaign"),
    ("POST", re.compile(r"^/api/careers/[^/]+/ludi/?$"), "campaign"),
    ("POST", re.compile(r"^/api/tables/[^/]+/actions/?$"), "action"),
    ("POST", re.compile(r"^/api/careers/.+$"), "action"),
)


def area_of(method: str, path: str) -> str:
    """The rate limit area a request counts in."""
    for wanted, pattern, area in _AREAS:
        if method == wanted and pattern.match(path):
            return area
    return "request"


def client_address(scope: Scope) -> str:
    """The client's address: the connecting peer's, or the trusted proxy's forwarded one
    (already put in place by the proxy middleware)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class Limiter:
    """Rate limits by area, each a list of `limits` items (all must allow a hit)."""

    def __init__(self, rate_limits: Mapping[str, str]) -> None:
        self._limits: dict[str, list[RateLimitItem]] = {
            area: parse_many(text) for area, text in rate_limits.items()
        }
        self._strategy = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, area: str, key: str) -> float | None:
        """Count one hit of `key` in `area`: None if allowed, else the seconds until it would
        be (nothing is counted then)."""
        items = self._limits.get(area, [])
        for item in items:
            if not self._strategy.test(item, area, key):
                reset, _ = self._strategy.get_window_stats(item, area, key)
                return max(1.0, math.ceil(reset - time.time()))
        for item in items:
            self._strategy.hit(item, area, key)
        return None


def too_many(message: str, retry_after: float) -> JSONResponse:
    """The 429 answer: what was limited and when to try again."""
    seconds = str(max(1, math.ceil(retry_after)))
    return JSONResponse(
        {"detail": f"{message}; try again in {seconds} s"},
        status_code=429,
        headers={"Retry-After": seconds},
    )


class RateLimit:
    """Counts each HTTP request and WebSocket connection against its area's limit."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            area = area_of(scope["method"], scope["path"])
        elif scope["type"] == "websocket":
            area = "connect"
        else:
            await self.app(scope, receive, send)
            return
        wait = self.limiter.hit(area, client_address(scope))
        if wait is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            response = too_many(f"too many requests of this kind ({area}) from your address", wait)
            await response(scope, receive, send)
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "too many connections"})
