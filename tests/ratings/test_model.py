"""The rating model (store/rating_model.py): OpenSkill's Plackett-Luce, each seat its own team,
ties by equal ranks; the displayed rating, its interval, provisional ratings; the numbers
from a validated data file."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.core.errors import DataError
from colosseum.ratings.results import ranks_of
from colosseum.store import rating_model as model
from colosseum.store.rating_model import Rating, initial, interval, rate, shown


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    winner, loser = rate([initial(), initial()], [1, 2])
    assert winner.mu > initial().mu > loser.mu
    assert winner.sigma < initial().sigma and loser.sigma < initial().sigma
    assert shown(winner) > shown(initial()) > shown(loser)


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Rating(30.0, 4.0), Rating(20.0, 4.0)
    me = Rating(25.0, 4.0)
    upset = rate([me, strong], [1, 2])[0].mu - me.mu
    expected = rate([me, weak], [1, 2])[0].mu - me.mu
    assert upset > expected > 0


def test_a_tie_between_equals_moves_no_mean_and_lowers_both_uncertainties() -> None:
    first, second = rate([initial(), initial()], [1, 1])
    assert first.mu == pytest.approx(initial().mu) and second.mu == pytest.approx(initial().mu)
    assert first.sigma < initial().sigma


def test_a_tie_with_a_stronger_player_raises_the_weaker() -> None:
    weak, strong = rate([Rating(20.0, 5.0), Rating(30.0, 5.0)], [1, 1])
    assert weak.mu > 20.0 and strong.mu < 30.0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_free_for_all_places_order_the_new_ratings(players: int) -> None:
    after = rate([initial()] * players, list(range(1, players + 1)))
    means = [r.mu for r in after]
    assert means == sorted(means, reverse=True)
    assert means[0] > initial().mu > means[-1]


def test_one_winner_and_tied_losers_as_the_games_give_them() -> None:
    ranks = ranks_of([0.0, 1.0, 0.0, 0.0])
    assert ranks == [2, 1, 2, 2]
    after = rate([initial()] * 4, ranks)
    assert after[1].mu > initial().mu
    assert after[0].mu == pytest.approx(after[2].mu) == pytest.approx(after[3].mu)
    assert ranks_of([0.5, 0.5, 0.0]) == [1, 1, 3]


def test_rating_is_deterministic() -> None:
    ratings = [Rating(27.1, 6.2), Rating(23.4, 7.9), Rating(25.0, 8.3)]
    assert rate(ratings, [2, 1, 3]) == rate(ratings, [2, 1, 3])


@pytest.mark.parametrize(
    ("ratings", "ranks"),
    [
        ([initial()], [1]),
        ([initial()] * 6, [1, 2, 3, 4, 5, 6]),
        ([initial()] * 2, [1]),
        ([initial()] * 2, [0, 1]),
    ],
)
def test_a_result_that_is_not_one_is_refused(ratings: list[Rating], ranks: list[int]) -> None:
    with pytest.raises(ValueError):
        rate(ratings, ranks)


def test_the_interval_holds_the_mean_and_narrows_with_games() -> None:
    start = initial()
    low, high = interval(start)
    middle = model.data().offset + model.data().scale * start.mu
    assert low < middle < high
    settled = Rating(start.mu, start.sigma / 3)
    assert interval(settled)[1] - interval(settled)[0] < high - low
    assert shown(settled) > shown(start)  # the same mean, surer: a higher cautious rating


def test_a_rating_is_provisional_for_its_first_games() -> None:
    assert model.provisional(0) and model.provisional(model.PROVISIONAL - 1)
    assert not model.provisional(model.PROVISIONAL)


def test_the_data_file_marks_openskills_own_numbers_as_stated() -> None:
    numbers = model.data()
    assert set(numbers.stated) == {"mu", "sigma", "beta", "tau", "kappa", "shown_z"}
    assert numbers.mu == 25.0 and numbers.sigma == pytest.approx(25 / 3)
    assert numbers.beta == pytest.approx(25 / 6) and numbers.tau == pytest.approx(25 / 300)


def test_a_broken_data_file_is_one_data_error(tmp_path: Path) -> None:
    broken = tmp_path / "ratings.toml"
    broken.write_text(model.DATA_FILE.read_text().replace("scale = 40.0", "scale = -1.0"))
    with pytest.raises(DataError, match="scale"):
        model.data(broken)
    unknown = tmp_path / "unknown.toml"
    unknown.write_text(model.DATA_FILE.read_text() + "\nextra = 1\n")
    with pytest.raises(DataError, match="extra"):
        model.data(unknown)
