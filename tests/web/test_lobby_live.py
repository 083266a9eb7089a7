"""The lobby that keeps up (docs/web.md, "The lobby"): `/ws/lobby` pushes the list as tables
are created, joined and end; watchers are capped; stale tables leave the list."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import pytest

from colosseum.core.errors import DataError
from colosseum.web import lobby_watch
from colosseum.web.app import create_app
from colosseum.web.lobby_watch import LobbyData, data

from .conftest import UNLIMITED, create

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

QUICK = {"coalesce_seconds": 0.05, "recheck_seconds": 1.0, "watchers": 3, "per_address": 2}


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> LobbyData:
    """The lobby's numbers, made quick for a test (and small caps)."""
    numbers = data()
    fast = numbers.model_copy(update={"live": numbers.live.model_copy(update=QUICK)})
    monkeypatch.setattr(lobby_watch, "data", lambda: fast)
    return fast


def received(socket: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The next message the server sent the test client's socket (a close as it is)."""

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            message: dict[str, Any] = await socket._send_rx.receive()
            return message

    message = socket.portal.call(bounded)
    if message["type"] == "websocket.send":
        import json

        found: dict[str, Any] = json.loads(message["text"])
        return found
    return message


def until(socket: Any, wanted: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
    """The tables of the first lobby message that `wanted` accepts (a few messages at most)."""
    for _ in range(10):
        message = received(socket)
        assert message["type"] == "lobby", message
        if wanted(message["tables"]):
            tables: list[dict[str, Any]] = message["tables"]
            return tables
    raise AssertionError("the lobby never showed the change")


def test_the_lobby_socket_pushes_creation_joining_and_the_end(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as socket:
        assert received(socket) == {"type": "lobby", "tables": []}
        table = create(client, ["human", "heuristic"])["id"]
        listed = until(socket, lambda tables: [t["id"] for t in tables] == [table])
        assert listed[0]["status"] == "open" and listed[0]["free_seats"] == [0]
        joined = client.post(f"/api/tables/{table}/join", json={"seat": 0, "name": "Ann"})
        assert joined.status_code == 200, joined.text
        listed = until(socket, lambda tables: tables and tables[0]["status"] == "playing")
        assert listed[0]["free_seats"] == []
        token = joined.json()["token"]
        ended = client.post(
            f"/api/tables/{table}/resign", headers={"Authorization": f"Bearer {token}"}
        )
        assert ended.status_code == 200, ended.text
        assert until(socket, lambda tables: not tables) == []


def test_changes_at_once_make_one_message(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as socket:
        received(socket)
        with client.websocket_connect("/ws/lobby") as second:
            received(second)
            for _ in range(3):
                create(client, ["human", "human"])
            tables = until(second, lambda tables: len(tables) == 3)
        assert len(until(socket, lambda tables: len(tables) == 3)) == len(tables)


def test_watchers_are_capped_per_address(client: TestClient) -> None:
    with (
        client.websocket_connect("/ws/lobby") as first,
        client.websocket_connect("/ws/lobby") as second,
    ):
        received(first), received(second)
        with client.websocket_connect("/ws/lobby") as third:
            closed = received(third)
    assert closed["type"] == "websocket.close" and closed["code"] == 1008
    assert "too many lobby connections" in closed["reason"]


def test_watchers_are_capped_per_process(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    with client.websocket_connect("/ws/lobby") as first:
        received(first)
        watch = client.app.state.lobby_watch  # type: ignore[attr-defined]
        monkeypatch.setattr(watch, "numbers", watch.numbers.model_copy(update={"watchers": 1}))
        with client.websocket_connect("/ws/lobby") as second:
            closed = received(second)
    assert closed["type"] == "websocket.close" and closed["code"] == 1013


def test_a_watcher_sends_nothing(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as socket:
        received(socket)
        socket.send_json({"type": "hello"})
        closed = received(socket)
    assert closed["type"] == "websocket.close" and closed["code"] == 1008


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)  # the store stamps joins and actions with the real time

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[TestClient, Clock]]:
    clock = Clock()
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", workers=0, settings=UNLIMITED, now=clock)
    with TestClient(app) as test_client:
        yield test_client, clock


def test_stale_tables_leave_the_list_but_stay_playable(
    clocked: tuple[TestClient, Clock], quick: LobbyData
) -> None:
    client, clock = clocked
    waiting = create(client, ["human", "human"])["id"]
    playing = create(client, ["human", "human"])
    for seat, name in enumerate(("Ann", "Bo")):
        sat = client.post(f"/api/tables/{playing['id']}/join", json={"seat": seat, "name": name})
        assert sat.status_code == 200, sat.text
    listed = {t["id"]: t["status"] for t in client.get("/api/tables").json()}
    assert listed == {waiting: "open", playing["id"]: "playing"}

    clock.now += timedelta(hours=quick.hide.playing_hours, minutes=1)
    assert [t["id"] for t in client.get("/api/tables").json()] == [waiting]
    clock.now += timedelta(hours=quick.hide.open_hours)
    assert client.get("/api/tables").json() == []
    # Hidden, not ended: the table still answers, and its seats may still play.
    summary = client.get(f"/api/tables/{playing['id']}").json()
    assert summary["status"] == "playing"


def test_the_lobby_numbers_are_checked(tmp_path: Path) -> None:
    broken = tmp_path / "lobby.toml"
    text = (
        Path(lobby_watch.DATA_FILE).read_text().replace("playing_hours = 24", "playing_hours = -1")
    )
    broken.write_text(text)
    with pytest.raises(DataError, match="playing_hours"):
        lobby_watch.load_validated(LobbyData, broken)


def test_the_catalogue_names_suggested_values(client: TestClient) -> None:
    """`GET /api/games` names the values a person usually picks for an option that also takes
    text (the lobby's select with "other…"): Jugula's familiae, Ludus's gladiators; none
    elsewhere."""
    response = client.get("/api/games")
    assert response.status_code == 200
    options = {
        (entry["id"], option["name"]): option
        for entry in response.json()
        for option in entry["options"]
    }
    assert options["jugula", "familiae"]["suggested"] == ["dealt", "chosen"]
    assert options["ludus-gladiatorius", "gladiators"]["suggested"] == ["drawn"]
    assert options["ludus-gladiatorius", "round_limit"]["suggested"] == []
    assert options["jugula", "familiae"]["default"] in options["jugula", "familiae"]["suggested"]
