"""A facing may be typed in full: "north" for Jugula's "n" (`State.notation_words`)."""

from __future__ import annotations

import pytest

import colosseum
from colosseum.core.errors import IllegalAction

FULL = {"n": "north", "e": "east", "s": "south", "w": "west"}


def test_a_deployment_typed_with_the_facing_in_full_is_the_same_action() -> None:
    state = colosseum.new_game("jugula", players=2, seed=1)
    notation = str(state.legal_actions()[0])
    head, facing = notation.rsplit(" ", 1)
    typed = state.clone()
    typed.apply(f"{head.upper()}  {FULL[facing].capitalize()}")
    state.apply(notation)
    assert typed.actions_played() == state.actions_played() == [notation]


def test_a_word_that_is_no_facing_is_still_refused_and_changes_nothing() -> None:
    state = colosseum.new_game("jugula", players=2, seed=1)
    head = str(state.legal_actions()[0]).rsplit(" ", 1)[0]
    with pytest.raises(IllegalAction):
        state.apply(f"{head} northwest")
    assert state.actions_played() == []
