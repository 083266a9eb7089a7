"""The tables of the Jugula Careers campaign: `load_tables` and the frozen `Tables` it returns
(defined in `tables.py`, and named here too).

The numbers live in `data/*.toml`, each value marked `stated` (the rulebook gives it) or chosen
by Colosseum (docs/rules/jugula-careers.md says why). `data_files.py` checks every file against
its schema (unknown keys refused) and against every fact the rulebook states (`data_facts.py`)
and builds the `Tables`; the bundled files' tables are kept checked between processes
(`core/data_cache.py`), so a process that finds them there never imports the schemas. A user
may point it at a folder of their own.
"""

from __future__ import annotations

from functools import cache

from ..core.data_cache import bundled_or_read
from .tables import (
    ARENAS,
    DATA_DIR,
    FILES,
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

__all__ = [
    "ARENAS",
    "DATA_DIR",
    "FILES",
    "RANKS",
    "SERVITORS",
    "TOTALS",
    "Arena",
    "Benefit",
    "Criterion",
    "Experience",
    "Interest",
    "Kind",
    "Liberatio",
    "Ludus",
    "Rank",
    "RollTable",
    "Servitor",
    "Start",
    "Status",
    "Step",
    "Tables",
    "Upgrade",
    "Variants",
    "load_tables",
]


@cache
def load_tables(folder: str = "") -> Tables:
    """The validated tables of `folder` (empty: the bundled data, kept validated between
    processes); DataError says what is wrong."""
    return bundled_or_read("careers-tables", Tables, folder, _read)


def _read(folder: str) -> Tables:
    from .data_files import read_tables  # the schemas and checks, for a file read anew

    return read_tables(folder)
