"""Random playouts of Ludi Gladiatorii with the game's invariants checked after every step.

Default run: a few dozen playouts per option set (the basic game at 2-4 players, every
expansion + module + variant at 2-5, random subsets), well under a minute. With
COLOSSEUM_SOAK=1 the `soak` tests play hundreds more.

Checked after every step: decisions until the end and none after; conservation of the 36
coins, 25 points and 15 Public Favor tokens (0 without the module); every gladiator, building,
combat and event card in exactly one place; no negative counters; at most 5 buildings a ludus,
no name twice; termination within a bound. At many states: the view-leak property
`view(p) == determinize(p, rng).view(p)`, no face-down card, other hand or secret bid in
`view(p)`; and at the end: replay determinism and the position round trip.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import colosseum
from colosseum.games.ludi_gladiatorii.data import load_catalog
from colosseum.games.ludi_gladiatorii.setup import cards_in_play

from .helpers import ALL_OPTIONS, COIN_TOKENS, FAVOR_TOKENS, GAME, POINT_TOKENS, card_census

CATALOG = load_catalog()
G_CODE = [g.code for g in CATALOG.gladiators]
B_CODE = [b.code for b in CATALOG.buildings]
C_CODE = [c.code for c in CATALOG.combat]
E_CODE = [e.code for e in CATALOG.events]
BOOLEAN_OPTIONS = sorted(ALL_OPTIONS)
HIDDEN_OPTIONS = {
    "simultaneous_auctions": True,
    "combat_decision": True,
    "building_selection": True,
    "historiae": True,
}
# steps a lanista may take in one turn, generously (work, build, fight, favor, bids...)
STEPS_PER_TURN = 120
# the cap on rounds for random playouts (the rulebook has none: its game ends at the points)
ROUND_LIMIT = 60


@dataclass
class Playout:
    steps: int = 0
    leak_checks: int = 0
    resampled: int = 0
    events: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)


def expected_cards(state: colosseum.State) -> dict[str, list[int]]:
    options = state.to_position()["options"]
    in_play = cards_in_play(CATALOG, state.num_players, options)
    return {
        "gladiators": sorted(in_play["gladiators"]),
        "buildings": sorted(in_play["buildings"]),
        "combat": list(range(len(CATALOG.combat))),
        "events": sorted(in_play["events"]),
    }


def check_invariants(state: colosseum.State, expected: dict[str, list[int]]) -> dict[str, Any]:
    p = state.to_position()
    players = state.num_players
    # conservation of tokens
    assert sum(p["coins"]) + p["supply_coins"] == COIN_TOKENS, p["coins"]
    assert sum(p["points"]) + p["supply_points"] == POINT_TOKENS, p["points"]
    tokens = FAVOR_TOKENS if p["options"]["public_favor"] else 0
    assert sum(p["favor"]) + p["supply_favor"] == tokens
    owned = {g for cards in p["gladiators"] for g in cards}
    assert all(g in owned for g, on in enumerate(p["favor"]) if on), "tokens sit on gladiators"
    # no negative counters
    assert min(p["coins"]) >= 0 and min(p["points"]) >= 0
    assert min(p["supply_coins"], p["supply_points"], p["supply_favor"]) >= 0
    # every card in exactly one place
    assert card_census(p) == expected
    # buildings: 5 at most, no name twice
    for seat in range(players):
        names = [CATALOG.buildings[b].name for b in p["buildings"][seat]]
        assert len(names) <= 5, names
        assert len(set(names)) == len(names), names
        assert len(p["hands"][seat]) <= 3
    # champions are own gladiators
    for seat, champion in enumerate(p["champion"]):
        assert champion == -1 or champion in p["gladiators"][seat]
    # decisions until the end, none after
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == [] and state.current_player is None
        assert state.winners()
    else:
        assert legal, f"no legal action in phase {p['phase']}"
        assert state.current_player in range(players)
        assert state.winners() == []
        assert len({str(a) for a in legal}) == len(legal), "notations are unique"
    return p


def _strings(value: Any) -> set[str]:
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(item.keys())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def check_views(state: colosseum.State, position: dict[str, Any], k: int, stats: Playout) -> None:
    """The view-leak property for every seat, and nothing face down in any view."""
    players = state.num_players
    face_down = {G_CODE[g] for g in position["veteran_pile"]}
    face_down |= {C_CODE[c] for c in position["combat_pile"]}
    face_down |= {E_CODE[e] for e in position["event_pile"]}
    face_down |= {B_CODE[b] for b in position["building_deck"]}
    secret = position["auction"] is not None and position["options"]["simultaneous_auctions"]
    for seat in [*range(players), None]:
        view = state.view(seat)
        json.dumps(view)
        strings = _strings(view)
        assert not face_down & strings, face_down & strings
        for other in range(players):
            if other == seat:
                continue
            assert "combat_hand_cards" not in view["lanistae"][other]
            hand = {C_CODE[c] for c in position["hands"][other]}
            if seat is not None:
                mine = {C_CODE[c] for c in position["hands"][seat]}
                hand -= mine
            assert not hand & strings, "another lanista's combat cards"
            if secret and position["auction"]["bids"][other] != -2:
                assert view["auction"]["bids"][other] == "made"
    for seat in range(players):
        guess = state.determinize(seat, random.Random(k * 7 + seat))
        assert guess.view(seat) == state.view(seat)
        if state.current_player == seat:
            assert guess.legal_actions() == state.legal_actions()
        guessed = guess.to_position()
        if (guessed["veteran_pile"], guessed["combat_pile"]) != (
            position["veteran_pile"],
            position["combat_pile"],
        ):
            stats.resampled += 1
        stats.leak_checks += 1
        # the guess is a playable game that keeps the invariants
        check_invariants(guess, card_census(position))
        if not guess.is_terminal():
            guess.apply(guess.legal_actions()[0])
    assert state.to_position() == position, "determinize leaves the real state alone"


def playout(
    seed: int,
    players: int,
    options: dict[str, Any],
    leak_every: int = 5,
    round_trip_at: int | None = 40,
) -> Playout:
    options = {"round_limit": ROUND_LIMIT, **options}  # random play needs the cap to end
    state = colosseum.new_game(GAME, players=players, seed=seed, options=options)
    expected = expected_cards(state)
    limit = int(state.to_position()["options"]["round_limit"])
    bound = (limit + 1) * players * STEPS_PER_TURN
    rnd = random.Random(seed * 31 + players)
    stats = Playout()
    position = check_invariants(state, expected)
    while not state.is_terminal():
        assert stats.steps < bound, f"no end after {bound} actions"
        assert position["round"] <= limit
        actions = state.legal_actions()
        action = actions[rnd.randrange(len(actions))]
        stats.phases[position["phase"]] += 1
        events = state.apply(action)
        stats.events.update(e.kind for e in events)
        for e in events:
            json.dumps(e.to_json())
        stats.steps += 1
        position = check_invariants(state, expected)
        if leak_every and stats.steps % leak_every == 0:
            check_views(state, position, stats.steps, stats)
        if round_trip_at is not None and stats.steps == round_trip_at:
            check_round_trip(state, rnd)
    check_replay(state)
    return stats


def check_round_trip(state: colosseum.State, rnd: random.Random) -> None:
    """from_position(to_position()) is the same game: same position, same future."""
    position = state.to_position()
    copy = colosseum.from_position(GAME, json.loads(json.dumps(position)))
    assert copy.to_position() == position
    original = state.clone()
    for _ in range(30):
        if original.is_terminal():
            break
        assert [str(a) for a in copy.legal_actions()] == [str(a) for a in original.legal_actions()]
        actions = original.legal_actions()
        action = actions[rnd.randrange(len(actions))]
        original.apply(action)
        copy.apply(str(action))
        assert copy.to_position() == original.to_position()


def check_replay(state: colosseum.State) -> None:
    record = json.loads(json.dumps(state.record()))
    again = colosseum.replay(record)
    assert again.to_position() == state.to_position()
    assert again.winners() == state.winners()


def random_options(seed: int) -> tuple[int, dict[str, Any]]:
    rnd = random.Random(seed)
    options: dict[str, Any] = {name: True for name in BOOLEAN_OPTIONS if rnd.random() < 0.5}
    players = rnd.randint(2, 5)
    if rnd.random() < 0.3:
        options["victory_points"] = rnd.randint(3, 12)
    if rnd.random() < 0.3:
        options["round_limit"] = rnd.randint(2, 15)
    return players, options


# --- default run ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_basic_game_playouts_keep_every_invariant(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(8):
        seen.update(playout(seed * 101 + players, players, {}, leak_every=7).events)
    assert seen["game_over"] == 8
    for kind in ("fight", "combat_result", "auction", "building_in", "work"):
        assert seen[kind] > 0, kind


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_expansion_module_and_variant_playouts(players: int) -> None:
    seen: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    resampled = 0
    for seed in range(6):
        stats = playout(seed * 211 + players, players, dict(ALL_OPTIONS), leak_every=6)
        seen.update(stats.events)
        phases.update(stats.phases)
        resampled += stats.resampled
    assert seen["game_over"] == 6
    assert resampled > 0, "determinize really resamples the piles"
    for name in ("draft", "bid", "offer", "decimatio", "main"):
        if name != "offer":
            assert phases[name] > 0, name


@pytest.mark.parametrize("left_out", ["building_draft", "building_selection"])
@pytest.mark.parametrize("players", [2, 5])
def test_every_option_but_one_buildings_variant_playouts(players: int, left_out: str) -> None:
    """The two buildings variants apart, so that a fault of their combination does not hide
    the rest of the all-options game."""
    options = {name: value for name, value in ALL_OPTIONS.items() if name != left_out}
    for seed in range(3):
        playout(seed * 307 + players, players, options, leak_every=6)


@pytest.mark.parametrize("seed", range(10))
def test_random_option_subsets_keep_every_invariant(seed: int) -> None:
    players, options = random_options(seed)
    playout(seed, players, options, leak_every=8)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_information_never_leaks(players: int) -> None:
    """Every state of these games under the hidden-information options: the view-leak
    property, and no face-down card, other hand or secret bid in a view."""
    stats = Playout()
    options = dict(HIDDEN_OPTIONS, round_limit=12)
    for seed in range(12):  # at least 3 games, more until secret bids and hands were seen
        result = playout(seed + 50 * players, players, options, leak_every=1)
        stats.leak_checks += result.leak_checks
        stats.resampled += result.resampled
        stats.events.update(result.events)
        if seed >= 2 and stats.events["bid_secret"] and stats.events["combat_bought_card"]:
            break
    assert stats.leak_checks > 100
    assert stats.events["bid_secret"] > 0 and stats.events["combat_bought_card"] > 0


def test_determinize_resamples_other_hands_and_secret_bids() -> None:
    """Hands held by others and secret bids are guessed, so they can differ from the truth."""
    hands_differ = bids_differ = 0
    for seed in range(12):
        options = dict(HIDDEN_OPTIONS, round_limit=ROUND_LIMIT)
        state = colosseum.new_game(GAME, players=3, seed=seed, options=options)
        rnd = random.Random(seed)
        for step in range(400):
            if state.is_terminal():
                break
            position = state.to_position()
            seat = step % 3
            guess = state.determinize(seat, random.Random(step)).to_position()
            others = [q for q in range(3) if q != seat]
            if any(guess["hands"][q] != position["hands"][q] for q in others):
                hands_differ += 1
            auction = position["auction"]
            if auction is not None and any(
                guess["auction"]["bids"][q] != auction["bids"][q] for q in others
            ):
                bids_differ += 1
            assert guess["hands"][seat] == position["hands"][seat], "your own hand is known"
            actions = state.legal_actions()
            state.apply(actions[rnd.randrange(len(actions))])
    assert hands_differ > 0 and bids_differ > 0


def test_replay_and_round_trip_mid_game() -> None:
    for seed in range(6):
        players, options = random_options(1000 + seed)
        options = {"round_limit": ROUND_LIMIT, **options}
        state = colosseum.new_game(GAME, players=players, seed=seed, options=options)
        rnd = random.Random(seed)
        for _ in range(rnd.randint(5, 150)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[rnd.randrange(len(actions))])
        check_replay(state)
        check_round_trip(state, rnd)


def test_same_seed_same_game() -> None:
    def run() -> list[dict[str, Any]]:
        options = dict(ALL_OPTIONS, round_limit=ROUND_LIMIT)
        state = colosseum.new_game(GAME, players=4, seed=77, options=options)
        rnd = random.Random(5)
        trail = []
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rnd.randrange(len(actions))])
            trail.append(state.to_position())
        return trail

    assert run() == run()


# --- soak -----------------------------------------------------------------------------------


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soak_every_option_set(players: int) -> None:
    for seed in range(150):
        playout(10_000 + seed, players, dict(ALL_OPTIONS), leak_every=3)
        if players < 5:
            playout(20_000 + seed, players, {}, leak_every=5)


@pytest.mark.soak
@pytest.mark.parametrize("block", range(4))
def test_soak_random_option_subsets(block: int) -> None:
    for seed in range(block * 150, (block + 1) * 150):
        players, options = random_options(50_000 + seed)
        playout(seed, players, options, leak_every=4)
