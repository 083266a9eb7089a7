"""The PettingZoo environment: every seat an agent, in the style of PettingZoo's classic games.

Agents are `seat_0` … `seat_{n-1}`; `agent_selection` is always the seat the game asks
(`State.current_player`), so turn order, interruptions and secret sequential choices come from
the rules, not from a fixed cycle. `observe(agent)` is `{"observation": float32 vector of that
seat's view, "action_mask": int8}`; the mask is all zeros except for the agent to act. Rewards
are 0 until the game ends, then `State.returns()`; `truncations` are set instead of
`terminations` when an explicit cap (`round_limit`, `turn_limit`) ended the game
(`State.capped()`). `infos[agent]` holds the raw `view` of the agent to act and, at the end,
of every agent with the `returns` and `capped`.

`reset(seed=s)` plays the game `colosseum.new_game(game, players, seed=s, options)`; a reset
without a seed draws one from the last seeded reset's sequence, so a run of episodes repeats.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..core.actions import Action
from ..core.errors import ColosseumError, IllegalAction, InvalidOption
from ..core.options import resolve_options
from ..core.registry import game_definition, new_game
from ..core.state import State
from .encodings import Encoding, encoding_for
from .render import RENDER_MODES, check_mode, render

ILLEGAL_REWARD = -1.0
"""What an agent gets for an illegal action in `aec_env` (PettingZoo's classic wrappers)."""


class ActionSpace(spaces.Discrete):
    """Gymnasium's `Discrete`, its membership test answered at once for a Python int (what an
    agent passes at every step, and `AssertOutOfBoundsWrapper` tests); any other value as
    Gymnasium answers it."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            start = int(self.start)
            return start <= x < start + int(self.n)
        return bool(super().contains(x))


class ColosseumAEC(AECEnv):  # type: ignore[misc]
    """A Colosseum game as a PettingZoo `AECEnv` (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": list(RENDER_MODES),
        "name": "colosseum_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        definition = game_definition(game_id)
        info = definition.info
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(f"players must be a whole number, got {players!r}")
        if not info.min_players <= players <= info.max_players:
            raise InvalidOption(
                f"{info.title} takes {info.min_players} to {info.max_players} players, "
                f"not {players}"
            )
        check_mode(render_mode)
        self.game_id = info.id
        self.num_players = players
        self.options = resolve_options(info.options, options)
        self.encoding: Encoding = encoding_for(self.game_id, self.options)
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"colosseum_{info.id.replace('-', '_')}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, count = self.encoding.observation_size, self.encoding.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: ActionSpace(count) for agent in self.possible_agents}
        self.game: State | None = None
        self._seeds: random.Random | None = None
        self._legal: dict[int, Action] = {}
        self._views: dict[int, dict[str, Any]] = {}

    # --- spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the loop ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` as in the module docstring. `options` is not read: the game's
        options are the environment's."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            if self._seeds is None:
                self._seeds = random.Random()
            game_seed = self._seeds.getrandbits(63)
        self.game = new_game(self.game_id, self.num_players, game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_action()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for an agent whose game is over")
        chosen = self._legal.get(int(action))
        if chosen is None:
            raise IllegalAction(f"{agent}: action {int(action)} is not legal now")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.apply(chosen)
        self._after_action()
        self._accumulate_rewards()

    def _after_action(self) -> None:
        """Whose decision it is now, their legal actions and views; the rewards at the end."""
        game = self._game()
        self._views = {}
        if game.is_terminal():
            self._legal = {}
            returns = game.returns()
            capped = game.capped()
            for agent in self.agents:
                seat = self._seat[agent]
                self.rewards[agent] = float(returns[seat])
                self.terminations[agent] = not capped
                self.truncations[agent] = capped
                self.infos[agent] = {"view": self._view(seat), "returns": returns, "capped": capped}
            return
        current = game.current_player
        assert current is not None
        self._legal = self.encoding.legal(game)
        self.agent_selection = self.possible_agents[current]
        for agent in self.agents:
            self.infos[agent] = {}
        self.infos[self.agent_selection] = {"view": self._view(current)}

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation vector of `agent`'s view and, for the agent to act, its mask."""
        seat = self._seat[agent]
        observation = self.encoding.observe(self._view(seat))
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if agent == self.agent_selection and self._legal:
            mask[list(self._legal)] = 1
        return {"observation": observation, "action_mask": mask}

    def legal_actions(self) -> dict[int, Action]:
        """The legal actions of the agent to act, by index (empty once the game is over)."""
        return dict(self._legal)

    # --- rendering ---------------------------------------------------------------------------

    def render(self) -> str | None:
        """The spectator's board (`render_mode` "ansi": text, "svg": SVG)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        game = self._game()
        return render(self.game_id, self.render_mode, game.view(None), self.options)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    # --- helpers -----------------------------------------------------------------------------

    def _game(self) -> State:
        if self.game is None:
            raise ColosseumError("call reset() before using the environment")
        return self.game

    def _view(self, seat: int) -> dict[str, Any]:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._game().view(seat)
        return view


PER_STEP = (
    "agent_selection",
    "agents",
    "rewards",
    "terminations",
    "truncations",
    "infos",
    "_cumulative_rewards",
)
"""What PettingZoo's loop (`agent_iter`, `last`) and its classic wrappers read at every step."""


def _read_through(name: str, before_reset: bool) -> property:
    """`name` read from the environment itself; with `before_reset` false, an AttributeError
    until the first reset, as `OrderEnforcingWrapper` raises it."""

    def read(wrapper: Any) -> Any:
        if not before_reset and not wrapper._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(wrapper.raw_env, name)

    return property(read)


class _Direct:
    """A mixin for PettingZoo's wrappers: the attributes of `PER_STEP` read from the
    environment in one step, not through the `__getattr__` of every wrapper around it (three
    in a row, a third of a step's time). No wrapper keeps its own copy of them (they forward
    every read, and write to `env.unwrapped`), so what is read is the same."""

    raw_env: ColosseumAEC
    _guarded = False

    def __init__(self, env: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(env, *args, **kwargs)  # type: ignore[call-arg]
        self.raw_env = env.unwrapped

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in PER_STEP:
            guarded = cls._guarded and not name.startswith("_")
            setattr(cls, name, _read_through(name, before_reset=not guarded))


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's `TerminateIllegalWrapper`, reading the environment directly."""


class _AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's `AssertOutOfBoundsWrapper`, reading the environment directly."""


class _OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's `OrderEnforcingWrapper`, reading the environment directly."""

    _guarded = True

    def __str__(self) -> str:
        return str(self.env)


def aec_env(
    game_id: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> Any:
    """The game as a PettingZoo `AECEnv`, wrapped as PettingZoo's classic games are: an
    illegal action ends the game with `ILLEGAL_REWARD` for its agent, an out-of-range one
    fails an assertion, and calls out of order raise (PettingZoo's three wrappers, each made
    to read the environment's per-step attributes directly). `.unwrapped` is the
    `ColosseumAEC`."""
    env = ColosseumAEC(game_id, players, options, render_mode)
    env = _TerminateIllegal(env, illegal_reward=ILLEGAL_REWARD)
    env = _AssertOutOfBounds(env)
    return _OrderEnforcing(env)
