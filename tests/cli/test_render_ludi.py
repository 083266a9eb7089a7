"""The Ludi Gladiatorii renderer: drawn from a seat's view only, never showing what it hides."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Mapping

import pytest
from rich.console import Console

import colosseum
from colosseum.core.renderers import as_text, renderer_for
from colosseum.games.ludi_gladiatorii import render
from colosseum.games.ludi_gladiatorii.combat import scores as engine_scores
from colosseum.games.ludi_gladiatorii.options import OPTIONS
from colosseum.games.ludi_gladiatorii.state import LudiState

ALL_ON = {spec.name: True for spec in OPTIONS if spec.type is bool}
WIDTH = 100


def _text(renderable: object, width: int = WIDTH) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def _board(state: colosseum.State, seat: int | None, width: int = WIDTH) -> str:
    legal = [str(a) for a in state.legal_actions()] if not state.is_terminal() else []
    return _text(render.render_view(state.view(seat), state.options, legal), width)


def _positions(players: int, seed: int, options: Mapping[str, object]) -> Iterator[LudiState]:
    """Every position of a seeded random game, to its end."""
    state = colosseum.new_game("ludi", players=players, seed=seed, options=options)
    assert isinstance(state, LudiState)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        yield state


def _seat_panel(text: str, seat: int, viewer: int | None) -> str:
    """The lines of `seat`'s panel in a rendered board."""
    you = r" \(you\)" if seat == viewer else ""
    match = re.search(rf"╭─ seat {seat}{you}[ ·─].*?╰", text, re.S)
    assert match is not None, f"no panel for seat {seat}"
    return match.group(0)


def _check_board(state: LudiState, seat: int | None, text: str) -> None:
    """No line too wide; every lanista's coins and points shown in their own panel."""
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    target = int(state.options["victory_points"])
    for lanista in state.view(None)["lanistae"]:
        panel = _seat_panel(text, lanista["seat"], seat)
        assert f"Coins {lanista['coins']} " in panel
        assert f"{lanista['points']}/{target} VP" in panel


def _check_secrets(state: LudiState, seat: int | None, text: str) -> tuple[int, int]:
    """Other lanistae's combat hands never show, nor their secret bids; one's own do.
    Returns how many hidden hands and hidden bids were checked."""
    words = set(re.findall(r"[a-z][a-z0-9_]*", text))
    hands = bids = 0
    for p in range(state.num_players):
        codes = {state.catalog.combat[c].code for c in state.hands[p]}
        if p == seat:
            assert codes <= words
        else:
            assert not codes & words, f"seat {seat} sees seat {p}'s hand"
            hands += bool(codes)
    auction = state.auction
    if auction is None or auction.offered < 0 or not state.options["simultaneous_auctions"]:
        return hands, bids
    for p, bid in enumerate(auction.bids):
        if bid == -2:
            continue
        shown = re.search(rf"seat {p}(?: \(you\))?: ([^\n│]*)", text)
        assert shown is not None
        if p == seat:
            assert shown.group(1).startswith("passed" if bid == -1 else f"{bid} coin")
        else:
            assert shown.group(1).startswith("made"), shown.group(0)
            bids += 1
    return hands, bids


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 2)])
def test_views_of_a_random_game_with_everything_on(players: int, seed: int) -> None:
    """Views render at the first position of each phase and every 60 steps, for the seat
    deciding and a spectator (every seat now and then): coins and points of each lanista
    show; other hands never do."""
    seen_phases: set[str] = set()
    hands = 0
    for step, state in enumerate(_positions(players, seed, ALL_ON)):
        phase = state.view(None)["phase"]
        if phase in seen_phases and step % 60 and not state.is_terminal():
            continue
        seen_phases.add(phase)
        seats = range(players) if step % 120 == 0 else [state.current_player]
        for seat in [None, *seats]:
            text = _board(state, seat)
            _check_board(state, seat, text)
            hands += _check_secrets(state, seat, text)[0]
    assert {"main", "fight_defender", "combat_card", "over"} <= seen_phases
    assert hands > 0


def test_secret_bids_show_only_made() -> None:
    """Simultaneous auctions: a rival's bid or pass shows as "made" (one's own as it is); the
    bid events show the amount to the bidder only."""
    checked = 0
    options = {"simultaneous_auctions": True, "combat_decision": True}
    for state in _positions(4, 6, options):
        auction = state.auction
        if auction is None or state.view(None)["phase"] != "bid":
            continue
        seat = state.current_player
        bidders = [p for p, bid in enumerate(auction.bids) if bid != -2]
        for viewer in {None, seat, *bidders[:1]}:
            text = _board(state, viewer)
            _check_board(state, viewer, text)
            checked += _check_secrets(state, viewer, text)[1]
        if checked > 12:
            break
    assert checked > 0
    state = next(s for s in _positions(4, 6, options) if s.view(None)["phase"] == "bid")
    seat = state.current_player
    events = state.apply(state.legal_actions()[0])
    secret = next(e for e in events if e.kind == "bid_secret")
    made = next(e for e in events if e.kind == "bid_made")
    assert not secret.visible(None) and secret.visible(seat)
    own = as_text(render.describe_event(secret.to_json(), state.view(seat))).plain
    assert "your secret" in own
    public = as_text(render.describe_event(made.to_json(), state.view(None))).plain
    assert "secret bid" in public and not re.search(r"\d+ coin", public)


def test_events_and_actions_in_words_along_a_game() -> None:
    """Every event a seat may see and every legal action have words, none crash."""
    kinds: set[str] = set()
    state = colosseum.new_game("ludi", players=3, seed=4, options=ALL_ON)
    rng = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        for action in legal:
            words = as_text(render.describe_action(str(action), view)).plain
            assert words.startswith(str(action))
        action = rng.choice(legal)
        for event in state.apply(action):
            data = event.to_json()
            kinds.add(data["kind"])
            for viewer in (None, seat):
                if event.visible(viewer):
                    line = as_text(render.describe_event(data, state.view(viewer))).plain
                    # never the generic fallback, "kind: key=value, ..."
                    assert line and not line.startswith(f"{data['kind']}:"), line
    assert {"fight", "combat_result", "auction", "turn", "game_over"} <= kinds


def test_combat_scores_match_the_engine() -> None:
    """The scores worked out from the view are the engine's, at every step of every combat."""
    compared = 0
    for options in ({"public_favor": True, "combat_reserve": True}, ALL_ON):
        for state in _positions(4, 8, options):
            combat = state.view(None)["combat"]
            if combat and combat["defending_gladiator"]:
                assert render.combat_scores(state.view(None)) == engine_scores(state)
                compared += 1
                if combat["cards"] and compared % 10 == 1:
                    text = _board(state, None)
                    assert "Combat in progress" in text and "Score" in text
    assert compared > 20


def test_narrow_terminal_and_menu_order() -> None:
    state = next(s for s in _positions(2, 3, ALL_ON) if s.view(None)["phase"] == "main")
    text = _board(state, state.current_player, width=70)
    assert max(len(line) for line in text.splitlines()) <= 70
    notations = ["pass", "bid 10", "bid 3", "end", "work tiro_1", "fight gallus"]
    ordered = sorted(notations, key=render.action_order)
    assert ordered == ["fight gallus", "work tiro_1", "bid 3", "bid 10", "pass", "end"]


def test_registered_for_the_cli() -> None:
    renderer = renderer_for("ludi-gladiatorii")
    assert renderer.view is render.render_view
    assert renderer.event is render.describe_event
    assert renderer.action is render.describe_action
    assert renderer.order is render.action_order
