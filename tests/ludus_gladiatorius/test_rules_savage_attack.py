"""Rulebook "Definitions: SA - Savage Attack": +1 boosted and +1 Mighty Effort die to the attack;
no defence for the rest of the round; (engine) impossible once the gladiator has defended."""

from __future__ import annotations

from .helpers import (
    LION,
    MURMILLO,
    RETIARIUS,
    RULES,
    SHEETS,
    THRAEX,
    Position,
    event,
    events_of,
    gladiator_view,
    kinds,
)


def _savage() -> Position:
    """Murmillo (seat 0, Savage Attack face down) next to the Thraex and the Lion (seat 1)."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", lion="f5", retiarius="a4")
        .counter(MURMILLO, "SA")
        .acting(MURMILLO, order=[MURMILLO, LION, THRAEX, RETIARIUS])
    )


def test_savage_attack_adds_a_boosted_and_a_mighty_effort_die() -> None:
    state = _savage().build()
    events = state.apply("attack 3")
    used = event(events, "special_action").data
    assert used["gladiator"] == MURMILLO and used["action"] == "SA"
    events = state.apply("defend")
    roll = event(events, "attack_roll").data
    extra = RULES["savage_attack"]["extra_dice"]
    assert extra == ["boosted", "mighty"]
    assert roll["dice"] == SHEETS[MURMILLO]["dice"] + extra
    assert len(roll["faces"]) == len(SHEETS[MURMILLO]["dice"]) + 2


def test_savage_attack_is_revealed_when_declared() -> None:
    state = _savage().build()
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"
    state.apply("attack 3")
    for seat in (0, 1, None):
        assert gladiator_view(state.view(seat), MURMILLO)["counter"] == "SA"
    assert gladiator_view(state.view(1), MURMILLO)["no_defence"] is True


def test_savage_attack_forbids_defending_later_in_the_round() -> None:
    state = _savage().build()
    state.apply("attack 3")
    state.apply("defend")
    state.apply("end")
    assert state.view(None)["active"] == LION
    events = state.apply("attack 1")
    # no defence decision for the Murmillo: the attack is resolved at once
    assert state.current_player == 1
    assert state.view(None)["phase"] in ("act", "over")
    assert "attack_roll" in kinds(events)
    assert "defence_roll" not in kinds(events)
    assert not [e for e in events_of(events, "defence") if e.data["defends"]]


def test_savage_attack_is_impossible_after_defending() -> None:
    state = _savage().flag("defended", MURMILLO).build()
    events = state.apply("attack 3")
    assert "special_action" not in kinds(events)
    events = state.apply("no-defence")
    assert event(events, "attack_roll").data["dice"] == SHEETS[MURMILLO]["dice"]
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"
    own = gladiator_view(state.view(0), MURMILLO)
    assert own["counter"] == "SA" and own["counter_usable"] is False
    assert own["no_defence"] is False


def test_savage_attack_without_the_counter_is_an_ordinary_attack() -> None:
    state = _savage().counter(MURMILLO, "D").build()
    events = state.apply("attack 3")
    assert "special_action" not in kinds(events)
    events = state.apply("no-defence")
    assert event(events, "attack_roll").data["dice"] == SHEETS[MURMILLO]["dice"]
    assert gladiator_view(state.view(1), MURMILLO)["no_defence"] is False


def test_savage_attack_of_another_gladiator_adds_the_same_dice() -> None:
    """The Lion (seat 1) with Savage Attack face down attacks the Murmillo."""
    state = (
        Position()
        .at(murmillo="g5", lion="f5", thraex="a4", retiarius="m6")
        .counter(LION, "SA")
        .acting(LION, order=[LION, MURMILLO, THRAEX, RETIARIUS])
        .build()
    )
    state.apply("attack 1")
    events = state.apply("no-defence")
    assert event(events, "attack_roll").data["dice"] == SHEETS[LION]["dice"] + ["boosted", "mighty"]
