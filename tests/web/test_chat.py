"""A table's chat (issue 44; docs/web.md, "Chat"): its seats write (by token or sign-in),
anyone who may watch reads; a line is trimmed plain text of 1 to 500 characters without
control characters, rate-limited per seat, pushed to the WebSocket clients, never HTML, and
kept with the table (its record and replay frames)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

from .conftest import bearer, create, receive

SITE = "http://testserver"


def say(client: TestClient, table: str, text: Any, token: str | None = None) -> Any:
    return client.post(f"/api/tables/{table}/chat", headers=bearer(token), json={"text": text})


def chat(client: TestClient, table: str, after: int = 0) -> list[dict[str, Any]]:
    answer = client.get(f"/api/tables/{table}/chat", params={"after": after})
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()
    return found


def test_seats_write_and_anyone_reads(client: TestClient) -> None:
    created = create(client, ["human", "human"], names=["Ann", "Ben"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    first = say(client, table, "  good luck  ", tokens[0])
    assert first.status_code == 201, first.text
    assert say(client, table, "you too", tokens[1]).status_code == 201
    lines = chat(client, table)  # read as a spectator
    assert [(line["seat"], line["name"], line["text"]) for line in lines] == [
        (0, "Ann", "good luck"),
        (1, "Ben", "you too"),
    ]
    assert all(line["version"] == 0 for line in lines)
    assert chat(client, table, after=lines[0]["id"]) == lines[1:]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "x" * 501, "line\nbreak", "bell\x07", "esc\x1b[31m", "nul\x00", 5],
)
def test_a_bad_line_is_refused_and_nothing_kept(client: TestClient, text: Any) -> None:
    created = create(client, ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    answer = say(client, table, text, token)
    assert answer.status_code == 422, answer.text
    assert chat(client, table) == []


def test_five_hundred_characters_are_kept(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    assert say(client, table, "é" * 500, token).status_code == 201
    assert chat(client, table)[0]["text"] == "é" * 500


def test_a_spectator_or_a_wrong_token_cannot_write(client: TestClient) -> None:
    table = create(client, ["human", "human"])["id"]
    spectator = say(client, table, "hello")
    assert spectator.status_code == 403 and "spectators read" in spectator.json()["detail"]
    assert say(client, table, "hello", "not-a-token").status_code == 401
    assert client.post("/api/tables/nosuchtable/chat", json={"text": "hi"}).status_code == 404
    assert client.get("/api/tables/nosuchtable/chat").status_code == 404
    assert chat(client, table) == []


def test_a_signed_in_account_writes_for_its_seat(client: TestClient) -> None:
    client.headers["Origin"] = SITE
    answer = client.post("/api/accounts", json={"name": "alice", "password": "correct horse 1"})
    assert answer.status_code == 201
    body = {"game": "ludus-gladiatorius", "players": [{"kind": "me"}, "human"]}
    table = client.post("/api/tables", json=body).json()["id"]
    said = say(client, table, "hi from alice")
    assert said.status_code == 201, said.text
    assert (said.json()["seat"], said.json()["name"]) == (0, "alice")


def test_the_rate_limit_refuses_with_429(database: str) -> None:
    settings = ServerSettings(rate_limits={"chat": "2/minute"})
    with TestClient(create_app(database, workers=0, settings=settings)) as client:
        created = create(client, ["human", "human"])
        table, tokens = created["id"], [s["token"] for s in created["seats"]]
        assert say(client, table, "one", tokens[0]).status_code == 201
        assert say(client, table, "two", tokens[0]).status_code == 201
        third = say(client, table, "three", tokens[0])
        assert third.status_code == 429 and "Retry-After" in third.headers
        assert say(client, table, "other seat", tokens[1]).status_code == 201
        assert [line["text"] for line in chat(client, table)] == ["one", "two", "other seat"]


def test_a_line_is_pushed_to_the_clients(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": None, "version": 0, "board": False})
        assert receive(socket)["type"] == "state"
        assert say(client, table, "hello watchers", tokens[1]).status_code == 201
        pushed = receive(socket)
        assert pushed["type"] == "chat" and pushed["text"] == "hello watchers"
        assert pushed["seat"] == 1 and pushed["id"] == chat(client, table)[0]["id"]


def test_html_is_kept_as_text(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, token = created["id"], created["seats"][0]["token"]
    text = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    assert say(client, table, text, token).json()["text"] == text
    line = chat(client, table)[0]
    assert line["text"] == text  # as written: neither escaped twice nor rendered
    assert set(line) == {"id", "seat", "name", "text", "version", "created"}


def test_the_chat_is_kept_with_the_record_and_replay(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert say(client, table, "before", tokens[0]).status_code == 201
    first = client.get(f"/api/tables/{table}").json()["current"]
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[first])).json()
    move = {"action": seen["legal"][0]["notation"], "version": 0}
    played = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[first]), json=move)
    assert played.status_code == 200, played.text
    assert say(client, table, "after", tokens[1]).status_code == 201
    assert client.post(f"/api/tables/{table}/resign", headers=bearer(tokens[0])).status_code == 200
    assert say(client, table, "gg", tokens[1]).status_code == 201  # after the end, too
    record = client.get(f"/api/tables/{table}/record").json()
    assert [line["text"] for line in record["chat"]] == ["before", "after", "gg"]
    at_start = client.get(f"/api/tables/{table}/replay/0").json()
    assert [line["text"] for line in at_start["chat"]] == ["before"]
    at_end = client.get(f"/api/tables/{table}/replay/1").json()
    assert [line["text"] for line in at_end["chat"]] == ["before", "after", "gg"]
