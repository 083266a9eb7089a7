"""Several `colosseum serve` processes on one PostgreSQL store: a table played by two seats,
each connected to a different process, to its end (updates cross through LISTEN/NOTIFY); and
the same decision sent to both processes at once accepted once."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from colosseum import replay

pytest.importorskip("fastapi", reason="the web extra is not installed")
from websockets.sync.client import ClientConnection, connect

from .server import LiveServer

POSTGRES = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(
    not POSTGRES, reason="COLOSSEUM_TEST_POSTGRES_URL is not set: no PostgreSQL server to test"
)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[LiveServer]]:
    assert POSTGRES
    started = [LiveServer(POSTGRES, tmp_path / f"server{i}.log").start() for i in range(2)]
    yield started
    for server in started:
        server.stop()


class Seat:
    """A seat's WebSocket to one server process and the latest state it was pushed."""

    def __init__(self, socket: ClientConnection, token: str) -> None:
        self.socket = socket
        self.socket.send(json.dumps({"type": "hello", "token": token, "version": 0}))
        self.state: dict[str, Any] = {}
        self.sent_at = -1
        self.pushes = 0

    def receive(self, timeout: float) -> None:
        try:
            message = json.loads(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] >= self.state.get("version", -1):
            self.state = message
            self.pushes += 1

    def maybe_act(self, rng: random.Random) -> None:
        state = self.state
        if not state or state["terminal"] or state["current"] != state["seat"]:
            return
        if self.sent_at == state["version"]:
            return
        self.sent_at = state["version"]
        action = rng.choice(state["legal"])["notation"]
        self.socket.send(
            json.dumps({"type": "action", "action": action, "version": state["version"]})
        )


def test_two_processes_one_seat_on_each_play_a_whole_game(servers: list[LiveServer]):
    """Seat 0 on process A, seat 1 on process B: every action reaches the other seat through
    PostgreSQL's NOTIFY, and the game ends with both seeing the same result."""
    first, second = servers
    created = httpx.post(
        f"{first.url}/api/tables",
        json={"game": "ludus", "players": ["human", "human"], "options": {"round_limit": 5}},
    ).json()
    table = created["id"]
    with (
        connect(f"ws://127.0.0.1:{first.port}/ws/tables/{table}") as one,
        connect(f"ws://127.0.0.1:{second.port}/ws/tables/{table}") as other,
    ):
        seats = [Seat(one, created["seats"][0]["token"]), Seat(other, created["seats"][1]["token"])]
        record = _play(seats, second, table)
    final = replay(record)
    for number, seat in enumerate(seats):
        assert seat.state["version"] == len(record["actions"])
        assert seat.state["winners"] == final.winners()
        assert seat.state["view"] == final.view(number)
    assert len(record["actions"]) > 20


def _play(seats: list[Seat], server: LiveServer, table: str) -> dict[str, Any]:
    """Each seat acts when it is its decision, until both were pushed the end."""
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    while not all(s.state.get("terminal") for s in seats):
        assert time.monotonic() < deadline, "the game did not end in time"
        for seat in seats:
            seat.receive(timeout=0.02)
            seat.maybe_act(rng)
    record: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table}/record").json()
    return record


def test_one_decision_sent_to_both_processes_is_accepted_once(servers: list[LiveServer]):
    """The same seat's action at the same version, posted to both processes at once: one
    is applied, the other refused as stale (409); the log has it once."""
    first, second = servers
    created = httpx.post(
        f"{first.url}/api/tables", json={"game": "ludus", "players": ["human", "human"]}
    ).json()
    table = created["id"]
    current = httpx.get(f"{first.url}/api/tables/{table}").json()["current"]
    headers = {"Authorization": f"Bearer {created['seats'][current]['token']}"}
    state = httpx.get(f"{first.url}/api/tables/{table}/state", headers=headers).json()
    action = state["legal"][0]["notation"]

    def post(server: LiveServer) -> int:
        response = httpx.post(
            f"{server.url}/api/tables/{table}/actions",
            headers=headers,
            json={"action": action, "version": 0},
        )
        return response.status_code

    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(post, [first, second]))
    assert codes == [200, 409]
    assert httpx.get(f"{second.url}/api/tables/{table}").json()["version"] == 1
