"""Passkeys (WebAuthn, through the `webauthn` library): a second way into an account
(docs/web.md, "Passkeys"; docs/security.md).

Each ceremony is two requests. The first draws a challenge, keeps it in the store for five
minutes under the hash of an id handed to the browser, and answers the options for
`navigator.credentials.create()` or `.get()`; the second sends the browser's answer with that
id, and the challenge is taken from the store (once: a replayed or expired answer finds
nothing) and checked by the library against this server's own origin and relying party id,
both read from the request (scheme://host[:port] after the trusted proxies, the host name
without its port), so an answer made for another site is refused.

A registration belongs to the signed-in account; a sign-in needs no name (discoverable
credentials): the credential names its passkey, whose public key and signature counter check
the answer, and then the account (enabled, not deleted) gets a sign-in cookie. Sign-ins count in
the rate limit area "signin" per client address, shared with the password's.
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, options_to_json_dict
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..store import AccountRow
from ..store.passkeys import ChallengeRow, PasskeyRow, Passkeys, PasskeyTaken
from .errors import RateLimited
from .ratelimit import Limiter, client_address
from .signin import SignedInDep, is_https, own_origin, session_days, start_session, store_of

RP_NAME = "Colosseum"
REGISTER = "register"
SIGN_IN = "sign-in"
CHALLENGE_LIFE = timedelta(minutes=5)
CEREMONY_MS = 120_000  # how long the browser is asked to wait for the person
MAX_PASSKEYS = 20  # per account
CHALLENGE_ID_BYTES = 24
SIGNIN_AREA = "signin"

passkeys = APIRouter(prefix="/api", tags=["accounts"])


# --- requests and answers -------------------------------------------------------------------


class PasskeyOptions(BaseModel):
    """What the browser passes to `navigator.credentials.create()` or `.get()` (`publicKey`,
    binary fields in base64url), and the id of the challenge to send back with its answer."""

    challenge_id: str
    options: dict[str, Any]


class PasskeyAnswer(BaseModel):
    """The browser's answer to a ceremony: the challenge's id and the credential as JSON
    (`PublicKeyCredential.toJSON()`: binary fields in base64url)."""

    challenge_id: Annotated[str, Field(min_length=1, max_length=64)]
    credential: dict[str, Any]


class PasskeyEntry(BaseModel):
    """One of the account's passkeys: its number and when it was added."""

    id: int
    created: datetime


class SignedIn(BaseModel):
    """The account now signed in."""

    name: str


# --- where we are ---------------------------------------------------------------------------


def relying_party(request: Request) -> tuple[str, str]:
    """This server's relying party id (the host name the browser used, without its port) and
    origin (scheme://host[:port], the scheme as the trusted proxies say: the origin the
    cross-site guard checks too)."""
    origin = own_origin(request.scope)
    host = (request.url.hostname or "").lower()
    if origin is None or not host:
        raise HTTPException(400, "the request names no host")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        raise HTTPException(
            403,
            "passkeys work only when the server is reached by a name (such as localhost), "
            "not by an IP address",
        )
    return host, origin


def user_handle(account: AccountRow) -> bytes:
    """The stable, opaque id an authenticator keeps for the account (WebAuthn's user handle):
    a SHA-256 of its number and creation time, never its number or name in clear."""
    created = account.created
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    text = f"colosseum passkey user\0{account.id}\0{created.astimezone(UTC).isoformat()}"
    return hashlib.sha256(text.encode()).digest()


def _keys(request: Request) -> Passkeys:
    return Passkeys(store_of(request).engine)


def _limit_sign_in(request: Request) -> None:
    limiter: Limiter = request.app.state.limiter
    wait = limiter.hit(SIGNIN_AREA, client_address(request.scope))
    if wait is not None:
        raise RateLimited("too many sign-ins from your address", wait)


def _new_challenge(keys: Passkeys, purpose: str, account: int | None, challenge: bytes) -> str:
    """Keep `challenge` for five minutes; the id the browser sends back with its answer."""
    challenge_id = secrets.token_urlsafe(CHALLENGE_ID_BYTES)
    now = datetime.now(UTC)
    keys.store_challenge(
        challenge_id, purpose, account, bytes_to_base64url(challenge), now + CHALLENGE_LIFE, now
    )
    return challenge_id


def _credential_id(credential: dict[str, Any]) -> str:
    found = credential.get("id")
    if not isinstance(found, str) or not 0 < len(found) <= 1400:
        raise HTTPException(422, "credential.id: the passkey's answer names no credential")
    return found


# --- registration (signed in) ---------------------------------------------------------------


@passkeys.post("/me/passkeys/options", response_model=PasskeyOptions)
def registration_options(request: Request, account: SignedInDep) -> PasskeyOptions:
    """Options to make a new passkey for the signed-in account (its other passkeys
    excluded); answer them within five minutes with `POST /api/me/passkeys`."""
    rp_id, _ = relying_party(request)
    keys = _keys(request)
    mine = keys.of_account(account.id)
    if len(mine) >= MAX_PASSKEYS:
        raise HTTPException(409, f"an account has at most {MAX_PASSKEYS} passkeys: remove one")
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=account.name,
        user_id=user_handle(account),
        timeout=CEREMONY_MS,
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(p.credential_id)) for p in mine
        ],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    challenge_id = _new_challenge(keys, REGISTER, account.id, options.challenge)
    return PasskeyOptions(challenge_id=challenge_id, options=options_to_json_dict(options))


@passkeys.post("/me/passkeys", response_model=PasskeyEntry, status_code=201)
def add_passkey(answer: PasskeyAnswer, request: Request, account: SignedInDep) -> PasskeyEntry:
    """Keep the passkey the browser made for the signed-in account."""
    rp_id, origin = relying_party(request)
    keys = _keys(request)
    challenge = keys.take_challenge(answer.challenge_id, REGISTER)
    if challenge is None or challenge.account != account.id:
        raise HTTPException(
            409, "this request to add a passkey has expired or was already answered: start again"
        )
    try:
        verified = verify_registration_response(
            credential=answer.credential,
            expected_challenge=base64url_to_bytes(challenge.challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except Exception as error:  # a hostile answer may break the library's parsers anywhere
        raise HTTPException(422, f"the new passkey was refused: {_reason(error)}") from None
    if keys.count(account.id) >= MAX_PASSKEYS:
        raise HTTPException(409, f"an account has at most {MAX_PASSKEYS} passkeys: remove one")
    try:
        row = keys.add(
            account.id,
            bytes_to_base64url(verified.credential_id),
            bytes_to_base64url(verified.credential_public_key),
            verified.sign_count,
        )
    except PasskeyTaken as error:
        raise HTTPException(409, str(error)) from None
    return PasskeyEntry(id=row.id, created=row.created)


@passkeys.get("/me/passkeys", response_model=list[PasskeyEntry])
def list_passkeys(request: Request, account: SignedInDep) -> list[PasskeyEntry]:
    """The signed-in account's passkeys, oldest first."""
    return [PasskeyEntry(id=p.id, created=p.created) for p in _keys(request).of_account(account.id)]


@passkeys.delete("/me/passkeys/{passkey_id}", status_code=204)
def remove_passkey(passkey_id: int, request: Request, account: SignedInDep) -> Response:
    """Remove one of the signed-in account's passkeys: it no longer signs in."""
    if not _keys(request).delete(account.id, passkey_id):
        raise HTTPException(404, "this account has no passkey with this number")
    return Response(status_code=204)


# --- sign-in --------------------------------------------------------------------------------


@passkeys.post("/session/passkey/options", response_model=PasskeyOptions)
def sign_in_options(request: Request) -> PasskeyOptions:
    """Options to sign in with a passkey (any of this site's: the browser lets the person
    choose); answer them within five minutes with `POST /api/session/passkey`."""
    _limit_sign_in(request)
    rp_id, _ = relying_party(request)
    options = generate_authentication_options(
        rp_id=rp_id,
        timeout=CEREMONY_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    challenge_id = _new_challenge(_keys(request), SIGN_IN, None, options.challenge)
    return PasskeyOptions(challenge_id=challenge_id, options=options_to_json_dict(options))


@passkeys.post("/session/passkey", response_model=SignedIn)
def sign_in_with_passkey(answer: PasskeyAnswer, request: Request, response: Response) -> SignedIn:
    """Sign in with the passkey that answered the challenge: the session cookie is set."""
    _limit_sign_in(request)
    rp_id, origin = relying_party(request)
    store = store_of(request)
    keys = Passkeys(store.engine)
    challenge = keys.take_challenge(answer.challenge_id, SIGN_IN)
    if challenge is None:
        raise HTTPException(
            401, "this sign-in request has expired or was already answered: try again"
        )
    passkey = keys.find(_credential_id(answer.credential))
    account = None if passkey is None else store.accounts.get(passkey.account)
    if passkey is None or account is None or account.deleted:
        raise HTTPException(401, "no account has this passkey")
    new_count = _verify_sign_in(answer.credential, challenge, passkey, rp_id, origin)
    if not _same_user(answer.credential, account):
        raise HTTPException(401, "this passkey answered for another account")
    if account.disabled:
        raise HTTPException(403, "this account is disabled")
    if not keys.used(passkey.id, passkey.sign_count, new_count):
        raise HTTPException(401, "this passkey was used by another sign-in at the same moment")
    start_session(response, store, account.id, is_https(request), session_days(request))
    return SignedIn(name=account.name)


def _verify_sign_in(
    credential: dict[str, Any],
    challenge: ChallengeRow,
    passkey: PasskeyRow,
    rp_id: str,
    origin: str,
) -> int:
    """The authenticator's new signature counter, once the answer is checked."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge.challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except Exception as error:  # a hostile answer may break the library's parsers anywhere
        raise HTTPException(401, f"the passkey was refused: {_reason(error)}") from None
    return int(verified.new_sign_count)


def _same_user(credential: dict[str, Any], account: AccountRow) -> bool:
    """Whether the answer's user handle, when it carries one, is the account's."""
    response = credential.get("response")
    handle = response.get("userHandle") if isinstance(response, dict) else None
    if handle is None or handle == "":
        return True
    try:
        return isinstance(handle, str) and base64url_to_bytes(handle) == user_handle(account)
    except ValueError:
        return False


def _reason(error: Exception) -> str:
    """The library's reason in one short line (its messages name no secret)."""
    text = " ".join(str(error).split())[:200]
    return text or "its answer could not be read"
