"""Seat tokens: 192 random bits each, kept only as a SHA-256 hash, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits, more than the 128 a guess would have to beat
TABLE_ID_BYTES = 9  # 72 bits: knowing a table's id lets one watch it, never play it


def new_token() -> str:
    """A fresh seat token, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored_hash: str | None, token: str) -> bool:
    """Whether `token` is the one whose hash is stored, in time independent of where they
    differ."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(stored_hash, token_hash(token))
