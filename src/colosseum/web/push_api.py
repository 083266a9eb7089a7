"""Web Push subscriptions and unsubscribe links (docs/web.md, "Notifications").

- `GET /api/push/key`: the server's VAPID public key (the application server key a browser
  subscribes with, base64url), or 404 when push is not configured;
- `POST /api/me/push {"endpoint", "keys": {"p256dh", "auth"}}` keeps a browser's
  subscription for the signed-in account (its endpoint on a known push service, its keys a
  P-256 point and a 16-byte secret); `DELETE /api/me/push {"endpoint"}` forgets it;
- `GET /unsubscribe/{token}` turns the account's mail off, without signing in: the token,
  from the mail, is the account's id with its HMAC under the server's secret; `POST` does
  the same for mail programs' one-click unsubscribing (RFC 8058).
"""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from .errors import BadRequest
from .notify import Sender, push_service_allowed, token_account
from .signin import SignedInDep

push = APIRouter(tags=["notifications"])

MAX_TOKEN = 80  # characters of an unsubscribe token worth checking


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PushKeys(_Request):
    p256dh: str = Field(max_length=200, description="The browser's P-256 key, base64url.")
    auth: str = Field(max_length=100, description="The 16-byte auth secret, base64url.")


class NewSubscription(_Request):
    endpoint: str = Field(max_length=1000, description="The push service's URL for this browser.")
    keys: PushKeys
    expirationTime: int | None = Field(default=None, description="Ignored.")


class OldSubscription(_Request):
    endpoint: str = Field(max_length=1000)


class ServerKey(BaseModel):
    key: str = Field(description="The VAPID public key (applicationServerKey), base64url.")


def _sender(request: Request) -> Sender | None:
    return getattr(request.app.state, "notify", None)


def _push_sender(request: Request) -> Sender:
    sender = _sender(request)
    if sender is None or not sender.push_ready:
        raise HTTPException(404, "push is not configured")
    return sender


@push.get("/api/push/key", response_model=ServerKey)
def server_key(request: Request) -> ServerKey:
    """The key a browser's `pushManager.subscribe` takes as `applicationServerKey`."""
    sender = _push_sender(request)
    assert sender.keys.public_key is not None
    return ServerKey(key=sender.keys.public_key)


@push.post("/api/me/push", status_code=201, response_model=OldSubscription)
def subscribe(body: NewSubscription, account: SignedInDep, request: Request) -> OldSubscription:
    """Push "your turn" to this browser (a subscription of `PushManager.subscribe`)."""
    sender = _push_sender(request)
    if not push_service_allowed(body.endpoint, sender.settings.push_services):
        raise BadRequest("endpoint: not on a push service this server posts to")
    _check_key(body.keys.p256dh)
    if len(_decode(body.keys.auth, "keys.auth")) != 16:
        raise BadRequest("keys.auth: not a 16-byte secret")
    sender.outbox.subscribe(account.id, body.endpoint, body.keys.p256dh, body.keys.auth)
    return OldSubscription(endpoint=body.endpoint)


@push.delete("/api/me/push", status_code=204)
def unsubscribe_push(body: OldSubscription, account: SignedInDep, request: Request) -> Response:
    """Push no more to this browser."""
    sender = _push_sender(request)
    if not sender.outbox.unsubscribe(account.id, body.endpoint):
        raise HTTPException(404, "no such subscription of this account")
    return Response(status_code=204)


Token = Annotated[str, Path(max_length=MAX_TOKEN)]


@push.get("/unsubscribe/{token}", response_class=HTMLResponse)
def unsubscribe_page(token: Token, request: Request) -> HTMLResponse:
    """The link of a mail: no more mail for its account."""
    _stop_mail(token, request)
    return HTMLResponse(_PAGE)


@push.post("/unsubscribe/{token}", status_code=204)
def unsubscribe_one_click(token: Token, request: Request) -> Response:
    """A mail program's one-click unsubscribing (List-Unsubscribe-Post)."""
    _stop_mail(token, request)
    return Response(status_code=204)


def _stop_mail(token: str, request: Request) -> None:
    sender = _sender(request)
    account = None if sender is None else token_account(sender.keys.secret, token)
    if sender is None or account is None or not sender.outbox.stop_mail(account):
        raise HTTPException(404, "this unsubscribe link is not valid")


def _decode(text: str, field: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise BadRequest(f"{field}: not base64url") from None


def _check_key(text: str) -> None:
    from cryptography.hazmat.primitives.asymmetric import ec

    raw = _decode(text, "keys.p256dh")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        raise BadRequest("keys.p256dh: not a P-256 public key") from None
    if len(raw) != 65:
        raise BadRequest("keys.p256dh: not an uncompressed P-256 public key")


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribed — Colosseum</title>
<link rel="icon" href="/static/favicon.svg">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<main>
<h1>Unsubscribed</h1>
<p>Colosseum will send this account no more mail when it is its turn.</p>
<p>To have mail again, sign in and tick it on <a href="/account">your account page</a>.</p>
<p><a href="/">The lobby</a></p>
</main>
</body>
</html>
"""
