"""Careers data: the bundled tables load, every number the rulebook states holds (so a wrong
edit names itself), and broken data folders raise DataError naming the file and the field."""

from __future__ import annotations

import dataclasses
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from colosseum import ColosseumError, DataError
from colosseum.careers import data, data_facts
from colosseum.careers.data import Tables, load_tables


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


def stars(tables: Tables, servitor: str, benefit: str) -> tuple[int, int, int]:
    s = tables.servitor(servitor)
    return (s.value(benefit, 1), s.value(benefit, 2), s.value(benefit, 3))


# --- the bundled data -----------------------------------------------------------------------------


def test_the_bundled_tables_load(tables: Tables) -> None:
    assert len(tables.ranks) == 4
    assert len(tables.arenas) == 5
    assert len(tables.chart) == 11
    assert len(tables.servitors) == 10


def test_the_tables_are_cached() -> None:
    assert load_tables() is load_tables()


def test_the_tables_are_frozen(tables: Tables) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        tables.ranks[0].hire = 0  # type: ignore[misc]


def test_the_tables_hold_no_pydantic_model(tables: Tables) -> None:
    def walk(value: Any) -> None:
        assert not isinstance(value, (BaseModel, list, dict, set)), value
        if dataclasses.is_dataclass(value):
            for field in dataclasses.fields(value):
                walk(getattr(value, field.name))
        elif isinstance(value, tuple):
            for item in value:
                walk(item)

    walk(tables)


def test_every_file_marks_what_is_stated() -> None:
    for name in data.FILES:
        text = (data.DATA_DIR / name).read_text(encoding="utf-8")
        assert "stated = [" in text, name
        tomllib.loads(text)


def test_every_stated_fact_is_marked_stated_in_its_file() -> None:
    """Each fact the loader checks sits in a field that its row lists as `stated`."""
    for name, facts in data_facts.STATED.items():
        raw = tomllib.loads((data.DATA_DIR / name).read_text(encoding="utf-8"))
        for key in facts:
            parts = key.split(".")
            node: Any = raw
            marks, rest = raw.get("stated", []), parts
            for i, part in enumerate(parts):
                if isinstance(node, list) and node and isinstance(node[0], dict):
                    node = next(r for r in node if str(_row_key(r)) == part)
                elif isinstance(node, list):
                    node = node[int(part)]
                else:
                    node = node[part]
                if isinstance(node, dict) and "stated" in node:
                    marks, rest = node["stated"], parts[i + 1 :]
            assert rest[0] in marks or ".".join(rest[:2]) in marks, (name, key, marks)


def _row_key(row: dict[str, Any]) -> Any:
    return next(row[k] for k in data_facts.ROW_KEYS if k in row)


def test_the_talents_are_the_arena_games(tables: Tables) -> None:
    assert len(tables.talents) == 18
    assert {"cute", "vigorous", "smart", "fast", "butcher"} <= set(tables.talents)
    assert not list(data.DATA_DIR.glob("talent*"))


# --- ranks, a new career, experience ("The Gladiators", "Ludus", "Gladiator's experience") --------


def test_the_four_ranks(tables: Tables) -> None:
    assert [r.name for r in tables.ranks] == ["Tiro", "Palus", "Secundus Palus", "Primus Palus"]
    assert [r.stars for r in tables.ranks] == [0, 1, 2, 3]


def test_popularity_is_the_helmets(tables: Tables) -> None:
    assert [r.popularity for r in tables.ranks] == [0, 1, 2, 3]


def test_one_upgrade_per_rank(tables: Tables) -> None:
    assert [r.upgrades for r in tables.ranks] == [0, 1, 2, 3]


def test_experience_thresholds_start_at_zero_and_rise(tables: Tables) -> None:
    thresholds = [r.experience for r in tables.ranks]
    assert thresholds[0] == 0
    assert thresholds == sorted(set(thresholds))


def test_a_new_career(tables: Tables) -> None:
    start = tables.start
    assert (start.gladiators, start.rank, start.aurei) == (4, "tiro", 50)
    assert (start.servitors, start.servitor_stars, start.glory_target) == (1, 1, 10)


def test_the_ludus(tables: Tables) -> None:
    ludus = tables.ludus
    assert (ludus.max_gladiators, ludus.deployed, ludus.popularity_max) == (6, 4, 10)
    assert (ludus.servitor_max_stars, ludus.servitor_kinds) == (3, 10)


def test_experience_gains(tables: Tables) -> None:
    xp = tables.experience
    assert (xp.per_combat, xp.deployed, xp.bitten, xp.underdog, xp.trained) == (1, 1, 1, 1, 1)
    assert xp.underdog_margin == 4
    assert xp.maximum == 5 == xp.per_combat + xp.deployed + xp.bitten + xp.underdog + xp.trained
    assert (xp.upgrade_repeats, xp.talents_max) == (2, 2)


def test_liberatio(tables: Tables) -> None:
    lib = tables.liberatio
    assert (lib.dice, lib.wounded_bonus, lib.target, lib.servitor_stars, lib.glory) == (
        2,
        2,
        10,
        3,
        3,
    )


def test_appendix_iii_suggestions(tables: Tables) -> None:
    v = tables.variants
    assert (v.first_career_glory, v.tournament_aurei, v.tournament_arena_total) == (6, 500, 7)
    assert v.virtual_steps_per_popularity == 1


# --- the arena and its reward ("Determine the arena", "Determine reward", "Rewards") --------------


def test_the_arena_roll(tables: Tables) -> None:
    assert (tables.arena_dice_per_lanista, tables.arena_die_cap, tables.loser_divisor) == (1, 6, 2)


@pytest.mark.parametrize(
    ("arena", "per_point", "plus"),
    [
        ("illegal", 10, 100),
        ("provincial", 20, 300),
        ("provincial_capital", 50, 400),
        ("italian", 200, 800),
        ("coliseum", 750, 0),
    ],
)
def test_reward_formulas(tables: Tables, arena: str, per_point: int, plus: int) -> None:
    spec = next(a for a in tables.arenas if a.code == arena)
    assert (spec.per_point, spec.plus) == (per_point, plus)
    assert spec.reward(7) == 7 * per_point + plus


def test_the_arenas_lowest_first(tables: Tables) -> None:
    assert [a.code for a in tables.arenas] == list(data.ARENAS)


def test_the_popularity_bands(tables: Tables) -> None:
    assert tables.bands == (0, 3, 6, 9, 12, 15, 18)


IL, P, C, IT = "illegal", "provincial", "provincial_capital", "italian"


@pytest.mark.parametrize(
    ("total", "row"),
    [
        (2, (IL, IL, IL, P, P, C, IT)),
        (3, (IL, IL, IL, P, P, C, IT)),
        (4, (IL, IL, P, P, C, C)),  # the 18+ cell is missing
    ],
)
def test_the_stated_chart_rows(tables: Tables, total: int, row: tuple[str, ...]) -> None:
    for band, arena in enumerate(row):
        assert tables.arenas[tables.chart[total - 2][band]].code == arena, band


def test_the_chart_example_reads_provincial_capital(tables: Tables) -> None:
    """Popularity 6 + 4 and dice 4 + 5 + 2 (munerarius): the chart gives a provincial capital,
    whose reward for dice 1 + 3 is the example's 600 aurei."""
    arena = tables.arena(4 + 5 + 2, 6 + 4)
    assert arena.code == "provincial_capital"
    assert arena.reward(1 + 3) == 600


def test_the_post_arena_example_reward(tables: Tables) -> None:
    """The worked example: 460 aurei in a provincial arena, half to the loser, +50 unctor."""
    provincial = tables.arenas[1]
    assert provincial.reward(8) == 460
    assert provincial.reward(8) // tables.loser_divisor == 230
    assert provincial.reward(8) + tables.servitor("unctor").value("income", 1) == 510


def test_the_chart_never_gives_a_worse_arena_for_more(tables: Tables) -> None:
    for r, row in enumerate(tables.chart):
        assert list(row) == sorted(row), r
        if r:
            assert all(b >= a for a, b in zip(tables.chart[r - 1], row, strict=True)), r


def test_the_coliseum_needs_a_popular_pair(tables: Tables) -> None:
    for total in range(2, 13):
        for popularity in range(0, 15):
            assert tables.arena(total, popularity).code != "coliseum"
    assert tables.arena(12, 20).code == "coliseum"


# --- fatum and wounds ("Fatum", "Wounds treatment") -----------------------------------------------


def test_fatum(tables: Tables) -> None:
    assert [tables.fatum.at(t) for t in range(2, 13)] == ["jugula"] * 3 + ["mitte"] * 8
    assert tables.fatum.at(-1) == "jugula"
    assert tables.fatum.at(15) == "mitte"


def test_fatum_bonus_by_rank(tables: Tables) -> None:
    assert [r.fatum for r in tables.ranks] == [0, 0, 1, 2]


def test_the_editor(tables: Tables) -> None:
    assert stars(tables, "editor", "fatum") == (1, 2, 3)


@pytest.mark.parametrize(
    ("roll", "bitten", "wounded"),
    [
        (2, "dead", "convalescent"),
        (3, "dead", "convalescent"),
        (4, "convalescent", "wounded"),
        (5, "convalescent", "wounded"),
        (6, "wounded", "ready"),
        (7, "wounded", "ready"),
        (8, "ready", "ready"),
        (12, "ready", "ready"),
        (16, "ready", "ready"),  # 12+
    ],
)
def test_wounds_treatment(tables: Tables, roll: int, bitten: str, wounded: str) -> None:
    assert tables.wounds.at(roll) == (bitten, wounded)


def test_the_medicus_example(tables: Tables) -> None:
    """Rolls of 7 (bitten) and 3 (wounded); a one-star medicus would make them ready/wounded."""
    bonus = tables.servitor("medicus").value("wounds", 1)
    assert (tables.wounds.at(7)[0], tables.wounds.at(3)[1]) == ("wounded", "convalescent")
    assert (tables.wounds.at(7 + bonus)[0], tables.wounds.at(3 + bonus)[1]) == ("ready", "wounded")


# --- money: hiring, maintenance, sales, purchases -------------------------------------------------


def test_hiring_gladiators(tables: Tables) -> None:
    assert [r.hire for r in tables.ranks] == [10, 100, 750, 1200]


def test_hiring_servitors(tables: Tables) -> None:
    assert tables.servitor_hire == (100, 400, 1000)


def test_maintenance(tables: Tables) -> None:
    assert [r.maintenance for r in tables.ranks] == [
        (0, 0, 10),
        (1, 10, 0),
        (1, 25, 100),
        (1, 100, 300),
    ]


def test_the_procurator(tables: Tables) -> None:
    assert stars(tables, "procurator", "free_maintenance") == (2, 4, 6)
    assert stars(tables, "procurator", "usury") == (1, 2, 4)


@pytest.mark.parametrize(
    ("rank", "prices"),
    [
        ("tiro", (0, 5, 5, 10, 10, 20, 30)),
        ("palus", (50, 100, 125, 150, 200, 300, 500)),
        ("secundus_palus", (1000, 2000, 2500, 3000, 4000, 5500, 8000)),
    ],
)
def test_gladiator_sale_prices(tables: Tables, rank: str, prices: tuple[int, ...]) -> None:
    assert tables.rank(rank).sale == prices


def test_the_primus_palus_sale_row_is_chosen_and_rises(tables: Tables) -> None:
    row = tables.rank("primus_palus").sale
    assert len(row) == 7 and list(row) == sorted(row)
    assert row[0] >= tables.rank("secundus_palus").sale[0]


def test_servitor_sale_prices(tables: Tables) -> None:
    one, two, three = tables.servitor_sale
    assert one == (50, 100, 150, 250, 300, 400, 500)
    assert two == (400, 750, 1000, 1200, 1600, 2000, 2500)
    assert three[:6] == (1000, 2000, 3000, 4000, 5500, 7500)
    assert three[6] >= three[5]


def test_the_nomenclator(tables: Tables) -> None:
    assert stars(tables, "nomenclator", "sale") == (1, 2, 3)
    assert stars(tables, "nomenclator", "glory") == (1, 2, 3)
    assert sum(stars(tables, "nomenclator", "glory")) == 6  # all lost with a 3-star one


@pytest.mark.parametrize(
    ("rank", "prices"),
    [
        ("tiro", (0, 0, 0, 0)),
        ("palus", (250, 200, 100, 50)),
        ("secundus_palus", (2000, 1900, 1500, 1000)),
        ("primus_palus", (7500, 7000, 6000, 5000)),
    ],
)
def test_purchase_prices_with_lupa(tables: Tables, rank: str, prices: tuple[int, ...]) -> None:
    assert tables.rank(rank).purchase == prices


def test_buying_servitors(tables: Tables) -> None:
    assert tables.servitor_new == 250
    assert tables.servitor_upgrades_per_sequence == 1
    assert tables.servitor_upgrade_when_new is False
    low, high = tables.servitor_upgrade
    assert 0 < low < high


def test_the_random_upgrades(tables: Tables) -> None:
    assert tables.upgrade_kinds == ("att", "def", "mp", "talent")
    assert tables.upgrades.values == ("att", "att", "def", "def", "mp", "talent")
    assert tables.reroll_when_maxed


def test_the_maintenance_example(tables: Tables) -> None:
    """3 Tiro and 2 Palus, the Palus kept by a one-star procurator: 30 aurei."""
    free = tables.servitor("procurator").value("free_maintenance", 1)
    assert free == 2
    assert 3 * tables.rank("tiro").maintenance[2] == 30


# --- usury ("Usury") ------------------------------------------------------------------------------


def test_maximal_loan_by_popularity(tables: Tables) -> None:
    assert tables.max_loan[1:] == (100, 300, 800, 1500, 3000, 5000, 8000, 10000, 20000, 30000)


def test_loan_amounts_and_stated_interest(tables: Tables) -> None:
    loan = tables.loan
    assert loan.amounts == (100, 300, 800, 1500, 3000, 5000, 8000, 10000, 20000, 30000)
    assert loan.by_roll[0] == (25, 75, 200, 375, 750, 1250, 2000, 2500, 5000, 7500)
    assert loan.by_roll[1][:9] == (20, 60, 160, 300, 600, 1000, 1600, 2000, 4000)
    assert len(loan.by_roll) == 6


def test_lent_amounts_and_stated_interest(tables: Tables) -> None:
    lent = tables.lent
    assert lent.amounts == (500, 1000, 3000, 5000, 10000, 30000, 50000)
    assert lent.by_roll[:3] == (
        (5, 10, 30, 50, 100, 300, 500),
        (15, 30, 90, 150, 300, 900, 1500),
        (25, 50, 150, 250, 500, 1500, 2500),
    )
    assert len(lent.by_roll) == 6


def test_interest_favours_the_higher_roll(tables: Tables) -> None:
    for column in range(len(tables.loan.amounts)):
        values = [row[column] for row in tables.loan.by_roll]
        assert values == sorted(values, reverse=True)
    for column in range(len(tables.lent.amounts)):
        values = [row[column] for row in tables.lent.by_roll]
        assert values == sorted(values)


def test_usury_rules(tables: Tables) -> None:
    assert (tables.usury_die_cap, tables.repaid_from, tables.loan_and_lend) == (6, 5, False)
    assert tables.loan.of(300, 9) == tables.loan.by_roll[5][1]


# --- servitors ("Appendix I: Servitors") ----------------------------------------------------------


def test_the_ten_servitors(tables: Tables) -> None:
    assert [s.name for s in tables.servitors] == [
        "Unctor",
        "Medicus",
        "Doctor",
        "Manicarius",
        "Munerarius",
        "Sacerdos",
        "Lupa",
        "Editor",
        "Nomenclator",
        "Procurator",
    ]


@pytest.mark.parametrize(
    ("servitor", "benefit", "values"),
    [
        ("unctor", "income", (50, 200, 500)),
        ("medicus", "wounds", (1, 2, 4)),
        ("manicarius", "vox", (1, 3, 6)),
        ("munerarius", "arena", (2, 4, 6)),
        ("sacerdos", "prima", (1, 3, 7)),
    ],
)
def test_servitor_benefits(
    tables: Tables, servitor: str, benefit: str, values: tuple[int, int, int]
) -> None:
    assert stars(tables, servitor, benefit) == values
    assert tables.servitor(servitor).value(benefit, 0) == 0


def test_the_doctor_trains_1_3_and_the_tables_6(tables: Tables) -> None:
    assert stars(tables, "doctor", "trained") == (1, 3, 6)


def test_the_lupa_acts_through_the_purchase_prices(tables: Tables) -> None:
    assert tables.servitor("lupa").gives == ()
    assert tables.servitor("lupa").steps == ("purchases",)


# --- glory ("Glory update") -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "value", "glory"),
    [
        ("promotion", 1, 1),
        ("promotion", 2, 1),
        ("promotion", 3, 2),
        ("full_ludus", 6, 1),
        ("servitor_stars", 2, 1),
        ("servitor_stars", 3, 1),
        ("popularity", 4, 1),
        ("popularity", 6, 2),
        ("popularity", 8, 2),
        ("popularity", 10, 3),
        ("servitors", 8, 2),
    ],
)
def test_glory_criteria(tables: Tables, kind: str, value: int, glory: int) -> None:
    assert any((c.kind, c.value, c.glory) == (kind, value, glory) for c in tables.glory)


def test_the_money_criteria_are_there(tables: Tables) -> None:
    money = [c for c in tables.glory if c.kind == "aurei"]
    assert money
    assert [c.value for c in money] == sorted(c.value for c in money)


# --- broken data ----------------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(data.DATA_DIR, target)
    return target


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(folder: Path, *words: str) -> str:
    with pytest.raises(DataError) as caught:
        load_tables(str(folder))
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def test_a_copied_folder_loads(folder: Path) -> None:
    assert load_tables(str(folder)).ranks == load_tables().ranks


def test_data_error_is_a_colosseum_error() -> None:
    assert issubclass(DataError, ColosseumError)


def test_a_missing_folder(tmp_path: Path) -> None:
    refused(tmp_path / "nowhere", "does not exist")


def test_a_missing_file(folder: Path) -> None:
    (folder / "usury.toml").unlink()
    refused(folder, "usury.toml", "missing")


def test_not_toml(folder: Path) -> None:
    (folder / "glory.toml").write_text("[[criterion]\n", encoding="utf-8")
    refused(folder, "glory.toml", "not valid TOML")


def test_an_unknown_key(folder: Path) -> None:
    edit(folder, "hiring.toml", "cost = 750\n", "cost = 750\nbribe = 5\n")
    refused(folder, "hiring.toml", "gladiator.2.bribe")


def test_an_unknown_top_level_key(folder: Path) -> None:
    edit(folder, "career.toml", "[start]\n", "[start]\nluck = 1\n")
    refused(folder, "career.toml", "start.luck")


def test_a_wrong_type(folder: Path) -> None:
    edit(folder, "maintenance.toml", "per_pip = 25", 'per_pip = "lots"')
    refused(folder, "maintenance.toml", "rank.2.per_pip")


def test_a_stated_value_changed(folder: Path) -> None:
    edit(folder, "purchases.toml", "cost = 250\n", "cost = 260\n")
    refused(folder, "purchases.toml", "gladiator.palus.cost", "260", "250")


@pytest.mark.parametrize(
    ("name", "old", "new", "field"),
    [
        ("career.toml", "aurei = 50\n", "aurei = 60\n", "start.aurei"),
        ("arena.toml", "per_point = 750", "per_point = 700", "arena.coliseum.per_point"),
        ("fatum.toml", "high = 4\n", "high = 5\n", "row.2.high"),
        ("wounds.toml", 'bitten = "dead"', 'bitten = "convalescent"', "row.2.bitten"),
        ("sales.toml", "5500, 8000]", "5500, 9000]", "gladiator.secundus_palus.prices"),
        ("usury.toml", "aurei = 1500", "aurei = 1200", "max_loan.4.aurei"),
        ("servitors.toml", "[1, 3, 7]", "[1, 3, 6]", "servitor.sacerdos.gives.prima"),
        ("glory.toml", "glory = 3", "glory = 4", "criterion.popularity_10.glory"),
        ("ranks.toml", 'name = "Palus"', 'name = "Pallus"', "rank.palus.name"),
        ("upgrades.toml", 'upgrade = "mp"', 'upgrade = "talent"', "roll.5.upgrade"),
    ],
)
def test_stated_values_are_enforced(
    folder: Path, name: str, old: str, new: str, field: str
) -> None:
    edit(folder, name, old, new)
    refused(folder, name, field)


def test_a_stated_chart_cell_is_enforced(folder: Path) -> None:
    edit(
        folder,
        "arena.toml",
        '"provincial", "provincial_capital", "provincial_capital", "provincial_capital", "italian"',
        '"provincial", "provincial_capital", "provincial_capital", "italian", "italian"',
    )
    refused(folder, "arena.toml", "result.11.arenas.3")


def test_a_missing_row(folder: Path) -> None:
    edit(folder, "hiring.toml", 'rank = "primus_palus"', 'rank = "primus"')
    refused(folder, "hiring.toml", "gladiator.primus_palus.cost", "missing")


def test_a_missing_chosen_row(folder: Path) -> None:
    text = (folder / "usury.toml").read_text(encoding="utf-8")
    start = text.index("[[loan.interest]]\nroll = 6")
    end = text.index("[lent]")
    (folder / "usury.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    refused(folder, "usury.toml", "loan.interest rolls", "missing [6]")


def test_a_missing_rank(folder: Path) -> None:
    text = (folder / "maintenance.toml").read_text(encoding="utf-8")
    start = text.index('[[rank]]\nrank = "primus_palus"')
    (folder / "maintenance.toml").write_text(text[:start], encoding="utf-8")
    refused(folder, "maintenance.toml", "rank.primus_palus")


def test_a_falling_chart_is_refused(folder: Path) -> None:
    edit(
        folder,
        "arena.toml",
        'total = 12\narenas = ["provincial"',
        'total = 12\narenas = ["illegal"',
    )
    refused(folder, "arena.toml", "result.12.arenas.0")


def test_an_unknown_arena_is_refused(folder: Path) -> None:
    edit(folder, "arena.toml", 'total = 9\narenas = ["provincial"', 'total = 9\narenas = ["circus"')
    refused(folder, "arena.toml", "result.9.arenas", "circus")


def test_a_gap_in_a_roll_table_is_refused(folder: Path) -> None:
    edit(folder, "wounds.toml", "low = 6\nhigh = 7", "low = 6\nhigh = 6")
    refused(folder, "wounds.toml", "row")


def test_an_unknown_servitor_benefit(folder: Path) -> None:
    edit(folder, "servitors.toml", "gives = { income", "gives = { bribes = [1, 2, 3], income")
    refused(folder, "servitors.toml", "servitor.0.gives.bribes")


def test_a_stated_mark_on_no_field(folder: Path) -> None:
    edit(
        folder,
        "ranks.toml",
        'stated = ["name", "stars", "popularity", "upgrades"]',
        'stated = ["nme"]',
    )
    refused(folder, "ranks.toml", "stated names unknown field")


def test_chosen_values_are_editable(folder: Path) -> None:
    edit(folder, "ranks.toml", "experience = 5 ", "experience = 6 ")
    edit(folder, "servitors.toml", "trained = [1, 3, 6]", "trained = [1, 3, 5]")
    edit(folder, "sales.toml", "7500, 9500]", "7500, 10000]")
    tables = load_tables(str(folder))
    assert tables.rank("palus").experience == 6
    assert tables.servitor("doctor").value("trained", 3) == 5
    assert tables.servitor_sale[2][6] == 10000


def test_the_doctor_cannot_train_four_at_three_stars(folder: Path) -> None:
    edit(folder, "servitors.toml", "trained = [1, 3, 6]", "trained = [1, 3, 4]")
    refused(folder, "servitors.toml", "servitor.doctor.gives.trained.2", "(5, 6)")
