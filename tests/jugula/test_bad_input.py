"""Bad input to a Jugula game gets a specific error and changes nothing: illegal or garbled
actions, broken positions, wrong options."""

from __future__ import annotations

import json
import random

import pytest

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
        ({"prima": "virtus/"}, "not a Prima Jugula card"),
        ({"turn_limit": 0}, "turn_limit"),
        ({"simple": "maybe"}, "simple"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_wrong_options_are_refused_with_the_option_named(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidOption, match=message):
        colosseum.new_game("jugula", players=2, seed=1, options=options)
