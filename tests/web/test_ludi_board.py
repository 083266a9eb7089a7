"""The Ludi Gladiatorii SVG board: well formed, clickable only for legal actions, no secrets."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from colosseum.core.registry import game_definition, new_game
from colosseum.games.ludi_gladiatorii.render_cards import card_text
from colosseum.games.ludi_gladiatorii.svg import merge_views, render_svg

OPTION_SETS = [
    ({}, 2, 3),
    (
        {
            "public_favor": True,
            "champions": True,
            "building_draft": True,
            "decimatio_auctions": True,
            "wager_auctions": True,
        },
        3,
        3,
    ),
    (
        {
            "building_selection": True,
            "historiae": True,
            "combat_decision": True,
            "simultaneous_auctions": True,
        },
        4,
        1,
    ),
    (
        {
            "quintus_ludus": True,
            "magistri_arenae": True,
            "combat_reserve": True,
            "public_favor": True,
            "combat_decision": True,
            "historiae": True,
        },
        3,
        0,
    ),
]
ON_BOARD = ("play", "bid", "target", "fight", "defend", "offer", "build", "work", "use")
ACTION = re.compile(r'data-action="([^"]*)"')


def _states(options: dict[str, Any], players: int, seed: int) -> Iterator[Any]:
    """Every state of a random game, kept short by its few victory points."""
    state = new_game("ludi", players, seed=seed, options={**options, "victory_points": 3})
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


def _hidden_cards(state: Any, seat: int | None) -> list[str]:
    """The combat card codes in other seats' hands (read from the full state: test only)."""
    codes = [card.code for card in state.catalog.combat]
    return [codes[c] for p, hand in enumerate(state.hands) if p != seat for c in hand]


def _visible_cards(view: dict[str, Any]) -> set[str]:
    seen = set(view["centre"]["combat_discard"])
    seen |= {shown["card"] for shown in (view.get("combat") or {}).get("cards", [])}
    for lanista in view["lanistae"]:
        seen |= set(lanista.get("combat_hand_cards") or [])
    return seen


def _check_secrets(svg: str, state: Any, seat: int | None, view: dict[str, Any]) -> None:
    visible = _visible_cards(view)
    visible_words = {card_text(code).plain for code in visible}
    for code in _hidden_cards(state, seat):
        if code in visible:
            continue
        assert not re.search(rf"\b{code}\b", svg), f"seat {seat} sees {code}"
        words = card_text(code).plain
        if not any(words in seen for seen in visible_words):
            assert words not in svg, f"seat {seat} sees {words}"
    if state.auction is not None and state.options["simultaneous_auctions"]:
        for p, bid in enumerate(view["auction"]["bids"]):
            if p != seat and bid == "made":
                assert f"seat {p}: {bid}" not in svg


@pytest.mark.parametrize(("options", "players", "seed"), OPTION_SETS)
def test_every_state_and_seat_renders_safely(
    options: dict[str, Any], players: int, seed: int
) -> None:
    checked = 0
    shown = total = 0
    for state in _states(options, players, seed):
        legal_all = [str(a) for a in state.legal_actions()] if not state.is_terminal() else []
        for seat in [None, *range(players)]:
            legal = legal_all if seat == state.current_player else []
            view = state.view(seat)
            svg = render_svg(view, legal)
            root = ET.fromstring(svg)
            assert root.get("role") == "group" and root.get("aria-label")
            for element in root.iter():
                notations = element.get("data-action")
                if notations is not None:
                    assert set(notations.split("|")) <= set(legal), notations
            _check_secrets(svg, state, seat, view)
            if legal:
                drawn = {n for found in ACTION.findall(svg) for n in found.split("|")}
                common = [n for n in legal if n.split(" ")[0] in ON_BOARD]
                assert set(common) <= drawn, set(common) - drawn
                total += len(legal)
                shown += len(drawn)
            checked += 1
    assert checked > 50
    assert shown >= 0.8 * total


def test_merge_views_after_a_game_renders() -> None:
    options = {"combat_decision": True, "simultaneous_auctions": True, "historiae": True}
    *_, state = _states(options, 3, seed=11)
    assert state.is_terminal()
    views = [state.view(seat) for seat in range(3)]
    merged = merge_views(views)
    assert merged["seat"] is None
    for seat, lanista in enumerate(merged["lanistae"]):
        assert lanista["combat_hand_cards"] == views[seat]["lanistae"][seat]["combat_hand_cards"]
    root = ET.fromstring(render_svg(merged, ()))
    assert not [e for e in root.iter() if e.get("data-action")]
    assert "Game over" in ET.tostring(root, encoding="unicode")


def test_merge_views_mid_auction_shows_secret_bids() -> None:
    options = {"simultaneous_auctions": True}
    state = next(
        state
        for seed in range(20)
        for state in _states(options, 3, seed)
        if state.auction is not None and sum(1 for b in state.auction.bids if b >= 0) >= 2
    )
    merged = merge_views([state.view(seat) for seat in range(3)])
    assert "made" not in merged["auction"]["bids"]
    ET.fromstring(render_svg(merged, ()))


def test_registered_and_targets_on_the_rival_ludus() -> None:
    definition = game_definition("ludi-gladiatorii")
    assert definition.render_svg is render_svg and definition.merge_views is merge_views
    for state in _states({}, 3, seed=3):
        if state.is_terminal():
            pytest.skip("no combat target chosen in this game")
        legal = [str(a) for a in state.legal_actions()]
        targets = [n for n in legal if n.startswith("target ")]
        if targets and state.view(None)["phase"] == "fight_target":
            break
    root = ET.fromstring(render_svg(state.view(state.current_player), legal))
    ludi = [e for e in root.iter() if "ludus" in (e.get("class") or "") and e.get("data-action")]
    assert {n for e in ludi for n in e.get("data-action", "").split("|")} == set(targets)
