"""Load on the game server: TABLES tables (Ludus, or the --games in turn), each with 2 scripted
WebSocket clients on loopback playing random legal actions for SECONDS; a table that ends is
replaced by a new one.

Measures accepted actions/s, the latency from sending an action to both seats' updates
(p50/p95/p99, the warm-up left out), the server's memory (resident set), and checks that no
action was lost or applied twice: each table's stored record holds exactly the actions the
clients sent and saw accepted, and each client saw versions 1, 2, ... with no gap and no repeat.

    .venv/bin/python benchmarks/web_load.py [--tables 100] [--seconds 60] [--rate 600]
        [--warmup 5] [--games ludus,ludi,jugula] [--board] [--database URL] [--url URL]

The server is a real `colosseum serve` in a child process (SQLite in a temporary folder
unless --database names another store), or the one already running at --url; the clients run
in this process, on the same machine. A seat thinks after each update before it acts, a random
time of mean TABLES/RATE s, so the clients offer about RATE actions/s in all (`--rate 0`: no
thinking, each table always has an action in flight); a little less is accepted, since each
table also waits for its updates and a table that ends is replaced. The clients are scripted:
they ask for states without the SVG board (`"board": false` in the hello); `--board` has them
ask for it as the table page does, so the server draws it for both seats after every action.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.server import LiveServer

from colosseum.store import Store


@dataclass
class Table:
    """One table and what its two clients saw."""

    id: str
    tokens: list[str]
    sent: dict[int, float] = field(default_factory=dict)  # version -> time the action left
    actions: dict[int, str] = field(default_factory=dict)  # version -> the action sent
    seen: list[dict[int, float]] = field(default_factory=lambda: [{}, {}])
    versions: list[list[int]] = field(default_factory=lambda: [[], []])
    refused: int = 0
    over: bool = False


@dataclass(frozen=True)
class Pace:
    """How the clients play: with the board or without; the mean time a seat thinks after
    an update before it acts (0: not at all); from when latencies count (after warm-up)."""

    board: bool
    think: float
    measured_from: float


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


async def new_table(http: httpx.AsyncClient, game: str) -> Table:
    response = await http.post(
        "/api/tables",
        json={"game": game, "players": ["human", "human"], "private": True},
    )
    response.raise_for_status()
    created = response.json()
    return Table(created["id"], [s["token"] for s in created["seats"]])


async def seat_loop(
    socket: ClientConnection,
    table: Table,
    seat: int,
    pace: Pace,
    rng: random.Random,
    stop: float,
    totals: Totals,
    done: asyncio.Event,
) -> None:
    await socket.send(
        json.dumps(
            {"type": "hello", "token": table.tokens[seat], "version": 0, "board": pace.board}
        )
    )
    while time.monotonic() < stop and not done.is_set():
        try:
            text = await asyncio.wait_for(socket.recv(), timeout=max(0.01, stop - time.monotonic()))
        except TimeoutError:
            break
        message = json.loads(text)
        if message["type"] == "error":
            table.refused += 1
            continue
        if message["type"] != "state":
            continue
        version = message["version"]
        if version > 0 and (not table.versions[seat] or version != table.versions[seat][-1]):
            table.versions[seat].append(version)
        now = time.monotonic()
        table.seen[seat].setdefault(version, now)
        sent = table.sent.get(version - 1)
        other = table.seen[1 - seat].get(version)
        if sent is not None and other is not None and sent >= pace.measured_from:
            totals.latencies.append(max(now, other) - sent)
        if message["terminal"]:
            table.over = True
            done.set()
            break
        if message["current"] == seat and message["legal"] and version not in table.actions:
            action = rng.choice(message["legal"])["notation"]
            table.actions[version] = action
            if pace.think:  # a player thinks after seeing the update, `think` s on average
                await asyncio.sleep(rng.expovariate(1 / pace.think))
            table.sent[version] = time.monotonic()
            await socket.send(json.dumps({"type": "action", "action": action, "version": version}))


async def pair(
    base: str,
    http: httpx.AsyncClient,
    pace: Pace,
    game: str,
    seed: int,
    stop: float,
    totals: Totals,
) -> None:
    """Two clients at a table of `game`; a new table when one ends, until the time is up."""
    rng = random.Random(seed)
    ws = base.replace("http", "ws", 1)
    while time.monotonic() < stop:
        table = await new_table(http, game)
        totals.tables.append(table)
        done = asyncio.Event()
        async with (
            connect(f"{ws}/ws/tables/{table.id}") as first,
            connect(f"{ws}/ws/tables/{table.id}") as second,
        ):
            await asyncio.gather(
                seat_loop(first, table, 0, pace, rng, stop, totals, done),
                seat_loop(second, table, 1, pace, rng, stop, totals, done),
            )


def check(database: str, totals: Totals) -> tuple[int, int, int]:
    """(accepted actions, lost, duplicated) over every table, read from the store itself:
    an action sent and acknowledged but not stored, or stored in another's place, is lost;
    a stored action no client sent, or a version pushed twice to a client, is duplicated."""
    store = Store(database)
    accepted = lost = duplicated = 0
    try:
        for table in totals.tables:
            stored = store.tables.load(table.id)
            assert [a.seq for a in stored] == list(range(1, len(stored) + 1))
            accepted += len(stored)
            acknowledged = max((max(v, default=0) for v in table.versions), default=0)
            for version, action in table.actions.items():
                if version < len(stored):
                    lost += stored[version].notation != action
                elif version < acknowledged:
                    lost += 1
            duplicated += sum(1 for version in range(len(stored)) if version not in table.actions)
            duplicated += sum(len(v) - len(set(v)) for v in table.versions)
    finally:
        store.close()
    return accepted, lost, duplicated


def commit() -> str:
    """The commit measured (with `+` when the work tree differs from it)."""
    here = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def run(
    args: argparse.Namespace, url: str, server: LiveServer | None
) -> tuple[Totals, dict[str, Any]]:
    totals = Totals()
    limits = httpx.Limits(max_connections=args.tables * 2)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as http:
        started = time.monotonic()
        stop = started + args.seconds
        think = args.tables / args.rate if args.rate else 0.0
        pace = Pace(args.board, think, started + args.warmup)
        games = [args.games[i % len(args.games)] for i in range(args.tables)]
        await asyncio.gather(
            *(pair(url, http, pace, games[i], i, stop, totals) for i in range(args.tables))
        )
        elapsed = time.monotonic() - started
        memory = float("nan")
        if server is not None and server.process is not None:
            memory = resident_mb(server.process.pid)
    latencies = sorted(totals.latencies)
    quantile = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return totals, {
        "tables": args.tables,
        "tables_played": len(totals.tables),
        "seconds": round(elapsed, 1),
        "games": args.games,
        "board": args.board,
        "offered_per_s": args.rate or "as fast as answered",
        "warmup_s": args.warmup,
        "elapsed": elapsed,
        "latency_ms": {
            "p50": round(quantile[49] * 1000, 1),
            "p95": round(quantile[94] * 1000, 1),
            "p99": round(quantile[98] * 1000, 1),
        },
        "server_rss_mb": round(memory, 1),
        "refused": sum(t.refused for t in totals.tables),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--rate",
        type=float,
        default=600.0,
        help="actions/s the clients offer in all: a seat thinks a random time (exponential, "
        "mean TABLES/RATE s) after each update before acting; 0: no thinking at all",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds at the start (100 tables created at once) left out of the latencies",
    )
    parser.add_argument(
        "--games",
        type=lambda text: [g.strip() for g in text.split(",") if g.strip()],
        default=["ludus"],
        help="the games of the tables, in turn (e.g. ludus,ludi,jugula)",
    )
    parser.add_argument(
        "--board", action="store_true", help="ask for the SVG board, as the table page does"
    )
    parser.add_argument("--database", default=None)
    parser.add_argument("--url", default=None, help="a server already running on --database")
    args = parser.parse_args()
    if args.url and not args.database:
        parser.error("--url needs the --database that server uses, to check what it stored")
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'load.db'}"
        server = None if args.url else LiveServer(database, Path(folder) / "server.log").start()
        try:
            totals, result = asyncio.run(run(args, args.url or server.url, server))
        finally:
            if server is not None:
                server.stop()
        accepted, lost, duplicated = check(database, totals)
    elapsed = result.pop("elapsed")
    result.update(
        actions=accepted,
        actions_per_s=round(accepted / elapsed, 1),
        lost=lost,
        duplicated=duplicated,
        command=" ".join(["benchmarks/web_load.py", *sys.argv[1:]]),
        date=time.strftime("%Y-%m-%d"),
        commit=commit(),
    )
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
