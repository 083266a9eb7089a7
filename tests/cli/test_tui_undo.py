"""`undo`: the deciding human's last decision taken back (with the computers' after it) by
replaying the record without them; never across a die roll, a card draw or a reveal, for each
game; in hot seat never across another human's decision."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from colosseum.cli.tui.controller import GameController
from colosseum.cli.tui.play_app import PlayApp
from colosseum.core.state import State
from colosseum.core.undo import Step, UndoRefused, barrier

from .tui_helpers import advanced, can, new_state, run_app, screen_text, settle

# (game, options, a kind of action that tells nothing, one that rolls, draws or reveals)
CASES = [
    ("ludus-gladiatorius", {}, "place", "move"),
    ("ludi-gladiatorii", {"combat_decision": True}, "work", "buy-combat"),
    ("jugula", {}, "deploy", "play"),
]


def _first(state: State, kind: str, last_word: str | None = None) -> str:
    return next(
        str(a)
        for a in state.legal_actions()
        if str(a).split()[0] == kind and (last_word is None or str(a).split()[-1] == last_word)
    )


def _computers_play(control: GameController) -> None:
    while not control.state.is_terminal() and not control.human_to_decide():
        control.play(control.choose(control.state.clone()))


@pytest.mark.parametrize(("game", "options", "quiet", "telling"), CASES)
def test_undo_takes_back_a_decision_that_told_nothing(
    game: str, options: dict[str, Any], quiet: str, telling: str
) -> None:
    state = advanced(new_state(game, **options), can(0, quiet))
    control = GameController(state, ["human", "random"])
    before = state.record()
    control.play(_first(state, quiet))
    _computers_play(control)
    taken = control.undo()
    assert taken >= 1
    assert control.state.record() == before
    assert control.state.current_player == 0 and not control.steps


@pytest.mark.parametrize(("game", "options", "quiet", "telling"), CASES)
def test_undo_refuses_across_a_roll_a_draw_or_a_reveal(
    game: str, options: dict[str, Any], quiet: str, telling: str
) -> None:
    last = "draw" if game == "jugula" else None  # a card played for its Draw effect
    state = advanced(new_state(game, **options), can(0, telling, last))
    control = GameController(state, ["human", "random"])
    control.play(_first(state, telling, last))
    _computers_play(control)
    if control.state.is_terminal():
        pytest.skip("the game ended at once")
    record = control.state.record()
    with pytest.raises(UndoRefused, match="cannot undo past"):
        control.undo()
    assert control.state.record() == record


def test_the_barrier_reasons() -> None:
    """Dice move the state's generator; a drawn card is something the seat did not know."""
    state = advanced(new_state("ludus-gladiatorius"), can(0, "move"))
    before = state.clone()
    events = state.apply("move")
    rolled = Step(0, "move", before, state.clone(), tuple(events))
    assert barrier(rolled, 0) == "it rolled dice or drew from a shuffled pile"
    ludi = advanced(new_state("ludi-gladiatorii", combat_decision=True), can(0, "buy-combat"))
    before = ludi.clone()
    events = ludi.apply("buy-combat")
    drawn = Step(0, "buy-combat", before, ludi.clone(), tuple(events))
    assert barrier(drawn, 0) is not None  # the buyer saw the card
    assert barrier(drawn, 1) is None  # the rival only saw that a card was bought


def test_hot_seat_undo_stays_with_the_seat_that_decided() -> None:
    state = new_state("jugula")
    control = GameController(state, ["human", "human"])
    control.play(_first(state, "deploy"))
    assert control.undo() == 1  # seat 0 again, the deployment taken back
    while control.state.current_player == 0:
        control.play(_first(control.state, "deploy"))
    with pytest.raises(UndoRefused, match="no decision to take back"):
        control.undo()  # seat 1 has not decided yet; seat 0's decisions are not its own
    control.play(_first(control.state, "deploy"))
    control.undo()
    assert control.state.current_player == 1


def test_undo_and_its_refusal_on_screen() -> None:
    screens: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await pilot.press("f3")
        await settle(pilot, app)
        screens.append(screen_text(app))
        app.query_one("#prompt").value = "place blank"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("f3")
        await settle(pilot, app)
        screens.append(screen_text(app))
        app.query_one("#prompt").value = "undo"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)
        screens.append(screen_text(app))

    app = run_app(new_state("ludus-gladiatorius"), ["human", "random"], scenario)
    assert "undo: you have no decision to take back" in screens[0]
    assert "took back 2 actions" in screens[1]  # seat 0's counter and the computer's after it
    assert "undo: you have no decision to take back" in screens[2]
    assert app.controller.state.actions_played() == []


def test_undo_refused_on_screen_after_a_roll() -> None:
    screens: list[str] = []
    state = advanced(new_state("ludus-gladiatorius"), can(0, "move"))

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        app.query_one("#prompt").value = "move"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("f3")
        await settle(pilot, app)
        screens.append(screen_text(app))

    app = run_app(state, ["human", "random"], scenario)
    assert "undo: cannot undo past your last action: it rolled dice" in screens[0]
    assert app.controller.state.actions_played()[-1] == "move"
