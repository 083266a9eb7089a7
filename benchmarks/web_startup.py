"""Start-up of the game server with many unfinished tables (issue 43, finding 10): TABLES
unfinished two-person Ludus tables, where a person decides, and COMPUTER more where a computer
seat decides, made in a fresh SQLite store directly through the store; then the time of the
app's start-up (entering its TestClient: the store opened, the tables waiting for a computer
seat found and woken), median of ROUNDS starts.

    .venv/bin/python benchmarks/web_startup.py [--tables 10000] [--computer 100] [--rounds 3]
        [--database URL]

Start-up must not grow with the tables where a person decides (target: under 2 s at 10,000):
they are loaded when first asked for, never replayed at start-up.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import insert

import colosseum
from colosseum.store import COMPUTER_DECIDES, HUMAN_DECIDES, Store
from colosseum.store.schema import game_tables, table_seats
from colosseum.web.app import create_app
from colosseum.web.commitment import new_salt

with warnings.catch_warnings():  # starlette's client warns that httpx will be replaced
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

GAME = "ludus-gladiatorius"
BATCH = 1000  # tables inserted in one statement


def first_seat(seat: int) -> int:
    """A seed at which `seat` of a two-seat Ludus table decides first."""
    return next(s for s in range(1000) if colosseum.new_game(GAME, 2, s).current_player == seat)


def make_tables(store: Store, people: int, computer: int) -> None:
    """`people` tables where a person decides and `computer` where a computer seat does, each
    stored as the table service stores a new table (seats claimed, a salt, who decides)."""
    version = colosseum.new_game(GAME, 2, 0).version
    now = datetime.now(UTC)
    seed = first_seat(0)  # seat 0 decides first: a person's, or a computer's
    specs = [("human", HUMAN_DECIDES)] * people + [("random", COMPUTER_DECIDES)] * computer
    for start in range(0, len(specs), BATCH):
        tables: list[dict[str, Any]] = []
        seats: list[dict[str, Any]] = []
        for first, decider in specs[start : start + BATCH]:
            table_id = uuid.uuid4().hex[:12]
            tables.append(
                {
                    "id": table_id,
                    "game": GAME,
                    "version": version,
                    "players": 2,
                    "options": {},
                    "seed": seed,
                    "private": False,
                    "length": 0,
                    "status": "playing",
                    "created": now,
                    "updated": now,
                    "hints": False,
                    "practice": False,
                    "salt": new_salt(),
                    "decider": decider,
                }
            )
            for seat, kind in enumerate((first, "human")):
                token = uuid.uuid4().hex if kind == "human" else None
                seats.append(
                    {
                        "table_id": table_id,
                        "seat": seat,
                        "kind": kind,
                        "name": f"S{seat}",
                        "token_hash": token,
                        "claimed": True,
                    }
                )
        with store.engine.begin() as connection:
            connection.execute(insert(game_tables), tables)
            connection.execute(insert(table_seats), seats)


def start_up(database: str) -> float:
    """Seconds from the app's creation to the end of its start-up."""
    began = time.perf_counter()
    client = TestClient(create_app(database, workers=0))
    client.__enter__()
    took = time.perf_counter() - began
    client.__exit__(None, None, None)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000, help="where a person decides")
    parser.add_argument("--computer", type=int, default=100, help="where a computer decides")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database", help="a SQLAlchemy URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'startup.db'}"
        store = Store(database)
        began = time.perf_counter()
        make_tables(store, args.tables, args.computer)
        made = time.perf_counter() - began
        total = store.tables.count()
        store.close()
        print(f"{total} tables stored in {made:.1f} s; {args.computer} wait for a computer seat")
        times = [start_up(database) for _ in range(args.rounds)]
        print(
            f"start-up: median {statistics.median(times):.3f} s "
            f"(each: {', '.join(f'{t:.3f}' for t in times)})"
        )


if __name__ == "__main__":
    sys.exit(main())
