"""ISMCTS (agents/ismcts.py): deterministic, legal, blind to hidden cards and future chance,
at ease with dice, shuffles and 3-5 players, and built from the documented agent specs."""

from __future__ import annotations

import gc
import random
import threading

import pytest

import colosseum
from colosseum.agents import InvalidAgent, make_agent
from colosseum.agents.ismcts import LEVELS, NEVER, ISMCTSAgent, _Node
from colosseum.core.rng import Rng
from colosseum.core.state import State

from ..jugula.helpers import Table

GAMES = ("ludus-gladiatorius", "ludi-gladiatorii", "jugula")


def mid_game(game: str, players: int, seed: int, steps: int) -> State:
    """A state some random steps into a game, at a decision with several legal actions."""
    state = colosseum.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    assert not state.is_terminal()
    return state


def search(
    game: str, iterations: int = 60, stop_early: bool = True, observers: str = "single"
) -> ISMCTSAgent:
    agent = make_agent(f"ismcts:iterations={iterations},observers={observers}", game)
    assert isinstance(agent, ISMCTSAgent)
    agent.stop_early = stop_early
    return agent


OBSERVERS = ("single", "multi")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("observers", OBSERVERS)
def test_the_search_is_deterministic_for_a_seed(game: str, observers: str) -> None:
    state = mid_game(game, 2, seed=3, steps=25)
    seat = state.current_player
    assert seat is not None
    first = search(game, observers=observers).choose(state, seat, random.Random(11))
    again = search(game, observers=observers).choose(state.clone(), seat, random.Random(11))
    assert first == again


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("guess", [1, 2, 3])
@pytest.mark.parametrize("observers", OBSERVERS)
def test_the_choice_ignores_the_hidden_truth(game: str, guess: int, observers: str) -> None:
    """Any state the seat cannot tell apart from the real one (same view) gets the same
    choice: the search never peeks at hidden cards or counters."""
    state = mid_game(game, 2, seed=5, steps=30)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, random.Random(guess))
    assert other.view(seat) == state.view(seat)
    choice = search(game, observers=observers).choose(state, seat, random.Random(7))
    assert choice == search(game, observers=observers).choose(other, seat, random.Random(7))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("observers", OBSERVERS)
def test_the_choice_ignores_the_real_dice_to_come(game: str, observers: str) -> None:
    """Reseeding the true state's RNG (its future dice and shuffles) changes nothing."""
    state = mid_game(game, 2, seed=8, steps=20)
    seat = state.current_player
    assert seat is not None
    reseeded = state.clone()
    reseeded.rng = Rng.from_seed(424242)  # type: ignore[attr-defined]
    choice = search(game, observers=observers).choose(state, seat, random.Random(3))
    assert choice == search(game, observers=observers).choose(reseeded, seat, random.Random(3))


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("ludus-gladiatorius", 2),
        ("ludus-gladiatorius", 5),
        ("ludi-gladiatorii", 3),
        ("ludi-gladiatorii", 5),
        ("jugula", 2),
        ("jugula", 4),
    ],
)
@pytest.mark.parametrize("observers", OBSERVERS)
def test_whole_games_with_chance_and_many_players_stay_legal(
    game: str, players: int, observers: str
) -> None:
    """One ISMCTS seat among random ones to the end: every choice is legal."""
    state = colosseum.new_game(game, players=players, seed=players)
    agent = search(game, iterations=8, observers=observers)
    other = make_agent("random", game)
    rng = random.Random(players)
    steps = 0
    while not state.is_terminal() and steps < 3000:
        seat = state.current_player
        assert seat is not None
        chooser = agent if seat == 0 else other
        action = chooser.choose(state, seat, rng)
        assert action in state.legal_actions()
        state.apply(action)
        steps += 1
    assert state.is_terminal()


def test_with_multiple_observers_each_tree_sees_what_its_seat_saw() -> None:
    """`observers=multi`: a counter placed face down is one move in each other seat's tree
    (all placements alike, so no opponent adapts to a counter it could not see), while the
    placer's own tree tells the counters apart."""
    state = colosseum.new_game("ludus-gladiatorius", players=2, seed=1)
    assert state.view(None)["phase"] == "place"
    seat = state.current_player
    assert seat is not None
    agent = search("ludus-gladiatorius", observers="multi")
    roots = [_Node(-1), _Node(-1)]
    rng = random.Random(4)
    for _ in range(60):
        agent._iterate(roots, state.determinize(seat, rng), rng)
    mine, theirs = roots[seat].children, roots[1 - seat].children
    placements = {str(action) for action in state.legal_actions()}
    assert len(mine) > 1 and set(mine) <= placements
    assert list(theirs) == ["?; counter_placed {'gladiator': 4}"]
    assert theirs["?; counter_placed {'gladiator': 4}"].visits == 60
    assert sum(child.visits for child in mine.values()) == 60


def test_ludus_searches_with_a_tree_per_seat_by_default() -> None:
    """Ludus' secrets are counters placed face down: its default search is multi-observer."""
    for spec, game, multi in [
        ("ismcts", "ludus", True),
        ("ismcts:observers=single", "ludus", False),
        ("ismcts", "ludi", False),
        ("ismcts", "jugula", False),
    ]:
        agent = make_agent(spec, game)
        assert isinstance(agent, ISMCTSAgent)
        assert agent.multi_observer is multi


def test_a_single_legal_action_is_taken_without_searching() -> None:
    state = colosseum.new_game("jugula", players=2, seed=1)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    agent = search("jugula")
    seat = state.current_player
    assert seat is not None
    assert agent.choose(state, seat, random.Random(0)) == state.legal_actions()[0]
    assert agent.last is not None and agent.last.iterations == 0


def test_the_iteration_budget_is_spent_exactly_without_early_stops() -> None:
    state = mid_game("ludus-gladiatorius", 2, seed=2, steps=10)
    agent = search("ludus-gladiatorius", iterations=37, stop_early=False)
    seat = state.current_player
    assert seat is not None
    agent.choose(state, seat, random.Random(0))
    assert agent.last is not None
    assert agent.last.iterations == 37
    assert sum(agent.last.visits.values()) == 37


@pytest.mark.parametrize("game", GAMES)
def test_an_early_stop_changes_nothing_but_the_time(game: str) -> None:
    """The search stops once its favourite leads by more than the iterations left, and then
    chooses what the whole budget would have chosen."""
    budget = 150
    stopped = 0
    for seed in range(4):
        state = mid_game(game, 2, seed=seed, steps=12)
        seat = state.current_player
        assert seat is not None
        early = search(game, iterations=budget)
        full = search(game, iterations=budget, stop_early=False)
        chosen = early.choose(state.clone(), seat, random.Random(seed))
        assert chosen == full.choose(state.clone(), seat, random.Random(seed))
        assert early.last is not None and early.last.iterations <= budget
        if early.last.iterations < budget:
            stopped += 1
            leads = sorted(early.last.visits.values(), reverse=True)
            assert leads[0] - leads[1] > budget - early.last.iterations
    assert stopped, "no search stopped early"


def test_a_time_budget_stops_the_search() -> None:
    state = mid_game("ludi-gladiatorii", 2, seed=2, steps=10)
    agent = make_agent("ismcts:seconds=0.2", "ludi")
    assert isinstance(agent, ISMCTSAgent)
    seat = state.current_player
    assert seat is not None
    agent.choose(state, seat, random.Random(0))
    assert agent.last is not None
    assert agent.last.iterations >= 1
    assert agent.last.seconds < 1.0


def _thresholds_seen(agent: ISMCTSAgent, state: State, seat: int) -> set[tuple[int, ...]]:
    """The collector's thresholds each cut rollout of `agent`'s search found."""
    seen: set[tuple[int, ...]] = set()

    def evaluation(game: State) -> list[float]:
        seen.add(gc.get_threshold())
        return [1.0 / game.num_players] * game.num_players

    agent.rollout_steps, agent.rollout_rounds, agent.evaluation = 1, None, evaluation
    agent.choose(state, seat, random.Random(0))
    return seen


def test_no_full_collection_interrupts_a_search_in_the_main_thread() -> None:
    """The collector's third threshold is out of reach while the search runs (no scan of the
    whole heap can land in it), and as it was afterwards."""
    state = mid_game("ludus-gladiatorius", 2, seed=2, steps=10)
    seat = state.current_player
    assert seat is not None
    before = gc.get_threshold()
    seen = _thresholds_seen(search("ludus-gladiatorius", iterations=20), state, seat)
    assert seen == {(before[0], before[1], NEVER)}
    assert gc.get_threshold() == before


def test_a_search_in_another_thread_leaves_the_collector_alone() -> None:
    """A server's workers search side by side: the collector stays as their program set it."""
    state = mid_game("ludus-gladiatorius", 2, seed=2, steps=10)
    seat = state.current_player
    assert seat is not None
    before = gc.get_threshold()
    found: list[set[tuple[int, ...]]] = []
    worker = threading.Thread(
        target=lambda: found.append(
            _thresholds_seen(search("ludus-gladiatorius", iterations=20), state, seat)
        )
    )
    worker.start()
    worker.join()
    assert found == [{before}]


def test_a_failing_search_gives_the_collector_back() -> None:
    state = mid_game("ludus-gladiatorius", 2, seed=2, steps=10)
    seat = state.current_player
    assert seat is not None
    before = gc.get_threshold()
    agent = search("ludus-gladiatorius", iterations=20)

    def evaluation(game: State) -> list[float]:
        raise RuntimeError("broken evaluation")

    agent.rollout_steps, agent.rollout_rounds, agent.evaluation = 1, None, evaluation
    with pytest.raises(RuntimeError, match="broken evaluation"):
        agent.choose(state, seat, random.Random(0))
    assert gc.get_threshold() == before


def test_the_search_takes_a_certain_winning_blow() -> None:
    """Jugula: Fatalitas wounds for certain, and here that wound leaves the rival one unhurt
    and two wounded gladiators ("Winning the game"): the search plays it."""
    t = Table()
    t.place(0, "thraex", "c4", "e")
    t.place(0, "murmillo", "e4", "w")
    t.place(0, "veles", "a1", "n")
    t.place(0, "provocator", "h1", "n")
    t.place(1, "retiarius", "d4", "s")  # in the danger zone of the Thraex and the Murmillo
    t.place(1, "secutor", "h8", "s", wounded=True)
    t.place(1, "hoplomachus", "a8", "s")  # the Scissor has bitten the dust already
    t.hand(0, "fatalitas", "virtus", "plausus")
    t.state.wounds[t.g(1, "scissor")] = 2
    state = t.turn(0)
    agent = search("jugula", iterations=300)
    choice = agent.choose(state, 0, random.Random(5))
    assert str(choice) == "play fatalitas ability"
    state.apply(choice)
    assert str(agent.choose(state, 0, random.Random(5))) == "execute d4"


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds"),
    [
        ("ismcts", LEVELS["normal"].get("iterations"), LEVELS["normal"].get("seconds")),
        ("ismcts:iterations=2000", 2000, None),
        ("ismcts:seconds=1", None, 1.0),
        ("easy", LEVELS["easy"].get("iterations"), LEVELS["easy"].get("seconds")),
        ("normal", LEVELS["normal"].get("iterations"), LEVELS["normal"].get("seconds")),
        ("hard", LEVELS["hard"].get("iterations"), LEVELS["hard"].get("seconds")),
        ("ismcts:level=hard", LEVELS["hard"].get("iterations"), LEVELS["hard"].get("seconds")),
    ],
)
def test_agent_specs_set_the_budget(
    spec: str, iterations: int | None, seconds: float | None
) -> None:
    agent = make_agent(spec, "ludus")
    assert isinstance(agent, ISMCTSAgent)
    assert agent.iterations == iterations
    assert agent.seconds == seconds


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:depth=3", "no parameter 'depth'"),
        ("ismcts:iterations=many", "not a whole number"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:seconds=-1", "positive"),
        ("ismcts:level=godlike", "unknown level"),
        ("ismcts:policy=oracle", "not random or heuristic"),
        ("ismcts:prior=1", "between 0 and 1"),
        ("ismcts:prior=much", "not a number"),
        ("hard:iterations=5", "takes no parameters"),
        ("ismcts:rollout=soon", "not a whole number"),
        ("ismcts:observers=all", "not single or multi"),
    ],
)
def test_bad_agent_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgent, match=message):
        make_agent(spec, "ludus")


def test_rollouts_by_round_need_a_game_with_rounds() -> None:
    with pytest.raises(InvalidAgent, match="no round counter"):
        make_agent("ismcts:rollout=round", "jugula")
    with pytest.raises(ValueError, match="round counter"):
        ISMCTSAgent(iterations=5, rollout_rounds=1)


def test_rollouts_by_round_stop_at_the_end_of_the_round() -> None:
    """`rollout=round`: every rollout that does not end the game is scored by the evaluation
    at the start of the next round, never earlier or later."""
    state = mid_game("ludus-gladiatorius", 2, seed=4, steps=6)
    seat = state.current_player
    assert seat is not None
    agent = make_agent("ismcts:iterations=40,rollout=round", "ludus")
    assert isinstance(agent, ISMCTSAgent) and agent.progress is not None
    round_now = agent.progress(state)
    seen: list[tuple[int, str]] = []

    def recorder(game: State) -> list[float]:
        assert agent.progress is not None
        seen.append((agent.progress(game), game.view(None)["phase"]))
        return [0.5, 0.5]

    agent.evaluation = recorder
    agent.choose(state, seat, random.Random(2))
    assert seen
    assert all(phase == "place" for _, phase in seen)
    # the tree adds at most a round's worth of decisions before a rollout starts
    assert {number for number, _ in seen} <= {round_now + 1, round_now + 2}


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_search_starts_from_the_policys_move(game: str) -> None:
    """With a prior, the first iteration follows the policy (the heuristic player), so a
    search of one iteration plays the heuristic's move."""
    state = mid_game(game, 2, seed=7, steps=20)
    seat = state.current_player
    assert seat is not None
    heuristic = make_agent("heuristic", game).choose(state, seat, random.Random(1))
    guided = make_agent("ismcts:iterations=1,policy=heuristic,prior=0.8", game)
    assert guided.choose(state, seat, random.Random(1)) == heuristic


def test_specs_choose_the_policy_and_the_prior() -> None:
    guided = make_agent("ismcts:policy=heuristic,prior=0.6,rollout=4,c=1.2", "ludi")
    assert isinstance(guided, ISMCTSAgent)
    assert guided.policy is not None and guided.policy.name == "heuristic"
    assert (guided.prior, guided.rollout_steps, guided.exploration) == (0.6, 4, 1.2)
    assert not guided.multi_observer
    multi = make_agent("ismcts:observers=multi", "ludi")
    assert isinstance(multi, ISMCTSAgent) and multi.multi_observer
    plain = make_agent("ismcts:policy=random,prior=0", "ludi")
    assert isinstance(plain, ISMCTSAgent)
    assert plain.policy is None and plain.prior is None  # plain UCB1, random rollouts
