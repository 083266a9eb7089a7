"""Positions that cannot be impossible: the schema, the invariants, the versions.

A position is refused with InvalidRecord naming the field when it breaks the schema
(`position.py`) or a rule of the game (`invariants.py`); each case below is one rule of the
printed rulebook (Components, Turn Sequence, Combats, Auctions, Modules, Variants) or of the
format. The published JSON Schema and the documented example are checked against the code;
stored fixtures of each version keep loading.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import colosseum
from colosseum import InvalidRecord
from colosseum.games.ludi_gladiatorii.position import LudiPosition

from .helpers import (
    CATALOG,
    GAME,
    Table,
    building,
    combat_card,
    combat_pair,
    gladiator,
    veteran,
)

ROOT = Path(__file__).parents[2]
SCHEMA_FILE = ROOT / "docs" / "positions" / "ludi-gladiatorii.schema.json"
DOC_FILE = ROOT / "docs" / "positions" / "ludi-gladiatorii.md"
FIXTURES = Path(__file__).parent / "fixtures"

Edit = Callable[[dict[str, Any]], Any]


def _refused(position: dict[str, Any], fragment: str) -> str:
    with pytest.raises(InvalidRecord) as caught:
        colosseum.from_position(GAME, position)
    message = str(caught.value)
    assert fragment in message, message
    return message


def _main() -> dict[str, Any]:
    """Seat 0's main phase: Hispanus and a Tiro against Gallus, 3 coins each."""
    table = Table().quiet().gladiators(0, "hispanus", "tiro").gladiators(1, "gallus")
    return table.coins(0, 3).coins(1, 3).pos


def _loaded(position: dict[str, Any]) -> dict[str, Any]:
    return colosseum.from_position(GAME, copy.deepcopy(position)).to_position()


def _bidding() -> dict[str, Any]:
    """Seat 1 bids for Gallus in seat 0's auction."""
    table = Table().quiet().gladiators(0, "tiro").gladiators(1, "tiro").coins(0, 3).coins(1, 5)
    state = table.veteran_top("gallus", "aegyptius", "phoenicius").auction_phase(0).build()
    state.apply("auction")
    state.apply("offer gallus")
    assert state.current_player == 1
    return state.to_position()


def _combat() -> dict[str, Any]:
    """Seat 1 chooses the gladiator that defends against seat 0's attack."""
    a, d = combat_pair(0)
    state = _state(Table().quiet().gladiators(0, a).gladiators(1, d, "tiro").coins(0, 3).pos)
    state.apply(f"fight {a}")
    return state.to_position()


def _state(position: dict[str, Any]) -> colosseum.State:
    return colosseum.from_position(GAME, copy.deepcopy(position))


def test_the_hand_built_positions_load() -> None:
    for position in (_main(), _bidding(), _combat()):
        assert _loaded(position) == position


# --- the published schema and the documentation -------------------------------------------------


def test_schema_file_is_generated_from_the_model() -> None:
    """docs/positions/ludi-gladiatorii.schema.json is `LudiPosition.model_json_schema()`.

    After changing the model, regenerate it with
    `COLOSSEUM_REGENERATE=1 .venv/bin/pytest tests/ludi_gladiatorii/test_positions.py`."""
    schema = LudiPosition.model_json_schema()
    if os.environ.get("COLOSSEUM_REGENERATE") == "1":
        SCHEMA_FILE.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    stored = json.loads(SCHEMA_FILE.read_text())
    assert stored == schema, (
        "the published schema is stale: regenerate it with "
        "COLOSSEUM_REGENERATE=1 .venv/bin/pytest tests/ludi_gladiatorii/test_positions.py"
    )


def test_the_documented_example_loads() -> None:
    """The example of docs/positions/ludi-gladiatorii.md is a valid position."""
    block = re.search(r"```json\n(.*?)```", DOC_FILE.read_text(), re.S)
    assert block is not None
    example = json.loads(block.group(1))
    assert _loaded(example) == example


def test_the_documented_card_numbers_are_the_catalogs() -> None:
    """The card numbers listed in the documentation are the bundled catalog's."""
    text = DOC_FILE.read_text()
    for code in ("hispanus", "gaetulus", "valetudinarium", "defensio_magnus_mors", "vinalia"):
        index = {
            **CATALOG.gladiator_by_code,
            **CATALOG.building_by_code,
            **CATALOG.combat_by_code,
            **{e.code: e.index for e in CATALOG.events},
        }[code]
        assert re.search(rf"\b{index} {code}\b", text), code


# --- Components: every card in exactly one place, the tokens of the box -------------------------


def _move_combat_to_discard(p: dict[str, Any]) -> None:
    p["combat_discard"].append(p["combat_pile"][0])


COMPONENTS: list[tuple[str, Edit, str]] = [
    ("combat card in pile and discard", _move_combat_to_discard, "combat card"),
    ("card 999 in a hand", lambda p: p["hands"][0].append(999), "hands.0"),
    ("gladiator in two ludi", lambda p: p["gladiators"][1].append(p["gladiators"][0][0]), "two"),
    ("gladiator missing", lambda p: p["veteran_pile"].pop(), "nowhere"),
    (
        "veteran among the novices",
        lambda p: p["centre_novices"].append(p["veteran_pile"].pop()),
        "centre_novices",
    ),
    (
        "novice in the veteran pile",
        lambda p: p["veteran_pile"].append(p["centre_novices"].pop()),
        "veteran_pile",
    ),
    (
        "building in a ludus and the centre",
        lambda p: p["centre_buildings"].append(p["buildings"][0][0]),
        "building",
    ),
    ("an event without Historiae", lambda p: p.__setitem__("event", 3), "event"),
    (
        "a deck without the selection variant",
        lambda p: p["building_deck"].append(p["centre_buildings"].pop()),
        "building_deck",
    ),
    ("negative supply_points", lambda p: p.__setitem__("supply_points", -1), "supply_points"),
    ("coins beyond the supply", lambda p: p["coins"].__setitem__(0, 40), "supply_coins"),
    ("points not from the supply", lambda p: p["points"].__setitem__(1, 2), "supply_points"),
    (
        "a Public Favor token without the module",
        lambda p: p["favor"].__setitem__(gladiator("hispanus"), True),
        "supply_favor",
    ),
    ("10**12 coins", lambda p: p["coins"].__setitem__(0, 10**12), "coins.0"),
]


@pytest.mark.parametrize(
    ("edit", "fragment"), [c[1:] for c in COMPONENTS], ids=[c[0] for c in COMPONENTS]
)
def test_components_every_card_in_one_place_and_the_tokens_of_the_box(
    edit: Edit, fragment: str
) -> None:
    """Components: the box holds 36 coins, 25 point tokens, 15 Public Favor tokens and its
    cards; a position has each card in play in exactly one place (novices in the centre,
    veterans in the pile or its discards...) and every token in a ludus or the supply."""
    position = _main()
    edit(position)
    _refused(position, fragment)


def test_components_bids_bounded_by_the_coins_of_the_game() -> None:
    """Auctions 2: a bid is at most the bidder's coins — and the coins of the box bound them:
    a lanista holding all 36 coins is offered at most 36 - minimum + 1 bids and a pass."""
    table = Table().quiet().gladiators(0, "tiro").gladiators(1, "tiro").coins(1, 36)
    state = table.veteran_top("gallus", "aegyptius", "phoenicius").auction_phase(0).build()
    state.apply("auction")
    state.apply("offer gallus")
    bids = [a for a in state.legal_actions() if a.kind == "bid"]
    assert len(bids) == 36 - CATALOG.gladiators[gladiator("gallus")].min_bid + 1


# --- the format: types, ranges, lengths, fields ----------------------------------------------


FORMAT: list[tuple[str, Edit, str]] = [
    (
        "inf in a number field",
        lambda p: p.__setitem__("supply_coins", float("inf")),
        "supply_coins",
    ),
    ("a float", lambda p: p.__setitem__("round", 1.0), "round"),
    ("a bool for a number", lambda p: p["coins"].__setitem__(0, True), "coins.0"),
    ("a string for a number", lambda p: p.__setitem__("job_left", "3"), "job_left"),
    ("None for a list", lambda p: p.__setitem__("combat_pile", None), "combat_pile"),
    ("an unknown field", lambda p: p.__setitem__("mood", "grim"), "mood"),
    ("an unknown option", lambda p: p["options"].__setitem__("dragons", True), "dragons"),
    ("a missing field", lambda p: p.pop("turned"), "turned"),
    ("points for one seat only", lambda p: p["points"].pop(), "points"),
    ("a shortened turned list", lambda p: p["turned"].pop(), "turned"),
    ("a seat outside the game", lambda p: p.__setitem__("active", 3), "active"),
    ("an rng beyond 64 bits", lambda p: p.__setitem__("rng", 2**64), "rng"),
    ("an unknown phase", lambda p: p.__setitem__("phase", "dance"), "phase"),
    ("a newer version", lambda p: p.__setitem__("version", 3), "newer"),
]


@pytest.mark.parametrize(("edit", "fragment"), [c[1:] for c in FORMAT], ids=[c[0] for c in FORMAT])
def test_position_format_types_ranges_and_fields(edit: Edit, fragment: str) -> None:
    """The position format (docs/positions/ludi-gladiatorii.md): whole numbers in range,
    one entry per seat or per gladiator card, no field missing or unknown."""
    position = _main()
    edit(position)
    _refused(position, fragment)


# --- Turn Sequence, End of the Game: the ludi and the decision pending ------------------------


def _buildings(*codes: str) -> Edit:
    def edit(p: dict[str, Any]) -> None:
        for code in codes:
            b = building(code)
            p["centre_buildings"].remove(b)
            p["buildings"][0].append(b)

    return edit


TURN: list[tuple[str, Edit, str]] = [
    ("two Cubicula in a ludus", _buildings("cubiculum_1", "cubiculum_2"), "buildings.0"),
    (
        "six buildings",
        _buildings("cubiculum_1", "catacumbae", "officina", "tribunal"),
        "buildings.0",
    ),
    (
        "a flag on a gladiator in no ludus",
        lambda p: p["turned"].__setitem__(gladiator("aegyptius"), True),
        "turned",
    ),
    (
        "the active seat's gladiator chained",
        lambda p: p["chained"].__setitem__(gladiator("hispanus"), True),
        "chained",
    ),
    (
        "Trample ready while straight",
        lambda p: p["trample_ready"].__setitem__(gladiator("hispanus"), True),
        "trample_ready",
    ),
    (
        "a combat in the main phase",
        lambda p: p.__setitem__("combat", _combat()["combat"]),
        "combat",
    ),
    (
        "an auction in the main phase",
        lambda p: p.__setitem__("auction", _bidding()["auction"]),
        "auction",
    ),
    ("the other seat deciding the main phase", lambda p: p.__setitem__("decider", 1), "decider"),
    (
        "the victory points reached, the game on",
        lambda p: (p["points"].__setitem__(0, 7), p.__setitem__("supply_points", 18)),
        "points",
    ),
    (
        "winners while the game goes on",
        lambda p: p.__setitem__("winning_seats", [0]),
        "winning_seats",
    ),
    (
        "past the round limit",
        lambda p: (p["options"].__setitem__("round_limit", 3), p.__setitem__("round", 4)),
        "round",
    ),
    (
        "a start phase with nothing to resolve",
        lambda p: p.__setitem__("phase", "start"),
        "start_pending",
    ),
    (
        "a build nobody can finish",
        lambda p: p.update(
            phase="use", job_kind="build", job_building=building("tribunal"), job_left=9
        ),
        "job_left",
    ),
    (
        "a chain without chains",
        lambda p: p.update(phase="chain_pick", chain_card=gladiator("tiro_14"), chain_target=1),
        "chain_card",
    ),
    ("a discard with room to spare", lambda p: p.__setitem__("phase", "discard"), "phase"),
    (
        "a combat card hand without the variant",
        lambda p: p["hands"][0].append(p["combat_pile"].pop()),
        "hands.0",
    ),
]


@pytest.mark.parametrize(("edit", "fragment"), [c[1:] for c in TURN], ids=[c[0] for c in TURN])
def test_turn_sequence_a_ludus_and_a_decision_the_rules_allow(edit: Edit, fragment: str) -> None:
    """Turn Sequence and End of the Game: 5 buildings at most and never two of one name; the
    active lanista takes the decisions of their turn, each step in progress can be finished;
    reaching the victory points ends the game at once."""
    position = _main()
    edit(position)
    _refused(position, fragment)


# --- Combats, Auctions, modules and variants --------------------------------------------------


def _bid(seat: int, amount: int) -> Edit:
    return lambda p: p["auction"]["bids"].__setitem__(seat, amount)


AUCTIONS: list[tuple[str, Edit, str]] = [
    ("a bid above the bidder's coins", _bid(0, 9), "auction.bids.0"),
    ("a bid below the minimum", _bid(0, 1), "auction.bids.0"),
    ("a seat deciding out of its turn", lambda p: p.__setitem__("decider", 0), "decider"),
    (
        "an offered gladiator not revealed",
        lambda p: p["auction"].__setitem__("offered", gladiator("hispanus")),
        "auction",
    ),
    ("a bid list for two seats of three", lambda p: p["auction"]["bids"].pop(), "auction.bids"),
]


@pytest.mark.parametrize(
    ("edit", "fragment"), [c[1:] for c in AUCTIONS], ids=[c[0] for c in AUCTIONS]
)
def test_auctions_bids_in_turn_between_the_minimum_and_the_coins(edit: Edit, fragment: str) -> None:
    """Auctions 2: the lanistae bid in turn from the auctioneer's left, each bid at least the
    gladiator's minimum and at most the bidder's coins; -2 marks a seat not asked yet."""
    position = _bidding()
    edit(position)
    _refused(position, fragment)


def _doomed(p: dict[str, Any]) -> None:
    """Seat 1's gladiator waits for a Valetudinarium seat 1 does not own."""
    card = p["gladiators"][1][0]
    p["combat"].update(d_card=card, doomed=card)
    p.update(phase="infirmary", decider=1)


COMBATS: list[tuple[str, Edit, str]] = [
    (
        "an attacker of another lanista",
        lambda p: p["combat"].__setitem__("a_card", p["gladiators"][1][0]),
        "combat.a_card",
    ),
    (
        "a defender chosen in the rival's phase",
        lambda p: p["combat"].__setitem__("d_card", p["gladiators"][1][0]),
        "combat.d_card",
    ),
    (
        "a card revealed and in the pile",
        lambda p: p["combat"]["revealed"].append(p["combat_pile"][0]),
        "combat",
    ),
    ("the Valetudinarium without the building", _doomed, "Valetudinarium"),
    ("a reserve without the variant", lambda p: p.update(phase="reserve", decider=0), "reserve"),
]


@pytest.mark.parametrize(
    ("edit", "fragment"), [c[1:] for c in COMBATS], ids=[c[0] for c in COMBATS]
)
def test_combats_a_combat_in_progress_the_rules_could_reach(edit: Edit, fragment: str) -> None:
    """Combats 1-6: the attacker is a gladiator of the active lanista, the defending lanista
    picks one of theirs, revealed cards come off the pile; the Valetudinarium asks its owner
    only for a gladiator of theirs a combat discards; the reserve is a variant's."""
    position = _combat()
    edit(position)
    _refused(position, fragment)


def test_modules_champions_a_champion_of_combat_three_in_its_ludus() -> None:
    """Champions: each lanista's champion is one of their gladiators with combat 3, and only
    with the module."""
    weak = veteran("", combat=2)
    position = _main()
    position["champion"][0] = gladiator("hispanus")
    _refused(copy.deepcopy(position), "champion.0")  # the module is off
    table = Table(champions=True).quiet().gladiators(0, "hispanus", weak).gladiators(1, "gallus")
    position = table.pos
    position["champion"][1] = gladiator("hispanus")
    _refused(copy.deepcopy(position), "champion.1")
    position["champion"][1] = -1
    position["champion"][0] = gladiator(weak)
    _refused(position, "champion.0")


def test_modules_public_favor_tokens_of_the_box() -> None:
    """Public Favor tokens: 15 tokens, each on a gladiator in a ludus or in the supply."""
    position = Table(public_favor=True).quiet().gladiators(0, "hispanus").pos
    position["favor"][gladiator("hispanus")] = True
    _refused(copy.deepcopy(position), "supply_favor")
    position["supply_favor"] -= 1
    assert _loaded(position) == position


def test_variant_decision_a_hand_of_three_at_most() -> None:
    """Combat (decision): up to three combat cards in hand."""
    position = Table(combat_decision=True).quiet().gladiators(0, "hispanus").pos
    for code in ("impetus", "defensio", "impetus_magnus", "defensio_magnus"):
        position["combat_pile"].remove(combat_card(code))
        position["hands"][0].append(combat_card(code))
    _refused(position, "hands.0")


# --- versions --------------------------------------------------------------------------------


def _fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text())
    return data


def test_version_2_position_fixture_keeps_loading() -> None:
    """A position written by version 2 (here: waiting for the Valetudinarium's owner) loads
    to the same position; a later format change without a migration fails here."""
    stored = _fixture("position_v2_infirmary.json")
    assert stored["version"] == 2 and stored["phase"] == "infirmary"
    assert _loaded(stored) == stored


def test_version_2_record_fixture_replays_to_the_same_state() -> None:
    """A record written by version 2 replays to the stored final position."""
    record = _fixture("record_v2.json")
    final = _fixture("record_v2_final_position.json")
    assert colosseum.replay(record).to_position() == final


def test_version_1_positions_are_migrated() -> None:
    """Version 1 positions load: the unused `fought` flags go, a combat gets `doomed` = -1,
    and the building razed for the Lapicidinae moves from `chain_target` to `job_razed`."""
    old = _fixture("position_v1_combat.json")
    assert old["version"] == 1 and old["combat"] is not None
    state = colosseum.from_position(GAME, old)
    new = state.to_position()
    assert new["version"] == 2 and new["combat"]["doomed"] == -1 and "fought" not in new
    assert state.legal_actions()
    old = _fixture("position_v1_quarry.json")
    razed = old["chain_target"]
    state = colosseum.from_position(GAME, old)
    new = state.to_position()
    assert new["job_kind"] == "quarry_build" and new["job_razed"] == razed
    assert new["chain_target"] == -1
    while state.to_position()["phase"] == "use":
        state.apply(state.legal_actions()[0])
    assert razed not in state.to_position()["buildings"][0], "the razed building is demolished"
    assert building("lapicidinae") in state.to_position()["buildings"][0]


def test_version_1_records_are_refused_not_replayed_wrongly() -> None:
    """Version 1 records do not replay under the version 2 rules (the Cubiculum's purchase
    and the Valetudinarium became decisions): they are refused with a clear message."""
    record = _fixture("record_v1.json")
    with pytest.raises(InvalidRecord) as caught:
        colosseum.replay(record)
    assert "version 1" in str(caught.value)


def _drafting() -> dict[str, Any]:
    """The draft variant (with selection), seat 1 to take its first building."""
    options = {"building_draft": True, "building_selection": True}
    state = colosseum.new_game(GAME, players=3, seed=2, options=options)
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    return state.to_position()


def test_variant_draft_in_turn_from_seat_zero_before_the_deck() -> None:
    """Buildings (draft): each lanista chooses an initial building in turn, so no one holds
    two more than another; the selection variant's deck is formed after the draft."""
    position = _drafting()
    assert _loaded(position) == position
    early = copy.deepcopy(position)
    early["building_deck"].append(early["draft_pool"].pop())
    _refused(early, "building_deck")
    greedy = copy.deepcopy(position)
    greedy["buildings"][0].append(greedy["draft_pool"].pop())
    _refused(greedy, "buildings.0")
