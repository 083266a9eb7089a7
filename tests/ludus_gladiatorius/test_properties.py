"""Random playouts of Ludus Gladiatorius with the game's invariants checked after every step.

Default run: a few hundred playouts over 2-5 players, two policies (uniform random, and an
aggressive one that reaches combat, nets and eliminations) and several option sets. With
COLOSSEUM_SOAK=1 the `soak` tests play thousands more.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import colosseum

from .helpers import CODES, GAME, KINDS, POLICIES, SHEETS, STATUS

ROUND_LIMITS = (3, 8, 30)
# A round has at most, per gladiator: place, move, destination, attack, defence, end.
ACTIONS_PER_ROUND = 5 * 6


@dataclass
class Playout:
    """What a playout saw, for the assertions that need a whole game."""

    steps: int = 0
    rounds: int = 0
    resampled: int = 0
    determinized: int = 0
    events: Counter[str] = field(default_factory=Counter)


def _options(seed: int, players: int) -> dict[str, Any]:
    options: dict[str, Any] = {"round_limit": ROUND_LIMITS[seed % len(ROUND_LIMITS)]}
    if seed % 2:
        chosen = random.Random(seed).sample([1, 2, 3, 4, 5], players * (2 if players == 2 else 1))
        options["gladiators"] = ",".join(map(str, chosen))
    return options


def check_invariants(state: colosseum.State, placed: list[Counter[int]]) -> dict[str, Any]:
    """Every invariant of one state; returns its position."""
    position = state.to_position()
    players = state.num_players
    owners = position["owner"]
    # life in 0..max; standing gladiators have life, fallen ones are off the board
    for g, owner in enumerate(owners):
        life = position["life"][g]
        if owner < 0:
            assert position["hex"][g] is None
            continue
        assert 0 <= life <= SHEETS[g + 1]["life"], (g + 1, life)
        assert (position["hex"][g] is not None) == (life > 0), (g + 1, life, position["hex"][g])
    # at most one gladiator per hex
    standing = [h for h in position["hex"] if h is not None]
    assert len(standing) == len(set(standing)), standing
    # special actions: never negative, and left + placed == the record sheet
    for g in range(5):
        sheet = SHEETS[g + 1]["specials"]
        for kind in range(1, KINDS):
            left = position["remaining"][g * KINDS + kind]
            assert left >= 0
            if owners[g] >= 0:
                assert left + placed[g][kind] == sheet.get(CODES[kind], 0), (g + 1, CODES[kind])
    # decisions until the end, none after
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == []
        assert state.current_player is None
        assert state.winners(), "a finished game has winners"
        assert abs(sum(state.returns()) - 1.0) < 1e-9
    else:
        assert legal, "legal actions are never empty before the end"
        assert state.current_player in range(players)
        assert state.winners() == []
        assert position["round"] <= position["options"]["round_limit"]
    # views: another seat's face-down counter and crossings-off never show
    for seat in [*range(players), None]:
        view = state.view(seat)
        for entry in view["gladiators"]:
            g = entry["number"] - 1
            own = seat is not None and entry["owner"] == seat
            counter = position["counter"][g]
            if own:
                assert "specials_left" in entry
                assert entry["counter"] == (None if counter < 0 else CODES[counter])
                continue
            assert "specials_left" not in entry and "counter_usable" not in entry
            if counter < 0:
                assert entry["counter"] is None
            elif position["counter_status"][g] == STATUS["revealed"]:
                assert entry["counter"] == CODES[counter]
            else:
                assert entry["counter"] == "hidden"
    return position


def check_determinize(state: colosseum.State, k: int, stats: Playout) -> None:
    """The view-leak property and the observer's own decisions, for every seat; and every
    reachable position (real or guessed) passes the position checks and loads back the same."""
    position = state.to_position()
    assert colosseum.from_position(GAME, position).to_position() == position
    for seat in range(state.num_players):
        guess = state.determinize(seat, random.Random(k * 31 + seat))
        assert guess.view(seat) == state.view(seat)
        if state.current_player == seat:
            assert guess.legal_actions() == state.legal_actions()
        guessed = guess.to_position()
        if k % 4 == 0:  # a guess is a position too (every other check, for time)
            assert colosseum.from_position(GAME, guessed).to_position() == guessed
        stats.determinized += 1
        if (guessed["counter"], guessed["unrevealed"]) != (
            position["counter"],
            position["unrevealed"],
        ):
            stats.resampled += 1
        # the guess agrees on everything public
        for name in ("life", "hex", "order", "step", "phase", "round", "net", "pending"):
            assert guessed[name] == position[name], name
        # and it is a playable game
        if not guess.is_terminal():
            guess.apply(guess.legal_actions()[0])
    assert state.to_position() == position, "determinize left the real state alone"


def playout(
    seed: int,
    players: int,
    policy: str,
    options: dict[str, Any] | None = None,
    determinize_every: int = 6,
) -> Playout:
    options = _options(seed, players) if options is None else options
    state = colosseum.new_game("ludus", players=players, seed=seed, options=options)
    choose = POLICIES[policy]
    rnd = random.Random(seed ^ 0x5EED)
    placed: list[Counter[int]] = [Counter() for _ in range(5)]
    stats = Playout()
    bound = int(options["round_limit"]) * ACTIONS_PER_ROUND
    position = check_invariants(state, placed)
    while not state.is_terminal():
        assert stats.steps < bound, f"no end after {bound} actions"
        action = choose(state, rnd)
        if position["phase"] == "place" and action.args[0] != "blank":
            placed[position["order"][position["step"]]][CODES.index(str(action.args[0]))] += 1
        events = state.apply(action)
        stats.events.update(e.kind for e in events)
        stats.steps += 1
        position = check_invariants(state, placed)
        if stats.steps % determinize_every == 0:
            check_determinize(state, stats.steps, stats)
    stats.rounds = position["round"]
    return stats


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["random", "aggressive"])
def test_random_playouts_keep_every_invariant(players: int, policy: str) -> None:
    seen: Counter[str] = Counter()
    resampled = determinized = 0
    for seed in range(30):
        stats = playout(seed * 7919 + players, players, policy)
        seen.update(stats.events)
        resampled += stats.resampled
        determinized += stats.determinized
    assert seen["game_over"] == 30
    assert resampled > 0, "determinize really resamples hidden counters"
    assert resampled < determinized, "and sometimes there is nothing hidden to resample"
    if policy == "aggressive":
        assert seen["emperor"] > 0 and seen["special_action"] > 0


def test_random_playouts_reach_every_kind_of_event() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        seen.update(playout(seed, 2 + seed % 4, "aggressive", determinize_every=50).events)
    for kind in (
        "boost_roll",
        "moved",
        "attack",
        "defence",
        "attack_roll",
        "defence_roll",
        "wound",
        "special_action",
        "emperor",
        "net_throw",
        "net_recovered",
        "round_end",
        "game_over",
    ):
        assert seen[kind] > 0, kind


@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    players=st.integers(min_value=2, max_value=5),
    policy=st.sampled_from(sorted(POLICIES)),
    round_limit=st.integers(min_value=1, max_value=12),
)
def test_playouts_from_any_seed_keep_every_invariant(
    seed: int, players: int, policy: str, round_limit: int
) -> None:
    playout(seed, players, policy, options={"round_limit": round_limit}, determinize_every=3)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["random", "aggressive"])
def test_soak_thousands_of_playouts(players: int, policy: str) -> None:
    for seed in range(500):
        playout(10_000 + seed * 104_729 + players, players, policy)
