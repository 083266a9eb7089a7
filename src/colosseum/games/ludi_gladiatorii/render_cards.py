"""Words and styles for the Ludi Gladiatorii cards, shared by the board and the log.

The names, numbers and texts of the cards come from the catalog (`load_catalog`) of the data
folder of the board drawn last; gladiators in play are read from a seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from ...core.seats import seat_style
from .data import Building, Catalog, CombatCard, load_catalog

View = Mapping[str, Any]

STRAIGHT = "▲"
TURNED = "▼"
STRAIGHT_STYLE = "bold green"
TURNED_STYLE = "grey50"
IMPETUS_STYLE = "red"
DEFENSIO_STYLE = "cyan"
LABEL_STYLE = "bold"
SIDE_BY_SIDE_WIDTH = 88
POINT_BAR_LIMIT = 15
DISCARDS_SHOWN = 8

# The data folder of the board drawn last: events and menu labels, which get no options, use
# the same card set (empty: the bundled data).
_data_folder = ""


def use_data(folder: str) -> None:
    """Draw the cards of this data folder from now on (empty: the bundled data)."""
    global _data_folder
    _data_folder = folder


def data_folder() -> str:
    """The data folder of the board drawn last (empty: the bundled data)."""
    return _data_folder


def catalog() -> Catalog:
    """The card set of the game drawn last (the bundled one before any board is drawn)."""
    return load_catalog(_data_folder)


# --- words for the cards ----------------------------------------------------------------------

PHASE_WORDS = {
    "draft": "take an initial building",
    "champion": "designate a champion",
    "start": "start of turn: resolve the next effect",
    "main": "main phase: act with a gladiator, or end",
    "use": "add gladiators' construction to the job",
    "quarry": "Lapicidinae: choose your building to demolish",
    "chain_target": "chain: choose the rival",
    "chain_pick": "chain: choose the rival's gladiators",
    "collect_target": "collect: choose the rival",
    "fight_target": "combat: choose the rival to attack",
    "fight_defender": "combat: choose the defending gladiator",
    "reserve": "combat reserve: replace the defender?",
    "combat_card": "combat: reveal a card from the hand?",
    "favor": "Public Favor: reveal another card?",
    "favor_apply": "Public Favor: apply the card revealed?",
    "infirmary": "Valetudinarium: pay to keep the beaten gladiator?",
    "discard": "discard gladiators down to your buildings",
    "auction": "start an auction, or end the turn",
    "offer": "choose the gladiator to auction",
    "decimatio": "decimatio: discard one of the gladiators revealed",
    "bid": "bid or pass",
    "over": "the game is over",
}

ABILITY_WORDS = {
    "collect": "Collect",
    "defender": "Defender",
    "chain": "Chain",
    "public_favor": "Public Favor",
    "deadly": "Deadly",
    "armoured": "Armoured",
    "trample": "Trample",
    "precision": "Precision",
}


def start_words(effect: str) -> str:
    """A start-of-turn effect in words (the numbers from the catalog's rules)."""
    rules = catalog().rules
    words = {
        "refill_gladiators": f"take novices up to {rules.refill_gladiators} gladiators",
        "refill_buildings": f"take initial buildings up to {rules.refill_buildings}",
        "vinalia": f"Vinalia: take {rules.vinalia_coins} coins",
        "plaga_galeni": "Plaga Galeni: a combat card for each gladiator",
        "novice_income": "Cubiculum: 1 coin with a novice",
        "start_income": "take 1 coin",
        "champion": "designate a champion",
        "training": f"Palaestra: {rules.training_cost}c to trade a novice for a veteran",
    }
    return words.get(effect, effect)


def building_spec(code: str) -> Building | None:
    index = catalog().building_by_code.get(code)
    return None if index is None else catalog().buildings[index]


def building_kinds(codes: Sequence[str]) -> list[list[str]]:
    """Buildings of one kind (same name and numbers) together, in order of first sight."""
    kinds: dict[tuple[Any, ...], list[str]] = {}
    for code in codes:
        spec = building_spec(code)
        key = (
            (spec.name, spec.cost, spec.demolition, spec.points, spec.coins, spec.effect)
            if spec
            else (code,)
        )
        kinds.setdefault(key, []).append(code)
    return list(kinds.values())


def building_name(code: str) -> str:
    spec = building_spec(code)
    return code if spec is None else spec.name


def building_effect(spec: Building) -> str:
    """A few words for what a building does besides its entry benefits."""
    rules = catalog().rules
    words = {
        "starting_player": "starts the game",
        "novice_attack_bonus": "novices +1 attacking",
        "extra_auction": "+1 auction a turn",
        "novice_income": f"+1c a turn; novices {rules.novice_price}c",
        "build_income": "+1c per building built",
        "auction_ties": "wins tied auctions",
        "quarry": f"{rules.quarry_destroy_cost}c: destroy a rival's",
        "auction_income": "+1c per auction started",
        "workshop": "chain rivals once a turn",
        "training": f"start: {rules.training_cost}c, novice → veteran",
        "champions": "champions (combat 3)",
        "veteran_attack_bonus": "veterans +1 attacking",
        "defence_bonus": "+1 combat defending",
        "work_income": "+1c per work",
        "start_income": "+1c at start of turn",
        "infirmary": f"{rules.infirmary_cost}c: keep a beaten one",
        "combat_discount": "combats cost 1c less",
        "barracks": "room for two gladiators",
    }
    if spec.effect in words:
        return words[spec.effect]
    return spec.text if spec.effect else ""


def entry_benefits(spec: Building) -> str:
    """What a building gives when it enters play: "+1 VP", "+2c"."""
    parts = []
    if spec.points:
        parts.append(f"+{spec.points} VP")
    if spec.coins:
        parts.append(f"+{spec.coins}c")
    return " ".join(parts)


def building_text(code: str) -> Text:
    """A building's name, with its entry points (they keep it from being demolished)."""
    spec = building_spec(code)
    if spec is None:
        return Text(code, style="bold")
    text = Text(spec.name, style="bold")
    if spec.points:
        text.append(f" {spec.points}VP", style="yellow")
    return text


def card_spec(code: str) -> CombatCard | None:
    index = catalog().combat_by_code.get(code)
    return None if index is None else catalog().combat[index]


def card_text(code: str) -> Text:
    """A combat card in words: "Impetus +1 (skull)", "Defensio +2 (+1 VP)"."""
    spec = card_spec(code)
    if spec is None:
        return Text(code)
    strength = spec.swords or spec.shields
    style = IMPETUS_STYLE if spec.swords or spec.name == "Impetus" else DEFENSIO_STYLE
    text = Text(f"{spec.name} +{strength}", style=style)
    extras = []
    if spec.skull:
        extras.append("skull")
    if spec.extra_point:
        extras.append("+1 VP")
    if spec.coins:
        extras.append(f"+{spec.coins} coins")
    if spec.reshuffle:
        extras.append("reshuffle")
    if extras:
        text.append(f" ({', '.join(extras)})")
    return text


def card_short(code: str) -> str:
    """A combat card in a few characters: "I+1 skull", "D+2", "I+1 VP", "D+1 2c"."""
    spec = card_spec(code)
    if spec is None:
        return code
    text = f"{spec.name[:1]}+{spec.swords or spec.shields}"
    if spec.skull:
        text += " skull"
    if spec.extra_point:
        text += " VP"
    if spec.coins:
        text += f" {spec.coins}c"
    if spec.reshuffle:
        text += " shuffle"
    return text


def event_card(code: str | None) -> tuple[str, str]:
    """A Historiae event's name and text."""
    for event in catalog().events:
        if event.code == code:
            return event.name, event.text
    return str(code), ""


# --- gladiators -------------------------------------------------------------------------------


def owners_of(view: View) -> dict[str, tuple[int, Mapping[str, Any]]]:
    """Every gladiator in play by code: its lanista and its entry in the view."""
    result: dict[str, tuple[int, Mapping[str, Any]]] = {}
    for lanista in view.get("lanistae", []):
        for entry in lanista.get("gladiators", []):
            result[entry["code"]] = (lanista["seat"], entry)
    return result


def gladiator_name(code: str) -> str:
    index = catalog().gladiator_by_code.get(code)
    return code if index is None else catalog().gladiators[index].name


def card_number(code: str, name: str) -> str:
    """What tells apart cards of one name: the novices' numbers ("tiro_14" -> "14", Quintus
    Ludus's "tiro_q_1" -> "Q1"); nothing for a gladiator whose name is his own."""
    if code == name.lower():
        return ""
    rest = code.removeprefix(name.lower()).strip("_")
    return rest.replace("_", "").upper() if rest else code


def gladiator_text(view: View, code: str, seat: int | None = None) -> Text:
    """ "Tiro 3" (a novice with his number) in its lanista's colour."""
    owner = owners_of(view).get(code)
    if seat is None and owner is not None:
        seat = owner[0]
    name = owner[1]["name"] if owner is not None else gladiator_name(code)
    text = Text(name, style=f"bold {seat_style(seat)}")
    number = card_number(code, name)
    if number:
        text.append(f" {number}")
    return text


def stats_words(view: View, code: str) -> str:
    """ "combat 2, work 1, build 0, Precision" from the view, else from the catalog."""
    owner = owners_of(view).get(code)
    if owner is not None:
        entry: Mapping[str, Any] = owner[1]
    else:
        index = catalog().gladiator_by_code.get(code)
        if index is None:
            return ""
        spec = catalog().gladiators[index]
        entry = {
            "combat": spec.combat,
            "work": spec.work,
            "construction": spec.construction,
            "ability": spec.ability,
        }
    text = f"combat {entry['combat']}, work {entry['work']}, build {entry['construction']}"
    if entry.get("ability"):
        text += f", {ABILITY_WORDS.get(entry['ability'], entry['ability'])}"
    return text


def min_bid_of(code: str) -> int:
    index = catalog().gladiator_by_code.get(code)
    return 0 if index is None else catalog().gladiators[index].min_bid


def effects_of(view: View, seat: int) -> set[str]:
    if not 0 <= seat < len(view.get("lanistae", [])):
        return set()
    specs = (building_spec(code) for code in view["lanistae"][seat]["buildings"])
    return {spec.effect for spec in specs if spec is not None}


def combat_bonus(entry: Mapping[str, Any], role: str) -> int:
    """What a gladiator adds to its combat when it attacks or defends (the view says)."""
    if role == "attack":
        return int(entry.get("attack_bonus", 0))
    if role == "defence":
        return int(entry.get("defence_bonus", 0))
    return 0
