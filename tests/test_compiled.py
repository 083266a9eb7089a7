"""The compiled build (core/build.py, setup.py): `make test-compiled` runs the engines' tests
again on a wheel built with COLOSSEUM_COMPILE=1, with COLOSSEUM_EXPECT_COMPILED=1; the pure
run (`make test`) expects Python. Either way the build in use is the one expected, and the
modules pyproject.toml lists for compiling are extension modules exactly when it is compiled."""

from __future__ import annotations

import importlib
import os
import pickle
import tomllib
from importlib.machinery import ExtensionFileLoader
from pathlib import Path

import colosseum
from colosseum.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("COLOSSEUM_EXPECT_COMPILED") == "1"


def listed_modules() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        paths = tomllib.load(handle)["tool"]["colosseum"]["compiled"]["modules"]
    return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths]


def test_the_build_in_use_is_the_one_expected() -> None:
    assert colosseum.compiled() is EXPECTED


def test_every_listed_module_is_compiled_exactly_in_the_compiled_build() -> None:
    modules = listed_modules()
    assert "colosseum.core.state" in modules
    for name in modules:
        loader = importlib.import_module(name).__loader__
        assert isinstance(loader, ExtensionFileLoader) is EXPECTED, name


def test_a_state_and_its_generator_survive_pickling_in_either_build() -> None:
    """Process pools and Ray ship states: a compiled class lists its fields apart."""
    for game in ("ludus", "jugula", "ludi"):
        state = colosseum.new_game(game, 2, 5)
        for _ in range(6):
            state.apply(state.legal_actions()[0])
        copy = pickle.loads(pickle.dumps(state))
        assert copy.to_position() == state.to_position()
        assert copy.actions_played() == state.actions_played()
        assert [str(a) for a in copy.legal_actions()] == [str(a) for a in state.legal_actions()]
    rng = Rng.from_seed(3)
    twin = pickle.loads(pickle.dumps(rng))
    assert [twin.below(100) for _ in range(5)] == [rng.below(100) for _ in range(5)]
