"""The Jugula heuristic agent, and its preferences for the search."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ....core.actions import Action
from ....core.state import State
from ..data import load_catalog
from .decisions import Chooser
from .dice import terms_value
from .world import ATTACK_MIN, MOVE_MIN

# --- preferences (the search's prior) -----------------------------------------------------------


def _play_scores(c: Chooser) -> list[float]:
    return [c.play_value(action) for action in c.actions]


def _effect_scores(c: Chooser) -> list[float]:
    return [c.chosen_effect_gain(action) for action in c.actions]


def _move_pick_scores(c: Chooser) -> list[float]:
    """A gladiator's move is worth its best gain; ending the moves, the least gain worth it."""
    gains = {gid: gain for gain, gid in c.move_gains()}
    scores = []
    for action in c.actions:
        if action.kind not in ("move", "shake"):
            scores.append(MOVE_MIN if action.kind == "done" else 0.0)
            continue
        g = c.world.at(c.world.square_of(str(action.args[0])))
        scores.append(gains.get(g.gid, 0.0) if g is not None else 0.0)
    return scores


def _move_scores(c: Chooser) -> list[float]:
    values = {str(action): value for action, value in c.move_values()}
    lowest = min(values.values(), default=0.0)
    return [values.get(str(action), lowest) for action in c.actions]


def _attack_scores(c: Chooser) -> list[float]:
    """Each attack's value with its best commit; ending the turn, the least attack worth it."""
    values = {str(action): value for value, action in c.attack_options()}
    lowest = min(values.values(), default=0.0)
    return [
        ATTACK_MIN if action.kind == "done" else values.get(str(action), lowest)
        for action in c.actions
    ]


def _commit_scores(c: Chooser) -> list[float]:
    """The expected hits of the fight for us with each card committed, its cost off."""
    fight = c.view["fight"]
    world = c.world
    a, d = world.by_id[int(fight["attacker"])], world.by_id[int(fight["defender"])]
    bonus, hinder = int(fight["bonus"]), bool(fight["hinder"])
    values = {}
    terms = world.attack_terms(a, d, bonus, hinder)  # the arena's part, read once
    if a.seat == c.seat:
        theirs = c.enemy_dist(d.seat)
        for action, dist, cost in c.choices("card"):
            values[str(action)] = terms_value(terms, dist, theirs) - cost
    else:
        theirs = c.deck_dist(a.seat) if fight["attacker_card"] == "deck" else c.enemy_dist(a.seat)
        for action, dist, cost in c.choices("card"):
            values[str(action)] = -terms_value(terms, theirs, dist) - cost
    lowest = min(values.values(), default=0.0)
    return [values.get(str(action), lowest) for action in c.actions]


# Decisions whose every option the heuristic values in hits; the others put all preference
# on the heuristic's own choice.
_SCORERS: dict[str, Callable[[Chooser], list[float]]] = {
    "play": _play_scores,
    "effects": _effect_scores,
    "move_pick": _move_pick_scores,
    "move": _move_scores,
    "attack": _attack_scores,
    "commit": _commit_scores,
}
TEMPERATURE = 0.1  # hits: an option 0.1 hits worse is e^-1 times as preferred


class JugulaHeuristic:
    """Heuristic agent for Jugula (never reads hidden information)."""

    name = "heuristic"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        view = state.view(seat)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        catalog = load_catalog(str(state.options["data"]))
        return Chooser(view, actions, catalog).choose(rng)

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]:
        """A softmax of the values the heuristic gives each option, its choice a little above
        the best; all on its choice where it values only that one."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return {str(actions[0]): 1.0}
        chooser = Chooser(state.view(seat), actions, load_catalog(str(state.options["data"])))
        scorer = _SCORERS.get(str(chooser.view["decision"]))
        scores = scorer(chooser) if scorer is not None else None
        chosen = chooser.choose(rng)
        if scores is None:
            return {str(chosen): 1.0}
        top = max(scores) + 0.1 * TEMPERATURE  # its own choice first among equals
        scores[actions.index(chosen)] = top
        return {
            str(action): math.exp((score - top) / TEMPERATURE)
            for action, score in zip(actions, scores, strict=True)
        }
