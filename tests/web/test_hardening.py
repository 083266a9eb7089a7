"""Issue 43's findings 9, 10 and 11 against the whole app: bad input answered 422 with a
reason (never 500) on SQLite and PostgreSQL, a database that fails answered 503 with
Retry-After and recovered from by itself, rate limits per client address (429 with
Retry-After, forwarded addresses believed only from a trusted proxy), and the headers that keep
the pages from being framed or scripted from elsewhere."""

from __future__ import annotations

import os
import re
import uuid
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import create_engine, event, text

from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

from .conftest import create

POSTGRES = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")
NO_POSTGRES = pytest.mark.skipif(
    not POSTGRES, reason="COLOSSEUM_TEST_POSTGRES_URL is not set: no PostgreSQL server to test"
)
NO_LIMITS = ServerSettings(rate_limits={})
TABLE = '{"game": "ludus", "players": ["human", "random"]'


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=NO_POSTGRES)])
def any_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'web.db'}" if request.param == "sqlite" else POSTGRES
    with TestClient(create_app(url, workers=0, settings=NO_LIMITS)) as client:
        yield client


def listed(client: TestClient) -> list[str]:
    """The ids the lobby lists (a PostgreSQL test database is shared with other tests)."""
    return [t["id"] for t in client.get("/api/tables").json()]


def refused(response: Any, *words: str) -> str:
    """The reason of a 422; it names what is wrong."""
    assert response.status_code == 422, (response.status_code, response.text)
    detail = str(response.json()["detail"])
    for word in words:
        assert word in detail, detail
    return detail


# --- finding 9: bad input ---------------------------------------------------------------------

NOT_STRICT_JSON = {
    "NaN seed": TABLE + ', "seed": NaN}',
    "Infinity option": TABLE + ', "options": {"threshold": Infinity}}',
    "-Infinity seed": TABLE + ', "seed": -Infinity}',
    "huge number": TABLE + ', "seed": 1e400}',
    "lone surrogate name": TABLE + ', "names": ["\\ud800"]}',
}


@pytest.mark.parametrize("body", NOT_STRICT_JSON.values(), ids=NOT_STRICT_JSON.keys())
def test_finding_9_not_strict_json_is_422(any_client: TestClient, body: str) -> None:
    """NaN, Infinity, a number past a float and a lone surrogate were parsed by the standard
    parser and broke the answer (500): now 422 before any handler, nothing created."""
    before = listed(any_client)
    response = any_client.post(
        "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    refused(response, "JSON")
    assert listed(any_client) == before


@pytest.mark.parametrize(
    "path", ["/api/tables/abc/actions", "/api/tables/abc/join", "/api/careers", "/api/records"]
)
def test_finding_9_nan_in_any_endpoint_is_422(any_client: TestClient, path: str) -> None:
    response = any_client.post(path, content='{"version": NaN, "action": "x"}')
    refused(response, "NaN")


def test_finding_9_a_record_nested_100000_deep_is_422(any_client: TestClient) -> None:
    """A 100,000-deep record overflowed the parser's recursion (500)."""
    body = '{"game": "ludus", "actions": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = any_client.post("/api/records", content=body)
    refused(response, "JSON")


def test_finding_9_a_moderately_deep_body_is_422_naming_the_depth(any_client: TestClient) -> None:
    body = TABLE + ', "options": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}"
    refused(any_client.post("/api/tables", content=body), "32 levels")


@pytest.mark.parametrize("where", ["name", "player", "option", "key"])
def test_finding_9_nul_character_is_422(any_client: TestClient, where: str) -> None:
    """PostgreSQL cannot store U+0000: a name holding it was a 500 there."""
    body: dict[str, Any] = {"game": "ludus", "players": ["human", "random"]}
    if where == "name":
        body["names"] = ["Ma\x00rcus"]
    elif where == "player":
        body["players"] = ["human", "ran\x00dom"]
    elif where == "option":
        body["options"] = {"threshold": "1\x00"}
    else:
        body["options"] = {"thr\x00eshold": 1}
    before = listed(any_client)
    refused(any_client.post("/api/tables", json=body), "NUL")
    assert listed(any_client) == before


def test_finding_9_agent_spec_over_200_characters_is_422(any_client: TestClient) -> None:
    """The seat's kind column holds 200 characters: a longer agent spec was a 500 on
    PostgreSQL; it is refused with its limit before anything is stored."""
    spec = "ismcts:" + ",".join(["iterations=10"] * 30)
    before = listed(any_client)
    response = any_client.post("/api/tables", json={"game": "ludus", "players": ["human", spec]})
    assert response.status_code == 422, response.text
    assert listed(any_client) == before


@pytest.mark.parametrize("path", ["/api/tables/a%00b", "/api/tables/ab/state?since=%00"])
def test_finding_9_nul_in_the_address_is_422(any_client: TestClient, path: str) -> None:
    refused(any_client.get(path), "control character")


def test_finding_9_disk_full_is_503_and_recovers(tmp_path: Path) -> None:
    """SQLite's 'database or disk is full' (a page limit below what a write needs) was a
    500; now 503 with Retry-After, nothing half-written, and once space is back the same
    request succeeds without a restart."""
    url = f"sqlite:///{tmp_path / 'web.db'}"
    with TestClient(create_app(url, workers=0, settings=NO_LIMITS)) as client:
        engine = client.app.state.hub.service.store.engine  # type: ignore[attr-defined]

        def full(connection: Any, _record: Any) -> None:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

        event.listen(engine, "connect", full)
        engine.dispose()
        body = {"game": "ludus", "players": ["human", "random"], "names": ["x" * 40]}
        answers = [client.post("/api/tables", json=body) for _ in range(40)]
        full_answers = [a for a in answers if a.status_code != 201]
        assert full_answers, "the page limit never filled up"
        for answer in full_answers:
            assert answer.status_code == 503, answer.text
            assert answer.headers["Retry-After"].isdigit()
            assert "try again" in answer.json()["detail"]
        event.remove(engine, "connect", full)
        engine.dispose()
        assert client.post("/api/tables", json=body).status_code == 201


def disconnect(connection: Any, database: str) -> None:
    """End every other connection to `database` (an outage, as its clients see it)."""
    connection.execute(
        text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE datname = '{database}' AND pid <> pg_backend_pid()"
        )
    )


@NO_POSTGRES
def test_finding_9_database_outage_is_503_and_recovers() -> None:
    """A PostgreSQL database that refuses connections (as in an outage) answers 503 with
    Retry-After, never the driver's words (they name the server); when it is back, requests
    succeed again without a restart."""
    assert POSTGRES
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    name = f"outage_{uuid.uuid4().hex[:10]}"
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    url = POSTGRES.rsplit("/", 1)[0] + "/" + name
    try:
        with TestClient(create_app(url, workers=0, settings=NO_LIMITS)) as client:
            created = create(client, ["human", "random"])
            with admin.connect() as connection:
                connection.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
                disconnect(connection, name)
            down = client.get(f"/api/tables/{created['id']}")
            assert down.status_code == 503, down.text
            assert down.headers["Retry-After"].isdigit()
            assert "127.0.0.1" not in down.text and "postgres" not in down.text.lower()
            with admin.connect() as connection:
                connection.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
            again = [client.get(f"/api/tables/{created['id']}").status_code for _ in range(3)]
            assert 200 in again, again
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
            disconnect(connection, name)
            connection.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        admin.dispose()


# --- finding 10: rate limits --------------------------------------------------------------------


def test_finding_10_tables_from_one_client_are_rate_limited(database: str) -> None:
    """11,471 tables from one client were accepted: under the default limits the 21st table
    created within a minute is refused 429 with Retry-After, and nothing is stored for it."""
    with TestClient(create_app(database, workers=0, settings=ServerSettings())) as client:
        for _ in range(20):
            create(client, ["human", "random"])
        response = client.post("/api/tables", json={"game": "ludus", "players": ["human"] * 2})
        assert response.status_code == 429, response.text
        assert int(response.headers["Retry-After"]) >= 1
        assert "try again" in response.json()["detail"]
        assert len(client.get("/api/tables").json()) == 20


def test_finding_10_limits_count_per_address_and_trust_only_configured_proxies(
    database: str,
) -> None:
    """Behind a trusted proxy, each forwarded address has its own budget; from any other
    peer X-Forwarded-For is ignored, so a client cannot mint addresses to escape its limit."""
    trusting = ServerSettings(rate_limits={"create": "2/minute"}, trusted_proxies=("testclient",))
    body = {"game": "ludus", "players": ["human", "random"]}
    with TestClient(create_app(database, workers=0, settings=trusting)) as client:
        for address in ("203.0.113.1", "203.0.113.2"):
            forwarded = {"X-Forwarded-For": address}
            codes = [client.post("/api/tables", json=body, headers=forwarded) for _ in range(3)]
            assert [c.status_code for c in codes] == [201, 201, 429]
    wary = ServerSettings(rate_limits={"create": "2/minute"})
    with TestClient(create_app(database, workers=0, settings=wary)) as client:
        codes = [
            client.post("/api/tables", json=body, headers={"X-Forwarded-For": f"198.51.100.{i}"})
            for i in range(3)
        ]
        assert [c.status_code for c in codes] == [201, 201, 429]


def test_finding_10_settings_from_the_environment_and_their_errors() -> None:
    settings = ServerSettings.from_environment(
        {"COLOSSEUM_RATE_LIMITS": "create=5/minute", "COLOSSEUM_TRUSTED_PROXIES": "10.0.0.1, ::1"}
    )
    assert settings.rate_limits["create"] == "5/minute"
    assert settings.rate_limits["hint"] == ServerSettings().rate_limits["hint"]
    assert settings.trusted_proxies == ("10.0.0.1", "::1")
    assert ServerSettings.from_environment({"COLOSSEUM_RATE_LIMITS": "off"}).rate_limits == {}
    from colosseum.web.settings import SettingError

    with pytest.raises(SettingError, match="no rate limit area 'tabels'"):
        ServerSettings.from_environment({"COLOSSEUM_RATE_LIMITS": "tabels=5/minute"})
    with pytest.raises(SettingError, match="is not like"):
        ServerSettings.from_environment({"COLOSSEUM_RATE_LIMITS": "create=often"})


# --- finding 11: page hardening -------------------------------------------------------------------

PAGES = ["/", "/careers", "/howto/ludus-gladiatorius", "/api/games"]


@pytest.mark.parametrize("path", PAGES)
def test_finding_11_every_answer_carries_the_security_headers(
    client: TestClient, path: str
) -> None:
    headers = client.get(path).headers
    csp = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    assert re.search(r"script-src 'self'(;|$)", csp), csp
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_finding_11_refusals_carry_the_headers_too(client: TestClient) -> None:
    response = client.get("/api/tables/nothing-here")
    assert response.status_code == 404
    assert response.headers["X-Frame-Options"] == "DENY"


def test_finding_11_pages_hold_no_inline_script(client: TestClient) -> None:
    """The policy allows no inline script: every page's scripts are files of its origin."""
    table = create(client, ["human", "random"])
    for path in [*PAGES[:3], f"/tables/{table['id']}"]:
        html = client.get(path).text
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert re.search(r'src="/static/[\w.-]+\.js"', tag), (path, tag)
        assert not re.search(r"\son[a-z]+\s*=", html), path


def test_finding_11_api_docs_off_unless_asked_and_then_from_this_origin(database: str) -> None:
    """/docs and /redoc loaded third-party scripts on the origin whose storage holds seat
    tokens: they are off by default; with `--api-docs` every script they load is ours."""
    with TestClient(create_app(database, workers=0, settings=NO_LIMITS)) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/redoc").status_code == 404
        assert client.get("/openapi.json").status_code == 200
    docs = ServerSettings(rate_limits={}, api_docs=True)
    with TestClient(create_app(database, workers=0, settings=docs)) as client:
        for path in ("/docs", "/redoc"):
            html = client.get(path).text
            sources = re.findall(r'<script[^>]*src="([^"]+)"', html)
            assert sources, html
            for source in sources:
                assert source.startswith("/"), source
                assert client.get(source).status_code == 200, source
            assert "<script>" not in html


def test_finding_10_a_table_idle_past_the_setting_ends_abandoned_at_start(database: str) -> None:
    """The server's sweep (at start-up, then hourly) ends a table with no action for
    `abandon_days` as abandoned: it leaves the lobby and nobody may act at it."""
    from colosseum.store import Store
    from colosseum.store.schema import game_tables

    settings = ServerSettings(rate_limits={}, abandon_days=3)
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        idle = create(client, ["human", "human"])
        fresh = create(client, ["human", "human"])
    store = Store(database)
    long_ago = datetime.now(UTC) - timedelta(days=4)
    with store.engine.begin() as connection:
        connection.execute(
            game_tables.update().where(game_tables.c.id == idle["id"]).values(updated=long_ago)
        )
    store.close()
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        assert client.get(f"/api/tables/{idle['id']}").json()["status"] == "abandoned"
        assert client.get(f"/api/tables/{fresh['id']}").json()["status"] == "open"
        listed = [t["id"] for t in client.get("/api/tables").json()]
        assert listed == [fresh["id"]]
        token = idle["seats"][0]["token"]
        response = client.post(
            f"/api/tables/{idle['id']}/actions",
            json={"action": "x", "version": 0},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert 400 <= response.status_code < 500, response.text
