"""Ludi Gladiatorii bad input: illegal and garbage actions change nothing; bad options raise
InvalidOption; broken data folders and data sets that contradict the rulebook raise DataError
naming the file or the fact; broken positions raise InvalidRecord."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum import Action, DataError, IllegalAction, InvalidOption, InvalidRecord, State
from colosseum.games.ludi_gladiatorii.data import DATA_DIR

from ..toml_edit import set_field as _set_field
from .helpers import ALL_OPTIONS, GAME, Table, combat_pair, notations, phase, veteran

DATA_FILES = ("gladiators.toml", "buildings.toml", "combat.toml", "events.toml", "rules.toml")


@pytest.fixture
def ludi_data(tmp_path: Path) -> Path:
    """A private copy of the bundled Ludi data folder, to break on purpose."""
    folder = tmp_path / "ludi-data"
    folder.mkdir()
    for name in DATA_FILES:
        shutil.copyfile(DATA_DIR / name, folder / name)
    return folder


def _refused(state: State, action: Any) -> str:
    """`apply(action)` raises IllegalAction and changes nothing."""
    position = state.to_position()
    played = state.actions_played()
    legal = [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state.to_position() == position
    assert state.actions_played() == played
    assert [str(a) for a in state.legal_actions()] == legal
    return str(caught.value)


GARBAGE: list[Any] = [
    "",
    "   ",
    "fly",
    "fight",
    "fight nobody",
    "work 3",
    "bid -1",
    "bid 999",
    "bid three",
    "target 9",
    "build colosseum_x",
    "end end",
    "auction now",
    "offer",
    "defend",
    "apply ignore",
    "take casula forum",
    Action("fight", "hispanus", "gallus"),
    Action("bid", 10**9),
    Action("work"),
    Action("end", 1),
    Action("start", "nothing"),
    5,
    None,
    ["end"],
    {"kind": "end"},
]


def _states() -> list[State]:
    """States in many phases: every option on, random actions, snapshots along the way."""
    found: list[State] = []
    seen: set[str] = set()
    for seed in range(8):
        players = 2 + seed % 4
        state = colosseum.new_game(GAME, players=players, seed=seed, options=dict(ALL_OPTIONS))
        rnd = random.Random(seed)
        while not state.is_terminal() and len(found) < 60 * (seed + 1):
            name = phase(state)
            if name not in seen or rnd.random() < 0.02:
                seen.add(name)
                found.append(state.clone())
            actions = state.legal_actions()
            state.apply(actions[rnd.randrange(len(actions))])
    return found


STATES = _states()


def test_garbage_covers_many_phases() -> None:
    phases = {phase(s) for s in STATES}
    assert {"draft", "main", "use", "bid", "fight_defender", "auction"} <= phases, phases


@pytest.mark.parametrize("garbage", GARBAGE, ids=[repr(g)[:30] for g in GARBAGE])
def test_garbage_actions_are_refused_and_change_nothing(garbage: Any) -> None:
    for state in STATES:
        legal = {str(a) for a in state.legal_actions()}
        text = str(garbage) if isinstance(garbage, Action) else garbage
        if isinstance(text, str) and " ".join(text.lower().split()) in legal:
            continue
        _refused(state, garbage)


def test_actions_legal_elsewhere_are_refused_here() -> None:
    """A real notation of another phase, or of another card, is refused."""
    every = {str(a) for s in STATES for a in s.legal_actions()}
    rnd = random.Random(3)
    for state in STATES[::3]:
        legal = {str(a) for a in state.legal_actions()}
        for notation in rnd.sample(sorted(every - legal), 12):
            message = _refused(state, notation)
            assert notation in message


def test_an_action_object_of_another_state_is_refused() -> None:
    a, d = combat_pair(0)
    state = Table().gladiators(0, a).gladiators(1, d).coins(0, 0).build()
    assert not any(n.startswith("fight") for n in notations(state))
    message = _refused(state, Action("fight", a))
    assert "not legal" in message


def test_the_finished_game_refuses_everything() -> None:
    a, d = combat_pair(0)
    state = (
        Table()
        .gladiators(0, a)
        .gladiators(1, d)
        .points(0, 6)
        .coins(0, 2)
        .combat_top("impetus")
        .build()
    )
    state.apply(f"fight {a}")
    assert state.is_terminal()
    assert "over" in _refused(state, "end")
    assert "over" in _refused(state, Action("end"))


def test_not_enough_coins_to_bid_more() -> None:
    table = Table().quiet().veteran_top("gallus", "aegyptius", "phoenicius")
    table.gladiators(0, "tiro").gladiators(1, "tiro").coins(0, 3).coins(1, 4)
    state = table.auction_phase(0).build()
    state.apply("auction")
    state.apply("offer gallus")
    assert state.current_player == 1
    _refused(state, "bid 5")
    _refused(state, Action("bid", 5))


# --- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"historiae": "maybe"}, "historiae"),
        ({"champions": 2}, "champions"),
        ({"public_favor": None}, "public_favor"),
        ({"victory_points": "ten"}, "victory_points"),
        ({"victory_points": 0}, "victory_points"),
        ({"victory_points": 26}, "victory_points"),
        ({"victory_points": True}, "victory_points"),
        ({"round_limit": -1}, "round_limit"),
        ({"round_limit": 2.5}, "round_limit"),
        ({"data": 5}, "data"),
        ({"gladiators": "1,2"}, "gladiators"),
        ({"quintus": True}, "quintus"),
    ],
)
def test_bad_options_raise_invalid_option(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidOption) as caught:
        colosseum.new_game("ludi", players=2, seed=1, options=options)
    assert fragment in str(caught.value)


@pytest.mark.parametrize("players", [0, 1, 6, "two", 2.5])
def test_bad_player_counts_raise_invalid_option(players: Any) -> None:
    with pytest.raises(InvalidOption):
        colosseum.new_game("ludi", players=players, seed=1)


def test_good_option_spellings_are_accepted() -> None:
    state = colosseum.new_game(
        "ludi",
        players=3,
        seed=1,
        options={"historiae": "true", "victory_points": "9", "combat_decision": "no"},
    )
    assert state.to_position()["options"]["historiae"] is True
    assert state.to_position()["options"]["victory_points"] == 9
    assert state.to_position()["options"]["combat_decision"] is False


# --- data folders ---------------------------------------------------------------------------


def _load(folder: Path) -> None:
    colosseum.new_game("ludi", players=2, seed=1, options={"data": str(folder)})


def _refused_data(folder: Path, *fragments: str) -> str:
    with pytest.raises(DataError) as caught:
        _load(folder)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment.lower() in message.lower(), message
    return message


def test_the_data_copy_loads(ludi_data: Path) -> None:
    _load(ludi_data)


def test_data_folder_missing(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    _refused_data(missing, str(missing))


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_missing(ludi_data: Path, name: str) -> None:
    (ludi_data / name).unlink()
    _refused_data(ludi_data, name, "missing")


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_not_toml(ludi_data: Path, name: str) -> None:
    (ludi_data / name).write_text("[[gladiator]\nname = \n", encoding="utf-8")
    _refused_data(ludi_data, name, "TOML")


def _edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "card_id", "field", "value", "fragment"),
    [
        ("gladiators.toml", "gallus", "combat", '"three"', "combat"),
        ("gladiators.toml", "gallus", "rank", '"legend"', "rank"),
        ("gladiators.toml", "gallus", "ability", '"flying"', "ability"),
        ("gladiators.toml", "gallus", "min_bid", "0", "minimum bid"),
        ("gladiators.toml", "tiro", "min_bid", "2", "no minimum bid"),
        ("gladiators.toml", "gallus", "speed", "3", "speed"),
        ("buildings.toml", "forum", "players", '"VI"', "players"),
        ("buildings.toml", "forum", "cost", "-1", "cost"),
        ("combat.toml", "defensio", "swords", "1", "swords"),
        ("combat.toml", "impetus", "name", '"Fortuna"', "name"),
        ("events.toml", "vinalia", "id", '"ludi_romani"', "id"),
    ],
)
def test_data_that_breaks_the_schema_names_the_file(
    ludi_data: Path, name: str, card_id: str, field: str, value: str, fragment: str
) -> None:
    _set_field(ludi_data, name, card_id, field, value)
    _refused_data(ludi_data, name, fragment)


def test_data_rules_file_breaks_the_schema(ludi_data: Path) -> None:
    _edit(ludi_data, "rules.toml", "starting_coins = 3", 'starting_coins = "three"')
    _refused_data(ludi_data, "rules.toml", "starting_coins")


@pytest.mark.parametrize(
    ("name", "card_id", "field", "value", "fragment"),
    [
        ("gladiators.toml", "gallus", "min_bid", "4", "Gallus has minimum bid 3"),
        ("gladiators.toml", "cretensis", "combat", "3", "Cretensis has combat 2"),
        ("gladiators.toml", "cretensis", "rank", '"novice"', "Cretensis"),
        ("gladiators.toml", "hispanus", "combat", "2", "Hispanus has combat 3"),
        ("gladiators.toml", "tiro", "copies", "13", "50 gladiators"),
        ("gladiators.toml", "tiro", "copies", "15", "52 gladiators"),
        ("buildings.toml", "forum", "coins", "0", "Forum"),
        ("buildings.toml", "tribunal", "points", "0", "Tribunal"),
        ("buildings.toml", "casula", "starting", "false", "Casula"),
        ("buildings.toml", "forum", "starting", "true", "starting"),
        ("buildings.toml", "cubiculum", "copies", "1", "33 buildings"),
        ("combat.toml", "impetus_mors", "copies", "3", "16 combat"),
        ("gladiators.toml", "phoenicius", "name", '"Poenus"', "Phoenicius"),
    ],
)
def test_data_that_contradicts_the_rulebook(
    ludi_data: Path, name: str, card_id: str, field: str, value: str, fragment: str
) -> None:
    _set_field(ludi_data, name, card_id, field, value)
    message = _refused_data(ludi_data, fragment)
    assert str(ludi_data) in message


def test_data_with_a_duplicated_event(ludi_data: Path) -> None:
    _set_field(ludi_data, "events.toml", "vinalia", "id", '"triumphus"')
    _refused_data(ludi_data, "10 events")


def test_data_with_a_basic_card_moved_to_an_expansion(ludi_data: Path) -> None:
    plain = veteran()
    _set_field(ludi_data, "gladiators.toml", plain, "box", '"magistri_arenae"')
    _refused_data(ludi_data, "72")


# --- positions ------------------------------------------------------------------------------


def _position() -> dict[str, Any]:
    return Table().quiet().gladiators(0, "hispanus").gladiators(1, "tiro").pos


@pytest.mark.parametrize(
    ("edit", "fragment"),
    [
        (lambda p: p.pop("coins"), "coins"),
        (lambda p: p.pop("combat_pile"), "combat_pile"),
        (lambda p: p.__setitem__("phase", "dance"), "phase"),
        (lambda p: p["coins"].__setitem__(0, -1), "coins.0"),
        (lambda p: p["points"].__setitem__(1, -2), "points.1"),
        (lambda p: p["gladiators"][1].append(p["gladiators"][0][0]), "gladiator"),
        (lambda p: p["centre_buildings"].append(p["buildings"][0][0]), "building"),
        (lambda p: p["veteran_pile"].pop(), "gladiator"),
        (lambda p: p.__setitem__("active", 7), "active"),
        (lambda p: p.__setitem__("players", 9), "players"),
        (lambda p: p.__setitem__("gladiators", [[]]), "gladiators"),
        (lambda p: p.__setitem__("veteran_pile", "pile"), "veteran_pile"),
        (lambda p: p["options"].__setitem__("historiae", "perhaps"), "historiae"),
        (lambda p: p.__setitem__("game", "jugula"), "jugula"),
    ],
)
def test_broken_positions_raise_invalid_record(edit: Any, fragment: str) -> None:
    position = _position()
    edit(position)
    with pytest.raises(InvalidRecord) as caught:
        colosseum.from_position(GAME, position)
    assert fragment in str(caught.value)


@pytest.mark.parametrize("position", [None, [], "position", 3])
def test_a_position_that_is_not_an_object(position: Any) -> None:
    with pytest.raises(InvalidRecord):
        colosseum.from_position(GAME, position)


def test_a_broken_record_raises_invalid_record() -> None:
    state = colosseum.new_game("ludi", players=2, seed=3)
    record = state.record()
    record["actions"] = ["fly away"]
    with pytest.raises(InvalidRecord) as caught:
        colosseum.replay(record)
    assert "fly away" in str(caught.value)
