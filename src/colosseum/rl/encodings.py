"""The environments' encodings: `encoding_for(game_id, options)` builds the `Encoding` a game
supplies through its definition's `rl_encoding` hook (`colosseum.core.encoding`)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from ..core.encoding import Encoding
from ..core.errors import UnknownGame
from ..core.options import resolve_options
from ..core.registry import game_definition

__all__ = ["Encoding", "encoding_for"]


def encoding_for(game_id: str, options: Mapping[str, Any] | None = None) -> Encoding:
    """The encoding of `game_id` (an id or alias) for these options (defaults filled in);
    UnknownGame for a game that supplies none."""
    definition = game_definition(game_id)
    if definition.rl_encoding is None:
        raise UnknownGame(f"{definition.info.id} has no encoding for the RL environments")
    resolved = resolve_options(definition.info.options, options)
    module = importlib.import_module(definition.rl_encoding)
    cls: type[Encoding] = module.ENCODING
    return cls(resolved)
