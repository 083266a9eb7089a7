"""Resigning (issue 44; docs/web.md, "Resigning"): a seat resigns by its token or its
account's sign-in, the table ends with that seat last and every other seat winning, its seed
and salt are revealed, its record and replay say so; nobody resigns for another seat, a
second resignation and any later action are refused; the clients are told."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.web.app import create_app
from colosseum.web.commitment import verify
from colosseum.web.settings import ServerSettings

from .conftest import bearer, create, receive

PASSWORD = "correct horse battery"
SITE = "http://testserver"
ME = {"kind": "me"}


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    made = create_app(database, workers=0, settings=ServerSettings(rate_limits={}))
    with TestClient(made) as running:
        made.state.portal = running.portal
        yield made


def browser(app: Any, name: str | None = None) -> TestClient:
    """A browser of this site (signed in to a new account `name` when given)."""
    client = TestClient(app, headers={"Origin": SITE})
    client.portal = app.state.portal
    if name is not None:
        answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
    return client


def resign(client: TestClient, table: str, token: str | None = None, **params: Any) -> Any:
    return client.post(f"/api/tables/{table}/resign", headers=bearer(token), params=params)


def test_a_seat_resigns_by_its_token_and_the_other_wins(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    before = client.get(f"/api/tables/{table}").json()
    assert before["seed"] is None and before["outcome"] is None
    answer = resign(client, table, tokens[0])
    assert answer.status_code == 200, answer.text
    assert answer.json()["outcome"] == {"kind": "resigned", "seat": 0, "at": 0}
    assert answer.json()["winners"] == [1]
    after = client.get(f"/api/tables/{table}").json()
    assert after["status"] == "over" and after["winners"] == [1] and after["current"] is None
    assert after["outcome"] == {"kind": "resigned", "seat": 0, "at": 0}
    assert after["seed"] is not None and after["salt"] is not None
    assert verify(after["seed"], after["salt"], before["commitment"])
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[1])).json()
    assert seen["status"] == "over" and seen["legal"] == [] and seen["outcome"]["seat"] == 0
    assert client.get("/api/tables").json() == []  # gone from the lobby


def test_a_resigned_table_takes_no_action_nor_a_second_resignation(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    who = client.get(f"/api/tables/{table}").json()["current"]
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[who])).json()
    move = {"action": seen["legal"][0]["notation"], "version": seen["version"]}
    assert resign(client, table, tokens[1 - who]).status_code == 200
    again = resign(client, table, tokens[who])
    assert again.status_code == 409 and "resigned" in again.json()["detail"]
    acted = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[who]), json=move)
    assert acted.status_code == 403 and "resigned" in acted.json()["detail"]
    assert client.get(f"/api/tables/{table}").json()["version"] == 0


def test_a_spectator_or_a_wrong_token_cannot_resign(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table = created["id"]
    spectator = resign(client, table)
    assert spectator.status_code == 403 and "only a player" in spectator.json()["detail"]
    assert resign(client, table, "not-a-token").status_code == 401
    other = resign(client, table, created["seats"][1]["token"], seat=0)
    assert other.status_code == 403
    assert client.get(f"/api/tables/{table}").json()["status"] != "over"


def test_a_seat_resigns_by_its_accounts_sign_in_and_no_other(app: Any) -> None:
    alice, bob = browser(app, "alice"), browser(app, "bob")
    body = {"game": "ludus-gladiatorius", "players": [ME, {"kind": "account", "name": "bob"}]}
    table = alice.post("/api/tables", json=body).json()["id"]
    stranger = browser(app, "carol")
    refused = resign(stranger, table)
    assert refused.status_code == 403
    assert resign(bob, table, seat=0).status_code == 403  # alice's seat
    answer = resign(bob, table)
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] == 1 and answer.json()["winners"] == [0]
    mine = alice.get("/api/me/tables").json()
    assert mine[0]["status"] == "over" and not mine[0]["your_turn"]


def test_a_cross_site_resignation_by_cookie_is_refused(app: Any) -> None:
    alice = browser(app, "alice")
    body = {"game": "ludus-gladiatorius", "players": [ME, "human"]}
    table = alice.post("/api/tables", json=body).json()["id"]
    forged = alice.post(
        f"/api/tables/{table}/resign", headers={"Origin": "https://elsewhere.example"}
    )
    assert forged.status_code == 403
    assert alice.get(f"/api/tables/{table}").json()["status"] != "over"


def test_with_three_players_the_others_tie(client: TestClient) -> None:
    created = create(client, ["human", "human", "human"], game="jugula")
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    answer = resign(client, table, tokens[1])
    assert answer.status_code == 200, answer.text
    assert answer.json()["winners"] == [0, 2]


def test_the_record_and_replay_show_the_resignation(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert client.get(f"/api/tables/{table}/record").status_code == 403
    first = client.get(f"/api/tables/{table}").json()["current"]
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[first])).json()
    move = {"action": seen["legal"][0]["notation"], "version": 0}
    played = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[first]), json=move)
    assert played.status_code == 200, played.text
    who = client.get(f"/api/tables/{table}").json()["current"]
    assert resign(client, table, tokens[who]).status_code == 200
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["outcome"] == {"kind": "resigned", "seat": who, "at": 1}
    assert len(record["actions"]) == 1 and record["seed"] is not None
    last = client.get(f"/api/tables/{table}/replay/1").json()
    assert last["outcome"]["seat"] == who and last["winners"] == [1 - who]
    assert client.get(f"/api/tables/{table}/replay/0").json()["outcome"] is None


def test_the_clients_are_told(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1], "version": 0, "board": False})
        assert receive(socket)["type"] == "state"
        assert resign(client, table, tokens[0]).status_code == 200
        told = receive(socket)
        assert told == {"type": "resigned", "seat": 0, "name": "Player 1"}
        after = receive(socket)
        assert after["type"] == "state" and after["status"] == "over"
        assert after["seed"] is not None and after["legal"] == []


def test_a_computer_seat_does_not_play_on_after_a_resignation(client: TestClient) -> None:
    created = create(client, ["human", "random"])
    table, token = created["id"], created["seats"][0]["token"]
    assert resign(client, table, token).status_code == 200
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["failure"] is None and summary["winners"] == [1]
