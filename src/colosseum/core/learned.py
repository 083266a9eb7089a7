"""Position values learned from self-play: a logistic model over a game's features.

Each seat's features are weighed and summed; the seats' win shares are the softmax of those
sums (with two seats, the logistic of their difference, which is how the weights are fitted by
`benchmarks/fit_value.py`). The weights live in the game's own data folder
(`<game>-value.toml`, named by its search module's `LEARNED`, `core/search.py`), every one
chosen by that fit (the rulebooks state none of them), and are checked on load.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from pydantic import FiniteFloat

from .data import StatedModel, load_validated
from .errors import DataError


class ValueFile(StatedModel):
    """A fitted model: its game, how it was fitted, and a weight per feature name."""

    game: str
    fitted_by: str
    weights: dict[str, FiniteFloat]


def value_path(game: str, folder: Path) -> Path:
    """The weights file of `game` in its data `folder`."""
    return folder / f"{game}-value.toml"


@cache
def load_weights(game: str, names: tuple[str, ...], folder: Path) -> tuple[float, ...]:
    """The weights of `game`'s model in the order of `names`; DataError if the file is
    missing, broken, for another game, or does not name exactly these features."""
    path = value_path(game, folder)
    model = load_validated(ValueFile, path)
    if model.game != game:
        raise DataError(f"data file {path} is for {model.game!r}, not {game!r}")
    missing = [name for name in names if name not in model.weights]
    unknown = sorted(set(model.weights) - set(names))
    if missing or unknown:
        raise DataError(
            f"data file {path} must weigh exactly the features {list(names)}; "
            f"missing {missing}, unknown {unknown}"
        )
    return tuple(model.weights[name] for name in names)


def win_shares(weights: tuple[float, ...], features: list[list[float]]) -> list[float]:
    """Each seat's share of the win: the softmax of its weighted features."""
    totals = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features]
    top = max(totals)
    exps = [math.exp(total - top) for total in totals]
    whole = sum(exps)
    return [e / whole for e in exps]
