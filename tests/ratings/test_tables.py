"""Rating the web tables (ratings/results.py, ratings/tables.py; docs/web.md, "Ratings"):
a table over by its rules ranked by the game's own result, a resignation or a timeout last
with every other seat tied first, an abandoned or casual table not rated, a computer seat
rated as its level's account, an account holding two seats left out, each table rated once."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert

import colosseum
from colosseum.ratings.results import table_ranks
from colosseum.ratings.tables import pending, rate_pending, rate_table
from colosseum.store import SeatRow, Store, TableRow
from colosseum.store import rating_model as model
from colosseum.store.schema import game_tables, table_actions

GAME = "ludi-gladiatorii"  # first legal actions end a game of it in a few dozen
NOW = datetime(2026, 5, 1, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'ratings.db'}")
    yield opened
    opened.close()


def played(seed: int, players: int = 2) -> tuple[list[str], list[int]]:
    """A game of first legal actions to its end: its notations and winners."""
    state = colosseum.new_game(GAME, players=players, seed=seed)
    notations = []
    while not state.is_terminal():
        action = state.legal_actions()[0]
        notations.append(str(action))
        state.apply(action)
    return notations, state.winners()


def table(
    store: Store,
    kinds: list[str | int],
    seed: int = 1,
    status: str = "over",
    rated: bool = True,
    outcome: dict[str, Any] | None = None,
    finished: bool = True,
) -> str:
    """A stored table whose seats are accounts (an int) or agent specs, its actions those of
    `played(seed)` (all of them when `finished`, else half)."""
    notations, _ = played(seed, len(kinds))
    if not finished:
        notations = notations[: len(notations) // 2]
    seats = tuple(
        SeatRow(n, "human", f"p{n}", None, True, kind)
        if isinstance(kind, int)
        else SeatRow(n, kind, f"{kind} (computer)", None, True)
        for n, kind in enumerate(kinds)
    )
    row = TableRow(
        id=secrets.token_hex(8),
        game=GAME,
        version=colosseum.core.game_definition(GAME).version,
        players=len(kinds),
        options={},
        seed=seed,
        private=False,
        length=len(notations),
        status=status,
        created=NOW,
        updated=NOW,
        seats=seats,
        outcome=outcome,
        rated=rated,
    )
    store.tables.create(row)
    with store.engine.begin() as connection:
        connection.execute(
            insert(table_actions),
            [
                {"table_id": row.id, "seq": n, "seat": 0, "notation": notation, "created": NOW}
                for n, notation in enumerate(notations, start=1)
            ],
        )
        connection.execute(
            game_tables.update()
            .where(game_tables.c.id == row.id)
            .values(length=len(notations), outcome=outcome)
        )
    return row.id


def accounts(store: Store, count: int) -> list[int]:
    return [store.accounts.create(f"player {n}", None).id for n in range(count)]


def test_a_table_over_by_its_rules_is_ranked_by_the_games_result(store: Store) -> None:
    ann, bob = accounts(store, 2)
    _, winners = played(1)
    made = table(store, [ann, bob])
    found = store.tables.find(made)
    assert found is not None
    ranks = table_ranks(store, found)
    assert ranks == [1 if seat in winners else 2 for seat in range(2)]
    assert pending(store) == [made]
    assert rate_table(store, made, NOW) is True
    winner = [ann, bob][winners[0]]
    loser = bob if winner == ann else ann
    assert store.ratings.get(winner, GAME).mu > model.initial().mu  # type: ignore[union-attr]
    assert store.ratings.get(loser, GAME).mu < model.initial().mu  # type: ignore[union-attr]
    assert store.tables.find(made).rated_at == NOW  # type: ignore[union-attr]
    assert rate_table(store, made) is False and rate_pending(store) == [] and pending(store) == []
    assert store.ratings.get(winner, GAME).games == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", ["resigned", "timeout"])
def test_a_seat_that_resigned_or_ran_out_of_time_is_last_and_the_others_tie_first(
    store: Store, kind: str
) -> None:
    ann, bob, cat = accounts(store, 3)
    made = table(store, [ann, bob, cat], outcome={"kind": kind, "seat": 1, "at": 3}, finished=False)
    assert table_ranks(store, store.tables.find(made)) == [1, 2, 1]  # type: ignore[arg-type]
    assert rate_pending(store, NOW) == [made]
    (ann_r, bob_r, cat_r) = (store.ratings.get(a, GAME) for a in (ann, bob, cat))
    assert ann_r is not None and bob_r is not None and cat_r is not None
    assert ann_r.mu == cat_r.mu > model.initial().mu > bob_r.mu


def test_an_abandoned_or_casual_or_unfinished_table_is_not_rated(store: Store) -> None:
    ann, bob = accounts(store, 2)
    abandoned = table(store, [ann, bob], status="abandoned", finished=False)
    casual = table(store, [ann, bob], rated=False)
    playing = table(store, [ann, bob], status="playing", finished=False)
    assert pending(store) == []
    for made in (abandoned, casual, playing):
        assert rate_table(store, made) is False
        assert store.tables.find(made).rated_at is None  # type: ignore[union-attr]
    assert store.ratings.of_account(ann) == []


def test_a_computer_seat_is_rated_as_its_levels_account(store: Store) -> None:
    (ann,) = accounts(store, 1)
    made = table(store, [ann, "heuristic"])
    assert rate_table(store, made) is True
    level = store.ratings.computer_account("heuristic")
    board = store.ratings.leaderboard(GAME)
    assert {row.account for row in board} == {ann, level}
    assert store.ratings.computers()[level] == "heuristic"


def test_an_account_holding_two_seats_is_left_out(store: Store) -> None:
    ann, bob = accounts(store, 2)
    made = table(store, [ann, ann, bob])
    assert rate_table(store, made) is False  # one seat left to rate: nothing to rate
    assert store.ratings.of_account(ann) == [] and store.ratings.of_account(bob) == []
    assert store.tables.find(made).rated_at is not None  # type: ignore[union-attr]
    assert pending(store) == []


def test_an_over_table_whose_record_no_longer_replays_is_not_tried_again(store: Store) -> None:
    ann, bob = accounts(store, 2)
    table(store, [ann, bob], finished=False)  # "over", yet its game is not
    assert rate_pending(store) == []
    assert pending(store) == []
    assert store.ratings.of_account(ann) == []
