"""The Jugula SVG board: well-formed for every state and seat, only legal actions on it, every
deployment and movement choice on the arena (never the long menu), no hidden card shown."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from colosseum.core.registry import new_game
from colosseum.games.jugula.svg import merge_views, render_svg

# (players, seed, options): a whole 2-player game, short 3- and 4-player games.
GAMES = [
    (2, 2, {}),
    (2, 2, {"familiae": "chosen", "turn_limit": 30}),
    (3, 2, {"turn_limit": 14}),
    (4, 3, {"turn_limit": 12}),
]
ON_ARENA = ("deploy", "to", "move", "push")


def _play(players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """Every state of a random game, the last one terminal."""
    state = new_game("jugula", players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(3000):
        yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    yield state


def _actions(root: ET.Element) -> list[str]:
    found = []
    for element in root.iter():
        if "data-action" in element.attrib:
            found += element.attrib["data-action"].split("|")
    return found


def _hidden_names(state: Any, seat: int | None, view: dict[str, Any]) -> set[str]:
    """Names of cards the seat must not see: other hands and every deck, unless the card is
    somewhere in the seat's own view (a discard pile, a known hand card, ...)."""
    cards = state.catalog.cards
    seen = json.dumps(view)
    hidden = set()
    for p in range(state.num_players):
        secret = list(state.deck[p]) + ([] if p == seat else list(state.hand[p]))
        hidden |= {cards[c].name for c in secret if f'"{cards[c].code}"' not in seen}
    return hidden


def _check(state: Any, seat: int | None) -> None:
    view = state.view(seat)
    deciding = seat is not None and not state.is_terminal() and state.current_player == seat
    legal = [str(a) for a in state.legal_actions()] if deciding else []
    svg = render_svg(view, legal)
    root = ET.fromstring(svg)
    assert root.get("role") == "group" and root.get("aria-label")
    actions = _actions(root)
    assert set(actions) <= set(legal), set(actions) - set(legal)
    arena = {n for n in legal if n.split()[0] in ON_ARENA}
    assert arena <= set(actions), arena - set(actions)
    visible = " ".join(root.itertext())
    for name in _hidden_names(state, seat, view):
        assert name not in visible, (name, seat)
    keys = {e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib}
    wanted = {
        k for e in root.iter() if "data-for" in e.attrib for k in e.attrib["data-for"].split()
    }
    assert wanted <= keys, wanted - keys


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_state_and_seat(players: int, seed: int, options: dict[str, Any]) -> None:
    count = 0
    for state in _play(players, seed, options):
        # The deciding seat and the spectator always; every seat at every third state.
        seats = range(players) if count % 3 == 0 else [state.current_player]
        for seat in {None, *seats}:
            _check(state, seat)
        count += 1
    assert count > 10


def test_merged_views_of_a_finished_game_render() -> None:
    *_, state = _play(2, 2, {})
    assert state.is_terminal()
    merged = merge_views([state.view(seat) for seat in range(2)])
    assert merged["seat"] is None
    assert all("hand" in lanista for lanista in merged["lanistae"])
    root = ET.fromstring(render_svg(merged, []))
    assert not _actions(root)


def test_several_armaturae_to_deploy_use_the_selection() -> None:
    for state in _play(2, 2, {}):
        legal = [str(a) for a in state.legal_actions()] if not state.is_terminal() else []
        if len({n.split()[1] for n in legal if n.startswith("deploy")}) > 1:
            root = ET.fromstring(render_svg(state.view(state.current_player), legal))
            selects = [e for e in root.iter() if e.get("data-select", "").startswith("d")]
            assert len(selects) > 1
            assert all(
                e.get("data-for") for e in root.iter() if "deploy" in e.get("data-action", "")
            )
            return
    pytest.fail("no state with several armaturae to deploy")
