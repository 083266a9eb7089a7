"""Learned guides: a policy and a value network per game, fitted by self-play (`colosseum
train`, sim/training.py) and read by the `master` level's search.

Both networks read one seat's observation, the vector the RL environments give (the game's
`Encoding` of `view(seat)`), never the full state: the policy scores every index of the
game's action table (only the legal ones are kept, their softmax is the search's prior), the
value gives the seat's expected share of the win. Playing needs numpy alone: the weights are
package data in the game's folder (its `search` hook names it as `GUIDE`), an `.npz` of
arrays beside a TOML manifest that says how they were fitted and carries their digest, checked
on load.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import PositiveInt

from ..core.actions import Action
from ..core.data import StatedModel, load_validated
from ..core.errors import DataError
from ..core.options import OptionValue
from ..core.registry import game_definition
from ..core.search import Evaluation
from ..core.state import State
from .base import Agent, favourite, shares_of
from .search_hooks import search_module

if TYPE_CHECKING:  # numpy comes with the `rl` extra; only a guide in use needs it
    import numpy as np
    import numpy.typing as npt

    from ..core.encoding import Encoding

    Matrix = npt.NDArray[np.floating[Any]]
    Indices = npt.NDArray[np.intp]


class GuideManifest(StatedModel):
    """What a guide's weights are: the game, the encoding they read (its sizes), each
    network's hidden layers, how they were fitted, and the digest of the `.npz`."""

    game: str
    fitted_by: str
    observation_size: PositiveInt
    num_actions: PositiveInt
    hidden: list[PositiveInt]
    sha256: str


def guide_paths(game: str, folder: Path | None = None) -> tuple[Path, Path]:
    """The weights and the manifest of `game`'s guide, in `folder` (by default the folder its
    `search` hook names as `GUIDE`); DataError for a game that has none."""
    if folder is None:
        found = getattr(search_module(game), "GUIDE", None)
        if found is None:
            raise DataError(f"{game} has no learned guide (its search hook names no GUIDE)")
        folder = Path(found)
    return folder / f"{game}-guide.npz", folder / f"{game}-guide.toml"


@dataclass(frozen=True)
class Network:
    """A multilayer perceptron: ReLU between its layers, the last one linear. An observation
    is mostly zeros (its one-hot blocks), so the first layer sums only the rows of its
    nonzero inputs, and the last computes only the outputs asked for."""

    weights: tuple[Matrix, ...]
    biases: tuple[Matrix, ...]

    def __call__(self, observation: Matrix, outputs: Indices | None = None) -> Matrix:
        """The outputs (those indexed by `outputs`, or all) for one observation vector."""
        import numpy as np

        inputs = np.flatnonzero(observation)
        out = observation[inputs] @ self.weights[0][inputs] + self.biases[0]
        for weight, bias in zip(self.weights[1:], self.biases[1:], strict=True):
            np.maximum(out, 0.0, out=out)
            if outputs is not None and weight is self.weights[-1]:
                found: Matrix = out @ weight[:, outputs] + bias[outputs]
                return found
            out = out @ weight + bias
        return out if outputs is None else out[outputs]


def _network(arrays: Mapping[str, Matrix], name: str, path: Path) -> Network:
    weights: list[Matrix] = []
    biases: list[Matrix] = []
    while f"{name}_w{len(weights)}" in arrays:
        layer = len(weights)
        weights.append(arrays[f"{name}_w{layer}"])
        biases.append(arrays[f"{name}_b{layer}"])
    if not weights:
        raise DataError(f"guide {path} has no {name} network")
    for before, after in itertools.pairwise(weights):
        if before.shape[1] != after.shape[0]:
            raise DataError(f"guide {path}: the {name} network's layers do not chain")
    return Network(tuple(weights), tuple(biases))


class LearnedGuide:
    """A game's fitted networks with the encoding they read. As an agent it plays the
    policy's favourite legal action; `preferences` are the policy's shares of the legal
    actions (the search's prior); `evaluation` is each seat's share of the win by the value
    network, from that seat's own view."""

    name = "guide"

    def __init__(self, game: str, policy: Network, value: Network) -> None:
        self.game = game
        self.policy = policy
        self.value = value

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]:
        import numpy as np

        encoding = _encoding(self.game, _options_key(state.options))
        legal = encoding.legal(state)
        indices = np.fromiter(legal, dtype=np.intp, count=len(legal))
        logits = self.policy(encoding.observe(state.view(seat)), indices)
        shares = np.exp(logits - logits.max())
        shares /= shares.sum()
        return {str(action): float(p) for action, p in zip(legal.values(), shares, strict=True)}

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return favourite(self, state, seat, rng)

    def blended(self, evaluation: Evaluation | None) -> Evaluation:
        """The mean of the value network's shares and `evaluation`'s (the game's own), or
        the network's alone."""
        if evaluation is None:
            return self.evaluation
        own = evaluation

        def both(state: State) -> list[float]:
            return [(a + b) / 2 for a, b in zip(self.evaluation(state), own(state), strict=True)]

        return both

    def evaluation(self, state: State) -> list[float]:
        """Each seat's share of the win: the value of its own view, over the seats' sum."""
        encoding = _encoding(self.game, _options_key(state.options))
        values = [
            min(1.0, max(0.0, float(self.value(encoding.observe(state.view(seat)))[0])))
            for seat in range(state.num_players)
        ]
        total = sum(values)
        if total <= 0.0:
            return [1.0 / state.num_players] * state.num_players
        return [value / total for value in values]


class MixedGuide:
    """The mean of two guides' shares of the legal actions: the learned policy beside the
    game's heuristic player (an agent without preferences counts for its move). Plays the
    favourite."""

    name = "guide"

    def __init__(self, first: Agent, second: Agent) -> None:
        self.guides = (first, second)

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]:
        mixed: dict[str, float] = {}
        for guide in self.guides:
            shares = shares_of(guide, state, seat, rng)
            for key, share in shares.items():
                mixed[key] = mixed.get(key, 0.0) + share / len(self.guides)
        return mixed

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        return favourite(self, state, seat, rng)


def _options_key(options: Mapping[str, OptionValue]) -> tuple[tuple[str, OptionValue], ...]:
    return tuple(sorted(options.items()))


@lru_cache(maxsize=64)
def _encoding(game: str, options: tuple[tuple[str, OptionValue], ...]) -> Encoding:
    from ..core.encoding import encoding_for

    return encoding_for(game, dict(options))


def read_guide(game: str, folder: Path | None = None) -> LearnedGuide:
    """`game`'s guide from its files, checked: DataError if a file is missing or broken,
    its digest differs from the manifest's, or it does not fit the game's encoding."""
    import numpy as np

    game = game_definition(game).info.id
    weights_path, manifest_path = guide_paths(game, folder)
    manifest = load_validated(GuideManifest, manifest_path)
    if manifest.game != game:
        raise DataError(f"guide {manifest_path} is for {manifest.game!r}, not {game!r}")
    try:
        raw = weights_path.read_bytes()
    except OSError as error:
        raise DataError(f"guide weights {weights_path} cannot be read: {error}") from error
    if hashlib.sha256(raw).hexdigest() != manifest.sha256:
        raise DataError(f"guide weights {weights_path} do not match their manifest's digest")
    try:
        with np.load(weights_path, allow_pickle=False) as stored:
            arrays = {key: stored[key].astype(np.float32) for key in stored.files}
    except (OSError, ValueError) as error:
        raise DataError(f"guide weights {weights_path} are not readable: {error}") from error
    policy = _network(arrays, "policy", weights_path)
    value = _network(arrays, "value", weights_path)
    encoding = _encoding(game, ())
    sizes = {
        "policy input": (policy.weights[0].shape[0], encoding.observation_size),
        "value input": (value.weights[0].shape[0], encoding.observation_size),
        "policy output": (policy.weights[-1].shape[1], encoding.num_actions),
        "value output": (value.weights[-1].shape[1], 1),
    }
    for what, (found, wanted) in sizes.items():
        if found != wanted:
            raise DataError(
                f"guide {weights_path}: the {what} has {found} units, the game's encoding "
                f"{wanted}; fit it again (colosseum train {game})"
            )
    return LearnedGuide(game, policy, value)


@cache
def shipped_guide(game: str) -> LearnedGuide:
    """The guide shipped with `game` (read once per process)."""
    return read_guide(game)
