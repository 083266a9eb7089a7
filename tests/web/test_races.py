"""Who may take and play a seat (issue 43): the registry's cold start under simultaneous first
requests (finding 5), a lobby join racing the invitation holder's first action (finding 6),
private tables' seats by invitation only (finding 7) and seat names (finding 9)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from colosseum.store import SeatRevoked, Store
from colosseum.web.errors import BadRequest, BadToken, TableError
from colosseum.web.service import TableService
from colosseum.web.tokens import token_hash

from .conftest import bearer, create

TRIALS = 1000

COLD_START = textwrap.dedent(
    """
    import sys, threading
    from colosseum.store import Store
    from colosseum.web.errors import TableError
    from colosseum.web.service import TableService

    service = TableService(Store(sys.argv[1]))
    games = ["jugula", "ludus-gladiatorius", "ludi-gladiatorii"]
    barrier = threading.Barrier(50)
    refused = []

    def first_request(number):
        barrier.wait()
        try:
            service.create(games[number % 3], ["human", "human"])
        except TableError as error:
            refused.append(str(error))

    threads = [threading.Thread(target=first_request, args=(n,)) for n in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(len(refused), refused[:1])
    """
)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path / 'races.db'}")
    yield TableService(store)
    store.close()


# --- finding 5: the registry's cold start ----------------------------------------------------


def test_finding_5_fifty_simultaneous_first_creates_on_a_fresh_server_all_succeed(
    tmp_path: Path,
) -> None:
    """A fresh interpreter (the registry is process-global): 50 threads ask for a table of
    one of the three games at the same moment, before any game was imported; none is told
    "unknown game" (the registry was marked loaded before it was)."""
    done = subprocess.run(
        [sys.executable, "-c", COLD_START, f"sqlite:///{tmp_path / 'cold.db'}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0 []", done.stdout


# --- finding 6: a join racing the invitation's first action ---------------------------------


def test_finding_6_a_revoked_invitation_never_acts_in_1000_racing_trials(
    service: TableService,
) -> None:
    """Per trial a fresh two-person table: the holder of the deciding seat's invitation opens
    it and plays, while someone takes that seat from the lobby at the same moment. Exactly
    one of them gets the seat: never both (the join revoking the invitation, which then
    acted anyway), never neither."""
    trials = []
    for _ in range(TRIALS):
        row, tokens = service.create("ludus-gladiatorius", ["human", "human"])
        live = service.table(row.id)
        seat = live.state.current_player
        assert seat is not None
        notation = str(live.state.legal_actions()[0])
        trials.append((row.id, seat, tokens[seat], notation))
    acted = [False] * TRIALS
    joined = [False] * TRIALS
    failures: list[BaseException] = []
    barrier = threading.Barrier(2)

    def holder() -> None:
        for number, (table_id, _seat, token, notation) in enumerate(trials):
            barrier.wait()
            try:
                found = service.seat_of(service.table(table_id), token)
                service.act(table_id, found, notation, 0, token=token)
                acted[number] = True
            except TableError:
                pass

    def joiner() -> None:
        for number, (table_id, seat, _token, _notation) in enumerate(trials):
            barrier.wait()
            try:
                service.join(table_id, seat, "Intruder")
                joined[number] = True
            except TableError:
                pass

    def guarded(work: Any) -> None:
        try:
            work()
        except BaseException as error:  # reported below, not lost in the thread
            failures.append(error)
            barrier.abort()

    threads = [threading.Thread(target=guarded, args=(w,)) for w in (holder, joiner)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    both = sum(a and j for a, j in zip(acted, joined, strict=True))
    neither = sum(not a and not j for a, j in zip(acted, joined, strict=True))
    assert (both, neither) == (0, 0), f"{both} trials both won, {neither} neither"
    for number, (table_id, _seat, _token, _notation) in enumerate(trials):
        assert service.store.tables.length(table_id) == (1 if acted[number] else 0)


def test_finding_6_the_append_refuses_a_token_its_seat_no_longer_holds(
    service: TableService,
) -> None:
    """The check is the store's, in the append's transaction: an action presented with the
    token a seat held before a join is refused and nothing is stored."""
    row, tokens = service.create("ludus-gladiatorius", ["human", "human"])
    live = service.table(row.id)
    seat = live.state.current_player
    assert seat is not None
    notation = str(live.state.legal_actions()[0])
    assert service.join(row.id, seat, "Intruder")[0] == seat
    with pytest.raises(SeatRevoked):
        service.store.tables.append(row.id, 0, seat, notation, "playing", None, token_hash("x"))
    with pytest.raises(BadToken, match="no longer holds seat"):
        service.act(row.id, seat, notation, 0, token=tokens[seat])
    assert service.store.tables.length(row.id) == 0


def test_finding_6_a_human_seat_never_acts_without_a_token(service: TableService) -> None:
    row, _tokens = service.create("ludus-gladiatorius", ["human", "human"])
    live = service.table(row.id)
    seat = live.state.current_player
    assert seat is not None
    with pytest.raises(BadToken, match="act with its token"):
        service.act(row.id, seat, str(live.state.legal_actions()[0]), 0)
    assert service.store.tables.length(row.id) == 0


def test_an_action_for_a_seat_the_table_lacks_is_refused(service: TableService) -> None:
    row, tokens = service.create("ludus-gladiatorius", ["human", "human"])
    with pytest.raises(BadRequest, match="seats 0 to 1"):
        service.act(row.id, 7, "end", 0, token=tokens[0])


# --- finding 7: a private table's seats ----------------------------------------------------


def test_finding_7_a_private_tables_seat_is_taken_by_invitation_only(client: TestClient) -> None:
    """Knowing a private table's id lets one watch it, never take a seat whose invitation
    is not yet opened: 403 with the reason, the seat still free, its invitation working."""
    created = create(client, ["human", "human"], private=True)
    table = created["id"]
    refused = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Mallory"})
    assert refused.status_code == 403, refused.text
    assert "invitation" in refused.json()["detail"]
    assert client.get(f"/api/tables/{table}").json()["free_seats"] == [0, 1]
    token = created["seats"][1]["token"]
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(token))
    assert seen.status_code == 200 and seen.json()["seat"] == 1


def test_finding_7_a_public_tables_seat_is_still_joined_from_the_lobby(
    client: TestClient,
) -> None:
    created = create(client, ["human", "human"])
    joined = client.post(f"/api/tables/{created['id']}/join", json={"name": "Livia"})
    assert joined.status_code == 200, joined.text


# --- finding 9: names ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["Bell\x07", "Tab\there", "Line\nbreak", "Esc\x1b[31m", "\x7f"])
def test_finding_9_a_name_with_a_control_character_is_422_naming_the_field(
    client: TestClient, bad: str
) -> None:
    """On creation (`names[i]`) and on a lobby join (`name`); nothing is stored. (A NUL is
    refused before, by the server's guard of every JSON body, and by the service below.)"""
    before = client.get("/api/tables").json()
    refused = client.post(
        "/api/tables",
        json={"game": "ludus-gladiatorius", "players": ["human", "human"], "names": ["A", bad]},
    )
    assert refused.status_code == 422, refused.text
    assert "names[1]" in refused.json()["detail"]
    assert client.get("/api/tables").json() == before
    table = create(client, ["human", "human"])["id"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": bad})
    assert joined.status_code == 422, joined.text
    assert joined.json()["detail"].startswith("name:")
    assert client.get(f"/api/tables/{table}").json()["free_seats"] == [0, 1]


def test_finding_9_a_nul_in_a_name_is_refused_by_the_service_itself(
    service: TableService,
) -> None:
    """Not only behind the HTTP guard: the service refuses it before the store sees it."""
    with pytest.raises(BadRequest, match=r"names\[0\]: .*control characters"):
        service.create("ludus-gladiatorius", ["human", "human"], names=["Ma\x00rcus"])
    assert service.store.tables.count() == 0
