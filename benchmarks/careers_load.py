"""Careers under load: N writer processes sharing one campaign, each running careers
commands (`fight --auto` in the engine with random players, `new`, `show`, `standings`) through
the CLI, on SQLite and PostgreSQL.

    .venv/bin/python benchmarks/careers_load.py [--writers 8] [--commands 200]
        [--database sqlite|postgresql|both]   (PostgreSQL: COLOSSEUM_TEST_POSTGRES_URL)

Prints, per database: commands/s, the appends refused and retried (optimistic concurrency),
the commands refused with a clear message, and the check of the stored log: events numbered
without gaps, every event replays, one `combat_ended` per fight reported done and one ludus
per `new` reported done (0 lost or broken events).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import typer
from typer.testing import CliRunner

from colosseum.careers.campaign import Campaign
from colosseum.cli.app import app
from colosseum.store import CampaignLog, Store

ARMATURAE = ("thraex", "retiarius", "veles", "murmillo")


def _new(campaign: str, lanista: str, url: str) -> list[str]:
    four = ",".join(f"{lanista}{i}:{a}" for i, a in enumerate(ARMATURAE))
    return ["career", "new", campaign, lanista, "-g", four, "--servitor", "medicus"]


class Writer(CliRunner):
    """Runs `colosseum` commands in this process, the command line built once as a process
    builds it at its start (`CliRunner.invoke` builds it anew for every command: 16 ms on
    this machine, more than a `show` costs); (exit code, everything printed)."""

    def __init__(self) -> None:
        super().__init__()
        self.command = typer.main.get_command(app)

    def run(self, args: list[str]) -> tuple[int, str]:
        with self.isolation() as (_, _, output):
            try:
                self.command.main(args=args, prog_name="colosseum")
                code = 0
            except SystemExit as ended:
                code = ended.code if isinstance(ended.code, int) else 1
            except Exception:  # a crash: counted, not raised
                code = 1
            sys.stdout.flush()
            sys.stderr.flush()
            return code, output.getvalue().decode(errors="replace")


def writer(number: int, campaign: str, url: str, commands: int, report: str) -> None:
    """One writer: its own two ludi fight each other (its lanista looks at his sheet); it
    also races the others to create shared ludi, and reads the standings."""
    runner = Writer()
    mine = [f"W{number}a", f"W{number}b"]
    done: dict[str, int] = {"ok": 0, "refused": 0, "fights": 0, "news": 0, "crashed": 0}
    for i in range(commands):
        kind = i % 4
        if kind == 0:
            args = [
                "career",
                "fight",
                campaign,
                *mine,
                "--auto",
                "-p",
                "random,random",
                "-s",
                str(number * 100_000 + i),
            ]
        elif kind == 1:
            args = ["career", "show", campaign, mine[(i // 4) % 2]]
        elif kind == 2:
            lanista = mine[(i // 4) % 2] if i < 8 else f"Shared{(i // 4) % 50}"
            args = _new(campaign, lanista, url)
        else:
            args = ["career", "standings", campaign]
        code, output = runner.run([*args, "--database", url])
        if code == 0:
            done["ok"] += 1
            done["fights"] += kind == 0
            done["news"] += kind == 2
        elif code == 2 and "error: " in output:
            done["refused"] += 1
        else:
            done["crashed"] += 1
    done["conflicts"] = CampaignLog.conflicts
    Path(report).write_text(json.dumps(done))
    os._exit(0)


def run(url: str, writers: int, commands: int, folder: Path) -> dict[str, Any]:
    campaign = f"load {uuid.uuid4().hex[:8]}"
    CliRunner().invoke(app, [*_new(campaign, "Founder", url), "--database", url])
    context = multiprocessing.get_context("fork")
    reports = [folder / f"w{n}.json" for n in range(writers)]
    start = time.perf_counter()
    processes = [
        context.Process(target=writer, args=(n, campaign, url, commands, str(reports[n])))
        for n in range(writers)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    seconds = time.perf_counter() - start
    totals: dict[str, int] = {}
    for report in reports:
        for key, value in json.loads(report.read_text()).items():
            totals[key] = totals.get(key, 0) + value
    opened = Campaign.open(Store(url), campaign)  # strict: BrokenCampaign if one fails
    history = opened.log()
    seqs = [e.seq for e in history]
    ended = sum(1 for e in history if e.kind == "combat_ended")
    created = sum(1 for e in history if e.kind == "ludus_created")
    return {
        "database": url.split(":")[0],
        "writers": writers,
        "commands": writers * commands,
        "seconds": round(seconds, 1),
        "commands_per_s": round(writers * commands / seconds, 1),
        "appends_retried": totals["conflicts"],
        "refused_clearly": totals["refused"],
        "crashed": totals["crashed"],
        "events": len(seqs),
        "gapless": seqs == list(range(1, len(seqs) + 1)),
        "unfinished_combats": len(opened.combats),
        "lost_fights": totals["fights"] - ended,
        "lost_ludi": totals["news"] + 1 - created,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        urls = []
        if args.database in ("sqlite", "both"):
            urls.append(f"sqlite:///{Path(folder) / 'load.db'}")
        if args.database in ("postgresql", "both"):
            postgres = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")
            if not postgres:
                sys.exit("COLOSSEUM_TEST_POSTGRES_URL is not set (source .ci/postgres.sh)")
            urls.append(postgres)
        for url in urls:
            print(json.dumps(run(url, args.writers, args.commands, Path(folder))), flush=True)


if __name__ == "__main__":
    main()
