"""The SVG board of Ludus Gladiatorius: well-formed, every legal action clickable and nothing
else, drawn from the view only (no hidden counter leaks), text escaped, views merged."""

from __future__ import annotations

import copy
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import colosseum
from colosseum import State
from colosseum.games.ludus_gladiatorius.svg import _ROWS, merge_views, render_svg

GAME = "ludus-gladiatorius"
SVG = "{http://www.w3.org/2000/svg}"
OPTIONS = {"round_limit": 30}
# seeds whose random games see attacks and defences, the net lying and recovered, deaths
GAMES = [(2, 164), (3, 181), (5, 279)]
HANDLER = re.compile(r"\son[a-z]+=")


def _steps(players: int, seed: int, every: int = 1) -> Iterator[tuple[int, State, list[str]]]:
    """Every `every`-th state of a seeded random game, with its legal notations (the end too)."""
    state = colosseum.new_game(GAME, players=players, seed=seed, options=OPTIONS)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if step % every == 0:
            yield step, state, [str(action) for action in legal]
        state.apply(rng.choice(legal))
        step += 1
    yield step, state, []


def _parse(svg: str) -> ET.Element:
    """The SVG parsed: standalone, scalable, with no script, event handler or link."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") and root.get("width") is None
    assert "<script" not in svg and "href" not in svg and not HANDLER.search(svg)
    return root


def _clickable(root: ET.Element) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("data-action") is not None]


def _check_actions(root: ET.Element, legal: list[str]) -> None:
    """Every legal action on exactly one element; nothing else clickable; buttons say it."""
    shown: list[str] = []
    for element in _clickable(root):
        notations = element.get("data-action", "").split("|")
        shown += notations
        assert "action" in element.get("class", "").split()
        assert (element.get("tabindex"), element.get("role")) == ("0", "button")
        if "button" in element.get("class", "").split():
            assert notations[0] in "".join(element.itertext())
    assert sorted(shown) == sorted(legal)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_step_of_a_random_game(players: int, seed: int) -> None:
    """At every step the deciding seat can click every legal action and nothing else, and the
    spectator nothing; the boards parse, to the end and its winners."""
    for _, state, legal in _steps(players, seed):
        current = state.current_player
        if current is not None:
            _check_actions(_parse(render_svg(state.view(current), legal)), legal)
        spectator = render_svg(state.view(None))
        assert "data-action" not in spectator
    view = state.view(None)
    assert view["phase"] == "over" and view["winners"]
    text = "".join(_parse(spectator).itertext())
    assert "Game over: " + " and ".join(f"seat {seat}" for seat in view["winners"]) in text


def _check_discs(root: ET.Element, view: dict[str, Any]) -> None:
    """Each counter's disc shows "?" when the view hides it, else its face."""
    for entry in view["gladiators"]:
        if entry["hex"] is None or entry["counter"] is None:
            continue
        [token] = root.findall(f".//*[@data-gladiator='{entry['number']}']")
        [disc] = [g for g in token.iter() if "counter" in g.get("class", "").split()]
        face = {"hidden": "?", "blank": "–"}.get(entry["counter"], entry["counter"])
        assert "".join(disc.itertext()) == face


def test_every_seat_sees_only_its_view() -> None:
    """Every few steps, each seat's board: nothing clickable unless it is deciding, a face-down
    disc for each counter its view hides, and the very same SVG from a state resampled for it
    (other lanistas' counters redrawn): the board shows nothing the view hides."""
    resampled = 0
    for players, seed, every in ((3, 181, 6), (5, 279, 9)):
        for step, state, legal in _steps(players, seed, every):
            for seat in range(players):
                mine = legal if seat == state.current_player else []
                svg = render_svg(state.view(seat), mine)
                root = _parse(svg)
                _check_actions(root, mine)
                _check_discs(root, state.view(seat))
                if state.is_terminal():
                    continue
                other = state.determinize(seat, random.Random(step * 7 + seat))
                assert render_svg(other.view(seat), mine) == svg
                resampled += merge_views([other.view(s) for s in range(players)]) != merge_views(
                    [state.view(s) for s in range(players)]
                )
    assert resampled, "the resampled states never differed: the test would prove nothing"


def _mid_game(players: int, seed: int) -> State:
    """A state of round 2 or later where every gladiator standing has a counter down."""
    for _, state, _ in _steps(players, seed):
        view = state.view(None)
        if view["round"] >= 2 and view["phase"] == "act":
            return state
    raise AssertionError("the game never reached a second round")


def test_names_are_escaped() -> None:
    view: dict[str, Any] = copy.deepcopy(_mid_game(2, 51).view(0))
    nasty = "<script>alert(1)</script> & \"quotes\" 'too'"
    view["gladiators"][0]["name"] = nasty
    svg = render_svg(view)
    assert "<script" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    root = _parse(svg)
    assert nasty in "".join(root.itertext())


def test_merge_views_shows_each_counter_as_its_owner_sees_it() -> None:
    state = _mid_game(3, 61)
    views = [state.view(seat) for seat in range(3)]
    before = copy.deepcopy(views)
    merged = merge_views(views)
    assert views == before, "the seats' views are left as they were"
    assert merged["seat"] is None
    assert {k: v for k, v in merged.items() if k not in ("seat", "gladiators")} == {
        k: v for k, v in views[0].items() if k not in ("seat", "gladiators")
    }
    hidden = 0
    for entry in merged["gladiators"]:
        own = next(g for g in views[entry["owner"]]["gladiators"] if g["number"] == entry["number"])
        assert entry["counter"] == own["counter"] != "hidden"
        assert entry["specials_left"] == own["specials_left"]
        hidden += views[0]["gladiators"][merged["gladiators"].index(entry)]["counter"] == "hidden"
    assert hidden, "seat 0 could not see every counter"
    svg = render_svg(merged)
    assert "counter-hidden" not in svg and "face down" not in svg and "data-action" not in svg


def test_a_record_sheet_kept_is_drawn_again_when_it_changes() -> None:
    """Sheets are kept by what they show (`_ROWS`): a sheet that changed, even from 1 to
    True, is drawn anew, and a board drawn with nothing kept is the same text."""
    state = colosseum.new_game(GAME, players=2, seed=3, options=OPTIONS)
    view = state.view(0)
    view["gladiators"][1]["carried_shields"] = 1
    first = render_svg(view)
    changed = copy.deepcopy(view)
    changed["gladiators"][0]["life"] -= 1
    changed["gladiators"][1]["carried_shields"] = True  # equal to 1, written apart
    drawn = render_svg(changed)
    assert "+1 shields" in first and "+True shields" in drawn
    assert f"{view['gladiators'][0]['life'] - 1}/" in drawn
    _ROWS.clear()
    assert render_svg(changed) == drawn and render_svg(view) == first
