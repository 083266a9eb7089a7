"""The `master` level and its learned guides (agents/guides.py) and their training by self-play
(sim/training.py, `colosseum train`): the networks read one seat's observation alone, so the
search they guide never peeks; a run goes on after a stop as if never stopped; broken or
foreign weights are refused by name."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import numpy as np
import pytest

from colosseum.agents import InvalidAgent, make_agent
from colosseum.agents.base import Guide
from colosseum.agents.guides import (
    LearnedGuide,
    MixedGuide,
    guide_paths,
    read_guide,
    shipped_guide,
)
from colosseum.agents.ismcts import ISMCTSAgent
from colosseum.agents.registry import master_search
from colosseum.agents.search_hooks import evaluation_of
from colosseum.core.errors import DataError
from colosseum.core.rng import Rng
from colosseum.core.state import State
from colosseum.sim.backends import ProcessBackend
from colosseum.sim.training import Run, Settings, TrainingError, npz_bytes

from .test_ismcts import mid_game

GAMES = ("ludus-gladiatorius", "ludi-gladiatorii", "jugula")


def tiny(game: str, games: int = 2) -> Settings:
    """A run small enough for a test: a few games of a short search, a small network."""
    return Settings(game, seed=5, games=games, iterations=6, hidden=8, window=2, explore=2)


def trained(folder: Path, settings: Settings, generations: int) -> Run:
    run = Run.open(folder, settings)
    while run.done < generations:
        run.generation(ProcessBackend(1), "a test")
    return run


@pytest.fixture(scope="module")
def guides(tmp_path_factory: pytest.TempPathFactory) -> dict[str, LearnedGuide]:
    """A guide of each game after two tiny generations (the second searched with the first's
    guide)."""
    return {game: trained(tmp_path_factory.mktemp(game), tiny(game), 2).guide() for game in GAMES}


def assert_the_same_choice(guide: LearnedGuide, state: State, other: State, seat: int) -> None:
    """The guide's preferences and the master search's choice, with and without the value
    network, are the same in both."""
    liked = guide.preferences(state, seat, random.Random(0))
    assert liked == guide.preferences(other, seat, random.Random(0))
    for value in (False, True):
        choices = []
        for position in (state, other):
            agent = master_search(guide.game, guide, iterations=40, value=value)
            agent.stop_early = False
            choices.append(agent.choose(position, seat, random.Random(7)))
        assert choices[0] == choices[1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("guess", [1, 2])
def test_the_guided_choice_ignores_the_hidden_truth(
    game: str, guess: int, guides: dict[str, LearnedGuide]
) -> None:
    """A state the seat cannot tell from the real one (same view) gets the same preferences
    and the same choice: the networks and the search read the seat's view alone."""
    state = mid_game(game, 2, seed=5, steps=30)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, random.Random(guess))
    assert other.view(seat) == state.view(seat)
    assert_the_same_choice(guides[game], state, other, seat)


@pytest.mark.parametrize("game", GAMES)
def test_the_guided_choice_ignores_the_real_dice_to_come(
    game: str, guides: dict[str, LearnedGuide]
) -> None:
    state = mid_game(game, 2, seed=8, steps=20)
    seat = state.current_player
    assert seat is not None
    reseeded = state.clone()
    reseeded.rng = Rng.from_seed(424242)  # type: ignore[attr-defined]
    assert_the_same_choice(guides[game], state, reseeded, seat)


@pytest.mark.parametrize("game", GAMES)
def test_preferences_share_the_legal_actions_and_values_share_the_win(
    game: str, guides: dict[str, LearnedGuide]
) -> None:
    guide = guides[game]
    for players in (2, 3):
        state = mid_game(game, players, seed=2, steps=15)
        seat = state.current_player
        assert seat is not None
        liked = guide.preferences(state, seat, random.Random(0))
        assert set(liked) == {str(action) for action in state.legal_actions()}
        assert sum(liked.values()) == pytest.approx(1.0)
        assert str(guide.choose(state, seat, random.Random(0))) == max(liked, key=liked.get)
        shares = guide.evaluation(state)
        assert len(shares) == players and sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= share <= 1.0 for share in shares)


@pytest.mark.parametrize("game", GAMES)
def test_the_prior_is_the_mean_of_the_policy_and_the_heuristic(
    game: str, guides: dict[str, LearnedGuide]
) -> None:
    """Beside a heuristic with preferences (Ludus, Jugula) its shares count; beside one
    without (Ludi) its move does."""
    state = mid_game(game, 2, seed=6, steps=12)
    seat = state.current_player
    assert seat is not None
    heuristic = make_agent("heuristic", game)
    mixed = MixedGuide(guides[game], heuristic).preferences(state, seat, random.Random(0))
    learned = guides[game].preferences(state, seat, random.Random(0))
    if isinstance(heuristic, Guide):
        weights = heuristic.preferences(state, seat, random.Random(0))
        theirs = {key: weight / sum(weights.values()) for key, weight in weights.items()}
    else:
        theirs = {str(heuristic.choose(state, seat, random.Random(0))): 1.0}
    for key in set(learned) | set(theirs):
        expected = (learned.get(key, 0.0) + theirs.get(key, 0.0)) / 2
        assert mixed[key] == pytest.approx(expected)
    assert sum(mixed.values()) == pytest.approx(1.0)


def test_a_run_goes_on_after_a_stop_as_if_never_stopped(tmp_path: Path) -> None:
    game = "ludus-gladiatorius"
    straight = trained(tmp_path / "straight", tiny(game), 2)
    trained(tmp_path / "stopped", tiny(game), 1)
    resumed = trained(tmp_path / "stopped", tiny(game), 2)
    assert resumed.curve == straight.curve
    for ours, theirs in zip(
        guide_paths(game, resumed.folder), guide_paths(game, straight.folder), strict=True
    ):
        assert ours.read_bytes() == theirs.read_bytes()
    assert sorted(p.name for p in resumed.folder.iterdir()) == [
        "guide-2",
        "learner-2.pkl",
        f"{game}-guide.npz",
        f"{game}-guide.toml",
        "positions-1.npz",
        "positions-2.npz",
        "training.json",
    ]
    assert [point["generation"] for point in resumed.curve] == [1, 2]
    assert {"policy_agreement", "value_mse"} <= set(resumed.curve[1])


def test_a_folder_goes_on_only_with_its_own_settings(tmp_path: Path) -> None:
    trained(tmp_path, tiny("jugula"), 1)
    with pytest.raises(TrainingError, match="other settings \\(games\\)"):
        Run.open(tmp_path, tiny("jugula", games=3))
    (tmp_path / "learner-1.pkl").write_bytes(b"not a pickle")
    with pytest.raises(TrainingError, match=r"cannot be read .* start another folder"):
        Run.open(tmp_path, tiny("jugula")).learner()
    (tmp_path / "training.json").write_text("{")
    with pytest.raises(TrainingError, match="not a training record"):
        Run.open(tmp_path, tiny("jugula"))


def test_broken_or_foreign_weights_are_refused_by_name(tmp_path: Path) -> None:
    game = "ludus-gladiatorius"
    folder = trained(tmp_path, tiny(game), 1).folder
    weights, manifest = guide_paths(game, folder)
    read_guide(game, folder)
    original = weights.read_bytes()
    weights.write_bytes(original[:-10] + b"0123456789")
    with pytest.raises(DataError, match="do not match their manifest's digest"):
        read_guide(game, folder)
    weights.write_bytes(original)
    text = manifest.read_text()
    manifest.write_text(text.replace(f'game = "{game}"', 'game = "jugula"'))
    with pytest.raises(DataError, match="is for 'jugula'"):
        read_guide(game, folder)
    manifest.write_text(text.replace("hidden = [8]", "hidden = [0]"))
    with pytest.raises(DataError, match="hidden"):
        read_guide(game, folder)
    weights.unlink()
    manifest.write_text(text)
    with pytest.raises(DataError, match="cannot be read"):
        read_guide(game, folder)
    with pytest.raises(DataError, match=r"jugula-guide\.toml"):
        read_guide("jugula", folder)


def test_weights_for_another_encoding_are_refused(tmp_path: Path) -> None:
    """Weights whose input does not match the game's observation (the game's data changed
    since they were fitted) say to fit them again."""
    game = "ludus-gladiatorius"
    folder = trained(tmp_path, tiny(game), 1).folder
    weights, manifest = guide_paths(game, folder)
    with np.load(weights) as stored:
        arrays = {key: stored[key] for key in stored.files}
    arrays["policy_w0"] = arrays["policy_w0"][:-1]
    raw = npz_bytes(arrays)
    weights.write_bytes(raw)
    digest = hashlib.sha256(raw).hexdigest()
    text = manifest.read_text()
    manifest.write_text(text.split("sha256")[0] + f'sha256 = "{digest}"\n')
    with pytest.raises(DataError, match=r"policy input .* fit it again"):
        read_guide(game, folder)


@pytest.mark.parametrize("game", GAMES)
def test_master_is_the_search_with_the_shipped_guide(game: str) -> None:
    agent = make_agent("master", game)
    assert isinstance(agent, ISMCTSAgent)
    assert isinstance(agent.guide, MixedGuide)
    assert agent.guide.guides[0] is shipped_guide(game)
    assert agent.evaluation is evaluation_of(game)  # the value network left out (docs)
    trainer = master_search(game, shipped_guide(game), iterations=10, value=True)
    assert trainer.evaluation is not evaluation_of(game)
    assert agent.seconds == 0.9 and agent.scores
    state = mid_game(game, 2, seed=4, steps=10)
    seat = state.current_player
    assert seat is not None
    agent.seconds, agent.iterations = None, 30
    assert agent.choose(state, seat, random.Random(1)) in state.legal_actions()


def test_master_takes_no_parameters_and_is_no_ismcts_level() -> None:
    with pytest.raises(InvalidAgent, match="takes no parameters"):
        make_agent("master:seconds=3", "ludus")
    with pytest.raises(InvalidAgent, match="name it alone, master"):
        make_agent("ismcts:level=master", "ludus")


def test_the_command_trains_goes_on_and_refuses_other_settings(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from colosseum.cli.app import app

    runner = CliRunner()
    args = ["train", "ludus", "--out", str(tmp_path), "--games", "2", "--iterations", "4"]
    args += ["--hidden", "4", "--json"]
    first = runner.invoke(app, [*args, "--generations", "1"])
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["generations"] == 1
    second = runner.invoke(app, [*args, "--generations", "2"])
    assert second.exit_code == 0, second.output
    summary = json.loads(second.stdout)
    assert [point["generation"] for point in summary["curve"]] == [1, 2]
    assert read_guide("ludus-gladiatorius", tmp_path).game == "ludus-gladiatorius"
    other = runner.invoke(app, [*args[:-1], "--hidden", "5", "--generations", "3"])
    assert other.exit_code != 0
    assert "other settings (hidden)" in other.output
