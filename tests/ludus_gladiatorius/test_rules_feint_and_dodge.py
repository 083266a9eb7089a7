"""Rulebook "Definitions: F - Feint" (attack roll: re-roll the shields once) and
"D - Dodge" (defence roll: re-roll the swords once)."""

from __future__ import annotations

from typing import Any

from colosseum import Event, State

from .helpers import (
    DICE,
    LION,
    MURMILLO,
    RETIARIUS,
    THRAEX,
    Position,
    event,
    events_of,
    gladiator_view,
    kinds,
    shields,
    swords,
)


def _thraex_attacks(counter: str) -> Position:
    """The Thraex (seat 1) with `counter` face down attacks the Murmillo (seat 0)."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(THRAEX, counter)
        .acting(THRAEX, order=[THRAEX, MURMILLO, RETIARIUS, LION])
    )


def _murmillo_defends(counter: str) -> Position:
    """The Thraex attacks the Murmillo, which has `counter` face down and defends."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, counter)
        .acting(THRAEX, order=[THRAEX, MURMILLO, RETIARIUS, LION])
    )


def _roll(events: list[Event], kind: str) -> dict[str, Any]:
    return event(events, kind).data


def _shield_shown(state: State, events: list[Event]) -> bool:
    return shields(_roll(events, "attack_roll")["faces"]) > 0


def _sword_shown(state: State, events: list[Event]) -> bool:
    return swords(_roll(events, "defence_roll")["faces"]) > 0


# --- Feint ----------------------------------------------------------------------------------


def test_feint_rerolls_every_attack_die_showing_a_shield() -> None:
    found = _thraex_attacks("F").search(["attack 1", "no-defence"], _shield_shown)
    used = event(found.events, "special_action").data
    assert used["gladiator"] == THRAEX and used["action"] == "F"
    roll = _roll(found.events, "attack_roll")
    for first, final, die in zip(roll["faces"], roll["final"], roll["dice"], strict=True):
        if not first[1]:
            assert final == first, "a die without a shield is kept"
        assert final in DICE[die]
    assert roll["hits"] == swords(roll["final"])


def test_feint_rerolls_only_once() -> None:
    """A re-rolled die that shows a shield again stays a shield: no second re-roll."""
    found = _thraex_attacks("F").search(
        ["attack 1", "no-defence"],
        lambda s, ev: _shield_shown(s, ev) and shields(_roll(ev, "attack_roll")["final"]) > 0,
    )
    assert len(events_of(found.events, "special_action")) == 1
    roll = _roll(found.events, "attack_roll")
    assert roll["hits"] == swords(roll["final"])
    assert event(found.events, "wound").data["lost"] == roll["hits"]


def test_feint_is_revealed_when_the_attack_is_declared() -> None:
    """Combat 3: the attacker declares battle and reveals its special action, so the defender
    knows of the Feint before deciding whether to defend; every seat sees it."""
    state = _thraex_attacks("F").build()
    assert gladiator_view(state.view(0), THRAEX)["counter"] == "hidden"
    events = state.apply("attack 1")
    used = event(events, "special_action")
    assert used.data["action"] == "F" and used.visible_to is None
    assert kinds(events).index("attack") < kinds(events).index("special_action")
    assert state.view(None)["phase"] == "defend"
    for seat in (0, 1, None):
        assert gladiator_view(state.view(seat), THRAEX)["counter"] == "F"


def test_feint_with_no_shield_rolled_rerolls_nothing() -> None:
    """Revealed at the declaration, a Feint whose attack roll shows no shield re-rolls no die."""
    found = _thraex_attacks("F").search(
        ["attack 1", "no-defence"], lambda s, ev: not _shield_shown(s, ev)
    )
    assert event(found.events, "special_action").data["action"] == "F"
    roll = _roll(found.events, "attack_roll")
    assert roll["final"] == roll["faces"]
    assert gladiator_view(found.after.view(0), THRAEX)["counter"] == "F"


def test_feint_does_not_apply_to_a_defence_roll() -> None:
    """The Murmillo attacks the Thraex, whose Feint lies face down: its defence is not re-rolled."""
    position = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(THRAEX, "F")
        .acting(MURMILLO)
    )
    found = position.search(
        ["attack 3", "defend"], lambda s, ev: shields(_roll(ev, "defence_roll")["faces"]) > 0
    )
    assert "special_action" not in kinds(found.events)
    defence = _roll(found.events, "defence_roll")
    assert defence["final"] == defence["faces"]


# --- Dodge ----------------------------------------------------------------------------------


def test_dodge_rerolls_every_defence_die_showing_a_sword() -> None:
    found = _murmillo_defends("D").search(["attack 1", "defend"], _sword_shown)
    used = event(found.events, "special_action").data
    assert used["gladiator"] == MURMILLO and used["action"] == "D"
    defence = _roll(found.events, "defence_roll")
    for first, final, die in zip(defence["faces"], defence["final"], defence["dice"], strict=True):
        if not first[0]:
            assert final == first, "a die without a sword is kept"
        assert final in DICE[die]
    assert defence["blocks"] == shields(defence["final"])
    hits = _roll(found.events, "attack_roll")["hits"]
    assert event(found.events, "wound").data["lost"] == max(0, hits - defence["blocks"])


def test_dodge_rerolls_only_once() -> None:
    found = _murmillo_defends("D").search(
        ["attack 1", "defend"],
        lambda s, ev: _sword_shown(s, ev) and swords(_roll(ev, "defence_roll")["final"]) > 0,
    )
    assert len(events_of(found.events, "special_action")) == 1
    defence = _roll(found.events, "defence_roll")
    assert defence["blocks"] == shields(defence["final"])


def test_dodge_is_revealed_when_the_defender_defends() -> None:
    """Combat 4: the defender defends and reveals its special action, before any die is
    rolled, even if the defence roll then shows no sword to re-roll."""
    found = _murmillo_defends("D").search(
        ["attack 1", "defend"], lambda s, ev: not _sword_shown(s, ev)
    )
    names = kinds(found.events)
    assert names.index("defence") < names.index("special_action") < names.index("attack_roll")
    assert event(found.events, "special_action").visible_to is None
    defence = _roll(found.events, "defence_roll")
    assert defence["final"] == defence["faces"]
    assert gladiator_view(found.after.view(1), MURMILLO)["counter"] == "D"


def test_dodge_does_not_apply_to_an_attack_roll() -> None:
    position = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, "D")
        .acting(MURMILLO)
    )
    found = position.search(
        ["attack 3", "no-defence"], lambda s, ev: swords(_roll(ev, "attack_roll")["faces"]) > 0
    )
    assert "special_action" not in kinds(found.events)
    roll = _roll(found.events, "attack_roll")
    assert roll["final"] == roll["faces"]


def test_dodge_needs_a_defence() -> None:
    found = _murmillo_defends("D").search(
        ["attack 1", "no-defence"], lambda s, ev: _roll(ev, "attack_roll")["hits"] > 0
    )
    assert "special_action" not in kinds(found.events)
    assert "defence_roll" not in kinds(found.events)
