"""Quick match (issue 45; docs/web.md, "Quick match"), under a fake clock: two waiting accounts
paired into one rated table; ratings far apart paired only once the window has widened; a
computer player offered after the wait, and accepted; leaving; bad requests refused; and one
entry never put at two tables by two matchers racing."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy import insert, select

from colosseum.store import Store
from colosseum.store.match_queue import MatchQueue
from colosseum.store.schema import game_tables, match_queue, ratings
from colosseum.web.app import create_app
from colosseum.web.matching import match_pending
from colosseum.web.service import TableService
from colosseum.web.settings import ServerSettings

from .conftest import SITE, signed_in, store_of
from .test_clocks import FakeClock

GAME = "ludus-gladiatorius"
WAIT = 60.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(database: str, clock: FakeClock) -> Iterator[Any]:
    settings = ServerSettings(rate_limits={}, match_wait=WAIT)
    made = create_app(database, workers=0, settings=settings, now=clock)
    with TestClient(made) as running:
        made.state.portal = running.portal
        yield made


def join(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"game": GAME, "players": 2, "pace": "live", **fields}
    response = client.post("/api/quickmatch", json=body)
    assert response.status_code in (200, 201), response.text
    answer: dict[str, Any] = response.json()
    return answer


def rate(store: Store, name: str, mu: float, sigma: float) -> None:
    """Give the account a stored rating in GAME."""
    found = store.accounts.by_name(name)
    assert found is not None
    with store.engine.begin() as connection:
        connection.execute(
            insert(ratings).values(
                account=found.id, game=GAME, mu=mu, sigma=sigma, games=20, updated=datetime.now(UTC)
            )
        )


def test_two_waiting_accounts_are_paired_into_one_rated_table(app: Any) -> None:
    ann, bob = signed_in(app, "ann"), signed_in(app, "bob")
    first = join(ann)
    assert first["status"] == "waiting" and first["table"] is None
    assert first["rating"] == 1000 and first["window"] == 100
    assert join(ann)["id"] == first["id"]  # one waiting entry per account and game
    second = join(bob)
    assert second["status"] == "matched"
    table = second["table"]
    [mine] = ann.get("/api/quickmatch").json()
    assert mine["status"] == "matched" and mine["table"] == table
    summary = ann.get(f"/api/tables/{table}").json()
    assert summary["rated"] is True
    assert [p["name"] for p in summary["players"]] == ["ann", "bob"]
    assert summary["clock"] == {"kind": "live", "minutes": 10, "increment": 5}


def test_other_games_player_counts_and_paces_are_not_paired(app: Any) -> None:
    ann, bob, cy = signed_in(app, "ann"), signed_in(app, "bob"), signed_in(app, "cy")
    join(ann)
    assert join(bob, pace="days")["status"] == "waiting"
    assert join(cy, game="jugula")["status"] == "waiting"


def test_ratings_far_apart_wait_until_the_window_widens(app: Any, clock: FakeClock) -> None:
    ann, bob = signed_in(app, "ann"), signed_in(app, "bob")
    rate(store_of(app), "ann", 15.0, 2.5)  # shown 1000 + 40 * (15 - 7.5) = 1300
    first = join(ann)
    assert first["rating"] == 1300
    assert join(bob)["status"] == "waiting"  # 300 apart, a window of 100
    clock.advance(minutes=3)
    service = app.state.hub.service
    assert match_pending(service.store, service, clock()) == []
    assert ann.get("/api/quickmatch").json()[0]["window"] == 250
    clock.advance(minutes=1)  # ann's window: 100 + 4 * 50 = 300
    [table] = match_pending(service.store, service, clock())
    assert bob.get("/api/quickmatch").json()[0]["table"] == table


def test_after_the_wait_a_computer_player_is_offered_and_accepted(
    app: Any, clock: FakeClock
) -> None:
    ann = signed_in(app, "ann")
    entry = join(ann)
    assert entry["computer"] is None
    refused = ann.post(f"/api/quickmatch/{entry['id']}/computer")
    assert refused.status_code == 403, refused.text
    clock.advance(seconds=WAIT + 1)
    [waiting] = ann.get("/api/quickmatch").json()
    offer = waiting["computer"]
    assert offer is not None and offer["level"] in ("random", "heuristic", "easy", "normal", "hard")
    accepted = ann.post(f"/api/quickmatch/{entry['id']}/computer")
    assert accepted.status_code == 200, accepted.text
    table = accepted.json()["table"]
    summary = ann.get(f"/api/tables/{table}").json()
    assert summary["rated"] is True
    assert summary["players"][0]["name"] == "ann"
    assert summary["players"][1]["kind"] == offer["level"]
    again = ann.post(f"/api/quickmatch/{entry['id']}/computer")
    assert again.status_code == 403, again.text


def test_the_offer_is_the_computer_level_nearest_the_account(app: Any, clock: FakeClock) -> None:
    store = store_of(app)
    ann = signed_in(app, "ann")
    hard = store.ratings.computer_account("hard")
    with store.engine.begin() as connection:
        connection.execute(
            insert(ratings).values(
                account=hard, game=GAME, mu=15.0, sigma=2.5, games=50, updated=datetime.now(UTC)
            )
        )
    rate(store, "ann", 15.5, 2.5)  # 1320, nearest hard's 1300 (the others new: 1000)
    entry = join(ann)
    clock.advance(seconds=WAIT)
    [waiting] = ann.get("/api/quickmatch").json()
    assert waiting["computer"] == {"level": "hard", "rating": 1300}
    assert entry["id"] == waiting["id"]


def test_leaving_the_queue(app: Any) -> None:
    ann, bob = signed_in(app, "ann"), signed_in(app, "bob")
    entry = join(ann)
    assert bob.delete(f"/api/quickmatch/{entry['id']}").status_code == 404  # not his
    assert ann.delete(f"/api/quickmatch/{entry['id']}").status_code == 204
    assert ann.get("/api/quickmatch").json() == []
    assert ann.delete(f"/api/quickmatch/{entry['id']}").status_code == 404
    assert join(bob)["status"] == "waiting"  # ann left: nobody to pair with
    again = join(ann)
    assert again["status"] == "matched" and again["id"] != entry["id"]
    matched = ann.delete(f"/api/quickmatch/{again['id']}")
    assert matched.status_code == 403, matched.text


@pytest.mark.parametrize(
    "body",
    [
        {"game": GAME, "players": 1},
        {"game": GAME, "players": 6},
        {"game": "jugula", "players": 5},  # more than Jugula seats
        {"game": "chess", "players": 2},
        {"game": GAME, "players": 2, "pace": "weeks"},
        {"game": GAME, "players": "two"},
        {"game": GAME, "players": 2, "seed": 7},
        {"players": 2},
        [],
    ],
)
def test_bad_requests_are_refused(app: Any, body: Any) -> None:
    ann = signed_in(app, "ann")
    response = ann.post("/api/quickmatch", json=body)
    assert 400 <= response.status_code < 500 and response.status_code != 404, response.text
    assert ann.get("/api/quickmatch").json() == []


def test_signed_out_is_refused(app: Any) -> None:
    guest = TestClient(app, headers={"Origin": SITE})
    assert guest.get("/api/quickmatch").status_code == 401
    assert guest.post("/api/quickmatch", json={"game": GAME, "players": 2}).status_code == 401
    assert guest.delete("/api/quickmatch/1").status_code == 401
    assert signed_in(app, "ann").delete("/api/quickmatch/not-a-number").status_code == 422


def test_two_matchers_racing_never_put_one_entry_at_two_tables(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Two matchers of their own (as in two server processes) over the same waiting entries:
    each entry at one table, the other matcher's table abandoned unplayed."""
    url = f"sqlite:///{tmp_path / 'race.db'}"
    stores = [Store(url), Store(url)]
    try:
        queue = MatchQueue(stores[0].engine)
        for name in ("ann", "bob", "cy", "dee"):
            account = stores[0].accounts.create(name, None)
            queue.join(account.id, GAME, 2, "live", clock())
        services = [TableService(s, now=clock) for s in stores]
        made: list[list[str]] = [[], []]
        start = threading.Barrier(2)

        def matcher(n: int) -> None:
            start.wait()
            made[n] = match_pending(stores[n], services[n], clock())

        threads = [threading.Thread(target=matcher, args=(n,)) for n in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        with stores[0].engine.connect() as connection:
            seated = connection.execute(select(match_queue.c.id, match_queue.c.table_id)).all()
            statuses = dict(
                connection.execute(select(game_tables.c.id, game_tables.c.status)).all()
            )
        winners = made[0] + made[1]
        assert len(winners) == 2 and len(set(winners)) == 2
        assert {row.table_id for row in seated} == set(winners)
        for table_id, status in statuses.items():
            assert (status == "abandoned") == (table_id not in winners)
    finally:
        for store in stores:
            store.engine.dispose()


def test_the_wait_is_a_setting(tmp_path: Path) -> None:
    from colosseum.web.settings import SettingError

    folder = {"COLOSSEUM_KEY_FOLDER": str(tmp_path)}
    assert ServerSettings.from_environment(folder).match_wait == 120
    found = ServerSettings.from_environment({**folder, "COLOSSEUM_MATCH_WAIT": "30"})
    assert found.match_wait == 30
    for wrong in ("soon", "-1", "nan", "1e9"):
        with pytest.raises(SettingError, match="COLOSSEUM_MATCH_WAIT"):
            ServerSettings.from_environment({**folder, "COLOSSEUM_MATCH_WAIT": wrong})
