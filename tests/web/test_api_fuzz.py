"""Property-based fuzzing of the whole HTTP API from its OpenAPI description, with
Schemathesis (issue 43): every operation, with generated paths, queries, headers and bodies,
half of them aimed at a real table (a real id, a real seat token) so that the handlers past the
404 are reached. No answer may be a server error, and every documented answer must match its
schema. The default suite runs a short pass; `-m soak` (COLOSSEUM_SOAK=1) a long one."""

from __future__ import annotations

import os
import shutil
import tempfile
import warnings
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("schemathesis", reason="the dev extra is not installed")
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import response_schema_conformance

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schemathesis.checks import not_a_server_error

from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

from .conftest import create

SHORT = 30  # examples per operation in the default suite
LONG = 400  # in the soak


# One app for the module, on a SQLite file of its own; the schema is read from it at import.
FOLDER = Path(tempfile.mkdtemp(prefix="colosseum-fuzz-"))
APP = create_app(f"sqlite:///{FOLDER / 'web.db'}", 0, ServerSettings(rate_limits={}))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def api() -> Iterator[dict[str, str]]:
    """The app's lifespan running, and a real table's id and seat token to aim at."""
    with TestClient(APP) as client:
        table = create(client, ["human", "human"], hints=True)
        yield {"table_id": table["id"], "token": table["seats"][0]["token"]}
    shutil.rmtree(FOLDER, ignore_errors=True)


def aim(case: Any, real: dict[str, str]) -> None:
    """Half of the cases (by a hash of what was generated) at the real table and seat."""
    parameters = case.path_parameters or {}
    if "table_id" in parameters and zlib.crc32(repr(parameters).encode()) % 2 == 0:
        parameters["table_id"] = real["table_id"]
        headers = case.headers if case.headers is not None else {}
        if zlib.crc32(repr(case.query).encode()) % 2 == 0:
            headers["Authorization"] = f"Bearer {real['token']}"
        case.headers = headers


def check(case: Any, real: dict[str, str]) -> None:
    aim(case, real)
    case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])


@schema.parametrize()
@settings(
    max_examples=SHORT,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_fuzz_no_server_error_and_schema_kept(case: Any, api: dict[str, str]) -> None:
    check(case, api)


@pytest.mark.soak
@schema.parametrize()
@settings(max_examples=LONG, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_fuzz_soak(case: Any, api: dict[str, str]) -> None:
    if not os.environ.get("COLOSSEUM_SOAK"):
        pytest.skip("a soak: COLOSSEUM_SOAK=1 (make soak) runs it")
    check(case, api)
