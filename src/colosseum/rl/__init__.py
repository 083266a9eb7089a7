"""Reinforcement-learning environments for the three games (the optional extra `rl`).

```python
from colosseum.rl import aec_env, gym_env

env = aec_env("jugula", players=3)              # PettingZoo AECEnv, agents seat_0, seat_1, ...
env = gym_env("ludus", opponents=["random"])    # Gymnasium Env for seat 0, action_masks()
```

Both read a game only through the kernel's contract: per game a fixed action table and an
observation encoder over `view(seat)`, which the game supplies in its own package through its
definition's `rl_encoding` hook (`colosseum.core.encoding`); docs/rl.md lists them.
The environments need `pettingzoo`, `gymnasium` and `numpy` (`pip install colosseum[rl]`);
they are imported on first use, so `import colosseum.rl` alone names what is missing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .encodings import Encoding
    from .gym import ColosseumGym

__all__ = ["aec_env", "encoding_for", "gym_env"]

_EXTRA = "colosseum.rl needs the rl extra (pettingzoo, gymnasium, numpy): pip install colosseum[rl]"


def aec_env(
    game_id: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> Any:
    """The game as a PettingZoo `AECEnv` in the classic style (`colosseum.rl.aec`)."""
    try:
        from .aec import aec_env as make
    except ImportError as error:
        raise ImportError(f"{_EXTRA} ({error})") from error
    return make(game_id, players, options, render_mode)


def gym_env(
    game_id: str,
    opponents: Sequence[str] = ("heuristic",),
    seat: int | None = 0,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
) -> ColosseumGym:
    """The game as a Gymnasium `Env` for one seat against fixed opponents (`colosseum.rl.gym`)."""
    try:
        from .gym import gym_env as make
    except ImportError as error:
        raise ImportError(f"{_EXTRA} ({error})") from error
    return make(game_id, opponents, seat, options, render_mode, illegal_reward)


def encoding_for(game_id: str, options: Mapping[str, Any] | None = None) -> Encoding:
    """The game's action table and observation encoder (`colosseum.rl.encodings`)."""
    try:
        from .encodings import encoding_for as make
    except ImportError as error:
        raise ImportError(f"{_EXTRA} ({error})") from error
    return make(game_id, options)
