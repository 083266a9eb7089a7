"""Two-player careers (Appendix III, "Two-player careers"): the virtual ludus.

Between two meetings of the campaign's ludi, each fights a ludus outside the campaign, played
by the other lanista: four Tiro of different armaturae, one of them raised one rank for each
point of the opposing ludus's Popularity (the player's choice, else at random), each with his
rank's upgrades rolled as if bought on the market (`market.random_upgrades`). The virtual ludus
has no sheet in the campaign: it gains and keeps nothing, so nothing here is recorded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..games.jugula.data import Catalog, load_catalog
from .data import Tables, load_tables
from .dice import Dice, ProgramDice
from .market import random_upgrades
from .sheet import CareerError, Gladiator, Sheet

VIRTUAL = "Virtual ludus"
T = TypeVar("T")


def _as_dice(rng_or_dice: random.Random | Dice) -> Dice:
    return ProgramDice(rng_or_dice) if isinstance(rng_or_dice, random.Random) else rng_or_dice


def pick(options: Sequence[T], dice: Dice, what: str) -> T:
    """One of `options`, each as likely, from six-sided dice (read as base-6 digits, rolled
    again when the number falls beyond a whole multiple of the options)."""
    if not options:
        raise CareerError(f"{what}: nothing to choose from")
    digits, span = 1, 6
    while span < len(options):
        digits, span = digits + 1, span * 6
    limit = span - span % len(options)
    while True:
        number = 0
        for die in dice.roll(digits, what):
            number = number * 6 + die - 1
        if number < limit:
            return options[number % len(options)]


def virtual_familia(
    popularity: int,
    rng_or_dice: random.Random | Dice,
    tables: Tables | None = None,
    catalog: Catalog | None = None,
    ranks: Sequence[int | str] | None = None,
    armaturae: Sequence[str] | None = None,
) -> list[Gladiator]:
    """The virtual familia against a ludus of `popularity`: four gladiators of different
    armaturae (`armaturae`, else at random), as many one-rank steps as the Popularity
    (`ranks`: each gladiator's rank, by stars or code, else the steps given at random), and
    each rank's upgrades rolled on the market's table."""
    tables = tables or load_tables()
    catalog = catalog or load_catalog()
    dice = _as_dice(rng_or_dice)
    size = tables.ludus.deployed
    steps = _steps(popularity, size, tables)
    top = len(tables.ranks) - 1
    if ranks is not None:
        stars = _chosen(ranks, steps, size, tables)
    else:
        stars = _spread(steps, size, top, dice)
    codes = list(armaturae) if armaturae is not None else _armaturae(size, dice, catalog)
    if len(codes) != size or len(set(codes)) != size:
        raise CareerError(f"a virtual familia has {size} different armaturae, given {codes}")
    ludus = Sheet(lanista=VIRTUAL)
    for star, code in zip(stars, codes, strict=True):
        if code not in catalog.armatura_by_code:
            raise CareerError(
                f"unknown armatura {code!r}; known: {', '.join(catalog.armatura_by_code)}"
            )
        spec = tables.ranks[star]
        name = catalog.armaturae[catalog.armatura_by_code[code]].name
        gladiator = Gladiator(name, code, experience=spec.experience)
        random_upgrades(ludus, gladiator, spec.upgrades, dice, None, tables, catalog)
        ludus.add_gladiator(gladiator, catalog, tables)
    return ludus.gladiators


def virtual_sheet(familia: Sequence[Gladiator], name: str = VIRTUAL) -> Sheet:
    """A sheet for the combat only (the arena draw and `arena.fight`), never a campaign's:
    the virtual ludus has no servitors and no treasury."""
    return Sheet(lanista=name, gladiators=list(familia))


def _steps(popularity: int, size: int, tables: Tables) -> int:
    """One rank step per Popularity point (career.toml), at most every gladiator a Primus."""
    if not 0 <= popularity <= tables.ludus.popularity_max:
        raise CareerError(
            f"a ludus's Popularity is 0 to {tables.ludus.popularity_max}, not {popularity}"
        )
    top = len(tables.ranks) - 1
    return min(popularity * tables.variants.virtual_steps_per_popularity, size * top)


def _chosen(ranks: Sequence[int | str], steps: int, size: int, tables: Tables) -> list[int]:
    """The player's distribution: each gladiator's stars, summing to the steps."""
    codes = {r.code: r.stars for r in tables.ranks}
    stars = [codes.get(r, -1) if isinstance(r, str) else r for r in ranks]
    top = len(tables.ranks) - 1
    if len(stars) != size or any(not 0 <= s <= top for s in stars):
        raise CareerError(
            f"give {size} ranks, each 0-{top} stars or one of {', '.join(codes)}; got {list(ranks)}"
        )
    if sum(stars) != steps:
        raise CareerError(
            f"the ranks add up to {sum(stars)} steps above Tiro; the opposing Popularity gives "
            f"exactly {steps}"
        )
    return stars


def _spread(steps: int, size: int, top: int, dice: Dice) -> list[int]:
    """Each step to a gladiator at random among those not yet of the top rank."""
    stars = [0] * size
    for _ in range(steps):
        open_ = [i for i in range(size) if stars[i] < top]
        stars[pick(open_, dice, "virtual ludus: rank step")] += 1
    return stars


def _armaturae(size: int, dice: Dice, catalog: Catalog) -> list[str]:
    """`size` different armaturae at random."""
    left = list(catalog.armatura_by_code)
    chosen = []
    for _ in range(size):
        code = pick(left, dice, "virtual ludus: armatura")
        left.remove(code)
        chosen.append(code)
    return chosen
