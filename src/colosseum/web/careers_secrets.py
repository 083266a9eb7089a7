"""The secrets of a combat started on the server, and what of them anyone may see.

A combat's seed decides everything hidden in it: the dice of each step, the thrifty managers'
choices, and (through the seed derived for it) the deal of its Jugula table. It is drawn here
(63 random bits) with a salt (128 bits) when the combat begins, both kept in the combat's plan
(the store is the server's; no page shows the plan raw), and only the commitment
`SHA-256("<salt>:<seed>")` (`web/commitment.py`) is shown until the combat has ended; then the
seed and salt are shown, and anyone can check them against the commitment.

The combat's table gets a seed and a salt of its own, derived one way from the combat's
(`table_seed`, `table_salt`), because the table ends before the combat does (its post-arena
steps still roll the combat's dice): the table's seed and salt, revealed when the table is
over, tell nothing of the combat's. Once the combat has ended, anyone can check that the table
was dealt from it.

A person's seat at the combat's table opens with a token derived from a secret of the plan
(`seat_key`) and his name: his page shows it to him alone, once his ludus's key proves him,
so a recovered ludus key still opens the seat and nobody else's key does.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from .commitment import commit, new_salt

SEED_BITS = 63  # as a table's seed (the store keeps a signed 64-bit integer)
SEAT_KEY_BYTES = 32


def draw_secrets() -> dict[str, Any]:
    """A combat's secrets, as its plan keeps them: seed, salt, the key of its seat tokens,
    and the commitment to the seed that everyone may see."""
    seed, salt = secrets.randbits(SEED_BITS), new_salt()
    return {
        "seed": seed,
        "salt": salt,
        "commitment": commit(seed, salt),
        "seat_key": secrets.token_hex(SEAT_KEY_BYTES),
    }


def table_seed(seed: int) -> int:
    """The seed of a combat's Jugula table: the first 63 bits of SHA-256("<seed>:table")."""
    digest = hashlib.sha256(f"{seed}:table".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def table_salt(salt: str) -> str:
    """The salt of the table's commitment: the first 32 hex digits of SHA-256("<salt>:table")."""
    return hashlib.sha256(f"{salt}:table".encode()).hexdigest()[:32]


def seat_token(plan: Mapping[str, Any], lanista: str) -> str:
    """The token of `lanista`'s seat at the combat's table: HMAC-SHA256 of his name under the
    plan's seat key, URL-safe."""
    key = bytes.fromhex(str(plan["seat_key"]))
    mac = hmac.new(key, lanista.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def revealed(plan: Mapping[str, Any], ended: bool) -> dict[str, Any]:
    """What a combat's page shows of its secrets: the commitment always; once the combat has
    ended, the seed, the salt, and `check`, the text "<salt>:<seed>" whose SHA-256 the
    commitment is (the seed as text, which a browser's numbers would round); none for a
    combat begun at the terminal."""
    shown: dict[str, Any] = {
        "commitment": plan.get("commitment"),
        "seed": None,
        "salt": None,
        "check": None,
    }
    if ended and "salt" in plan:
        seed, salt = int(plan["seed"]), str(plan["salt"])
        shown.update(seed=seed, salt=salt, check=f"{salt}:{seed}")
    return shown
