"""The observation encoders: fixed-length float32 in [0, 1], read from `view(seat)` alone, so
that no observation of a seat changes when everything hidden from it (the other seats' hands,
counters, bids, the order of every deck) is resampled by `determinize`, over whole games."""

from __future__ import annotations

import hashlib
import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import colosseum  # noqa: E402
from colosseum.rl.encodings import Encoding, encoding_for  # noqa: E402

from .helpers import GAMES, SHORT, player_counts, playout, random_options  # noqa: E402


def check_game(game: str, players: int, seed: int, cap: int, resamples: int = 1) -> int:
    """Every state of a random game: each seat's observation is well formed and survives a
    resampling of what that seat cannot see. Returns the number of states checked."""
    rng = random.Random(seed)
    options = random_options(game, players, rng, cap)
    encoding = encoding_for(game, options)
    states = 0
    for state in playout(game, players, seed, options):
        states += 1
        for seat in range(players):
            observation = encoding.observe(state.view(seat))
            check_bounds(encoding, observation)
            mask = encoding.mask(state) if state.current_player == seat else None
            for _ in range(resamples):
                guess = state.determinize(seat, rng)
                again = encoding.observe(guess.view(seat))
                changed = np.flatnonzero(observation != again)
                assert not changed.size, (
                    f"seat {seat}'s observation changed at {fields_at(encoding, changed)} "
                    f"when its hidden information was resampled"
                )
                if mask is not None:
                    assert np.array_equal(mask, encoding.mask(guess))
    return states


def check_bounds(encoding: Encoding, observation: np.ndarray) -> None:
    assert observation.dtype == np.float32
    assert observation.shape == (encoding.observation_size,)
    assert np.all(observation >= 0.0) and np.all(observation <= 1.0)


def fields_at(encoding: Encoding, positions: np.ndarray) -> list[str]:
    names = []
    for position in positions[:5]:
        field = next(f for f in encoding.layout.fields if f.offset <= position < f.offset + f.size)
        names.append(f"{field.name}[{position - field.offset}]")
    return names


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_no_observation_changes_when_hidden_information_is_resampled(
    game: str, data: st.DataObject, seed: int
) -> None:
    players = data.draw(st.sampled_from(list(player_counts(game))), label="players")
    check_game(game, players, seed, SHORT[game])


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_is_a_function_of_the_view(game: str) -> None:
    """Equal views give equal observations; the spectator's view encodes too."""
    encoding = encoding_for(game)
    state = colosseum.new_game(game, players=2, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert np.array_equal(encoding.observe(view), encoding.observe(state.clone().view(0)))
    check_bounds(encoding, encoding.observe(state.view(None)))


@pytest.mark.parametrize("game", GAMES)
def test_seats_see_differently(game: str) -> None:
    """The seat a view belongs to shows in its observation."""
    encoding = encoding_for(game)
    state = colosseum.new_game(game, players=2, seed=4)
    assert not np.array_equal(encoding.observe(state.view(0)), encoding.observe(state.view(1)))


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_tiles_the_vector(game: str) -> None:
    layout = encoding_for(game).layout
    offset = 0
    for field in layout.fields:
        assert field.offset == offset and field.size > 0 and field.doc
        offset += field.size
    assert offset == layout.size


RECORDED = {
    "ludus-gladiatorius": "b7b26a3b3282a8c90175fe84c7e13983e44621a0c45823c8d3386012c6ce446a",
    "ludi-gladiatorii": "435d92cd29134122184f33c64c8e767827458b9b5b944ed628fa4af8d5a7d77b",
    "jugula": "bba741f1005b2e487fc413c208c7f1cf4b21f21e3583873e1ba62d556a0c5829",
}
"""The digest of `test_observations_and_masks_are_as_recorded`'s games, recorded on commit
9cf53f5 before the encoders were rewritten for speed: a faster encoder writes the same bytes."""


@pytest.mark.parametrize("game", GAMES)
def test_observations_and_masks_are_as_recorded(game: str) -> None:
    """Every observation (each seat's and the spectator's) and every mask of two random games
    at every player count, with options drawn at random, hashes as recorded."""
    digest = hashlib.sha256()
    for players in player_counts(game):
        for seed in range(2):
            options = random_options(game, players, random.Random(seed), SHORT[game])
            encoding = encoding_for(game, options)
            for state in playout(game, players, seed, options):
                for seat in (*range(players), None):
                    digest.update(encoding.observe(state.view(seat)).tobytes())
                digest.update(encoding.mask(state).tobytes())
                digest.update(repr(sorted(encoding.legal(state))).encode())
    assert digest.hexdigest() == RECORDED[game]


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_soak_no_leak(game: str) -> None:
    """Many longer games, each seat's hidden information resampled three times a state."""
    for seed in range(40):
        counts = list(player_counts(game))
        check_game(game, counts[seed % len(counts)], seed, SHORT[game] * 5, resamples=3)
