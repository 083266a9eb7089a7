"""Jugula data: the bundled data load, every fact the rulebook states holds (one test per fact,
so a wrong edit names itself), and broken data folders raise DataError naming file and field."""

from __future__ import annotations

import dataclasses
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from colosseum import ColosseumError, DataError
from colosseum.games.jugula import data
from colosseum.games.jugula.data import Armatura, Card, Catalog, load_catalog

from ..toml_edit import set_field as _set

FILES = ("armaturae.toml", "cards.toml", "rules.toml")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def armatura(catalog: Catalog, name: str) -> Armatura:
    return next(a for a in catalog.armaturae if a.name == name)


def card(catalog: Catalog, name: str) -> Card:
    return next(c for c in catalog.cards if c.name == name)


# --- the bundled data ------------------------------------------------------------------------


def test_the_bundled_data_load(catalog: Catalog) -> None:
    assert len(catalog.armaturae) == 12
    assert len(catalog.cards) == 24
    assert [catalog.cards[i].prima for i in catalog.jugula] == [False] * 12
    assert [catalog.cards[i].prima for i in catalog.prima] == [True] * 12
    assert catalog.armatura_by_code["thraex"] == armatura(catalog, "Thraex").index
    assert catalog.cards[catalog.card_by_code["virtus"]].name == "Virtus"


def test_the_catalog_is_cached() -> None:
    assert load_catalog() is load_catalog()


def test_the_catalog_is_frozen(catalog: Catalog) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalog.armaturae[0].sides[0].mp = 9  # type: ignore[misc]


def test_the_catalog_holds_no_pydantic_model(catalog: Catalog) -> None:
    def walk(value: Any) -> None:
        assert not isinstance(value, BaseModel), value
        if dataclasses.is_dataclass(value):
            for field in dataclasses.fields(value):
                walk(getattr(value, field.name))
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(catalog)


def test_every_value_is_marked_stated_or_chosen_by_known_field_names() -> None:
    """The bundled files load, so every `stated` entry names a real field (the loader checks)."""
    raw = tomllib.loads((data.DATA_DIR / "armaturae.toml").read_text(encoding="utf-8"))
    stated = {a["name"]: a["stated"] for a in raw["armatura"]}
    assert "unhurt.mp" in stated["Thraex"]
    assert "wounded.mp" in stated["Crupellarius"]
    assert "traits" in stated["Laquearius"]
    assert "traits" in stated["Sagittarius"]
    assert all("class" in s for s in stated.values())
    cards = tomllib.loads((data.DATA_DIR / "cards.toml").read_text(encoding="utf-8"))
    jugula = {c["name"]: c["stated"] for c in cards["jugula"]}
    for (name, effect), _ in data.STATED_CARD_VALUES.items():
        assert effect in jugula[name], name
    assert all("cost" in c["stated"] for c in cards["prima"])


# --- armaturae ("Armaturae", "The Traits", "Armatura Descriptions") -------------------------


@pytest.mark.parametrize("name", data.LIGHT)
def test_light_armaturae_are_light(catalog: Catalog, name: str) -> None:
    assert not armatura(catalog, name).heavy


@pytest.mark.parametrize("name", data.HEAVY)
def test_heavy_armaturae_are_heavy(catalog: Catalog, name: str) -> None:
    assert armatura(catalog, name).heavy


def test_thraex_has_6_mp_unhurt(catalog: Catalog) -> None:
    assert armatura(catalog, "Thraex").sides[0].mp == 6


def test_laquearius_has_range_1_and_hindrance(catalog: Catalog) -> None:
    laquearius = armatura(catalog, "Laquearius")
    assert (laquearius.range, laquearius.hindrance) == (1, True)
    assert not (laquearius.bow or laquearius.harassment or laquearius.massive or laquearius.stoic)


def test_sagittarius_has_range_5_and_bow(catalog: Catalog) -> None:
    sagittarius = armatura(catalog, "Sagittarius")
    assert (sagittarius.range, sagittarius.bow) == (5, True)


def test_wounded_crupellarius_has_1_mp(catalog: Catalog) -> None:
    assert armatura(catalog, "Crupellarius").sides[1].mp == 1


@pytest.mark.parametrize("name", data.LIGHT + data.HEAVY)
def test_a_wound_never_raises_mp_att_or_def(catalog: Catalog, name: str) -> None:
    unhurt, wounded = armatura(catalog, name).sides
    assert wounded.mp <= unhurt.mp
    assert all(w <= u for w, u in zip(wounded.att, unhurt.att, strict=True))
    assert all(w <= u for w, u in zip(wounded.defence, unhurt.defence, strict=True))


@pytest.mark.parametrize("name", data.LIGHT + data.HEAVY)
def test_a_wound_lowers_mp_att_and_def(catalog: Catalog, name: str) -> None:
    unhurt, wounded = armatura(catalog, name).sides
    assert wounded.mp < unhurt.mp
    assert sum(wounded.att) < sum(unhurt.att)
    assert sum(wounded.defence) < sum(unhurt.defence)


def test_a_frontal_attack_is_close_to_even(catalog: Catalog) -> None:
    """Chosen design: ATT - DEF over every pairing of unhurt armaturae averages within ±1/2."""
    diffs = [
        a.sides[0].att[d.heavy] - d.sides[0].defence[a.heavy]
        for a in catalog.armaturae
        for d in catalog.armaturae
        if a is not d
    ]
    assert abs(sum(diffs) / len(diffs)) <= 0.5
    assert all(abs(x) <= 3 for x in diffs)


# --- cards ("The Cards", "The Jugula Cards", "Prima Jugula Cards") --------------------------


def test_the_twelve_jugula_cards(catalog: Catalog) -> None:
    assert sorted(catalog.cards[i].name for i in catalog.jugula) == sorted(data.JUGULA)


@pytest.mark.parametrize(("name", "stars"), [(n, c) for n, (c, _) in data.PRIMA.items()])
def test_prima_jugula_card_costs(catalog: Catalog, name: str, stars: int) -> None:
    prima = card(catalog, name)
    assert (prima.prima, prima.cost) == (True, stars)


def test_the_twelve_prima_jugula_cards(catalog: Catalog) -> None:
    assert sorted(catalog.cards[i].name for i in catalog.prima) == sorted(data.PRIMA)


def test_jugula_cards_cost_no_stars(catalog: Catalog) -> None:
    assert all(catalog.cards[i].cost == 0 for i in catalog.jugula)


def test_ardor_oris_has_movement_3(catalog: Catalog) -> None:
    assert card(catalog, "Ardor Oris").movement == 3


def test_impetus_has_vox_populi_3(catalog: Catalog) -> None:
    assert card(catalog, "Impetus").vox == 3


def test_virtus_has_combat_3(catalog: Catalog) -> None:
    assert card(catalog, "Virtus").combat == 3


def test_infamis_has_draw_1(catalog: Catalog) -> None:
    assert card(catalog, "Infamis").draw == 1


def test_acies_aciei_has_upgrade_2(catalog: Catalog) -> None:
    assert card(catalog, "Acies Aciei").upgrade == 2


def test_panem_et_circenses_draws_4_and_moves_at_least_2(catalog: Catalog) -> None:
    """Maximum hand size example: after moving two gladiators he draws 4 cards with it."""
    panem = card(catalog, "Panem et Circenses")
    assert panem.draw == 4
    assert panem.movement >= 2


def test_die_values_run_0_to_6_and_each_appears(catalog: Catalog) -> None:
    assert {c.die for c in catalog.cards} == set(range(7))


def test_every_card_has_its_six_values_in_range(catalog: Catalog) -> None:
    for c in catalog.cards:
        assert 0 <= c.movement <= 4, c.name
        assert 0 <= c.upgrade <= 3, c.name
        assert min(c.vox, c.combat, c.draw) >= 0, c.name
        assert sum((c.movement, c.vox, c.combat, c.draw, c.upgrade)) > 0, c.name


def test_several_effects_of_a_card_are_non_zero(catalog: Catalog) -> None:
    """ "Each card displays various groups of numbers": a card offers more than one effect."""
    for c in catalog.cards:
        assert sum(v > 0 for v in (c.movement, c.vox, c.combat, c.draw, c.upgrade)) >= 3, c.name


@pytest.mark.parametrize("name", list(data.JUGULA))
def test_jugula_abilities(catalog: Catalog, name: str) -> None:
    assert card(catalog, name).ability == data.JUGULA[name]
    assert card(catalog, name).text


@pytest.mark.parametrize("name", list(data.PRIMA))
def test_prima_jugula_abilities(catalog: Catalog, name: str) -> None:
    assert card(catalog, name).ability == data.PRIMA[name][1]
    assert card(catalog, name).text


def test_audacia_has_no_ability_and_a_high_die(catalog: Catalog) -> None:
    audacia = card(catalog, "Audacia")
    assert audacia.ability == "none"
    assert audacia.die == 6


# --- rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "bonus"), [(k, v[0]) for k, v in data.STATED_VOX.items()])
def test_vox_populi_attack_bonus(catalog: Catalog, level: int, bonus: int) -> None:
    assert catalog.rules.vox_attack[level] == bonus


@pytest.mark.parametrize(
    ("level", "limit"), [(k, v[1]) for k, v in data.STATED_VOX.items() if v[1] is not None]
)
def test_vox_populi_hand_limit(catalog: Catalog, level: int, limit: int) -> None:
    assert catalog.rules.vox_hand[level] == limit


def test_vox_populi_track_runs_0_to_10_and_never_falls(catalog: Catalog) -> None:
    rules = catalog.rules
    assert (rules.vox_start, rules.vox_max) == (0, 10)
    assert len(rules.vox_attack) == len(rules.vox_hand) == 11
    assert list(rules.vox_attack) == sorted(rules.vox_attack)
    assert list(rules.vox_hand) == sorted(rules.vox_hand)
    assert (rules.vox_attack[10], rules.vox_hand[10]) == (4, 10)


def test_vox_populi_gains(catalog: Catalog) -> None:
    assert (catalog.rules.vox_defence_gain, catalog.rules.vox_overflow_draw) == (1, 1)


def test_hand_size_4_and_familia_4(catalog: Catalog) -> None:
    assert (catalog.rules.hand, catalog.rules.familia, catalog.rules.hand_minimum) == (4, 4, 1)


def test_board_is_8_by_8(catalog: Catalog) -> None:
    rules = catalog.rules
    assert (rules.width, rules.height, len(rules.squares)) == (8, 8, 64)
    assert (rules.squares[0], rules.squares[7], rules.squares[63]) == ("a1", "h1", "h8")


def test_flank_rear_back_bonuses(catalog: Catalog) -> None:
    combat = catalog.rules.combat
    assert (combat.flank, combat.rear, combat.back) == (1, 2, 3)


def test_threatening_minus_1(catalog: Catalog) -> None:
    assert catalog.rules.combat.threatening == -1


def test_hindered_minus_1(catalog: Catalog) -> None:
    assert catalog.rules.combat.hindered == -1


def test_minimum_score_1(catalog: Catalog) -> None:
    assert catalog.rules.combat.minimum_score == 1


def test_wound_at_double_bite_at_quadruple(catalog: Catalog) -> None:
    combat = catalog.rules.combat
    assert (combat.wound_multiple, combat.bite_multiple) == (2, 4)


def test_movement_costs(catalog: Catalog) -> None:
    m = catalog.rules.movement
    assert (m.forward, m.other, m.leave_front, m.face_only, m.face_before_step) == (1, 2, 1, 1, 0)
    assert m.push_back == 1


def test_trait_numbers(catalog: Catalog) -> None:
    t = catalog.rules.traits
    assert (t.harassment, t.harassment_floor, t.massive_defence) == (-1, 0, -2)
    assert (t.bow_defence_per_square, t.hindrance_markers) == (1, 1)


def test_two_player_zones_are_the_8_squares_nearest_each_side(catalog: Catalog) -> None:
    south, north = catalog.rules.deployment[2]
    assert sorted(south) == list(range(8))
    assert sorted(north) == list(range(56, 64))


@pytest.mark.parametrize("players", [3, 4])
def test_multi_player_zones_one_per_lanista_apart(catalog: Catalog, players: int) -> None:
    zones = catalog.rules.deployment[players]
    assert len(zones) == players
    squares = [s for zone in zones for s in zone]
    assert len(squares) == len(set(squares))
    assert all(len(zone) >= catalog.rules.familia for zone in zones)


def test_victory_conditions(catalog: Catalog) -> None:
    v = catalog.rules.victory
    assert (v.standing, v.all_wounded, v.unhurt_and_wounded) == (2, True, (1, 2))
    assert (v.sudden_death_vox, v.multi_standing, v.multi_all_wounded) == (10, 1, True)


def test_simple_four_point_variant(catalog: Catalog) -> None:
    s = catalog.rules.simple
    assert (s.bitten, s.wounded, s.target) == (2, 1, 4)


@pytest.mark.parametrize(
    ("field", "value"),
    [(k.split(".")[1], v) for k, v in data.STATED_RULES.items() if k.startswith("abilities.")],
)
def test_ability_numbers(catalog: Catalog, field: str, value: int) -> None:
    assert getattr(catalog.rules.abilities, field) == value


# --- broken data folders ---------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of the bundled data folder, to break on purpose."""
    folder = tmp_path / "jugula-data"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def _refused(folder: Path, *fragments: str) -> str:
    with pytest.raises(DataError) as caught:
        load_catalog(str(folder))
    message = str(caught.value)
    for fragment in fragments:
        assert fragment.lower() in message.lower(), message
    return message


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_copy_loads(data_copy: Path) -> None:
    assert len(load_catalog(str(data_copy)).cards) == 24


def test_data_error_is_a_colosseum_error() -> None:
    assert issubclass(DataError, ColosseumError)


def test_missing_folder(tmp_path: Path) -> None:
    _refused(tmp_path / "nowhere", str(tmp_path / "nowhere"))


@pytest.mark.parametrize("name", FILES)
def test_missing_file(data_copy: Path, name: str) -> None:
    (data_copy / name).unlink()
    _refused(data_copy, name, "missing")


@pytest.mark.parametrize("name", FILES)
def test_malformed_toml(data_copy: Path, name: str) -> None:
    (data_copy / name).write_text("[[armatura]\nname = \n", encoding="utf-8")
    _refused(data_copy, name, "not valid TOML")


def test_a_missing_card(data_copy: Path) -> None:
    path = data_copy / "cards.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[jugula]]\nid = "plausus"')
    end = text.index("[[", start + 2)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    _refused(data_copy, "cards.toml", "Plausus", "missing")


def test_a_missing_armatura(data_copy: Path) -> None:
    path = data_copy / "armaturae.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[armatura]]\nid = "secutor"')
    end = text.index("[[", start + 2)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    _refused(data_copy, "armaturae.toml", "Secutor", "missing")


@pytest.mark.parametrize(
    ("name", "entry", "field", "value", "fragments"),
    [
        # stated armatura facts
        ("armaturae.toml", "veles", "class", '"heavy"', ("veles.class", "light")),
        ("armaturae.toml", "laquearius", "traits", '["Range 2", "Hindrance"]', ("laquearius",)),
        ("armaturae.toml", "laquearius", "traits", '["Range 1"]', ("laquearius.traits",)),
        ("armaturae.toml", "sagittarius", "traits", '["Range 4", "Bow"]', ("sagittarius",)),
        ("armaturae.toml", "sagittarius", "traits", '["Range 5"]', ("sagittarius.traits",)),
        # schema
        ("armaturae.toml", "veles", "traits", '["Flying"]', ("traits", "unknown trait", "Flying")),
        ("armaturae.toml", "veles", "traits", '["Bow"]', ("traits", "Bow needs Range")),
        ("armaturae.toml", "veles", "traits", '["Stoic", "Stoic"]', ("traits", "twice")),
        ("armaturae.toml", "veles", "speed", "3", ("speed", "extra")),
        ("armaturae.toml", "veles", "stated", '["name", "speed"]', ("stated", "speed")),
        ("armaturae.toml", "veles", "unhurt", "{ mp = 7 }", ("unhurt.att_light", "field required")),
        # cards: stated values, names, costs, abilities, ranges
        ("cards.toml", "ardor_oris", "movement", "2", ("ardor_oris.movement", "3")),
        ("cards.toml", "impetus", "vox", "2", ("impetus.vox", "3")),
        ("cards.toml", "virtus", "combat", "2", ("virtus.combat", "3")),
        ("cards.toml", "infamis", "draw", "2", ("infamis.draw", "1")),
        ("cards.toml", "acies_aciei", "upgrade", "1", ("acies_aciei.upgrade", "2")),
        ("cards.toml", "panem_et_circenses", "draw", "3", ("panem_et_circenses.draw", "4")),
        ("cards.toml", "panem_et_circenses", "movement", "1", ("panem_et_circenses.movement",)),
        ("cards.toml", "audacia", "cost", "2", ("audacia.cost", "1")),
        ("cards.toml", "temperare", "cost", "4", ("prima", "cost")),
        ("cards.toml", "virtus", "ability", '"applause"', ("virtus.ability", "underdog")),
        ("cards.toml", "virtus", "ability", '"fly"', ("jugula", "ability")),
        ("cards.toml", "virtus", "name", '"Vertus"', ("Vertus", "Virtus")),
        ("cards.toml", "infamis", "die", "7", ("die", "less than or equal to 6")),
        ("cards.toml", "morituri_te_salutant", "die", "1", ("die values", "0")),
        ("cards.toml", "plausus", "movement", "5", ("movement",)),
        ("cards.toml", "plausus", "upgrade", "4", ("upgrade",)),
        ("cards.toml", "plausus", "id", '"virtus"', ("share an id",)),
    ],
)
def test_a_broken_entry(
    data_copy: Path, name: str, entry: str, field: str, value: str, fragments: tuple[str, ...]
) -> None:
    _set(data_copy, name, entry, field, value)
    _refused(data_copy, name, *fragments)


@pytest.mark.parametrize(
    ("name", "old", "new", "fragments"),
    [
        # the brief's own examples: Thraex at 5 MP, a wounded side stronger than unhurt
        ("armaturae.toml", "unhurt = { mp = 6,", "unhurt = { mp = 5,", ("thraex.unhurt.mp", "6")),
        (
            "armaturae.toml",
            "wounded = { mp = 3, att_light = 2, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            "wounded = { mp = 3, att_light = 4, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            ("provocator.wounded.att_light", "above unhurt"),
        ),
        (
            "armaturae.toml",
            "wounded = { mp = 3, att_light = 2, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            "wounded = { mp = 4, att_light = 2, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            ("provocator.wounded", "lower MP"),
        ),
        (
            "armaturae.toml",
            "wounded = { mp = 3, att_light = 2, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            "wounded = { mp = 3, att_light = 3, att_heavy = 3, def_light = 2, def_heavy = 2 }",
            ("provocator.wounded", "lower ATT"),
        ),
        (
            "armaturae.toml",
            "wounded = { mp = 3, att_light = 2, att_heavy = 2, def_light = 2, def_heavy = 2 }",
            "wounded = { mp = 3, att_light = 2, att_heavy = 2, def_light = 3, def_heavy = 3 }",
            ("provocator.wounded", "lower DEF"),
        ),
        ("armaturae.toml", "wounded = { mp = 1,", "wounded = { mp = 0,", ("crupellarius", "1")),
        # rules
        ("rules.toml", "width = 8", "width = 9", ("board.width", "8")),
        ("rules.toml", "hand = 4 ", "hand = 5 ", ("setup.hand", "4")),
        ("rules.toml", "flank = 1 ", "flank = 2 ", ("combat.flank", "1")),
        ("rules.toml", "rear = 2 ", "rear = 1 ", ("combat.rear", "2")),
        ("rules.toml", "back = 3 ", "back = 4 ", ("combat.back", "3")),
        ("rules.toml", "threatening = -1 ", "threatening = -2 ", ("combat.threatening",)),
        ("rules.toml", "hindered = -1 ", "hindered = 0 ", ("combat.hindered",)),
        ("rules.toml", "minimum_score = 1 ", "minimum_score = 2 ", ("combat.minimum_score",)),
        ("rules.toml", "bite_multiple = 4 ", "bite_multiple = 3 ", ("combat.bite_multiple",)),
        ("rules.toml", "other = 2 ", "other = 3 ", ("movement.other", "2")),
        ("rules.toml", "face_only = 1 ", "face_only = 0 ", ("movement.face_only", "1")),
        ("rules.toml", "target = 4", "target = 5", ("simple.target", "4")),
        ("rules.toml", "paro_hand = 3 ", "paro_hand = 2 ", ("abilities.paro_hand", "3")),
        (
            "rules.toml",
            "{ level = 3, attack = 1, hand_limit = 6,",
            "{ level = 3, attack = 1, hand_limit = 7,",
            ("vox.levels.3.hand_limit", "6"),
        ),
        (
            "rules.toml",
            "{ level = 8, attack = 2, hand_limit = 9,",
            "{ level = 8, attack = 3, hand_limit = 9,",
            ("vox.levels.8.attack", "2"),
        ),
        (
            "rules.toml",
            "{ level = 9, attack = 3, hand_limit = 9,",
            "{ level = 9, attack = 3, hand_limit = 8,",
            ("vox", "level 9 gives less than level 8"),
        ),
        (
            "rules.toml",
            '{ level = 9, attack = 3, hand_limit = 9, stated = ["level"] },\n',
            "",
            ("vox", "levels must be 0 to 10"),
        ),
        (
            "rules.toml",
            '["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]',
            '["a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]',
            ("deployment (2 players)", "ranks 1 and 8"),
        ),
        ("rules.toml", '["h3", "h4",', '["i3", "h4",', ("deployment", "'i3' is not on")),
        ("rules.toml", '["h3", "h4",', '["f2", "h4",', ("deployment (4 players)", "share", "f2")),
        ("rules.toml", "players = 3", "players = 4", ("deployment", "once for 2, 3 and 4")),
        ("rules.toml", 'deployment_facing = "any"', 'deployment_facing = "up"', ("facing",)),
        ("rules.toml", "[combat]\n", "[combat]\nreach = 1\n", ("combat.reach", "extra")),
    ],
)
def test_a_broken_text(
    data_copy: Path, name: str, old: str, new: str, fragments: tuple[str, ...]
) -> None:
    _edit(data_copy, name, old, new)
    _refused(data_copy, name, *fragments)
