"""Shared fixtures and Hypothesis profiles for the whole test suite.

Profiles: `ci` (the default: modest example counts, no deadline, so the default run stays well
under a minute on a small machine; derandomized, so every run tries the same examples and a
red run is the code's, not the draw's) and `soak` (many examples, new ones every run: what it
finds becomes an `@example` or a test of its own), chosen with COLOSSEUM_SOAK=1 or
HYPOTHESIS_PROFILE=<name>. Tests marked `soak` are skipped unless COLOSSEUM_SOAK is set.
"""

from __future__ import annotations

import atexit
import os
import random
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import colosseum

# The validated data files are kept in a cache folder of this run (and of the processes tests
# start), never in the user's own (core/data_cache.py).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="colosseum-test-cache-")
atexit.register(shutil.rmtree, os.environ["XDG_CACHE_HOME"], ignore_errors=True)

SOAK = os.environ.get("COLOSSEUM_SOAK", "").strip().lower() not in ("", "0", "false", "no")

settings.register_profile(
    "ci",
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "soak" if SOAK else "ci"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if SOAK:
        return
    skip = pytest.mark.skip(reason="soak test: set COLOSSEUM_SOAK=1 to run it")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def soak() -> bool:
    """Whether this is a soak run (COLOSSEUM_SOAK=1)."""
    return SOAK


@pytest.fixture
def ludus() -> colosseum.State:
    """A fresh two-player Ludus game with fixed gladiators (seat 0: 1+2, seat 1: 3+5)."""
    return colosseum.new_game("ludus", players=2, seed=7, options={"gladiators": "1,2,3,5"})


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20240601)


@pytest.fixture
def ludus_data_copy(tmp_path: Path) -> Path:
    """A private copy of the bundled Ludus data folder, to break on purpose."""
    bundled = resources.files("colosseum.games.ludus_gladiatorius") / "data"
    folder = tmp_path / "ludus-data"
    folder.mkdir()
    for name in ("dice.toml", "gladiators.toml", "arena.toml", "rules.toml"):
        with resources.as_file(bundled / name) as source:
            shutil.copyfile(source, folder / name)
    return folder
