"""The pieces of the Jugula SVG board (`svg.py`) below the arena, drawn from a view only.

Markup helpers, the viewer's hand as clickable cards, the action buttons, the gladiators
waiting to be deployed, and one panel per lanista: the Vox Populi track, the familia, the
discard pile and what else is public of his cards. Names come from the catalog and the
terminal renderer's words (`render_names`, `render_words`), never internal ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.svg import SEAT_FILLS, el, num, text, title
from .render_names import abbreviation, armatura_name, card_spec, catalog, stars
from .render_words import describe_action

View = Mapping[str, Any]
Entry = Mapping[str, Any]

WIDTH = 456
DARK, MUTED, EDGE, GOLD = "#2b2118", "#6f5f4d", "#5d4037", "#ffb300"
PANEL, PRIMA = "#fffdf5", "#b71c1c"
CARD_W, CARD_H, CARD_GAP = 104, 66, 8
BUTTON_W, BUTTON_H = 218, 32
KEYBOARD = {"tabindex": "0", "role": "button"}


# --- markup ------------------------------------------------------------------------------------


def rect(x: float, y: float, width: float, height: float, **attrs: Any) -> str:
    return el("rect", x=num(x), y=num(y), width=num(width), height=num(height), **attrs)


def circle(cx: float, cy: float, r: float, **attrs: Any) -> str:
    return el("circle", cx=num(cx), cy=num(cy), r=num(r), **attrs)


def clickable(notations: Sequence[str], classes: str) -> dict[str, Any]:
    """The attributes of an element standing for `notations` (joined by "|")."""
    return {"class_": f"{classes} action", "data_action": "|".join(notations)} | KEYBOARD


def fit(words: str, width: float, size: float) -> str:
    """`words` cut with an ellipsis to about `width` pixels at font size `size`."""
    most = max(3, int(width / (0.56 * size)))
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def fill(seat: Any) -> str:
    return SEAT_FILLS[seat % len(SEAT_FILLS)] if isinstance(seat, int) and seat >= 0 else "#9e9e9e"


def seat_words(seat: Any, viewer: Any) -> str:
    if not isinstance(seat, int) or seat < 0:
        return "nobody"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def words(notation: str, view: View) -> str:
    """A legal action in the terminal's words."""
    return describe_action(notation, view).plain


# --- cards -------------------------------------------------------------------------------------


def card_name(code: str) -> str:
    """A card's name, with its stars for a Prima Jugula card."""
    spec = card_spec(code)
    if spec is None:
        return code.replace("_", " ").capitalize()
    return spec.name + (stars(spec) if spec.prima else "")


def card_names(codes: Sequence[str]) -> str:
    return ", ".join(card_name(code) for code in codes) or "none"


def card_about(code: str) -> str:
    """A card's values and ability in words, for its tooltip."""
    spec = card_spec(code)
    if spec is None:
        return card_name(code)
    values = f"Mv {spec.movement}, Vox {spec.vox}, Cmb {spec.combat}, Drw {spec.draw}, "
    values += f"Upg {spec.upgrade}, die {spec.die}"
    ability = f"\n{spec.text}" if spec.ability != "none" else ""
    return f"{card_name(code)}: {values}{ability}"


def _card(code: str, x: float, y: float, actions: Sequence[str], view: View) -> str:
    """One card of the viewer's hand; clickable with every legal action that plays it."""
    spec = card_spec(code)
    prima = spec is not None and spec.prima
    tip = card_about(code) + "".join(f"\n· {words(n, view)}" for n in actions)
    edge = {"stroke": GOLD, "stroke_width": "3"} if actions else {"stroke": EDGE}
    parts = [
        title(tip),
        rect(x, y, CARD_W, CARD_H, rx="6", fill=PANEL, **edge),
        text(
            x + 6,
            y + 16,
            fit(card_name(code), CARD_W - 10, 12),
            font_weight="bold",
            fill=PRIMA if prima else DARK,
        ),
    ]
    if spec is not None:
        values = f"Mv{spec.movement} Vx{spec.vox} Cb{spec.combat}"
        parts.append(text(x + 6, y + 34, values, font_size="11", fill=MUTED))
        parts.append(
            text(x + 6, y + 49, f"Dr{spec.draw} Up{spec.upgrade}", font_size="11", fill=MUTED)
        )
        parts.append(
            text(
                x + CARD_W - 8,
                y + 58,
                str(spec.die),
                font_size="18",
                font_weight="bold",
                text_anchor="end",
                fill=DARK,
            )
        )
    if actions:
        return el("g", "".join(parts), **clickable(actions, "card playable"))
    return el("g", "".join(parts), class_="card")


def hand(
    codes: Sequence[str], by_card: Mapping[str, list[str]], view: View, y: float
) -> tuple[str, float]:
    """The viewer's hand as cards, four a row: the markup and the height used."""
    per_row = int((WIDTH - 16 + CARD_GAP) // (CARD_W + CARD_GAP))
    parts = [text(12, y + 14, f"Your hand ({len(codes)})", font_weight="bold")]
    for i, code in enumerate(codes):
        x = 12 + (i % per_row) * (CARD_W + CARD_GAP)
        top = y + 22 + (i // per_row) * (CARD_H + CARD_GAP)
        parts.append(_card(code, x, top, by_card.get(code, []), view))
    if not codes:
        parts.append(text(12, y + 36, "no card", fill=MUTED))
        return el("g", "".join(parts), class_="hand", font_size="13", fill=DARK), 48
    rows = (len(codes) + per_row - 1) // per_row
    return el("g", "".join(parts), class_="hand", font_size="13", fill=DARK), (
        26 + rows * (CARD_H + CARD_GAP)
    )


# --- buttons and the gladiators to deploy -----------------------------------------------------


def buttons(notations: Sequence[str], view: View, y: float) -> tuple[str, float]:
    """The other legal actions as buttons, two a row: the markup and the height used."""
    if not notations:
        return "", 0
    parts = [text(12, y + 14, "Your choices", font_weight="bold")]
    for i, notation in enumerate(notations):
        x = 12 + (i % 2) * (BUTTON_W + 8)
        top = y + 22 + (i // 2) * (BUTTON_H + 6)
        label = words(notation, view)
        inner = (
            title(label)
            + rect(x, top, BUTTON_W, BUTTON_H, rx="6", fill=PANEL, stroke=EDGE)
            + text(
                x + BUTTON_W / 2,
                top + 20,
                fit(label, BUTTON_W - 10, 12),
                text_anchor="middle",
                font_size="12",
            )
        )
        parts.append(el("g", inner, **clickable([notation], "button")))
    rows = (len(notations) + 1) // 2
    markup = el("g", "".join(parts), class_="buttons", font_size="13", fill=DARK)
    return markup, 26 + rows * (BUTTON_H + 6)


def bench(
    codes: Sequence[str], seat: Any, y: float, select: bool, after: Mapping[str, str] = {}
) -> tuple[str, float]:
    """The armaturae waiting to be deployed; each selects its squares (`data-select`), whose
    markup (`after`, by armatura) follows him, so that the keyboard reaches them next."""
    if not codes:
        return "", 0
    hint = "choose a gladiator, then a square" if select else "choose a square"
    parts = [text(12, y + 14, f"To deploy: {hint}", font_weight="bold")]
    for i, code in enumerate(codes):
        x, top = 12 + (i % 4) * 110, y + 22 + (i // 4) * 42
        inner = (
            title(f"{armatura_name(code)}: deploy on a square of your zone")
            + rect(x, top, 102, 34, rx="6", fill=fill(seat), stroke=DARK)
            + text(
                x + 51,
                top + 22,
                fit(armatura_name(code), 96, 13),
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
            )
        )
        attrs = {"data_select": f"d{code}", "class_": "bench selectable"} | KEYBOARD
        parts.append(el("g", inner, **attrs) if select else el("g", inner, class_="bench"))
        parts.append(after.get(code, ""))
    rows = (len(codes) + 3) // 4
    return el("g", "".join(parts), class_="deploy", font_size="13", fill=DARK), 26 + rows * 42


# --- the lanistae ------------------------------------------------------------------------------


def gladiator_about(entry: Entry, viewer: Any) -> str:
    """A gladiator's tooltip: everything the view says about him."""
    if not entry.get("armatura"):
        return f"{seat_words(entry.get('seat'), viewer)}: a gladiator still to be chosen"
    state = "fallen" if entry.get("bitten") else "wounded" if entry.get("wounded") else "unhurt"
    where = entry.get("square")
    facing = {"n": "north", "e": "east", "s": "south", "w": "west"}.get(entry.get("facing") or "")
    lines = [
        f"{entry.get('name') or armatura_name(entry['armatura'])}"
        f" ({'heavy' if entry.get('heavy') else 'light'}), {seat_words(entry['seat'], viewer)}",
        f"on {where} facing {facing}" if where else "not in the arena",
        f"{state}; MP {entry.get('mp')}, ATT {'/'.join(map(str, entry.get('att', [])))}, "
        f"DEF {'/'.join(map(str, entry.get('def', [])))} (against light/heavy)",
        ", ".join(entry.get("traits", [])),
        f"holds {entry['markers_held']} Hindrance markers" if entry.get("markers_held") else "",
        "hindered" if entry.get("hindered") else "",
    ]
    return "\n".join(line for line in lines if line)


def _vox(lanista: Entry, x: float, y: float) -> str:
    """The Vox Populi track 0 to the top, the lanista's marker filled in his colour."""
    level, seat = int(lanista.get("vox", 0)), lanista.get("seat")
    top = max(catalog().rules.vox_max, level)
    parts = [
        title(
            f"Vox Populi {level}: ATT +{lanista.get('attack_bonus')}, "
            f"hand limit {lanista.get('hand_limit')}"
        )
    ]
    for space in range(top + 1):
        here = space == level
        box = {"fill": fill(seat), "stroke": DARK} if here else {"fill": PANEL, "stroke": MUTED}
        parts.append(rect(x + 17 * space, y, 15, 16, rx="2", **box))
        parts.append(
            text(
                x + 17 * space + 7.5,
                y + 12,
                str(space),
                font_size="10",
                text_anchor="middle",
                fill="#fff" if here else MUTED,
            )
        )
    return el("g", "".join(parts), class_="vox")


def _familia(view: View, seat: Any, x: float, y: float) -> str:
    """The lanista's gladiators as chips: two letters, wounded (*) or fallen (struck out)."""
    parts = []
    mine = [g for g in view.get("gladiators", []) if g.get("seat") == seat]
    for i, entry in enumerate(mine):
        left = x + 36 * i
        fallen = bool(entry.get("bitten"))
        mark = abbreviation(entry.get("armatura")) if entry.get("armatura") else "?"
        mark += "*" if entry.get("wounded") else ""
        chip = rect(left, y, 33, 16, rx="3", fill="#9e9e9e" if fallen else fill(seat))
        label = text(
            left + 16.5,
            y + 12,
            mark,
            font_size="10",
            text_anchor="middle",
            fill="#fff",
            font_weight="bold",
            text_decoration="line-through" if fallen else None,
        )
        parts.append(
            el(
                "g",
                title(gladiator_about(entry, view.get("seat"))) + chip + label,
                class_="chip fallen" if fallen else "chip",
            )
        )
    return el("g", "".join(parts), class_="familia")


def _status(view: View, seat: int) -> str:
    notes = []
    if not view.get("over") and view.get("turn") and view.get("turn_seat") == seat:
        notes.append("to play")
    if not view.get("over") and view.get("current_player") == seat:
        notes.append("deciding")
    if seat in view.get("winners", []):
        notes.append("winner")
    return " · ".join(notes)


def _pile_lines(lanista: Entry, own: bool) -> list[str]:
    """The public cards (and a hand as its owner saw it, in a replay), a line each."""
    lines = [f"Discard: {card_names(lanista.get('discard', []))}"]
    if lanista.get("hand") is not None and not own:
        lines.append(f"Hand: {card_names(lanista['hand'])}")
    elif lanista.get("hand_known"):
        lines.append(f"Known in hand: {card_names(lanista['hand_known'])}")
    for key, label in (
        ("in_play", "In play"),
        ("removed", "Removed"),
        ("prima_aside", "Prima Jugula aside"),
    ):
        if lanista.get(key):
            lines.append(f"{label}: {card_names(lanista[key])}")
    top = lanista.get("deck_top_known") if own else None
    top = top or lanista.get("deck_top_public")
    if top:
        lines.append(f"Deck top (top first): {card_names(top)}")
    if lanista.get("compelled"):
        lines.append("Dubitatio: must play a card drawn at random next turn")
    if lanista.get("bid"):
        lines.append(f"Round card committed face down (from the {lanista['bid']})")
    return lines


def lanista_panel(view: View, lanista: Entry, y: float) -> tuple[str, float]:
    """One lanista: name and status, Vox Populi track, familia, counts and card piles."""
    seat, viewer = lanista["seat"], view.get("seat")
    own = seat == viewer
    status = _status(view, seat)
    head = seat_words(seat, viewer) + (" · out of the arena" if lanista.get("out") else "")
    counts = (
        f"hand {lanista.get('hand_count')}/{lanista.get('hand_limit')} · "
        f"deck {lanista.get('deck_count')}"
    )
    lines = _pile_lines(lanista, own)
    height = 58 + 16 * len(lines)
    parts = [
        rect(
            6,
            y,
            WIDTH - 12,
            height - 6,
            rx="6",
            fill=PANEL,
            stroke=fill(seat),
            stroke_width="3" if status else "1.5",
        ),
        text(
            14,
            y + 18,
            head + (f" · {status}" if status else ""),
            font_weight="bold",
            fill=fill(seat),
        ),
        text(WIDTH - 14, y + 18, counts, text_anchor="end", font_size="12", fill=MUTED),
        _vox(lanista, 14, y + 26),
        text(208, y + 38, f"ATT +{lanista.get('attack_bonus')}", font_size="11", fill=DARK),
        _familia(view, seat, 262, y + 26),
    ]
    for i, line in enumerate(lines):
        parts.append(
            el(
                "g",
                title(line) + text(14, y + 60 + 16 * i, fit(line, WIDTH - 30, 12)),
                class_="pile",
            )
        )
    classes = f"lanista seat-{seat}" + (" you" if own else "")
    return el("g", "".join(parts), class_=classes, font_size="12", fill=DARK), height
