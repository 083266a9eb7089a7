"""Rulebook "Definitions: NA - Net Attack" and "Net Recovery": two standard dice, one hit
entangles; entangled: no move, attack or defence, counter forfeit, follow-up attack of 1 standard
+ 2 boosted dice undefended; failed: net stays on the board; recovery by a hit or by moving."""

from __future__ import annotations

from typing import Any

import pytest

import colosseum
from colosseum import Event

from .helpers import (
    DICE,
    LION,
    MURMILLO,
    RETIARIUS,
    RULES,
    SHEETS,
    STATUS,
    THRAEX,
    Position,
    apply_all,
    distances,
    event,
    events_of,
    gladiator_view,
    kinds,
    notations,
    reachable,
    swords,
)


def _net(counter: str = "NA") -> Position:
    """Retiarius (seat 0, g5, `counter` face down) next to the Thraex (seat 1, h5); the Murmillo
    (seat 0) also next to the Thraex, at i5. Order: Retiarius, Thraex, Murmillo, Lion."""
    return (
        Position()
        .at(retiarius="g5", thraex="h5", murmillo="i5", lion="a4")
        .counter(RETIARIUS, counter)
        .acting(RETIARIUS, order=[RETIARIUS, THRAEX, MURMILLO, LION])
    )


def _throw(events: list[Event]) -> dict[str, Any]:
    return event(events, "net_throw").data


def _caught(state: colosseum.State, events: list[Event]) -> bool:
    return bool(events_of(events, "net_throw")) and _throw(events)["entangled"]


def _missed(state: colosseum.State, events: list[Event]) -> bool:
    return bool(events_of(events, "net_throw")) and not _throw(events)["entangled"]


def test_net_attack_throws_two_standard_dice_and_one_hit_entangles() -> None:
    assert RULES["net_attack"]["throw_dice"] == ["standard", "standard"]
    assert RULES["net_attack"]["hits_needed"] == 1
    outcomes = set()
    for value in range(40):
        state = _net().rng(value).build()
        events = state.apply("attack 3")
        used = event(events, "special_action").data
        assert used["gladiator"] == RETIARIUS and used["action"] == "NA"
        throw = _throw(events)
        assert throw["retiarius"] == RETIARIUS and throw["target"] == THRAEX
        assert len(throw["faces"]) == 2
        assert all(face in DICE["standard"] for face in throw["faces"])
        assert throw["entangled"] == (swords(throw["faces"]) >= 1)
        assert state.view(None)["net"] == "h5", "the counter lies under the target"
        outcomes.add(throw["entangled"])
    assert outcomes == {True, False}


def test_net_attack_success_follow_up_attack_is_standard_plus_two_boosted_undefended() -> None:
    found = _net().search(["attack 3"], _caught)
    order = kinds(found.events)
    assert order.index("net_throw") < order.index("attack_roll") < order.index("wound")
    assert "defence_roll" not in order
    roll = event(found.events, "attack_roll").data
    assert (
        roll["dice"] == RULES["net_attack"]["follow_up_dice"] == ["standard", "boosted", "boosted"]
    )
    assert event(found.events, "wound").data["lost"] == roll["hits"]
    # resolved at once: no defence decision was offered to seat 1
    assert found.after.current_player == 0
    assert gladiator_view(found.after.view(None), THRAEX)["entangled"] is True


def test_net_attack_entangled_gladiator_forfeits_its_counter() -> None:
    found = _net().counter(THRAEX, "SA").search(["attack 3"], _caught)
    position = found.after.to_position()
    assert position["counter_status"][THRAEX - 1] == STATUS["spent"]
    assert gladiator_view(found.after.view(1), THRAEX)["counter_usable"] is False
    assert gladiator_view(found.after.view(0), THRAEX)["counter"] == "hidden"


def test_net_attack_entangled_gladiator_cannot_move_or_attack_this_round() -> None:
    found = _net().search(["attack 3"], _caught)
    state = found.after
    state.apply("end")  # the Retiarius ends; the Thraex (next in order) is skipped
    assert state.view(None)["active"] == MURMILLO
    assert state.current_player == 0


def test_net_attack_entangled_gladiator_cannot_defend_this_round() -> None:
    found = _net().search(["attack 3"], _caught)
    state = found.after
    state.apply("end")
    events = state.apply("attack 3")  # the Murmillo strikes the netted Thraex
    assert "attack_roll" in kinds(events)
    assert "defence_roll" not in kinds(events)
    assert state.current_player in (0, None)


def test_net_attack_entanglement_ends_with_the_round() -> None:
    found = _net().search(["attack 3"], _caught)
    state = found.after
    while state.view(None)["round"] == 1:
        state.apply("end" if "end" in notations(state) else notations(state)[0])
    assert gladiator_view(state.view(None), THRAEX)["entangled"] is False


def test_net_attack_failed_the_net_stays_and_the_attack_is_ordinary() -> None:
    found = _net().search(["attack 3"], _missed)
    state = found.after
    assert state.view(None)["net"] == "h5"
    assert gladiator_view(state.view(None), THRAEX)["entangled"] is False
    assert state.current_player == 1
    assert notations(state) == ["defend", "no-defence"]
    events = state.apply("defend")
    assert event(events, "attack_roll").data["dice"] == SHEETS[RETIARIUS]["dice"]
    assert "defence_roll" in kinds(events)
    assert state.view(None)["net"] == "h5"


def test_net_attack_needs_the_net_in_hand() -> None:
    state = _net().net("m6").build()
    events = state.apply("attack 3")
    assert "net_throw" not in kinds(events)
    assert "special_action" not in kinds(events)
    assert state.current_player == 1
    assert gladiator_view(state.view(1), RETIARIUS)["counter"] == "hidden"
    events = state.apply("no-defence")
    assert event(events, "attack_roll").data["dice"] == SHEETS[RETIARIUS]["dice"]


def test_net_attack_counter_is_hidden_until_thrown() -> None:
    state = _net().build()
    assert gladiator_view(state.view(1), RETIARIUS)["counter"] == "hidden"
    state.apply("attack 3")
    assert gladiator_view(state.view(1), RETIARIUS)["counter"] == "NA"


# --- Net Recovery ---------------------------------------------------------------------------


def _net_under_thraex() -> Position:
    return _net("blank").net("h5")


def test_net_recovery_by_a_hit_is_offered_against_the_opponent_on_the_net() -> None:
    state = _net_under_thraex().build()
    assert "attack 3 recover" in notations(state)
    assert "attack 3" in notations(state)
    # not against a gladiator elsewhere, and not while the net is held
    assert "attack 3 recover" not in notations(_net("blank").net("m6").build())
    assert "attack 3 recover" not in notations(_net("blank").build())


def test_net_recovery_by_a_hit_costs_one_hit() -> None:
    cost = RULES["net_attack"]["recover_hit_cost"]
    assert cost == 1
    found = _net_under_thraex().search(
        ["attack 3 recover", "no-defence"],
        lambda s, ev: event(ev, "attack_roll").data["hits"] >= 2,
    )
    hits = event(found.events, "attack_roll").data["hits"]
    assert event(found.events, "net_recovered").data == {"gladiator": RETIARIUS, "by": "hit"}
    assert found.after.view(None)["net"] == "held"
    assert event(found.events, "wound").data["lost"] == min(SHEETS[THRAEX]["life"], hits - 1)


def test_net_recovery_hit_is_taken_before_the_defence_roll() -> None:
    for value in range(40):
        state = _net_under_thraex().rng(value).build()
        events = apply_all(state, ["attack 3 recover", "defend"])
        hits = event(events, "attack_roll").data["hits"]
        if hits == 0:
            continue
        assert kinds(events).index("net_recovered") < kinds(events).index("defence_roll")
        blocks = event(events, "defence_roll").data["blocks"]
        assert event(events, "wound").data["lost"] == max(0, hits - 1 - blocks)


def test_net_recovery_by_a_hit_fails_without_a_hit() -> None:
    found = _net_under_thraex().search(
        ["attack 3 recover", "no-defence"], lambda s, ev: event(ev, "attack_roll").data["hits"] == 0
    )
    assert "net_recovered" not in kinds(found.events)
    assert found.after.view(None)["net"] == "h5"


def test_net_recovery_an_ordinary_attack_leaves_the_net() -> None:
    found = _net_under_thraex().search(
        ["attack 3", "no-defence"], lambda s, ev: event(ev, "attack_roll").data["hits"] >= 1
    )
    assert "net_recovered" not in kinds(found.events)
    assert found.after.view(None)["net"] == "h5"
    assert (
        event(found.events, "wound").data["lost"] == event(found.events, "attack_roll").data["hits"]
    )


def _net_on_sand(net_hex: str) -> Position:
    return (
        Position()
        .at(retiarius="g5", thraex="d9", murmillo="a4", lion="m6")
        .counter(RETIARIUS, "blank")
        .net(net_hex)
        .acting(RETIARIUS, order=[RETIARIUS, THRAEX, MURMILLO, LION])
    )


@pytest.mark.parametrize("rng", range(4))
def test_net_recovery_by_moving_costs_one_movement_point(rng: int) -> None:
    state = _net_on_sand("e5").rng(rng).build()
    allowance = event(state.apply("move"), "boost_roll").data["allowance"]
    blocked = {"d9", "a4", "m6"}
    to_net = distances("g5", blocked)["e5"]
    cost = RULES["net_attack"]["recover_move_cost"]
    assert cost == 1
    expected = reachable("e5", allowance - to_net - cost, blocked)
    with_net = {a.split()[1] for a in notations(state) if a.endswith(" net")}
    assert with_net == expected
    state.apply("to e5 net")
    assert state.view(None)["net"] == "held"


def test_net_recovery_by_moving_needs_the_extra_point() -> None:
    """A net exactly `allowance` hexes away can be reached but not picked up."""
    probe = _net_on_sand("g5").at(retiarius="b5").build()
    allowance = event(probe.apply("move"), "boost_roll").data["allowance"]
    blocked = {"d9", "a4", "m6"}
    far = next(h for h, d in sorted(distances("b5", blocked).items()) if d == allowance)
    state = _net_on_sand(far).at(retiarius="b5").build()  # same RNG: the same boost roll
    events = state.apply("move")
    assert event(events, "boost_roll").data["allowance"] == allowance
    assert f"to {far}" in notations(state)
    assert f"to {far} net" not in notations(state)
    events = state.apply(f"to {far}")
    assert "net_recovered" not in kinds(events)
    assert state.view(None)["net"] == far


def test_net_recovery_by_moving_reports_the_pick_up() -> None:
    state = _net_on_sand("f5").build()
    state.apply("move")
    events = state.apply("to e5 net")
    assert event(events, "net_recovered").data == {"gladiator": RETIARIUS, "by": "move"}
    assert event(events, "moved").data["to"] == "e5"
    assert state.view(None)["net"] == "held"


def test_net_recovery_no_other_gladiator_can_pick_up_the_net() -> None:
    state = (
        Position()
        .at(murmillo="g5", thraex="d9", retiarius="a4", lion="m6")
        .net("f5")
        .acting(MURMILLO)
        .build()
    )
    state.apply("move")
    assert not any(a.endswith(" net") for a in notations(state))
    events = state.apply("to f5")
    assert "net_recovered" not in kinds(events)
    assert state.view(None)["net"] == "f5"


def test_net_recovery_by_moving_is_impossible_onto_an_occupied_net() -> None:
    state = _net("blank").net("h5").build()
    state.apply("move")
    assert not any(a.endswith(" net") for a in notations(state))


def test_net_attack_again_after_recovering_the_net_by_moving() -> None:
    """Picked up on the way, the net can be thrown in the same activation."""
    state = (
        Position()
        .at(retiarius="e5", thraex="h5", murmillo="a4", lion="m6")
        .counter(RETIARIUS, "NA")
        .net("f5")
        .acting(RETIARIUS, order=[RETIARIUS, THRAEX, MURMILLO, LION])
        .build()
    )
    state.apply("move")
    state.apply("to g5 net")
    events = state.apply("attack 3")
    assert "net_throw" in kinds(events)
    assert event(events, "special_action").data["action"] == "NA"
