"""Rulebook "End of the Game" (and "Objective"): the first to 7 victory points wins at once;
the players may agree on another number of points (option `victory_points`)."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import RULES, Table, best_builders, combat_pair, event, fight, pos

A, D = combat_pair(0)


def _about_to_win(points: int, **options: object) -> colosseum.State:
    """Seat 0 has `points` and attacks with A; the top card makes A win without extras."""
    return (
        Table(**options)
        .gladiators(0, A, "tiro")
        .gladiators(1, D)
        .points(0, points)
        .points(1, 1)
        .coins(0, 4)
        .combat_top("impetus", "impetus_magnus")
        .build()
    )


def test_end_of_the_game_seven_points_win_at_once() -> None:
    assert RULES.victory_points == 7
    state = _about_to_win(6)
    events = fight(state, A)
    assert state.is_terminal()
    assert event(events, "game_over").data == {"winners": [0]}
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.current_player is None
    assert state.legal_actions() == []
    assert pos(state)["points"][0] == 7


def test_end_of_the_game_points_from_a_building_also_win() -> None:
    builders = best_builders()
    state = (
        Table()
        .gladiators(0, *builders)
        .gladiators(1, "tiro")
        .points(0, 6)
        .centre("tribunal")
        .build()
    )
    state.apply("build tribunal")
    for code in builders:
        if state.is_terminal():
            break
        state.apply(f"use {code}")
    assert state.is_terminal() and state.winners() == [0]


def test_end_of_the_game_not_before_seven() -> None:
    state = _about_to_win(5)
    fight(state, A)
    assert not state.is_terminal() and pos(state)["points"][0] == 6


@pytest.mark.parametrize("target", [3, 10])
def test_end_of_the_game_the_players_may_agree_on_another_number(target: int) -> None:
    if target > 7:
        state7 = _about_to_win(6, victory_points=target)
        fight(state7, A)
        assert not state7.is_terminal() and pos(state7)["points"][0] == 7
    state = _about_to_win(target - 1, victory_points=target)
    fight(state, A)
    assert state.is_terminal() and state.winners() == [0]


def test_end_of_the_game_the_option_is_listed_with_the_rulebook_default() -> None:
    info = colosseum.games()["ludi-gladiatorii"]
    spec = next(o for o in info.options if o.name == "victory_points")
    assert spec.default == 7
