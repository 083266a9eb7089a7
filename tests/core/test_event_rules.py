"""A log that cites the rule: every event names the rule it applied (`Event.rule`).

For every game: each event its engine makes names its rule (`Event(...)` passes `rule=`,
`public_event` its third argument); the rule ids written in its
source are exactly its catalog (`data/rule_ids.toml`: none uncited, none unknown); random
playouts over several player counts and options (Ludi Gladiatorii with every expansion, module
and variant on; Jugula with chosen familiae, talents and the simple variant) only emit events
whose rule is in the catalog; and the "Rule ids" table of the game's rules notes is the
catalog, row for row. `COLOSSEUM_REGENERATE=1` rewrites those tables from the catalogs.
"""

from __future__ import annotations

import ast
import os
import pickle
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from colosseum.core import registry
from colosseum.core.actions import Event, public_event
from colosseum.core.errors import DataError
from colosseum.core.rule_ids import ID_PATTERN, RuleId, load_rule_ids
from colosseum.sim.match import new_simulated_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = Path(registry.__file__).resolve().parents[1] / "games"
GAME_IDS = sorted(registry.games())
PACKAGES = {
    "ludus-gladiatorius": "ludus_gladiatorius",
    "ludi-gladiatorii": "ludi_gladiatorii",
    "jugula": "jugula",
}
LUDI_ALL = {
    name: True
    for name in (
        "quintus_ludus",
        "historiae",
        "magistri_arenae",
        "champions",
        "public_favor",
        "building_draft",
        "building_selection",
        "simultaneous_auctions",
        "wager_auctions",
        "decimatio_auctions",
        "combat_reserve",
        "combat_decision",
    )
}
TALENTED = (
    "thraex+aware+dodge,murmillo+sturdy+butcher,veles+arena_idol,secutor+resilient+tough/"
    "retiarius+dodge+aware,scissor+butcher+resilient,laquearius+arena_idol,provocator+sturdy"
)
PLAYOUTS: list[tuple[str, int, dict[str, Any]]] = [
    *(("ludus-gladiatorius", players, {}) for players in (2, 3, 5)),
    *(("ludi-gladiatorii", players, {}) for players in (2, 4)),
    *(("ludi-gladiatorii", players, LUDI_ALL) for players in (2, 3, 4, 5)),
    *(("jugula", players, {}) for players in (2, 3, 4)),
    ("jugula", 3, {"familiae": "chosen"}),
    ("jugula", 2, {"simple": True}),
    ("jugula", 2, {"familiae": TALENTED}),
]
SEEDS = 12


def catalog(game_id: str) -> Mapping[str, RuleId]:
    rule_ids = registry.game_definition(game_id).rule_ids
    assert rule_ids is not None, f"{game_id} registers no rule ids"
    return rule_ids()


def prefix(game_id: str) -> str:
    return next(iter(catalog(game_id))).split(".")[0]


def engine_modules(game_id: str) -> list[Path]:
    """The game's rule modules (its renderers and boards show events, they emit none)."""
    folder = GAMES / PACKAGES[game_id]
    return [
        path for path in sorted(folder.glob("*.py")) if not path.name.startswith(("render", "svg"))
    ]


# --- the catalogs -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_catalog_loads_with_ids_of_its_game(game_id: str) -> None:
    rules = catalog(game_id)
    assert rules
    first = prefix(game_id)
    assert game_id.startswith(first)
    for rule_id, rule in rules.items():
        assert rule.id == rule_id
        assert ID_PATTERN.match(rule_id) and rule_id.startswith(f"{first}.")
        assert rule.section and rule.summary


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[[rule]]\nid = "ludus.combat.feint"\nsection = "S"\nsummary = "x"\n', "prefix"),
        ('prefix = "ludus"\n', "rule"),
        (
            'prefix = "ludus"\n[[rule]]\nid = "ludus.Combat.feint"\nsection = "S"\nsummary = "x"\n',
            "id",
        ),
        ('prefix = "ludus"\n[[rule]]\nid = "ludus.feint"\nsection = "S"\nsummary = "x"\n', "id"),
        (
            'prefix = "ludus"\n[[rule]]\nid = "jugula.combat.feint"\nsection = "S"\n'
            'summary = "x"\n',
            "does not start with",
        ),
        (
            'prefix = "ludus"\n' + '[[rule]]\nid = "ludus.combat.feint"\nsection = "S"\n'
            'summary = "x"\n' * 2,
            "listed twice",
        ),
        (
            'prefix = "ludus"\n[[rule]]\nid = "ludus.combat.feint"\nsection = ""\nsummary = "x"\n',
            "section",
        ),
        (
            'prefix = "ludus"\n[[rule]]\nid = "ludus.combat.feint"\nsection = "S"\n'
            'summary = "two\\nlines"\n',
            "one line",
        ),
        (
            'prefix = "ludus"\n[[rule]]\nid = "ludus.combat.feint"\nsection = "S"\n'
            'summary = "x"\nnote = "?"\n',
            "note",
        ),
        (
            'prefix = "ludi"\n[[rule]]\nid = "ludi.combat.skull"\nsection = "S"\nsummary = "x"\n',
            "prefix must be",
        ),
    ],
)
def test_a_broken_catalog_is_refused_naming_the_problem(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "rule_ids.toml"
    path.write_text(text)
    with pytest.raises(DataError, match=problem):
        load_rule_ids(path, "ludus")


# --- the emission sites -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_the_engine_makes_passes_its_rule(game_id: str) -> None:
    missing = []
    for path in engine_modules(game_id):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            maker = getattr(node.func, "id", None)
            if maker == "Event":
                rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
            elif maker == "public_event":  # (kind, data, rule)
                rule = node.args[2] if len(node.args) > 2 else None
            else:
                continue
            if rule is None or (isinstance(rule, ast.Constant) and rule.value is None):
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing, f"an event made without its rule: {missing}"


def test_a_public_event_is_the_event_the_class_makes() -> None:
    """`public_event`, the cheaper way the engines report what happens at every step."""
    fast = public_event("turn", {"seat": 1, "turn": 3}, "jugula.cards.turn")
    plain = Event("turn", {"seat": 1, "turn": 3}, rule="jugula.cards.turn")
    assert type(fast) is Event
    assert fast.to_json() == plain.to_json() == pickle.loads(pickle.dumps(fast)).to_json()
    assert repr(fast) == repr(plain)
    assert fast.visible(None) and fast.visible(0) and fast.visible(3)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rule_ids_in_the_source_are_the_catalog(game_id: str) -> None:
    """A catalog entry nothing cites is an error, as is a cited id the catalog lacks."""
    head = f"{prefix(game_id)}."
    cited = {
        node.value
        for path in engine_modules(game_id)
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith(head)
        and ID_PATTERN.match(node.value)
    }
    listed = set(catalog(game_id))
    assert not cited - listed, f"cited but not in the catalog: {sorted(cited - listed)}"
    assert not listed - cited, f"in the catalog but cited nowhere: {sorted(listed - cited)}"


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    PLAYOUTS,
    ids=[
        f"{g}-{p}p-" + ("every-option" if o is LUDI_ALL else "+".join(o) or "book")
        for g, p, o in PLAYOUTS
    ],
)
def test_random_playouts_cite_rules_of_the_catalog(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rules = catalog(game_id)
    for seed in range(SEEDS):
        state = new_simulated_game(game_id, players, seed, options)
        rnd = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            for event in state.apply(actions[rnd.randrange(len(actions))]):
                assert event.rule in rules, f"{event!r} after seed {seed}"
                assert event.to_json()["rule"] == event.rule


# --- the rules notes --------------------------------------------------------------------------

HEADING = "## Rule ids"
TABLE_HEAD = "| id | rulebook section | what it covers |\n| --- | --- | --- |\n"


def table(rules: Mapping[str, RuleId]) -> str:
    rows = [
        f"| `{r.id}` | {r.section}{' (ours)' if r.ours else ''} | {r.summary} |"
        for r in rules.values()
    ]
    return TABLE_HEAD + "\n".join(rows) + "\n"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_notes_list_the_catalog(game_id: str) -> None:
    path = ROOT / "docs" / "rules" / f"{game_id}.md"
    text = path.read_text()
    assert HEADING in text, f"{path} has no '{HEADING}' section"
    start = text.index(TABLE_HEAD, text.index(HEADING))
    end = start + len(TABLE_HEAD)
    while text.startswith("| ", end):
        end = text.index("\n", end) + 1
    expected = table(catalog(game_id))
    if os.environ.get("COLOSSEUM_REGENERATE") == "1":
        path.write_text(text[:start] + expected + text[end:])
        return
    assert text[start:end] == expected
