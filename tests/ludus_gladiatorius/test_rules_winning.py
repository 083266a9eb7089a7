"""Rulebook "Winning": the last standing gladiator (its lanista) wins; and the engine's
`round_limit` option, after which the most life standing wins."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    HOPLOMACHUS,
    LION,
    MURMILLO,
    RETIARIUS,
    THRAEX,
    Position,
    apply_all,
    event,
    events_of,
    kinds,
)


def _knockout(position: Position, attack: str) -> tuple[colosseum.State, list[colosseum.Event]]:
    found = position.search([attack, "no-defence"], lambda s, ev: bool(events_of(ev, "emperor")))
    return found.after, found.events


def test_winning_the_last_lanista_standing_wins() -> None:
    position = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion=None)
        .remove(LION)
        .life(THRAEX, 1)
        .acting(MURMILLO)
    )
    state, events = _knockout(position, "attack 3")
    assert event(events, "game_over").data == {"winners": [0]}
    assert kinds(events)[-1] == "game_over"
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.view(1)["winners"] == [0]
    assert state.view(None)["phase"] == "over"


def test_winning_both_gladiators_of_the_winner_may_still_stand() -> None:
    """With two players the winner's two gladiators both standing is still one winner."""
    position = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="f5", lion=None)
        .remove(LION)
        .life(THRAEX, 1)
        .acting(MURMILLO)
    )
    state, _ = _knockout(position, "attack 3")
    assert state.winners() == [0]


def test_winning_a_fallen_lanista_does_not_end_a_three_player_game() -> None:
    position = (
        Position(players=3, gladiators="1,3,4")
        .at(murmillo="g5", thraex="h5", hoplomachus="a4")
        .life(THRAEX, 1)
        .acting(MURMILLO)
    )
    state, events = _knockout(position, "attack 3")
    assert "game_over" not in kinds(events)
    assert not state.is_terminal()
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0]
    # the fallen seat never decides again
    while state.view(None)["round"] == 1:
        state.apply("end")
        assert state.current_player != 1
    assert THRAEX not in state.view(None)["order"]
    while state.view(None)["phase"] == "place":
        assert state.current_player != 1
        state.apply("place blank")


def test_winning_the_second_fall_in_a_three_player_game_ends_it() -> None:
    position = (
        Position(players=3, gladiators="1,3,4")
        .at(murmillo="g5", hoplomachus="h5", thraex=None)
        .remove(THRAEX)
        .life(HOPLOMACHUS, 1)
        .acting(MURMILLO)
    )
    state, _ = _knockout(position, "attack 4")
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_winning_round_limit_ends_the_game_after_that_round() -> None:
    state = colosseum.new_game(
        "ludus", players=2, seed=3, options={"gladiators": "1,2,3,5", "round_limit": 2}
    )
    ended = []
    while not state.is_terminal():
        actions = [str(a) for a in state.legal_actions()]
        events = state.apply("place blank" if "place blank" in actions else "end")
        ended += [e.data["round"] for e in events if e.kind == "round_end"]
    assert ended == [1, 2]
    # nobody fought: equal life totals? the winners are the seats with the most life
    view = state.view(None)
    totals = [0, 0]
    for entry in view["gladiators"]:
        totals[entry["owner"]] += entry["life"]
    best = max(totals)
    assert state.winners() == [s for s in (0, 1) if totals[s] == best]


def test_winning_round_limit_most_life_standing_wins() -> None:
    state = (
        Position(round_limit=3)
        .round(3)
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .life(THRAEX, 2)
        .acting(LION, order=[MURMILLO, THRAEX, RETIARIUS, LION])
        .build()
    )
    events = state.apply("end")
    assert kinds(events)[-1] == "game_over"
    assert state.winners() == [0]  # 7 + 6 against 2 + 6
    assert state.returns() == [1.0, 0.0]


def test_winning_round_limit_ties_share_the_win() -> None:
    state = (
        Position(round_limit=3)
        .round(3)
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .life(MURMILLO, 6)
        .acting(LION, order=[MURMILLO, THRAEX, RETIARIUS, LION])
        .build()
    )
    state.apply("end")
    assert state.winners() == [0, 1]  # 6 + 6 against 6 + 6
    assert state.returns() == [0.5, 0.5]


@pytest.mark.parametrize("limit", [1, 4])
def test_winning_round_limit_option_counts_rounds(limit: int) -> None:
    state = colosseum.new_game("ludus", players=5, seed=1, options={"round_limit": limit})
    while not state.is_terminal():
        actions = [str(a) for a in state.legal_actions()]
        apply_all(state, ["place blank" if "place blank" in actions else "end"])
    assert state.view(None)["round"] == limit
