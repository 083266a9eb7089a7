"""Round robins behind `colosseum tournament` (colosseum.sim.tournament): seats, seeds, Elo."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from colosseum.agents import InvalidAgent
from colosseum.core.errors import ColosseumError
from colosseum.core.registry import GameInfo, game_definition
from colosseum.sim import play_match
from colosseum.sim.tournament import (
    ELO_SCALE,
    TimedGame,
    Tournament,
    check_entrants,
    elo_intervals,
    fit_elo,
    pair_outcomes,
    play_timed,
    run_tournament,
    summarize_tournament,
)

THREE = ("random", "heuristic", "ismcts:iterations=5")


def test_every_pair_meets_and_each_agent_sits_in_each_seat_equally() -> None:
    plan = Tournament("ludus-gladiatorius", THREE, games=4, seed=1)
    assert plan.pairs() == [
        ("random", "heuristic"),
        ("random", "ismcts:iterations=5"),
        ("heuristic", "ismcts:iterations=5"),
    ]
    assert plan.total_games == 12
    seat_counts = Counter(
        (spec, seat) for i in range(plan.total_games) for seat, spec in enumerate(plan.seats(i))
    )
    assert set(seat_counts.values()) == {4}  # 3 agents x 2 seats, 2 opponents x 2 games each
    assert [plan.seats(i) for i in range(4)] == [
        ("random", "heuristic"),
        ("heuristic", "random"),
    ] * 2


def test_game_seeds_pair_up_rounds_and_follow_the_base_seed() -> None:
    plan = Tournament("ludus-gladiatorius", THREE, games=4, seed=1)
    seeds = [plan.game_seed(i) for i in range(plan.total_games)]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]  # a deal played from both sides
    assert len(set(seeds)) == 6
    other = Tournament("ludus-gladiatorius", THREE, games=4, seed=2)
    assert not set(seeds) & {other.game_seed(i) for i in range(other.total_games)}
    # A pair's games do not depend on who else takes part.
    alone = Tournament("ludus-gladiatorius", ("random", "heuristic"), games=4, seed=1)
    assert [alone.game_seed(i) for i in range(4)] == seeds[:4]


def test_timed_game_is_the_game_play_match_plays() -> None:
    timed = play_timed("ludus", ["heuristic", "random"], seed=11)
    plain = play_match("ludus", ["heuristic", "random"], seed=11)
    assert (timed.winners, timed.steps) == (plain.winners, plain.steps)
    assert sum(timed.decisions) == timed.steps
    assert all(count > 0 for count in timed.decisions)
    assert all(seconds >= 0 for seconds in timed.seconds)


def test_points_count_a_draw_half() -> None:
    def game(winners: tuple[int, ...]) -> TimedGame:
        return TimedGame(0, 0, ("a", "b"), winners, 2, (1, 1), (0.0, 0.0))

    assert game((1,)).points() == (0.0, 1.0)
    assert game((0, 1)).points() == (0.5, 0.5)
    assert game(()).points() == (0.5, 0.5)


def test_run_tournament_plays_every_game_in_order_with_progress() -> None:
    plan = Tournament("ludus-gladiatorius", ("random", "heuristic"), games=4, seed=5)
    advanced: list[int] = []
    results = run_tournament(plan, jobs=1, progress=advanced.append)
    assert [game.index for game in results] == [0, 1, 2, 3]
    assert sum(advanced) == 4
    assert [game.seats for game in results] == [plan.seats(i) for i in range(4)]
    assert Counter(game.seats[0] for game in results) == {"random": 2, "heuristic": 2}

    again = run_tournament(plan)  # the same games; only the timings differ
    assert [(g.seed, g.winners, g.decisions) for g in again] == [
        (g.seed, g.winners, g.decisions) for g in results
    ]


def _game(index: int, seats: tuple[str, str], winners: tuple[int, ...]) -> TimedGame:
    return TimedGame(index, index, seats, winners, 10, (5, 5), (0.5, 0.05))


def test_summary_of_synthetic_results() -> None:
    plan = Tournament("ludus-gladiatorius", ("a", "b"), games=4, seed=0)
    results = [
        _game(0, ("a", "b"), (0,)),  # a wins from seat 0
        _game(1, ("b", "a"), (1,)),  # a wins from seat 1
        _game(2, ("a", "b"), (0, 1)),  # shared
        _game(3, ("b", "a"), (0,)),  # b wins from seat 0
    ]
    assert pair_outcomes(plan, results) == {("a", "b"): [1.0, 1.0, 0.5, 0.0]}
    summary = summarize_tournament(plan, results, seconds=1.0, resamples=50)
    assert summary["win_rate"] == {"a": {"b": 0.625}, "b": {"a": 0.375}}
    assert summary["draws"] == 1
    assert summary["seat_win_rate"] == [0.625, 0.375]
    assert summary["decisions"] == {"a": 20, "b": 20}
    assert summary["seconds_per_decision"]["a"] == pytest.approx((0.5 + 0.05 + 0.5 + 0.05) / 20)
    assert summary["elo"]["a"] > 1500 > summary["elo"]["b"]


# --- Elo --------------------------------------------------------------------------------------

SYNTHETIC = {
    ("strong", "middle"): [1.0] * 8 + [0.0] * 2,
    ("strong", "weak"): [1.0] * 9 + [0.5],
    ("middle", "weak"): [1.0] * 7 + [0.0] * 3,
}
AGENTS = ("strong", "middle", "weak")


def test_a_dominant_agent_rates_higher_and_the_mean_is_1500() -> None:
    elo = fit_elo(AGENTS, SYNTHETIC)
    assert elo["strong"] > elo["middle"] > elo["weak"]
    assert sum(elo.values()) / 3 == pytest.approx(1500)


def test_equal_agents_rate_equal() -> None:
    even = {("a", "b"): [1.0, 0.0], ("a", "c"): [0.5, 0.5], ("b", "c"): [0.0, 1.0]}
    assert fit_elo("abc", even) == {
        "a": pytest.approx(1500),
        "b": pytest.approx(1500),
        "c": pytest.approx(1500),
    }


def test_two_agents_match_the_closed_form() -> None:
    # 8 of 10, plus the prior's one drawn game: odds 8.5 : 2.5.
    elo = fit_elo(("a", "b"), {("a", "b"): [1.0] * 8 + [0.0] * 2})
    assert elo["a"] - elo["b"] == pytest.approx(ELO_SCALE * math.log(8.5 / 2.5))
    assert elo["a"] + elo["b"] == pytest.approx(3000)


def test_the_maximum_likelihood_equations_hold() -> None:
    # At the optimum each agent's expected score (prior included) equals its actual score.
    elo = fit_elo(AGENTS, SYNTHETIC)
    for agent in AGENTS:
        expected = actual = 0.0
        for (first, second), points in SYNTHETIC.items():
            if agent not in (first, second):
                continue
            other = second if agent == first else first
            mine = sum(points) if agent == first else len(points) - sum(points)
            actual += mine + 0.5
            expected += (len(points) + 1) / (1 + 10 ** ((elo[other] - elo[agent]) / 400))
        assert expected == pytest.approx(actual)


def test_a_clean_sweep_stays_finite() -> None:
    elo = fit_elo(("a", "b"), {("a", "b"): [1.0] * 20})
    assert math.isfinite(elo["a"]) and elo["a"] > elo["b"]


def test_bootstrap_intervals_contain_the_estimate_and_are_reproducible() -> None:
    elo = fit_elo(AGENTS, SYNTHETIC)
    intervals = elo_intervals(AGENTS, SYNTHETIC, seed=3, resamples=300)
    for agent in AGENTS:
        low, high = intervals[agent]
        assert low < elo[agent] < high
    assert intervals == elo_intervals(AGENTS, SYNTHETIC, seed=3, resamples=300)
    assert intervals != elo_intervals(AGENTS, SYNTHETIC, seed=4, resamples=300)


def test_more_games_give_narrower_intervals() -> None:
    more = {pair: points * 10 for pair, points in SYNTHETIC.items()}
    few = elo_intervals(AGENTS, SYNTHETIC, seed=1, resamples=200)
    many = elo_intervals(AGENTS, more, seed=1, resamples=200)
    for agent in AGENTS:
        assert many[agent][1] - many[agent][0] < few[agent][1] - few[agent][0]


# --- bad input --------------------------------------------------------------------------------

LUDUS = game_definition("ludus").info


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (["random"], "at least two agents"),
        ([], "at least two agents"),
        (["random", "random"], "listed twice"),
        (["random", "wizard"], "unknown agent 'wizard'"),
        (["random", "human"], "human cannot sit"),
        (["random", "ismcts:depth=3"], "no parameter 'depth'"),
    ],
)
def test_bad_entrants_are_refused(agents: list[str], message: str) -> None:
    with pytest.raises(InvalidAgent, match=message):
        check_entrants(LUDUS, agents)


def test_only_two_player_games() -> None:
    with pytest.raises(ColosseumError, match="2-player games only"):
        check_entrants(LUDUS, ["random", "heuristic"], players=3)
    crowd = GameInfo("crowd", "Crowd", min_players=3, max_players=6, options=())
    with pytest.raises(ColosseumError, match="cannot hold 2-player"):
        check_entrants(crowd, ["random", "heuristic"])
