"""What every request passes before a handler sees it (docs/security.md): a body bounded in
size and, when there is one, strict JSON of bounded depth without a NUL character; an address
without control characters; and every answer sent with the headers that keep the pages from
being framed, sniffed or scripted from elsewhere.

JSON is checked with orjson, which refuses what the standard parser lets through: NaN and
Infinity, a number too large for a float, a lone UTF-16 surrogate, nesting past 1,024 levels.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import orjson
from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_DEPTH = 32  # levels of nesting of a request's JSON body

# The pages load only their own scripts, styles and images (the boards are inline SVG, hence
# inline styles), talk only to their own origin (WebSocket included), and may not be framed.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}


class SecurityHeaders:
    """Adds `SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyGuard:
    """Refuses, before the handler sees any of it: a body over `limit` bytes (413; `paths`
    may allow more), whether it announces its length or not; a body that is not strict JSON,
    or nests deeper than `MAX_DEPTH`, or holds a NUL character (422); an address or query with
    a control character (422). An accepted body is handed on whole."""

    def __init__(self, app: ASGIApp, limit: int, paths: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.paths = paths or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        query = unquote(scope.get("query_string", b"").decode("latin-1"))
        if _has_control(scope["path"] + "?" + query):  # the path comes decoded already
            await _refuse(scope, send, 422, "the address holds a control character")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope["path"], self.limit)
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _refuse(scope, send, 413, _too_large(limit))
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left before its body was complete
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await _refuse(scope, send, 413, _too_large(limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        problem = json_problem(body) if body.strip() else None
        if problem is not None:
            await _refuse(scope, send, 422, problem)
            return
        delivered = False

        async def replayed() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replayed, send)


def json_problem(body: bytes | str) -> str | None:
    """What is wrong with a JSON text a client sent, or None if it may be read."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError as error:
        return (
            f"the body is not JSON ({error}): it must be strict JSON, "
            "without NaN, Infinity or a lone surrogate"
        )
    return value_problem(data)


def value_problem(data: Any) -> str | None:
    """Whether parsed JSON nests too deep or holds a NUL character."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"the JSON nests deeper than {MAX_DEPTH} levels"
        if isinstance(value, str):
            if "\x00" in value:
                return "a text holds the NUL character"
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    return "a key holds the NUL character"
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return None


def _has_control(text: str) -> bool:
    return any(ord(c) < 32 or ord(c) == 127 for c in text)


def _too_large(limit: int) -> str:
    return f"the request is larger than {limit // 1024} kB"


async def _refuse(scope: Scope, send: Send, status: int, detail: str) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008, "reason": detail[:120]})
        return
    response = JSONResponse({"detail": detail}, status_code=status)
    await response(scope, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}
