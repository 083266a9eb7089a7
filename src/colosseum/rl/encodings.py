"""The environments' encodings: `encoding_for(game_id, options)` builds the `Encoding` a game
supplies through its definition's `rl_encoding` hook (`colosseum.core.encoding`, where the
search's learned guides find it too)."""

from __future__ import annotations

from ..core.encoding import Encoding, encoding_for

__all__ = ["Encoding", "encoding_for"]
