"""Fixtures shared by the Jugula tests."""

from __future__ import annotations

import pytest

from colosseum.games.jugula.data import Catalog, load_catalog


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()
