"""The pieces of the full-screen interface that need no screen: the word-by-word chooser, the
reading of what is typed, and the line mode's menu numbers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import colosseum
from colosseum.cli.tui.prompt import Command, Notation, Pick, Problem, interpret
from colosseum.cli.tui.steps import back, split_number, step, suggestion

from .conftest import Invoke

MOVES = ["stay", "to g5", "to g5 net", "to g6", *(f"to {c}{r}" for c in "abcd" for r in (1, 2, 3))]


def test_few_actions_are_offered_whole() -> None:
    current = step(["place blank", "place SA", "place F"], "")
    assert [c.text for c in current.choices] == ["place blank", "place SA", "place F"]
    assert all(c.complete for c in current.choices)


def test_many_actions_are_asked_word_by_word() -> None:
    legal = [str(a) for a in colosseum.new_game("jugula", players=2, seed=3).legal_actions()]
    first = step(legal, "")
    assert first.prefix == ("deploy",)  # the only kind: taken at once
    assert [c.text for c in first.choices][:2] == ["deploy murmillo ", "deploy sagittarius "]
    assert first.choices[0].count == 32 and not first.choices[0].complete
    squares = step(legal, "deploy murmillo ")
    assert {c.word for c in squares.choices} == {f"{f}1" for f in "abcdefgh"}
    facings = step(legal, "Deploy  MURMILLO d1 ")
    assert [c.text for c in facings.choices] == [f"deploy murmillo d1 {f}" for f in "nesw"]


def test_a_word_some_notations_end_with_and_others_continue() -> None:
    top = step(MOVES, "")
    assert [c.text for c in top.choices] == ["stay", "to "]
    after_to = step(MOVES, "to ")
    assert after_to.choices[0].text == "to g5 " and after_to.choices[0].count == 2
    assert [c.text for c in step(MOVES, "to g5 ").choices] == ["to g5", "to g5 net"]


def test_a_partial_word_filters_the_step() -> None:
    assert [c.text for c in step(MOVES, "to c").choices] == ["to c1", "to c2", "to c3"]
    assert step(MOVES, "attack").choices == ()


def test_back_a_word_and_completion() -> None:
    assert back("deploy murmillo d1 ") == "deploy murmillo "
    assert back("deploy murm") == "deploy "
    assert back("") == ""
    assert suggestion(MOVES, "to g") == "to g5"
    assert suggestion(MOVES, "TO G5 n") == "TO G5 net"
    assert suggestion(MOVES, "") is None and suggestion(MOVES, "attack") is None


def test_a_number_after_the_words_of_a_step() -> None:
    assert split_number(MOVES, "to 3") == ("to ", "3")
    assert split_number(MOVES, "to g5") == ("to g5", None)
    assert split_number(["bid 3", "pass"], "bid 3") == ("bid 3", None)  # notation, not a number


def test_what_is_typed() -> None:
    assert interpret("", 3) is None
    assert interpret(" HINT ", 3) == Command("hint")
    assert interpret("q", 3) == Command("quit")
    assert interpret("?", 3) == Command("help")
    assert interpret("2", 3) == Pick(1)
    assert interpret("²", 3) == Notation("²")
    assert isinstance(interpret("9" * 5000, 3), Problem)
    assert isinstance(interpret("0", 3), Problem)
    assert isinstance(interpret("1", 0), Problem)


@given(st.text(max_size=300))
def test_anything_typed_is_read_without_an_error(text: str) -> None:
    interpret(text, 5)
    step(MOVES, text)
    split_number(MOVES, text)
    back(text)
    suggestion(MOVES, text)


def test_line_mode_survives_odd_numbers(invoke: Invoke) -> None:
    """`²` and a 5,000-digit number at the line-by-line prompt: a message each, the game on."""
    args = ["play", "ludus", "-p", "human,random", "-s", "3", "--plain"]
    result = invoke(args, input="²\n" + "7" * 5000 + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not an action here" in result.stdout
    assert "No action numbered 777777777777… (5000 digits)" in result.stdout
    assert "Game left unfinished" in result.stdout
