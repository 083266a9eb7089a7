"""Clocks (issue 44; docs/web.md, "Clocks"), under a fake clock: days per move and live
clocks with increment kept in the store, a seat out of time losing (by the sweep, or by an
action arriving late), a restarted service computing the same time left, computer seats'
time not running, bad clocks refused."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.store import Store
from colosseum.web.clocks import TimedOut
from colosseum.web.errors import BadRequest
from colosseum.web.service import TableService

from .conftest import receive

GAME = "ludus-gladiatorius"


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.moment = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    made = Store(database)
    yield made
    made.engine.dispose()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def seated(
    service: TableService, clock: dict[str, Any] | None, players: list[str] | None = None
) -> tuple[str, dict[int, str]]:
    """A new table with its guests' seats taken (their links opened): its id and tokens."""
    row, tokens = service.create(GAME, players or ["human", "human"], clock=clock)
    for token in tokens.values():
        service.state(row.id, token)
    return row.id, tokens


def play(service: TableService, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The deciding seat plays its first legal action; its new state."""
    live = service.table(table)
    seat = live.current()
    assert seat is not None
    with live.lock:
        notation = str(live.state.legal_actions()[0])
        version = live.version
    service.act(table, seat, notation, version, token=tokens.get(seat))
    return service.state(table, tokens.get(seat))


def left(service: TableService, table: str) -> list[float | None]:
    found: list[float | None] = service.summary(table)["time_left"]
    return found


def test_days_per_move_a_move_in_time_resets_and_the_sweep_ends_a_late_table(
    store: Store, clock: FakeClock
) -> None:
    service = TableService(store, now=clock)
    table, tokens = seated(service, {"kind": "days", "days": 1})
    first = service.table(table).current()
    assert first is not None
    day = 86_400.0
    assert left(service, table) == [day, day]
    clock.advance(hours=20)
    assert left(service, table)[first] == day - 20 * 3600
    assert service.sweep_clocks() == []
    play(service, table, tokens)
    second = service.table(table).current()
    assert second is not None and service.table(table).row.status == "playing"
    assert left(service, table)[first] == day  # a new full day for the next move
    assert left(service, table)[second] == day
    clock.advance(hours=23, minutes=59)
    assert service.sweep_clocks() == []
    assert service.summary(table)["seed"] is None
    clock.advance(minutes=2)
    assert service.sweep_clocks() == [table]
    summary = service.summary(table)
    assert summary["status"] == "over"
    assert summary["outcome"] == {"kind": "timeout", "seat": second, "at": 1}
    assert summary["winners"] == [s for s in range(2) if s != second]
    assert summary["seed"] is not None and summary["salt"] is not None
    assert service.sweep_clocks() == []  # told once


def test_live_clock_banks_decrease_and_gain_the_increment(store: Store, clock: FakeClock) -> None:
    service = TableService(store, now=clock)
    table, tokens = seated(service, {"kind": "live", "minutes": 5, "increment": 10})
    bank = 300.0
    before = {s: bank for s in range(2)}
    assert left(service, table) == [bank, bank]
    for spent in (30, 45, 12):
        seat = service.table(table).current()
        assert seat is not None
        clock.advance(seconds=spent)
        play(service, table, tokens)
        before[seat] += 10 - spent
        other = service.table(table).current()
        if other is None or other == seat:
            break
        assert left(service, table) == [before[0], before[1]]
    stored = store.tables.find(table)
    assert stored is not None
    assert [s.time_left_ms for s in stored.seats] == [before[0] * 1000, before[1] * 1000]


def test_an_action_after_the_deadline_is_refused_and_ends_the_table(
    store: Store, clock: FakeClock
) -> None:
    service = TableService(store, now=clock)
    table, tokens = seated(service, {"kind": "live", "minutes": 1, "increment": 0})
    live = service.table(table)
    seat = live.current()
    assert seat is not None
    with live.lock:
        notation, version = str(live.state.legal_actions()[0]), live.version
    clock.advance(seconds=61)
    with pytest.raises(TimedOut, match=f"seat {seat} ran out of time"):
        service.act(table, seat, notation, version, token=tokens[seat])
    stored = store.tables.find(table)
    assert stored is not None and stored.status == "over" and stored.length == 0
    assert stored.outcome == {"kind": "timeout", "seat": seat, "at": 0}
    with pytest.raises(TimedOut):  # and again, once it is over
        service.act(table, seat, notation, version, token=tokens[seat])
    assert service.sweep_clocks() == [table]  # the sweep tells its clients


def test_a_restarted_service_computes_the_same_time_left(store: Store, clock: FakeClock) -> None:
    service = TableService(store, now=clock)
    table, tokens = seated(service, {"kind": "live", "minutes": 3, "increment": 5})
    clock.advance(seconds=20)
    play(service, table, tokens)
    clock.advance(seconds=7)
    shown = left(service, table)
    restarted = TableService(store, now=clock)
    assert left(restarted, table) == shown
    assert restarted.summary(table)["deadline"] == service.summary(table)["deadline"]
    clock.advance(seconds=200)
    assert restarted.sweep_clocks() == [table]


def test_computer_seats_time_does_not_run(store: Store, clock: FakeClock) -> None:
    service = TableService(store, now=clock)
    table, tokens = seated(service, {"kind": "live", "minutes": 1}, ["human", "random"])
    assert left(service, table)[1] is None
    live = service.table(table)
    for _ in range(40):  # the computer seat's turns take as long as the fake clock says
        seat = live.current()
        if seat is None:
            break
        with live.lock:
            notation, version = str(live.state.legal_actions()[0]), live.version
        if seat == 1:
            clock.advance(hours=1)  # would time out any person
            service.act(table, 1, notation, version)
            assert service.sweep_clocks() == []
        else:
            clock.advance(seconds=1)
            service.act(table, 0, notation, version, token=tokens[0])
        assert service.table(table).row.outcome is None
    stored = store.tables.find(table)
    assert stored is not None and stored.seats[1].time_left_ms is None


@pytest.mark.parametrize(
    ("clock", "field"),
    [
        ({"kind": "days", "days": 4}, "days"),
        ({"kind": "live", "minutes": 0}, "minutes"),
        ({"kind": "live", "minutes": 181}, "minutes"),
        ({"kind": "live", "minutes": 5, "increment": 61}, "increment"),
        ({"kind": "live", "minutes": "5"}, "minutes"),
        ({"kind": "hourglass"}, "clock"),
        ({"kind": "days", "days": 1, "extra": 1}, "extra"),
    ],
)
def test_bad_clocks_are_refused_naming_the_field(
    client: TestClient, clock: dict[str, Any], field: str
) -> None:
    before = client.get("/api/tables").json()
    answer = client.post(
        "/api/tables", json={"game": GAME, "players": ["human", "human"], "clock": clock}
    )
    assert answer.status_code == 422, answer.text
    assert field in answer.text
    assert client.get("/api/tables").json() == before


def test_the_service_refuses_bad_clocks_too(store: Store) -> None:
    service = TableService(store)
    with pytest.raises(BadRequest, match=r"clock\.days"):
        service.create(GAME, ["human", "human"], clock={"kind": "days", "days": 4})
    assert store.tables.count() == 0


def test_a_clock_given_to_the_api_is_kept(client: TestClient) -> None:
    """`POST /api/tables` with a clock: the table keeps it, and its seats' time shows once
    both are taken."""
    created = client.post(
        "/api/tables",
        json={"game": GAME, "players": ["human", "human"], "clock": {"kind": "days", "days": 3}},
    )
    assert created.status_code == 201, created.text
    table = created.json()["id"]
    for seat in created.json()["seats"]:
        headers = {"Authorization": f"Bearer {seat['token']}"}
        assert client.get(f"/api/tables/{table}/state", headers=headers).status_code == 200
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["clock"] == {"kind": "days", "days": 3}
    deciding = [t for t in summary["time_left"] if t is not None]
    assert deciding and all(0 < t <= 3 * 86400 for t in deciding)


def test_a_late_action_tells_the_watching_clients_at_once(client: TestClient) -> None:
    """An action that finds its seat out of time: refused (409), and every client of the table
    is told who ran out of time and gets its new state, without waiting for the sweep."""
    moment = FakeClock()
    client.app.state.hub.service.now = moment  # type: ignore[attr-defined]
    created = client.post(
        "/api/tables",
        json={"game": GAME, "players": ["human", "human"], "clock": {"kind": "days", "days": 1}},
    ).json()
    table, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    for token in tokens.values():
        client.get(f"/api/tables/{table}/state", headers={"Authorization": f"Bearer {token}"})
    summary = client.get(f"/api/tables/{table}").json()
    seat = summary["current"]
    watcher = tokens[1 - seat]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": watcher, "version": 0})
        first = receive(socket)
        assert first["type"] == "state"
        mine = client.get(
            f"/api/tables/{table}/state", headers={"Authorization": f"Bearer {tokens[seat]}"}
        )
        moment.advance(days=1, seconds=1)  # read before: a read past the deadline ends it
        late = client.post(
            f"/api/tables/{table}/actions",
            json={"action": mine.json()["legal"][0]["notation"], "version": mine.json()["version"]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert late.status_code == 409 and "ran out of time" in late.text, late.text
        told = receive(socket)
        while told["type"] != "timeout":
            told = receive(socket)
        assert told["seat"] == seat
