"""Instructions a random-playout step takes, counted by callgrind: the same count run after run.

    .venv/bin/python benchmarks/instructions.py [GAME ...] [--games 30] [--json]

A step's time moves with the machine and whatever else it runs (the anchor's ratios move by a
tenth from one run to the next); its instructions do not, for the same code, interpreter and
inputs. For each engine (`ludus`, `ludi`, `jugula`, or one of OpenSpiel's games that
`benchmarks/anchor.py` measures, e.g. `python_block_dominoes`; default `jugula`) this runs
`valgrind --tool=callgrind` on a child interpreter that plays `--games` random games exactly as
the anchor does (2 players, the simulation caps, seeds `derive_seed(0, n)`, the actions drawn by
`random.Random(0)`), and once more on one that plays none, with `PYTHONHASHSEED=0` in both; it
prints the difference divided by the steps played. Both children first play one warm-up game
(not counted in the steps), as the anchor warms up: what a process builds once on its first
game (the validators of the data models, the tables an engine makes on first use) is then in
both counts and out of the difference. It needs valgrind (Debian's package) and,
for OpenSpiel's games, `open_spiel`. A run takes about a minute for 30 Jugula games; a game
of dominoes is about 24 steps, so give it more (`--games 150`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from anchor import OURS, THEIRS, Engine, ours, theirs

_COLLECTED = re.compile(r"Collected\s*:\s*([\d,]+)")


def engine(name: str) -> Engine:
    if name in OURS:
        return ours(name)
    if name not in THEIRS:
        raise SystemExit(f"unknown engine {name!r}: one of {', '.join(OURS + THEIRS)}")
    import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    import pyspiel

    return theirs(name, pyspiel)


WARMUP_GAME = 1_000_000  # the warm-up game's number, far from those counted


def play(name: str, games: int) -> int:
    """The steps of `games` random games of `name`, played as `anchor.Engine.playouts` plays,
    after one warm-up game whose steps are not counted."""
    import random

    playing = engine(name)
    warmup, rng = playing.start(WARMUP_GAME), random.Random(1)
    while not playing.terminal(warmup):
        playing.step(warmup, rng)
    rng = random.Random(0)
    steps = 0
    for n in range(games):
        state = playing.start(n)
        while not playing.terminal(state):
            playing.step(state, rng)
            steps += 1
    return steps


def counted(name: str, games: int) -> tuple[int, int]:
    """(instructions, steps) of a child interpreter playing `games` games under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            __file__,
            "--play",
            name,
            "--games",
            str(games),
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found[1].replace(",", "")), int(done.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="*", default=["jugula"])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child: play, print the steps
    args = parser.parse_args()
    if args.play:
        print(play(args.play, args.games))
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 1
    result: dict[str, Any] = {}
    for name in args.engines:
        start, _ = counted(name, 0)
        total, steps = counted(name, args.games)
        result[name] = {"games": args.games, "steps": steps, "per_step": (total - start) // steps}
        if not args.json:
            row = result[name]
            print(f"{name:24} {row['per_step']:>9,} instructions a step ({steps:,} steps)")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
