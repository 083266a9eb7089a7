"""The fourth game, in the kernel and every tool, with no change outside its folder: the
kernel's contract (the functions of tests/core/test_contract.py, run on this game), its rule
ids, hidden information, positions refused when broken; its hooks (terminal, SVG, RL encoding,
balance); the agents (ISMCTS), simulation, tournament and the command line."""

from __future__ import annotations

import json
import pickle
import random
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import colosseum
from colosseum.agents import InvalidAgent, make_agent
from colosseum.cli.app import app
from colosseum.core import registry
from colosseum.core.renderers import as_text, renderer_for
from colosseum.sim import Simulation, run_games, summarize
from colosseum.sim.balance import BalancePlan, balance
from colosseum.sim.tournament import Tournament, run_tournament, summarize_tournament
from tests.core import test_contract as contract

from . import GAME_ID
from .state import MAX_BID, SortesState

SETUPS = [(GAME_ID, players) for players in (2, 3, 4)]
SETUP_IDS = [f"{players}p" for _, players in SETUPS]
setups = st.sampled_from(SETUPS)
seeds = contract.seeds
choices = contract.choices


def played(players: int = 3, seed: int = 5, steps: int = 1000) -> SortesState:
    """A game after up to `steps` random decisions."""
    state = colosseum.new_game(GAME_ID, players=players, seed=seed)
    assert isinstance(state, SortesState)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


# --- the registry ---------------------------------------------------------------------------


def test_it_is_listed_beside_the_three_and_answers_to_its_alias() -> None:
    games = colosseum.games()
    assert GAME_ID in games and len(games) == 4
    assert colosseum.new_game("  SORTES ", players=2, seed=1).game_id == GAME_ID
    contract.test_games_lists_every_game_with_its_options()


# --- the kernel's contract, by tests/core/test_contract.py's own functions -------------------


@pytest.mark.parametrize("setup", SETUPS, ids=SETUP_IDS)
def test_contract_at_the_start_and_in_random_playouts(setup: tuple[str, int]) -> None:
    contract.test_new_game_starts_with_a_decision(setup)
    contract.test_notation_of_every_legal_action_is_accepted_back(setup)
    contract.test_random_playouts_follow_the_contract(setup)


@given(setup=setups, seed=seeds, indices=choices, k=st.integers(0, 2**32))
def test_contract_view_leak_property(
    setup: tuple[str, int], seed: int, indices: list[int], k: int
) -> None:
    contract.test_view_leak_property_for_every_seat.hypothesis.inner_test(  # type: ignore[attr-defined]
        setup=setup, seed=seed, indices=indices, k=k
    )


@given(setup=setups, seed=seeds, indices=choices)
def test_contract_determinize_and_replay(
    setup: tuple[str, int], seed: int, indices: list[int]
) -> None:
    inner = "hypothesis"
    for test in (
        contract.test_determinize_leaves_the_real_state_alone_and_is_seeded,
        contract.test_replay_of_a_record_reaches_the_same_position,
    ):
        getattr(test, inner).inner_test(setup=setup, seed=seed, indices=indices)


@given(setup=setups, seed=seeds, before=choices, after=choices)
def test_contract_positions_and_clones(
    setup: tuple[str, int], seed: int, before: list[int], after: list[int]
) -> None:
    for test in (
        contract.test_position_round_trip_continues_identically,
        contract.test_clones_are_independent,
    ):
        test.hypothesis.inner_test(  # type: ignore[attr-defined]
            setup=setup, seed=seed, before=before, after=after
        )


def test_determinize_reseeds_the_dice_and_guesses_the_hidden() -> None:
    state = colosseum.new_game(GAME_ID, players=3, seed=3)
    state.apply("bid 2")  # seat 0's bid is hidden from seats 1 and 2
    real = state.to_position()
    guesses = [state.determinize(1, random.Random(k)).to_position() for k in range(20)]
    assert real["rng"] not in {g["rng"] for g in guesses}
    assert len({g["bid"][0] for g in guesses}) > 1 and len({g["omen"][2] for g in guesses}) > 1
    assert {g["omen"][1] for g in guesses} == {real["omen"][1]}, "the seat's own omen is kept"
    with pytest.raises(colosseum.ColosseumError):
        state.determinize(0, random.Random(0)).record()
    with pytest.raises(colosseum.ColosseumError):
        state.determinize(3, random.Random(0))


def test_a_state_pickles_and_plays_on() -> None:
    state = played(steps=7)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_position() == state.to_position()
    assert copy.record() == state.record()


# --- its rules and hidden information ---------------------------------------------------------


def test_every_event_cites_a_rule_of_its_catalog_and_every_rule_is_cited() -> None:
    catalog = registry.game_definition(GAME_ID).rule_ids
    assert catalog is not None
    ids = set(catalog())
    cited: set[str] = set()
    for seed in range(10):
        state = colosseum.new_game(GAME_ID, players=2 + seed % 3, seed=seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            for event in state.apply(rnd.choice(state.legal_actions())):
                assert event.rule in ids, event
                cited.add(str(event.rule))
    assert cited == ids


def test_bids_and_omens_are_hidden_until_the_bout() -> None:
    state = colosseum.new_game(GAME_ID, players=3, seed=9)
    omens = state.to_position()["omen"]
    events = state.apply("bid 4")
    private = [e for e in events if e.kind == "bid"]
    assert private and all(e.visible_to == frozenset({0}) for e in private)
    assert [e.visible(1) for e in events] == [False, True]
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["seats"][0]["bid"] == 4 and mine["seats"][0]["omen"] == omens[0]
    assert theirs["seats"][0] == {
        "seat": 0,
        "purse": 12,
        "points": 0,
        "bid": "hidden",
        "omen": None,
    }
    assert all(entry["omen"] is None for entry in spectator["seats"])
    assert "4" not in json.dumps(theirs["seats"][0])
    state.apply("bid 0")
    bout = [e for e in state.apply("bid 6") if e.kind == "bout"]
    assert bout and bout[0].visible_to is None
    assert bout[0].data["bids"] == [4, 0, 6] and bout[0].data["omens"] == omens
    assert state.view(None)["seats"][0]["purse"] == 8


def test_a_purse_bounds_the_bids_and_the_end_names_the_winners() -> None:
    state = colosseum.new_game(GAME_ID, players=2, seed=1, options={"purse": 2, "rounds": 2})
    assert [str(a) for a in state.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    with pytest.raises(colosseum.IllegalAction, match="not legal now"):
        state.apply(f"bid {MAX_BID}")
    for notation in ("bid 2", "bid 0", "bid 0", "bid 0"):
        state.apply(notation)
    assert state.is_terminal() and state.winners()
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("field", "value"),
    [("purse", [99, 0]), ("bid", [7, -1]), ("omen", [0, 3]), ("turn", 5), ("rng", -1)],
)
def test_a_broken_position_is_refused_naming_the_field(field: str, value: Any) -> None:
    position = colosseum.new_game(GAME_ID, players=2, seed=2).to_position()
    position[field] = value
    with pytest.raises(colosseum.InvalidRecord, match=field):
        colosseum.from_position(GAME_ID, position)


# --- its hooks: the terminal, the board, the RL encoding ------------------------------------


def test_the_terminal_renderer_is_its_own() -> None:
    renderer = renderer_for(GAME_ID)
    state = played(players=3, steps=4)
    view = state.view(1)
    console = Console(width=100, record=True, color_system=None)
    console.print(renderer.view(view, state.options, [str(a) for a in state.legal_actions()]))
    screen = console.export_text()
    assert "Sortes Gladiatoriae" in screen and "seat 1 (you)" in screen
    rnd = random.Random(2)
    while not state.is_terminal():
        for event in state.apply(rnd.choice(state.legal_actions())):
            if event.visible(1):
                words = as_text(renderer.event(event.to_json(), state.view(1))).plain
                assert words and ":" not in words[:4]
    assert as_text(renderer.action("bid 3", view)).plain == "Bid 3 denarii"
    assert sorted(["bid 2", "bid 0", "bid 1"], key=renderer.order) == ["bid 0", "bid 1", "bid 2"]


def test_the_board_is_svg_whose_buttons_are_the_legal_actions() -> None:
    definition = registry.game_definition(GAME_ID)
    assert definition.render_svg is not None and definition.merge_views is not None
    state = played(players=4, steps=6)
    seat = state.current_player
    assert seat is not None
    legal = [str(a) for a in state.legal_actions()]
    svg = definition.render_svg(state.view(seat), legal)
    root = ElementTree.fromstring(svg)
    actions = [e.get("data-action") for e in root.iter() if e.get("data-action")]
    assert actions == legal
    over = played(players=2, steps=1000)
    assert "Game over" in definition.render_svg(over.view(0), [])
    assert state._repr_svg_() is not None
    merged = definition.merge_views([state.view(s) for s in range(4)])
    placed = [s for s in range(4) if state.to_position()["bid"][s] >= 0]
    assert merged["seat"] is None and placed
    assert [merged["seats"][s]["bid"] for s in placed] == [
        state.to_position()["bid"][s] for s in placed
    ]


def test_the_rl_encoding_masks_the_legal_actions_and_observes_the_view_alone() -> None:
    np = pytest.importorskip("numpy")
    from colosseum.rl import encoding_for

    encoding = encoding_for(GAME_ID)
    assert encoding.num_actions == MAX_BID + 1
    for players in (2, 4):
        state = colosseum.new_game(GAME_ID, players=players, seed=players)
        rnd = random.Random(players)
        while True:
            for seat in range(players):
                vector = encoding.observe(state.view(seat))
                assert vector.shape == (encoding.observation_size,)
                assert vector.min() >= 0.0 and vector.max() <= 1.0
            if state.is_terminal():
                break
            legal = encoding.legal(state)
            assert set(np.flatnonzero(encoding.mask(state))) == set(legal)
            index = rnd.choice(sorted(legal))
            assert encoding.encode(encoding.decode(index, state)) == index
            state.apply(encoding.decode(index, state))


# --- the tools: agents, simulation, balance, the command line --------------------------------


def test_ismcts_plays_it_to_the_end() -> None:
    agent = make_agent("ismcts:iterations=50", GAME_ID)
    level = make_agent("easy", GAME_ID)
    state = colosseum.new_game(GAME_ID, players=3, seed=4)
    rnd = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        chooser = agent if seat == 0 else level
        action = chooser.choose(state, seat, rnd)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.winners()


def test_there_is_no_heuristic_agent_for_it_and_the_error_says_so() -> None:
    with pytest.raises(InvalidAgent, match="no heuristic agent"):
        make_agent("heuristic", GAME_ID)


def test_there_is_no_master_without_a_learned_guide_and_the_error_says_so() -> None:
    with pytest.raises(InvalidAgent, match="has no learned guide yet"):
        make_agent("master", GAME_ID)


def test_simulate_and_tournament_play_it() -> None:
    simulation = Simulation(GAME_ID, ("random", "ismcts:iterations=20", "random"), 6, seed=1)
    results = run_games(simulation, jobs=1)
    summary = summarize(simulation, results, 1.0)
    assert summary["games"] == 6 and summary["capped"] == 0
    assert sum(summary["player_win_rate"]) == pytest.approx(1.0)
    tournament = Tournament(GAME_ID, ("random", "ismcts:iterations=20"), games=4, seed=2)
    report = summarize_tournament(tournament, run_tournament(tournament, jobs=1), 1.0)
    assert report["games"] == 4


def test_balance_reports_what_each_seat_held() -> None:
    report = balance(BalancePlan(GAME_ID, ("random", "random"), deals=6, seed=3))
    text = json.dumps(report)
    assert "bid first" in text and "rounds" in text
    assert report["games"] == 12


@pytest.fixture
def cli() -> CliRunner:
    return CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})


def test_the_command_line_plays_simulates_and_runs_a_tournament(
    cli: CliRunner, tmp_path: Path
) -> None:
    done = cli.invoke(app, ["play", "sortes", "-p", "random,random,random", "-s", "3", "--plain"])
    assert done.exit_code == 0, done.output
    assert "Game over" in done.output and "bout" in done.output.lower()
    done = cli.invoke(
        app, ["simulate", "sortes", "-n", "4", "-p", "random,random", "-s", "1", "--json"]
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"] == 4
    done = cli.invoke(
        app,
        [
            "tournament",
            "sortes",
            "-a",
            "random,ismcts:iterations=10",
            "-n",
            "2",
            "-s",
            "1",
            "--json",
        ],
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"] == 2
    done = cli.invoke(
        app,
        ["balance", "sortes", "-n", "4", "-a", "random,random", "-s", "1", "--out", str(tmp_path)],
    )
    assert done.exit_code == 0, done.output
    assert (tmp_path / "report.json").exists()
