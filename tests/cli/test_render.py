"""The Ludus renderer and the renderer registry: drawn from a seat's view, nothing more."""

from __future__ import annotations

import io
import random

from rich.console import Console

import colosseum
from colosseum.core.renderers import GENERIC, as_text, renderer_for
from colosseum.games.ludus_gladiatorius import render


def _text(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def _game() -> colosseum.State:
    return colosseum.new_game("ludus", players=2, seed=7, options={"gladiators": "1,2,3,5"})


def test_map_shows_hexes_gladiators_and_sheets() -> None:
    state = _game()
    text = _text(render.render_view(state.view(None), state.options))
    for name in ("d1", "a5", "m5", "j9"):
        assert name in text
    for gladiator in state.view(None)["gladiators"]:
        assert gladiator["name"] in text
        assert gladiator["hex"] not in text.split("Specials")[0]  # its hex shows its number
    assert "spectator" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_secret_counters_show_only_to_their_owner() -> None:
    state = _game()
    seat = state.current_player
    special = str(state.legal_actions()[-1])  # e.g. "place D"
    state.apply(special)
    code = special.split()[1]
    own = _text(render.render_view(state.view(seat), state.options))
    other = _text(render.render_view(state.view(1 - seat), state.options))
    spectator = _text(render.render_view(state.view(None), state.options))
    assert f"{code} ready" in own
    assert "face down" in other and "face down" in spectator
    assert f"{code} ready" not in other + spectator


def test_reachable_hexes_and_narrow_terminal() -> None:
    state = _game()
    rng = random.Random(1)
    while state.view(None)["phase"] != "move":
        legal = state.legal_actions()
        moves = [a for a in legal if a.kind == "move"]
        state.apply(moves[0] if moves else rng.choice(legal))
    legal = [str(action) for action in state.legal_actions()]
    assert render.reachable_hexes(legal) == {n.split()[1] for n in legal if n.startswith("to ")}
    seat = state.current_player
    text = _text(render.render_view(state.view(seat), state.options, legal), width=70)
    assert "reachable" in text
    assert "Movement" in text


def test_events_and_actions_in_words() -> None:
    state = _game()
    view = state.view(None)
    attack = {"kind": "attack", "data": {"attacker": 1, "defender": 3}, "visible_to": None}
    assert as_text(render.describe_event(attack, view)).plain == "1 Murmillo attacks 3 Thraex"
    unknown = {"kind": "odd", "data": {"x": 1}}
    assert as_text(render.describe_event(unknown, view)).plain == "odd: x=1"
    assert "Lion" in render.describe_action("attack 5", view).plain
    assert render.action_order("stay") < render.action_order("to a1") < render.action_order("to a2")


def test_registry_falls_back_to_json() -> None:
    assert renderer_for("no-such-game") is GENERIC
    text = _text(GENERIC.view({"seat": 1, "score": 3}, {}, ()))
    assert '"score": 3' in text
    assert "view of seat 1" in text
    ludus = renderer_for("ludus-gladiatorius")
    assert ludus.view is render.render_view
