"""Reading the Careers' data files: the schema of each file (pydantic), every fact of the
rulebook they must state, the checks across rows, and the frozen `Tables` made of them
(`data.py`). Imported only when a file is read anew: a process whose tables come from the
cache (`core/data_cache.py`) never loads the schemas.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from ..core.data import DataModel, StatedModel, data_folder, load_validated
from ..core.errors import DataError
from .data_facts import (
    check_per_rank,
    check_per_stars,
    check_stated,
    covers,
    never_falls,
    once,
)
from .tables import (
    ARENAS,
    DATA_DIR,
    RANKS,
    SERVITORS,
    TOTALS,
    Arena,
    Benefit,
    Criterion,
    Experience,
    Interest,
    Kind,
    Liberatio,
    Ludus,
    Rank,
    RollTable,
    Servitor,
    Start,
    Status,
    Step,
    Tables,
    Upgrade,
    Variants,
)

Count = Annotated[int, Field(ge=0, le=100)]
Aurei = Annotated[int, Field(ge=0, le=1_000_000)]
Stars = Annotated[int, Field(ge=1, le=3)]
Die = Annotated[int, Field(ge=1, le=6)]
Total = Annotated[int, Field(ge=2, le=12)]
Code = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Three = Annotated[list[int], Field(min_length=3, max_length=3)]
Seven = Annotated[list[Aurei], Field(min_length=7, max_length=7)]

# --- ranks.toml -------------------------------------------------------------------------------


class RankSpec(StatedModel):
    id: Code
    name: str
    stars: Annotated[int, Field(ge=0, le=3)]
    popularity: Annotated[int, Field(ge=0, le=10)]
    upgrades: Annotated[int, Field(ge=0, le=12)]
    experience: Annotated[int, Field(ge=0, le=1000)]


class RanksFile(DataModel):
    rank: list[RankSpec]


# --- career.toml ------------------------------------------------------------------------------


class StartSpec(StatedModel):
    gladiators: Count
    rank: Code
    aurei: Aurei
    servitors: Count
    servitor_stars: Stars
    glory_target: Annotated[int, Field(ge=1, le=100)]


class LudusSpec(StatedModel):
    max_gladiators: Annotated[int, Field(ge=1, le=12)]
    deployed: Annotated[int, Field(ge=1, le=12)]
    popularity_max: Annotated[int, Field(ge=1, le=36)]
    servitor_max_stars: Stars
    servitor_kinds: Count


class ExperienceSpec(StatedModel):
    per_combat: Count
    deployed: Count
    bitten: Count
    underdog: Count
    underdog_margin: Count
    trained: Count
    maximum: Count
    upgrade_repeats: Count
    talents_max: Count


class LiberatioSpec(StatedModel):
    dice: Annotated[int, Field(ge=1, le=6)]
    wounded_bonus: Count
    target: Count
    servitor_stars: Count
    glory: Count


class VariantsSpec(StatedModel):
    first_career_glory: Annotated[int, Field(ge=1, le=100)]
    tournament_aurei: Aurei
    tournament_arena_total: Total
    virtual_steps_per_popularity: Count
    tournament_rounds: Annotated[int, Field(ge=1, le=100)]


class CareerFile(DataModel):
    start: StartSpec
    ludus: LudusSpec
    experience: ExperienceSpec
    liberatio: LiberatioSpec
    variants: VariantsSpec


# --- arena.toml -------------------------------------------------------------------------------


class RollSpec(StatedModel):
    dice_per_lanista: Annotated[int, Field(ge=1, le=1)]  # the chart's rows are totals of 2 dice
    die_cap: Die
    loser_divisor: Annotated[int, Field(ge=1, le=10)]


class ArenaSpec(StatedModel):
    id: Code
    name: str
    per_point: Aurei
    plus: Aurei
    fixed_reward: Aurei  # a tournament's set reward (Appendix III, "Tournaments")


class ChartSpec(StatedModel):
    bands: list[Annotated[int, Field(ge=0, le=40)]] = Field(min_length=1)


class ResultSpec(StatedModel):
    total: Total
    arenas: list[Code]


class ArenaFile(DataModel):
    roll: RollSpec
    arena: list[ArenaSpec]
    chart: ChartSpec
    result: list[ResultSpec]


# --- fatum.toml, wounds.toml, upgrades.toml ---------------------------------------------------


class FatumRowSpec(StatedModel):
    low: Total
    high: Total
    verdict: Literal["jugula", "mitte"]


class RankBonusSpec(StatedModel):
    rank: Code
    bonus: Annotated[int, Field(ge=-6, le=6)]


class FatumFile(StatedModel):
    dice: Annotated[int, Field(ge=2, le=2)]
    row: list[FatumRowSpec]
    rank: list[RankBonusSpec]


class WoundRowSpec(StatedModel):
    low: Total
    high: Total
    bitten: Status
    wounded: Status


class WoundsFile(StatedModel):
    dice: Annotated[int, Field(ge=2, le=2)]
    row: list[WoundRowSpec]


class UpgradeRollSpec(StatedModel):
    low: Die
    high: Die
    upgrade: Upgrade


class UpgradesFile(StatedModel):
    kinds: list[Upgrade]
    reroll_when_maxed: bool
    roll: list[UpgradeRollSpec]


# --- hiring.toml, maintenance.toml, sales.toml, purchases.toml --------------------------------


class RankCostSpec(StatedModel):
    rank: Code
    cost: Aurei


class StarsCostSpec(StatedModel):
    stars: Stars
    cost: Aurei


class HiringFile(DataModel):
    gladiator: list[RankCostSpec]
    servitor: list[StarsCostSpec]


class MaintenanceSpec(StatedModel):
    rank: Code
    dice: Annotated[int, Field(ge=0, le=3)]
    per_pip: Aurei
    plus: Aurei


class MaintenanceFile(DataModel):
    rank: list[MaintenanceSpec]


class RankPricesSpec(StatedModel):
    rank: Code
    prices: Seven


class StarsPricesSpec(StatedModel):
    stars: Stars
    prices: Seven


class SalesFile(DataModel):
    gladiator: list[RankPricesSpec]
    servitor: list[StarsPricesSpec]


class PurchaseSpec(StatedModel):
    rank: Code
    cost: Aurei
    lupa: Annotated[list[Aurei], Field(min_length=3, max_length=3)]


class ServitorPurchaseSpec(StatedModel):
    new: Aurei
    upgrade: Annotated[list[Aurei], Field(min_length=2, max_length=2)]
    upgrades_per_sequence: Annotated[int, Field(ge=1, le=2)]
    upgrade_when_new: bool


class PurchasesFile(DataModel):
    gladiator: list[PurchaseSpec]
    servitor: ServitorPurchaseSpec


# --- usury.toml -------------------------------------------------------------------------------


class MaxLoanSpec(StatedModel):
    popularity: Annotated[int, Field(ge=0, le=36)]
    aurei: Aurei


class InterestSpec(StatedModel):
    roll: Die
    values: list[Aurei]


class InterestTableSpec(StatedModel):
    amounts: list[Annotated[int, Field(ge=1, le=1_000_000)]] = Field(min_length=1)
    interest: list[InterestSpec]


class UsuryFile(StatedModel):
    die_cap: Die
    repaid_from: Die
    loan_and_lend: bool
    max_loan: list[MaxLoanSpec]
    loan: InterestTableSpec
    lent: InterestTableSpec


# --- servitors.toml, glory.toml ---------------------------------------------------------------


class ServitorSpec(StatedModel):
    id: Code
    name: str
    steps: list[Step] = Field(min_length=1)
    gives: dict[Benefit, Three]


class ServitorsFile(DataModel):
    servitor: list[ServitorSpec]


class CriterionSpec(StatedModel):
    id: Code
    kind: Kind
    value: Aurei
    glory: Annotated[int, Field(ge=0, le=100)]


class GloryFile(DataModel):
    criterion: list[CriterionSpec]


# --- checks across a file's rows -----------------------------------------------------------


def _check_ranks(ranks: RanksFile, path: Path) -> None:
    once([r.id for r in ranks.rank], RANKS, "rank ids", path)
    for lower, higher in zip(ranks.rank, ranks.rank[1:], strict=False):
        if higher.experience <= lower.experience:
            raise DataError(
                f"{path}: rank.{higher.id}.experience must exceed {lower.id}'s "
                f"({higher.experience} <= {lower.experience})"
            )


def _check_arena(arena: ArenaFile, path: Path) -> None:
    once([a.id for a in arena.arena], ARENAS, "arena ids", path)
    bands = arena.chart.bands
    if bands[0] != 0 or any(b <= a for a, b in itertools.pairwise(bands)):
        raise DataError(f"{path}: chart.bands must start at 0 and rise, got {bands}")
    never_falls([a.fixed_reward for a in arena.arena], "arena fixed_reward", path)
    once([r.total for r in arena.result], TOTALS, "result totals", path)
    level = {code: i for i, code in enumerate(ARENAS)}
    grid: list[list[int]] = []
    for row in arena.result:
        where = f"result.{row.total}.arenas"
        if len(row.arenas) != len(bands):
            raise DataError(f"{path}: {where} has {len(row.arenas)} arenas, one per band needed")
        unknown = [a for a in row.arenas if a not in level]
        if unknown:
            raise DataError(f"{path}: {where} names unknown arena(s) {unknown}")
        grid.append([level[a] for a in row.arenas])
        never_falls(grid[-1], where, path)
    for band in range(len(bands)):
        for total, (a, b) in enumerate(itertools.pairwise(grid), start=3):
            if b[band] < a[band]:
                raise DataError(
                    f"{path}: result.{total}.arenas.{band} is a lower arena than for total "
                    f"{total - 1}: a better roll never gives a worse arena"
                )


def _check_usury(usury: UsuryFile, path: Path, popularity_max: int) -> None:
    once(
        [m.popularity for m in usury.max_loan],
        tuple(range(popularity_max + 1)),
        "max_loan popularity",
        path,
    )
    never_falls([m.aurei for m in usury.max_loan], "max_loan", path)
    for m in usury.max_loan:
        if m.aurei and m.aurei not in usury.loan.amounts:
            raise DataError(f"{path}: max_loan.{m.popularity}.aurei is not in loan.amounts")
    for name, table, rising in (("loan", usury.loan, False), ("lent", usury.lent, True)):
        once([i.roll for i in table.interest], (1, 2, 3, 4, 5, 6), f"{name}.interest rolls", path)
        for row in table.interest:
            if len(row.values) != len(table.amounts):
                raise DataError(
                    f"{path}: {name}.interest.{row.roll}.values has {len(row.values)} values, "
                    f"one per amount ({len(table.amounts)}) needed"
                )
        for column, amount in enumerate(table.amounts):
            # a higher roll (the procurator adds to it) is better for the ludus
            values = [row.values[column] for row in table.interest]
            never_falls(values, f"{name}.interest[{amount}]", path, rising)


def _check_servitors(servitors: ServitorsFile, path: Path) -> None:
    once([s.id for s in servitors.servitor], SERVITORS, "servitor ids", path)
    for spec in servitors.servitor:
        for benefit, values in spec.gives.items():
            never_falls(values, f"servitor.{spec.id}.gives.{benefit}", path)


def _check_glory(glory: GloryFile, path: Path) -> None:
    ids = [c.id for c in glory.criterion]
    if len(set(ids)) != len(ids):
        raise DataError(f"{path}: two criteria share an id")
    if not any(c.kind == "aurei" for c in glory.criterion):
        raise DataError(f"{path}: criterion rows of kind aurei are needed (the money footnote)")


def _check_purchases(purchases: PurchasesFile, path: Path) -> None:
    for spec in purchases.gladiator:
        never_falls([spec.cost, *spec.lupa], f"gladiator.{spec.rank}.lupa", path, rising=False)


# --- loading ----------------------------------------------------------------------------------


def _plain(section: StatedModel) -> dict[str, Any]:
    return section.model_dump(exclude={"stated"})


def _talents() -> tuple[str, ...]:
    from ..games.jugula.data import load_catalog

    return tuple(load_catalog().talents)


def _load_tables(root: Path) -> Tables:

    def load(model: type[Any], name: str) -> Any:
        spec = load_validated(model, root / name)
        check_stated(spec, root / name)
        return spec

    ranks: RanksFile = load(RanksFile, "ranks.toml")
    _check_ranks(ranks, root / "ranks.toml")
    career: CareerFile = load(CareerFile, "career.toml")
    if career.start.rank not in RANKS:
        raise DataError(f"{root / 'career.toml'}: start.rank names unknown rank")
    arena: ArenaFile = load(ArenaFile, "arena.toml")
    _check_arena(arena, root / "arena.toml")
    fatum: FatumFile = load(FatumFile, "fatum.toml")
    covers([(r.low, r.high) for r in fatum.row], 2, 12, "row", root / "fatum.toml")
    check_per_rank(fatum.rank, "rank", root / "fatum.toml")
    wounds: WoundsFile = load(WoundsFile, "wounds.toml")
    covers([(r.low, r.high) for r in wounds.row], 2, 12, "row", root / "wounds.toml")
    hiring: HiringFile = load(HiringFile, "hiring.toml")
    check_per_rank(hiring.gladiator, "gladiator", root / "hiring.toml")
    check_per_stars(hiring.servitor, "servitor", root / "hiring.toml")
    maintenance: MaintenanceFile = load(MaintenanceFile, "maintenance.toml")
    check_per_rank(maintenance.rank, "rank", root / "maintenance.toml")
    sales: SalesFile = load(SalesFile, "sales.toml")
    check_per_rank(sales.gladiator, "gladiator", root / "sales.toml")
    check_per_stars(sales.servitor, "servitor", root / "sales.toml")
    for g in sales.gladiator:
        never_falls(g.prices, f"gladiator.{g.rank}.prices", root / "sales.toml")
    for s in sales.servitor:
        never_falls(s.prices, f"servitor.{s.stars}.prices", root / "sales.toml")
    purchases: PurchasesFile = load(PurchasesFile, "purchases.toml")
    check_per_rank(purchases.gladiator, "gladiator", root / "purchases.toml")
    _check_purchases(purchases, root / "purchases.toml")
    upgrades: UpgradesFile = load(UpgradesFile, "upgrades.toml")
    covers([(r.low, r.high) for r in upgrades.roll], 1, 6, "roll", root / "upgrades.toml")
    usury: UsuryFile = load(UsuryFile, "usury.toml")
    _check_usury(usury, root / "usury.toml", career.ludus.popularity_max)
    servitors: ServitorsFile = load(ServitorsFile, "servitors.toml")
    _check_servitors(servitors, root / "servitors.toml")
    glory: GloryFile = load(GloryFile, "glory.toml")
    _check_glory(glory, root / "glory.toml")

    def by_rank(specs: list[Any]) -> dict[str, Any]:
        return {s.rank: s for s in specs}

    hire, upkeep = by_rank(hiring.gladiator), by_rank(maintenance.rank)
    sale, buy, fall = by_rank(sales.gladiator), by_rank(purchases.gladiator), by_rank(fatum.rank)
    rank_list = tuple(
        Rank(
            stars=r.stars,
            code=r.id,
            name=r.name,
            popularity=r.popularity,
            upgrades=r.upgrades,
            experience=r.experience,
            hire=hire[r.id].cost,
            maintenance=(upkeep[r.id].dice, upkeep[r.id].per_pip, upkeep[r.id].plus),
            sale=tuple(sale[r.id].prices),
            purchase=(buy[r.id].cost, *buy[r.id].lupa),
            fatum=fall[r.id].bonus,
        )
        for r in ranks.rank
    )
    level = {code: i for i, code in enumerate(ARENAS)}

    def expand(rows: list[Any], first: int, last: int, value: Any) -> tuple[Any, ...]:
        return tuple(
            value(next(r for r in rows if r.low <= n <= r.high)) for n in range(first, last + 1)
        )

    def interest(table: InterestTableSpec) -> Interest:
        return Interest(tuple(table.amounts), tuple(tuple(r.values) for r in table.interest))

    hire_servitor = tuple(s.cost for s in hiring.servitor)
    upgrade_to = purchases.servitor.upgrade
    return Tables(
        ranks=rank_list,
        start=Start(**_plain(career.start)),
        ludus=Ludus(**_plain(career.ludus)),
        experience=Experience(**_plain(career.experience)),
        liberatio=Liberatio(**_plain(career.liberatio)),
        variants=Variants(**_plain(career.variants)),
        arena_dice_per_lanista=arena.roll.dice_per_lanista,
        arena_die_cap=arena.roll.die_cap,
        loser_divisor=arena.roll.loser_divisor,
        arenas=tuple(
            Arena(i, a.id, a.name, a.per_point, a.plus, a.fixed_reward)
            for i, a in enumerate(arena.arena)
        ),
        bands=tuple(arena.chart.bands),
        chart=tuple(tuple(level[a] for a in row.arenas) for row in arena.result),
        fatum=RollTable(2, expand(fatum.row, 2, 12, lambda r: r.verdict)),
        wounds=RollTable(2, expand(wounds.row, 2, 12, lambda r: (r.bitten, r.wounded))),
        servitor_hire=(hire_servitor[0], hire_servitor[1], hire_servitor[2]),
        servitor_sale=tuple(tuple(s.prices) for s in sales.servitor),
        servitor_new=purchases.servitor.new,
        servitor_upgrade=(upgrade_to[0], upgrade_to[1]),
        servitor_upgrades_per_sequence=purchases.servitor.upgrades_per_sequence,
        servitor_upgrade_when_new=purchases.servitor.upgrade_when_new,
        upgrade_kinds=tuple(upgrades.kinds),
        upgrades=RollTable(1, expand(upgrades.roll, 1, 6, lambda r: r.upgrade)),
        reroll_when_maxed=upgrades.reroll_when_maxed,
        max_loan=tuple(m.aurei for m in usury.max_loan),
        loan=interest(usury.loan),
        lent=interest(usury.lent),
        usury_die_cap=usury.die_cap,
        repaid_from=usury.repaid_from,
        loan_and_lend=usury.loan_and_lend,
        servitors=tuple(
            Servitor(
                s.id,
                s.name,
                tuple(s.steps),
                tuple((k, (v[0], v[1], v[2])) for k, v in s.gives.items()),
            )
            for s in servitors.servitor
        ),
        glory=tuple(Criterion(c.id, c.kind, c.value, c.glory) for c in glory.criterion),
        talents=_talents(),
    )


def read_tables(folder: str) -> Tables:
    """The tables of `folder` (empty: the bundled data), every file checked."""
    return _load_tables(data_folder(folder, DATA_DIR))
