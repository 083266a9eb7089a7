"""No seat learns another seat's secret through the web API: over whole Ludus games (two and
three players, humans playing random legal actions through the API beside a random bot), every
state a seat or the spectator is answered, and every WebSocket push, is checked against a local
replay of the finished game's record: it is the seat's own `view(seat)` (which does not change
when what the seat cannot see is resampled by `determinize`), the events that seat may see, and
the board drawn from that view alone; another seat's face-down counter never shows."""

from __future__ import annotations

import contextlib
import json
import random
import time
import warnings
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():  # starlette's client warns that httpx will be replaced
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import colosseum
from colosseum.web.boards import render_board
from colosseum.web.tokens import token_hash

from .conftest import bearer, create, receive, state

GAME = "ludus-gladiatorius"
WAIT = 30.0  # seconds a whole game may take before a test gives up
Viewer = int | None


@dataclass
class Game:
    """A table played through the API and everything its viewers were answered."""

    id: str
    players: int
    tokens: dict[int, str]
    bots: set[int]
    seen: dict[tuple[Viewer, int], dict[str, Any]] = field(default_factory=dict)
    """(viewer, version) -> the full state (every event) that viewer was answered."""
    partial: list[tuple[Viewer, dict[str, Any]]] = field(default_factory=list)
    """States holding only recent events: answers to actions, WebSocket pushes."""

    @property
    def viewers(self) -> list[Viewer]:
        return [*sorted(self.tokens), None]


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


def owners(view: dict[str, Any]) -> dict[int, int]:
    return {entry["number"]: entry["owner"] for entry in view["gladiators"]}


def check_alone(game: Game, viewer: Viewer, payload: dict[str, Any]) -> None:
    """What one answer must hold by itself: it is this viewer's; its board is drawn from its
    own view and legal actions; no other seat's chosen counter, sheet or token is in it."""
    assert payload["table"] == game.id and payload["seat"] == viewer
    assert payload["view"]["seat"] == viewer
    legal = [action["notation"] for action in payload["legal"]]
    if viewer is None or payload["current"] != viewer:
        assert legal == []
    assert payload["board"] == render_board(GAME, payload["view"], legal)
    mine = owners(payload["view"])
    for event in payload["events"]:
        if event["kind"] == "counter_chosen" or "your counter" in event["text"]:
            assert viewer is not None and mine[event["data"]["gladiator"]] == viewer, event
    for entry in payload["view"]["gladiators"]:
        if entry["owner"] != viewer:
            assert "specials_left" not in entry and "counter_usable" not in entry, entry
    text = json.dumps(payload)
    for token in game.tokens.values():
        assert token not in text and token_hash(token) not in text


def keep(game: Game, viewer: Viewer, payload: dict[str, Any]) -> None:
    """Check an answer and keep it; asked twice at one version, a viewer is answered alike."""
    check_alone(game, viewer, payload)
    key = (viewer, payload["version"])
    if key in game.seen:
        assert game.seen[key] == payload, key
    game.seen[key] = payload


def play(client: TestClient, players: list[str], seed: int, rounds: int) -> Game:
    """A table played to its end: random legal actions for the human seats, each viewer's
    state read again after every change."""
    created = create(client, players, options={"round_limit": rounds}, seed=seed)
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}
    bots = {s["seat"] for s in created["seats"] if s["token"] is None}
    game = Game(created["id"], len(players), tokens, bots)
    rng = random.Random(seed)
    deadline = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < deadline, f"table {game.id} did not finish in {WAIT} s"
        answers = {
            v: state(client, game.id, tokens.get(v) if v is not None else None)
            for v in game.viewers
        }
        for viewer, payload in answers.items():
            keep(game, viewer, payload)
        if all(payload["terminal"] for payload in answers.values()):
            return game
        mover = next((p for v, p in answers.items() if v is not None and p["current"] == v), None)
        if mover is None:  # the computer seat is thinking
            time.sleep(0.005)
            continue
        choice = rng.choice(mover["legal"])["notation"]
        response = client.post(
            f"/api/tables/{game.id}/actions",
            json={"action": choice, "version": mover["version"]},
            headers=bearer(tokens[mover["seat"]]),
        )
        assert response.status_code == 200, response.text
        answer = response.json()
        check_alone(game, mover["seat"], answer)
        assert answer["version"] == mover["version"] + 1
        assert {event["at"] for event in answer["events"]} == {answer["version"]}
        game.partial.append((mover["seat"], answer))


def check_against_replay(client: TestClient, game: Game) -> int:
    """Replay the finished table's record here and compare each kept answer with what the
    local state says its viewer may know; the number of answers checked."""
    response = client.get(f"/api/tables/{game.id}/record")
    assert response.status_code == 200, response.text
    record = response.json()
    assert (
        colosseum.replay(record).winners() == game.seen[(None, len(record["actions"]))]["winners"]
    )
    local = colosseum.new_game(GAME, record["players"], record["seed"], record["options"])
    secrets = chosen_counters(game)
    rng = random.Random(0)
    history: list[tuple[int, Any]] = []
    full = {key[1]: [] for key in game.seen}
    for key in game.seen:
        full[key[1]].append(key[0])
    pushed: dict[int, list[tuple[Viewer, dict[str, Any]]]] = {}
    for viewer, payload in game.partial:
        pushed.setdefault(payload["version"], []).append((viewer, payload))
    checked = 0
    for version in range(len(record["actions"]) + 1):
        if version:
            events = local.apply(record["actions"][version - 1])
            history.extend((version, event) for event in events)
            for event in events:
                if event.kind == "counter_chosen":
                    owner = local.view(None)["gladiators"]
                    del owner
                    assert secrets.get((version, event.data["gladiator"])) in (
                        None,
                        event.data["counter"],
                    )
        answers = [(v, game.seen[(v, version)], 0) for v in full.get(version, [])]
        answers += [(v, p, since_of(p, version)) for v, p in pushed.get(version, [])]
        for viewer, payload, since in answers:
            check_one(local, history, viewer, payload, since, rng)
            checked += 1
    return checked


def since_of(payload: dict[str, Any], version: int) -> int:
    """The version after which a partial answer's events start (its first event's action)."""
    return min((event["at"] for event in payload["events"]), default=version + 1) - 1


def chosen_counters(game: Game) -> dict[tuple[int, int], str]:
    """The secret as the owners were told it: (action number, gladiator) -> the counter its
    owner chose, from the `counter_chosen` events of each seat's own answers; no other viewer
    was told of it."""
    chosen: dict[tuple[int, int], str] = {}
    for (viewer, _), payload in game.seen.items():
        for event in payload["events"]:
            if event["kind"] != "counter_chosen":
                continue
            key = (event["at"], event["data"]["gladiator"])
            assert viewer is not None
            assert chosen.setdefault(key, event["data"]["counter"]) == event["data"]["counter"]
    for (viewer, _), payload in game.seen.items():
        mine = owners(payload["view"])
        for at, number in chosen:
            if mine[number] != viewer:
                assert not any(
                    e["at"] == at and e["kind"] == "counter_chosen" for e in payload["events"]
                )
    assert chosen, "no seat was ever told its own counter"
    return chosen


def check_one(
    local: Any,
    history: list[tuple[int, Any]],
    viewer: Viewer,
    payload: dict[str, Any],
    since: int,
    rng: random.Random,
) -> None:
    """One answer against the local state at its version: the viewer's view, whose decision,
    its legal actions, the events it may see; the view unchanged by resampling what the viewer
    cannot see; other seats' face-down counters shown face down."""
    view = jsonable(local.view(viewer))
    assert payload["view"] == view
    assert payload["current"] == local.current_player
    assert payload["terminal"] == local.is_terminal()
    assert payload["winners"] == local.winners()
    if viewer is not None and local.current_player == viewer:
        legal = sorted(str(action) for action in local.legal_actions())
        assert sorted(action["notation"] for action in payload["legal"]) == legal
    visible = [
        (at, event.kind, jsonable(event.data))
        for at, event in history
        if event.visible(viewer) and at > since
    ]
    assert [(e["at"], e["kind"], e["data"]) for e in payload["events"]] == visible
    seats = range(local.num_players) if viewer is None else [viewer]
    for seat in seats:
        guess = local.determinize(seat, rng)
        assert jsonable(guess.view(viewer)) == view
    public = {entry["number"]: entry["counter"] for entry in local.view(None)["gladiators"]}
    shown = {entry["number"]: entry for entry in view["gladiators"]}
    for number, entry in shown.items():
        if entry["owner"] == viewer:
            continue
        face = {e["number"]: e for e in local.view(entry["owner"])["gladiators"]}[number]
        if public[number] == "hidden":
            assert face["counter"] not in (None, "hidden")
            assert entry["counter"] == "hidden", (viewer, number)
        else:
            assert entry["counter"] == public[number] == face["counter"]


CASES = [
    (["human", "human"], 31, 2),
    (["human", "human"], 32, 3),
    (["human", "human", "random"], 33, 2),
    (["human", "random", "human"], 34, 2),
]


@pytest.mark.parametrize(("players", "seed", "rounds"), CASES)
def test_http_answers_never_leak(
    client: TestClient, players: list[str], seed: int, rounds: int
) -> None:
    """Every state every seat and the spectator were answered over a whole game (and every
    action's answer) holds that viewer's own view and visible events only, checked against a
    local replay: no other seat's face-down counter, chosen counter, sheet or token."""
    game = play(client, players, seed, rounds)
    assert any(viewer is None for viewer, _ in game.seen)
    checked = check_against_replay(client, game)
    assert checked >= len(game.seen)


@pytest.mark.parametrize(
    ("players", "seed"), [(["human", "random"], 41), (["human", "human", "random"], 42)]
)
def test_websocket_pushes_never_leak(client: TestClient, players: list[str], seed: int) -> None:
    """A WebSocket per human seat and one for a spectator, over a whole game: every push is
    the socket's own seat's, in order, together carrying every event that seat may see and
    nothing else (checked against a local replay like the HTTP answers); 'thinking' names
    only computer seats."""
    created = create(client, players, options={"round_limit": 2}, seed=seed)
    table = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}
    viewers: list[Viewer] = [*sorted(tokens), None]
    with contextlib.ExitStack() as stack:
        sockets = {}
        for viewer in viewers:
            socket = stack.enter_context(client.websocket_connect(f"/ws/tables/{table}"))
            token = tokens.get(viewer) if viewer is not None else None
            socket.send_json({"type": "hello", "token": token, "version": 0})
            sockets[viewer] = socket
        game = play_existing(client, created, seed)
        final = game.seen[(None, max(v for _, v in game.seen))]["version"]
        for viewer, socket in sockets.items():
            versions = []
            covered: set[int] = set()
            while True:
                message = receive(socket)
                if message["type"] == "thinking":
                    assert message["seat"] in game.bots
                    continue
                assert message["type"] == "state", message
                assert message["seat"] == viewer
                check_alone(game, viewer, message)
                versions.append(message["version"])
                covered |= {event["at"] for event in message["events"]}
                game.partial.append((viewer, message))
                if message["version"] == final:
                    break
            assert versions == sorted(versions), versions
            assert covered == set(range(1, final + 1)), sorted(set(range(1, final + 1)) - covered)
    check_against_replay(client, game)


def play_existing(client: TestClient, created: dict[str, Any], seed: int) -> Game:
    """`play` for a table already created (its sockets already said hello)."""
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"] is not None}
    bots = {s["seat"] for s in created["seats"] if s["token"] is None}
    game = Game(created["id"], len(created["seats"]), tokens, bots)
    rng = random.Random(seed)
    deadline = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < deadline, f"table {game.id} did not finish in {WAIT} s"
        answers = {
            v: state(client, game.id, tokens[v] if v is not None else None) for v in game.viewers
        }
        for viewer, payload in answers.items():
            keep(game, viewer, payload)
        if all(payload["terminal"] for payload in answers.values()):
            return game
        mover = next((p for v, p in answers.items() if v is not None and p["current"] == v), None)
        if mover is None:
            time.sleep(0.005)
            continue
        choice = rng.choice(mover["legal"])["notation"]
        response = client.post(
            f"/api/tables/{game.id}/actions",
            json={"action": choice, "version": mover["version"]},
            headers=bearer(tokens[mover["seat"]]),
        )
        assert response.status_code == 200, response.text


def test_lobby_and_summaries_hold_no_secret(client: TestClient) -> None:
    """The lobby, a table's summary and its page never carry a seat's token (nor its hash)."""
    created = create(client, ["human", "human", "random"], options={"round_limit": 1}, seed=5)
    table = created["id"]
    texts = [
        client.get("/api/tables").text,
        client.get(f"/api/tables/{table}").text,
        client.get(f"/tables/{table}").text,
        client.get("/").text,
    ]
    for seat in created["seats"]:
        if seat["token"] is not None:
            for text in texts:
                assert seat["token"] not in text and token_hash(seat["token"]) not in text
