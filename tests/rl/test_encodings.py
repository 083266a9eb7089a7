"""The fixed action encodings: every legal action of every state a random game reaches has an
index, decodes back to itself, and the mask is exactly the set of legal indices; over every
game's options (Ludi's expansions, modules and variants, Jugula's familiae, Vox Populi, Prima
Jugula and simple variant, Ludus' chosen gladiators) at every player count. The table never
depends on the options but the data folder."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import colosseum  # noqa: E402
from colosseum.core.actions import Action  # noqa: E402
from colosseum.rl.encodings import encoding_for  # noqa: E402

from .helpers import CAP, GAMES, SHORT, max_players, player_counts, playout, random_options  # noqa: E402

SIZES = {"ludus-gladiatorius": 216, "ludi-gladiatorii": 1175}


def check_state(encoding: object, state: colosseum.State, rng: random.Random) -> int:
    """The round trip and the mask at one state; the number of legal actions."""
    from colosseum.rl.encodings import Encoding

    assert isinstance(encoding, Encoding)
    legal = state.legal_actions()
    indices = []
    for action in legal:
        index = encoding.encode(action)
        assert 0 <= index < encoding.num_actions
        assert encoding.decode(index, state) == action, f"{action} -> {index}"
        indices.append(index)
    assert len(set(indices)) == len(indices), "two legal actions share an index"
    mask = encoding.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
    assert set(np.flatnonzero(mask).tolist()) == set(indices)
    if not state.is_terminal():
        illegal = rng.randrange(encoding.num_actions)
        if illegal not in indices:
            with pytest.raises(colosseum.IllegalAction):
                encoding.decode(illegal, state)
    return len(legal)


def run_game(game: str, players: int, seed: int, cap: int) -> None:
    rng = random.Random(seed)
    options = random_options(game, players, rng, cap)
    encoding = encoding_for(game, options)
    for state in playout(game, players, seed, options):
        check_state(encoding, state, rng)


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_legal_action_round_trips(game: str, data: st.DataObject, seed: int) -> None:
    players = data.draw(st.sampled_from(list(player_counts(game))), label="players")
    run_game(game, players, seed, SHORT[game])


@pytest.mark.parametrize("game", GAMES)
def test_the_table_does_not_depend_on_options(game: str) -> None:
    rng = random.Random(5)
    base = encoding_for(game)
    for players in player_counts(game):
        other = encoding_for(game, random_options(game, players, rng, 7))
        assert other.table.keys == base.table.keys
        assert other.observation_size == base.observation_size
    if game in SIZES:
        assert base.num_actions == SIZES[game]


@pytest.mark.parametrize("game", GAMES)
def test_table_rows_cover_every_index_once(game: str) -> None:
    table = encoding_for(game).table
    covered = [i for row in table.rows for i in range(row.start, row.start + row.count)]
    assert covered == list(range(len(table)))


def test_unknown_actions_and_indices_are_refused() -> None:
    encoding = encoding_for("ludus")
    state = colosseum.new_game("ludus", players=2, seed=1)
    with pytest.raises(colosseum.IllegalAction, match="no index"):
        encoding.encode(Action("teleport", "a1"))
    with pytest.raises(colosseum.IllegalAction, match="outside"):
        encoding.decode(encoding.num_actions, state)
    attack = encoding.encode(Action("attack", 3))
    with pytest.raises(colosseum.IllegalAction, match="not legal now"):
        encoding.decode(attack, state)


def test_a_jugula_move_is_its_destination() -> None:
    """`to <square> <facing> <path>` is keyed without the path the rules derive."""
    encoding = encoding_for("jugula")
    with_path = encoding.encode(Action("to", "e5", "n", "d4n-d5e-e5n"))
    assert with_path == encoding.encode(Action("to", "e5", "n", "e5n"))
    assert with_path != encoding.encode(Action("to", "e5", "e", "e5e"))


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
def test_soak_round_trips(game: str) -> None:
    """Many long games: every player count, uncapped games among them."""
    for seed in range(60):
        players = list(player_counts(game))[seed % (max_players(game) - 1)]
        cap = 0 if seed % 4 == 0 and game != "jugula" else SHORT[game] * 10
        run_game(game, players, seed, cap or (400 if game == "jugula" else 0))


@pytest.mark.parametrize("game", GAMES)
def test_remembered_indices_are_the_keyed_ones(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table remembers the index of each action object it has seen, forgetting all when
    it holds `KNOWN_ACTIONS` of them (here 16, so that it forgets often): every legal index is
    still the one the action's key gives, and Jugula's moves, made anew for each decision and
    holding their search, are never kept."""
    from colosseum.core import spaces
    from colosseum.games.jugula.destination import Destination

    monkeypatch.setattr(spaces, "KNOWN_ACTIONS", 16)
    encoding = encoding_for(game)
    table = encoding.table
    moves = 0
    for state in playout(game, 2, 5, {CAP[game]: SHORT[game]}):
        legal = encoding.legal(state)
        assert legal == {encoding.encode(action): action for action in state.legal_actions()}
        assert len(table._known) <= 16
        assert not any(isinstance(action, Destination) for action, _ in table._known.values())
        moves += any(isinstance(action, Destination) for action in legal.values())
    assert moves or game != "jugula"
