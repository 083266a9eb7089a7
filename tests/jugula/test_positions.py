"""Jugula positions: the typed schema, the invariants of the rules, versions and fixtures.

A position (`to_position`) is read against the schema (`games/jugula/position.py`), then
against what the rulebook never allows (`games/jugula/invariants.py`): each broken position
below is refused with InvalidRecord naming its field, never accepted to fail later. The stored
fixtures keep loading and replay to the same state, so a later format change without a
migration fails here.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum.core.errors import InvalidRecord
from colosseum.games.jugula import position as jugula_position
from colosseum.games.jugula.model import ATTACK_END, ATTACK_RESOLVED, VERSION
from colosseum.games.jugula.state import JugulaState

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA = Path(__file__).parents[2] / "docs" / "positions" / "jugula.schema.json"
Position = dict[str, Any]


def reach(decision: str, seed: int = 3, players: int = 2, **options: object) -> JugulaState:
    """A game of random play stopped at the first `decision` after the set-up."""
    state = colosseum.new_game(
        "jugula", players=players, seed=seed, options={"turn_limit": 300, **options}
    )
    assert isinstance(state, JugulaState)
    rng = random.Random(seed)
    while not (state.view(None)["decision"] == decision and state.turns > 2):
        assert not state.is_terminal(), f"no {decision} decision in this game"
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def load(position: Position) -> colosseum.State:
    return colosseum.from_position("jugula", json.loads(json.dumps(position)))


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


# --- reachable positions load and round-trip ------------------------------------------------------


def reach_any(decision: str, players: int = 2) -> JugulaState:
    for seed in range(3, 40):
        try:
            return reach(decision, seed, players)
        except AssertionError:
            continue
    raise AssertionError(f"no {decision} decision in 37 games")


@pytest.mark.parametrize(
    "decision", ["play", "commit", "move", "attack", "push", "pursue", "acclaim", "bid"]
)
def test_reachable_positions_are_accepted_and_round_trip(decision: str) -> None:
    """Every position play reaches is accepted and written back unchanged."""
    position = reach_any(decision, players=3 if decision == "bid" else 2).to_position()
    assert load(position).to_position() == position


def test_a_position_in_set_up_with_familiae_being_chosen_is_accepted() -> None:
    """Setting up the game: while the lanistae pick their armaturae, nobody is in the arena."""
    state = colosseum.new_game("jugula", players=3, seed=1, options={"familiae": "chosen"})
    state.apply(state.legal_actions()[0])
    position = state.to_position()
    assert load(position).to_position() == position


# --- broken positions are refused, naming the field -----------------------------------------------


def _set(path: str, value: Any) -> Callable[[Position], None]:
    def change(position: Position) -> None:
        *head, last = path.split(".")
        node: Any = position
        for key in head:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _beaten(position: Position) -> None:
    """Seat 1 keeps only two gladiators, yet the fight goes on."""
    for g in (4, 5):
        square = position["square"][g]
        if square >= 0:
            position["board"][square] = -1
        position["square"][g] = -1
        position["wounds"][g] = 2


def _no_legal_action(position: Position) -> None:
    """Acies Aciei's decision on top (take a card back from the discard pile), with the
    discard pile empty."""
    seat = position["tasks"][-1][1]
    position["deck"][seat].extend(position["discard"][seat])
    position["discard"][seat] = []
    position["tasks"].append([19, seat])


def _two_on_a_square(position: Position) -> None:
    g, other = 0, 1
    position["square"][other] = position["square"][g]


def _board_disagrees(position: Position) -> None:
    square = position["square"][0]
    position["board"][square] = 1


def _fallen_on_the_board(position: Position) -> None:
    position["wounds"][0] = 2


def _shown_not_in_hand(position: Position) -> None:
    position["shown"][0] = [position["deck"][0][0]]


def _compelled_not_in_hand(position: Position) -> None:
    position["compelled"][0] = position["deck"][0][0]


def _card_in_play_without_end(position: Position) -> None:
    card = position["hand"][0].pop()
    position["in_play"][0].append(card)


def _attack_task_without_attack(position: Position) -> None:
    position["tasks"].insert(0, [12, 0, 0])


def _seat_beyond_the_players(position: Position) -> None:
    position["tasks"][-1][1] = 3


def _automatic_task_on_top(position: Position) -> None:
    position["tasks"].append([41, 0])


def _winners_in_progress(position: Position) -> None:
    position["winning_seats"] = [0]


def _same_armatura_twice(position: Position) -> None:
    position["fighters"][1]["armatura"] = position["fighters"][0]["armatura"]


def _talent_of_the_other_class(position: Position) -> None:
    heavy_talent = 1 << 7  # brute
    light_talent = 1 << 0  # fast
    for f in position["fighters"]:
        f["talents"] = light_talent if f["armatura"] >= 6 else heavy_talent
        return


def _marker_held_by_nobody(position: Position) -> None:
    position["held"][0] = 1


def _more_known_top_cards_than_the_deck(position: Position) -> None:
    position["top_known"][0] = len(position["deck"][0]) + 1


def _simple_with_three(position: Position) -> None:
    position["options"]["simple"] = True


BROKEN: list[tuple[str, Callable[[Position], None], str]] = [
    ("a wound count of -1", _set("wounds.0", -1), "wounds.0"),
    ("a Vox Populi of -4 (would index the track from its end)", _set("vox.0", -4), "vox.0"),
    ("a facing 7", _set("facing.0", 7), "facing.0"),
    ("armatura 109", _set("fighters.0.armatura", 109), "fighters.0.armatura"),
    ("an empty task", _set("tasks", [[]]), "tasks.0"),
    ("a marker list one short", lambda p: p["marker"].pop(), "marker"),
    ("inf in a number field", _set("turns", float("inf")), "turns"),
    ("a float in a number field", _set("rng", 1.5), "rng"),
    ("a huge number", _set("vox.1", 10**30), "vox.1"),
    ("true for a number", _set("facing.2", True), "facing.2"),
    ("a string for a number", _set("turn_seat", "0"), "turn_seat"),
    ("null for a list", _set("hand", None), "hand"),
    ("an unknown field", _set("colour", "red"), "colour"),
    ("a missing field", lambda p: p.pop("board"), "board"),
    ("an unknown task kind", _set("tasks.0", [99, 0]), "tasks.0"),
    ("a familia already beaten while the fight goes on", _beaten, "wounds"),
    ("no legal action, not over", _no_legal_action, "tasks"),
    ("two gladiators on one square", _two_on_a_square, "board"),
    ("the board and the squares disagree", _board_disagrees, "board"),
    ("a fallen gladiator still in the arena", _fallen_on_the_board, "square.0"),
    ("a known hand card not in the hand", _shown_not_in_hand, "shown.0"),
    ("a compelled card not in the hand", _compelled_not_in_hand, "compelled.0"),
    ("a card in play with no end pending", _card_in_play_without_end, "in_play.0"),
    ("an attack task with no attack", _attack_task_without_attack, "tasks.0"),
    ("a seat beyond the players", _seat_beyond_the_players, "tasks"),
    ("an automatic task on top", _automatic_task_on_top, "tasks"),
    ("winners while the fight goes on", _winners_in_progress, "winning_seats"),
    ("two of one armatura in a familia", _same_armatura_twice, "fighters.1.armatura"),
    ("a talent of the other class", _talent_of_the_other_class, "fighters.0.talents"),
    ("a Hindrance marker counted but held by nobody", _marker_held_by_nobody, "held.0"),
    ("more known top cards than the deck", _more_known_top_cards_than_the_deck, "top_known.0"),
    ("a version newer than this Colosseum", _set("version", VERSION + 1), "version"),
]


@pytest.mark.parametrize(("what", "change", "field"), BROKEN, ids=[b[0] for b in BROKEN])
def test_an_impossible_position_is_refused_naming_the_field(
    what: str, change: Callable[[Position], None], field: str
) -> None:
    """Positions that cannot be: each is refused with InvalidRecord naming the broken field."""
    position = copy.deepcopy(reach("play").to_position())
    change(position)
    with pytest.raises(InvalidRecord, match=field.replace(".", r"\.")):
        colosseum.from_position("jugula", position)


def test_the_4_point_variant_is_refused_for_three_lanistae() -> None:
    """Well, we will keep it simple: the variant is for two lanistae, in a position too."""
    position = reach("play", players=3).to_position()
    position["options"]["simple"] = True
    with pytest.raises(InvalidRecord, match="simple"):
        colosseum.from_position("jugula", position)


def test_a_pursuit_into_an_occupied_square_is_refused() -> None:
    """Pursuing: the square must be empty; a position offering otherwise is refused."""
    state = reach("commit", seed=5)
    position = state.to_position()
    occupied = next(g for g in position["board"] if g >= 0)
    position["tasks"].append([15, position["tasks"][-1][1], position["square"][occupied]])
    with pytest.raises(InvalidRecord, match="tasks"):
        colosseum.from_position("jugula", position)


def test_a_step_of_the_attack_pending_after_its_end_is_refused() -> None:
    """An attack's end clears it, so its steps lie above the end on the task stack: a step
    below it (found by the fuzzer, a pursuit copied there) would run with no attack."""
    position = reach("commit", seed=5).to_position()
    tasks = position["tasks"]
    end = [task[0] for task in tasks].index(ATTACK_END)
    tasks.insert(end, list(tasks[-1]))  # the commit decision again, under the attack's end
    with pytest.raises(InvalidRecord, match=rf"tasks\.{end}"):
        colosseum.from_position("jugula", position)


@pytest.mark.parametrize(
    ("effects", "values"),
    [(["move", "vox", "combat", "draw"], [2, 2, 2]), (["move", "move"], [1, 1])],
)
def test_an_effects_choice_without_one_value_per_effect_is_refused(
    effects: list[str], values: list[int]
) -> None:
    """Several effects to choose from (Panem et Circenses, Animus, Dubitatio...): each effect
    once with its value; a position that pairs them otherwise is refused, not played on."""
    position = reach("play").to_position()
    position["tasks"].append([7, position["tasks"][-1][1], effects, values, 1])
    with pytest.raises(InvalidRecord, match="tasks"):
        colosseum.from_position("jugula", position)


# --- the published schema -------------------------------------------------------------------------


def test_the_published_json_schema_is_the_models() -> None:
    """docs/positions/jugula.schema.json is `JugulaPosition.model_json_schema()`. After a change
    to the model, regenerate it: `.venv/bin/python -c "import json; from
    colosseum.games.jugula.position import schema; print(json.dumps(schema(), indent=2))"
    > docs/positions/jugula.schema.json` (or run this test with COLOSSEUM_REGENERATE=1)."""
    text = json.dumps(jugula_position.schema(), indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("COLOSSEUM_REGENERATE") == "1":
        SCHEMA.write_text(text, encoding="utf-8")
    assert SCHEMA.read_text(encoding="utf-8") == text, "regenerate the schema (docstring)"


def test_the_schema_describes_every_position_field() -> None:
    """The schema's fields are exactly what `to_position` writes."""
    written = set(reach("play").to_position())
    assert set(jugula_position.JugulaPosition.model_fields) == written


# --- versions and stored fixtures -----------------------------------------------------------------


def test_the_stored_version_2_position_keeps_loading_unchanged() -> None:
    """A position written by version 2 (mid-game, in an attack) loads and writes back equal."""
    stored = fixture("position_v2.json")
    assert stored["version"] == VERSION == 2
    assert load(stored).to_position() == stored


def test_the_stored_version_2_record_replays_to_the_same_state() -> None:
    """A record written by version 2 (with a pursuit from a distance and the +1 Vox Populi
    taken) replays to the stored final state."""
    record = fixture("record_v2.json")
    assert colosseum.replay(record).to_position() == fixture("record_v2_final.json")


def test_a_version_1_position_is_migrated_and_plays_on() -> None:
    """Version 1 positions carry over: a turn in progress loads and plays on."""
    stored = fixture("position_v1_play.json")
    assert stored["version"] == 1
    state = load(stored)
    assert state.to_position()["version"] == VERSION
    state.apply(state.legal_actions()[0])


def test_a_version_1_position_in_an_ardor_oris_attack_keeps_its_order() -> None:
    """Version 1 wounded Ardor Oris' attacker after the pursuit and checked defeat at each
    wound; the migration adds the step that does both once the attack is resolved, just above
    the attack's end, so the attacker is still wounded after the pursuit."""
    stored = fixture("position_v1_ardor_pursue.json")
    assert stored["fight"]["ardor"] and stored["tasks"][-1][0] == 15
    state = load(stored)
    assert isinstance(state, JugulaState)
    assert [t[0] for t in state.tasks].count(ATTACK_RESOLVED) == 1
    attacker = state.fight.attacker if state.fight else -1
    before = state.wounds[attacker]
    state.apply("hold")
    assert state.wounds[attacker] == before + 1 or state.is_terminal()


def test_a_version_1_record_is_refused_with_a_clear_message() -> None:
    """Records of version 1 no longer replay (version 2 asks for choices they lack): refused."""
    record = fixture("record_v2.json")
    record["version"] = 1
    with pytest.raises(InvalidRecord, match="version 1"):
        colosseum.replay(record)


def test_the_documented_example_position_loads_and_plays() -> None:
    """docs/positions/jugula.md's example is a valid position: the Thraex may attack."""
    text = (SCHEMA.parent / "jugula.md").read_text(encoding="utf-8")
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    state = colosseum.from_position("jugula", example)
    state.apply("play virtus combat")
    assert "attack d4 d5" in [str(a) for a in state.legal_actions()]
