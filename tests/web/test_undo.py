"""Undo at web tables (issue 44; docs/web.md, "Undo"), by the terminal's rule: the seat deciding
takes back its own last decision and the computers' after it, never another person's decision,
a die roll, a draw or a reveal; the store checks it as an append (the log as long as the request
saw, rewritten by no other undo, the seat still held), so a copy of the table that missed an
undo cannot append after the rewritten log; a clocked seat gets no time back; clients are told."""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.core.registry import new_game
from colosseum.store import Store
from colosseum.web.errors import StaleVersion
from colosseum.web.service import TableService
from colosseum.web.undo import undo

from .conftest import bearer, create, receive, state
from .test_clocks import FakeClock

SEED = 1  # a practice table's seed: its computer's choices follow from it
JUGULA = "jugula"  # each seat deploys several gladiators in a row: a decision of its own


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    made = Store(database)
    yield made
    made.engine.dispose()


def post_undo(client: TestClient, table: str, token: str | None, version: int) -> Any:
    return client.post(
        f"/api/tables/{table}/undo", headers=bearer(token), json={"version": version}
    )


def act(client: TestClient, table: str, token: str, notation: str, version: int) -> Any:
    return client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"action": notation, "version": version},
    )


def test_the_deciding_seat_takes_back_its_deployment(client: TestClient) -> None:
    table, tokens = jugula(client)
    first = state(client, table, tokens[0])
    answer = act(client, table, tokens[0], first["legal"][0]["notation"], 0)
    assert answer.status_code == 200, answer.text
    assert answer.json()["current"] == first["seat"]  # the seat deploys again
    undone = post_undo(client, table, tokens[0], 1)
    assert undone.status_code == 200, undone.text
    assert undone.json() == {"table": table, "seat": first["seat"], "count": 1, "version": 0}
    again = state(client, table, tokens[0])
    assert again["version"] == 0 and again["view"] == first["view"]
    assert again["legal"] == first["legal"]
    assert post_undo(client, table, tokens[0], 0).json()["detail"] == (
        "you have no decision to take back"
    )


def test_nobody_takes_back_another_seats_decision(client: TestClient) -> None:
    table, tokens = jugula(client)
    seen = state(client, table, tokens[0])
    first = seen["current"]
    while seen["current"] == first:
        seen = act(client, table, tokens[0], seen["legal"][0]["notation"], seen["version"]).json()
    version = seen["version"]
    late = post_undo(client, table, tokens[0], version)
    assert late.status_code == 403 and "not deciding" in late.json()["detail"]
    other = post_undo(client, table, tokens[1], version)
    assert other.status_code == 409, other.text
    assert other.json()["detail"] == "you have no decision to take back"
    mine = state(client, table, tokens[1])
    after = act(client, table, tokens[1], mine["legal"][0]["notation"], version).json()
    while after["current"] == mine["current"]:
        after = act(client, table, tokens[1], after["legal"][0]["notation"], after["version"])
        after = after.json()
    if after["current"] == first:
        refused = post_undo(client, table, tokens[0], after["version"])
        assert refused.status_code == 409, refused.text
        assert state(client, table, tokens[0])["version"] == after["version"]
    spectator = post_undo(client, table, None, after["version"])
    assert spectator.status_code == 403
    assert client.get(f"/api/tables/{table}").json()["version"] == after["version"]


def test_undo_takes_back_the_computers_reply_too(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=SEED)  # the computer answers quietly
    table, token = created["id"], created["seats"][0]["token"]
    seen = _wait_for_turn(client, table, token, 0, after=-1)
    while True:  # seat 0 decides until the computer answers one of its decisions
        before = seen
        played = act(client, table, token, seen["legal"][0]["notation"], seen["version"])
        mine = played.json()["version"]
        seen = _wait_for_turn(client, table, token, 0, after=mine - 1)
        if seen["version"] > mine:
            break
    undone = post_undo(client, table, token, seen["version"])
    assert undone.status_code == 200, undone.text
    assert undone.json()["count"] == seen["version"] - before["version"] >= 2
    assert undone.json()["version"] == before["version"]
    assert state(client, table, token)["legal"] == before["legal"]


def test_undo_is_refused_across_dice(client: TestClient) -> None:
    """A practice table whose seed the test knows: both seats play until seat 0 moves (a
    roll); seat 0 decides on and may not take the move back."""
    seed, rng = 7, random.Random(1)
    created = create(client, ["human", "human"], seed=seed)
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    local = new_game("ludus-gladiatorius", 2, seed, {})
    while True:
        seat = local.current_player
        assert seat is not None
        legal = [str(a) for a in local.legal_actions()]
        moves = [a for a in legal if a.split()[0] == "move"]
        notation = moves[0] if moves and seat == 0 else rng.choice(legal)
        version = len(local.actions_played())
        assert act(client, table, tokens[seat], notation, version).status_code == 200
        local.apply(notation)
        if seat == 0 and notation.split()[0] == "move":
            break
    assert local.current_player == 0
    refused = post_undo(client, table, tokens[0], version + 1)
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "cannot undo past your last action: it rolled dice or drew from a shuffled pile"
    )
    assert state(client, table, tokens[0])["version"] == version + 1


def test_a_stale_version_or_an_ended_table_is_refused(client: TestClient) -> None:
    table, tokens = jugula(client)
    first = state(client, table, tokens[0])
    act(client, table, tokens[0], first["legal"][0]["notation"], 0)
    stale = post_undo(client, table, tokens[0], 0)
    assert stale.status_code == 409 and "version 1, not 0" in stale.json()["detail"]
    resigned = client.post(f"/api/tables/{table}/resign", headers=bearer(tokens[1]))
    assert resigned.status_code == 200
    over = post_undo(client, table, tokens[0], 1)
    assert over.status_code == 403 and "resigned" in over.json()["detail"]
    bad = client.post(f"/api/tables/{table}/undo", headers=bearer(tokens[0]), json={"version": -1})
    assert bad.status_code == 422


def test_the_clients_are_told_and_sent_the_rewound_state(client: TestClient) -> None:
    table, tokens = jugula(client)
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": tokens[1], "version": 0, "board": False})
        assert receive(socket)["version"] == 0
        first = state(client, table, tokens[0])
        act(client, table, tokens[0], first["legal"][0]["notation"], 0)
        assert receive(socket)["version"] == 1
        assert post_undo(client, table, tokens[0], 1).status_code == 200
        told = receive(socket)
        seat = first["seat"]
        name = f"Player {seat + 1}"
        assert told == {"type": "undone", "seat": seat, "name": name, "count": 1, "version": 0}
        assert receive(socket) == {"type": "rewound", "version": 0}
        after = receive(socket)
        assert after["type"] == "state" and after["version"] == 0 and after["current"] == seat


def test_a_copy_that_missed_the_undo_cannot_append_after_the_rewritten_log(
    store: Store,
) -> None:
    """Two server processes (two services on one store): one undoes and plays another
    action, so the log is as long as before; the other, which held the old log, neither
    appends after it nor shows it."""
    here, there = TableService(store), TableService(store)
    row, tokens = here.create(JUGULA, ["human", "human"])
    here.state(row.id, tokens[0])
    here.state(row.id, tokens[1])
    seat = here.table(row.id).current()
    assert seat is not None
    legal = [str(a) for a in here.table(row.id).state.legal_actions()]
    here.act(row.id, seat, legal[0], 0, token=tokens[seat])
    held = there.table(row.id)
    assert held.version == 1 and held.steps[0].notation == legal[0]
    undo(here, row.id, 1, tokens[seat])
    here.act(row.id, seat, legal[-1], 0, token=tokens[seat])
    assert legal[-1] != legal[0]
    stale = there.table(row.id, sync=False)
    assert stale.steps[0].notation == legal[0]  # not told: no notification on SQLite
    follow = next(str(a) for a in stale.state.legal_actions())
    with pytest.raises(StaleVersion):
        there.act(row.id, seat, follow, 1, token=tokens[seat])
    assert [s.notation for s in there.table(row.id).steps] == [legal[-1]]
    assert [a.notation for a in store.tables.load(row.id)] == [legal[-1]]


def test_a_clocked_seat_gets_no_time_back(store: Store) -> None:
    clock = FakeClock()
    service = TableService(store, now=clock)
    row, tokens = service.create(
        JUGULA, ["human", "human"], clock={"kind": "live", "minutes": 1, "increment": 5}
    )
    service.state(row.id, tokens[0])
    service.state(row.id, tokens[1])
    clock.advance(seconds=10)
    seat = service.table(row.id).current()
    assert seat is not None
    legal = [str(a) for a in service.table(row.id).state.legal_actions()]
    service.act(row.id, seat, legal[0], 0, token=tokens[seat])
    assert service.summary(row.id)["time_left"][seat] == 55.0  # 60 - 10 + 5
    clock.advance(seconds=10)
    undo(service, row.id, 1, tokens[seat])
    left = service.summary(row.id)["time_left"]
    assert left[seat] == 40.0 and left[1 - seat] == 60.0  # as if it never moved
    clock.advance(seconds=5)
    assert service.summary(row.id)["time_left"][seat] == 35.0  # and it runs on


def jugula(client: TestClient) -> tuple[str, list[str]]:
    """A Jugula table of two guests; its id and their tokens, the deciding seat's first."""
    created = create(client, ["human", "human"], game=JUGULA)
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    if client.get(f"/api/tables/{table}").json()["current"] == 1:
        tokens.reverse()
    return table, tokens


def _wait_for_turn(
    client: TestClient, table: str, token: str, seat: int, after: int
) -> dict[str, Any]:
    """The seat's state once the computer has answered and it decides again."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        seen = state(client, table, token)
        if seen["version"] > after and seen["current"] == seat:
            return seen
        time.sleep(0.05)
    raise AssertionError("the computer seat did not play")
