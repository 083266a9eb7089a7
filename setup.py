"""The compiled build: with `COLOSSEUM_COMPILE=1` at install (`pip install .`), mypyc compiles
the modules `[tool.colosseum.compiled]` of pyproject.toml names into C extensions beside the
same Python files; otherwise the package is pure Python. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
# Set by the build backend (build_backend/colosseum_build.py) while it asks for the requirements.
ASKING = "COLOSSEUM_BUILD_REQUIREMENTS"
# Each build in a folder of its own, removed after: nothing compiled by an earlier build (in
# `build/`, which setuptools reuses) can slip into a pure one, nor a module no longer listed.
BUILD = Path(tempfile.mkdtemp(prefix="colosseum-build-"))
atexit.register(shutil.rmtree, BUILD, ignore_errors=True)


def compiled_modules() -> list[str]:
    """The source files to compile, as pyproject.toml lists them (paths from the root)."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        listed = tomllib.load(handle)["tool"]["colosseum"]["compiled"]["modules"]
    missing = [path for path in listed if not (ROOT / path).is_file()]
    if missing:
        raise SystemExit(f"[tool.colosseum.compiled] names files that do not exist: {missing}")
    return list(listed)


def extensions() -> list[object]:
    if os.environ.get("COLOSSEUM_COMPILE") != "1" or os.environ.get(ASKING):
        return []
    from mypyc.build import mypycify  # the backend asks for mypy in this build only

    settings = ["--config-file", str(ROOT / "build_backend" / "mypyc.ini")]
    return list(
        mypycify(
            [*settings, *compiled_modules()],
            opt_level="3",
            debug_level="0",
            target_dir=str(BUILD / "mypyc"),
        )
    )


setup(ext_modules=extensions(), options={"build": {"build_base": str(BUILD)}})
