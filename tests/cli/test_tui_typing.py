"""Issue 47, point 7: typing at the full-screen prompt. A bare target (`c8`) means the one
action ending with it; an entry the game refuses leaves the prompt empty (its message stays);
a word that begins several actions (`fight`, `deploy`) never picks the first: it narrows the
menu and asks."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from colosseum.cli.tui.play_app import PlayApp
from colosseum.cli.tui.steps import ending_with, narrowed

from .tui_helpers import advanced, can, new_state, region_text, run_app, settle, type_line

MOVES = ["stay", "to c4", "to a4", "to g5", "to g5 net", "attack 2", "attack 3"]


def test_point_7_actions_ending_with_the_words_typed() -> None:
    assert ending_with(MOVES, "c4") == ["to c4"]
    assert ending_with(MOVES, "C4 ") == ["to c4"]
    assert ending_with(MOVES, "g5") == ["to g5"]
    assert ending_with(MOVES, "net") == ["to g5 net"]
    assert ending_with(MOVES, "g5 net") == ["to g5 net"]
    assert ending_with(MOVES, "zz") == [] and ending_with(MOVES, "") == []
    assert ending_with(["fight tiro_1", "work tiro_1"], "tiro_1") == ["fight tiro_1", "work tiro_1"]


def test_point_7_the_menu_narrows_to_a_bare_target_as_it_is_typed() -> None:
    assert [c.text for c in narrowed(MOVES, "c").choices] == ["to c4"]
    assert [c.text for c in narrowed(MOVES, "g5 n").choices] == ["to g5 net"]
    # words that begin actions keep the menu of those: a bare target only when none does
    assert [c.text for c in narrowed(MOVES, "a").choices] == ["attack 2", "attack 3"]
    assert narrowed(MOVES, "2").choices == ()  # a number stays a menu number


def _target_once(state: Any) -> bool:
    """Ludus: seat 0 moves and some square is the target of exactly one `to` action."""
    if not can(0, "to")(state):
        return False
    legal = [str(a) for a in state.legal_actions()]
    return any(len(ending_with(legal, n.split()[1])) == 1 for n in legal if n.startswith("to "))


def test_point_7_bare_hex_means_move_there() -> None:
    chosen: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        legal = app.controller.legal()
        target = next(
            n.split()[1]
            for n in legal
            if n.startswith("to ") and len(ending_with(legal, n.split()[1])) == 1
        )
        chosen.append(f"to {target}")
        await type_line(pilot, app, target)

    state = advanced(new_state("ludus-gladiatorius"), _target_once)
    app = run_app(state, ["human", "random"], scenario)
    assert app.controller.steps and app.controller.steps[0].notation == chosen[0]


def test_point_7_a_bare_word_several_actions_end_with_asks_which() -> None:
    """Ludi: a gladiator's id ends `fight`, `work` and more: the menu lists those, none played."""
    seen: list[tuple[str, list[str]]] = []

    def several(state: Any) -> bool:
        if state.current_player != 0:
            return False
        legal = [str(a) for a in state.legal_actions()]
        return any(len(ending_with(legal, n.split()[-1])) >= 2 for n in legal if " " in n)

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        legal = app.controller.legal()
        word = next(
            n.split()[-1] for n in legal if " " in n and len(ending_with(legal, n.split()[-1])) >= 2
        )
        await type_line(pilot, app, word)
        seen.append((region_text(app, "#message"), [c.text for c in app.choices]))
        assert app.controller.steps == []
        assert app.query_one("#prompt").value.strip() == word  # type: ignore[attr-defined]
        await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot, app)
        assert (
            app.controller.steps and app.controller.steps[0].notation == ending_with(legal, word)[1]
        )

    state = advanced(new_state("ludi-gladiatorii"), several)
    run_app(state, ["human", "random"], scenario)
    message, choices = seen[0]
    assert len(choices) >= 2 and "choose" in message


def test_point_7_a_refused_entry_leaves_the_prompt_empty() -> None:
    seen: list[str] = []

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await type_line(pilot, app, "c9z")
        seen.append(region_text(app, "#message"))
        assert app.query_one("#prompt").value == ""  # type: ignore[attr-defined]
        await pilot.press("enter")  # the highlighted entry, not "c9z" again
        await settle(pilot, app)

    app = run_app(new_state("ludus-gladiatorius"), ["human", "random"], scenario)
    assert "'c9z'" in seen[0]
    assert app.controller.steps


def test_point_7_fight_asks_which_gladiator() -> None:
    seen: list[list[str]] = []

    def two_fights(state: Any) -> bool:
        fights = [a for a in state.legal_actions() if str(a).startswith("fight ")]
        return state.current_player == 0 and len(fights) >= 2

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await type_line(pilot, app, "fight")
        seen.append([c.text for c in app.choices])
        assert app.controller.steps == []
        assert app.query_one("#prompt").value == "fight "  # type: ignore[attr-defined]
        assert "choose" in region_text(app, "#message")

    state = advanced(new_state("ludi-gladiatorii"), two_fights)
    run_app(state, ["human", "random"], scenario)
    assert len(seen[0]) >= 2 and all(c.startswith("fight ") for c in seen[0])


def test_point_7_deploy_asks_which_gladiator() -> None:
    """Jugula: `deploy` then Enter offers the gladiators; it does not step into the first."""

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await type_line(pilot, app, "deploy")
        assert app.query_one("#prompt").value == "deploy "  # type: ignore[attr-defined]
        assert app.controller.steps == []
        await type_line(pilot, app, "dep")  # "deploy dep": nothing begins so
        assert app.controller.steps == []

    run_app(new_state("jugula"), ["human", "random"], scenario)


def test_a_unique_beginning_still_plays_its_action() -> None:
    """Ludus: `place` then the start of one counter's name: the one action it can be (as
    before point 7: only what could be several asks)."""

    async def scenario(pilot: Pilot[Any], app: PlayApp) -> None:
        await type_line(pilot, app, "place bla")

    app = run_app(new_state("ludus-gladiatorius"), ["human", "random"], scenario)
    assert app.controller.steps and app.controller.steps[0].notation == "place blank"
