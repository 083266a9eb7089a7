"""What a computer player asked for over the network may cost (docs/security.md, "Computer
players"): the agent specs a table or a careers seat may name are bounded, so that no request
can buy a search that holds a worker for minutes.

The named levels (`random`, `heuristic`, `easy`, `normal`, `hard`, `master`) are within every
bound.
An `ismcts:key=value,...` spec may set at most `MAX_ITERATIONS` iterations and `MAX_SECONDS`
seconds; its other knobs are bounded too (`rollout`, `c`) or are choices from a list the
agent registry checks (`policy`, `guide`, `observers`, `belief`, `level`, `prior` between 0
and 1). Whatever the spec, every search the server runs also stops after `DECISION_SECONDS`
(`ISMCTSAgent.time_limit`), and the worker pool gives a decision up after `DECISION_TIMEOUT`
(web/scheduler.py): a spec stored before these bounds, or a game slower than expected, cannot
hold a worker either. A hint is the `normal` level's search (half a second), in a lane of
its own that holds at most `HINT_QUEUE` hints (web/bots.py).
"""

from __future__ import annotations

import math

from ..agents.registry import InvalidAgent, make_agent, parse_agent_spec
from ..core.errors import ColosseumError
from .errors import BadRequest

MAX_SPEC = 100  # characters of an agent spec (the store keeps 200)
MAX_ITERATIONS = 5000  # ismcts:iterations=
MAX_SECONDS = 5.0  # ismcts:seconds=
MAX_ROLLOUT = 500  # ismcts:rollout= (decisions before the evaluation; negative: to the end)
MAX_EXPLORATION = 10.0  # ismcts:c=
DECISION_SECONDS = MAX_SECONDS  # every search the server runs stops after this long
DECISION_TIMEOUT = 20.0  # seconds after which the pool gives a computer decision up
HINT_TIMEOUT = 10.0  # seconds after which the hint lane gives a hint up
HINT_QUEUE = 4  # hints running or waiting at once, for the whole server process
HINT_RETRY = 5.0  # seconds a client is asked to wait when the server is busy with hints


def check_agent(game_id: str, spec: str) -> str:
    """The spec normalized (lower case, no spaces, one value per knob) if the agent it names
    exists for `game_id` and stays within the bounds; else BadRequest (422) naming the
    bound, e.g. "iterations may be at most 5000, got 1000000000"."""
    if not isinstance(spec, str):
        raise BadRequest(f"an agent spec is text, got {type(spec).__name__}")
    if len(spec) > MAX_SPEC:
        raise BadRequest(f"an agent spec may be at most {MAX_SPEC} characters, got {len(spec)}")
    try:
        name, params = parse_agent_spec(spec.strip().lower())
        normalized = name + (
            ":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else ""
        )
        make_agent(normalized, game_id)  # the names, knobs and their forms
    except InvalidAgent as error:
        raise BadRequest(str(error)) from None
    except ColosseumError as error:  # an unknown game
        raise BadRequest(str(error)) from None
    for key, value in params.items():
        _check_knob(key, value)
    return normalized


def _check_knob(key: str, value: str) -> None:
    """A knob's value within its bound (its form was checked by the registry)."""
    if key == "iterations":
        _at_most(key, value, int(value), MAX_ITERATIONS)
    elif key == "seconds":
        seconds = float(value)
        if not math.isfinite(seconds) or seconds <= 0:
            raise BadRequest(f"seconds is a number above 0, at most {MAX_SECONDS:g}; got {value}")
        _at_most(key, value, seconds, MAX_SECONDS)
    elif key == "rollout" and value != "round":
        _at_most(key, value, int(value), MAX_ROLLOUT)
    elif key == "c":
        exploration = float(value)
        if not math.isfinite(exploration):
            raise BadRequest(f"c is a number from 0 to {MAX_EXPLORATION:g}, got {value}")
        if exploration < 0:  # the agent refuses it too, in other words
            raise BadRequest(f"c is a number from 0 to {MAX_EXPLORATION:g}, got {value}")
        _at_most(key, value, exploration, MAX_EXPLORATION)


def _at_most(key: str, given: str, value: float, bound: float) -> None:
    if value > bound:
        raise BadRequest(f"{key} may be at most {bound:g}, got {given}")
