"""Learned position values (core/learned.py) and the Ludus model (its `search` module)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import colosseum
from colosseum.agents.search_hooks import search_module
from colosseum.core.errors import DataError
from colosseum.core.learned import load_weights, value_path, win_shares
from colosseum.core.registry import games
from colosseum.games.ludus_gladiatorius.search import FEATURES as LUDUS_FEATURES
from colosseum.games.ludus_gladiatorius.search import evaluation as ludus
from colosseum.games.ludus_gladiatorius.search import features as ludus_features
from colosseum.games.ludus_gladiatorius.state import LudusState

GAME = "ludus-gladiatorius"


def write_model(folder: Path, body: str) -> None:
    value_path(GAME, folder).write_text(body, encoding="utf-8")


def weights_text(names: tuple[str, ...], skip: str = "", extra: str = "") -> str:
    lines = [f"{name} = 0.5" for name in names if name != skip]
    return "\n".join([f'game = "{GAME}"', 'fitted_by = "a test"', "[weights]", *lines, extra])


def test_every_learned_game_ships_weights_for_exactly_its_features() -> None:
    learned = [game for game in games() if hasattr(search_module(game), "LEARNED")]
    assert learned == ["ludus-gladiatorius"]
    for game in learned:
        names, _, folder = search_module(game).LEARNED  # type: ignore[union-attr]
        weights = load_weights(game, names, folder)
        assert len(weights) == len(names)
        assert all(math.isfinite(w) for w in weights)


def test_two_seats_share_by_the_logistic_of_their_difference() -> None:
    shares = win_shares((1.0, -2.0), [[3.0, 1.0], [1.0, 0.5]])
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] == pytest.approx(1.0 / (1.0 + math.exp(-(1.0 - 0.0))))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (weights_text(LUDUS_FEATURES, skip="life_1"), r"missing \['life_1'\]"),
        (weights_text(LUDUS_FEATURES, extra="luck = 1.0"), r"unknown \['luck'\]"),
        (weights_text(LUDUS_FEATURES, extra="").replace("0.5", "nan", 1), "finite"),
        (weights_text(LUDUS_FEATURES).replace(GAME, "jugula", 1), "is for 'jugula'"),
        ("game = ", "not valid TOML"),
    ],
)
def test_a_broken_model_file_says_what_is_wrong(tmp_path: Path, body: str, message: str) -> None:
    write_model(tmp_path, body)
    with pytest.raises(DataError, match=message):
        load_weights(GAME, LUDUS_FEATURES, tmp_path)


def test_a_missing_model_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="is missing"):
        load_weights(GAME, LUDUS_FEATURES, tmp_path)


def first_round(seed: int = 3) -> LudusState:
    state = colosseum.new_game(GAME, players=2, seed=seed, options={"gladiators": "1,2,3,4"})
    assert isinstance(state, LudusState)
    return state


def test_ludus_features_read_each_lanistas_gladiators() -> None:
    state = first_round()
    mine, theirs = ludus_features(state)
    column = {name: i for i, name in enumerate(LUDUS_FEATURES)}
    # seat 0 has the Murmillo (7 life) and the Retiarius (6), who holds his net
    assert (mine[column["life_1"]], mine[column["life_2"]]) == (7.0, 6.0)
    assert mine[column["standing_3"]] == 0.0 and theirs[column["standing_3"]] == 1.0
    assert mine[column["net_held"]] == 1.0 and theirs[column["net_held"]] == 0.0
    assert mine[column["two_standing"]] == theirs[column["two_standing"]] == 1.0
    # every counter of the record sheets is still there
    assert mine[column["left_NA"]] == 2.0 and theirs[column["left_NA"]] == 0.0


def test_ludus_values_the_lanista_with_more_life_higher() -> None:
    state = first_round()
    even = ludus(state)
    state.life[2] = 1  # seat 1's Thraex nearly down
    hurt = ludus(state)
    assert sum(hurt) == pytest.approx(1.0)
    assert hurt[0] > even[0]
