"""The databases the store tests run on: a SQLite file, and PostgreSQL where
COLOSSEUM_TEST_POSTGRES_URL names a server (`source .ci/postgres.sh` starts one)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

POSTGRES = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")
NO_POSTGRES = pytest.mark.skipif(
    not POSTGRES, reason="COLOSSEUM_TEST_POSTGRES_URL is not set: no PostgreSQL server to test"
)
DATABASES = ["sqlite", pytest.param("postgresql", marks=NO_POSTGRES)]


def database_url(kind: str, tmp_path: Path) -> str:
    """A fresh SQLite file, or the test PostgreSQL server."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'careers.db'}"
    assert POSTGRES
    return POSTGRES


def unique(name: str) -> str:
    """Campaign names stay unique in a shared PostgreSQL database."""
    return f"{name} {uuid.uuid4().hex[:8]}"


@pytest.fixture(params=DATABASES)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return database_url(str(request.param), tmp_path)
