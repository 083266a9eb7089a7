"""Secrets that cannot be computed (issue 43, finding 2): a table's seed decides every hidden
card, die and computer choice, so a client may choose it only at a practice table, where
everyone sees it; any other table's seed is drawn by the server and kept secret until the
table is over or abandoned, its commitment (SHA-256 of "<salt>:<seed>") published from the
start and the seed and salt shown after, so anyone can check the deal."""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

import colosseum
from colosseum.web.commitment import commit, verify

from .conftest import bearer, create, receive, state

GAMES = {
    "ludus-gladiatorius": {"round_limit": 3},
    "ludi-gladiatorii": {},
    "jugula": {},
}
STEPS = 24  # actions played (and every answer checked before each) at each game's table
HEX = re.compile(r"^[0-9a-f]{64}$")


def stored_secrets(client: TestClient, table: str) -> tuple[int, str]:
    """The seed and salt as the store keeps them."""
    row = client.app.state.hub.service.store.tables.find(table)  # type: ignore[attr-defined]
    assert row is not None and row.salt is not None
    return int(row.seed), str(row.salt)


def get_paths(client: TestClient, table: str, step: int) -> list[str]:
    """Every GET route of the API that a table's visitor may ask (from the OpenAPI schema:
    the careers' routes that name a campaign or combat are not the table's), and the
    table's pages."""
    schema = client.get("/openapi.json").json()
    paths = []
    for path, methods in schema["paths"].items():
        if "get" not in methods or "{name}" in path or "{combat}" in path:
            continue
        paths.append(path.replace("{table_id}", table).replace("{step}", str(step)))
    assert f"/api/tables/{table}/state" in paths and f"/api/tables/{table}/hint" in paths
    game = client.get(f"/api/tables/{table}").json()["game"]
    return [*paths, "/", f"/tables/{table}", f"/tables/{table}/replay", f"/howto/{game}"]


def holds(text: str, seed: int, salt: str) -> str | None:
    """What of the secrets `text` shows: the seed's digits as a number, or the salt."""
    if re.search(rf"(?<![0-9]){seed}(?![0-9])", text):
        return "seed"
    if salt in text:
        return "salt"
    return None


# --- a chosen seed ------------------------------------------------------------------------


def test_finding_2_a_chosen_seed_without_practice_is_422_and_nothing_is_made(
    client: TestClient,
) -> None:
    """`"seed": 4242` lets the creator compute every seat's hidden cards offline
    (`new_game(...).view(1)`): refused unless the table is marked as practice."""
    body = {"game": "ludus-gladiatorius", "players": ["human", "human"], "seed": 4242}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 422, refused.text
    assert "practice" in refused.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_finding_2_a_practice_tables_seed_is_public_from_the_start(client: TestClient) -> None:
    """Everyone, seats and spectators, sees a practice table's seed from the start (the
    summary, each seat's state, the lobby's list); it has no commitment (nothing is
    secret)."""
    created = create(client, ["human", "human"], seed=4242, practice=True)
    table = created["id"]
    summary = client.get(f"/api/tables/{table}").json()
    assert (summary["practice"], summary["seed"], summary["commitment"]) == (True, 4242, None)
    listed = [t for t in client.get("/api/tables").json() if t["id"] == table]
    assert listed and listed[0]["practice"] is True and listed[0]["seed"] == 4242
    for seat in created["seats"]:
        seen = state(client, table, seat["token"])
        assert (seen["practice"], seen["seed"]) == (True, 4242)
        local = colosseum.new_game("ludus-gladiatorius", 2, 4242).view(seen["seat"])
        assert seen["view"] == json.loads(json.dumps(local))
    assert state(client, table, None)["seed"] == 4242


def test_finding_2_a_practice_table_without_a_seed_gets_a_public_drawn_one(
    client: TestClient,
) -> None:
    created = create(client, ["human", "human"], practice=True)
    summary = client.get(f"/api/tables/{created['id']}").json()
    assert summary["practice"] is True and isinstance(summary["seed"], int)


def test_finding_2_the_server_draws_a_secret_seed_and_publishes_its_commitment(
    client: TestClient,
) -> None:
    """Without a seed: the server draws it (and a salt), both kept secret; the summary and
    every seat's state carry the commitment to them."""
    created = create(client, ["human", "human"])
    table = created["id"]
    seed, salt = stored_secrets(client, table)
    summary = client.get(f"/api/tables/{table}").json()
    assert (summary["practice"], summary["seed"], summary["salt"]) == (False, None, None)
    assert HEX.match(summary["commitment"]) and summary["commitment"] == commit(seed, salt)
    for token in [s["token"] for s in created["seats"]] + [None]:
        seen = state(client, table, token)
        assert (seen["commitment"], seen["seed"], seen["salt"]) == (
            summary["commitment"],
            None,
            None,
        )
    other = create(client, ["human", "human"])
    assert stored_secrets(client, other["id"]) != (seed, salt)


def test_the_commitment_is_sha256_of_salt_colon_seed() -> None:
    """As docs/security.md tells a player to check it by hand."""
    assert commit(4242, "ab12") == hashlib.sha256(b"ab12:4242").hexdigest()
    assert verify(4242, "ab12", commit(4242, "ab12").upper())
    assert not verify(4243, "ab12", commit(4242, "ab12"))
    assert not verify(4242, "ab13", commit(4242, "ab12"))
    assert not verify(4242, "ab12", "not a commitment \udcff")


# --- the property: no answer before the end holds the seed or the salt --------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_finding_2_no_get_answer_page_or_push_holds_the_seed_or_salt_before_the_end(
    client: TestClient, game: str
) -> None:
    """A two-person table of each game (hints on, so the hint route answers too), played
    with random legal actions: before each action, every GET route of the API and every
    page, asked as each seat and as a spectator, and every WebSocket push to each seat and a
    spectator, hold neither the seed's digits as a number nor the salt. Once the table is
    abandoned, its summary and states show both, and they match the commitment."""
    created = create(client, ["human", "human"], game=game, options=GAMES[game], hints=True)
    table = created["id"]
    seed, salt = stored_secrets(client, table)
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    viewers: list[int | None] = [*sorted(tokens), None]
    rng = random.Random(game)
    with contextlib.ExitStack() as stack:
        sockets = {}
        for viewer in viewers:
            socket = stack.enter_context(client.websocket_connect(f"/ws/tables/{table}"))
            socket.send_json({"type": "hello", "token": tokens.get(viewer), "version": 0})
            sockets[viewer] = socket
        version = 0
        for step in range(STEPS):
            for socket in sockets.values():
                while True:  # every push until the one of this version
                    message = receive(socket)
                    assert holds(json.dumps(message), seed, salt) is None, message
                    if message.get("type") == "state" and message["version"] == version:
                        break
            seen = state(client, table, None)
            if seen["terminal"]:
                break
            for path in get_paths(client, table, step):
                for viewer in viewers:
                    if path.endswith("/hint") and viewer == seen["current"] and step % 6:
                        continue  # a hint is a search: asked now and then
                    answer = client.get(path, headers=bearer(tokens.get(viewer)))
                    assert answer.status_code < 500, (path, answer.text)
                    assert holds(answer.text, seed, salt) is None, (path, viewer)
            mover = seen["current"]
            legal = state(client, table, tokens[mover])["legal"]
            action = rng.choice(legal)["notation"]
            played = client.post(
                f"/api/tables/{table}/actions",
                json={"action": action, "version": version},
                headers=bearer(tokens[mover]),
            )
            assert played.status_code == 200, played.text
            if played.json()["terminal"]:
                break  # the end: now the seed and salt are shown
            assert holds(played.text, seed, salt) is None
            version += 1
    service = client.app.state.hub.service  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(days=1)
    assert table in service.abandon_idle(timedelta(hours=1), now=later)
    summary = client.get(f"/api/tables/{table}").json()
    assert (summary["status"], summary["seed"], summary["salt"]) == ("abandoned", seed, salt)
    assert verify(summary["seed"], summary["salt"], summary["commitment"])
    assert state(client, table, None)["seed"] == seed


def test_finding_2_after_the_end_the_seed_and_salt_check_against_the_commitment(
    client: TestClient,
) -> None:
    """A whole game to its end: the summary and every state show the seed and salt, which
    hash to the commitment published at the start; the record's seed is the same one."""
    created = create(client, ["human", "human"], options={"round_limit": 1})
    table = created["id"]
    commitment = client.get(f"/api/tables/{table}").json()["commitment"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    rng = random.Random(5)
    for version in range(500):
        seen = state(client, table, None)
        if seen["terminal"]:
            break
        assert seen["seed"] is None
        mover = seen["current"]
        action = rng.choice(state(client, table, tokens[mover])["legal"])["notation"]
        played = client.post(
            f"/api/tables/{table}/actions",
            json={"action": action, "version": version},
            headers=bearer(tokens[mover]),
        )
        assert played.status_code == 200, played.text
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "over" and summary["commitment"] == commitment
    assert verify(summary["seed"], summary["salt"], commitment)
    assert client.get(f"/api/tables/{table}/record").json()["seed"] == summary["seed"]
    for token in [*tokens.values(), None]:
        seen = state(client, table, token)
        assert (seen["seed"], seen["salt"]) == (summary["seed"], summary["salt"])


# --- the pages -----------------------------------------------------------------------------


@pytest.mark.browser
def test_finding_2_the_pages_show_practice_tables_and_the_commitment(
    browser: Any, server: Any
) -> None:
    """In the lobby the seed field appears only with "Practice"; a practice table is marked
    in the list and its page shows the seed; a table of two computer seats shows its
    commitment, then once over the seed and salt, checked in the browser."""
    pytest.importorskip("playwright", reason="playwright is not installed")
    from playwright.sync_api import expect

    from .browser import CHROMIUM, TIMEOUT, LobbyPage

    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    import httpx

    page = browser.new_page()
    lobby = LobbyPage(page, server.url).open()
    expect(page.locator("#seed")).to_be_hidden()
    page.check("#practice")
    expect(page.locator("#seed")).to_be_visible()
    page.fill("#seed", "4242")
    page.click("#create-button")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#fairness")).to_have_text(
        "Practice table — the seed is public: 4242", timeout=TIMEOUT
    )
    body = {"game": "ludus", "players": ["human", "human"], "practice": True, "seed": 7}
    assert httpx.post(f"{server.url}/api/tables", json=body).status_code == 201
    lobby.open()
    expect(page.locator("#tables tbody")).to_contain_text(
        "practice — the seed is public", timeout=TIMEOUT
    )
    waiting = httpx.post(
        f"{server.url}/api/tables", json={"game": "ludus", "players": ["human", "human"]}
    ).json()
    page.goto(f"{server.url}/tables/{waiting['id']}")
    commitment = httpx.get(f"{server.url}/api/tables/{waiting['id']}").json()["commitment"]
    expect(page.locator("#fairness")).to_have_text(
        f"Deal committed before play: SHA-256 {commitment}", timeout=TIMEOUT
    )
    body = {"game": "ludus", "players": ["random", "random"], "options": {"round_limit": 1}}
    made = httpx.post(f"{server.url}/api/tables", json=body).json()
    page.goto(f"{server.url}/tables/{made['id']}")
    expect(page.locator("#fairness")).to_contain_text("it is ✓", timeout=30_000)
    summary = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
    assert verify(summary["seed"], summary["salt"], summary["commitment"])
    assert str(summary["seed"]) in page.inner_text("#fairness")
