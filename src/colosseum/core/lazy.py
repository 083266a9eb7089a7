"""Names of a package imported from its submodules when first used (PEP 562), so that importing
the package loads only what a program asks for (the store without SQLAlchemy for a command that
only reads SQLite, Jugula's data without its rules and drawing)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """The module `__getattr__` of `package`: `name` from its submodule `modules[name]`,
    imported on first use and kept in the package; AttributeError for any other name."""

    def attribute(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    return attribute
