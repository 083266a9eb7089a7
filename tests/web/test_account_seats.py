"""Seats that belong to accounts (issue 44; docs/web.md, "Seats of accounts"): a signed-in
creator's own seat and seats reserved for accounts by name; a request acting for its token's
seat or its sign-in's account's seat, never another's; a reserved seat nobody else takes; a
hot seat of one account chosen by `?seat=N`; the store's check of the account in the append;
a guest who names himself, registers, keeps his seat and plays it from another browser; and
the "your turn" notification queued for an account that does not watch the table."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import update

from colosseum.store import Store
from colosseum.store.schema import table_seats
from colosseum.web import notify
from colosseum.web.app import create_app
from colosseum.web.errors import NotYourSeat
from colosseum.web.service import TableService
from colosseum.web.settings import ServerSettings

from .conftest import bearer, receive

PASSWORD = "correct horse battery"
SITE = "http://testserver"
UNLIMITED = ServerSettings(rate_limits={})
ME = {"kind": "me"}


def reserved(name: str) -> dict[str, str]:
    return {"kind": "account", "name": name}


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    """The app, running (its event loop kept in `state.portal` for the browsers)."""
    made = create_app(database, workers=0, settings=UNLIMITED)
    with TestClient(made) as running:
        made.state.portal = running.portal
        yield made


def guest(app: Any) -> TestClient:
    """A browser of this site's pages, signed out. Its requests run in the app's own event
    loop, so that what they start (a computer seat's thinking) outlives the request."""
    client = TestClient(app, headers={"Origin": SITE})
    client.portal = app.state.portal
    return client


def person(app: Any, name: str) -> TestClient:
    """A browser signed in to a new account `name`."""
    client = guest(app)
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client


def signed_in(app: Any, name: str) -> TestClient:
    """A fresh browser signing in to the existing account `name`."""
    client = guest(app)
    response = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.text
    return client


def new_table(client: TestClient, players: list[Any], **fields: Any) -> dict[str, Any]:
    body = {"game": "ludus-gladiatorius", "players": players, **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def seen(client: TestClient, table: str, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}/state", params={"board": False, **params})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def play(
    client: TestClient, table: str, headers: dict[str, str] | None = None, **params: Any
) -> Any:
    """The first legal action of the seat the client reads the table as, played."""
    found = client.get(
        f"/api/tables/{table}/state", params={"board": False, **params}, headers=headers or {}
    ).json()
    assert found["legal"], found
    return client.post(
        f"/api/tables/{table}/actions",
        params={"board": False, **params},
        headers=headers or {},
        json={"action": found["legal"][0]["notation"], "version": found["version"]},
    )


def summary(client: TestClient, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table}").json()
    return answer


def store_of(app: Any) -> Store:
    found: Store = app.state.hub.service.store
    return found


# --- creating a table with accounts' seats -----------------------------------------------------


def test_a_signed_in_creator_takes_his_seat_and_reserves_one_for_bob(app: Any) -> None:
    alice, _bob = person(app, "alice"), person(app, "Bob")
    created = new_table(alice, [ME, reserved(" bob "), "human", "random"])
    seats = created["seats"]
    assert [(s["name"], s["account"], s["token"], s["join"]) for s in seats[:2]] == [
        ("alice", True, None, None),
        ("Bob", True, None, None),
    ]
    assert seats[2]["token"] and not seats[2]["account"] and not seats[3]["account"]
    players = summary(alice, created["id"])["players"]
    assert [(p["name"], p["account"], p["claimed"]) for p in players] == [
        ("alice", True, True),
        ("Bob", True, False),
        ("Player 3", False, False),
        ("random (computer)", False, True),
    ]
    assert summary(alice, created["id"])["free_seats"] == [2]
    keys = {"seat", "kind", "name", "claimed", "account", "rating"}
    assert all(set(p) == keys for p in players)


@pytest.mark.parametrize(
    "entry",
    [reserved("nobody"), reserved("deleted"), reserved("disabled"), reserved(" ")],
)
def test_an_unknown_deleted_or_disabled_account_is_422_naming_it_and_nothing_is_made(
    app: Any, entry: dict[str, str]
) -> None:
    alice = person(app, "alice")
    store = store_of(app)
    for name in ("deleted", "disabled"):
        person(app, name)
        found = store.accounts.by_name(name)
        assert found is not None
        if name == "deleted":
            store.accounts.delete(found.id)
        else:
            store.accounts.set_disabled(found.id, True)
    before = store.tables.count()
    refused = alice.post("/api/tables", json={"game": "ludus-gladiatorius", "players": [ME, entry]})
    assert refused.status_code == 422, refused.text
    assert "players[1]" in refused.json()["detail"]
    if entry["name"].strip():
        assert repr(entry["name"]) in refused.json()["detail"]
    assert store.tables.count() == before


@pytest.mark.parametrize("entry", [ME, reserved("bob")])
def test_seating_accounts_signed_out_is_401(app: Any, entry: dict[str, str]) -> None:
    person(app, "bob")
    refused = guest(app).post(
        "/api/tables", json={"game": "ludus-gladiatorius", "players": ["human", entry]}
    )
    assert refused.status_code == 401, refused.text
    assert "sign in" in refused.json()["detail"]
    assert store_of(app).tables.count() == 0


def test_a_bad_seat_kind_is_422(app: Any) -> None:
    alice = person(app, "alice")
    refused = alice.post(
        "/api/tables",
        json={"game": "ludus-gladiatorius", "players": [ME, {"kind": "organiser"}]},
    )
    assert refused.status_code == 422, refused.text


# --- who acts ---------------------------------------------------------------------------------


def test_bobs_cookie_reads_and_plays_bobs_seat_and_never_alices(app: Any) -> None:
    """Each cookie reads its own account's seat (bob's first reading takes his reserved
    seat) and plays it when it decides; the other's cookie is refused 403 and nothing is
    stored; `?seat=` of another's seat is 403; a third account reads as a spectator and may
    not act."""
    alice, bob, carol = person(app, "alice"), person(app, "bob"), person(app, "carol")
    table = new_table(alice, [ME, reserved("bob")])["id"]
    assert seen(bob, table)["seat"] == 1
    assert summary(alice, table)["players"][1]["claimed"] is True
    assert summary(alice, table)["status"] == "playing"
    cookies = {0: alice, 1: bob}
    for _ in range(6):
        now = seen(alice, table)
        deciding, waiting = cookies[now["current"]], cookies[1 - now["current"]]
        assert seen(waiting, table)["legal"] == []
        legal = seen(deciding, table)["legal"][0]["notation"]
        refused = waiting.post(
            f"/api/tables/{table}/actions", json={"action": legal, "version": now["version"]}
        )
        assert refused.status_code == 403, refused.text
        assert store_of(app).tables.length(table) == now["version"]
        other = 1 - now["current"]
        assert (
            waiting.get(f"/api/tables/{table}/state", params={"seat": now["current"]}).status_code
            == 403
        )
        assert deciding.get(f"/api/tables/{table}/state", params={"seat": other}).status_code == 403
        answer = play(deciding, table)
        assert answer.status_code == 200, answer.text
        assert answer.json()["seat"] == now["current"]
        assert answer.json()["version"] == now["version"] + 1
    assert seen(carol, table)["seat"] is None
    assert play_as_spectator(carol, table).status_code == 403
    assert seen(guest(app), table)["seat"] is None


def play_as_spectator(client: TestClient, table: str) -> Any:
    now = seen(client, table)
    return client.post(
        f"/api/tables/{table}/actions", json={"action": "end", "version": now["version"]}
    )


def test_a_seat_token_decides_over_the_cookie(app: Any) -> None:
    """A request with a seat's token is that seat's, whatever account is signed in."""
    alice = person(app, "alice")
    created = new_table(alice, [ME, "human"])
    token = created["seats"][1]["token"]
    assert seen(alice, created["id"])["seat"] == 0
    read = alice.get(f"/api/tables/{created['id']}/state", headers=bearer(token))
    assert read.status_code == 200 and read.json()["seat"] == 1


def test_a_reserved_seat_is_joined_by_no_third_account_nor_guest(app: Any) -> None:
    alice, _bob, carol = person(app, "alice"), person(app, "bob"), person(app, "carol")
    table = new_table(alice, [ME, reserved("bob")])["id"]
    for someone in (carol, guest(app)):
        refused = someone.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Mallory"})
        assert refused.status_code == 409, refused.text
        assert "reserved for bob" in refused.json()["detail"]
        anywhere = someone.post(f"/api/tables/{table}/join", json={"name": "Mallory"})
        assert anywhere.status_code == 409, anywhere.text
    players = summary(alice, table)["players"]
    assert (players[1]["name"], players[1]["claimed"]) == ("bob", False)
    assert seen(carol, table)["seat"] is None


def test_a_signed_in_lobby_join_sits_as_the_account(app: Any) -> None:
    alice, carol = person(app, "alice"), person(app, "carol")
    table = new_table(alice, [ME, "human"])["id"]
    joined = carol.post(f"/api/tables/{table}/join", json={"name": "ignored"})
    assert joined.status_code == 200, joined.text
    assert summary(alice, table)["players"][1] | {"seat": 1} == {
        "seat": 1,
        "kind": "human",
        "name": "carol",
        "claimed": True,
        "account": True,
        "rating": None,
    }
    assert seen(carol, table)["seat"] == 1


def test_a_hot_seat_of_one_account_says_which_seat(app: Any) -> None:
    alice = person(app, "alice")
    table = new_table(alice, [ME, ME])["id"]
    refused = alice.get(f"/api/tables/{table}/state")
    assert refused.status_code == 422 and "?seat=N" in refused.json()["detail"]
    now = seen(alice, table, seat=0)
    deciding = now["current"]
    assert seen(alice, table, seat=1 - deciding)["legal"] == []
    legal = seen(alice, table, seat=deciding)["legal"][0]["notation"]
    unsaid = alice.post(f"/api/tables/{table}/actions", json={"action": legal, "version": 0})
    assert unsaid.status_code == 422, unsaid.text
    assert play(alice, table, seat=deciding).status_code == 200
    assert store_of(app).tables.length(table) == 1


def test_the_store_refuses_an_account_whose_seat_was_rebound_after_the_check(
    app: Any,
) -> None:
    """The service found the seat alice's; before the append the seat is given to another
    account: the append's own check refuses (403), nothing is stored."""
    alice, _mallory = person(app, "alice"), person(app, "mallory")
    table = new_table(alice, [ME, ME])["id"]
    service: TableService = app.state.hub.service
    store = service.store
    found = store.accounts.by_name("alice")
    other = store.accounts.by_name("mallory")
    assert found is not None and other is not None
    live = service.table(table)
    deciding = live.state.current_player
    assert deciding is not None
    seat = service.seat_of(live, None, found.id, deciding)
    assert seat == deciding
    notation = str(live.state.legal_actions()[0])
    with store.engine.begin() as connection:
        connection.execute(
            update(table_seats)
            .where(table_seats.c.table_id == table, table_seats.c.seat == seat)
            .values(account=other.id)
        )
    with pytest.raises(NotYourSeat, match="no longer your account's"):
        service.act(table, seat, notation, 0, account=found.id)
    assert store.tables.length(table) == 0


# --- a guest names himself, registers and keeps his seat --------------------------------------


def test_a_guest_names_himself_keeps_his_seat_and_plays_it_signed_in_elsewhere(app: Any) -> None:
    alice = person(app, "alice")
    created = new_table(alice, [ME, "human"])
    table, token = created["id"], created["seats"][1]["token"]
    visitor = guest(app)
    path = f"/api/tables/{table}/seats/1"
    assert visitor.post(f"{path}/name", json={"name": "Gaius"}).status_code == 401
    wrong = visitor.post(
        f"/api/tables/{table}/seats/0/name",
        json={"name": "G"},
        headers=bearer(token),
    )
    assert wrong.status_code == 401
    for bad in ("Ga\x1bius", "   ", "ALICE"):
        refused = visitor.post(f"{path}/name", json={"name": bad}, headers=bearer(token))
        assert refused.status_code == 422, (bad, refused.text)
        assert refused.json()["detail"].startswith("name:")
    named = visitor.post(f"{path}/name", json={"name": "  Gaius   Iulius "}, headers=bearer(token))
    assert named.status_code == 200, named.text
    assert named.json() == {"seat": 1, "name": "Gaius Iulius", "account": False}
    players = summary(alice, table)["players"]
    assert (players[1]["name"], players[1]["claimed"], players[1]["account"]) == (
        "Gaius Iulius",
        True,
        False,
    )
    assert visitor.post(f"{path}/keep", headers=bearer(token)).status_code == 401  # signed out
    registered = visitor.post("/api/accounts", json={"name": "gaius", "password": PASSWORD})
    assert registered.status_code == 201, registered.text
    assert visitor.post(f"{path}/keep").status_code == 401  # no token
    kept = visitor.post(f"{path}/keep", headers=bearer(token))
    assert kept.status_code == 200, kept.text
    assert kept.json() == {"seat": 1, "name": "gaius", "account": True}
    assert visitor.post(f"{path}/keep", headers=bearer(token)).status_code == 409
    assert (
        visitor.post(f"{path}/name", json={"name": "X"}, headers=bearer(token)).status_code == 409
    )
    elsewhere = signed_in(app, "gaius")  # a fresh browser, without the token
    assert seen(elsewhere, table)["seat"] == 1
    for _ in range(8):
        deciding = seen(alice, table)["current"]
        answer = play(elsewhere if deciding == 1 else alice, table)
        assert answer.status_code == 200, answer.text
    assert 1 in {step.seat for step in app.state.hub.service.table(table).steps}
    assert seen(guest(app), table, since=0)["players"][1]["name"] == "gaius"


# --- "your turn" for an account that does not watch --------------------------------------------


def test_an_account_not_watching_is_told_its_turn_and_one_watching_is_not(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, str, str, str]] = []

    def queue_turn(store: Any, account: int, table: str, title: str, link: str) -> None:
        calls.append((account, table, title, link))

    monkeypatch.setattr(notify, "queue_turn", queue_turn)
    alice, bob = person(app, "alice"), person(app, "bob")
    ids = {
        name: found.id
        for name in ("alice", "bob")
        if (found := store_of(app).accounts.by_name(name)) is not None
    }
    table = new_table(alice, [reserved("bob"), ME])["id"]
    first = seen(alice, table)["current"]
    link = f"/tables/{table}"
    expected = [(ids["bob"], table, "Ludus Gladiatorius", link)] if first == 0 else []
    assert calls == expected  # at creation: bob, if he decides first; never alice herself
    cookies = {0: bob, 1: alice}
    names = {0: "bob", 1: "alice"}
    told_in_all = 0
    for _ in range(6):
        calls.clear()
        deciding = seen(alice, table)["current"]
        assert play(cookies[deciding], table).status_code == 200
        after = seen(alice, table)["current"]
        told = [] if after == deciding else [(ids[names[after]], table, "Ludus Gladiatorius", link)]
        assert calls == told
        told_in_all += len(told)
    assert told_in_all >= 2  # the turn passed between them
    with bob.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_json({"type": "hello", "token": None, "version": 0, "board": False})
        hello = receive(socket)
        assert hello["seat"] == 0
        while seen(alice, table)["current"] != 1:
            assert play(bob, table).status_code == 200
        calls.clear()
        while seen(alice, table)["current"] == 1:
            assert play(alice, table).status_code == 200
        assert calls == []  # bob watches the table: no notification


def test_an_account_is_told_its_turn_after_a_computer_seats_move(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice plays a computer, signed in but not watching: each time the computer's move
    gives her the decision, her "your turn" is queued (she made the table: not at its
    creation, nor after her own moves)."""
    told: list[int] = []
    arrived = threading.Event()

    def queue_turn(store: Any, account: int, table: str, title: str, link: str) -> None:
        told.append(account)
        arrived.set()

    monkeypatch.setattr(notify, "queue_turn", queue_turn)
    alice = person(app, "alice")
    found = store_of(app).accounts.by_name("alice")
    assert found is not None
    table = new_table(alice, [ME, "random"])["id"]
    waited = 0
    for _ in range(12):
        if seen(alice, table)["current"] != 0:  # the computer's first move
            assert arrived.wait(30)
        arrived.clear()
        told.clear()
        answer = play(alice, table)
        assert answer.status_code == 200, answer.text
        if answer.json()["current"] == 1:  # the computer's turn: then hers again
            assert arrived.wait(30), "no notification after the computer's move"
            assert told == [found.id]
            waited += 1
        else:
            assert told == []  # her own move: she is here
    assert waited >= 2
