"""Golden playthroughs: seeded games whose every action and event is stored in tests/playthroughs/.

A change to the rules, the data or the RNG that alters one of these games fails here; if the
change is deliberate, regenerate with `COLOSSEUM_REGENERATE=1 .venv/bin/pytest
tests/test_playthroughs.py` and review the diff of the JSON files.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum.agents import make_agent

FOLDER = Path(__file__).parent / "playthroughs"

# (file name, game, seed, agent names by seat)
GOLDEN = [
    ("ludus_2p_heuristic_random_seed7.json", "ludus-gladiatorius", 7, ["heuristic", "random"]),
    ("ludus_3p_heuristic_seed11.json", "ludus-gladiatorius", 11, ["heuristic"] * 3),
    ("ludus_5p_random_seed3.json", "ludus-gladiatorius", 3, ["random"] * 5),
    ("ludi_2p_heuristic_random_seed7.json", "ludi-gladiatorii", 7, ["heuristic", "random"]),
    ("ludi_4p_heuristic_seed11.json", "ludi-gladiatorii", 11, ["heuristic"] * 4),
    ("jugula_2p_heuristic_random_seed7.json", "jugula", 7, ["heuristic", "random"]),
    ("jugula_3p_heuristic_seed11.json", "jugula", 11, ["heuristic"] * 3),
]


def play(game: str, seed: int, agent_names: list[str]) -> dict[str, Any]:
    """The full log of one seeded game: each decision and the events it caused."""
    state = colosseum.new_game(game, players=len(agent_names), seed=seed)
    agents = [make_agent(name, game) for name in agent_names]
    rng = random.Random(seed)
    steps = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = agents[seat].choose(state, seat, rng)
        events = state.apply(action)
        steps.append({"seat": seat, "action": str(action), "events": [e.to_json() for e in events]})
    return {
        "game": game,
        "seed": seed,
        "agents": agent_names,
        "steps": steps,
        "winners": state.winners(),
        "final_position": state.to_position(),
    }


@pytest.mark.parametrize(("name", "game", "seed", "agents"), GOLDEN)
def test_golden_playthrough(name: str, game: str, seed: int, agents: list[str]) -> None:
    log = play(game, seed, agents)
    path = FOLDER / name
    if os.environ.get("COLOSSEUM_REGENERATE") == "1":
        path.write_text(json.dumps(log, indent=1) + "\n")
    stored = json.loads(path.read_text())
    assert log == stored


@pytest.mark.parametrize(("name", "game", "seed", "agents"), GOLDEN)
def test_golden_playthrough_replays_from_its_actions(
    name: str, game: str, seed: int, agents: list[str]
) -> None:
    stored = json.loads((FOLDER / name).read_text())
    record = {
        "game": game,
        "version": stored["final_position"]["version"],
        "options": stored["final_position"]["options"],
        "players": len(agents),
        "seed": seed,
        "actions": [step["action"] for step in stored["steps"]],
    }
    assert colosseum.replay(record).to_position() == stored["final_position"]


@pytest.mark.parametrize(("name", "game", "seed", "agents"), GOLDEN)
def test_golden_final_position_loads(name: str, game: str, seed: int, agents: list[str]) -> None:
    """The final position of a played game passes the position checks (a Ludi game won by a
    combat's victory point once lost that combat's revealed card)."""
    stored = json.loads((FOLDER / name).read_text())
    state = colosseum.from_position(game, stored["final_position"])
    assert state.is_terminal() and state.to_position() == stored["final_position"]
