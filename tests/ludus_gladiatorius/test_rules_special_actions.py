"""Rulebook "Special Actions" 1-3: a counter (special or blank) every round, crossed off when
placed even if unused, used when possible, and secret until used; Game Play 3b.3-4: the
attacker's special action revealed when it declares battle, the defender's when it defends."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import colosseum

from .helpers import (
    CODES,
    KIND,
    LION,
    MURMILLO,
    RETIARIUS,
    SHEETS,
    THRAEX,
    Position,
    apply_all,
    gladiator_view,
    notations,
)


def _round_of_placing() -> Position:
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .placing(MURMILLO, order=[MURMILLO, THRAEX, RETIARIUS, LION])
    )


def test_special_actions_1_every_standing_gladiator_places_a_counter_every_round() -> None:
    state = _round_of_placing().build()
    placed = apply_all(state, ["place SA", "place blank", "place blank", "place blank"])
    assert sum(1 for e in placed if e.kind == "counter_placed") == 4
    apply_all(state, ["end"] * 4)
    view = state.view(None)
    assert view["round"] == 2 and view["phase"] == "place"
    for _ in range(4):
        assert all(a.startswith("place ") for a in notations(state))
        state.apply("place blank")
    assert state.view(None)["phase"] == "act"


def test_special_actions_2_an_unused_special_is_still_crossed_off() -> None:
    state = _round_of_placing().build()
    apply_all(state, ["place SA", "place blank", "place blank", "place blank"])
    apply_all(state, ["end", "end", "end", "end"])  # nobody attacks: the SA is never used
    assert state.view(None)["round"] == 2
    own = gladiator_view(state.view(0), MURMILLO)
    assert own["specials_left"]["SA"] == SHEETS[MURMILLO]["specials"]["SA"] - 1
    assert own["face_down_counters_kept"] == 1
    other = gladiator_view(state.view(1), MURMILLO)
    assert other["face_down_counters_kept"] == 1
    assert "specials_left" not in other
    assert "place SA" in notations(state)  # the second Savage Attack of the sheet is left


def test_special_actions_2_a_special_is_used_as_soon_as_its_rule_applies() -> None:
    """No decision lies between declaring an attack and its Savage Attack: it is automatic."""
    state = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, "SA")
        .acting(MURMILLO)
        .build()
    )
    events = state.apply("attack 3")
    assert [e.data["action"] for e in events if e.kind == "special_action"] == ["SA"]
    assert notations(state) == ["defend", "no-defence"]


def test_special_actions_3_quantities_are_the_record_sheets() -> None:
    state = _round_of_placing().build()
    for seat, numbers in ((0, (MURMILLO, RETIARIUS)), (1, (THRAEX, LION))):
        for number in numbers:
            entry = gladiator_view(state.view(seat), number)
            assert entry["specials_on_sheet"] == SHEETS[number]["specials"]
            assert entry["specials_left"] == SHEETS[number]["specials"]


def test_special_actions_identity_is_hidden_until_used() -> None:
    """Another seat's view is the same whichever counter lies face down."""
    views = {}
    for code in ("blank", "SA", "DD", "D"):
        state = (
            Position()
            .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
            .counter(MURMILLO, code)
            .acting(THRAEX)
            .build()
        )
        views[code] = (state.view(1), state.view(None))
        assert gladiator_view(state.view(1), MURMILLO)["counter"] == "hidden"
        assert gladiator_view(state.view(0), MURMILLO)["counter"] == code
    first = views["blank"]
    assert all(v == first for v in views.values())


def test_special_actions_a_passed_moment_rules_the_kind_out_publicly() -> None:
    """The Murmillo attacks with a face-down Dodge: everyone learns it is no Savage Attack,
    so a determinized guess of seat 1 never makes it one."""
    state = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, "D")
        .acting(MURMILLO)
        .build()
    )
    state.apply("attack 3")
    mask = state.to_position()["counter_mask"][MURMILLO - 1]
    assert mask & (1 << KIND["SA"])
    guesses = Counter()
    for k in range(200):
        guess = state.determinize(1, random.Random(k)).to_position()["counter"][MURMILLO - 1]
        guesses[CODES[guess]] += 1
    assert "SA" not in guesses
    assert len(guesses) >= 2, "the guess really is resampled"


def test_special_actions_revealed_and_exhausted_kinds_are_never_guessed() -> None:
    """Both Savage Attacks of the Murmillo were used (face up) in earlier rounds."""
    state = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .left(MURMILLO, "SA", 0)
        .counter(MURMILLO, "DD")
        .acting(THRAEX)
        .build()
    )
    guesses = {
        CODES[state.determinize(1, random.Random(k)).to_position()["counter"][MURMILLO - 1]]
        for k in range(200)
    }
    assert "SA" not in guesses
    assert guesses <= {"blank", "DD", "D"}


def test_special_actions_own_counters_are_never_resampled() -> None:
    state = (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(MURMILLO, "DD")
        .counter(THRAEX, "F")
        .acting(THRAEX)
        .build()
    )
    for k in range(50):
        guess = state.determinize(0, random.Random(k)).to_position()
        assert guess["counter"][MURMILLO - 1] == KIND["DD"]
        assert guess["counter"][RETIARIUS - 1] == KIND["blank"]


# --- Game Play 3b.3-4: special actions revealed when declared ---------------------------------


def _thraex_attacks(counter: str, defender_counter: str = "blank") -> Position:
    """The Thraex (seat 1), `counter` face down, attacks the Murmillo (seat 0)."""
    return (
        Position()
        .at(murmillo="g5", thraex="h5", retiarius="a4", lion="m6")
        .counter(THRAEX, counter)
        .counter(MURMILLO, defender_counter)
        .acting(THRAEX, order=[THRAEX, MURMILLO, RETIARIUS, LION])
    )


def _guesses(state: colosseum.State, seat: int, number: int) -> set[str]:
    return {
        CODES[state.determinize(seat, random.Random(k)).to_position()["counter"][number - 1]]
        for k in range(150)
    }


@pytest.mark.parametrize("code", ["SA", "F"])
def test_game_play_3b3_the_attacker_reveals_its_special_action_when_declaring(code: str) -> None:
    """Combat 3: "Attacker declares battle and reveals any special action": the counter is
    turned face up by `attack`, before the defender decides, in an event every seat sees."""
    state = _thraex_attacks(code).build()
    events = state.apply("attack 1")
    used = [e for e in events if e.kind == "special_action"]
    assert [e.data["action"] for e in used] == [code]
    assert used[0].visible_to is None
    assert state.view(None)["phase"] == "defend" and state.current_player == 0
    for seat in (0, 1, None):
        assert gladiator_view(state.view(seat), THRAEX)["counter"] == code


@pytest.mark.parametrize("code", ["blank", "D"])
def test_game_play_3b3_an_attacker_without_an_attack_special_shows_nothing(code: str) -> None:
    """No attack special to reveal: the counter stays face down, and everyone learns only that
    it is none of those an attack would have revealed (nor a Doughty Defence, which forbids
    attacking), so no guess of seat 1 makes it one."""
    state = _thraex_attacks(code).build()
    events = state.apply("attack 1")
    assert "special_action" not in [e.kind for e in events]
    assert gladiator_view(state.view(0), THRAEX)["counter"] == "hidden"
    guesses = _guesses(state, 0, THRAEX)
    assert not guesses & {"SA", "F", "DD"}
    assert "blank" in guesses


@pytest.mark.parametrize("code", ["D", "DD"])
def test_game_play_3b4_the_defender_reveals_its_special_action_when_defending(code: str) -> None:
    """Combat 4: "Defender may defend ... Reveal special action": `defend` turns a Dodge or a
    Doughty Defence face up before any die is rolled."""
    state = _thraex_attacks("blank", code).build()
    state.apply("attack 1")
    events = state.apply("defend")
    kinds = [e.kind for e in events]
    assert kinds.index("special_action") < kinds.index("attack_roll")
    assert [e.data["action"] for e in events if e.kind == "special_action"] == [code]
    assert gladiator_view(state.view(1), MURMILLO)["counter"] == code


def test_game_play_3b4_defending_without_a_defence_special_rules_some_out() -> None:
    """A defence that reveals nothing shows the counter is no Dodge, no Doughty Defence and no
    Savage Attack (which forbids defending); declining to defend shows nothing."""
    position = _thraex_attacks("blank", "blank")
    declined = position.build()
    declined.apply("attack 1")
    declined.apply("no-defence")
    assert "SA" in _guesses(declined, 1, MURMILLO)
    defended = position.build()
    defended.apply("attack 1")
    defended.apply("defend")
    assert gladiator_view(defended.view(1), MURMILLO)["counter"] == "hidden"
    assert not _guesses(defended, 1, MURMILLO) & {"SA", "D", "DD"}
