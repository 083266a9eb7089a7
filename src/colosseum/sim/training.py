"""Self-play training of a game's learned guides (`colosseum train GAME`; the `train` extra).

Expert iteration (Anthony, Tian & Barber 2017, the loop of AlphaZero): each generation plays
`games` two-seat games in which every decision is a search of `iterations` iterations, guided
by the guide of the generation before (the first generation's search is the game's own
heuristic-guided one). Each decision with a choice keeps the deciding seat's observation (the
RL environments' vector of `view(seat)`, never the full state), the share of the search's
visits of each legal action, and, once the game ends, that seat's result. Then the policy
network (scikit-learn's `MLPClassifier`, a softmax over the game's action table) learns the
visit shares and the value network (`MLPRegressor`) the results (averaged with the search's
own estimate, which is less noisy), from the positions of the last
`window` generations, a few passes of Adam each. The guide they make is written out for the
next generation and for play (agents/guides.py).

Everything lives in one folder, written so that a killed run loses at most the generation it
was playing: `training.json` (the settings, the generations done, the learning curve), each
kept generation's positions, the learner as pickled by scikit-learn (a file of one's own
making, read back only from this folder), the guide the last generation played with
(`guide-N/`), and the newest guide's two files. Run again with the same folder
and settings, it goes on where it stopped; the games' seeds come from the seed, the generation
and the game's number alone, and the learner's randomness travels in its pickle, so a resumed
run makes the same guide as one that was never stopped.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import random
import shutil
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..agents import make_agent
from ..agents.guides import LearnedGuide, guide_paths, read_guide
from ..agents.ismcts import ISMCTSAgent
from ..agents.registry import master_search
from ..core.encoding import encoding_for
from ..core.errors import ColosseumError
from ..core.registry import game_definition
from .backends import Backend
from .match import new_simulated_game
from .seeding import derive_seed

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.intp]
ProgressCallback = Callable[[int], None]
# A decision: the observation, the seat, the search's estimate, (action index, share)s.
Decision = tuple[Floats, int, float, list[tuple[int, float]]]

SETTINGS_FILE = "training.json"
PASSES = 4  # Adam passes over the kept positions per generation (chosen)
KEPT_SHARES = 8  # the most visited actions of a decision the policy learns from (chosen)


@dataclass(frozen=True, slots=True)
class Settings:
    """What a training run is: the same folder goes on only with the same settings."""

    game_id: str
    seed: int
    games: int  # per generation
    iterations: int  # the search's per decision
    hidden: int  # units of each network's hidden layer
    window: int  # generations whose positions each fit uses
    explore: int  # a game's first decisions played by sampling the search's visits


@dataclass(frozen=True, slots=True)
class SelfPlay:
    """One generation's games: the settings, the generation, the folder of its guide."""

    settings: Settings
    generation: int
    guide_folder: str | None  # None: the game's heuristic-guided search

    @property
    def game_id(self) -> str:  # read by the backends' warm-up
        return self.settings.game_id


@dataclass(slots=True)
class Positions:
    """Decisions of self-play: per decision the observation, the seat's result, the
    search's estimate of it (the mean result of its most visited action), and rows
    (decision, action index, share of the visits) for the policy."""

    observations: Floats
    results: Floats
    searched: Floats
    moves: Ints
    actions: Ints
    shares: Floats

    @classmethod
    def join(cls, parts: Sequence[Positions]) -> Positions:
        offsets = np.cumsum([0] + [len(part.results) for part in parts[:-1]])
        moves = [part.moves + offset for part, offset in zip(parts, offsets, strict=True)]
        return cls(
            np.concatenate([part.observations for part in parts]),
            np.concatenate([part.results for part in parts]),
            np.concatenate([part.searched for part in parts]),
            np.concatenate(moves),
            np.concatenate([part.actions for part in parts]),
            np.concatenate([part.shares for part in parts]),
        )

    def save(self, path: Path) -> None:
        _write_atomically(path, npz_bytes(asdict(self)))

    @classmethod
    def load(cls, path: Path) -> Positions:
        with np.load(path, allow_pickle=False) as stored:
            return cls(*(stored[name] for name in cls.__dataclass_fields__))


def _teacher(plan: SelfPlay) -> ISMCTSAgent:
    settings = plan.settings
    if plan.guide_folder is None:
        agent = make_agent(f"ismcts:iterations={settings.iterations}", settings.game_id)
        assert isinstance(agent, ISMCTSAgent)
        return agent
    guide = read_guide(settings.game_id, Path(plan.guide_folder))
    return master_search(settings.game_id, guide, iterations=settings.iterations, value=True)


def play_generation(plan: SelfPlay, indices: Sequence[int]) -> list[Positions]:
    """Games `indices` of a generation, each as its positions (a backend's task)."""
    settings = plan.settings
    encoding = encoding_for(settings.game_id)
    teacher = _teacher(plan)
    played = []
    for index in indices:
        seed = derive_seed(settings.seed, "train", plan.generation, index)
        state = new_simulated_game(settings.game_id, players=2, seed=seed)
        rng = random.Random(seed)
        rows: list[Decision] = []
        decisions = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            chosen = teacher.choose(state, seat, rng)
            assert teacher.last is not None
            visits = teacher.last.visits
            total = sum(visits.values())
            by_notation = {str(action): action for action in legal}
            tried = sorted(visits, key=lambda key: -visits[key])[:KEPT_SHARES]
            shares = [(encoding.encode(by_notation[key]), visits[key] / total) for key in tried]
            estimate = teacher.last.values.get(tried[0], 0.5)
            rows.append((encoding.observe(state.view(seat)), seat, estimate, shares))
            if decisions < settings.explore:
                pick = rng.random() * total
                for key in visits:
                    pick -= visits[key]
                    if pick < 0:
                        chosen = by_notation[key]
                        break
            decisions += 1
            state.apply(chosen)
        returns = state.returns()
        played.append(_positions(rows, returns))
    return played


def _positions(rows: list[Decision], returns: list[float]) -> Positions:
    moves = [number for number, (*_, shares) in enumerate(rows) for _ in shares]
    return Positions(
        np.array([observation for observation, *_ in rows], dtype=np.float32),
        np.array([returns[seat] for _, seat, *_ in rows], dtype=np.float32),
        np.array([estimate for _, _, estimate, _ in rows], dtype=np.float32),
        np.array(moves, dtype=np.intp),
        np.array([index for *_, shares in rows for index, _ in shares], dtype=np.intp),
        np.array([share for *_, shares in rows for _, share in shares], dtype=np.float32),
    )


def value_targets(positions: Positions) -> Floats:
    """What the value network learns: the mean of each decision's result and the search's
    estimate of it (the result alone is one noisy draw per game; the estimate is the
    search's, which the network would otherwise only copy)."""
    return ((positions.results + positions.searched) / 2).astype(np.float32)


class Learner:
    """The two networks being fitted (scikit-learn's, with their Adam state)."""

    def __init__(self, settings: Settings, num_actions: int) -> None:
        from sklearn.neural_network import (  # type: ignore[import-untyped]
            MLPClassifier,
            MLPRegressor,
        )

        self.num_actions = num_actions
        common: dict[str, Any] = {
            "hidden_layer_sizes": (settings.hidden,),
            "solver": "adam",
            "alpha": 1e-4,
            "batch_size": 64,
            "learning_rate_init": 1e-3,
            "random_state": settings.seed,
        }
        self.policy = MLPClassifier(**common)
        self.value = MLPRegressor(**common)
        self.fitted = False

    def fit(self, positions: Positions) -> None:
        """PASSES passes of Adam over `positions` for both networks."""
        classes = np.arange(self.num_actions)
        for _ in range(PASSES):
            self.policy.partial_fit(
                positions.observations[positions.moves],
                positions.actions,
                sample_weight=positions.shares,
                classes=classes,
            )
            self.value.partial_fit(positions.observations, value_targets(positions))
        self.fitted = True

    def measure(self, positions: Positions) -> dict[str, float]:
        """How well the networks, before seeing `positions`, foretell them: the policy's
        cross-entropy against the search's visit shares and how often its favourite among the
        actions the search tried is the most visited, and the value's mean squared error
        against the results."""
        logits = self.policy.predict_log_proba(positions.observations)
        entropy = -float(np.sum(positions.shares * logits[positions.moves, positions.actions]))
        decisions = len(positions.results)
        agree = 0
        for move in range(decisions):
            rows = positions.moves == move
            actions, shares = positions.actions[rows], positions.shares[rows]
            agree += int(actions[np.argmax(logits[move, actions])] == actions[np.argmax(shares)])
        error = self.value.predict(positions.observations) - positions.results
        return {
            "policy_cross_entropy": round(entropy / decisions, 4),
            "policy_agreement": round(agree / decisions, 4),
            "value_mse": round(float(np.mean(error**2)), 4),
        }

    def arrays(self) -> dict[str, Floats]:
        """The networks' weights under the names agents/guides.py reads."""
        out: dict[str, Floats] = {}
        for name, model in (("policy", self.policy), ("value", self.value)):
            layers = zip(model.coefs_, model.intercepts_, strict=True)
            for layer, (weight, bias) in enumerate(layers):
                out[f"{name}_w{layer}"] = weight.astype(np.float32)
                out[f"{name}_b{layer}"] = bias.astype(np.float32)
        return out


def write_guide(learner: Learner, settings: Settings, folder: Path, fitted_by: str) -> None:
    """The guide's weights and manifest into `folder` (each file replaced whole)."""
    weights_path, manifest_path = guide_paths(settings.game_id, folder)
    raw = npz_bytes(learner.arrays())
    encoding = encoding_for(settings.game_id)
    manifest = (
        "# A learned guide (agents/guides.py): every weight chosen by fitting, none stated.\n"
        f"game = {json.dumps(settings.game_id)}\n"
        f"fitted_by = {json.dumps(fitted_by)}\n"
        f"observation_size = {encoding.observation_size}\n"
        f"num_actions = {encoding.num_actions}\n"
        f"hidden = [{settings.hidden}]\n"
        f'sha256 = "{hashlib.sha256(raw).hexdigest()}"\n'
    )
    _write_atomically(weights_path, raw)
    _write_atomically(manifest_path, manifest.encode())


def npz_bytes(arrays: dict[str, Any]) -> bytes:
    """Arrays as a compressed `.npz` (what `numpy.load` reads) whose bytes depend on the
    arrays alone: every member dated alike (numpy's own writer dates them now)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            member = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(member, "w") as handle:
                np.lib.format.write_array(handle, np.asarray(array), allow_pickle=False)
    return buffer.getvalue()


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".partial")
    with temporary.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class TrainingError(ColosseumError):
    """A training folder that cannot go on with these settings."""


@dataclass(slots=True)
class Run:
    """A training run in its folder: the settings, the generations done, the curve."""

    folder: Path
    settings: Settings
    done: int
    curve: list[dict[str, Any]]

    @classmethod
    def open(cls, folder: Path, settings: Settings) -> Run:
        """The run in `folder`, new or to go on; TrainingError if it was started with other
        settings."""
        game_definition(settings.game_id)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / SETTINGS_FILE
        if not path.exists():
            return cls(folder, settings, 0, [])
        try:
            stored = json.loads(path.read_text())
            before = Settings(**stored["settings"])
            done, curve = int(stored["done"]), list(stored["curve"])
        except (ValueError, KeyError, TypeError) as error:
            raise TrainingError(f"{path} is not a training record: {error}") from None
        if before != settings:
            changed = [k for k, v in asdict(settings).items() if asdict(before)[k] != v]
            raise TrainingError(
                f"{folder} holds a run with other settings ({', '.join(changed)}): "
                "use the same ones to go on, or another folder"
            )
        return cls(folder, settings, done, curve)

    def learner(self) -> Learner:
        if self.done == 0:
            num_actions = encoding_for(self.settings.game_id).num_actions
            return Learner(self.settings, num_actions)
        path = self.folder / f"learner-{self.done}.pkl"
        try:
            with path.open("rb") as handle:
                learner: Learner = pickle.load(handle)  # this run's own file
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError) as error:
            raise TrainingError(
                f"{path} cannot be read ({error}): the run cannot go on; start another folder"
            ) from None
        return learner

    def generation(
        self, backend: Backend, command: str, progress: ProgressCallback | None = None
    ) -> dict[str, Any]:
        """Play, measure and fit one more generation; written out before it returns. The
        guide's manifest names `command` with this generation's count as what fitted it."""
        settings, number = self.settings, self.done + 1
        fitted_by = f"{command} --generations {number}"
        learner = self.learner()
        guide_before = self.folder / f"guide-{self.done}"
        plan = SelfPlay(settings, number, str(guide_before) if self.done else None)
        games = backend.run(play_generation, plan, settings.games, progress, batch=1)
        fresh = Positions.join(games)
        fresh.save(self._positions(number))
        point: dict[str, Any] = {"generation": number, "decisions": len(fresh.results)}
        if learner.fitted:
            point |= learner.measure(fresh)
        first = max(1, number - settings.window + 1)
        kept = [
            Positions.load(self.folder / f"positions-{g}.npz") for g in range(first, number + 1)
        ]
        learner.fit(Positions.join(kept))
        _write_atomically(self.folder / f"learner-{number}.pkl", pickle.dumps(learner))
        (self.folder / f"guide-{number}").mkdir(exist_ok=True)
        write_guide(learner, settings, self.folder / f"guide-{number}", fitted_by)
        self.done, self.curve = number, [*self.curve, point]
        record = {"settings": asdict(settings), "done": number, "curve": self.curve}
        _write_atomically(self.folder / SETTINGS_FILE, json.dumps(record, indent=1).encode())
        # The generation is done: its guide is the run's, what it replaces goes.
        write_guide(learner, settings, self.folder, fitted_by)
        (self.folder / f"learner-{number - 1}.pkl").unlink(missing_ok=True)
        if self.done > 1:
            shutil.rmtree(guide_before, ignore_errors=True)
        self._positions(number - settings.window).unlink(missing_ok=True)
        return point

    def _positions(self, generation: int) -> Path:
        return self.folder / f"positions-{generation}.npz"

    def guide(self) -> LearnedGuide:
        return read_guide(self.settings.game_id, self.folder)
