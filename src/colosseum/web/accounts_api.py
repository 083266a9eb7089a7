"""The accounts' API (docs/web.md, "Accounts"): sign up, sign in and out (here or
everywhere), read and change one's account, delete it. Handlers parse, rate-limit, call
`accounts_service.py`, and set or clear the sign-in cookie (`signin.py`).

They run in the thread pool (`def`, not `async def`): Argon2 takes a core for a while.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ..store import AccountRow
from ..store.accounts import name_key
from . import accounts_service as service
from .errors import BadRequest, RateLimited
from .passwords import MAX_BYTES, check_password
from .ratelimit import Limiter, client_address
from .signin import (
    SignedInDep,
    clear_cookie,
    is_https,
    session_days,
    session_digest,
    start_session,
    store_of,
)

accounts = APIRouter(prefix="/api", tags=["accounts"])

NAME_FIELD = 200  # characters a name field may bring (the rules then allow 40)
EMAIL_FIELD = 320


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewAccount(_Request):
    name: str = Field(max_length=NAME_FIELD, examples=["Ann"])
    password: str = Field(max_length=MAX_BYTES, description="At least 10 characters.")
    email: str | None = Field(default=None, max_length=EMAIL_FIELD)


class SignIn(_Request):
    name: str = Field(max_length=NAME_FIELD, examples=["Ann"])
    password: str = Field(max_length=MAX_BYTES)


class ChangeAccount(_Request):
    email: str | None = Field(default=None, max_length=EMAIL_FIELD, description="null or '': none")
    notify_email: bool | None = None
    password: str | None = Field(default=None, max_length=MAX_BYTES, description="A new one.")
    current_password: str | None = Field(default=None, max_length=MAX_BYTES)


class DeleteAccount(_Request):
    password: str | None = Field(
        default=None, max_length=MAX_BYTES, description="Needed when the account has one."
    )


class AccountInfo(BaseModel):
    name: str
    email: str | None
    created: datetime
    notify_email: bool
    has_password: bool


def _limit(request: Request, area: str, key: str, what: str) -> None:
    limiter: Limiter = request.app.state.limiter
    wait = limiter.hit(area, key)
    if wait is not None:
        raise RateLimited(what, wait)


def _address(request: Request) -> str:
    return client_address(request.scope)


def _info(request: Request, account: AccountRow) -> AccountInfo:
    stored = store_of(request).accounts.password_hash(account.id)
    return AccountInfo(
        name=account.name,
        email=account.email,
        created=account.created,
        notify_email=account.notify_email,
        has_password=stored is not None,
    )


def _sign_in(request: Request, response: Response, account: AccountRow) -> None:
    """A new sign-in for `account`; the one the browser had before (if any) ends."""
    previous = session_digest(request)
    if previous is not None:
        store_of(request).accounts.revoke(previous)
    start_session(response, store_of(request), account.id, is_https(request), session_days(request))


@accounts.post("/accounts", response_model=AccountInfo, status_code=201)
def sign_up(body: NewAccount, request: Request, response: Response) -> AccountInfo:
    """A new account, signed in at once (the answer sets the sign-in cookie); 409 when the
    name is taken (names compare trimmed, ignoring case)."""
    _limit(request, "account", _address(request), "too many new accounts from your address")
    account = service.register(store_of(request), body.name, body.password, body.email)
    _sign_in(request, response, account)
    return _info(request, account)


@accounts.post("/session", response_model=AccountInfo)
def sign_in(body: SignIn, request: Request, response: Response) -> AccountInfo:
    """Sign in by name and password: 200 and the sign-in cookie; 401 when either is wrong
    (without saying which), 403 when the account is disabled."""
    _limit(request, "signin", _address(request), "too many sign-ins from your address")
    key = "name:" + name_key(body.name)
    _limit(request, "signin", key, "too many sign-ins to this account")
    account = service.authenticate(store_of(request), body.name, body.password)
    _sign_in(request, response, account)
    return _info(request, account)


@accounts.delete("/session", status_code=204)
def sign_out(request: Request) -> Response:
    """Sign out: this sign-in ends and its cookie is cleared (signed out already: the same)."""
    found = session_digest(request)
    if found is not None:
        store_of(request).accounts.revoke(found)
    response = Response(status_code=204)
    clear_cookie(response, is_https(request))
    return response


@accounts.delete("/me/sessions", status_code=204)
def sign_out_everywhere(account: SignedInDep, request: Request) -> Response:
    """End every sign-in of the account, in every browser, this one included."""
    store_of(request).accounts.revoke_all(account.id)
    response = Response(status_code=204)
    clear_cookie(response, is_https(request))
    return response


@accounts.get("/me", response_model=AccountInfo)
def me(account: SignedInDep, request: Request) -> AccountInfo:
    """The signed-in account; 401 when signed out."""
    return _info(request, account)


@accounts.patch("/me", response_model=AccountInfo)
def change(body: ChangeAccount, account: SignedInDep, request: Request) -> AccountInfo:
    """Change the email (null or "": none), whether turns are mailed, or the password (with
    `current_password`; every other sign-in of the account then ends)."""
    store = store_of(request)
    changes: dict[str, Any] = {}
    if "email" in body.model_fields_set:
        changes["email"] = service.check_email(body.email)
    if body.notify_email is not None:
        changes["notify_email"] = body.notify_email
    if body.password is not None:
        check_password(body.password, "password")
        if store.accounts.password_hash(account.id) is not None:
            _limit(request, "signin", f"account:{account.id}", "too many password checks")
            service.confirm_password(store, account, body.current_password)
    elif body.current_password is not None:
        raise BadRequest("current_password: given without a new password")
    if body.password is not None:
        service.set_password(store, account, body.password, keep=session_digest(request))
    changed = store.accounts.update(account.id, **changes)
    assert changed is not None
    return _info(request, changed)


@accounts.delete("/me", status_code=204)
def delete_account(body: DeleteAccount, account: SignedInDep, request: Request) -> Response:
    """Delete the account (its password, when it has one, confirms): its games keep their
    seats under the name "deleted player <n>"; its email, password, passkeys and sign-ins
    are gone, and the name is free again."""
    store = store_of(request)
    if store.accounts.password_hash(account.id) is not None:
        _limit(request, "signin", f"account:{account.id}", "too many password checks")
        service.confirm_password(store, account, body.password)
    store.accounts.delete(account.id)
    response = Response(status_code=204)
    clear_cookie(response, is_https(request))
    return response
