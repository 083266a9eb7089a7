"""The store's ratings (store/ratings.py): a result taken in once (a second call, or a
second process racing, changes nothing), the history with each rating before and after,
a rebuild that reproduces the stored ratings exactly, the leaderboard without deleted or
disabled accounts, the computer levels' accounts; on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from colosseum.store import Store
from colosseum.store import rating_model as model
from colosseum.store.ratings import SeatResult
from colosseum.store.schema import rating_results, ratings

from .conftest import unique


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


def people(store: Store, count: int) -> list[int]:
    return [store.accounts.create(unique("p"), None).id for _ in range(count)]


def duel(winner: int, loser: int) -> list[SeatResult]:
    return [SeatResult(0, winner, 1), SeatResult(1, loser, 2)]


def stored(store: Store, accounts: list[int]) -> list[Any]:
    """The ratings rows and results of these accounts, exactly as stored."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(ratings)
            .where(ratings.c.account.in_(accounts))
            .order_by(ratings.c.account, ratings.c.game)
        ).all()
        results = connection.execute(
            select(rating_results)
            .where(rating_results.c.account.in_(accounts))
            .order_by(rating_results.c.id)
        ).all()
    return [tuple(row) for row in rows] + [tuple(row) for row in results]


def test_a_result_is_taken_in_once(store: Store) -> None:
    game, source = unique("game"), unique("calibration:g")
    ann, bob = people(store, 2)
    assert store.ratings.apply(source, game, duel(ann, bob)) is True
    before = stored(store, [ann, bob])
    assert store.ratings.apply(source, game, duel(bob, ann)) is False
    assert stored(store, [ann, bob]) == before
    won, lost = store.ratings.get(ann, game), store.ratings.get(bob, game)
    assert won is not None and lost is not None
    assert won.mu > model.initial().mu > lost.mu and won.games == lost.games == 1
    assert store.ratings.rated(source)
    (first,) = store.ratings.history(ann, game)
    assert (first.source, first.rank) == (source, 1)
    assert (first.mu_before, first.sigma_before) == (model.initial().mu, model.initial().sigma)
    assert (first.mu, first.sigma) == (won.mu, won.sigma)


def test_each_result_starts_from_the_rating_the_last_one_left(store: Store) -> None:
    game = unique("game")
    ann, bob, cat = people(store, 3)
    store.ratings.apply(unique("s"), game, duel(ann, bob))
    store.ratings.apply(
        unique("s"), game, [SeatResult(0, ann, 1), SeatResult(1, cat, 1), SeatResult(2, bob, 3)]
    )
    first, second = store.ratings.history(ann, game)
    assert (second.mu_before, second.sigma_before) == (first.mu, first.sigma)
    assert store.ratings.get(ann, game).games == 2  # type: ignore[union-attr]
    assert store.ratings.get(cat, game).games == 1  # type: ignore[union-attr]


def test_rebuild_reproduces_the_stored_ratings_exactly(store: Store) -> None:
    game, other = unique("game"), unique("game")
    accounts = people(store, 5)
    chance = random.Random(7)
    for number in range(40):
        seats = chance.sample(accounts, chance.randint(2, 5))
        ranks = [chance.randint(1, len(seats)) for _ in seats]
        results = [SeatResult(s, a, r) for s, (a, r) in enumerate(zip(seats, ranks, strict=True))]
        store.ratings.apply(unique(f"s{number}"), game if number % 3 else other, results)
    before = stored(store, accounts)
    assert store.ratings.rebuild() >= 40
    assert stored(store, accounts) == before


def test_rebuild_rewrites_ratings_that_drifted_from_the_results(store: Store) -> None:
    game = unique("game")
    ann, bob = people(store, 2)
    store.ratings.apply(unique("s"), game, duel(ann, bob))
    store.ratings.apply(unique("s"), game, duel(bob, ann))
    before = stored(store, [ann, bob])
    with store.engine.begin() as connection:
        connection.execute(
            ratings.update().where(ratings.c.account == ann).values(mu=99.0, games=7)
        )
        connection.execute(
            rating_results.update().where(rating_results.c.account == bob).values(mu=1.0)
        )
    store.ratings.rebuild()
    assert stored(store, [ann, bob]) == before


def test_a_result_that_is_not_one_is_refused_and_nothing_is_kept(store: Store) -> None:
    game = unique("game")
    ann, bob = people(store, 2)
    for results in (
        [SeatResult(0, ann, 1), SeatResult(0, bob, 2)],
        [SeatResult(0, ann, 1), SeatResult(1, ann, 2)],
        [SeatResult(0, ann, 0), SeatResult(1, bob, 2)],
    ):
        with pytest.raises(ValueError):
            store.ratings.apply(unique("s"), game, results)
    for source in ("", "s" * 81):
        with pytest.raises(ValueError, match="source"):
            store.ratings.apply(source, game, duel(ann, bob))
    assert store.ratings.get(ann, game) is None


def test_the_leaderboard_orders_by_displayed_rating_without_deleted_or_disabled(
    store: Store,
) -> None:
    game = unique("game")
    ann, bob, cat, dan = people(store, 4)
    for _ in range(3):
        store.ratings.apply(
            unique("s"),
            game,
            [
                SeatResult(0, ann, 1),
                SeatResult(1, bob, 2),
                SeatResult(2, cat, 3),
                SeatResult(3, dan, 4),
            ],
        )
    board = store.ratings.leaderboard(game)
    assert [row.account for row in board] == [ann, bob, cat, dan]
    shown = [model.shown(row.rating) for row in board]
    assert shown == sorted(shown, reverse=True)
    store.accounts.delete(bob)
    store.accounts.set_disabled(cat, True)
    assert [row.account for row in store.ratings.leaderboard(game)] == [ann, dan]
    assert [row.account for row in store.ratings.leaderboard(game, limit=1)] == [ann]
    assert [row.game for row in store.ratings.of_account(ann)] == [game]


def test_a_computer_level_has_one_account_made_on_first_use(store: Store) -> None:
    level = unique("lvl").replace(" ", "-")
    first = store.ratings.computer_account(level)
    assert store.ratings.computer_account(level.upper()) == first
    account = store.accounts.get(first)
    assert account is not None and account.name == f"Computer ({level})"
    assert store.accounts.password_hash(first) is None
    assert store.ratings.computers()[first] == level
    with pytest.raises(ValueError):
        store.ratings.computer_account("x" * 29)


def test_a_computer_level_named_like_a_person_gets_a_number(store: Store) -> None:
    level = unique("lvl").replace(" ", "-")
    store.accounts.create(f"Computer ({level})", None)
    made = store.accounts.get(store.ratings.computer_account(level))
    assert made is not None and made.name == f"Computer ({level}) 2"


def test_racing_appliers_rate_a_source_once(url: str, tmp_path: Path) -> None:
    """Eight threads on two stores (two connection pools, as two processes) apply the same
    result at once, and other results of the same new accounts (seated in crossing orders):
    each source is rated once, every count adds up, and a rebuild reproduces the ratings."""
    stores = [Store(url), Store(url)]
    game = unique("game")
    accounts = people(stores[0], 4)
    shared = unique("table")
    start = threading.Barrier(8)
    outcomes: list[bool] = []
    failures: list[BaseException] = []
    guard = threading.Lock()

    def applier(number: int) -> None:
        store = stores[number % 2]
        try:
            start.wait()
            won = store.ratings.apply(shared, game, duel(accounts[0], accounts[1]))
            trio = [accounts[(number + k) % 4] for k in range(3)]
            if number % 2:  # seats in crossing orders of accounts: no deadlock either way
                trio.reverse()
            mine = [SeatResult(seat, account, seat + 1) for seat, account in enumerate(trio)]
            store.ratings.apply(f"{shared}:{number}", game, mine)
            with guard:
                outcomes.append(won)
        except BaseException as error:
            with guard:
                failures.append(error)

    threads = [threading.Thread(target=applier, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert not failures, failures
        assert sorted(outcomes) == [False] * 7 + [True]
        rows = {row.account: row for row in stores[0].ratings.leaderboard(game)}
        assert sum(row.games for row in rows.values()) == 2 + 8 * 3
        before = stored(stores[0], accounts)
        stores[0].ratings.rebuild()
        assert stored(stores[0], accounts) == before
    finally:
        for store in stores:
            store.close()
