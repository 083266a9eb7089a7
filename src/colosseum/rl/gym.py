"""The Gymnasium environment: one seat learns, fixed opponents play the others.

The opponents are Colosseum agents named by spec (`random`, `heuristic`, `ismcts:...`, a
level; `colosseum.sim.match.build_agent`), one per other seat in seat order; they play between
the learner's decisions, reading the game as every agent does (`view`, `legal_actions`,
`determinize`). The observation is the float32 vector of the learner's view; `action_masks()`
(what sb3-contrib's MaskablePPO calls) and `info["action_mask"]` give the legal indices.

Reward 0 until the game ends, then the learner's `State.returns()` entry; `truncated` instead
of `terminated` when an explicit cap ended the game (`State.capped()`). An illegal index ends
the episode (`terminated`) with `illegal_reward` and `info["illegal_action"]`: Gymnasium's
`check_env` and unmasked learners send them.

Each game is registered with Gymnasium as `colosseum/<game id>-v0` (`gymnasium.make(
"colosseum/ludus-gladiatorius-v0", opponents=["random"])`) once this module is imported.

Seeding: `reset(seed=s)` plays `colosseum.new_game(game, players, seed=s, options)` with the
opponents' choices drawn from a generator derived from `s`; without a seed, the game's seed
comes from the environment's `np_random`. With `seat=None` each reset draws the learner's seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..agents.base import Agent
from ..core.actions import Action
from ..core.errors import ColosseumError, InvalidOption
from ..core.options import resolve_options
from ..core.registry import game_definition, games, new_game
from ..core.spaces import Vector
from ..core.state import State
from ..sim.match import build_agent
from ..sim.seeding import derive_seed
from .encodings import Encoding, encoding_for
from .render import RENDER_MODES, check_mode, render

_SEEDS = 1 << 63


class ColosseumGym(gymnasium.Env[Vector, np.int64]):
    """One seat of a Colosseum game as a Gymnasium `Env` (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        opponents: Sequence[str] = ("heuristic",),
        seat: int | None = 0,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        definition = game_definition(game_id)
        info = definition.info
        if isinstance(opponents, str):
            opponents = [opponents]
        players = 1 + len(opponents)
        if not info.min_players <= players <= info.max_players:
            raise InvalidOption(
                f"{info.title} takes {info.min_players} to {info.max_players} players: give "
                f"{info.min_players - 1} to {info.max_players - 1} opponents, not {len(opponents)}"
            )
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise InvalidOption(f"seat must be 0..{players - 1} or None (drawn), not {seat!r}")
        check_mode(render_mode)
        self.game_id = info.id
        self.num_players = players
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.options = resolve_options(info.options, options)
        self.encoding: Encoding = encoding_for(self.game_id, self.options)
        self.opponent_specs = tuple(opponents)
        for spec in self.opponent_specs:  # a bad spec fails here, not at the first reset
            build_agent(spec, self.game_id)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.game: State | None = None
        self._legal: dict[int, Action] = {}
        self._agents: dict[int, Agent] = {}
        self._agent_rng = random.Random(0)
        self._done = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """A new game, played by the opponents up to the learner's first decision. `options`
        is not read: the game's options are the environment's."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(_SEEDS))
        if self.fixed_seat is None:
            self.seat = int(derive_seed(game_seed, "seat") % self.num_players)
        others = [s for s in range(self.num_players) if s != self.seat]
        self._agents = {  # fresh agents each game, as `colosseum.sim.match.play_match` does
            other: build_agent(spec, self.game_id)
            for other, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._agent_rng = random.Random(derive_seed(game_seed, "opponents"))
        self.game = new_game(self.game_id, self.num_players, game_seed, self.options)
        self._play_opponents()
        self._done = self.game.is_terminal()  # (the opponents never end a game before it)
        return self._result()

    def step(self, action: Any) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self._game()
        if self._done:
            raise ColosseumError("the episode is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            self._done = True
            observation, info = self._result()
            info["illegal_action"] = int(action)
            return observation, self.illegal_reward, True, False, info
        game.apply(chosen)
        self._play_opponents()
        reward = 0.0
        terminated = truncated = False
        if game.is_terminal():
            self._done = True
            reward = float(game.returns()[self.seat])
            truncated = game.capped()
            terminated = not truncated
        observation, info = self._result()
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal indices as booleans (sb3-contrib's MaskablePPO calls this)."""
        mask = np.zeros(self.encoding.num_actions, dtype=np.bool_)
        if not self._done:
            mask[list(self._legal)] = True
        return mask

    def legal_actions(self) -> dict[int, Action]:
        """The learner's legal actions by index (empty once the episode is over)."""
        return {} if self._done else dict(self._legal)

    def render(self) -> str | None:
        """The learner's board (`render_mode` "ansi": text, "svg": SVG, legal actions marked)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        game = self._game()
        legal = [] if self._done else [str(a) for a in self._legal.values()]
        return render(self.game_id, self.render_mode, game.view(self.seat), self.options, legal)

    # --- helpers -----------------------------------------------------------------------------

    def _game(self) -> State:
        if self.game is None:
            raise ColosseumError("call reset() before using the environment")
        return self.game

    def _play_opponents(self) -> None:
        """The opponents decide until it is the learner's turn or the game is over."""
        game = self._game()
        while not game.is_terminal() and game.current_player != self.seat:
            seat = game.current_player
            assert seat is not None
            game.apply(self._agents[seat].choose(game, seat, self._agent_rng))
        self._legal = {} if game.is_terminal() else self.encoding.legal(game)

    def _result(self) -> tuple[Vector, dict[str, Any]]:
        """The learner's observation and info, from one view."""
        game = self._game()
        view = game.view(self.seat)
        info: dict[str, Any] = {
            "view": view,
            "seat": self.seat,
            "action_mask": self.action_masks().astype(np.int8),
        }
        if game.is_terminal():
            info["returns"] = game.returns()
            info["capped"] = game.capped()
        return self.encoding.observe(view), info


def gym_env(
    game_id: str,
    opponents: Sequence[str] = ("heuristic",),
    seat: int | None = 0,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
) -> ColosseumGym:
    """The game as a Gymnasium `Env` for the learner at `seat` against `opponents`."""
    return ColosseumGym(game_id, opponents, seat, options, render_mode, illegal_reward)


ENV_IDS: dict[str, str] = {}
"""The Gymnasium id of each game with an encoding (`gymnasium.make(ENV_IDS[game],
opponents=[...])`): `colosseum/<game id>-v0`."""


def register_envs() -> dict[str, str]:
    """Register with Gymnasium every game of the registry that supplies an encoding (its
    `rl_encoding` hook): done when this module is imported, and again after a program
    registers a game of its own."""
    for game_id in games():
        if game_definition(game_id).rl_encoding is None:
            continue
        env_id = ENV_IDS.setdefault(game_id, f"colosseum/{game_id}-v0")
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="colosseum.rl.gym:ColosseumGym", kwargs={"game_id": game_id}
            )
    return ENV_IDS


register_envs()
