"""The rating model: OpenSkill's Plackett-Luce over free-for-all games of 2-5 seats, with
which the store rates a result in the transaction that records it (`ratings.py`); the
services over the ratings are `colosseum.ratings`.

Each seat is its own team; `ranks` give each seat's place (1 = first, equal ranks tie). A
rating is a skill's mean `mu` and uncertainty `sigma`; what a person reads is `shown` (a
cautious estimate on a scale where a new player starts at 1000) and `interval` (where the
skill lies with about 95% probability). The numbers live in `data/ratings.toml`, each marked
stated by OpenSkill or chosen by Colosseum, and are checked on load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from openskill.models import PlackettLuce
from pydantic import Field, FiniteFloat, PositiveFloat

from ..core.data import StatedModel, load_validated

DATA_FILE = Path(__file__).parent / "data" / "ratings.toml"
MAX_SEATS = 5  # the most seats of any game here: a result of more is a mistake


class RatingData(StatedModel):
    """The numbers of `data/ratings.toml`."""

    mu: FiniteFloat
    sigma: PositiveFloat
    beta: PositiveFloat
    tau: float = Field(ge=0, allow_inf_nan=False)
    kappa: PositiveFloat
    shown_z: float = Field(ge=0, allow_inf_nan=False)
    offset: FiniteFloat
    scale: PositiveFloat
    interval_z: PositiveFloat
    provisional: int = Field(ge=0, le=1000)


@cache
def data(path: Path = DATA_FILE) -> RatingData:
    """The ratings' numbers (DataError if the file is missing or invalid)."""
    return load_validated(RatingData, path)


PROVISIONAL = data().provisional  # rated games before a rating is no longer provisional


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill: its mean and its uncertainty (one standard deviation)."""

    mu: float
    sigma: float


@cache
def _model() -> PlackettLuce:
    numbers = data()
    return PlackettLuce(
        mu=numbers.mu,
        sigma=numbers.sigma,
        beta=numbers.beta,
        tau=numbers.tau,
        kappa=numbers.kappa,
    )


def initial() -> Rating:
    """A new player's rating."""
    numbers = data()
    return Rating(numbers.mu, numbers.sigma)


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The seats' ratings after one game where seat i placed `ranks[i]` (1 = first; equal
    ranks tie), each seat its own team; ValueError for a result that is not one."""
    if len(ratings) != len(ranks):
        raise ValueError(f"{len(ratings)} ratings but {len(ranks)} ranks")
    if not 2 <= len(ratings) <= MAX_SEATS:
        raise ValueError(f"a rated game has 2 to {MAX_SEATS} seats, got {len(ratings)}")
    if any(isinstance(r, bool) or not isinstance(r, int) or r < 1 for r in ranks):
        raise ValueError(f"ranks are whole numbers from 1, got {list(ranks)}")
    model = _model()
    teams = [[model.create_rating([r.mu, r.sigma])] for r in ratings]
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(float(team[0].mu), float(team[0].sigma)) for team in rated]


def shown(r: Rating) -> int:
    """The displayed rating: a cautious estimate of the skill on the players' scale."""
    numbers = data()
    return round(numbers.offset + numbers.scale * (r.mu - numbers.shown_z * r.sigma))


def mean(r: Rating) -> int:
    """The skill's mean on the displayed scale: the middle of `interval`, where `shown` is
    the cautious estimate below it."""
    numbers = data()
    return round(numbers.offset + numbers.scale * r.mu)


def interval(r: Rating) -> tuple[int, int]:
    """Where the skill lies with about 95% probability, on the displayed scale."""
    numbers = data()
    spread = numbers.interval_z * r.sigma
    low = numbers.offset + numbers.scale * (r.mu - spread)
    high = numbers.offset + numbers.scale * (r.mu + spread)
    return round(low), round(high)


def provisional(games: int) -> bool:
    """Whether a rating of this many rated games is still provisional."""
    return games < PROVISIONAL
