"""Rulebook "Definitions: FS - Fast Speed": the Lion's move becomes 8 hexes (plus the boost)."""

from __future__ import annotations

from colosseum import State

from .helpers import (
    LION,
    MURMILLO,
    RETIARIUS,
    RULES,
    SHEETS,
    THRAEX,
    Position,
    event,
    gladiator_view,
    kinds,
    notations,
    reachable,
    swords,
)


def _lion(counter: str) -> Position:
    return (
        Position()
        .at(lion="g5", murmillo="a4", retiarius="m4", thraex="d9")
        .counter(LION, counter)
        .acting(LION, order=[LION, MURMILLO, RETIARIUS, THRAEX])
    )


def _destinations(state: State) -> set[str]:
    return {a.split()[1] for a in notations(state) if a.startswith("to ")}


def test_fast_speed_moves_the_lion_up_to_eight_hexes() -> None:
    assert RULES["fast_speed"]["movement"] == 8
    for value in range(12):
        state = _lion("FS").rng(value).build()
        events = state.apply("move")
        used = event(events, "special_action").data
        assert used["gladiator"] == LION and used["action"] == "FS"
        assert kinds(events).index("special_action") < kinds(events).index("boost_roll")
        boost = event(events, "boost_roll").data
        bonus = 1 if swords(boost["faces"]) >= 2 else 0
        assert boost["allowance"] == 8 + bonus
        blocked = {"a4", "m4", "d9"}
        assert _destinations(state) == reachable("g5", 8 + bonus, blocked) - {"g5"}


def test_fast_speed_with_two_swords_on_the_boost_die_gives_nine() -> None:
    found = _lion("FS").search(
        ["move"], lambda s, ev: swords(event(ev, "boost_roll").data["faces"]) >= 2
    )
    assert event(found.events, "boost_roll").data["allowance"] == 9


def test_fast_speed_is_revealed_when_the_lion_moves() -> None:
    state = _lion("FS").build()
    assert gladiator_view(state.view(0), LION)["counter"] == "hidden"
    state.apply("move")
    assert gladiator_view(state.view(0), LION)["counter"] == "FS"


def test_fast_speed_without_the_counter_the_lion_moves_its_sheet_allowance() -> None:
    for value in range(12):
        state = _lion("SA").rng(value).build()
        events = state.apply("move")
        assert "special_action" not in kinds(events)
        boost = event(events, "boost_roll").data
        bonus = 1 if swords(boost["faces"]) >= 2 else 0
        assert boost["allowance"] == SHEETS[LION]["movement"] + bonus
        assert gladiator_view(state.view(0), LION)["counter"] == "hidden"


def test_fast_speed_is_not_used_by_an_attack() -> None:
    state = (
        Position()
        .at(lion="g5", murmillo="h5", retiarius="m4", thraex="d9")
        .counter(LION, "FS")
        .acting(LION, order=[LION, MURMILLO, RETIARIUS, THRAEX])
        .build()
    )
    events = state.apply("attack 1")
    assert "special_action" not in kinds(events)
    assert gladiator_view(state.view(0), LION)["counter"] == "hidden"
