"""My games (issue 44; docs/web.md, "My games"): `GET /api/me/tables` lists every table where
the signed-in account holds a seat, those where it is its turn first, then the others not
finished, then the finished ones; each with its seat, whether it decides, the seconds since
the table last changed, its players' names and its link; signed out, 401. Its queries do not
grow with the number of tables."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import event, update

from colosseum.store.schema import game_tables

from .conftest import bearer
from .test_account_seats import ME, app, guest, new_table, person, play, reserved, seen, store_of

__all__ = ["app"]  # the fixture, shared with test_account_seats.py


def mine(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/me/tables")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()
    return found


def to_turn(watcher: TestClient, table: str, players: dict[int, Any], seat: int) -> None:
    """Play at `table` until `seat` decides, each seat by its player: a signed-in browser,
    or a guest's token."""
    while (current := seen(watcher, table)["current"]) != seat:
        player = players[current]
        if isinstance(player, str):
            answer = play(watcher, table, headers=bearer(player))
        else:
            answer = play(player, table)
        assert answer.status_code == 200, answer.text


def test_signed_out_my_games_is_401(app: Any) -> None:
    refused = guest(app).get("/api/me/tables")
    assert refused.status_code == 401, refused.text


def test_my_games_lists_my_turn_first_then_unfinished_then_finished(app: Any) -> None:
    alice, bob = person(app, "alice"), person(app, "bob")
    finished = new_table(alice, [ME, reserved("bob")])["id"]
    waiting = new_table(bob, [ME, reserved("alice")])["id"]  # alice's turn after this
    solo_made = new_table(alice, [ME, "human"])  # against a guest
    solo, token = solo_made["id"], solo_made["seats"][1]["token"]
    others = new_table(bob, [ME, "random"])["id"]  # alice holds no seat
    mine_now = new_table(alice, [reserved("bob"), ME])["id"]
    seen(bob, mine_now)  # bob opens his seat: the table is playing
    watcher = guest(app)
    to_turn(watcher, waiting, {0: bob, 1: alice}, 1)
    to_turn(watcher, mine_now, {0: bob, 1: alice}, 1)
    to_turn(watcher, solo, {0: alice, 1: token}, 1)  # the guest decides: not alice's turn
    now = datetime.now(UTC)
    with store_of(app).engine.begin() as connection:
        connection.execute(
            update(game_tables).where(game_tables.c.id == finished).values(status="over")
        )
        for hours, table in enumerate((finished, mine_now, solo, waiting)):  # newest first
            connection.execute(
                update(game_tables)
                .where(game_tables.c.id == table)
                .values(updated=now - timedelta(hours=hours))
            )
    listed = mine(alice)
    ids = [entry["id"] for entry in listed]
    assert others not in ids and set(ids) == {finished, waiting, solo, mine_now}
    turns = {entry["id"]: entry["your_turn"] for entry in listed}
    assert turns == {finished: False, waiting: True, solo: False, mine_now: True}
    assert ids == [mine_now, waiting, solo, finished]  # each group the newest first
    first = listed[0]
    assert first == {
        "id": mine_now,
        "game": "ludus-gladiatorius",
        "title": "Ludus Gladiatorius",
        "status": "playing",
        "seat": 1,
        "seats": [1],
        "your_turn": True,
        "since_last_move": first["since_last_move"],
        "players": ["bob", "alice"],
        "link": f"/tables/{mine_now}",
    }
    assert 3600 <= first["since_last_move"] < 2 * 3600
    assert 3 * 3600 <= listed[1]["since_last_move"] < 4 * 3600
    bobs = {entry["id"]: entry for entry in mine(bob)}
    assert bobs[waiting]["your_turn"] is False and bobs[waiting]["seat"] == 0
    assert set(bobs) == {finished, waiting, others, mine_now}
    app.state.hub.service._live.clear()  # tables this process has not loaded yet
    assert {e["id"]: e["your_turn"] for e in mine(alice)} == turns


def test_a_hot_seat_is_listed_once_with_the_deciding_seat(app: Any) -> None:
    alice = person(app, "alice")
    table = new_table(alice, [ME, ME])["id"]
    deciding = seen(alice, table, seat=0)["current"]
    [entry] = mine(alice)
    assert (entry["id"], entry["seat"], entry["seats"], entry["your_turn"]) == (
        table,
        deciding,
        [0, 1],
        True,
    )


def test_my_games_asks_the_database_the_same_number_of_times_for_2_or_8_tables(
    app: Any,
) -> None:
    """The tables come in one query with their seats in another, not one query per table
    (tables this process serves are not replayed again)."""
    alice, bob = person(app, "alice"), person(app, "bob")
    engine = store_of(app).engine
    counts = []
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(str(args[2]).split()[0])

    for wanted in (2, 8):
        while len(mine(alice)) < wanted:
            new_table(alice, [ME, reserved("bob")])
        mine(alice)  # this process's copies brought up to date once
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert len(mine(alice)) == wanted
        finally:
            event.remove(engine, "before_cursor_execute", count)
        counts.append(statements.count("SELECT"))
    assert counts[0] == counts[1] == 3, (counts, statements)  # the sign-in, tables, seats
    assert bob  # bob's seats are reserved, not taken: still listed as his
    assert len(mine(bob)) == 8
