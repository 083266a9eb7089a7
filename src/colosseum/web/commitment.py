"""Commitments to a seed the server drew: published when a table (or a combat) starts, the
seed and its salt revealed when it ends, so anyone can check that the deal was not changed.

The commitment is the SHA-256, in hex, of the text `"<salt>:<seed>"` (the seed in decimal).
Checking it by hand: `printf '%s' '<salt>:<seed>' | sha256sum`. The salt, 128 random bits,
keeps the seed from being found by hashing every possible seed before it is revealed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SALT_BYTES = 16  # 128 bits, written as 32 hex digits


def new_salt() -> str:
    """A fresh secret salt, in hex."""
    return secrets.token_hex(SALT_BYTES)


def commit(seed: int, salt: str) -> str:
    """The commitment to `seed` under `salt`: SHA-256 of `"<salt>:<seed>"`, in hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def verify(seed: int, salt: str, commitment: str) -> bool:
    """Whether `seed` and `salt` are the ones `commitment` was made from."""
    given = commitment.strip().lower().encode("utf-8", "surrogatepass")
    return hmac.compare_digest(commit(seed, salt).encode(), given)
