"""`state.seat_view(seat)`, the view a part at a time that the heuristic reads, gives the
view's own parts: at every state of random playouts, for every seat and a spectator, each
part of the `SeatView` equals the same part of `state.view(seat)`, asked in either order."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import colosseum
from colosseum.games.ludi_gladiatorii.data import load_catalog
from colosseum.games.ludi_gladiatorii.hidden import SeatView
from colosseum.games.ludi_gladiatorii.state import LudiState

from .helpers import ALL_OPTIONS, GAME

# the cap on rounds for random playouts (the rulebook has none: its game ends at the points)
ROUND_LIMIT = 30


def check_parts(parts: SeatView, view: dict[str, Any], lanista_first: bool) -> None:
    """Every part of `parts` against `view`; a lanista's entry asked before his gladiators
    (`lanista_first`) or after them, since the entry holds the same list."""
    assert parts.seat == view["seat"]
    assert parts.players == view["players"] == len(view["lanistae"])
    assert parts.phase == view["phase"]
    for p, lanista in enumerate(view["lanistae"]):
        if lanista_first:
            assert parts.lanista(p) == lanista
            assert parts.gladiators(p) == lanista["gladiators"]
        else:
            assert parts.gladiators(p) == lanista["gladiators"]
            assert parts.lanista(p) == lanista
    assert parts.combat() == view["combat"]
    assert parts.auction() == view["auction"]
    assert parts.job() == view["job"]


def playout(seed: int, players: int, options: dict[str, bool]) -> Counter[str]:
    """A random game, every part checked at each state; what the states held, counted."""
    options = {"round_limit": ROUND_LIMIT, **options}
    state = colosseum.new_game(GAME, players=players, seed=seed, options=options)
    assert isinstance(state, LudiState)
    catalog = load_catalog(str(state.options["data"]))
    rnd = random.Random(seed * 31 + players)
    seen: Counter[str] = Counter()
    while True:
        for seat in [*range(players), None]:
            view = state.view(seat)
            for lanista_first in (True, False):
                parts = state.seat_view(seat)
                check_parts(parts, view, lanista_first)
                assert parts.catalog is catalog  # the printed cards alone, not the state's
            seen[view["phase"]] += 1
            seen.update(part for part in ("combat", "auction", "job") if view[part] is not None)
            if view["auction"] is not None and "made" in view["auction"]["bids"]:
                seen["secret bid"] += 1
            if any(p.get("combat_hand_cards") for p in view["lanistae"]):
                seen["own hand"] += 1
        if state.is_terminal():
            return seen
        actions = state.legal_actions()
        state.apply(actions[rnd.randrange(len(actions))])


# what the checked states must have held: every part the heuristic reads, and with every
# option the parts only they make (a draft, a hand of combat cards, secret bids, Public Favor)
WANTED = ("main", "job", "combat", "auction", "bid")
WANTED_WITH_OPTIONS = ("draft", "own hand", "secret bid", "favor_apply", "combat_card")


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (2, ALL_OPTIONS), (3, ALL_OPTIONS), (4, ALL_OPTIONS), (5, ALL_OPTIONS)],
    ids=["2-basic", "2-all", "3-all", "4-all", "5-all"],
)
def test_every_part_equals_the_views(players: int, options: dict[str, bool]) -> None:
    wanted = WANTED + (WANTED_WITH_OPTIONS if options else ())
    seen: Counter[str] = Counter()
    for seed in range(40):  # at least 3 games, more until every wanted part was seen
        seen += playout(seed * 101 + players, players, options)
        if seed >= 2 and all(seen[part] for part in wanted):
            break
    missing = [part for part in wanted if not seen[part]]
    assert not missing, f"no view with {missing} was checked"


def test_the_state_stays_inside() -> None:
    """No public attribute of a `SeatView` is the state, and none can be added."""
    state = colosseum.new_game(GAME, players=3, seed=1, options=ALL_OPTIONS)
    assert isinstance(state, LudiState)
    parts = state.seat_view(0)
    public = {name: getattr(parts, name) for name in dir(parts) if not name.startswith("_")}
    assert set(public) >= {"seat", "players", "phase", "catalog", "lanista", "gladiators"}
    assert not any(isinstance(value, LudiState) for value in public.values())
    assert not hasattr(parts, "__dict__"), "slotted: nothing else can be hung on it"
