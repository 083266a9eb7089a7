"""Passwords: hashed with Argon2id through argon2-cffi's `PasswordHasher` (its RFC 9106
parameters), checked in constant time by the library, rehashed on sign-in when the
parameters grew. A password is at least `MIN_LENGTH` characters and at most `MAX_BYTES`
bytes in UTF-8: Argon2 over a megabyte would let one request hold a core.

A refusal names the rule broken and never the password.
"""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .errors import BadRequest

MIN_LENGTH = 10  # characters
MAX_BYTES = 1024  # of the password in UTF-8

HASHER = PasswordHasher()  # Argon2id, RFC 9106's low-memory parameters


def check_password(password: object, field: str = "password") -> str:
    """The password if it may be used, else `BadRequest` naming the rule (not the password)."""
    if not isinstance(password, str):
        raise BadRequest(f"{field}: a password is text")
    if len(password) < MIN_LENGTH:
        raise BadRequest(f"{field}: a password has at least {MIN_LENGTH} characters")
    try:
        size = len(password.encode("utf-8"))
    except UnicodeEncodeError:
        raise BadRequest(f"{field}: a password may not hold half of a surrogate pair") from None
    if size > MAX_BYTES:
        raise BadRequest(f"{field}: a password has at most {MAX_BYTES} bytes (in UTF-8)")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash to store (salted, with its parameters)."""
    return HASHER.hash(check_password(password))


def verify(stored: str | None, password: str) -> bool:
    """Whether `password` is the one of the `stored` hash. Without a stored hash (an
    unknown name, an account without password) a dummy hash is checked instead, so the
    answer takes as long either way."""
    if not isinstance(password, str) or len(password.encode("utf-8", "replace")) > MAX_BYTES:
        return False
    try:
        return HASHER.verify(stored or _dummy(), password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether the hash was made with weaker parameters than the hasher's now."""
    try:
        return HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return False


@cache
def _dummy() -> str:
    """A hash of a random password nobody knows, made once, for timing."""
    return HASHER.hash(secrets.token_urlsafe(24))
