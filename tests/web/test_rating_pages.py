"""The ratings' pages (issue 45; docs/web.md, "Leaderboards and players' pages"): the list of
games, a leaderboard in order with provisional ratings and computer levels marked, a player's
page with its ratings and the plot of its history, "Play now", names escaped everywhere, and
unknown games and players answered 404."""

from __future__ import annotations

import re
import warnings
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.ratings import standings
from colosseum.store import Store
from colosseum.store.ratings import SeatResult
from colosseum.web.summaries import lobby_summaries

GAME = "ludus-gladiatorius"
HOSTILE = '<script>alert("x")</script>&'


def accounts(store: Store, *names: str) -> list[int]:
    return [store.accounts.create(name, None).id for name in names]


def wins(store: Store, winner: int, loser: int, times: int, tag: str = "") -> None:
    """`winner` beats `loser` `times` times (calibration results, no table)."""
    for n in range(times):
        store.ratings.apply(
            f"calibration:{tag}{winner}-{loser}-{n}",
            GAME,
            [SeatResult(0, winner, 1), SeatResult(1, loser, 2)],
        )


def store_of(client: TestClient) -> Store:
    found: Store = client.app.state.hub.service.store  # type: ignore[attr-defined]
    return found


def test_the_ratings_page_links_each_game(client: TestClient) -> None:
    page = client.get("/ratings")
    assert page.status_code == 200
    for game in ("jugula", "ludi-gladiatorii", "ludus-gladiatorius"):
        assert f'href="/ratings/{game}"' in page.text
    nav = client.get("/").text
    assert 'href="/ratings"' in nav and 'href="/play"' in nav


def test_the_leaderboard_lists_the_best_first(client: TestClient) -> None:
    store = store_of(client)
    ann, bob = accounts(store, "ann", "bob")
    hard = store.ratings.computer_account("hard")
    wins(store, ann, bob, 12)
    wins(store, hard, bob, 1)
    page = client.get(f"/ratings/{GAME}")
    assert page.status_code == 200, page.text
    names = re.findall(r'class="player" href="/players/([^"]+)"', page.text)
    assert names[0] == "ann" and set(names) == {"ann", "bob", quote("Computer (hard)")}
    assert "computer</span>" in page.text
    assert "provisional" in page.text  # bob's 13 games settle, hard's one does not
    assert client.get("/ratings/ludus").status_code == 200  # an alias
    assert client.get("/ratings/chess").status_code == 404


def test_an_empty_leaderboard_says_so(client: TestClient) -> None:
    page = client.get("/ratings/jugula")
    assert page.status_code == 200 and "No rated game" in page.text


def test_the_player_page_shows_ratings_and_a_plot(client: TestClient) -> None:
    store = store_of(client)
    ann, bob = accounts(store, "ann", "bob")
    wins(store, ann, bob, 3)
    page = client.get("/players/ann")
    assert page.status_code == 200, page.text
    assert "<svg" in page.text and 'role="img"' in page.text
    assert page.text.count('class="point"') == 4  # the start and three games
    assert "rated games</text>" in page.text and ">rating</text>" in page.text
    assert "<table" in page.text  # the same points, for a reader without the plot
    assert client.get("/players/ANN").status_code == 200  # names compare case-folded
    unrated = client.get("/players/nobody")
    assert unrated.status_code == 404
    accounts(store, "cy")
    assert "No rated game yet" in client.get("/players/cy").text


def test_names_are_escaped(client: TestClient) -> None:
    store = store_of(client)
    evil, bob = accounts(store, HOSTILE, "bob")
    wins(store, evil, bob, 2)
    board = client.get(f"/ratings/{GAME}").text
    player = client.get(f"/players/{quote(HOSTILE, safe='')}")
    assert player.status_code == 200, player.text
    for text in (board, player.text):
        assert "<script>alert" not in text
        assert "&lt;script&gt;" in text


def test_play_now_page(client: TestClient) -> None:
    page = client.get("/play")
    assert page.status_code == 200
    assert 'src="/static/quickmatch.js"' in page.text
    assert "<script>" not in page.text  # no inline script (the CSP allows none)
    assert client.get("/static/quickmatch.js").status_code == 200
    assert client.get("/static/ratings.css").status_code == 200


def test_summaries_carry_the_players_ratings(client: TestClient) -> None:
    """Each player of a table's summary has his account's displayed rating in its game (a
    computer seat its level's), null for a guest or one not rated yet; one lookup for all."""
    store = store_of(client)
    ann, bob, _ = accounts(store, "ann", "bob", "cy")
    hard = store.ratings.computer_account("hard")
    wins(store, ann, bob, 2)
    wins(store, hard, bob, 1, tag="h")
    service = client.app.state.hub.service  # type: ignore[attr-defined]
    creator = store.accounts.get(ann)
    row, _ = service.create(
        GAME, [{"kind": "me"}, "hard", "human", {"kind": "account", "name": "cy"}], creator=creator
    )
    [summary] = lobby_summaries(store, [store.tables.find(row.id)])
    ratings = [p["rating"] for p in summary["players"]]
    board = {r.name: r.rating for r in standings.leaderboard(store, GAME)}
    assert ratings == [board["ann"], board["Computer (hard)"], None, None]  # cy: no rating yet
    listed = client.get("/api/tables").json()
    assert all("rating" in p for t in listed for p in t["players"])


def test_careers_standings_link_to_the_lanistae_accounts(database: str) -> None:
    from colosseum.web.app import create_app

    from .conftest import UNLIMITED
    from .test_careers_accounts import add, found, guest, person
    from .test_careers_api import ludus

    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as running:
        app = running.app
        app.state.portal = running.portal  # type: ignore[attr-defined]
        alice = person(app, "alice")
        found(alice, ludus("Fred"))
        add(guest(app), "Miller")
        page = alice.get("/careers/Gallia").text
    standings = page.split('id="standings"')[1].split("</table>")[0]
    assert '<a href="/players/alice">alice</a>' in standings
    assert standings.count("/players/") == 1  # Miller's ludus has no account
