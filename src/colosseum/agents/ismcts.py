"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration guesses the hidden information with `state.determinize(seat, rng)` (which also
reseeds the game's own dice and shuffles), walks the tree of action notations from the root
choosing among the actions legal in that guess, adds one node, plays on with the default
policy, and backs the result up. Selection is UCB1 with availability counts, or, given a
`prior`, PUCT (as in AlphaZero) with the prior probability `prior` on the action the
`policy` agent would play and the rest shared by the others, so the search starts from the
policy's move and leaves it only on evidence. The default policy is uniformly random, or the
`policy` agent. The search reads nothing but `legal_actions`, `determinize` (or the guesses of
a `belief`, which reads only the searching seat's view), `apply`, `current_player`,
`is_terminal` and `returns` (and which seats each applied action's events were shown to), so
it never sees a hidden card, and has no game-specific code.

The single-observer tree is the searcher's, with every action told apart by its notation, so
inside the tree an opponent's face-down choice is known to the moves below it. The
multiple-observer variant (MO-ISMCTS, same paper) keeps one tree per seat: the player to act
selects in his own tree, and each tree follows an action as its seat saw it, by notation if
every event it caused was shown to that seat, else by the events he saw; so no seat's choices
in the search depend on what it could not have seen.

A game may supply (its `search` hook, `core/search.py`) a `belief` that weighs the guesses by
what the opponents did, an `evaluation` used when a rollout is cut short, a round counter
(`progress`) to cut rollouts at the end of a round; and a policy (an Agent: it
reads only the determinized state's view). The imagined games carry the game's cap (its
`simulation_value`) where the real game, as the rulebook's, has none, so every rollout ends.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

from ..core.actions import Action, Event
from ..core.options import OptionValue, rollout_options
from ..core.registry import game_definition
from ..core.search import Belief, Evaluation, Progress
from ..core.state import State
from .base import Agent, shares_of

NEVER = 2**31 - 1  # a collector threshold no count reaches (a C int)

# The levels a person can pick (docs/agents.md): a fixed number of iterations or seconds.
LEVELS: dict[str, dict[str, float]] = {
    "easy": {"seconds": 0.2},
    "normal": {"seconds": 0.5},
    "hard": {"seconds": 1.5},
    # guided by the learned networks (agents/guides.py); 0.9 s, so that with the last
    # iteration and the guide's first look a decision stays under a second
    "master": {"seconds": 0.9},
}


class _Node:
    """An information-set node: reached by an action of `player`; stats from his side."""

    __slots__ = ("available", "children", "player", "policy", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.policy: dict[str, float] | None = None  # the guide's share of each action
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did: iterations, seconds, the root's visit counts, and each
    root action's mean result for the searcher (its estimated share of the win)."""

    iterations: int
    seconds: float
    visits: dict[str, int]
    values: dict[str, float] = field(default_factory=dict)


@dataclass(slots=True)
class Tree:
    """A search's tree(s), its root from the searcher's side, its sampler of guesses and the
    imagined games' options: what `insist` needs to search on in it."""

    roots: list[_Node]
    root: _Node
    guess: Callable[[random.Random], State]
    options: dict[str, OptionValue]

    def counts(self) -> tuple[dict[str, int], dict[str, float]]:
        """Each root action's visits, and its mean result for the searcher (when tried)."""
        children = self.root.children.items()
        visits = {key: child.visits for key, child in children}
        values = {key: child.reward / child.visits for key, child in children if child.visits}
        return visits, values


class ISMCTSAgent:
    """ISMCTS with a budget of iterations or seconds (whichever is given; both: the first
    reached). `exploration` is the UCB or PUCT constant; `rollout_steps` cuts rollouts short
    after that many decisions, `rollout_rounds` once the game's round counter `progress` has
    advanced that far (1: at the end of the round the rollout starts in); then `evaluation`
    scores the state, or every seat gets an equal share. `policy` plays
    the rollouts (uniformly random without one) and, with `prior`, guides the selection.
    With `stop_early` the search ends as soon as the rest of the budget could not change
    its choice. `multi_observer`: one tree per seat (MO-ISMCTS) instead of the searcher's.
    `belief(state, seat)` gives the sampler of guesses to search (`state.determinize` by
    default); it must read only what `seat` sees. `guide`, when given, guides the selection
    in the policy's place (the policy still plays the rollouts): the `master` level's
    learned networks (agents/guides.py). `time_limit` is a hard bound in seconds on
    every search, whatever the budget (a server's guard, web/budgets.py): unlike `seconds` it
    plays no part in stopping early, so a search that ends within it chooses exactly as
    without it."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_steps: int | None = None,
        evaluation: Evaluation | None = None,
        rollout_rounds: int | None = None,
        progress: Progress | None = None,
        policy: Agent | None = None,
        prior: float | None = None,
        scores: bool = False,
        stop_early: bool = True,
        multi_observer: bool = False,
        belief: Belief | None = None,
        time_limit: float | None = None,
        guide: Agent | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if exploration < 0:
            raise ValueError("exploration must not be negative")
        if rollout_steps is not None and rollout_steps < 0:
            raise ValueError("rollout_steps must not be negative")
        if rollout_rounds is not None and rollout_rounds < 1:
            raise ValueError("rollout_rounds must be at least 1")
        if rollout_rounds is not None and progress is None:
            raise ValueError("rollouts cut by rounds need the game's round counter")
        if prior is not None and not 0.0 < prior < 1.0:
            raise ValueError("prior must be between 0 and 1 (exclusive)")
        if time_limit is not None and not time_limit > 0:
            raise ValueError("time_limit must be positive")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.evaluation = evaluation
        self.rollout_rounds = rollout_rounds
        self.progress = progress
        self.policy = policy
        self.prior = prior
        self.scores = scores
        self.stop_early = stop_early
        self.multi_observer = multi_observer
        self.belief = belief
        self.time_limit = time_limit
        self.guide = guide
        self.last: SearchStats | None = None
        self.keep = False  # keep the last search's tree in `tree` (hints search on in it)
        self.tree: Tree | None = None

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {str(legal[0]): 0})
            return legal[0]
        with full_collections_deferred():
            return self._search(state, seat, rng, legal)

    def _search(self, state: State, seat: int, rng: random.Random, legal: list[Action]) -> Action:
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        cutoff = math.inf if self.time_limit is None else started + self.time_limit
        tree = self.plant(state, seat)
        roots, root, guess, options = tree.roots, tree.root, tree.guess, tree.options
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            now = time.perf_counter()
            if deadline is not None and done and now >= deadline:
                break
            if done and now >= cutoff:  # the hard bound: not part of stopping early
                break
            left = self._iterations_left(done, started, now, deadline)
            if self.stop_early and done and _settled(root, left):
                break
            game = guess(rng)
            game.options = options
            self._iterate(roots, game, rng)
            done += 1
        visits, values = tree.counts()
        self.last = SearchStats(done, time.perf_counter() - started, visits, values)
        if self.keep:
            self.tree = tree
        best = max(
            (str(action) for action in legal),
            key=lambda key: (
                visits.get(key, -1),
                root.children[key].reward if key in root.children else 0.0,
            ),
        )
        return next(action for action in legal if str(action) == best)

    def plant(self, state: State, seat: int) -> Tree:
        """An empty tree (one per seat with `multi_observer`) for `seat`'s decision in
        `state`, with its sampler of guesses and the imagined games' options."""
        roots = [_Node(-1) for _ in range(state.num_players if self.multi_observer else 1)]
        guess: Callable[[random.Random], State]
        if self.belief is None:
            guess = partial(state.determinize, seat)
        else:
            guess = self.belief(state, seat)
        # The imagined games end by the game's cap where the real one has none (the rulebook's
        # game), so that no rollout can go on for ever.
        options = rollout_options(game_definition(state.game_id).info.options, state.options)
        return Tree(roots, roots[seat if self.multi_observer else 0], guess, options)

    def insist(
        self, tree: Tree, notation: str, rng: random.Random, iterations: int, until: float
    ) -> int:
        """Up to `iterations` more iterations of `tree`, each beginning with the root action
        `notation` (the searcher's own, legal in every guess of his view) and searching on as
        usual below it; at least one, then none after `until` (`time.perf_counter()`). The
        number run: a guess where `notation` is not legal is skipped."""
        done = 0
        with full_collections_deferred():
            for tried in range(iterations):
                if tried and time.perf_counter() >= until:
                    break
                game = tree.guess(rng)
                game.options = tree.options
                if any(str(action) == notation for action in game.legal_actions()):
                    self._iterate(tree.roots, game, rng, forced=notation)
                    done += 1
        return done

    def _iterations_left(
        self, done: int, started: float, now: float, deadline: float | None
    ) -> float:
        """The iterations the budget still allows: exactly, or at the pace kept so far."""
        left = math.inf
        if self.iterations is not None:
            left = float(self.iterations - done)
        if deadline is not None:
            left = min(left, done / max(now - started, 1e-9) * (deadline - now))
        return left

    def _iterate(
        self, roots: list[_Node], game: State, rng: random.Random, forced: str | None = None
    ) -> None:
        """Selection and expansion in the tree(s), a rollout, then the backup. With one tree
        per seat, the player to act selects in his own tree, and every tree follows the
        action as its seat saw it (`_seen_as`); the iteration expands the actor's tree.
        `forced`: the root's action, instead of selecting one (`insist`)."""
        nodes = list(roots)
        paths: list[list[_Node]] = [[] for _ in roots]
        for root in roots:
            root.visits += 1
        while not game.is_terminal():
            player = game.current_player
            assert player is not None
            actor = player if len(roots) > 1 else 0
            node = nodes[actor]
            legal = game.legal_actions()
            keys = [str(action) for action in legal]
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            if forced is not None:
                i, forced = keys.index(forced), None
            elif self.prior is None:
                i = self._ucb(node, keys, rng)
            else:
                if node.policy is None:
                    node.policy = self._guidance(game, player, rng)
                i = self._puct(node, keys, self.prior)
            events = game.apply(legal[i])
            expanded = False
            for tree, current in enumerate(nodes):
                key = keys[i] if tree == actor else _seen_as(keys[i], events, tree)
                child = current.children.get(key)
                if child is None:
                    child = current.children[key] = _Node(player)
                    expanded = expanded or tree == actor
                paths[tree].append(child)
                nodes[tree] = child
            if expanded:
                break
        values = self._rollout(game, rng)
        for path in paths:
            for visited in path:
                visited.visits += 1
                visited.reward += values[visited.player]

    def _ucb(self, node: _Node, keys: list[str], rng: random.Random) -> int:
        """An untried action at random, else UCB1 over the children available here."""
        untried = [i for i, key in enumerate(keys) if key not in node.children]
        if untried:
            return untried[rng.randrange(len(untried))]
        best, best_score = 0, -math.inf
        for i, key in enumerate(keys):
            child = node.children[key]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = i, score
        return best

    def _guidance(self, game: State, player: int, rng: random.Random) -> dict[str, float]:
        """The guide's (else the policy's) share of each action here: its preferences if it
        is a `Guide` and `scores` is on, else all on the move it would play (none without
        either)."""
        policy = self.policy if self.guide is None else self.guide
        if policy is None:
            return {}
        if self.scores:
            return shares_of(policy, game, player, rng)
        return {str(policy.choose(game, player, rng)): 1.0}

    def _puct(self, node: _Node, keys: list[str], prior: float) -> int:
        """PUCT: value + c·P·√(availability)/(1 + visits), where P gives `prior` to the
        policy's guidance and the rest evenly to the actions it does not favour (with all of
        the guidance on one move: `prior` for it, an even share of 1 − `prior` for the others);
        an untried action is valued at the mean of the tried ones."""
        spread = (1.0 - prior) / max(1, len(keys) - 1)
        guidance = node.policy or {}
        tried = [node.children[key] for key in keys if key in node.children]
        visits = sum(child.visits for child in tried)
        first_play = sum(child.reward for child in tried) / visits if visits else 0.5
        best, best_score = 0, -math.inf
        for i, key in enumerate(keys):
            share = guidance.get(key, 0.0)
            weight = self.exploration * (prior * share + spread * (1.0 - share))
            child = node.children.get(key)
            if child is None:
                score = first_play + weight * math.sqrt(node.visits)
            else:
                score = child.reward / child.visits + weight * math.sqrt(child.available) / (
                    1 + child.visits
                )
            if score > best_score:
                best, best_score = i, score
        return best

    def _rollout(self, game: State, rng: random.Random) -> list[float]:
        """The default policy to the end, or to the cut-off and the evaluation."""
        steps = 0
        limit = self.rollout_steps
        progress, last_round = None, 0
        if self.rollout_rounds is not None and self.progress is not None:
            progress = self.progress
            last_round = progress(game) + self.rollout_rounds
        policy = self.policy
        while not game.is_terminal():
            if (limit is not None and steps >= limit) or (
                progress is not None and progress(game) >= last_round
            ):
                if self.evaluation is not None:
                    return self.evaluation(game)
                return [1.0 / game.num_players] * game.num_players
            if policy is not None:
                player = game.current_player
                assert player is not None
                game.apply(policy.choose(game, player, rng))
            else:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
            steps += 1
        return game.returns()


@contextmanager
def full_collections_deferred() -> Iterator[None]:
    """No full collection of Python's cyclic garbage collector while a search runs in the
    program's main thread. The collector looks at the young objects every few hundred
    allocations, which a search's own objects need, and, once enough of them have grown old,
    at the whole heap: 50-150 ms in a process playing Jugula's `master`, which, landing in a
    search's last iteration, pushed a 0.9 s decision past a second. A search makes no
    reference cycles (its nodes and imagined games are freed as it goes: a full collection
    after searches of each game found nothing), so the whole heap's turn can wait for the
    end of the search, and comes with the next young collection after it. Other threads (a
    server's workers, whose searches overlap) leave the collector to their program
    (`colosseum serve` tunes it for its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)


def _seen_as(notation: str, events: list[Event], seat: int) -> str:
    """An action as `seat` saw it: its notation if every event it caused was shown to him,
    else only the events he saw (a counter placed face down: that one was placed)."""
    if all(event.visible(seat) for event in events):
        return notation
    shown = (f"{event.kind} {event.data}" for event in events if event.visible(seat))
    return "?; " + "; ".join(shown)


def _settled(root: _Node, iterations_left: float) -> bool:
    """Whether the most visited move leads the next by more than the iterations left, so the
    rest of the budget could not change the choice (each iteration visits one root move)."""
    if len(root.children) < 2:
        return False
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > iterations_left
