"""Careers at any length (issue 53): the careers commands, the reading of a campaign and its
web page on campaigns of about 50, 500, 5,000 and 50,000 events, on SQLite and PostgreSQL.

    .venv/bin/python benchmarks/careers_length.py [--sizes 50,500,5000,50000] [--repeat 5]
        [--database sqlite|postgresql|both] [--cache FOLDER] [--seed 1]
        (PostgreSQL: COLOSSEUM_TEST_POSTGRES_URL; `source .ci/postgres.sh` starts one)

Each campaign is played in-process through the Campaign API, as `career simulate` plays one
(eight ludi, program dice, random players in the engine, the thrifty manager) but with a Glory
target no ludus reaches, until it holds at least SIZE events (whole combats: a few more). Each
size is built once into a SQLite file kept in the cache folder and reused while it replays;
PostgreSQL gets a bulk copy of its rows (every table named `campaign*` and `events`, found by
reflection). `career verify` checks every campaign measured.

Measured, the median of REPEAT runs: `career show`, `career history` and `career standings` as
whole processes (and the bytes they print); `Campaign.open` in-process (the store opened
once; the first open reported apart); the campaign's page `GET /careers/NAME` through the
app's TestClient (bytes, first and median time); then the writes, on a copy of the campaign:
a one-event write as a process (`career new`: a ludus founded, its four gladiators and servitor
bought; no career command buys outside a fight's post-arena sequence), a combat as a process
(`career fight A B --auto -p random,random`) and the time its events took to store, in-process.

Prints one JSON line per database and size, one line of the targets per database, and a table
with the targets of issue 53 marked on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, MetaData, Table, delete, insert, select

from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import ProgramDice
from colosseum.careers.manager import Thrifty
from colosseum.careers.sequence import engine_arena, run_combat
from colosseum.careers.sheet import CareerError
from colosseum.careers.simulate import NAMES
from colosseum.games.jugula.data import load_catalog
from colosseum.store import Store
from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

with warnings.catch_warnings():  # starlette's client warns that httpx will be replaced
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

SIZES = (50, 500, 5000, 50000)
UNREACHABLE = 1_000_000  # the Glory target: no ludus wins, the campaign goes on
BATCH = 5000  # rows copied to PostgreSQL in one statement
FORMAT = 1  # of the cached files: raise it when the way campaigns are built changes
ARMATURAE = ("thraex", "retiarius", "veles", "murmillo")
COLOSSEUM = Path(sys.executable).with_name("colosseum")


PYCACHE = Path(tempfile.gettempdir()) / "colosseum-pycache"  # the commands' bytecode


def campaign_name(size: int) -> str:
    return f"length {size}"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- building ---------------------------------------------------------------------------------


def _found(campaign: Campaign, rng: random.Random, lanista: str) -> None:
    catalog, tables = load_catalog(), load_tables()
    armaturae = rng.sample([a.code for a in catalog.armaturae], tables.start.gladiators)
    campaign.record(
        "ludus_created",
        {
            "lanista": lanista,
            "gladiators": [[f"{a.capitalize()} of {lanista}", a] for a in armaturae],
            "servitor": rng.choice([s.code for s in tables.servitors]),
        },
    )


def build(url: str, size: int, seed: int) -> dict[str, Any]:
    """A campaign of at least `size` events in the store at `url`: eight ludi fighting pairs
    drawn at random, whole combats; a ludus gone bankrupt is replaced by a new one."""
    start = time.perf_counter()
    store = Store(url)
    rng = random.Random(seed)
    campaign = Campaign.create(store, campaign_name(size), glory_target=UNREACHABLE)
    founded = 0
    for lanista in NAMES:
        _found(campaign, rng, lanista)
    manager = Thrifty(seed)
    combats = refused = 0
    while campaign.seq < size:
        if len(campaign.sheets) < 2:
            founded += 1
            _found(campaign, rng, f"{NAMES[founded % len(NAMES)]} {founded}")
            continue
        pair = rng.sample(list(campaign.sheets), 2)
        arena = engine_arena(["random", "random"], rng.getrandbits(32))
        try:
            run_combat(campaign, pair, ProgramDice(rng.getrandbits(32)), manager, arena)
        except CareerError:  # a ludus that cannot field its familia: another pair
            refused += 1
            if refused > 50 * (combats + 1):
                raise
            continue
        combats += 1
    store.engine.dispose()
    return {
        "events": campaign.seq,
        "combats": combats,
        "build_s": round(time.perf_counter() - start, 1),
    }


def cached(cache: Path, size: int, seed: int) -> tuple[Path, dict[str, Any]]:
    """The SQLite file of the campaign of `size` events, built unless the cache holds it."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"careers_length_{size}_s{seed}_v{FORMAT}.db"
    about = path.with_suffix(".json")
    if path.exists() and about.exists():
        return path, {**json.loads(about.read_text()), "cached": True}
    partial = path.with_suffix(".part")
    partial.unlink(missing_ok=True)
    log(f"building a campaign of {size} events ...")
    built = build(f"sqlite:///{partial}", size, seed)
    partial.replace(path)
    about.write_text(json.dumps(built))
    log(f"  {built['events']} events, {built['combats']} combats, {built['build_s']} s")
    return path, {**built, "cached": False}


def _campaign_tables(engine: Engine) -> list[Table]:
    """The reflected tables of the campaigns, `campaigns` first, then every other `campaign*`
    and `events`."""
    metadata = MetaData()
    metadata.reflect(engine)
    wanted = [t for t in metadata.sorted_tables if t.name.startswith("campaign")]
    wanted.append(metadata.tables["events"])
    return sorted(wanted, key=lambda t: t.name != "campaigns")


def _campaign_column(table: Table) -> str | None:
    """The column of `table` naming a campaign (a foreign key to campaigns.id)."""
    for key in table.foreign_keys:
        if key.column.table.name == "campaigns":
            return str(key.parent.name)
    return None


def copy_campaign(source: str, target: str, name: str) -> dict[str, Any]:
    """The campaign `name` of the store `source` copied into `target` (any one of that name
    there deleted first), row by row in bulk, the campaign's id renumbered."""
    start = time.perf_counter()
    reading, writing = Store(source).engine, Store(target).engine
    tables, targets = _campaign_tables(reading), _campaign_tables(writing)
    by_name = {t.name: t for t in targets}
    with reading.connect() as read, writing.begin() as write:
        old = by_name["campaigns"]
        gone = write.execute(select(old.c.id).where(old.c.name == name)).scalar()
        if gone is not None:
            for table in reversed(targets):
                column = "id" if table.name == "campaigns" else _campaign_column(table)
                if column is not None:
                    write.execute(delete(table).where(table.c[column] == gone))
        first = tables[0]
        row = read.execute(select(first).where(first.c.name == name)).mappings().one()
        key = row["id"]
        new = write.execute(
            insert(by_name["campaigns"]).values({k: v for k, v in row.items() if k != "id"})
        ).inserted_primary_key
        assert new is not None
        rows = 0
        for table in tables[1:]:
            column = _campaign_column(table)
            if column is None or table.name not in by_name:
                continue
            # an own integer id (events.id) is numbered anew by the target
            own = [c.name for c in table.primary_key if c.name != column and c.autoincrement]
            result = read.execute(select(table).where(table.c[column] == key))
            while chunk := result.mappings().fetchmany(BATCH):
                values = [
                    {**{k: v for k, v in r.items() if k not in own}, column: new[0]} for r in chunk
                ]
                write.execute(insert(by_name[table.name]), values)
                rows += len(values)
    reading.dispose()
    writing.dispose()
    return {"rows": rows, "copy_s": round(time.perf_counter() - start, 1)}


# --- measuring --------------------------------------------------------------------------------


def timed(work: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median time of `repeat` runs of `work`, and its last answer."""
    times, answer = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), answer


def career(args: Sequence[str], url: str, home: Path) -> subprocess.CompletedProcess[bytes]:
    """`colosseum career ARGS --database URL` as a whole process."""
    environment = {**os.environ, "XDG_DATA_HOME": str(home), "COLUMNS": "120"}
    environment.pop("COLOSSEUM_DATABASE_URL", None)
    # compiled once and kept, as an installed package's bytecode is (not the source compiled
    # anew by every process, which PYTHONDONTWRITEBYTECODE would make the figure measure)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    return subprocess.run(
        [str(COLOSSEUM), "career", *args, "--database", url],
        capture_output=True,
        env=environment,
        timeout=600,
        check=False,
    )


def once(
    args: Sequence[str], url: str, home: Path
) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    """The time of one run of the command, and how it ended."""
    start = time.perf_counter()
    done = career(args, url, home)
    return time.perf_counter() - start, done


def process(args: Sequence[str], url: str, home: Path, repeat: int) -> tuple[float, int]:
    """The median time of the command and the bytes it printed; it must succeed."""
    seconds, done = timed(lambda: career(args, url, home), repeat)
    if done.returncode != 0:
        raise SystemExit(f"career {' '.join(args)} failed: {done.stderr.decode()[-2000:]}")
    return seconds, len(done.stdout)


@contextmanager
def store_timer(store: Store) -> Iterator[list[float]]:
    """The times of the appends `store.campaigns` makes meanwhile."""
    spent: list[float] = []
    original = store.campaigns.append

    def append(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - start)

    store.campaigns.append = append  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        del store.campaigns.append


def page(url: str, name: str, repeat: int) -> dict[str, Any]:
    """`GET /careers/NAME` on the app over this store: bytes, first and median time."""
    app = create_app(url, workers=0, settings=ServerSettings(rate_limits={}))
    address = f"/careers/{name}"
    with TestClient(app, raise_server_exceptions=False) as client:
        start = time.perf_counter()
        first = client.get(address)
        first_s = time.perf_counter() - start
        if first.status_code != 200:
            raise SystemExit(f"GET {address}: {first.status_code} {first.text[:500]}")
        seconds, _ = timed(lambda: client.get(address), repeat)
    return {"page_bytes": len(first.content), "page_first_s": first_s, "page_s": seconds}


def fighters(url: str, name: str) -> list[str]:
    """Two ludi of the campaign not in a combat."""
    campaign = Campaign.open(Store(url), name)
    free = [n for n in campaign.sheets if campaign.combat_of(n) is None]
    return free[:2]


def measure(url: str, size: int, repeat: int, seed: int, home: Path) -> dict[str, Any]:
    name = campaign_name(size)
    found: dict[str, Any] = {}
    verify_s, done = once(["verify", name], url, home)
    found["verified"] = done.returncode == 0
    found["verify_s"] = verify_s
    if done.returncode == 2:  # an event that does not replay: nothing to measure
        raise SystemExit(
            f"career verify {name!r}: {done.stdout.decode()[-2000:]}\n(a campaign cached "
            "under older rules: empty the --cache folder to build it anew)"
        )
    if not found["verified"]:  # the command failed, not the campaign: said, and measured on
        why = (done.stderr or done.stdout).decode().strip().splitlines()
        log(f"  career verify {name!r} failed: {why[-1] if why else done.returncode}")
    for command in ("show", "history", "standings"):
        seconds, printed = process([command, name], url, home, repeat)
        found[f"{command}_s"], found[f"{command}_bytes"] = seconds, printed
    store = Store(url)
    start = time.perf_counter()
    campaign = Campaign.open(store, name)
    found["open_first_s"] = time.perf_counter() - start
    found["events"] = campaign.seq
    found["open_s"], _ = timed(lambda: Campaign.open(store, name), repeat)
    store.engine.dispose()
    found.update(page(url, name, repeat))
    # the writes, last: they lengthen the campaign
    news, fights = [], []
    for number in range(repeat):
        four = ",".join(f"Novus{number}x{i}:{a}" for i, a in enumerate(ARMATURAE))
        args = ["new", name, f"Novus {number}", "-g", four, "--servitor", "medicus"]
        news.append(once(args, url, home))
    for number in range(repeat):
        pair = fighters(url, name)
        args = ["fight", name, *pair, "--auto", "-p", "random,random", "-s", str(number)]
        fights.append(once(args, url, home))
    for what, runs in (("new_ludus", news), ("fight", fights)):
        failed = [done for _, done in runs if done.returncode != 0]
        if failed:
            raise SystemExit(f"career {what} failed: {failed[0].stderr.decode()[-2000:]}")
        found[f"{what}_s"] = statistics.median(seconds for seconds, _ in runs)
    store = Store(url)
    campaign = Campaign.open(store, name)
    rng = random.Random(seed)
    stored: list[float] = []
    for _ in range(repeat):
        pair = [n for n in campaign.sheets if campaign.combat_of(n) is None][:2]
        arena = engine_arena(["random", "random"], rng.getrandbits(32))
        with store_timer(store) as spent:
            run_combat(campaign, pair, ProgramDice(rng.getrandbits(32)), Thrifty(seed), arena)
        stored.append(sum(spent))
    found["fight_store_s"] = statistics.median(stored)
    store.engine.dispose()
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in found.items()}


# --- targets and summary --------------------------------------------------------------------


def targets(lines: dict[int, dict[str, Any]]) -> dict[str, bool | None]:
    """Issue 53's targets: None where a size they need was not measured."""
    small, mid, large = lines.get(50), lines.get(5000), lines.get(50000)
    return {
        "show_under_0.3s_at_5000": None if mid is None else mid["show_s"] < 0.3,
        "show_at_5000_within_1.5x_of_50": (
            None if mid is None or small is None else mid["show_s"] <= 1.5 * small["show_s"]
        ),
        "open_at_50000_within_2x_of_50": (
            None if large is None or small is None else large["open_s"] <= 2 * small["open_s"]
        ),
        "page_under_200kB_at_5000": None if mid is None else mid["page_bytes"] < 200_000,
        "page_under_100ms_at_5000": None if mid is None else mid["page_s"] < 0.1,
    }


COLUMNS = (
    ("events", "events", "{:>7}"),
    ("show_s", "show s", "{:>7.3f}"),
    ("history_s", "hist s", "{:>7.3f}"),
    ("standings_s", "stand s", "{:>7.3f}"),
    ("open_s", "open s", "{:>7.3f}"),
    ("page_bytes", "page kB", "{:>7.0f}"),
    ("page_s", "page ms", "{:>7.1f}"),
    ("new_ludus_s", "new s", "{:>7.3f}"),
    ("fight_s", "fight s", "{:>7.3f}"),
    ("fight_store_s", "store s", "{:>7.3f}"),
)


def summary(database: str, lines: dict[int, dict[str, Any]], marks: dict[str, Any]) -> str:
    header = f"{database:<10} {'size':>6} " + " ".join(f"{t:>7}" for _, t, _ in COLUMNS)
    rows = [header]
    for size, line in sorted(lines.items()):
        cells = []
        for key, _, form in COLUMNS:
            value = line[key]
            value = value / 1000 if key == "page_bytes" else value
            value = value * 1000 if key == "page_s" else value
            cells.append(form.format(value))
        rows.append(f"{'':<10} {size:>6} " + " ".join(cells))
    words = {True: "pass", False: "FAIL", None: "not measured"}
    rows += [f"  {name}: {words[mark]}" for name, mark in marks.items()]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "colosseum")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = sorted({int(s) for s in args.sizes.split(",")})
    databases = ["sqlite", "postgresql"] if args.database == "both" else [args.database]
    postgres = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL", "")
    if "postgresql" in databases and not postgres:
        sys.exit("COLOSSEUM_TEST_POSTGRES_URL is not set (source .ci/postgres.sh)")
    if not COLOSSEUM.exists():
        sys.exit(f"{COLOSSEUM} is missing: run with the venv's python (.venv/bin/python)")
    built = {size: cached(args.cache, size, args.seed) for size in sizes}
    tables = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for database in databases:
            lines: dict[int, dict[str, Any]] = {}
            for size in sizes:
                path, about = built[size]
                work = home / f"{database}-{size}.db"  # a file of its own: no WAL of another
                shutil.copyfile(path, work)  # the writes measured leave the cache as it was
                line: dict[str, Any] = {
                    "database": database,
                    "size": size,
                    "build_s": about["build_s"],
                    "built_combats": about["combats"],
                    "cached": about["cached"],
                }
                url = f"sqlite:///{work}"
                if database == "postgresql":
                    line.update(copy_campaign(url, postgres, campaign_name(size)))
                    url = postgres
                log(f"measuring {database} at {size} events ...")
                line.update(measure(url, size, args.repeat, args.seed, home))
                work.unlink()
                lines[size] = line
                print(json.dumps(line), flush=True)
            marks = targets(lines)
            print(json.dumps({"database": database, "targets": marks}), flush=True)
            tables.append(summary(database, lines, marks))
    log("\n" + "\n\n".join(tables))


if __name__ == "__main__":
    main()
