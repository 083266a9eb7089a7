"""The pieces of the Jugula SVG board (`svg.py`) below the arena, drawn from a view only.

Markup helpers, the viewer's hand as clickable cards (a card shows its name and values; its
ability is in its tooltip), the action buttons and the gladiators waiting to be deployed (the
lanistae beside the arena are `svg_lanistae`). Every text is at least `FONT` user units, the
board `WIDTH` wide: drawn for 11 CSS px on a 390 px phone and 12 on a laptop. Names come from
the catalog and the terminal renderer's words (`render_names`, `render_words`), never
internal ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.svg import SEAT_FILLS, el, num, text, title
from .render_names import armatura_name, card_spec, stars
from .render_words import describe_action

View = Mapping[str, Any]
Entry = Mapping[str, Any]

# The board's width and its smallest text (user units), chosen: a 375 px phone column shows
# the board at 0.77 px a unit, so FONT is 11.5 CSS px there; a laptop shows it larger.
WIDTH, FONT, HEAD = 488, 15, 16
DARK, MUTED, EDGE, GOLD = "#2b2118", "#6f5f4d", "#5d4037", "#ffb300"
PANEL, PRIMA = "#fffdf5", "#b71c1c"
CARD_W, CARD_H, CARD_GAP = 110, 74, 8
BUTTON_W, BUTTON_H = 228, 38
KEYBOARD = {"tabindex": "0", "role": "button"}


# --- markup ------------------------------------------------------------------------------------


def rect(x: float, y: float, width: float, height: float, **attrs: Any) -> str:
    return el("rect", x=num(x), y=num(y), width=num(width), height=num(height), **attrs)


def circle(cx: float, cy: float, r: float, **attrs: Any) -> str:
    return el("circle", cx=num(cx), cy=num(cy), r=num(r), **attrs)


def clickable(notations: Sequence[str], classes: str) -> dict[str, Any]:
    """The attributes of an element standing for `notations` (joined by "|")."""
    return {"class_": f"{classes} action", "data_action": "|".join(notations)} | KEYBOARD


def fit(words: str, width: float, size: float = FONT, bold: bool = False) -> str:
    """`words` cut with an ellipsis to about `width` user units at font size `size`."""
    most = max(3, int(width / ((0.6 if bold else 0.56) * size)))
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def wrap(words: str, width: float, size: float = FONT, lines: int = 3) -> list[str]:
    """`words` in lines of about `width` user units at font size `size`, at most `lines`
    (the last cut with an ellipsis)."""
    most = max(3, int(width / (0.56 * size)))
    found: list[str] = []
    line = ""
    for word in words.split():
        if line and len(line) + 1 + len(word) > most:
            found.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    found.append(line)
    if len(found) > lines:
        found = [*found[: lines - 1], fit(" ".join(found[lines - 1 :]), width, size)]
    return found


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
    """One card of the viewer's hand: its name, values and die (its ability in the tooltip);
    clickable with every legal action that plays it."""
    spec = card_spec(code)
    prima = spec is not None and spec.prima
    tip = card_about(code) + "".join(f"\n· {words(n, view)}" for n in actions)
    edge = {"stroke": GOLD, "stroke_width": "3"} if actions else {"stroke": EDGE}
    parts = [
        title(tip),
        rect(x, y, CARD_W, CARD_H, rx="6", fill=PANEL, **edge),
        text(
            x + 6,
            y + 19,
            fit(card_name(code), CARD_W - 10, bold=True),
            font_weight="bold",
            fill=PRIMA if prima else DARK,
        ),
    ]
    if spec is not None:
        values = f"Mv{spec.movement} Vx{spec.vox} Cb{spec.combat}"
        parts.append(text(x + 6, y + 42, values, fill=MUTED))
        parts.append(text(x + 6, y + 64, f"Dr{spec.draw} Up{spec.upgrade}", fill=MUTED))
        parts.append(
            text(
                x + CARD_W - 8,
                y + 65,
                str(spec.die),
                font_size="22",
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
    per_row = int((WIDTH - 24 + CARD_GAP) // (CARD_W + CARD_GAP))
    parts = [text(12, y + 16, f"Your hand ({len(codes)})", font_weight="bold")]
    for i, code in enumerate(codes):
        x = 12 + (i % per_row) * (CARD_W + CARD_GAP)
        top = y + 24 + (i // per_row) * (CARD_H + CARD_GAP)
        parts.append(_card(code, x, top, by_card.get(code, []), view))
    attrs = {"class_": "hand", "font_size": str(FONT), "fill": DARK}
    if not codes:
        parts.append(text(12, y + 40, "no card", fill=MUTED))
        return el("g", "".join(parts), **attrs), 50
    rows = (len(codes) + per_row - 1) // per_row
    return el("g", "".join(parts), **attrs), 28 + rows * (CARD_H + CARD_GAP)


# --- buttons and the gladiators to deploy -----------------------------------------------------


def buttons(notations: Sequence[str], view: View, y: float) -> tuple[str, float]:
    """The other legal actions as buttons, two a row: the markup and the height used."""
    if not notations:
        return "", 0
    parts = [text(12, y + 16, "Your choices", font_weight="bold")]
    for i, notation in enumerate(notations):
        x = 12 + (i % 2) * (BUTTON_W + 8)
        top = y + 24 + (i // 2) * (BUTTON_H + 6)
        label = words(notation, view)
        inner = (
            title(label)
            + rect(x, top, BUTTON_W, BUTTON_H, rx="6", fill=PANEL, stroke=EDGE)
            + text(x + BUTTON_W / 2, top + 24, fit(label, BUTTON_W - 12), text_anchor="middle")
        )
        parts.append(el("g", inner, **clickable([notation], "button")))
    rows = (len(notations) + 1) // 2
    markup = el("g", "".join(parts), class_="buttons", font_size=str(FONT), fill=DARK)
    return markup, 28 + rows * (BUTTON_H + 6)


def bench(
    codes: Sequence[str], seat: Any, y: float, select: bool, after: Mapping[str, str] = {}
) -> tuple[str, float]:
    """The armaturae waiting to be deployed; each selects its squares (`data-select`), whose
    markup (`after`, by armatura) follows him, so that the keyboard reaches them next."""
    if not codes:
        return "", 0
    hint = "choose a gladiator, then a square" if select else "choose a square"
    parts = [text(12, y + 16, f"To deploy: {hint}", font_weight="bold")]
    for i, code in enumerate(codes):
        x, top = 12 + (i % 4) * (CARD_W + CARD_GAP), y + 24 + (i // 4) * 46
        inner = (
            title(f"{armatura_name(code)}: deploy on a square of your zone")
            + rect(x, top, CARD_W, 40, rx="6", fill=fill(seat), stroke=DARK)
            + text(
                x + CARD_W / 2,
                top + 26,
                fit(armatura_name(code), CARD_W - 8, bold=True),
                text_anchor="middle",
                fill="#fff",
                font_weight="bold",
            )
        )
        attrs = {"data_select": f"d{code}", "class_": "bench selectable"} | KEYBOARD
        parts.append(el("g", inner, **attrs) if select else el("g", inner, class_="bench"))
        parts.append(after.get(code, ""))
    rows = (len(codes) + 3) // 4
    markup = el("g", "".join(parts), class_="deploy", font_size=str(FONT), fill=DARK)
    return markup, 28 + rows * 46


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
