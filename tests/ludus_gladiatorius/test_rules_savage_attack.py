"""Rulebook "Definitions: SA - Savage Attack": +1 boosted and +1 Mighty Effort die to the attack;
no defence against any attack this round, even attacks made before it is used (so a gladiator
whose face-down counter is Savage Attack is never offered a defence that round)."""

from __future__ import annotations

import pytest

from colosseum import IllegalAction

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
    notations,
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


def _savage_attacked_first() -> Position:
    """The Thraex (seat 1) acts first and attacks the Murmillo, whose Savage Attack lies face
    down; the Murmillo acts later in the round."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", lion="a4", retiarius="m6")
        .counter(MURMILLO, "SA")
        .acting(THRAEX, order=[THRAEX, MURMILLO, LION, RETIARIUS])
    )


def test_savage_attack_no_defence_even_against_attacks_before_using_it() -> None:
    """The book: a gladiator using Savage Attack may not defend against any attack this
    round, even those made before he uses it. Attacked before his own activation, the
    Murmillo with Savage Attack face down is offered no defence: only `no-defence`."""
    state = _savage_attacked_first().build()
    state.apply("attack 1")
    assert state.current_player == 0
    assert notations(state) == ["no-defence"]
    with pytest.raises(IllegalAction):
        state.apply("defend")
    events = state.apply("no-defence")
    assert "defence_roll" not in kinds(events)
    assert event(events, "wound").data["lost"] == event(events, "attack_roll").data["hits"]


def test_savage_attack_face_down_stays_hidden_when_it_forbids_a_defence() -> None:
    """Game Play 2: a counter's identity is not revealed until it is used, and the earlier
    attack is made "before using SA". The defence decision is still asked (as of anyone
    attacked), so the other seats see a lanista declining to defend, not the counter."""
    with_sa = _savage_attacked_first().build()
    with_blank = _savage_attacked_first().counter(MURMILLO, "blank").build()
    for state in (with_sa, with_blank):
        events = state.apply("attack 1")
        assert "special_action" not in kinds(events)
        assert state.view(None)["phase"] == "defend"
    assert with_sa.view(1) == with_blank.view(1)
    assert with_sa.view(None) == with_blank.view(None)
    with_sa.apply("no-defence")
    assert gladiator_view(with_sa.view(1), MURMILLO)["counter"] == "hidden"


def test_savage_attack_used_after_taking_an_earlier_blow_undefended() -> None:
    """The same round, the Murmillo attacks: his Savage Attack is revealed and adds its dice."""
    state = _savage_attacked_first().life(MURMILLO, 7).build()
    state.apply("attack 1")
    state.apply("no-defence")
    if state.is_terminal() or state.view(None)["active"] == THRAEX:
        state.apply("end")
    assert state.view(None)["active"] == MURMILLO
    events = state.apply("attack 3")
    assert event(events, "special_action").data["action"] == "SA"
    assert gladiator_view(state.view(1), MURMILLO)["no_defence"] is True
    events = state.apply("no-defence")
    assert event(events, "attack_roll").data["dice"] == SHEETS[MURMILLO]["dice"] + [
        "boosted",
        "mighty",
    ]


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
