"""ISMCTS against the heuristic agent: win rate, iterations per second, time per decision.

    .venv/bin/python benchmarks/ismcts_strength.py GAME [--games 200] [--agent ismcts:seconds=1]
        [--opponent heuristic] [--jobs 2] [--results benchmarks/results] [--baseline]
        [--start 0]

Two-player games, paired: games 2k and 2k+1 share one deal (seed derived from k) and seat the
searcher first, then second, so the luck of the set-up cancels out of the win rate (games
numbered from `--start`: `--start 200 --games 200` plays another 100 deals; start on an even
number). Each finished game is appended to `<results>/<game>-<agent>-vs-<opponent>-paired.jsonl`
at once (files without `-paired` hold earlier runs, one seed per game), so a run can be stopped
and resumed (games already in the file are skipped), and runs made at different times add up. The
summary counts every game in the file. With `--baseline` it also reports the opponent's own
win rate in the agent's seats on the same seeds (the opponent against itself): what the agent
must beat, since some seeds favour a seat.
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

from colosseum.agents import make_agent
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.core.registry import game_definition
from colosseum.sim.match import new_simulated_game
from colosseum.sim.seeding import derive_seed


def play(game: str, agent_spec: str, opponent_spec: str, index: int) -> dict[str, Any]:
    """Game `index`: the searcher sits in seat index % 2, on deal index // 2."""
    seat_of_agent = index % 2
    seed = derive_seed(20261130, index // 2)
    state = new_simulated_game(game, players=2, seed=seed)
    agent = make_agent(agent_spec, game)
    opponent = make_agent(opponent_spec, game)
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
        searching = chooser is agent and isinstance(agent, ISMCTSAgent)
        if searching and agent.last is not None and agent.last.iterations:
            searched += 1
            iterations += agent.last.iterations
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
    args = parser.parse_args()
    game = game_definition(args.game).info.id
    folder = Path(args.results)
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{game}-{args.agent}-vs-{args.opponent}-paired".replace(":", "_").replace(",", "_")
    path = folder / f"{name}.jsonl"
    done = _load(path)
    todo = [i for i in range(args.start, args.start + args.games) if i not in done]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play, game, args.agent, args.opponent, i) for i in todo]
        for future in as_completed(futures):
            result = future.result()
            with path.open("a") as out:
                out.write(json.dumps(result) + "\n")
            done[result["index"]] = result
            print(f"game {result['index']}: score {result['agent_score']}", flush=True)
    _summary(game, args.agent, args.opponent, list(done.values()), args.baseline)
    return 0


def _load(path: Path) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    results = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {r["index"]: r for r in results}


def _summary(
    game: str, agent: str, opponent: str, results: list[dict[str, Any]], baseline: bool
) -> None:
    games = len(results)
    if not games:
        print("no games")
        return
    score = sum(r["agent_score"] for r in results)
    iterations = sum(r["iterations"] for r in results)
    seconds = sum(r["search_seconds"] for r in results)
    decisions = sum(r["searched_decisions"] for r in results)
    summary = {
        "game": game,
        "agent": agent,
        "opponent": opponent,
        "games": games,
        "agent_win_rate": round(score / games, 3),
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
    if baseline:
        own = sum(play(game, opponent, opponent, r["index"])["agent_score"] for r in results)
        summary["baseline_win_rate"] = round(own / games, 3)
    print(json.dumps(summary))


if __name__ == "__main__":
    sys.exit(main())
