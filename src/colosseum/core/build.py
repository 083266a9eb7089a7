"""Which build of the package runs: pure Python, or the engines compiled ahead of time by mypyc
(`COLOSSEUM_COMPILE=1` at install, docs/performance.md). Both run the same source files."""

from __future__ import annotations

from importlib.machinery import ExtensionFileLoader

from . import state


def compiled() -> bool:
    """Whether the engines run compiled: the kernel's state module is then an extension
    module, as are the rule modules the build compiles with it."""
    return isinstance(getattr(state, "__loader__", None), ExtensionFileLoader)
