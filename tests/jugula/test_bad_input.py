"""Bad input to a Jugula game gets a specific error and changes nothing: illegal or garbled
actions, broken positions, wrong options."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import colosseum
from colosseum.core.errors import IllegalAction, InvalidOption, InvalidRecord
from colosseum.games.jugula.state import JugulaState


def mid_game(seed: int = 3, steps: int = 40) -> JugulaState:
    state = colosseum.new_game("jugula", players=2, seed=seed)
    assert isinstance(state, JugulaState)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize(
    "notation",
    ["play virtus", "play nonsense move", "to z9 n z9n", "attack a1", "deploy", "", "card"],
)
def test_an_illegal_or_garbled_action_is_refused_and_changes_nothing(notation: str) -> None:
    state = mid_game()
    before = json.dumps(state.to_position(), sort_keys=True)
    with pytest.raises(IllegalAction):
        state.apply(notation)
    assert json.dumps(state.to_position(), sort_keys=True) == before


def test_a_move_with_a_forged_path_is_refused() -> None:
    """A destination is legal only with the path the engine computed for it."""
    state = colosseum.new_game(
        "jugula",
        players=2,
        seed=1,
        options={
            "familiae": "thraex,murmillo,veles,provocator/retiarius,secutor,hoplomachus,scissor"
        },
    )
    rng = random.Random(1)
    while not any(a.kind == "to" for a in state.legal_actions()):
        actions = state.legal_actions()
        moves = [a for a in actions if a.kind == "play" and a.args[1] == "move"]
        picks = [a for a in actions if a.kind == "move"]
        choice = (picks or moves or actions)[rng.randrange(len(picks or moves or actions))]
        state.apply(choice)
    legal = next(a for a in state.legal_actions() if a.kind == "to")
    forged = f"to {legal.args[0]} {legal.args[1]} a1n-{legal.args[0]}{legal.args[1]}"
    with pytest.raises(IllegalAction):
        state.apply(forged)


def test_a_position_with_a_card_in_two_places_is_refused() -> None:
    position = mid_game().to_position()
    position["discard"][0].append(position["hand"][0][0])
    with pytest.raises(InvalidRecord, match="exactly one place"):
        colosseum.from_position("jugula", position)


def test_a_position_missing_a_field_names_it() -> None:
    position = mid_game().to_position()
    del position["tasks"]
    with pytest.raises(InvalidRecord, match="tasks"):
        colosseum.from_position("jugula", position)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"familiae": "thraex,thraex,veles,murmillo/"}, "familiae"),
        ({"vox": "11,0"}, "vox"),
        ({"vox": "²,0"}, "vox"),  # str.isdigit() accepts it, int() does not
        ({"vox": "٣,0"}, "vox"),  # a digit int() would read as 3
        ({"vox": "-1,0"}, "vox"),
        ({"vox": "1,2,3"}, "vox"),
        ({"familiae": "thraex+att+att+att,murmillo,veles,secutor/"}, "familiae"),
        ({"familiae": "thraex+fast+dexter+aware,murmillo,veles,secutor/"}, "familiae"),
        ({"familiae": "thraex+brute,murmillo,veles,secutor/"}, "familiae"),
        ({"familiae": "thraex²,murmillo,veles,secutor/"}, "familiae"),
        ({"prima": "audacia+audacia/"}, "prima"),
        ({"prima": "/" * 5}, "prima"),
        ({"prima": "virtus/"}, "not a Prima Jugula card"),
        ({"turn_limit": -1}, "turn_limit"),
        ({"simple": "maybe"}, "simple"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_wrong_options_are_refused_with_the_option_named(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidOption, match=message):
        colosseum.new_game("jugula", players=2, seed=1, options=options)


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(["familiae", "vox", "prima"]),
    text=st.lists(
        st.sampled_from([*"0123456789²٣,/+ -", "thraex", "murmillo", "att", "fast", "paro"]),
        max_size=20,
    ).map("".join),
)
def test_the_option_parsers_refuse_anything_malformed_with_invalid_option(
    name: str, text: str
) -> None:
    """Options: whatever text is given for `familiae`, `vox` or `prima`, the game either starts
    or refuses it with InvalidOption naming the option, never another exception."""
    try:
        colosseum.new_game("jugula", players=2, seed=1, options={name: text})
    except InvalidOption as error:
        assert name in str(error) or "familiae" in str(error)
