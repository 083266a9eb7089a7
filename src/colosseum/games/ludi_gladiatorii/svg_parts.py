"""Pieces of the Ludi Gladiatorii SVG board: markup helpers, tiles and words read from a view.

`svg.py` lays these out. Like it, nothing here reads the game state: only a seat's view, the
viewer's legal notations and the catalog's card names (through the terminal renderer's
helpers in `render_cards` and `render_words`, so the board speaks the game's own words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...core.svg import SEAT_FILLS, el, num, text, title
from .render_cards import (
    ABILITY_WORDS,
    building_effect,
    building_name,
    building_spec,
    card_spec,
    card_text,
    data_folder,
    entry_benefits,
    gladiator_name,
    owners_of,
    stats_words,
)
from .render_words import describe_action

View = Mapping[str, Any]
Entry = Mapping[str, Any]

NOBODY_FILL, GOLD, DARK, EDGE, MUTED = "#9e9e9e", "#ffb300", "#212121", "#5d4037", "#757575"
PAPER, TURNED_FILL, IMPETUS, DEFENSIO = "#fffdf5", "#e0e0e0", "#c62828", "#00838f"
KEYBOARD = {"tabindex": "0", "role": "button"}
GLADIATOR_W, GLADIATOR_H = 66, 62
CARD_W, CARD_H = 112, 40
LINE_H = 26  # a building of a ludus: tall enough to tap on a phone


# --- markup --------------------------------------------------------------------------------


def rect(x: float, y: float, width: float, height: float, **attrs: Any) -> str:
    return el("rect", x=num(x), y=num(y), width=num(width), height=num(height), **attrs)


def clickable(notations: Sequence[str], classes: str) -> dict[str, Any]:
    """The attributes of an element standing for `notations` (joined by "|")."""
    return {"class_": f"{classes} action", "data_action": "|".join(notations)} | KEYBOARD


def frame(
    x: float,
    y: float,
    width: float,
    height: float,
    chosen: bool,
    *,
    edge: str = EDGE,
    fill: str = PAPER,
    rx: str = "5",
    weights: tuple[str, str] = ("2.5", "1"),
) -> str:
    """A tile's rounded frame, edged in gold (and thicker) when it stands for actions."""
    return rect(
        x,
        y,
        width,
        height,
        rx=rx,
        fill=fill,
        stroke=GOLD if chosen else edge,
        stroke_width=weights[0] if chosen else weights[1],
    )


def group(parts: str, notations: Sequence[str], classes: str, **attrs: Any) -> str:
    """A `<g>`: clickable when `notations` is not empty."""
    if notations:
        return el("g", parts, **clickable(notations, classes), **attrs)
    return el("g", parts, class_=classes, **attrs)


def fill(seat: int | None) -> str:
    return NOBODY_FILL if seat is None or seat < 0 else SEAT_FILLS[seat % len(SEAT_FILLS)]


def fit(words: str, width: float, size: float = 11) -> str:
    """`words` cut with "…" to about `width` units at font size `size`."""
    room = max(3, int(width / (size * 0.56)))
    return words if len(words) <= room else words[: room - 1] + "…"


# --- words ---------------------------------------------------------------------------------


def seat_words(seat: int | None, viewer: int | None) -> str:
    if seat is None or seat < 0:
        return "nobody"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def action_words(notation: str, view: View) -> str:
    """What an action does, as the terminal's menu says it, without the notation itself."""
    plain = describe_action(notation, view).plain
    head = notation + " ("
    return plain[len(head) : -1] if plain.startswith(head) and plain.endswith(")") else plain


def tip_with(words: str, notations: Sequence[str], view: View) -> str:
    """A tooltip: `words`, then what each of `notations` would do."""
    return "\n".join([words, *(f"▶ {action_words(n, view)}" for n in notations)])


def card_words(code: str) -> str:
    """A combat card as the terminal says it: "Impetus +1 (skull)"."""
    return card_text(code).plain


def gladiator_about(entry: Entry, view: View) -> str:
    """A gladiator's tooltip: everything the view says about it."""
    rank = "veteran" if entry.get("veteran") else "novice"
    state = "turned (can still defend)" if entry.get("turned") else "straight (can act)"
    flags = [state] + [
        words
        for key, words in (
            ("chained", "chained: cannot defend this turn"),
            ("champion", "champion"),
            ("favor", "Public Favor token"),
            ("trample_ready", "Trample ready"),
        )
        if entry.get(key)
    ]
    bonus = [f"+{entry[k]} {w}" for k, w in (("attack_bonus", "attacking"),) if entry.get(k)]
    bonus += [f"+{entry['defence_bonus']} defending"] if entry.get("defence_bonus") else []
    cost = entry.get("fight_cost")
    lines = [
        f"{entry['name']}, {rank}",
        stats_words(view, str(entry["code"])),
        ", ".join(flags),
        ("combat bonus " + ", ".join(bonus)) if bonus else "",
        "" if cost is None else ("a combat is free" if cost == 0 else f"a combat costs {cost}c"),
    ]
    return "\n".join(line for line in lines if line)


def building_words(code: str) -> str:
    """ "Forum +1 VP: +1c per building built" (name, entry benefits, effect)."""
    return _building_words(data_folder(), code)


@lru_cache(maxsize=512)
def _building_words(folder: str, code: str) -> str:
    """`building_words` in the card set of `folder` (the one `catalog()` reads now), kept:
    a board asks for the same few again and again."""
    spec = building_spec(code)
    if spec is None:
        return building_name(code)
    head = " ".join(part for part in (spec.name, entry_benefits(spec)) if part)
    effect = building_effect(spec)
    return f"{head}: {effect}" if effect else head


def building_about(code: str) -> str:
    """A building's tooltip: name, cost, demolition, entry benefits, effect."""
    spec = building_spec(code)
    if spec is None:
        return building_name(code)
    numbers = f"cost {spec.cost}" if spec.effect != "quarry" else "built by razing one of yours"
    numbers += f", demolition {spec.demolition}" if not spec.points else ", cannot be demolished"
    return f"{building_words(code)}\n{numbers}"


def score_terms(view: View, side: str) -> list[tuple[int, str]]:
    """One side's combat as terms: the gladiator's combat, its bonus, the applied cards."""
    combat = view["combat"]
    code = combat["attacking_gladiator" if side == "attack" else "defending_gladiator"]
    owner = owners_of(view).get(str(code)) if code else None
    if owner is None:
        return []
    entry = owner[1]
    terms = [(int(entry["combat"]), str(entry["name"]))]
    bonus = int(entry.get("attack_bonus" if side == "attack" else "defence_bonus", 0) or 0)
    if bonus:
        terms.append((bonus, "bonus"))
    for shown in combat.get("cards", []):
        spec = card_spec(str(shown["card"]))
        if spec is not None and shown.get("applied"):
            strength = spec.swords if side == "attack" else spec.shields
            if strength:
                terms.append((strength, spec.name))
    return terms


def score_words(view: View, side: str, total: int) -> str:
    """ "3 (Hispanus) + 1 (Impetus) = 4", or just the total when the terms do not add up."""
    terms = score_terms(view, side)
    if not terms or sum(value for value, _ in terms) != total:
        return str(total)
    return " + ".join(f"{value} ({name})" for value, name in terms) + f" = {total}"


# --- sorting ------------------------------------------------------------------------------

Actions = dict[str, list[str]]


class Split:
    """The viewer's legal actions by what they are drawn on; the rest become buttons."""

    def __init__(self, view: View, legal: Sequence[str]) -> None:
        self.gladiators: Actions = {}
        self.offered: Actions = {}
        self.buildings: Actions = {}
        self.cards: Actions = {}
        self.seats: dict[int, list[str]] = {}
        self.bids: list[str] = []
        self.buttons: list[str] = []
        lanistae = view.get("lanistae", [])
        in_ludi = {g["code"] for lanista in lanistae for g in lanista.get("gladiators", [])}
        auction = view.get("auction") or {}
        buildings = {b for lanista in lanistae for b in lanista.get("buildings", [])}
        buildings |= set(view.get("centre", {}).get("buildings", []))
        buildings |= set(view.get("draft_pool") or [])
        seat = view.get("seat")
        own = lanistae[seat] if isinstance(seat, int) and 0 <= seat < len(lanistae) else {}
        hand = set(own.get("combat_hand_cards") or [])
        for notation in legal:
            kind, _, arg = notation.partition(" ")
            arg = arg.split(" ")[0]
            if kind == "target" and arg.lstrip("-").isdigit():
                self.seats.setdefault(int(arg), []).append(notation)
            elif kind == "bid" or (kind == "pass" and view.get("phase") == "bid"):
                self.bids.append(notation)
            elif arg in in_ludi:
                self.gladiators.setdefault(arg, []).append(notation)
            elif arg in auction.get("revealed", []) or arg == auction.get("offered"):
                self.offered.setdefault(arg, []).append(notation)
            elif arg in buildings:
                self.buildings.setdefault(arg, []).append(notation)
            elif arg in hand:
                self.cards.setdefault(arg, []).append(notation)
            else:
                self.buttons.append(notation)


def capacity(lanista: Mapping[str, Any]) -> int:
    """Gladiators a lanista may keep: one per building, two for a barracks."""
    specs = [building_spec(code) for code in lanista.get("buildings", [])]
    return sum(2 if spec is not None and spec.effect == "barracks" else 1 for spec in specs)


# --- tiles ---------------------------------------------------------------------------------


def gladiator_tile(
    entry: Entry, x: float, y: float, seat: int, actions: Sequence[str], view: View
) -> str:
    """A gladiator card at (x, y): name, combat / work / build, ability; grey when turned."""
    turned = bool(entry.get("turned"))
    classes = "gladiator" + (" turned" if turned else " straight")
    classes += "".join(f" {k}" for k in ("chained", "champion", "favor") if entry.get(k))
    where = f"translate({num(x)},{num(y)})"
    if actions:
        inner = title(tip_with(gladiator_about(entry, view), actions, view))
        inner += _gladiator_face(entry, seat, True)
        return group(inner, actions, classes, fill=DARK, transform=where)
    return group(_still_gladiator(tuple(entry.items()), seat), (), classes, transform=where)


@lru_cache(maxsize=4096)
def _still_gladiator(items: tuple[tuple[str, Any], ...], seat: int) -> str:
    """A gladiator no action stands for: the same entry always draws the same."""
    entry = dict(items)
    view = {"lanistae": [{"seat": seat, "gladiators": [entry]}]}
    return title(gladiator_about(entry, view)) + _gladiator_face(entry, seat, False)


def _gladiator_face(entry: Entry, seat: int, chosen: bool) -> str:
    turned = bool(entry.get("turned"))
    marks = "".join(
        mark
        for key, mark in (("champion", "★"), ("favor", "♥"), ("chained", "⊗"))
        if entry.get(key)
    )
    ability = str(entry.get("ability") or "")
    edge = {"stroke": GOLD, "stroke_width": "2.5"} if chosen else {"stroke": EDGE}
    state = ("▼ turned", MUTED) if turned else ("▲ straight", "#2e7d32")
    stats = f"C{entry['combat']} W{entry['work']} B{entry['construction']}"
    return "".join(
        [
            rect(
                0,
                0,
                GLADIATOR_W,
                GLADIATOR_H,
                rx="5",
                fill=TURNED_FILL if turned else PAPER,
                **edge,
            ),
            rect(0, 0, GLADIATOR_W, 5, fill=fill(seat), class_=f"seat-{seat}"),
            text(
                4,
                18,
                fit(str(entry["name"]), GLADIATOR_W - 8, 12),
                font_size="12",
                font_weight="bold",
            ),
            text(4, 32, stats, font_size="11"),
            text(
                4,
                45,
                fit(ABILITY_WORDS.get(ability, ability), GLADIATOR_W - 8, 11),
                font_size="11",
                fill=MUTED,
            ),
            text(4, 57, state[0], font_size="11", fill=state[1]),
            text(GLADIATOR_W - 4, 57, marks, font_size="11", text_anchor="end", fill=IMPETUS),
        ]
    )


def card_tile(code: str, x: float, y: float, actions: Sequence[str], view: View) -> str:
    """A combat card: its name and strength, its extras (skull, VP, coins) under it."""
    spec = card_spec(code)
    words = card_words(code)
    head, _, extras = words.partition(" (")
    colour = IMPETUS if spec is not None and spec.swords else DEFENSIO
    parts = [
        title(tip_with(words, actions, view)),
        frame(x, y, CARD_W, CARD_H, bool(actions), edge=colour, weights=("2.5", "1.5")),
        text(x + 6, y + 17, head, font_size="13", font_weight="bold", fill=colour),
        text(x + 6, y + 33, fit(extras.rstrip(")"), CARD_W - 10, 11), font_size="11", fill=MUTED),
    ]
    return group("".join(parts), actions, "card")


def gladiator_offer_tile(code: str, x: float, y: float, actions: Sequence[str], view: View) -> str:
    """A gladiator not in a ludus (auction, discard): its name and numbers from the catalog."""
    words = stats_words(view, code)
    parts = [
        title(tip_with(f"{gladiator_name(code)}: {words}", actions, view)),
        frame(x, y, 150, 40, bool(actions)),
        text(x + 6, y + 17, gladiator_name(code), font_size="13", font_weight="bold"),
        text(x + 6, y + 33, fit(words, 140, 11), font_size="11", fill=MUTED),
    ]
    return group("".join(parts), actions, "gladiator offered", fill=DARK)


def button(label: str, x: float, y: float, width: float, actions: Sequence[str], view: View) -> str:
    """A button standing for `actions`, its words fitted to its width."""
    parts = [
        title(tip_with(label, actions, view)),
        rect(x, y, width, 30, rx="6", fill=PAPER, stroke=EDGE),
        text(
            x + width / 2,
            y + 19,
            fit(label, width - 8, 12),
            font_size="12",
            text_anchor="middle",
            font_weight="bold",
        ),
    ]
    return group("".join(parts), actions, "button", fill="#3e2723")


def button_width(label: str) -> float:
    return min(300, max(70, 7 * len(label) + 16))


def building_line(code: str, width: float, actions: Sequence[str], view: View) -> str:
    """A building of a ludus on one line at (0, 0): its name and effect in words."""
    if not actions:
        return _still_building(code, width)
    inner = (
        title(tip_with(building_about(code), actions, view))
        + rect(0, 0, width, LINE_H, rx="3", fill=PAPER, stroke=GOLD)
        + text(5, 18, fit(building_words(code), width - 10, 12), font_size="12")
    )
    return group(inner, actions, "building")


@lru_cache(maxsize=1024)
def _still_building(code: str, width: float) -> str:
    inner = title(building_about(code)) + text(5, 18, fit(building_words(code), width - 10, 12))
    return group(inner, (), "building", font_size="12")
