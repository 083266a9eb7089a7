"""A seat's board drawn at most once per version (issue 50; docs/web.md, "The boards"): the answer
to a seat's action and the push to its page share one drawing, as do every spectator's pushes;
each board is the one its seat's view of that version draws, also after an undo rewrote the
version it was drawn for."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.core.registry import new_game
from colosseum.web import live as live_module
from colosseum.web.boards import render_board

from .conftest import bearer, create, receive, state
from .test_api import tokens_of

Drawn = list[tuple[int | None, int]]  # (the viewer's seat, the number of legal actions)


@pytest.fixture
def drawings(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every board the server draws for a table's seats: (seat, legal actions given)."""
    drawn: Drawn = []

    def counting(game_id: str, view: Any, legal: Any = ()) -> str:
        drawn.append((view.get("seat"), len(legal)))
        return render_board(game_id, view, legal)

    monkeypatch.setattr(live_module, "render_board", counting)
    yield drawn


def expected_board(shown: dict[str, Any], seed: int, actions: list[str]) -> str:
    """The board of the state `shown` (its game, seat, legal actions), drawn from a replay of
    `actions` from the deal of `seed`."""
    replayed = new_game(shown["game"], 2, seed)
    for notation in actions:
        replayed.apply(notation)
    legal = [m["notation"] for m in shown["legal"]]
    return render_board(shown["game"], replayed.view(shown["seat"]), legal)


def test_one_drawing_per_seat_and_version(client: TestClient, drawings: Drawn) -> None:
    created = create(client, ["human", "human"], seed=3, practice=True)
    table, tokens = created["id"], tokens_of(created)
    first = state(client, table, tokens[0])
    mover = first["current"]
    with (
        client.websocket_connect(f"/ws/tables/{table}") as own,
        client.websocket_connect(f"/ws/tables/{table}") as rival,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
        client.websocket_connect(f"/ws/tables/{table}") as second_watcher,
    ):
        sockets = [(own, tokens[mover]), (rival, tokens[1 - mover])]
        sockets += [(watcher, None), (second_watcher, None)]
        for socket, token in sockets:
            socket.send_json({"type": "hello", "token": token, "version": 0})
            assert receive(socket)["version"] == 0
        drawings.clear()
        choice = state(client, table, tokens[mover])["legal"][0]["notation"]
        answer = client.post(
            f"/api/tables/{table}/actions",
            headers=bearer(tokens[mover]),
            json={"action": choice, "version": 0},
        )
        assert answer.status_code == 200, answer.text
        pushed = [receive(socket) for socket, _ in sockets]
    assert all(p["type"] == "state" and p["version"] == 1 for p in pushed)
    # Five boards asked for (the answer, four pushes), three drawn: one for each seat, one
    # for the spectators; the acting seat's answer and push are the same text.
    assert sorted(seat for seat, _ in drawings if seat is not None) == [0, 1]
    assert len(drawings) == 3 and (None, 0) in drawings
    assert pushed[0]["board"] == answer.json()["board"]
    assert pushed[2]["board"] == pushed[3]["board"]


def test_a_board_after_an_undo_is_drawn_from_the_rewritten_log(client: TestClient) -> None:
    """Undo a deployment and deploy elsewhere: the new version 1 is drawn anew."""
    created = create(client, ["human", "human"], game="jugula", seed=1, practice=True)
    table, tokens = created["id"], tokens_of(created)
    seat = client.get(f"/api/tables/{table}").json()["current"]
    token = tokens[seat]
    first = state(client, table, token)
    legal = [m["notation"] for m in first["legal"]]
    assert len(legal) >= 2
    played = client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"action": legal[0], "version": 0},
    )
    assert played.status_code == 200, played.text
    undone = client.post(f"/api/tables/{table}/undo", headers=bearer(token), json={"version": 1})
    assert undone.status_code == 200, undone.text
    again = client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"action": legal[1], "version": 0},
    )
    assert again.status_code == 200, again.text
    shown = again.json()
    assert shown["version"] == 1
    assert shown["board"] != played.json()["board"]
    assert shown["board"] == expected_board(shown, 1, [legal[1]])
    spectator = state(client, table, None)
    assert spectator["board"] == expected_board(spectator, 1, [legal[1]])
