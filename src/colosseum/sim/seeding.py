"""Seeds derived from a base seed, so every game of a batch is reproducible on its own."""

from __future__ import annotations

import hashlib

_MASK63 = (1 << 63) - 1


def derive_seed(base: int, *parts: int | str) -> int:
    """A 63-bit seed that depends only on `base` and `parts` (stable across runs and machines)."""
    text = "/".join(str(part) for part in (base, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & _MASK63
