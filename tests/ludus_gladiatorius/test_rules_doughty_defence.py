"""Rulebook "Definitions: DD - Doughty Defense": +1 boosted and +1 Mighty Effort die to the
defence, extra shields carried over to the next defence, no attack this round (the whole round:
a gladiator whose face-down counter is Doughty Defence is never offered an attack)."""

from __future__ import annotations

from typing import Any

import pytest

from colosseum import Event, IllegalAction

from .helpers import (
    LION,
    MURMILLO,
    RETIARIUS,
    RULES,
    SHEETS,
    THRAEX,
    Position,
    apply_all,
    event,
    gladiator_view,
    kinds,
    notations,
    shields,
)


def _doughty(counter: str = "DD") -> Position:
    """The Thraex (seat 1) attacks the Murmillo (seat 0), which has `counter` face down."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, counter)
        .acting(THRAEX, order=[THRAEX, MURMILLO, RETIARIUS, LION])
    )


def _defence(events: list[Event]) -> dict[str, Any]:
    return event(events, "defence_roll").data


def _hits(events: list[Event]) -> int:
    return int(event(events, "attack_roll").data["hits"])


def test_doughty_defence_adds_a_boosted_and_a_mighty_effort_die() -> None:
    state = _doughty().build()
    state.apply("attack 1")
    events = state.apply("defend")
    used = event(events, "special_action").data
    assert used["gladiator"] == MURMILLO and used["action"] == "DD"
    extra = RULES["doughty_defence"]["extra_dice"]
    assert extra == ["boosted", "mighty"]
    assert _defence(events)["dice"] == SHEETS[MURMILLO]["dice"] + extra
    assert kinds(events).index("special_action") < kinds(events).index("attack_roll")


def test_doughty_defence_forbids_attacking_for_the_rest_of_the_round() -> None:
    state = _doughty().build()
    apply_all(state, ["attack 1", "defend", "end"])
    assert state.view(None)["active"] == MURMILLO
    assert gladiator_view(state.view(None), MURMILLO)["no_attack"] is True
    assert not any(a.startswith("attack") for a in notations(state)), "Thraex is adjacent"
    assert "move" in notations(state)


def _doughty_acting(counter: str = "DD") -> Position:
    """The Murmillo (seat 0), `counter` face down, acts first, next to the Thraex (seat 1)."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, counter)
        .acting(MURMILLO, order=[MURMILLO, THRAEX, RETIARIUS, LION])
    )


def test_doughty_defence_no_attack_even_before_it_is_used() -> None:
    """The book: with Doughty Defence "you may not attack any opponents this round" - the
    whole round, as the same words mean for Savage Attack. A gladiator whose face-down
    counter is Doughty Defence is offered no attack, even before it defends; with the blank
    the same gladiator could attack."""
    assert "attack 3" in notations(_doughty_acting("blank").build())
    state = _doughty_acting().build()
    assert notations(state) == ["move", "end"]
    with pytest.raises(IllegalAction):
        state.apply("attack 3")
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"


def test_doughty_defence_face_down_still_decides_after_moving() -> None:
    """Game Play 2 keeps the counter secret until used: after moving next to an opponent the
    Murmillo still gets his decision (only `end`), as a gladiator that could attack would, so
    the others cannot tell his counter from the round running on by itself."""
    state = _doughty_acting().at(thraex="i5").build()
    state.apply("move")
    state.apply("to h5")
    assert state.view(None)["active"] == MURMILLO
    assert state.current_player == 0
    assert notations(state) == ["end"]
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"


def test_doughty_defence_used_when_defending_after_its_own_activation() -> None:
    """Having not attacked, the Murmillo defends later in the round and its Doughty Defence
    is revealed then (Combat 4) and adds its dice."""
    state = _doughty_acting().build()
    state.apply("end")
    assert state.view(None)["active"] == THRAEX
    state.apply("attack 1")
    events = state.apply("defend")
    assert event(events, "special_action").data["action"] == "DD"
    assert _defence(events)["dice"] == SHEETS[MURMILLO]["dice"] + ["boosted", "mighty"]


def test_doughty_defence_is_not_used_without_a_defence() -> None:
    state = _doughty().build()
    state.apply("attack 1")
    events = state.apply("no-defence")
    assert "special_action" not in kinds(events)
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"


def test_doughty_defence_carries_extra_shields_over() -> None:
    found = _doughty().search(
        ["attack 1", "defend"], lambda s, ev: shields(_defence(ev)["final"]) > _hits(ev)
    )
    defence = _defence(found.events)
    extra = shields(defence["final"]) - _hits(found.events)
    assert defence["carried_out"] == extra > 0
    assert event(found.events, "wound").data["lost"] == 0
    assert gladiator_view(found.after.view(None), MURMILLO)["carried_shields"] == extra


def test_doughty_defence_without_extra_shields_carries_nothing() -> None:
    found = _doughty().search(
        ["attack 1", "defend"], lambda s, ev: shields(_defence(ev)["final"]) < _hits(ev)
    )
    assert _defence(found.events)["carried_out"] == 0


def test_doughty_defence_carried_shields_last_into_the_next_round() -> None:
    found = _doughty().search(
        ["attack 1", "defend"], lambda s, ev: shields(_defence(ev)["final"]) > _hits(ev)
    )
    state = found.after
    carried = gladiator_view(state.view(None), MURMILLO)["carried_shields"]
    round_number = state.view(None)["round"]
    while state.view(None)["round"] == round_number:
        state.apply("end" if "end" in notations(state) else notations(state)[0])
    assert gladiator_view(state.view(None), MURMILLO)["carried_shields"] == carried


def test_doughty_defence_carried_shields_block_at_the_next_defence() -> None:
    """Two shields carried from an earlier Doughty Defence; this defence is an ordinary one."""
    position = _doughty("blank").carry(MURMILLO, 2)
    for value in range(30):
        state = position.rng(value).build()
        state.apply("attack 1")
        events = state.apply("defend")
        defence = _defence(events)
        assert defence["carried_in"] == 2
        assert defence["blocks"] == shields(defence["final"]) + 2
        assert event(events, "wound").data["lost"] == max(0, _hits(events) - defence["blocks"])
        assert defence["carried_out"] == 0
        assert gladiator_view(state.view(None), MURMILLO)["carried_shields"] == 0


def test_doughty_defence_carried_shields_need_a_defence() -> None:
    """Carried shields are used when defending: taking the blow undefended keeps them."""
    state = _doughty("blank").carry(MURMILLO, 2).build()
    state.apply("attack 1")
    events = state.apply("no-defence")
    assert event(events, "wound").data["lost"] == _hits(events)
    assert gladiator_view(state.view(None), MURMILLO)["carried_shields"] == 2
