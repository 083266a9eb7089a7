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

`--search N` counts the search instead, per iteration: ISMCTS of N iterations a decision (the
game's defaults, `ismcts:iterations=N`) at `--positions` decisions of heuristic self-play games
(every fifth with a choice, walked by `ismcts_speed.decisions`; not `ismcts_speed.py`'s own
positions, whose searches draw from the games' generator: here each search has a generator of
its own), less a child that reaches the same positions without searching. It prints the
choices too: two builds that count differently must still choose alike. Our games only; about four
minutes for Jugula at `--search 200 --positions 4`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from itertools import islice
from pathlib import Path
from typing import Any

from anchor import OURS, THEIRS, Engine, ours, theirs
from colosseum.core.registry import game_definition

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


def search(game: str, iterations: int, positions: int) -> dict[str, Any]:
    """Searches of `iterations` at `positions` decisions of heuristic self-play games (none
    for 0): the iterations made and the actions chosen."""
    from colosseum.agents import make_agent
    from colosseum.agents.ismcts import ISMCTSAgent
    from ismcts_speed import decisions

    made = 0
    chosen: list[str] = []
    for state, seat, _ in islice(decisions(game), positions):
        choice = ""
        if iterations:
            searcher = make_agent(f"ismcts:iterations={iterations}", game)
            assert isinstance(searcher, ISMCTSAgent)
            choice = str(searcher.choose(state, seat, random.Random(len(chosen))))
            made += searcher.last.iterations if searcher.last else 0
        chosen.append(choice)
    return {"iterations": made, "choices": chosen}


def counted(child: list[str]) -> tuple[int, str]:
    """(instructions, what it printed) of this script run as a child under callgrind with
    the options `child`."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, __file__, *child]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found[1].replace(",", "")), done.stdout.strip()


def per_step(name: str, games: int) -> dict[str, Any]:
    """Instructions a random-playout step of engine `name` over `games` games."""
    start, _ = counted(["--play", name, "--games", "0"])
    total, steps = counted(["--play", name, "--games", str(games)])
    return {"games": games, "steps": int(steps), "per_step": (total - start) // int(steps)}


def per_iteration(game: str, iterations: int, positions: int) -> dict[str, Any]:
    """Instructions an ISMCTS iteration of `game` (see `search`), with the choices made."""
    child = ["--search-child", game, "--positions", str(positions), "--search"]
    start, _ = counted([*child, "0"])
    total, printed = counted([*child, str(iterations)])
    found = json.loads(printed)
    per = (total - start) // max(1, found["iterations"])
    return {"positions": positions, **found, "per_iteration": per}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="*", default=["jugula"])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--search", type=int, default=0)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child: play, print the steps
    parser.add_argument("--search-child", help=argparse.SUPPRESS)  # the child: search, print
    args = parser.parse_args()
    if args.play:
        print(play(args.play, args.games))
        return 0
    if args.search_child:
        print(json.dumps(search(args.search_child, args.search, args.positions)))
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 1
    if args.search < 0 or args.positions < 1:
        parser.error("--search takes 0 or more iterations, --positions 1 or more")
    result: dict[str, Any] = {}
    for name in args.engines:
        if args.search:
            game = game_definition(name).info.id
            row = result[name] = per_iteration(game, args.search, args.positions)
            if not args.json:
                print(f"{name:24} {row['per_iteration']:>11,} instructions an iteration")
                print(f"{'':24} ({row['iterations']:,} iterations; chose {row['choices']})")
            continue
        row = result[name] = per_step(name, args.games)
        if not args.json:
            print(f"{name:24} {row['per_step']:>9,} instructions a step ({row['steps']:,} steps)")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
