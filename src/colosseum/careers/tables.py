"""The tables of the Jugula Careers campaign as the frozen `Tables` every rule reads: plain ints,
strings and tuples (read from the data files by `data.py`), and the names the rulebook gives
the ranks, arenas, servitors and steps. The talents of Appendix II are not copied here:
`Tables.talents` names those of the arena game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, TypeVar

from .errors import CareerError

DATA_DIR = Path(__file__).parent / "data"
FILES = (
    "ranks.toml",
    "career.toml",
    "arena.toml",
    "fatum.toml",
    "wounds.toml",
    "hiring.toml",
    "maintenance.toml",
    "sales.toml",
    "purchases.toml",
    "upgrades.toml",
    "usury.toml",
    "servitors.toml",
    "glory.toml",
)

# "The Gladiators": the four ranks, by stars.
RANKS = ("tiro", "palus", "secundus_palus", "primus_palus")
# "Determine reward": the five arenas, lowest first.
ARENAS = ("illegal", "provincial", "provincial_capital", "italian", "coliseum")
# "Appendix I: Servitors": the ten servitors.
SERVITORS = (
    "unctor",
    "medicus",
    "doctor",
    "manicarius",
    "munerarius",
    "sacerdos",
    "lupa",
    "editor",
    "nomenclator",
    "procurator",
)
TOTALS = tuple(range(2, 13))  # two dice, each capped at 6

Status = Literal["dead", "convalescent", "wounded", "ready"]
Upgrade = Literal["att", "def", "mp", "talent"]
Step = Literal[
    "arena",
    "deck",
    "deployment",
    "fatum",
    "rewards",
    "wounds",
    "maintenance",
    "experience",
    "sales",
    "purchases",
    "usury",
    "glory",
]
Benefit = Literal[
    "income",
    "wounds",
    "trained",
    "vox",
    "arena",
    "prima",
    "fatum",
    "glory",
    "sale",
    "free_maintenance",
    "usury",
]
Kind = Literal["promotion", "full_ludus", "servitor_stars", "popularity", "servitors", "aurei"]


# --- the frozen tables ------------------------------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RollTable(Generic[T]):
    """A result for each roll from `first` on; a roll outside reads the nearest row."""

    first: int
    values: tuple[T, ...]

    def at(self, roll: int) -> T:
        return self.values[min(max(roll - self.first, 0), len(self.values) - 1)]


@dataclass(frozen=True, slots=True)
class Rank:
    stars: int  # 0 (Tiro) to 3 (Primus Palus); the index in Tables.ranks
    code: str
    name: str
    popularity: int
    upgrades: int
    experience: int  # total experience at which a gladiator reaches this rank
    hire: int
    maintenance: tuple[int, int, int]  # dice, aurei per pip, plus
    sale: tuple[int, ...]  # by sale roll 1 to 7+
    purchase: tuple[int, int, int, int]  # without lupa, with a lupa of 1, 2, 3 stars
    fatum: int


@dataclass(frozen=True, slots=True)
class Start:
    gladiators: int
    rank: str
    aurei: int
    servitors: int
    servitor_stars: int
    glory_target: int


@dataclass(frozen=True, slots=True)
class Ludus:
    max_gladiators: int
    deployed: int
    popularity_max: int
    servitor_max_stars: int
    servitor_kinds: int


@dataclass(frozen=True, slots=True)
class Experience:
    per_combat: int
    deployed: int
    bitten: int
    underdog: int
    underdog_margin: int
    trained: int
    maximum: int
    upgrade_repeats: int
    talents_max: int


@dataclass(frozen=True, slots=True)
class Liberatio:
    dice: int
    wounded_bonus: int
    target: int
    servitor_stars: int
    glory: int


@dataclass(frozen=True, slots=True)
class Variants:
    first_career_glory: int
    tournament_aurei: int
    tournament_arena_total: int
    virtual_steps_per_popularity: int
    tournament_rounds: int


@dataclass(frozen=True, slots=True)
class Arena:
    index: int
    code: str
    name: str
    per_point: int
    plus: int
    fixed_reward: int  # the set reward of a tournament with fixed rewards

    def reward(self, total: int) -> int:
        return total * self.per_point + self.plus


@dataclass(frozen=True, slots=True)
class Interest:
    amounts: tuple[int, ...]
    by_roll: tuple[tuple[int, ...], ...]  # [roll - 1][amount index], in aurei

    def of(self, amount: int, roll: int) -> int:
        return self.by_roll[min(max(roll, 1), len(self.by_roll)) - 1][self.amounts.index(amount)]


@dataclass(frozen=True, slots=True)
class Servitor:
    code: str
    name: str
    steps: tuple[str, ...]
    gives: tuple[tuple[str, tuple[int, int, int]], ...]  # benefit -> value at 1, 2, 3 stars

    def value(self, benefit: str, stars: int) -> int:
        """What this servitor of `stars` gives of `benefit` (0 without the servitor)."""
        if stars == 0:
            return 0
        return dict(self.gives)[benefit][stars - 1]

    def total(self, benefit: str, stars: int) -> int:
        """The sum of `benefit` over the ranks up to `stars` (0 if he does not give it): the
        Nomenclator's Glory, 1 / 3 / 6."""
        values = dict(self.gives).get(benefit, (0, 0, 0))
        return sum(values[:stars])


@dataclass(frozen=True, slots=True)
class Criterion:
    code: str
    kind: str
    value: int
    glory: int


@dataclass(frozen=True, slots=True)
class Tables:
    """Every number of the Careers campaign, validated."""

    ranks: tuple[Rank, ...]  # by stars
    start: Start
    ludus: Ludus
    experience: Experience
    liberatio: Liberatio
    variants: Variants
    arena_dice_per_lanista: int
    arena_die_cap: int
    loser_divisor: int
    arenas: tuple[Arena, ...]  # lowest first
    bands: tuple[int, ...]  # lowest cumulated Popularity of each chart column
    chart: tuple[tuple[int, ...], ...]  # [total - 2][band] -> index into arenas
    fatum: RollTable[str]  # by 2D6 total: "jugula" or "mitte"
    wounds: RollTable[tuple[str, str]]  # by 2D6 total: (if bitten the dust, if wounded)
    servitor_hire: tuple[int, int, int]
    servitor_sale: tuple[tuple[int, ...], ...]  # [stars - 1][sale roll 1..7+ - 1]
    servitor_new: int
    servitor_upgrade: tuple[int, int]  # to two stars, to three stars
    servitor_upgrades_per_sequence: int
    servitor_upgrade_when_new: bool
    upgrade_kinds: tuple[str, ...]
    upgrades: RollTable[str]  # by die 1..6
    reroll_when_maxed: bool
    max_loan: tuple[int, ...]  # by Popularity 0..max
    loan: Interest
    lent: Interest
    usury_die_cap: int
    repaid_from: int
    loan_and_lend: bool
    servitors: tuple[Servitor, ...]
    glory: tuple[Criterion, ...]
    talents: tuple[str, ...]  # codes of the arena game's talents (Appendix II)

    def rank(self, code: str) -> Rank:
        """The rank of `code`; CareerError naming the ranks there are for an unknown one."""
        for rank in self.ranks:
            if rank.code == code:
                return rank
        known = ", ".join(r.code for r in self.ranks)
        raise CareerError(f"no rank {code!r}: the ranks are {known}")

    def servitor(self, code: str) -> Servitor:
        """The servitor of `code`; CareerError naming the servitors for an unknown one."""
        for servitor in self.servitors:
            if servitor.code == code:
                return servitor
        known = ", ".join(s.code for s in self.servitors)
        raise CareerError(f"no servitor {code!r}: the servitors are {known}")

    def arena(self, total: int, popularity: int) -> Arena:
        """The arena for a total of the dice and a cumulated Popularity."""
        row = self.chart[min(max(total, 2), 12) - 2]
        band = max(i for i, low in enumerate(self.bands) if popularity >= low)
        return self.arenas[row[band]]
