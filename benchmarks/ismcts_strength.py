"""ISMCTS against the heuristic agent: win rate, iterations per second, time per decision.

    .venv/bin/python benchmarks/ismcts_strength.py GAME [--games 200] [--agent ismcts:seconds=1]
        [--opponent heuristic] [--jobs 2] [--results benchmarks/results] [--baseline]
        [--start 0] [--guide FOLDER] [--opponent-guide FOLDER] [--paired-with FILE]

Two-player games, paired: games 2k and 2k+1 share one deal (seed derived from k) and seat the
searcher first, then second, so the luck of the set-up cancels out of the win rate (games
numbered from `--start`: `--start 200 --games 200` plays another 100 deals; start on an even
number). Each finished game is appended to `<results>/<game>-<agent>-vs-<opponent>-paired.jsonl`
at once (files without `-paired` hold earlier runs, one seed per game), so a run can be stopped
and resumed (games already in the file are skipped), and runs made at different times add up. The
summary counts every game in the file. With `--baseline` it also reports the opponent's own
win rate in the agent's seats on the same seeds (the opponent against itself): what the agent
must beat, since some seeds favour a seat.

The score comes with its 95% interval, the percentile bootstrap over deals (`paired.py`).
`--guide FOLDER` plays `--agent master` with the guide a `colosseum train` run wrote in FOLDER
instead of the shipped one (`--opponent-guide` likewise for `--opponent master`), to measure a
guide before it is installed; the guide's digest then joins the results file's name.
`--paired-with FILE` also reports, on the deals both files hold, this agent's score minus the
score in FILE (another run of this benchmark: another agent or guide against the same
opponent), deal by deal, with its interval.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np

from colosseum.agents import make_agent
from colosseum.agents.base import Agent
from colosseum.agents.guides import GuideManifest, guide_paths, read_guide
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.agents.registry import master_search
from colosseum.core.data import load_validated
from colosseum.core.errors import DataError
from colosseum.core.registry import game_definition
from colosseum.sim.match import new_simulated_game
from colosseum.sim.seeding import derive_seed
from paired import deal_scores, interval, paired_difference


def player(spec: str, game: str, guide: str | None) -> Agent:
    """The agent `spec` names; `master` with the guide in folder `guide`, if one is given."""
    if guide is None:
        return make_agent(spec, game)
    return master_search(game, read_guide(game, Path(guide)))


def play(
    game: str,
    agent_spec: str,
    opponent_spec: str,
    index: int,
    guides: tuple[str | None, str | None] = (None, None),
) -> dict[str, Any]:
    """Game `index`: the searcher sits in seat index % 2, on deal index // 2."""
    seat_of_agent = index % 2
    seed = derive_seed(20261130, index // 2)
    state = new_simulated_game(game, players=2, seed=seed)
    agent = player(agent_spec, game, guides[0])
    opponent = player(opponent_spec, game, guides[1])
    rng = random.Random(derive_seed(seed, "agents", seat_of_agent))
    searched = iterations = 0
    search_seconds = longest = 0.0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        chooser = agent if seat == seat_of_agent else opponent
        started = time.perf_counter()
        action = chooser.choose(state, seat, rng)
        spent = time.perf_counter() - started
        last = agent.last if chooser is agent and isinstance(agent, ISMCTSAgent) else None
        if last is not None and last.iterations:
            searched += 1
            iterations += last.iterations
            search_seconds += spent
            longest = max(longest, spent)
        state.apply(action)
    winners = state.winners()
    return {
        "index": index,
        "seed": seed,
        "agent_seat": seat_of_agent,
        "winners": winners,
        "agent_score": (1.0 / len(winners)) if seat_of_agent in winners else 0.0,
        "searched_decisions": searched,
        "iterations": iterations,
        "search_seconds": search_seconds,
        "longest_decision": longest,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agent", default="ismcts:seconds=1")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", default=str(Path(__file__).parent / "results"))
    parser.add_argument("--baseline", action="store_true")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--guide", help="--agent master with the guide of this training folder")
    parser.add_argument("--opponent-guide", help="--opponent master with this folder's guide")
    parser.add_argument("--paired-with", help="another results file, compared deal by deal")
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    agent_name = _named(game, args.agent, args.guide, "--guide")
    opponent_name = _named(game, args.opponent, args.opponent_guide, "--opponent-guide")
    if args.paired_with and not Path(args.paired_with).is_file():
        raise SystemExit(f"--paired-with {args.paired_with}: no such results file")
    folder = Path(args.results)
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{game}-{agent_name}-vs-{opponent_name}-paired".replace(":", "_").replace(",", "_")
    path = folder / f"{name}.jsonl"
    done = _load(path)
    todo = [i for i in range(args.start, args.start + args.games) if i not in done]
    guides = (args.guide, args.opponent_guide)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play, game, args.agent, args.opponent, i, guides) for i in todo]
        for future in as_completed(futures):
            result = future.result()
            with path.open("a") as out:
                out.write(json.dumps(result) + "\n")
            done[result["index"]] = result
            print(f"game {result['index']}: score {result['agent_score']}", flush=True)
    summary = _summary(game, (agent_name, opponent_name), list(done.values()))
    if summary and args.baseline:
        summary["baseline_win_rate"] = _baseline(game, args.opponent, args.opponent_guide, done)
    if summary and args.paired_with:
        other = deal_scores(_load(Path(args.paired_with)).values())
        summary["paired_with"] = args.paired_with
        summary["minus_paired_with"] = paired_difference(deal_scores(done.values()), other)
    print(json.dumps(summary) if summary else "no games")
    return 0


def _named(game: str, spec: str, guide: str | None, option: str) -> str:
    """`spec`, with the digest of `guide`'s weights when one is given (checked: only `master`
    takes a guide, and it must read as one)."""
    if guide is None:
        return spec
    if spec != "master":
        raise SystemExit(f"a guide is for the master level, not {spec!r}")
    try:
        read_guide(game, Path(guide))
    except DataError as error:
        raise SystemExit(f"{option} {guide}: {error}") from None
    manifest = load_validated(GuideManifest, guide_paths(game, Path(guide))[1])
    return f"master-guide-{manifest.sha256[:12]}"


def _load(path: Path) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    results = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {r["index"]: r for r in results}


def _baseline(
    game: str, opponent: str, guide: str | None, done: dict[int, dict[str, Any]]
) -> float:
    """The opponent's own score in the agent's seats on the same deals."""
    own = sum(float(play(game, opponent, opponent, i, (guide, guide))["agent_score"]) for i in done)
    return round(own / len(done), 3)


def _summary(
    game: str, names: tuple[str, str], results: list[dict[str, Any]]
) -> dict[str, Any] | None:
    games = len(results)
    if not games:
        return None
    score = sum(r["agent_score"] for r in results)
    deals = deal_scores(results)
    iterations = sum(r["iterations"] for r in results)
    seconds = sum(r["search_seconds"] for r in results)
    decisions = sum(r["searched_decisions"] for r in results)
    return {
        "game": game,
        "agent": names[0],
        "opponent": names[1],
        "games": games,
        "agent_win_rate": round(score / games, 3),
        "deals": len(deals),
        "agent_win_rate_95": interval(np.array(list(deals.values()))),
        "agent_win_rate_by_seat": [
            round(
                sum(r["agent_score"] for r in results if r["agent_seat"] == seat)
                / max(1, sum(1 for r in results if r["agent_seat"] == seat)),
                3,
            )
            for seat in (0, 1)
        ],
        "iterations_per_second": round(iterations / seconds, 1) if seconds else None,
        "seconds_per_searched_decision": round(seconds / decisions, 3) if decisions else None,
        "longest_decision_seconds": round(max(r["longest_decision"] for r in results), 3),
    }


if __name__ == "__main__":
    sys.exit(main())
