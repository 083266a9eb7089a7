"""The package's build backend: setuptools' own, asking for mypy (whose mypyc compiles the
engines) only when `COLOSSEUM_COMPILE=1` asks for the compiled build (setup.py)."""

from __future__ import annotations

import os
from collections.abc import Callable

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook of setuptools' backend)

# mypyc ships with mypy: the build fetches the newest of these (development's is uv.lock's).
MYPYC = "mypy>=2.4,<3"


# Set while setuptools runs setup.py only to learn the build's requirements: mypy is not there
# yet, and setup.py makes no extension then.
ASKING = "COLOSSEUM_BUILD_REQUIREMENTS"


def _with_compiler(ask: Callable[[], list[str]]) -> list[str]:
    os.environ[ASKING] = "1"
    try:
        found = ask()
    finally:
        del os.environ[ASKING]
    return found + ([MYPYC] if os.environ.get("COLOSSEUM_COMPILE") == "1" else [])


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    return _with_compiler(lambda: build_meta.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    return _with_compiler(lambda: build_meta.get_requires_for_build_editable(config_settings))
