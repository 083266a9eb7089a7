"""The end panel's summary (web/endings.py, `final` in a seat's state): each game played to
its end by computer seats through the table service tells its winners and what it counts per
seat; a resignation, a timeout and an abandoned table say so; "Play again" is the same table's
body for POST /api/tables, and makes one."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.store import Store
from colosseum.web.endings import again
from colosseum.web.models import SeatState
from colosseum.web.resign import resign
from colosseum.web.service import TableService

from .conftest import bearer, create

COLUMNS = {
    "ludi-gladiatorii": ["Victory points", "Coins", "Gladiators", "Buildings"],
    "ludus-gladiatorius": ["Standing", "Fallen", "Wounds taken", "Life left"],
    "jugula": ["Standing", "Wounded", "Fallen", "Vox"],
}


@pytest.fixture
def service(database: str) -> Iterator[TableService]:
    store = Store(database)
    yield TableService(store)
    store.engine.dispose()


def played_out(service: TableService, game: str, seed: int) -> str:
    """A table of two random computer seats, played to its end through the service."""
    row, _ = service.create(game, ["random", "random"], seed=seed, practice=True)
    rng = random.Random(seed)
    for _ in range(5000):
        live = service.table(row.id)
        seat = live.current()
        if seat is None:
            return row.id
        legal = sorted(str(a) for a in live.state.legal_actions())
        service.act(row.id, seat, rng.choice(legal), live.version)
    raise AssertionError(f"{game} did not end")


@pytest.mark.parametrize("game", sorted(COLUMNS))
def test_each_game_played_to_its_end_tells_the_winner_and_per_seat_counts(
    service: TableService, game: str
) -> None:
    table = played_out(service, game, 3)
    for seat in (0, 1, None):
        live = service.table(table)
        with live.lock:
            state = live.payload(seat)
        final = SeatState.model_validate(state).final
        assert final is not None
        assert final.how == "rules"
        assert final.winners and final.winners == state["winners"]
        assert final.columns == COLUMNS[game]
        assert [s.seat for s in final.seats] == [0, 1]
        for line in final.seats:
            assert line.winner == (line.seat in final.winners)
            assert len(line.values) == len(final.columns)
            assert all(isinstance(v, int) and v >= 0 for v in line.values)
            assert line.gladiators or game == "ludi-gladiatorii"
        assert "won by the rules" in final.story
        assert final.replay == f"/tables/{table}/replay"
        assert (final.again is None) == (seat is None)
        if final.again is not None:
            assert final.again["game"] == game and final.again["players"] == ["random", "random"]


def test_the_counts_follow_the_final_view() -> None:
    """Jugula's columns count the view's gladiators: fallen (bitten), wounded, standing."""
    from colosseum.web.endings import _jugula

    view = {
        "turn": 12,
        "lanistae": [{"seat": 0, "vox": 2}, {"seat": 1, "vox": 0}],
        "gladiators": [
            {"seat": 0, "name": "Murmillo", "bitten": True, "wounded": False},
            {"seat": 0, "name": "Secutor", "bitten": False, "wounded": True},
            {"seat": 1, "name": "Thraex", "bitten": False, "wounded": False},
        ],
    }
    columns, counts, length = _jugula(view, 2)
    assert dict(zip(columns, counts[0]["values"], strict=True)) == {
        "Standing": 1,
        "Wounded": 1,
        "Fallen": 1,
        "Vox": 2,
    }
    assert counts[0]["gladiators"] == [
        {"name": "Murmillo", "state": "fell"},
        {"name": "Secutor", "state": "wounded"},
    ]
    assert counts[1]["values"] == [1, 0, 0, 0] and length == "after 12 turns"


def test_no_summary_before_the_end(service: TableService) -> None:
    row, tokens = service.create("jugula", ["human", "random"])
    assert service.state(row.id, tokens[0])["final"] is None


def test_a_resigned_table_says_so(service: TableService) -> None:
    row, tokens = service.create("ludus-gladiatorius", ["human", "heuristic"], names=["Livia"])
    resign(service, row.id, tokens[0])
    final = service.state(row.id, tokens[0])["final"]
    assert final["how"] == "resigned" and final["winners"] == [1]
    assert final["story"].startswith("Livia resigned") and "won" in final["story"]
    assert final["again"]["players"] == ["human", "heuristic"]
    assert final["again"]["names"] == ["Livia", ""]


def test_play_again_makes_a_table_like_this_one(client: TestClient) -> None:
    """The `again` body, posted as it is, makes a new table of the same game, options and
    kinds of seats, with new links for the guests' seats."""
    created = create(client, ["human", "human"], game="jugula", hints=True)
    table, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert client.post(f"/api/tables/{table}/resign", headers=bearer(tokens[1])).is_success
    seen = client.get(f"/api/tables/{table}/state", headers=bearer(tokens[0])).json()
    final = seen["final"]
    assert final["how"] == "resigned" and final["winners"] == [0]
    made = client.post("/api/tables", json=final["again"])
    assert made.status_code == 201, made.text
    new = client.get(f"/api/tables/{made.json()['id']}").json()
    old = client.get(f"/api/tables/{table}").json()
    assert new["game"] == "jugula" and new["options"] == old["options"] and new["hints"]
    assert [p["kind"] for p in new["players"]] == ["human", "human"]
    assert all(s["token"] and s["token"] not in tokens for s in made.json()["seats"])
    spectator = client.get(f"/api/tables/{table}/state").json()["final"]
    assert spectator["again"] is None and spectator["story"] == final["story"]


def test_an_account_table_plays_again_with_the_same_accounts(database: str) -> None:
    """For an account's seat: itself as `me`, the other accounts' seats reserved again."""
    from colosseum.store import SeatRow, TableRow

    row = TableRow(
        id="t1",
        game="jugula",
        version=1,
        players=3,
        options={},
        seed=1,
        private=False,
        length=0,
        status="over",
        created=None,  # type: ignore[arg-type]
        updated=None,  # type: ignore[arg-type]
        seats=(
            SeatRow(0, "human", "ann", claimed=True, account=1),
            SeatRow(1, "human", "bob", claimed=True, account=2),
            SeatRow(2, "hard", "Computer (hard)"),
        ),
        clock={"kind": "days", "days": 3},
    )
    body = again(row, 1)
    assert body is not None
    assert body["players"] == [{"kind": "account", "name": "ann"}, {"kind": "me"}, "hard"]
    assert body["clock"] == {"kind": "days", "days": 3} and "names" not in body
    assert again(row, None) is None


def test_an_abandoned_table_says_so(service: TableService) -> None:
    from datetime import timedelta

    row, tokens = service.create("ludi-gladiatorii", ["human", "human"])
    assert service.abandon_idle(timedelta(seconds=-1)) == [row.id]
    final = service.state(row.id, tokens[0])["final"]
    assert final["how"] == "abandoned" and final["winners"] == []
    assert "Abandoned" in final["story"]
