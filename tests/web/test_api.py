"""The HTTP and WebSocket API of the web tables (src/colosseum/web): the happy path from a new
table to its replay, every refusal with its status and message (and that it changed nothing),
races for one decision, the lobby's join flow, the checks of new tables and uploaded records,
the body limit, escaping, and the pages."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from typing import Any

import anyio
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():  # starlette's client warns that httpx will be replaced
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import colosseum
from colosseum.store import Store
from colosseum.web.app import create_app
from colosseum.web.boards import merge_views, render_board
from colosseum.web.guards import BodyGuard
from colosseum.web.models import SEED_MAX

from .conftest import bearer, create, state

GAME = "ludus-gladiatorius"
SHORT = {"round_limit": 2}
LIMIT = 16 * 1024
WAIT = 15.0  # seconds a computer seat may take before a test gives up
XSS = "<script>alert(1)</script>"


# --- helpers -----------------------------------------------------------------------------------


def act(client: TestClient, table: str, token: str | None, action: str, version: int) -> Any:
    return client.post(
        f"/api/tables/{table}/actions",
        json={"action": action, "version": version},
        headers=bearer(token),
    )


def detail(response: Any) -> str:
    """The refusal's message: the service's sentence, or pydantic's messages joined."""
    found = response.json()["detail"]
    if isinstance(found, list):
        return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in found)
    assert isinstance(found, str)
    return found


def stored(client: TestClient, table: str) -> int | None:
    """The number of actions the database holds for the table."""
    length: int | None = client.app.state.hub.service.store.tables.length(table)  # type: ignore[attr-defined]
    return length


def tables_stored(client: TestClient) -> int:
    count: int = client.app.state.hub.service.store.tables.count()  # type: ignore[attr-defined]
    return count


def summary(client: TestClient, table: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}


def wait_for_humans(client: TestClient, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The table once a human seat must decide or the game is over (computer seats think in
    the background), as the seat to move (or the spectator, at the end) sees it."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        seen = state(client, table, None)
        if seen["terminal"]:
            return seen
        if seen["current"] in tokens:
            mine = state(client, table, tokens[seen["current"]])
            if mine["current"] == mine["seat"]:
                return mine
        time.sleep(0.01)
    raise AssertionError(f"table {table} did not come back to a human seat in {WAIT} s")


def play_to_end(
    client: TestClient, table: str, tokens: dict[int, str], rng: random.Random
) -> tuple[dict[str, Any], int]:
    """Random legal actions for the human seats until the game is over: the last state and
    how many times a computer seat answered (the version moved past a human's action)."""
    answers = 0
    while True:
        seen = wait_for_humans(client, table, tokens)
        if seen["terminal"]:
            return seen, answers
        choice = rng.choice(seen["legal"])["notation"]
        response = act(client, table, tokens[seen["seat"]], choice, seen["version"])
        assert response.status_code == 200, response.text
        after = response.json()
        assert after["version"] == seen["version"] + 1
        assert after["seat"] == seen["seat"]
        if not after["terminal"] and after["current"] not in tokens:
            answers += 1


def local_record(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """A finished game's record, played here with random legal actions."""
    game = colosseum.new_game(GAME, players, seed, options)
    rng = random.Random(seed)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
    record: dict[str, Any] = game.record()
    return record


def at_start(created: dict[str, Any], client: TestClient) -> tuple[str, dict[int, str], int, int]:
    """A two-human table, both seats sat down with their invitations: its id, tokens, the
    seat to move first and the other seat."""
    table = created["id"]
    tokens = tokens_of(created)
    for token in tokens.values():
        state(client, table, token)
    mover = state(client, table, None)["current"]
    assert mover in (0, 1)
    return table, tokens, mover, 1 - mover


@pytest.fixture
def duel(client: TestClient) -> tuple[str, dict[int, str], int, int]:
    """Two humans at a new short Ludus table: (id, tokens by seat, mover, other seat)."""
    return at_start(
        create(client, ["human", "human"], options=SHORT, seed=7, practice=True), client
    )


def unchanged(
    client: TestClient, table: str, version: int, before: dict[str, Any], token: str | None
) -> None:
    """Nothing moved: the summary's and the database's counts of actions, and the seat's state."""
    assert summary(client, table)["version"] == version
    assert stored(client, table) == version
    after = state(client, table, token)
    assert after == before


# --- the happy path ----------------------------------------------------------------------------


def test_games_lists_ludus_without_local_options(client: TestClient) -> None:
    """`GET /api/games` lists every game with the options a network client may set: never the
    `data` option, which names a folder on the server."""
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {entry["id"]: entry for entry in response.json()}
    assert {"ludus-gladiatorius", "jugula", "ludi-gladiatorii"} <= set(games)
    ludus = games[GAME]
    assert (ludus["min_players"], ludus["max_players"]) == (2, 5)
    names = {option["name"] for option in ludus["options"]}
    assert "round_limit" in names
    assert "data" not in names


def test_create_gives_each_human_seat_its_token(client: TestClient) -> None:
    """A new table: a token and a join link (holding it in the fragment) per human seat only,
    distinct tokens, the spectator's path, and the table stored empty."""
    created = create(client, ["human", "random", "human"], options=SHORT, seed=3, practice=True)
    table = created["id"]
    assert created["game"] == GAME
    assert created["spectate"] == f"/tables/{table}"
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "random", "human"]
    assert seats[1]["token"] is None and seats[1]["join"] is None
    assert seats[0]["token"] != seats[2]["token"]
    for seat in (seats[0], seats[2]):
        assert seat["join"] == f"/tables/{table}#token={seat['token']}"
    assert stored(client, table) == 0
    found = summary(client, table)
    assert found["version"] == 0
    assert found["free_seats"] == [0, 2]
    assert "token" not in json.dumps(found["players"])


def test_state_as_seat_and_as_spectator(client: TestClient) -> None:
    """A seat's state is its own view (its sheets, its legal actions when it must decide); the
    spectator's has seat null, no legal actions, and every gladiator's sheet hidden."""
    created = create(client, ["human", "human"], options=SHORT, seed=11, practice=True)
    table, tokens, mover, other = at_start(created, client)
    mine = state(client, table, tokens[mover])
    theirs = state(client, table, tokens[other])
    watcher = state(client, table, None)
    assert (mine["seat"], theirs["seat"], watcher["seat"]) == (mover, other, None)
    for seen in (mine, theirs, watcher):
        assert seen["table"] == table and seen["game"] == GAME
        assert seen["version"] == 0 and seen["current"] == mover
        assert not seen["terminal"] and seen["winners"] == [] and not seen["capped"]
        assert seen["board"].startswith("<svg")
        assert [p["seat"] for p in seen["players"]] == [0, 1]
    assert mine["legal"] and all(a["notation"].startswith("place") for a in mine["legal"])
    assert all(a["label"] for a in mine["legal"])
    assert theirs["legal"] == [] and watcher["legal"] == []
    own = [g for g in mine["view"]["gladiators"] if g["owner"] == mover]
    assert own and all("specials_left" in g for g in own)
    assert all("specials_left" not in g for g in watcher["view"]["gladiators"])


def test_whole_game_against_a_bot_and_its_record(client: TestClient) -> None:
    """A human against a random bot to the end: each action answers the new state, the bot
    answers by itself, the record is refused until the end, then downloads and replays with
    `colosseum.replay` to the same winners; acting afterwards is refused (403)."""
    created = create(client, ["human", "random"], options={"round_limit": 3}, seed=5, practice=True)
    table = created["id"]
    tokens = tokens_of(created)
    refused = client.get(f"/api/tables/{table}/record")
    assert refused.status_code == 403, refused.text
    assert "over" in detail(refused)
    final, answers = play_to_end(client, table, tokens, random.Random(5))
    assert answers > 0, "the computer seat never answered"
    assert final["terminal"] and final["current"] is None and final["winners"]
    assert final["capped"] == (final["view"]["round"] == 3)
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["game"] == GAME and record["players"] == 2
    assert len(record["actions"]) == final["version"] == stored(client, table)
    assert colosseum.replay(record).winners() == final["winners"]
    assert summary(client, table)["status"] == "over"
    assert table not in [t["id"] for t in client.get("/api/tables").json()]
    late = act(client, table, tokens[0], "end", final["version"])
    assert late.status_code == 403
    assert "over" in detail(late)
    assert stored(client, table) == final["version"]


def test_since_leaves_out_earlier_events(client: TestClient, duel: Any) -> None:
    """`?since=n` answers only the events of actions n+1, ...; a negative `since` is 0."""
    table, tokens, mover, _ = duel
    first = state(client, table, tokens[mover])
    assert act(client, table, tokens[mover], first["legal"][0]["notation"], 0).status_code == 200
    everything = state(client, table, None)["events"]
    assert everything and {e["at"] for e in everything} == {1}
    assert state(client, table, None, since=1)["events"] == []
    assert state(client, table, None, since=-3)["events"] == everything


def test_each_event_names_the_rule_it_applied(client: TestClient, duel: Any) -> None:
    """An event's `rule` (docs/rules/ludus-gladiatorius.md, 'Rule ids') in the answer too."""
    table, tokens, mover, _ = duel
    first = state(client, table, tokens[mover])
    assert act(client, table, tokens[mover], first["legal"][0]["notation"], 0).status_code == 200
    events = state(client, table, None)["events"]
    assert events and all(e["rule"].startswith("ludus.") for e in events)


def test_replay_frames_reveal_every_counter(client: TestClient) -> None:
    """`/replay/{step}`: 403 before the end; then every step 0..total is the board of every
    seat's view merged (no counter face down) with the log so far; out of range is 422."""
    created = create(client, ["human", "random"], options=SHORT, seed=9, practice=True)
    table = created["id"]
    early = client.get(f"/api/tables/{table}/replay/0")
    assert early.status_code == 403 and "over" in detail(early)
    final, _ = play_to_end(client, table, tokens_of(created), random.Random(9))
    record = client.get(f"/api/tables/{table}/record").json()
    total = final["version"]
    game = colosseum.new_game(GAME, 2, record["seed"], record["options"])
    for step in range(total + 1):
        if step:
            game.apply(record["actions"][step - 1])
        response = client.get(f"/api/tables/{table}/replay/{step}")
        assert response.status_code == 200, response.text
        frame = response.json()
        assert (frame["step"], frame["total"]) == (step, total)
        assert frame["current"] == game.current_player
        merged = merge_views(GAME, [game.view(seat) for seat in range(2)])
        assert frame["board"] == render_board(GAME, merged, ())
        assert "counter: face down" not in frame["board"]
        assert all(line["at"] <= step for line in frame["log"])
        if step:
            assert frame["action"]["notation"] == record["actions"][step - 1]
        else:
            assert frame["action"] is None and frame["log"] == []
    assert frame["terminal"] and frame["winners"] == final["winners"]
    for step in (total + 1, -1):
        outside = client.get(f"/api/tables/{table}/replay/{step}")
        assert outside.status_code == 422
        assert f"between 0 and {total}" in detail(outside)


# --- refusals ----------------------------------------------------------------------------------


def test_stale_version_is_409_and_changes_nothing(client: TestClient, duel: Any) -> None:
    """An action for a version the table has left: 409, nothing stored."""
    table, tokens, mover, _ = duel
    legal = state(client, table, tokens[mover])["legal"]
    assert act(client, table, tokens[mover], legal[0]["notation"], 0).status_code == 200
    seat = state(client, table, None)["current"]
    before = state(client, table, tokens[seat])
    for version in (0, 2, 99):
        response = act(client, table, tokens[seat], before["legal"][0]["notation"], version)
        assert response.status_code == 409, response.text
        assert "version 1" in detail(response)
    unchanged(client, table, 1, before, tokens[seat])


def test_illegal_action_is_422_and_changes_nothing(client: TestClient, duel: Any) -> None:
    """Notation that is not legal now (or names nothing): 422 with the IllegalAction message
    (the legal actions listed), nothing stored."""
    table, tokens, mover, _ = duel
    before = state(client, table, tokens[mover])
    for notation in ("to e8", "attack 3", "place XX", "", "end end"):
        response = act(client, table, tokens[mover], notation, 0)
        assert response.status_code == 422, (notation, response.text)
        message = detail(response)
        assert message and "legal" in message, message
    unchanged(client, table, 0, before, tokens[mover])


def test_acting_out_of_turn_is_403(client: TestClient, duel: Any) -> None:
    """The other seat, or a spectator (no token), acting on the mover's decision: 403 naming
    whose decision it is; nothing stored."""
    table, tokens, mover, other = duel
    before = state(client, table, tokens[mover])
    notation = before["legal"][0]["notation"]
    response = act(client, table, tokens[other], notation, 0)
    assert response.status_code == 403
    assert f"seat {mover}'s" in detail(response) and f"seat {other}'s" in detail(response)
    response = act(client, table, None, notation, 0)
    assert response.status_code == 403
    assert "spectator" in detail(response)
    unchanged(client, table, 0, before, tokens[mover])


@pytest.mark.parametrize(
    "authorization",
    ["Bearer not-a-token", "Basic dXNlcjpwYXNz", "Bearer ", "Bearer", "token-without-scheme"],
)
def test_bad_token_is_401(client: TestClient, duel: Any, authorization: str) -> None:
    """A token that is no seat of the table, or a header that is not `Bearer <token>`: 401 for
    the state and for an action, nothing stored."""
    table, tokens, mover, _ = duel
    before = state(client, table, tokens[mover])
    headers = {"Authorization": authorization}
    response = client.get(f"/api/tables/{table}/state", headers=headers)
    assert response.status_code == 401, response.text
    assert detail(response)
    response = client.post(
        f"/api/tables/{table}/actions",
        json={"action": before["legal"][0]["notation"], "version": 0},
        headers=headers,
    )
    assert response.status_code == 401, response.text
    unchanged(client, table, 0, before, tokens[mover])


def test_token_of_another_table_is_401(client: TestClient, duel: Any) -> None:
    """A seat's token is good at its own table only."""
    table, _, mover, _ = duel
    elsewhere = tokens_of(create(client, ["human", "human"], options=SHORT, seed=8, practice=True))
    response = act(client, table, elsewhere[mover], "place blank", 0)
    assert response.status_code == 401
    assert table in detail(response)
    assert stored(client, table) == 0


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/tables/{x}"),
        ("get", "/api/tables/{x}/state"),
        ("post", "/api/tables/{x}/actions"),
        ("post", "/api/tables/{x}/join"),
        ("get", "/api/tables/{x}/record"),
        ("get", "/api/tables/{x}/replay/0"),
        ("get", "/tables/{x}"),
        ("get", "/tables/{x}/replay"),
    ],
)
def test_unknown_table_is_404(client: TestClient, method: str, path: str) -> None:
    """Every route of a table answers 404 naming the id it does not know."""
    body = {"action": "end", "version": 0} if path.endswith("actions") else {"name": "x"}
    url = path.format(x="no-such-table")
    response = client.get(url) if method == "get" else client.post(url, json=body)
    assert response.status_code == 404, response.text
    assert "no-such-table" in detail(response)


@pytest.mark.parametrize(
    "body",
    [
        {"action": "end"},
        {"version": 0},
        {"action": "end", "version": -1},
        {"action": "end", "version": "zero"},
        {"action": 3, "version": 0},
        {"action": "end", "version": 0, "seat": 1},
        {"action": "x" * 201, "version": 0},
        ["end", 0],
        "end",
    ],
)
def test_malformed_action_is_422(client: TestClient, duel: Any, body: Any) -> None:
    """A body that is no `{action, version}` (missing, mistyped, extra or oversized fields):
    422 naming the field, nothing stored."""
    table, tokens, mover, _ = duel
    before = state(client, table, tokens[mover])
    response = client.post(f"/api/tables/{table}/actions", json=body, headers=bearer(tokens[mover]))
    assert response.status_code == 422, response.text
    assert detail(response)
    unchanged(client, table, 0, before, tokens[mover])


def test_action_body_not_json_is_422(client: TestClient, duel: Any) -> None:
    """A body that is not JSON at all: 422, nothing stored."""
    table, tokens, mover, _ = duel
    response = client.post(
        f"/api/tables/{table}/actions",
        content=b"{action: end",
        headers={**bearer(tokens[mover]), "content-type": "application/json"},
    )
    assert response.status_code == 422
    assert "json" in detail(response).lower()
    assert stored(client, table) == 0


# --- races for one decision --------------------------------------------------------------------


def test_same_version_twice_in_sequence(client: TestClient, duel: Any) -> None:
    """Two clients of the mover sending the same version one after the other: the first is
    accepted, the second 409, and the log holds the first one only."""
    table, tokens, mover, _ = duel
    legal = [a["notation"] for a in state(client, table, tokens[mover])["legal"]]
    first = act(client, table, tokens[mover], legal[0], 0)
    second = act(client, table, tokens[mover], legal[-1], 0)
    assert (first.status_code, second.status_code) == (200, 409)
    assert "version 1" in detail(second)
    assert stored(client, table) == 1 == summary(client, table)["version"]
    log = client.app.state.hub.service.store.tables.load(table)  # type: ignore[attr-defined]
    assert [(a.seq, a.seat, a.notation) for a in log] == [(1, mover, legal[0])]


def race(
    clients: list[tuple[TestClient, str | None]], table: str, actions: list[str], version: int
) -> list[Any]:
    """Every client sends its action at `version` at the same moment (threads and a barrier)."""
    barrier = threading.Barrier(len(clients))

    def send(index: int) -> Any:
        client, token = clients[index]
        barrier.wait(timeout=WAIT)
        return act(client, table, token, actions[index], version)

    with ThreadPoolExecutor(max_workers=len(clients)) as pool:
        return list(pool.map(send, range(len(clients))))


def test_threads_racing_for_one_decision(client: TestClient, duel: Any) -> None:
    """Four threads sending the mover's decision at the same version, over several decisions:
    each time exactly one is accepted and the others get 409; the log holds one action per
    decision."""
    table, tokens, _, _ = duel
    for version in range(6):
        seen = state(client, table, None)
        assert seen["version"] == version
        token = tokens[seen["current"]]
        legal = [a["notation"] for a in state(client, table, token)["legal"]]
        answers = race(
            [(client, token)] * 4, table, [legal[i % len(legal)] for i in range(4)], version
        )
        statuses = sorted(r.status_code for r in answers)
        assert statuses == [200, 409, 409, 409], [r.text for r in answers]
        assert stored(client, table) == version + 1 == summary(client, table)["version"]


def test_two_servers_racing_for_one_decision(client: TestClient, database: str) -> None:
    """Two server processes (two apps on one database) each sent the same decision at once:
    one is accepted, the other 409, and both then serve the same table."""
    created = create(client, ["human", "human"], options=SHORT, seed=21, practice=True)
    table, tokens, _, _ = at_start(created, client)
    with TestClient(create_app(database, workers=0)) as second:
        for version in range(4):
            seen = state(client, table, None)
            token = tokens[seen["current"]]
            legal = [a["notation"] for a in state(second, table, token)["legal"]]
            answers = race(
                [(client, token), (second, token)], table, [legal[0], legal[-1]], version
            )
            assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
            assert stored(client, table) == version + 1
        one, two = state(client, table, None), state(second, table, None)
        assert one == two and one["version"] == 4


def test_a_table_that_no_longer_replays_does_not_stop_the_server(database: str) -> None:
    """A stored action the game refuses (a damaged record, or one from another version)
    leaves that table alone at start-up; the server starts and serves the others."""
    with TestClient(create_app(database, workers=0)) as first:
        good = create(first, ["human", "human"], options=SHORT, seed=5, practice=True)["id"]
        bad = create(first, ["human", "human"], options=SHORT, seed=6, practice=True)["id"]
    store = Store(database)
    try:
        store.tables.append(bad, 0, 0, "no such action", "playing")
    finally:
        store.close()
    with TestClient(create_app(database, workers=0)) as second:
        assert state(second, good, None)["version"] == 0
        assert second.get(f"/api/tables/{bad}/state").status_code >= 400


# --- joining from the lobby --------------------------------------------------------------------


def lobby(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get("/api/tables")
    assert response.status_code == 200
    return {entry["id"]: entry for entry in response.json()}


def test_join_flow(client: TestClient) -> None:
    """A free seat is listed in the lobby; joining gives a new token (the invitation token is
    then refused 401); a second join, or a taken, computer or missing seat, is refused."""
    created = create(client, ["human", "human", "random"], options=SHORT, seed=4, practice=True)
    table = created["id"]
    tokens = tokens_of(created)
    assert lobby(client)[table]["free_seats"] == [0, 1]
    state(client, table, tokens[0])  # the creator sits down with the invitation
    listed = lobby(client)[table]
    assert listed["free_seats"] == [1] and listed["status"] == "open"
    response = client.post(f"/api/tables/{table}/join", json={"name": "  Bob  the   Bold "})
    assert response.status_code == 200, response.text
    joined = response.json()
    assert joined["seat"] == 1
    assert joined["token"] not in tokens.values()
    assert joined["join"] == f"/tables/{table}#token={joined['token']}"
    mine = state(client, table, joined["token"])
    assert mine["seat"] == 1
    assert mine["players"][1] == {
        "seat": 1,
        "kind": "human",
        "name": "Bob the Bold",
        "claimed": True,
        "account": False,
        "rating": None,
    }
    old = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[1]))
    assert old.status_code == 401
    assert act(client, table, tokens[1], "place blank", 0).status_code == 401
    assert lobby(client)[table]["free_seats"] == []
    again = client.post(f"/api/tables/{table}/join", json={"name": "Eve"})
    assert again.status_code == 409 and "no free seat" in detail(again)
    for seat, status in ((1, 409), (0, 409), (2, 409), (3, 422), (-1, 422)):
        response = client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": "Eve"})
        assert response.status_code == status, (seat, response.text)
        assert detail(response)
    assert [p["name"] for p in summary(client, table)["players"]][:2] == [
        "Player 1",
        "Bob the Bold",
    ]


def test_join_a_chosen_seat(client: TestClient) -> None:
    """`{seat: n}` sits in that free seat even when a lower one is free."""
    created = create(client, ["human", "human", "human"], options=SHORT, seed=6, practice=True)
    table = created["id"]
    response = client.post(f"/api/tables/{table}/join", json={"seat": 2, "name": "Cato"})
    assert response.status_code == 200
    assert response.json()["seat"] == 2
    assert lobby(client)[table]["free_seats"] == [0, 1]


def test_lobby_status_after_the_last_seat_is_taken(client: TestClient) -> None:
    """Once no seat is free the lobby says the table is playing, as its own summary does."""
    created = create(client, ["human", "human"], options=SHORT, seed=4, practice=True)
    table = created["id"]
    state(client, table, tokens_of(created)[0])
    assert client.post(f"/api/tables/{table}/join", json={"name": "Bob"}).status_code == 200
    assert summary(client, table)["status"] == "playing"
    assert lobby(client)[table]["status"] == "playing"


def test_private_and_finished_tables_are_not_listed(client: TestClient) -> None:
    """The lobby lists public tables not over: never a private one (still reachable by its id),
    nor a finished one."""
    hidden = create(client, ["human", "human"], options=SHORT, seed=1, practice=True, private=True)[
        "id"
    ]
    shown = create(client, ["human", "human"], options=SHORT, seed=1, practice=True)["id"]
    bots = create(client, ["random", "random"], options={"round_limit": 1}, seed=2, practice=True)[
        "id"
    ]
    listed = lobby(client)
    assert shown in listed and hidden not in listed
    assert summary(client, hidden)["free_seats"] == [0, 1]
    deadline = time.monotonic() + WAIT
    while not state(client, bots, None)["terminal"]:
        assert time.monotonic() < deadline, "the computer seats did not finish"
        time.sleep(0.01)
    assert bots not in lobby(client)


# --- checks of a new table ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"game": "tic-tac-toe"}, "tic-tac-toe"),
        ({"players": ["human", "zorg"]}, "zorg"),
        ({"players": ["human", ""]}, "agent name"),
        ({"options": {"bogus": 1}}, "bogus"),
        ({"options": {"data": "/etc"}}, "data"),
        ({"options": {"data": "."}}, "data"),
        ({"options": {"round_limit": "many"}}, "round_limit"),
        ({"options": {"round_limit": -1}}, "round_limit"),
        ({"options": {"round_limit": 5000}}, "round_limit"),
        ({"options": {"round_limit": True}}, "round_limit"),
        ({"options": {"gladiators": "1,1"}}, "gladiators"),
        ({"players": ["human"]}, "2 to 5"),
        ({"players": ["human"] * 6}, "2 to 5"),
        ({"players": []}, "players"),
        ({"seed": -1}, "seed"),
        ({"seed": SEED_MAX + 1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"names": ["a", "b", "c"]}, "3 names for 2 players"),
        ({"private": "maybe"}, "private"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_table_refused(client: TestClient, fields: dict[str, Any], named: str) -> None:
    """Unknown game, agent or option, the server-local option `data`, values out of range,
    a seed outside 0..2**63-1, too many names: 422 with a message naming it; nothing stored."""
    body = {"game": GAME, "players": ["human", "random"], **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert named in detail(response), detail(response)
    assert tables_stored(client) == 0


@pytest.mark.parametrize("seed", [0, SEED_MAX])
def test_seed_at_its_bounds_accepted(client: TestClient, seed: int) -> None:
    """The seeds 0 and 2**63-1 make tables, kept as given."""
    created = create(client, ["random", "human"], seed=seed, practice=True, options=SHORT)
    assert client.app.state.hub.service.store.tables.find(created["id"]).seed == seed  # type: ignore[attr-defined]


def test_boolean_seed_refused(client: TestClient) -> None:
    """A seed of `true` is no whole number: refused like new_game refuses it."""
    body = {"game": GAME, "players": ["human", "random"], "seed": True}
    assert client.post("/api/tables", json=body).status_code == 422


def test_game_alias_and_default_local_option_accepted(client: TestClient) -> None:
    """The alias `ludus` names the game; `data` at its default (empty) is no local folder."""
    created = create(
        client, ["human", "random"], game="ludus", options={"data": ""}, seed=1, practice=True
    )
    assert created["game"] == GAME


def test_names_come_back_as_plain_data(client: TestClient) -> None:
    """A name with markup is kept as text in JSON (trimmed to 40 characters) and never reaches
    a page or the board unescaped (Jinja autoescape, the SVG's escaping)."""
    long = "x" * 100
    created = create(
        client, ["human", "human"], names=[XSS, long], options=SHORT, seed=2, practice=True
    )
    table = created["id"]
    assert [s["name"] for s in created["seats"]] == [XSS, "x" * 40]
    assert [p["name"] for p in summary(client, table)["players"]] == [XSS, "x" * 40]
    assert lobby(client)[table]["players"][0]["name"] == XSS
    seen = state(client, table, tokens_of(created)[0])
    assert seen["players"][0]["name"] == XSS
    assert "<script>alert(1)" not in seen["board"]
    for path in (f"/tables/{table}", "/", f"/tables/{table}/replay"):
        page = client.get(path)
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert "<script>alert(1)" not in page.text


# --- the body limit ----------------------------------------------------------------------------


def padded(size: int) -> bytes:
    """A JSON body for a new table of exactly `size` bytes (a long name pads it)."""
    head = json.dumps({"game": GAME, "players": ["human", "random"], "names": [""]})
    pad = size - len(head.encode())
    body = head.replace('[""]', '["' + "x" * pad + '"]').encode()
    assert len(body) == size
    return body


def test_body_over_16_kb_is_413(client: TestClient, duel: Any) -> None:
    """A body of 17,000 bytes (announced by Content-Length) is refused 413 before any handler
    reads it, on every route but the record upload; nothing created or played."""
    table, tokens, mover, _ = duel
    before = tables_stored(client)
    response = client.post(
        "/api/tables", content=padded(17_000), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert "16 kB" in detail(response)
    assert tables_stored(client) == before
    action = json.dumps({"action": "x" * 16_980, "version": 0}).encode()
    assert len(action) > 16_384
    response = client.post(
        f"/api/tables/{table}/actions",
        content=action,
        headers={**bearer(tokens[mover]), "content-type": "application/json"},
    )
    assert response.status_code == 413
    assert stored(client, table) == 0
    exact = client.post(
        "/api/tables", content=padded(LIMIT), headers={"content-type": "application/json"}
    )
    assert exact.status_code == 201, exact.text


def call_limited(
    chunks: list[bytes], headers: list[tuple[bytes, bytes]], limit: int = LIMIT
) -> tuple[int, bytes, bool]:
    """Send `chunks` through BodyGuard to an app that reads the whole body: the status, the
    body answered, and whether the app finished reading."""
    finished = False

    async def reader(scope: Any, receive: Callable[[], Any], send: Callable[[Any], Any]) -> None:
        nonlocal finished
        while True:
            message = await receive()
            if not message.get("more_body", False):
                break
        finished = True
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"read"})

    pending = [
        {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
        for i, chunk in enumerate(chunks)
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": headers}
    asyncio.run(BodyGuard(reader, limit=limit)(scope, receive, send))  # type: ignore[arg-type]
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body, finished


def test_body_limit_without_content_length() -> None:
    """BodyGuard counts the bytes of a body that does not announce its length (chunked): over
    16 kB it answers 413 and the app never finishes reading; at the limit it passes. A
    Content-Length that is no number is refused too."""
    chunks = [b"x" * 1000] * 17
    status, body, finished = call_limited(chunks, [])
    assert (status, finished) == (413, False)
    assert b"16 kB" in body
    at_limit = [b'"' + b"x" * 4095, b"x" * 4096, b"x" * 4096, b"x" * 4095 + b'"']
    status, _, finished = call_limited(at_limit, [])
    assert (status, finished) == (200, True)
    status, _, finished = call_limited([b"{}"], [(b"content-length", b"2x")])
    assert (status, finished) == (413, False)


def test_chunked_body_over_16_kb_through_the_app_is_413(client: TestClient) -> None:
    """A chunked 17,000-byte body (no Content-Length) to `POST /api/tables` is refused 413."""
    body = padded(17_000)

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 1000):
            yield body[start : start + 1000]

    response = client.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert "content-length" not in response.request.headers
    assert response.status_code == 413, response.text


def test_record_upload_allows_2_mb(client: TestClient) -> None:
    """The record upload has its own limit: a 17 kB record passes, one over 2 MB is 413."""
    record = local_record(2, 3, SHORT)
    record["padding"] = "x" * 17_000
    response = client.post("/api/records", json=record)
    assert response.status_code == 201, response.text
    record["padding"] = "x" * (2 * 1024 * 1024)
    response = client.post("/api/records", json=record)
    assert response.status_code == 413
    assert "2048 kB" in detail(response)


# --- uploaded records --------------------------------------------------------------------------


def test_uploaded_record_replays(client: TestClient) -> None:
    """A good record becomes a private table of status 'record' whose frames replay it, step 0
    to the end, to the record's winners; its record downloads back."""
    record = local_record(3, 12, SHORT)
    final = colosseum.replay(record)
    response = client.post("/api/records", json=record)
    assert response.status_code == 201, response.text
    table = response.json()
    assert table["status"] == "record" and table["game"] == GAME
    assert table["id"] not in lobby(client)
    total = len(record["actions"])
    assert summary(client, table["id"])["version"] == total == stored(client, table["id"])
    for step in (0, total // 2, total):
        frame = client.get(f"/api/tables/{table['id']}/replay/{step}").json()
        assert frame["step"] == step and frame["total"] == total
    assert frame["terminal"] and frame["winners"] == final.winners()
    back = client.get(f"/api/tables/{table['id']}/record").json()
    assert back["actions"] == record["actions"] and back["seed"] == record["seed"]
    refused = act(client, table["id"], None, "end", total)
    assert refused.status_code == 403


def broken(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    record = local_record(2, 4, SHORT)
    change(record)
    return record


@pytest.mark.parametrize(
    ("body", "named"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (json.dumps(broken(lambda r: r.update(game="tic-tac-toe"))).encode(), "tic-tac-toe"),
        (
            json.dumps(broken(lambda r: r.update(game="jugula", options={}))).encode(),
            "record action 1",
        ),
        (json.dumps(broken(lambda r: r["actions"].insert(3, "attack 9"))).encode(), "attack 9"),
        (json.dumps(broken(lambda r: r["actions"].append("end"))).encode(), "'end'"),
        (json.dumps(broken(lambda r: r.pop("seed"))).encode(), "seed"),
        (json.dumps(broken(lambda r: r.update(version=1))).encode(), "version 1"),
        (json.dumps(broken(lambda r: r["options"].update(data="/etc"))).encode(), "data"),
        (json.dumps(broken(lambda r: r["options"].update(data="."))).encode(), "data"),
        (json.dumps(broken(lambda r: r["options"].update(bogus=1))).encode(), "bogus"),
    ],
)
def test_bad_record_refused(client: TestClient, body: bytes, named: str) -> None:
    """Bad JSON, not an object, an unknown or wrong game, an illegal action inside, a missing
    field, an old version, a server-local `data` folder: 422 naming it; nothing stored."""
    response = client.post("/api/records", content=body)
    assert response.status_code == 422, response.text
    assert named in detail(response), detail(response)
    assert tables_stored(client) == 0


def test_record_with_a_start_position_refused(client: TestClient) -> None:
    """A record that starts from a position cannot be uploaded yet: 422 saying so."""
    game = colosseum.new_game(GAME, 2, 3, SHORT)
    record = {**game.record(), "start": game.to_position()}
    response = client.post("/api/records", json=record)
    assert response.status_code == 422
    assert "start from a position" in detail(response)
    assert tables_stored(client) == 0


def test_record_with_options_not_an_object_refused(database: str) -> None:
    """A record whose options are a list is refused 422, not a server error."""
    record = {**local_record(2, 4, SHORT), "options": ["round_limit"]}
    with TestClient(create_app(database, workers=0), raise_server_exceptions=False) as client:
        response = client.post("/api/records", json=record)
        assert response.status_code == 422, response.text


def test_record_with_a_huge_seed_refused(database: str) -> None:
    """A record with a seed past 2**63-1 (no table can hold it) is refused 422."""
    record = colosseum.new_game(GAME, 2, 2**63, SHORT).record()
    with TestClient(create_app(database, workers=0), raise_server_exceptions=False) as client:
        response = client.post("/api/records", json=record)
        assert response.status_code == 422, response.text


def test_record_start_position_never_reads_server_folders(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An uploaded record never makes the server load game data from a folder it names (here
    in its start position's options), and the refusal does not tell whether it exists."""
    position = import_module("colosseum.games.ludus_gladiatorius.position")
    folders: list[str] = []
    real = position.load_catalog

    def spy(folder: str = "") -> Any:
        folders.append(folder)
        return real(folder)

    monkeypatch.setattr(position, "load_catalog", spy)
    game = colosseum.new_game(GAME, 2, 3, SHORT)
    start = game.to_position()
    start["options"]["data"] = "/nonexistent-colosseum-probe"
    response = client.post("/api/records", json={**game.record(), "start": start})
    assert response.status_code == 422
    assert "does not exist" not in detail(response)
    assert [f for f in folders if f] == []


# --- the WebSocket -----------------------------------------------------------------------------


def receive(socket: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The next message the server sent the socket, waiting at most `timeout` seconds (the
    test client's own receive would wait forever); a close comes back as {'close': code}."""

    async def bounded() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            message: dict[str, Any] = await socket._send_rx.receive()
            return message

    message = socket.portal.call(bounded)
    if message["type"] == "websocket.close":
        return {"close": message.get("code")}
    found: dict[str, Any] = json.loads(message["text"])
    return found


def test_websocket_bad_hello_closed_4400(client: TestClient, duel: Any) -> None:
    """A hello with a token that is no seat, a token that is not text, or a first message that
    is no hello: an error message with its status, then close code 4400."""
    table, _, _, _ = duel
    for hello, status in (
        ({"type": "hello", "token": "nope", "version": 0}, 401),
        ({"type": "hello", "token": 12, "version": 0}, 401),
        ({"type": "action", "action": "end", "version": 0}, 422),
    ):
        with client.websocket_connect(f"/ws/tables/{table}") as socket:
            socket.send_json(hello)
            error = receive(socket)
            assert error["type"] == "error" and error["status"] == status, error
            assert error["message"]
            assert receive(socket) == {"close": 4400}
    with client.websocket_connect("/ws/tables/no-such-table") as socket:
        socket.send_json({"type": "hello", "token": None, "version": 0})
        assert receive(socket)["status"] == 404
        assert receive(socket) == {"close": 4400}


def test_websocket_actions_and_refusals(client: TestClient, duel: Any) -> None:
    """Over the WebSocket: hello answers the seat's state; an action is played and pushed to
    every socket, each its own seat's; a stale, illegal, out-of-turn or malformed action is an
    error message with its status and changes nothing; an oversized message closes 1009."""
    table, tokens, mover, other = duel
    with (
        client.websocket_connect(f"/ws/tables/{table}") as mine,
        client.websocket_connect(f"/ws/tables/{table}") as theirs,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
    ):
        sockets = (
            (mine, tokens[mover], mover),
            (theirs, tokens[other], other),
            (watcher, None, None),
        )
        hellos = []
        for socket, token, seat in sockets:
            socket.send_json({"type": "hello", "token": token, "version": 0})
            hellos.append(receive(socket))
            assert (hellos[-1]["type"], hellos[-1]["seat"], hellos[-1]["version"]) == (
                "state",
                seat,
                0,
            )
        assert hellos[1]["legal"] == hellos[2]["legal"] == []
        choice = hellos[0]["legal"][0]["notation"]
        for socket, message, status in (
            (mine, {"type": "action", "action": choice, "version": 5}, 409),
            (mine, {"type": "action", "action": "to e8", "version": 0}, 422),
            (mine, {"type": "action", "action": choice}, 422),
            (mine, {"type": "chat", "text": "hi"}, 422),
            (theirs, {"type": "action", "action": choice, "version": 0}, 403),
            (watcher, {"type": "action", "action": choice, "version": 0}, 403),
        ):
            socket.send_json(message)
            error = receive(socket)
            assert error["type"] == "error" and error["status"] == status, (message, error)
            assert error["message"]
        assert stored(client, table) == 0
        mine.send_json({"type": "action", "action": choice, "version": 0})
        for socket, seat in ((mine, mover), (theirs, other), (watcher, None)):
            push = receive(socket)
            assert (push["type"], push["seat"], push["version"]) == ("state", seat, 1)
            assert {e["at"] for e in push["events"]} == {1}
        assert stored(client, table) == 1
        mine.send_text("x" * (LIMIT + 1))
        assert receive(mine) == {"close": 1009}  # with its reason (tests/web/test_sockets.py)


# --- pages and the schema ----------------------------------------------------------------------


def test_howto_pages(client: TestClient) -> None:
    """`/howto/ludus` (an alias) is the how-to-play page; an unknown game is 404."""
    page = client.get("/howto/ludus")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "Ludus Gladiatorius" in page.text
    missing = client.get("/howto/tic-tac-toe")
    assert missing.status_code == 404 and "tic-tac-toe" in detail(missing)


def test_openapi_lists_the_routes(client: TestClient) -> None:
    """`/openapi.json` documents every API route with its methods (and no page)."""
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    expected = {
        "/api/games": {"get"},
        "/api/tables": {"get", "post"},
        "/api/records": {"post"},
        "/api/tables/{table_id}": {"get"},
        "/api/tables/{table_id}/state": {"get"},
        "/api/tables/{table_id}/actions": {"post"},
        "/api/tables/{table_id}/join": {"post"},
        "/api/tables/{table_id}/record": {"get"},
        "/api/tables/{table_id}/replay/{step}": {"get"},
    }
    for path, methods in expected.items():
        assert path in paths, path
        assert methods <= set(paths[path]), path
    assert not any(path.startswith(("/tables", "/howto")) for path in paths)
    assert "SeatState" in schema["components"]["schemas"]


# --- hints ---------------------------------------------------------------------------------------


def test_hints_for_the_deciding_seat_only_and_only_where_offered(client: TestClient) -> None:
    """At a table created with hints, the seat that decides gets three of its legal actions
    with the search's estimates; anyone else, and every seat of a table without hints, 403."""
    created = create(client, ["human", "human"], seed=4, practice=True, hints=True)
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert client.get(f"/api/tables/{table}").json()["hints"] is True
    seen = state(client, table, tokens[0])
    deciding = seen["current"]
    answer = client.get(f"/api/tables/{table}/hint", headers=bearer(tokens[deciding]))
    assert answer.status_code == 200, answer.text
    hints = answer.json()
    legal = {a["notation"]: a["label"] for a in state(client, table, tokens[deciding])["legal"]}
    assert hints["version"] == seen["version"] and hints["seat"] == deciding
    assert len(hints["hints"]) == min(3, len(legal))
    for hint in hints["hints"]:
        assert legal[hint["notation"]] == hint["label"]
        assert hint["win"] is not None or hint["reason"]  # a chance, or why not
        assert hint["win"] is None or 0.0 <= hint["win"] <= 1.0
    order = [(-(h["win"] or 0.0), -h["visits"]) for h in hints["hints"]]
    assert order == sorted(order) and hints["hints"][0]["visits"] > 0  # by chance
    for token in (tokens[1 - deciding], None):
        refused = client.get(f"/api/tables/{table}/hint", headers=bearer(token))
        assert refused.status_code == 403, refused.text
    plain = create(client, ["human", "human"], seed=4, practice=True)
    refused = client.get(
        f"/api/tables/{plain['id']}/hint", headers=bearer(plain["seats"][deciding]["token"])
    )
    assert refused.status_code == 403 and "does not offer hints" in refused.json()["detail"]
    assert client.get(f"/api/tables/{plain['id']}").json()["hints"] is False
