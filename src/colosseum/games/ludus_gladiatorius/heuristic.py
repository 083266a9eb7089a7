"""A Ludus Gladiatorius player of simple rules of thumb, reading only its seat's view.

Close in on the weakest opponent, strike whenever a blow is possible, spend offensive counters
when a fight is near and one acts first, defensive ones when the opponent acts first, defend
whenever the rules allow (a Savage Attack face down allows no defence all round, a Doughty
Defence no attack).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...core.actions import Action
from ...core.state import State
from .data import SPECIAL_CODES, Arena, load_catalog

Gladiator = dict[str, Any]


# The preferences (search priors) are a softmax of the scores below at this temperature: one
# hex further from the target (4 points) makes a move e^-2 times as likely.
TEMPERATURE = 2.0


class LudusHeuristic:
    """Heuristic agent for Ludus Gladiatorius (never reads hidden information)."""

    name = "heuristic"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions = state.legal_actions()
        scores = _scores(state, seat, actions)
        if scores is None:
            return actions[rng.randrange(len(actions))]
        return actions[scores.index(max(scores))]

    def preferences(self, state: State, seat: int, rng: random.Random) -> dict[str, float]:
        """A softmax of the scores `choose` maximises (uniform where it would pick at random)."""
        actions = state.legal_actions()
        scores = _scores(state, seat, actions) or [0.0] * len(actions)
        top = max(scores)
        return {
            str(action): math.exp((score - top) / TEMPERATURE)
            for action, score in zip(actions, scores, strict=True)
        }


def _scores(state: State, seat: int, actions: list[Action]) -> list[float] | None:
    """A score for each legal action, the best first among equals; None: no preference."""
    view = state.view(seat)
    arena = load_catalog(str(state.options["data"])).arena
    me = _by_number(view, view["active"])
    enemies = [g for g in view["gladiators"] if g["hex"] and g["owner"] != seat]
    phase = view["phase"]
    if phase == "place":
        scores = counter_scores(view, me["number"], arena)
        return [scores[str(action.args[0])] for action in actions]
    if phase == "defend":
        return _favour(actions, "defend")
    if phase == "move":
        return _move(me, enemies, actions, arena, view["net"])
    return _act(me, enemies, actions, arena)


def _by_number(view: dict[str, Any], number: int) -> Gladiator:
    return next(g for g in view["gladiators"] if g["number"] == number)


def _pick(actions: list[Action], notation: str) -> Action | None:
    return next((a for a in actions if str(a) == notation), None)


def _distance(arena: Arena, a: str, b: str) -> int:
    return arena.distance(arena.index[a], arena.index[b])


def counter_scores(
    view: dict[str, Any], number: int, arena: Arena, board: str = "hex"
) -> dict[str, float]:
    """Game Play 2, how this player would place gladiator `number`'s counter: a score for
    every code ("blank" included). Offensive counters when a fight is near and it strikes
    first, defensive ones otherwise, the blank when none of the wanted ones is left. `board`
    is the view's field to read where everyone stands: "hex" now, or "start_hex" (where they
    stood when this round's counters were placed)."""
    me = _by_number(view, number)
    enemies = [g for g in view["gladiators"] if g[board] and g["owner"] != me["owner"]]
    here = me[board]
    nearest = min(_distance(arena, here, e[board]) for e in enemies)
    reach = me["movement"] + 1
    order = view["order"]
    my_turn = order.index(number)
    near_enemies = [e for e in enemies if _distance(arena, here, e[board]) <= reach + 1]
    enemy_first = any(order.index(e["number"]) < my_turn for e in near_enemies)
    if nearest > reach:
        preference = ["FS"] if nearest > reach + 2 else []
    elif enemy_first:
        # Dodge and Feint keep both the defence and the strike back; Doughty Defence costs the
        # round's attack and Savage Attack every defence, even face down (3,000-4,000 seeded
        # heuristic games: 0.53 against the earlier DD, D, SA, F with two players, 0.35 of 3)
        preference = ["D", "F", "DD", "SA"]
    else:
        preference = ["SA", "F", "D"]
    if view["net"] == "held" and nearest <= reach:
        preference.insert(0, "NA")
    blank = -float(len(preference))
    scores = {code: blank - 1 for code in SPECIAL_CODES}
    scores.update({code: -float(i) for i, code in enumerate(preference)})
    scores["blank"] = blank
    return scores


def _favour(actions: list[Action], *notations: str) -> list[float]:
    """The first of `notations` that is legal, else the first action."""
    scores = [0.0] * len(actions)
    scores[0] = 1.0
    for rank, notation in enumerate(reversed(notations)):
        for i, action in enumerate(actions):
            if str(action) == notation:
                scores[i] = 2.0 + rank
    return scores


def _target_score(target: Gladiator) -> float:
    """Lower is a better target: little life, no defence left."""
    score = float(target["life"])
    if target["defended"] or target["no_defence"] or target["entangled"]:
        score -= 3
    return score


def _act(
    me: Gladiator,
    enemies: list[Gladiator],
    actions: list[Action],
    arena: Arena,
) -> list[float] | None:
    """Strike the weakest target in reach; else move away or on, or end the turn."""
    attacks = [a for a in actions if a.kind == "attack"]
    if attacks:
        by_number = {e["number"]: e for e in enemies}
        wants_net = me.get("specials_left", {}).get("NA", 0) > 0

        def score(action: Action) -> float:
            recovering = len(action.args) > 1
            target = _target_score(by_number[int(action.args[0])])
            # target scores are whole numbers: the net only decides between equal targets
            return -2.0 * target - (0.0 if recovering == wants_net else 1.0)

        scores = {str(a): score(a) for a in attacks}
        worst = min(scores.values())
        return [scores.get(str(action), worst - 1.0) for action in actions]
    if _pick(actions, "move") is not None:
        adjacent = any(_distance(arena, me["hex"], e["hex"]) == 1 for e in enemies)
        if not adjacent or (me["attacked"] and me["life"] <= 2):
            return _favour(actions, "move", "end")
    if _pick(actions, "end") is None:
        return None
    return _favour(actions, "end")


def _move(
    me: Gladiator,
    enemies: list[Gladiator],
    actions: list[Action],
    arena: Arena,
    net: str,
) -> list[float]:
    """End next to the weakest opponent if a blow is still to come, else keep away when hurt."""
    # a Doughty Defence, even face down, forbids attacking all round (Definitions: DD)
    can_still_attack = not (me["attacked"] or me["no_attack"] or me["counter"] == "DD")
    wants_net = me.get("specials_left", {}).get("NA", 0) > 0
    hurt = me["life"] <= 2
    index = arena.index
    home = index[me["hex"]]
    # each enemy's distances from every hex, and its score as a target
    rows = [(arena.distances[index[e["hex"]]], _target_score(e)) for e in enemies]
    scores = []
    for action in actions:
        here = home if action.kind == "stay" else index[str(action.args[0])]
        threats, nearest, best = 0, math.inf, math.inf
        for row, target in rows:
            steps = row[here]
            threats += steps == 1
            nearest = min(nearest, steps)
            best = min(best, steps * 4 + target)
        if can_still_attack:
            value = -best - 2 * max(0, threats - 1)
        else:
            value = -6 * threats + nearest * (1 if hurt else -0.5)
        if len(action.args) > 1 and wants_net:
            value += 5
        scores.append(float(value))
    return scores


HEURISTIC = LudusHeuristic  # the game's `heuristic` hook (core/registry.py)
