"""The ratings over HTTP (issue 45; docs/web.md, "Ratings"): two accounts play a rated table
to its end and their ratings move (the winner's up, the loser's down, both on the
leaderboard); a resignation counts as a loss; a casual table moves nothing; the leaderboard,
an account's public page and its history, each bounded, with a 404 that says why."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.ratings.tables import rate_pending
from colosseum.store import rating_model as model
from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

from .conftest import signed_in, store_of

UNLIMITED = ServerSettings(rate_limits={})
ME = {"kind": "me"}
GAME = "ludi-gladiatorii"
MOST_ACTIONS = 500  # a first-legal-action game of Ludi ends in about 40


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    made = create_app(database, workers=0, settings=UNLIMITED)
    with TestClient(made):
        yield made


def rated_table(alice: TestClient, opponent: str, rated: bool = True) -> str:
    response = alice.post(
        "/api/tables",
        json={
            "game": GAME,
            "players": [ME, {"kind": "account", "name": opponent}],
            "rated": rated,
        },
    )
    assert response.status_code == 201, response.text
    table: str = response.json()["id"]
    return table


def play_to_the_end(clients: list[TestClient], table: str) -> dict[str, Any]:
    """Each seat plays its first legal action when it decides, until the table is over;
    the table's summary."""
    for _ in range(MOST_ACTIONS):
        for client in clients:
            found = client.get(f"/api/tables/{table}/state", params={"board": False}).json()
            if found["legal"]:
                played = client.post(
                    f"/api/tables/{table}/actions",
                    params={"board": False},
                    json={"action": found["legal"][0]["notation"], "version": found["version"]},
                )
                assert played.status_code == 200, played.text
                break
        else:
            summary: dict[str, Any] = clients[0].get(f"/api/tables/{table}").json()
            assert summary["status"] == "over", summary
            return summary
    raise AssertionError(f"table {table} did not end in {MOST_ACTIONS} actions")


def board(client: TestClient, game: str = GAME) -> list[dict[str, Any]]:
    response = client.get(f"/api/ratings/{game}")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()
    return found


def rating_of(client: TestClient, name: str) -> dict[str, Any] | None:
    response = client.get(f"/api/accounts/{name}")
    assert response.status_code == 200, response.text
    found = [r for r in response.json()["ratings"] if r["game"] == GAME]
    return found[0] if found else None


# --- the wired behaviour: the server rates a table when it ends ------------------------------


def test_a_rated_table_played_to_its_end_moves_the_ratings_at_once(app: Any) -> None:
    """WIRED BEHAVIOUR: after the last action the ratings have moved, with no call from
    the test: the winner's displayed rating rose, the loser's fell, both are on the
    leaderboard."""
    alice, bob = signed_in(app, "alice"), signed_in(app, "bob")
    table = rated_table(alice, "bob")
    summary = play_to_the_end([alice, bob], table)
    winners = {p["name"] for p in summary["players"] if p["seat"] in summary["winners"]}
    assert len(winners) == 1, summary
    entries = {entry["name"]: entry for entry in board(alice)}
    assert set(entries) == {"alice", "bob"}
    start = model.shown(model.initial())
    for name in ("alice", "bob"):
        rating = entries[name]["rating"]
        assert rating > start if name in winners else rating < start, entries
        assert entries[name]["games"] == 1 and entries[name]["provisional"] is True
    assert store_of(app).tables.find(table).rated_at is not None  # type: ignore[union-attr]


def test_a_rated_table_played_to_its_end_moves_the_ratings(app: Any) -> None:
    """Two accounts play a rated table to its end through the API, its result is taken in
    (by the server, or by the minute's sweep `rate_pending`): the winner's rating rises, the
    loser's falls, both appear on the leaderboard, the best first; a second sweep changes
    nothing."""
    alice, bob = signed_in(app, "alice"), signed_in(app, "bob")
    table = rated_table(alice, "bob")
    summary = play_to_the_end([alice, bob], table)
    store = store_of(app)
    rate_pending(store)
    winners = {p["name"] for p in summary["players"] if p["seat"] in summary["winners"]}
    (loser,) = {"alice", "bob"} - winners
    (winner,) = winners
    entries = board(alice)
    assert [e["name"] for e in entries] == [winner, loser]
    start = model.shown(model.initial())
    assert entries[0]["rating"] > start > entries[1]["rating"]
    assert all(e["games"] == 1 and e["provisional"] and not e["computer"] for e in entries)
    low, high = entries[0]["interval"]
    assert low < high
    before = board(alice)
    assert rate_pending(store) == []
    assert board(alice) == before
    history = bob.get(f"/api/accounts/{winner}/ratings/{GAME}").json()
    assert [(p["rank"], p["rating"]) for p in history] == [(1, entries[0]["rating"])]


def test_resigning_a_rated_table_counts_as_a_loss(app: Any) -> None:
    alice, bob = signed_in(app, "alice"), signed_in(app, "bob")
    table = rated_table(alice, "bob")
    resigned = alice.post(f"/api/tables/{table}/resign")
    assert resigned.status_code == 200, resigned.text
    rate_pending(store_of(app))
    alice_rating, bob_rating = rating_of(bob, "alice"), rating_of(bob, "bob")
    assert alice_rating is not None and bob_rating is not None
    assert alice_rating["rating"] < model.shown(model.initial()) < bob_rating["rating"]


def test_a_casual_table_changes_nothing(app: Any) -> None:
    alice, bob = signed_in(app, "alice"), signed_in(app, "bob")
    table = rated_table(alice, "bob", rated=False)
    play_to_the_end([alice, bob], table)
    assert rate_pending(store_of(app)) == []
    assert board(alice) == []
    assert rating_of(alice, "alice") is None
    assert store_of(app).tables.find(table).rated_at is None  # type: ignore[union-attr]


# --- reading ----------------------------------------------------------------------------------


def test_an_unknown_game_is_404_naming_the_games(client: TestClient) -> None:
    refused = client.get("/api/ratings/chess")
    assert refused.status_code == 404
    detail = refused.json()["detail"]
    assert "chess" in detail and "jugula" in detail and "ludus-gladiatorius" in detail


def test_a_game_alias_reads_its_leaderboard(client: TestClient) -> None:
    assert client.get("/api/ratings/ludi").json() == []


@pytest.mark.parametrize(
    "path",
    [
        "/api/ratings/ludi?limit=0",
        "/api/ratings/ludi?limit=501",
        "/api/ratings/ludi?limit=x",
        "/api/ratings/" + "g" * 61,
        "/api/accounts/" + "n" * 201,
    ],
)
def test_parameters_are_bounded(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 422


def test_an_account_page_shows_nothing_private(app: Any) -> None:
    alice = signed_in(app, "alice")
    alice.patch("/api/me", json={"email": "alice@example.org"})
    found = alice.get("/api/accounts/ALICE")
    assert found.status_code == 200, found.text
    page = found.json()
    assert set(page) == {"name", "created", "computer", "ratings"}
    assert page["name"] == "alice" and page["ratings"] == [] and page["computer"] is False
    assert "example.org" not in found.text


def test_an_unknown_deleted_or_disabled_account_is_404(app: Any) -> None:
    store = store_of(app)
    signed_in(app, "gone")
    signed_in(app, "off")
    gone, off = store.accounts.by_name("gone"), store.accounts.by_name("off")
    assert gone is not None and off is not None
    store.accounts.delete(gone.id)
    store.accounts.set_disabled(off.id, True)
    client = TestClient(app)
    for name in ("nobody", "gone", "off", f"deleted player {gone.id}"):
        refused = client.get(f"/api/accounts/{name}")
        assert refused.status_code == 404, (name, refused.text)
    assert client.get(f"/api/accounts/off/ratings/{GAME}").status_code == 404
    assert client.get("/api/accounts/nobody/ratings/chess").status_code == 404


def test_a_computer_levels_account_has_a_page(app: Any) -> None:
    store = store_of(app)
    store.ratings.computer_account("hard")
    page = TestClient(app).get("/api/accounts/Computer (hard)").json()
    assert page["computer"] is True and page["name"] == "Computer (hard)"
