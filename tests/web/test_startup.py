"""Lazy start-up and abandoned tables (issue 43, finding 10): start-up replays no table where
a person decides (it asks the store which tables wait for a computer seat, in one query),
a table whose computer seat failed is marked and not woken again, a table nobody touched for
the idle time ends as abandoned, and the lobby is bounded."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import colosseum

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from colosseum.store import HUMAN_DECIDES, SeatRow, Store, TableRow
from colosseum.web.app import create_app
from colosseum.web.errors import NotAvailable, TableNotFound
from colosseum.web.live import LiveTable
from colosseum.web.service import LOBBY_SIZE, TableService
from tests.store.rows import ludus_row

from .conftest import bearer, create

WAIT = 15.0  # seconds a computer seat may take before a test gives up
DAY = timedelta(days=1)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path / 'startup.db'}")
    yield TableService(store)
    store.close()


def human_turn_table(store: Store, private: bool = False) -> str:
    """A Ludus table of two people, stored directly (as the benchmark makes 10,000)."""
    seats = (SeatRow(0, "human", "A", None, True), SeatRow(1, "human", "B", None, True))
    row = ludus_row(seats, "playing", private=private, salt="00", decider=HUMAN_DECIDES, prefix="h")
    store.tables.create(row)
    table_id = row.id
    return table_id


def first_seat(seat: int) -> int:
    """A seed at which seat `seat` of a two-seat Ludus table decides first."""
    for seed in range(100):
        if colosseum.new_game("ludus-gladiatorius", 2, seed).current_player == seat:
            return seed
    raise AssertionError(f"no seed in 100 where seat {seat} starts")


def computer_first(service: TableService) -> str:
    """A (practice) table where a computer seat decides now, a person's seat beside it."""
    seed = first_seat(0)
    row, _tokens = service.create(
        "ludus-gladiatorius", ["random", "human"], seed=seed, practice=True
    )
    return row.id


def person_first(service: TableService) -> tuple[str, dict[int, str]]:
    """A (practice) table where a person decides now, a computer seat beside it."""
    seed = first_seat(0)
    row, tokens = service.create(
        "ludus-gladiatorius", ["human", "random"], seed=seed, practice=True
    )
    return row.id, tokens


def finished(service: TableService) -> str:
    """A table of two computer seats played to its end here (no server wakes them)."""
    row, _tokens = service.create("ludus-gladiatorius", ["random", "random"], {"round_limit": 1})
    live = service.table(row.id)
    while live.state.current_player is not None:
        seat = live.state.current_player
        service.act(row.id, seat, str(live.state.legal_actions()[0]), live.version)
    assert service.summary(row.id)["status"] == "over"
    return row.id


# --- start-up ------------------------------------------------------------------------------


def test_finding_10_awaiting_computer_lists_the_tables_a_computer_seat_must_decide(
    service: TableService,
) -> None:
    """Only tables not over, not abandoned, not failed, whose decision is a computer
    seat's; a person's turn, a finished table, a failed one are left out."""
    waiting = computer_first(service)
    failed = computer_first(service)
    service.mark_failed(failed, "the agent crashed")
    human, _tokens = person_first(service)
    people = human_turn_table(service.store)
    over = finished(service)
    assert set(service.awaiting_computer()) == {waiting}
    service.store.tables.abandon(datetime.now(UTC) + DAY)  # every table so far: abandoned
    assert service.awaiting_computer() == []
    fresh = computer_first(service)
    assert set(service.awaiting_computer()) == {fresh}
    assert {waiting, failed, human, people, over}.isdisjoint(service.awaiting_computer())


def test_finding_10_the_store_keeps_who_decides_with_each_action(service: TableService) -> None:
    """After the person's action the computer seat decides, and the other way round: the
    store's mark follows every append (no replay needed to know it)."""
    table, tokens = person_first(service)
    assert table not in service.awaiting_computer()
    live = service.table(table)
    service.act(table, 0, str(live.state.legal_actions()[0]), 0, token=tokens[0])
    if live.state.current_player == 1:
        assert table in service.awaiting_computer()
        service.act(table, 1, str(live.state.legal_actions()[0]), 1)
    assert (table in service.awaiting_computer()) == (live.state.current_player == 1)


def test_finding_10_a_table_stored_before_the_store_kept_who_decides_is_checked_once(
    service: TableService,
) -> None:
    """Its decider unknown, it is listed (it may wait for a computer seat); once loaded,
    the store knows, and a person's turn is no longer listed."""
    table, _tokens = person_first(service)
    with service.store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE game_tables SET decider = NULL")
    fresh = TableService(service.store)
    assert table in fresh.awaiting_computer()
    fresh.table(table)
    assert table not in fresh.awaiting_computer()


def test_finding_10_start_up_replays_no_table_where_a_person_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 unfinished tables waiting for people and one for a computer seat: the server
    starts without loading any of the 200, and the computer seat still plays."""
    database = f"sqlite:///{tmp_path / 'lazy.db'}"
    store = Store(database)
    try:
        people = {human_turn_table(store) for _ in range(200)}
        waiting = computer_first(TableService(store))
    finally:
        store.close()
    loaded: list[str] = []
    start = LiveTable.start.__func__  # type: ignore[attr-defined]

    def counted(cls: type[LiveTable], row: TableRow) -> LiveTable:
        loaded.append(row.id)
        found: LiveTable = start(cls, row)
        return found

    monkeypatch.setattr(LiveTable, "start", classmethod(counted))
    with TestClient(create_app(database, workers=0)) as client:
        deadline = time.monotonic() + WAIT
        while client.get(f"/api/tables/{waiting}").json()["version"] == 0:
            assert time.monotonic() < deadline, "the computer seat was not woken"
            time.sleep(0.05)
        assert people.isdisjoint(loaded), f"{len(people & set(loaded))} tables replayed"
        some = next(iter(people))
        assert client.get(f"/api/tables/{some}").status_code == 200  # loaded when asked
        assert some in loaded


# --- failed computer seats -----------------------------------------------------------------


def test_finding_10_a_failed_table_is_marked_shown_and_cleared_by_a_later_action(
    service: TableService,
) -> None:
    table = computer_first(service)
    service.mark_failed(table, "the agent crashed:\nValueError\x00")
    summary = service.summary(table)
    assert summary["failure"] == "the agent crashed: ValueError"
    assert service.state(table, None)["failure"] == summary["failure"]
    assert table not in service.awaiting_computer()
    live = service.table(table)
    service.act(table, 0, str(live.state.legal_actions()[0]), 0)
    assert service.summary(table)["failure"] is None
    with pytest.raises(TableNotFound):
        service.mark_failed("no-such-table", "nothing")


# --- abandoned tables ----------------------------------------------------------------------


def test_finding_10_a_table_idle_for_longer_than_the_limit_ends_as_abandoned(
    client: TestClient,
) -> None:
    """No action for longer than the idle time: the table ends as abandoned; nobody may act
    or sit down at it, it leaves the lobby, its seed and salt are shown, its record opens.
    A table active within the idle time, and one over, are left as they are."""
    idle = create(client, ["human", "human"])
    open_seat = create(client, ["human", "human"])
    service: TableService = client.app.state.hub.service  # type: ignore[attr-defined]
    over = finished(service)
    later = datetime.now(UTC) + timedelta(days=31)
    ended = service.abandon_idle(timedelta(days=30), now=later)
    assert set(ended) == {idle["id"], open_seat["id"]}
    recent = create(client, ["human", "human"])
    assert service.abandon_idle(timedelta(days=30)) == []
    table = idle["id"]
    summary: dict[str, Any] = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "abandoned" and summary["current"] is None
    assert summary["seed"] is not None and summary["salt"] is not None
    assert service.summary(over)["status"] == "over"
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert listed == {recent["id"]}
    token = idle["seats"][0]["token"]
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
    assert (seen["status"], seen["legal"], seen["current"]) == ("abandoned", [], None)
    refused = client.post(
        f"/api/tables/{table}/actions", json={"action": "end", "version": 0}, headers=bearer(token)
    )
    assert refused.status_code == 403 and "abandoned" in refused.json()["detail"]
    joined = client.post(f"/api/tables/{open_seat['id']}/join", json={"name": "Late"})
    assert joined.status_code == 403 and "abandoned" in joined.json()["detail"]
    assert client.get(f"/api/tables/{table}/record").status_code == 200


def test_finding_10_the_store_refuses_an_action_at_an_abandoned_table(
    service: TableService,
) -> None:
    """Also an action from a server process whose copy of the table is older."""
    table = computer_first(service)
    live = service.table(table)
    notation = str(live.state.legal_actions()[0])
    service.store.tables.abandon(datetime.now(UTC) + DAY)
    with pytest.raises(NotAvailable, match="abandoned"):
        service.act(table, 0, notation, 0)
    stale = TableService(service.store)
    stale._live[table] = live  # this process still holds the table as it was
    with pytest.raises(NotAvailable, match="abandoned"):
        stale.act(table, 0, notation, 0)
    assert service.store.tables.length(table) == 0


# --- the lobby -----------------------------------------------------------------------------


def test_finding_10_the_lobby_lists_the_200_most_recently_active_tables(
    service: TableService,
) -> None:
    made = [human_turn_table(service.store) for _ in range(LOBBY_SIZE + 5)]
    made += [human_turn_table(service.store, private=True) for _ in range(3)]
    listed = [entry["id"] for entry in service.lobby()]
    assert len(listed) == LOBBY_SIZE == 200
    assert set(listed) == set(made[5 : LOBBY_SIZE + 5])


def test_a_table_that_no_longer_replays_is_409_without_the_engines_words(database: str) -> None:
    """A stored table whose record no longer replays answers 409 with a reason; the engine's
    message, which lists a seat's legal actions, reaches nobody."""
    from fastapi.testclient import TestClient

    from colosseum.web.app import create_app

    from .conftest import UNLIMITED

    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        service = client.app.state.hub.service  # type: ignore[attr-defined]
        row, _tokens = service.create("ludus", ["human", "human"])
        service.store.tables.append(row.id, 0, 0, "no such move", "playing", "human")
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        for path in (f"/api/tables/{row.id}", f"/api/tables/{row.id}/state"):
            answer = client.get(path)
            assert answer.status_code == 409, answer.text
            assert "no longer replays" in answer.json()["detail"]
            assert "legal" not in answer.text.lower()
