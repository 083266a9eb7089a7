"""Sign-in sessions and their protection against cross-site requests (docs/security.md,
"Accounts and sign-in").

A sign-in is a cookie `colosseum_session` holding 192 random bits; the store keeps only their
SHA-256, with an expiry (`SESSION_DAYS`) and a revoked flag. The cookie is HttpOnly,
SameSite=Lax, Path=/, and Secure when the request came over HTTPS (as uvicorn's proxy
middleware saw it, believing only trusted proxies). `current_account` turns a request into
its account, or None when signed out, expired, revoked, disabled or deleted; `AccountDep` and
`SignedInDep` are the FastAPI dependencies.

`CrossSiteGuard` refuses (403) every cookie-carrying POST, PUT, PATCH or DELETE whose `Origin`
is not the server's own, or that has no `Origin` and no `Sec-Fetch-Site: same-origin`; a
request with `Authorization: Bearer` (a seat's token) is not authenticated by the cookie and
passes (a browser never adds a Bearer token by itself). Signing in and up are checked too (a
foreign `Origin` is refused), so another site cannot sign a browser into an account of its
choosing; a WebSocket opened with the cookie from a foreign `Origin` is closed.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from http.cookies import CookieError, SimpleCookie
from typing import Annotated

from fastapi import Depends, Request, Response
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from ..store import AccountRow, Store
from .errors import SignInFirst
from .settings import SESSION_DAYS

COOKIE = "colosseum_session"
SECRET_BYTES = 24  # 192 bits
MAX_COOKIE = 100  # characters of a cookie value worth looking up
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SIGN_IN_PATHS = frozenset({"/api/session", "/api/accounts"})
_CACHE = "colosseum_account"  # request.state attribute: the account, looked up once


def digest(secret: str) -> str:
    """What the store keeps of a sign-in's secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def session_days(request: Request) -> int:
    """How long a sign-in made now lasts (`ServerSettings.session_days`)."""
    settings = getattr(request.app.state, "settings", None)
    return SESSION_DAYS if settings is None else int(settings.session_days)


def store_of(request: Request) -> Store:
    """The store of the app serving the request."""
    found: Store = request.app.state.hub.service.store
    return found


def is_https(request: Request) -> bool:
    return request.url.scheme == "https"


def start_session(
    response: Response, store: Store, account_id: int, secure: bool, days: int = SESSION_DAYS
) -> None:
    """Sign `account_id` in: keep a new sign-in and set its cookie on `response`."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    expires = datetime.now(UTC) + timedelta(days=days)
    store.accounts.add_sign_in(digest(secret), account_id, expires)
    response.set_cookie(
        COOKIE,
        secret,
        max_age=days * 24 * 3600,
        path="/",
        secure=secure,
        httponly=True,
        samesite="lax",
    )


def clear_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(COOKIE, path="/", secure=secure, httponly=True, samesite="lax")


def session_digest(request: Request) -> str | None:
    """The digest of the request's sign-in cookie, or None without a plausible one."""
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > MAX_COOKIE:
        return None
    return digest(secret)


def current_account(request: Request) -> AccountRow | None:
    """The account signed in by the request's cookie: a sign-in neither expired nor
    revoked, of an account neither disabled nor deleted; else None."""
    if hasattr(request.state, _CACHE):
        cached: AccountRow | None = getattr(request.state, _CACHE)
        return cached
    found = session_digest(request)
    account = None if found is None else store_of(request).accounts.signed_in(found)
    setattr(request.state, _CACHE, account)
    return account


def signed_in(account: Annotated[AccountRow | None, Depends(current_account)]) -> AccountRow:
    """The signed-in account; 401 when signed out."""
    if account is None:
        raise SignInFirst("sign in first")
    return account


AccountDep = Annotated[AccountRow | None, Depends(current_account)]
SignedInDep = Annotated[AccountRow, Depends(signed_in)]


# --- cross-site requests ------------------------------------------------------------------------


def own_origin(scope: Scope) -> str | None:
    """The server's origin as the request addressed it: scheme://host[:port]."""
    host = Headers(scope=scope).get("host")
    if not host:
        return None
    given = str(scope.get("scheme", "http"))
    return _normal(f"{ {'ws': 'http', 'wss': 'https'}.get(given, given) }://{host}")


def _normal(origin: str) -> str:
    """An origin lower-cased, without a trailing slash or its scheme's default port."""
    origin = origin.strip().lower().rstrip("/")
    for scheme, port in (("http://", ":80"), ("https://", ":443")):
        if origin.startswith(scheme) and origin.endswith(port):
            return origin.removesuffix(port)
    return origin


def _has_cookie(headers: Headers) -> bool:
    for value in headers.getlist("cookie"):
        jar = SimpleCookie()
        try:
            jar.load(value)
        except CookieError:
            if COOKIE in value:
                return True
            continue
        if COOKIE in jar:
            return True
    return False


def _bearer(headers: Headers) -> bool:
    """A seat's token: a header a page of another site cannot make a browser send (a
    browser may add Basic credentials by itself, never a Bearer token)."""
    return headers.get("authorization", "").lower().startswith("bearer ")


def cross_site(scope: Scope) -> bool:
    """Whether the request must be refused as a possible cross-site forgery."""
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is not None:
        return _normal(origin) != own_origin(scope)
    if scope["type"] == "websocket":
        return False  # browsers always send Origin with a WebSocket
    return headers.get("sec-fetch-site") != "same-origin"


class CrossSiteGuard:
    """Refuses cookie-authenticated changes from another origin (see the module's text)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self._checked(scope) and cross_site(scope):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "cross-site"})
                return
            response = JSONResponse(
                {
                    "detail": "refused: a request signed in by the cookie must come from this "
                    "site's own pages (its Origin header names another site, or it has none)"
                },
                status_code=403,
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _checked(scope: Scope) -> bool:
        headers = Headers(scope=scope)
        if scope["type"] == "websocket":
            return _has_cookie(headers) and headers.get("origin") is not None
        if scope["method"] not in UNSAFE or _bearer(headers):
            return False
        if scope["path"].rstrip("/") in SIGN_IN_PATHS and scope["method"] == "POST":
            # signing in or up: a foreign Origin is refused, a script without one passes
            return _has_cookie(headers) or headers.get("origin") is not None
        return _has_cookie(headers)
