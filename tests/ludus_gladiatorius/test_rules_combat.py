"""Rulebook "Game Play 3b, Combat" 1-7: adjacent opponents only, one attack and one defence a
round, swords hit and shields block, zero life brings the Emperor's die and removal."""

from __future__ import annotations

import pytest

import colosseum

from .helpers import (
    DICE,
    LION,
    MURMILLO,
    RETIARIUS,
    SHEETS,
    THRAEX,
    Position,
    event,
    events_of,
    gladiator_view,
    kinds,
    neighbours,
    notations,
    shields,
    swords,
)


def _duel() -> Position:
    """Murmillo (seat 0) next to the Thraex (seat 1); the others far off. Murmillo acts."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .acting(MURMILLO, order=[MURMILLO, THRAEX, RETIARIUS, LION])
    )


def test_combat_2_only_adjacent_gladiators_can_be_attacked() -> None:
    # Thraex adjacent (h5), Lion two hexes away (i5)
    assert "h5" in neighbours("g5") and "i5" not in neighbours("g5")
    state = Position().at(murmillo="g5", thraex="h5", lion="i5", retiarius="a4").build()
    attacks = [a for a in notations(state) if a.startswith("attack")]
    assert attacks == ["attack 3"]
    with pytest.raises(colosseum.IllegalAction):
        state.apply("attack 5")


def test_combat_2_own_gladiators_cannot_be_attacked() -> None:
    state = Position().at(murmillo="g5", retiarius="h5", thraex="a4", lion="m6").build()
    assert not any(a.startswith("attack") for a in notations(state))
    with pytest.raises(colosseum.IllegalAction):
        state.apply("attack 2")


def test_combat_2_every_adjacent_opponent_is_a_target() -> None:
    state = Position().at(murmillo="g5", thraex="h5", lion="f5", retiarius="a4").build()
    assert {a for a in notations(state) if a.startswith("attack")} == {"attack 3", "attack 5"}


def test_combat_4_defending_is_the_defenders_choice() -> None:
    state = _duel().build()
    events = state.apply("attack 3")
    assert event(events, "attack").data == {"attacker": MURMILLO, "defender": THRAEX}
    assert "attack_roll" not in kinds(events)
    assert state.current_player == 1
    assert notations(state) == ["defend", "no-defence"]
    assert state.view(None)["pending_attack"]["defender"] == THRAEX


def test_combat_5_6_no_defence_takes_every_sword_as_a_hit() -> None:
    for value in range(40):
        state = _duel().rng(value).build()
        state.apply("attack 3")
        events = state.apply("no-defence")
        roll = event(events, "attack_roll").data
        assert roll["dice"] == SHEETS[MURMILLO]["dice"]
        assert "defence_roll" not in kinds(events)
        assert roll["hits"] == swords(roll["final"])
        wound = event(events, "wound").data
        assert wound["lost"] == min(SHEETS[THRAEX]["life"], roll["hits"])
        assert wound["life"] == SHEETS[THRAEX]["life"] - wound["lost"]


def test_combat_5_6_swords_hit_shields_block_remaining_hits_cost_life() -> None:
    seen_blocked = seen_wounded = False
    for value in range(80):
        state = _duel().rng(value).build()
        state.apply("attack 3")
        events = state.apply("defend")
        roll = event(events, "attack_roll").data
        defence = event(events, "defence_roll").data
        assert defence["dice"] == SHEETS[THRAEX]["dice"]
        for faces, dice in ((roll["faces"], roll["dice"]), (defence["faces"], defence["dice"])):
            assert all(face in DICE[die] for face, die in zip(faces, dice, strict=True))
        hits = swords(roll["final"])
        blocks = shields(defence["final"])
        assert roll["hits"] == hits and defence["blocks"] == blocks
        lost = event(events, "wound").data["lost"]
        assert lost == min(SHEETS[THRAEX]["life"], max(0, hits - blocks))
        seen_blocked |= hits > 0 and lost < hits
        seen_wounded |= lost > 0
        assert gladiator_view(state.view(None), THRAEX)["life"] == SHEETS[THRAEX]["life"] - lost
    assert seen_blocked and seen_wounded


def test_combat_6_life_never_drops_below_zero() -> None:
    found = (
        _duel()
        .life(THRAEX, 1)
        .search(
            ["attack 3", "no-defence"], lambda s, ev: event(ev, "attack_roll").data["hits"] >= 2
        )
    )
    wound = event(found.events, "wound").data
    assert wound == {"gladiator": THRAEX, "lost": 1, "life": 0}
    assert gladiator_view(found.after.view(None), THRAEX)["life"] == 0


def test_combat_1_one_attack_per_round() -> None:
    state = Position().at(murmillo="g5", thraex="h5", lion="f5", retiarius="a4").build()
    state.apply("attack 3")
    state.apply("no-defence")
    assert not any(a.startswith("attack") for a in notations(state))
    assert notations(state) == ["move", "end"]


def test_combat_1_one_defence_per_round() -> None:
    """The Thraex already defended this round: the next attack on it is resolved undefended."""
    state = _duel().flag("defended", THRAEX).build()
    events = state.apply("attack 3")
    assert state.view(None)["phase"] == "act"
    assert state.current_player == 0
    assert "defence_roll" not in kinds(events)
    assert event(events, "wound").data["lost"] == min(6, event(events, "attack_roll").data["hits"])


def test_combat_1_a_gladiator_may_both_defend_and_attack_in_a_round() -> None:
    state = _duel().build()
    state.apply("attack 3")
    state.apply("defend")
    state.apply("end")  # Murmillo ends; the Thraex (still standing, defended) acts
    if gladiator_view(state.view(None), THRAEX)["hex"] is None:
        pytest.skip("the Thraex fell")
    assert state.view(None)["active"] == THRAEX
    assert "attack 1" in notations(state)
    state.apply("attack 1")
    assert notations(state) == ["defend", "no-defence"]


def _knock_out(verdict: str) -> colosseum.State:
    found = (
        _duel()
        .life(THRAEX, 1)
        .search(
            ["attack 3", "no-defence"],
            lambda s, ev: (
                bool(events_of(ev, "emperor")) and event(ev, "emperor").data["verdict"] == verdict
            ),
        )
    )
    emperor = event(found.events, "emperor").data
    assert emperor["gladiator"] == THRAEX
    assert kinds(found.events).index("emperor") > kinds(found.events).index("wound")
    return found.after


@pytest.mark.parametrize("verdict", ["down", "up"])
def test_combat_7_zero_life_rolls_the_emperors_die_and_removes_the_gladiator(verdict: str) -> None:
    state = _knock_out(verdict)
    thraex = gladiator_view(state.view(None), THRAEX)
    assert thraex["life"] == 0
    assert thraex["hex"] is None
    assert not state.is_terminal()  # the Lion still stands for seat 1
    state.apply("end")  # Murmillo ends; the fallen Thraex's activation is skipped
    assert state.view(None)["active"] == RETIARIUS


def test_combat_7_a_removed_gladiator_frees_its_hex_and_cannot_be_attacked() -> None:
    state = _knock_out("up")
    assert "attack 3" not in notations(state)
    state.apply("move")
    assert "to h5" in notations(state)


def test_combat_7_gladiators_with_life_left_are_not_removed() -> None:
    found = _duel().search(
        ["attack 3", "no-defence"], lambda s, ev: 0 < event(ev, "attack_roll").data["hits"] < 6
    )
    assert "emperor" not in kinds(found.events)
    assert gladiator_view(found.after.view(None), THRAEX)["hex"] == "h5"


def test_combat_7_emperors_die_shows_both_verdicts_and_says_what_it_means() -> None:
    for verdict, fate in (("down", "finished off"), ("up", "spared")):
        found = (
            _duel()
            .life(THRAEX, 1)
            .search(
                ["attack 3", "no-defence"],
                lambda s, ev, v=verdict: any(
                    e.data["verdict"] == v for e in events_of(ev, "emperor")
                ),
            )
        )
        assert event(found.events, "emperor").data["fate"] == fate
