"""The SVG board of Ludus Gladiatorius for the web client and Jupyter, drawn from a view only.

`render_svg(view, legal)` draws the hex arena (odd rows half a hex to the right, as in
`data/arena.toml`) with the gladiators, the net and the starting hexes, then whose decision it
is, the order of activation, the viewer's action buttons and the record sheets. Every element
standing for legal actions carries them in `data-action`, several joined by "|".
`merge_views` joins every seat's view into one showing each counter as its owner sees it.
Nothing here reads the game state: whatever is drawn comes from `state.view(seat)`.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...core.svg import SEAT_FILLS, el, num, seat_dash, text, title
from .data import Arena, load_catalog
from .render import describe_action, die_letter, special_name

View = Mapping[str, Any]
Entry = Mapping[str, Any]

OUT_FILL, GOLD, DARK, EDGE = "#9e9e9e", "#ffb300", "#212121", "#5d4037"
SAND, START_SAND, REACHABLE = "#efe0bb", "#e4c98f", "#a5d6a7"
R = 30.0  # hex radius, centre to corner (pointy-top hexes)
HW = R * math.sqrt(3) / 2  # half a hex's width
MIN_WIDTH = 720
LEFT, TOP = 8, 34  # the map's top left corner, under the title
BUTTON_W, BUTTON_H, GAP = 136, 38, 8
PHASES = {"place": "placing counters", "act": "activation", "move": "movement"}
PHASES |= {"defend": "defence", "over": "game over"}
BUTTON_WORDS = {"move": "Move", "end": "End activation", "stay": "Stay put"}
BUTTON_WORDS |= {"defend": "Defend", "no-defence": "No defence", "place blank": "Blank counter"}
ROSTER_X = (12, 30, 110, 180, 212, 300, 350, 445, 555)
ROSTER_HEADS = ("#", "Gladiator", "Seat", "Hex", "Life", "Dice", "Counter", "Specials", "Status")
ROOT = {"xmlns": "http://www.w3.org/2000/svg", "class_": "ludus-board", "font_family": "sans-serif"}
ROOT |= {"role": "group", "aria_label": "Ludus Gladiatorius board"}
KEYBOARD = {"tabindex": "0", "role": "button"}
WHITE_BOLD = {"font_size": "12", "font_weight": "bold", "fill": "#fff", "text_anchor": "middle"}
LEGEND = (
    "? face-down counter · green hex: move there · dashed red ring: attack",
    "gold ring: deciding · yellow lattice: the net · shaded hex: starting hex",
)
# Text sizes in user units: the board is drawn for at least 1 unit = 1 CSS px (style.css gives
# .ludus-board a min-width of its 720 units), so none is under 11, the size a phone needs.
SMALL, TOKEN_R = "11", 22


# --- markup --------------------------------------------------------------------------------


def _circle(cx: float, cy: float, r: float, **attrs: Any) -> str:
    return el("circle", cx=num(cx), cy=num(cy), r=num(r), **attrs)


def _rect(x: float, y: float, width: float, height: float, **attrs: Any) -> str:
    return el("rect", x=num(x), y=num(y), width=num(width), height=num(height), **attrs)


def _line(x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> str:
    return el("line", x1=num(x1), y1=num(y1), x2=num(x2), y2=num(y2), **attrs)


def _clickable(notations: Sequence[str], classes: str) -> dict[str, Any]:
    """The attributes of an element standing for `notations` (joined by "|")."""
    return {"class_": f"{classes} action", "data_action": "|".join(notations)} | KEYBOARD


def _fill(seat: int | None) -> str:
    return OUT_FILL if seat is None or seat < 0 else SEAT_FILLS[seat % len(SEAT_FILLS)]


def _seat_words(seat: int | None, viewer: int | None) -> str:
    if seat is None or seat < 0:
        return "nobody"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


# --- reading the view ----------------------------------------------------------------------


def _folder(view: View) -> str:
    """The data folder the view's options name, if any (empty: the bundled data)."""
    options = view.get("options")
    return str(options.get("data", "") or "") if isinstance(options, Mapping) else ""


def _who(view: View, number: int) -> str:
    entry = next((g for g in view.get("gladiators", []) if g["number"] == number), None)
    return f"{number} {entry['name']}" if entry else f"gladiator {number}"


def _centre(arena: Arena, name: str) -> tuple[float, float]:
    col, row = arena.cells[arena.index[name]]
    return LEFT + HW * (2 * col + 1 + row % 2), TOP + R + 1.5 * R * row


def _counter_words(entry: Entry) -> str:
    """ "face down", "SA", "SA done" (an own counter already used), "blank", or "–" (none)."""
    counter: str | None = entry.get("counter")
    if counter is None or counter == "hidden":
        return "–" if counter is None else "face down"
    return counter + (" done" if entry.get("counter_usable") is False else "")


def _specials(entry: Entry) -> str:
    """Special actions left ("SA1 D0"; own gladiators), else the sheet's totals."""
    counts = entry.get("specials_left")
    if counts is None:
        counts = entry.get("specials_on_sheet", {})
    return " ".join(f"{code}{count}" for code, count in counts.items())


def _flags(entry: Entry) -> list[str]:
    if entry.get("hex") is None:
        return ["out of the arena"]
    tied = entry.get("entangled")
    flags = [flag for flag in ("attacked", "defended", "entangled") if entry.get(flag)]
    flags += [
        f"no {word}" for word in ("attack", "defence") if entry.get(f"no_{word}") and not tied
    ]
    if entry.get("carried_shields"):
        flags.append(f"+{entry['carried_shields']} shields")
    return flags


def _about(entry: Entry, viewer: int | None) -> str:
    """A gladiator's tooltip: everything the view says about it."""
    dice = " ".join(die_letter(die) for die in entry.get("dice", []))
    lines = [
        f"{entry['number']} {entry['name']}, {_seat_words(entry['owner'], viewer)}",
        f"hex {entry.get('hex') or '–'}, life {entry['life']}/{entry['max_life']}, "
        f"movement {entry['movement']}",
        f"dice {dice} (S standard, B boosted, M mighty)",
        f"counter: {_counter_words(entry)} {special_name(entry.get('counter') or '')}".strip(),
        f"kept {entry.get('face_down_counters_kept', 0)} counters unrevealed",
        f"specials {'left' if 'specials_left' in entry else 'on sheet'}: {_specials(entry)}",
        ", ".join(_flags(entry)),
    ]
    return "\n".join(line for line in lines if line)


def _split_actions(legal: Sequence[str], arena: Arena, on_map: set[int]) -> tuple[Any, Any, Any]:
    """Legal actions by hex (moves), by gladiator (attacks), and the rest (buttons)."""
    hexes: dict[str, list[str]] = {}
    targets: dict[int, list[str]] = {}
    buttons: list[str] = []
    for notation in legal:
        kind, _, rest = notation.partition(" ")
        first = rest.split(" ")[0]
        if kind == "to" and first in arena.index:
            hexes.setdefault(first, []).append(notation)
        elif kind == "attack" and first.isdigit() and int(first) in on_map:
            targets.setdefault(int(first), []).append(notation)
        else:
            buttons.append(notation)
    return hexes, targets, buttons


# --- the map -------------------------------------------------------------------------------


@cache
def _hex(folder: str, name: str, actions: tuple[str, ...]) -> str:
    """A hex of sand with its name at the top; green and clickable when the viewer may move
    there. Nothing else of the view shows on it, so each is drawn once."""
    arena = load_catalog(folder).arena
    start = next((n for n, i in arena.starts.items() if arena.names[i] == name), None)
    cx, cy = _centre(arena, name)
    angles = [math.radians(30 + 60 * k) for k in range(6)]
    points = " ".join(f"{num(cx + R * math.cos(a))},{num(cy + R * math.sin(a))}" for a in angles)
    fill = REACHABLE if actions else (START_SAND if start else SAND)
    tip = name + (f", starting hex {start}" if start else "")
    tip += "".join(f"\nmove here: {n}" for n in actions)
    parts = [
        title(tip),
        el("polygon", points=points, fill=fill, stroke="#8d7750"),
        text(cx, cy - 0.5 * R, name, font_size=SMALL, class_="hex-name"),
        text(cx, cy + 6, str(start), font_size="16", fill="#c9ad72") if start else "",
    ]
    classes = "hex" + (" start" if start else "")
    style = {"text_anchor": "middle", "fill": "#6d5a36"}
    if actions:
        return el("g", "".join(parts), **_clickable(actions, f"{classes} reachable"), **style)
    return el("g", "".join(parts), class_=classes, **style)


def _counter_disc(entry: Entry, cx: float, cy: float) -> str:
    """The counter beside a token: face down ("?") or its face, as the view has it."""
    counter = entry.get("counter")
    if counter is None:
        return ""
    if counter == "hidden":
        disc = _circle(cx, cy, 10, fill="#37474f", stroke="#fff")
        mark = text(cx, cy + 4, "?", font_size=SMALL, fill="#fff")
        return el("g", disc + mark, class_="counter counter-hidden", font_weight="bold")
    disc = _circle(cx, cy, 10, fill="#fff8e1", stroke=EDGE)
    mark = text(cx, cy + 4, "–" if counter == "blank" else counter, font_size=SMALL)
    return el("g", disc + mark, class_="counter counter-face", font_weight="bold", fill="#3e2723")


def _token(entry: Entry, arena: Arena, view: View, actions: list[str]) -> str:
    """A gladiator on its hex in its owner's colour: name, number, life and counter."""
    cx, cy = _centre(arena, entry["hex"])
    cy += 3
    number, owner = entry["number"], entry["owner"]
    active = number == view.get("active") and view.get("phase") != "over"
    tip = _about(entry, view.get("seat"))
    tip += "".join(f"\n{describe_action(n, view).plain}" for n in actions)
    ring = {"fill": "none", "stroke_width": "4", "stroke": GOLD, "class_": "active-ring"}
    target = {"fill": "none", "stroke": "#b71c1c", "stroke_dasharray": "4 3"}
    parts = [
        title(tip),
        _circle(cx, cy, TOKEN_R + 3, **ring) if active else "",
        _circle(cx, cy, TOKEN_R + 3, stroke_width="2.5", class_="target-ring", **target)
        if actions
        else "",
        _circle(
            cx,
            cy,
            TOKEN_R,
            fill=_fill(owner),
            stroke=DARK,
            stroke_width="2",
            stroke_dasharray=seat_dash(owner),
            class_=f"seat-{owner}",
        ),
        text(cx, cy - 7, entry["name"][:5], font_size=SMALL),
        text(cx, cy + 6, str(number), font_size="14", font_weight="bold"),
        text(cx, cy + 17, f"{entry['life']}/{entry['max_life']}", font_size=SMALL),
        _counter_disc(entry, cx + 24, cy - 20),
    ]
    classes = f"gladiator owner-{owner}" + (" active" if active else "")
    extra = {"data_gladiator": str(number), "text_anchor": "middle", "fill": "#fff"}
    if active:  # board.js pans a board wider than its frame to the gladiator deciding
        extra["data_focus"] = str(number)
    if actions:
        return el("g", "".join(parts), **_clickable(actions, f"{classes} target"), **extra)
    return el("g", "".join(parts), class_=classes, **extra)


def _net_marker(arena: Arena, name: str) -> str:
    """A small yellow lattice at the foot of the hex the net lies on."""
    cx, cy = _centre(arena, name)
    x, y = cx - 22, cy + 8
    parts = [title(f"the net lies on {name}"), _rect(x, y, 12, 12, fill="#fdd835")]
    for d in (4, 8):
        parts += [_line(x + d, y, x + d, y + 12), _line(x, y + d, x + 12, y + d)]
    return el("g", "".join(parts), class_="net", stroke=EDGE)


def _map(view: View, folder: str, hexes: dict[str, list[str]], targets: dict[int, Any]) -> str:
    """Hexes, the pending attack as a dashed line, the gladiators standing, the net."""
    arena = load_catalog(folder).arena
    parts = [_hex(folder, name, tuple(hexes.get(name, ()))) for name in arena.names]
    standing = {g["number"]: g for g in view.get("gladiators", []) if g.get("hex") in arena.index}
    pending = view.get("pending_attack")
    if pending and {pending["attacker"], pending["defender"]} <= set(standing):
        ends = [_centre(arena, standing[pending[key]]["hex"]) for key in ("attacker", "defender")]
        parts.append(
            _line(
                *ends[0],
                *ends[1],
                class_="attack-line",
                stroke="#b71c1c",
                stroke_width="4",
                stroke_dasharray="8 4",
            )
        )
    parts += [_token(g, arena, view, targets.get(n, [])) for n, g in standing.items()]
    net = view.get("net")
    if isinstance(net, str) and net in arena.index:
        parts.append(_net_marker(arena, net))
    return el("g", "".join(parts), class_="arena")


# --- the panel under the map ---------------------------------------------------------------


def _turn_words(view: View) -> str:
    """Whose decision it is and for which gladiator, or who won."""
    viewer = view.get("seat")
    if view.get("phase") == "over":
        winners = view.get("winners", [])
        names = " and ".join(_seat_words(seat, viewer) for seat in winners) or "nobody"
        return f"Game over: {names} {'share the win' if len(winners) > 1 else 'wins'}"
    who = _seat_words(view.get("current_player"), viewer)
    if view.get("active") is None:
        return f"{who} to decide"
    gladiator = _who(view, view["active"])
    return {
        "place": f"{who} places a face-down counter for {gladiator}",
        "act": f"{who} activates {gladiator}",
        "move": f"{who} moves {gladiator} (up to {view.get('allowance')} hexes)",
        "defend": f"{who} decides whether {gladiator} defends",
    }.get(str(view.get("phase")), f"{who} decides for {gladiator}")


def _info_words(view: View) -> str:
    """The attack waiting for a defence, where the net is, who is looking."""
    words = [f"you are seat {view['seat']}" if view.get("seat") is not None else "spectator"]
    holders = [g for g in view.get("gladiators", []) if "NA" in g.get("specials_on_sheet", {})]
    if view.get("net") != "held":
        words.insert(0, f"the net lies on {view.get('net')}")
    elif holders and holders[0].get("hex") is not None:
        words.insert(0, f"the net is held by {holders[0]['number']} {holders[0]['name']}")
    else:
        words.insert(0, "the net is not in play")
    if pending := view.get("pending_attack"):
        attack = f"{_who(view, pending['attacker'])} attacks {_who(view, pending['defender'])}"
        words.insert(0, attack + (", recovering the net" if pending.get("recover_net") else ""))
    return " · ".join(words)


def _order(view: View, y: float) -> str:
    """The order of activation as chips in the owners' colours; the current one ringed."""
    gladiators = {g["number"]: g for g in view.get("gladiators", [])}
    parts = [text(12, y + 15, "Order", text_anchor="start", fill=DARK)]
    running = view.get("phase") in ("place", "act", "move", "defend")
    for i, number in enumerate(view.get("order", [])):
        entry = gladiators.get(number)
        out = entry is None or entry.get("hex") is None
        owner = entry["owner"] if entry else None
        now = running and i == view.get("step")
        x = 60 + 34 * i
        edge = {"stroke": GOLD, "stroke_width": "3"} if now else {"stroke": DARK}
        fill = {"fill": OUT_FILL} if out else {"fill": _fill(owner), "class_": f"seat-{owner}"}
        tip = _who(view, number) + (" (out)" if out else "") + (", now" if now else "")
        chip = _rect(x, y, 28, 20, rx="4", **edge, **fill) + text(x + 14, y + 15, str(number))
        classes = "order-chip" + (" current" if now else "") + (" dead" if out else "")
        parts.append(el("g", title(tip) + chip, class_=classes))
    return el("g", "".join(parts), class_="order", **WHITE_BOLD)


def _button_label(notation: str) -> str:
    kind, _, code = notation.partition(" ")
    name = special_name(code) if kind == "place" else ""
    return name or BUTTON_WORDS.get(notation, notation)


def _buttons(notations: Sequence[str], view: View, y: float, width: float) -> tuple[str, float]:
    """The action buttons, a row at a time: the markup and the height used."""
    if not notations:
        return "", 0
    per_row = max(1, int((width - 20 + GAP) // (BUTTON_W + GAP)))
    parts = [text(12, y + 14, "Your actions", font_weight="bold", text_anchor="start")]
    for i, notation in enumerate(notations):
        x = 12 + (i % per_row) * (BUTTON_W + GAP) + BUTTON_W / 2
        top = y + 22 + (i // per_row) * (BUTTON_H + GAP)
        inner = (
            title(describe_action(notation, view).plain)
            + _rect(x - BUTTON_W / 2, top, BUTTON_W, BUTTON_H, rx="6", fill="#fffdf5", stroke=EDGE)
            + text(x, top + 16, _button_label(notation), font_weight="bold")
            + text(x, top + 32, notation, font_size=SMALL, font_family="monospace")
        )
        parts.append(el("g", inner, **_clickable([notation], "button")))
    rows = (len(notations) + per_row - 1) // per_row
    style = {"font_size": "12", "text_anchor": "middle", "fill": "#3e2723"}
    return el("g", "".join(parts), class_="buttons", **style), 22 + rows * (BUTTON_H + GAP)


# Record sheets drawn lately, by the sheet's `repr` (which writes 1, 1.0 and True apart), the
# viewer and the line: `_roster_row` reads nothing else. Cleared whole when full.
_ROWS: dict[tuple[str, int | None, float], str] = {}
ROWS_KEPT = 4096


def _roster_row(entry: Entry, viewer: int | None, y: float) -> str:
    """One record sheet on a line; its tooltip says it all in words."""
    owner, out = entry["owner"], entry.get("hex") is None
    life, most = entry["life"], entry["max_life"]
    share = life / most if most else 0
    bar = "#43a047" if share > 0.5 else "#fbc02d" if share > 0.25 else "#e53935"
    seat = {"fill": _fill(owner), "class_": f"seat-{owner}"}
    dice = " ".join(die_letter(die) for die in entry.get("dice", []))
    x = ROSTER_X
    cells = [
        _circle(x[0] + 6, y - 4, 9, **seat),
        text(x[0] + 6, y, str(entry["number"]), **{**WHITE_BOLD, "font_size": SMALL}),
        text(x[1], y, entry["name"], font_weight="bold", **seat),
        text(x[2], y, _seat_words(owner, viewer)),
        text(x[3], y, entry.get("hex") or "–"),
        _rect(x[4], y - 9, 50, 9, fill="#e0e0e0") + _rect(x[4], y - 9, 50 * share, 9, fill=bar),
        text(x[4] + 54, y, f"{life}/{most}"),
        text(x[5], y, dice),
        text(x[6], y, _counter_words(entry)),
        text(x[7], y, _specials(entry), fill=None if "specials_left" in entry else OUT_FILL),
        text(x[8], y, ", ".join(_flags(entry)), font_size=SMALL),
    ]
    classes = "sheet" + (" dead" if out else "") + (" you" if owner == viewer else "")
    opacity = "0.45" if out else None
    return el("g", title(_about(entry, viewer)) + "".join(cells), class_=classes, opacity=opacity)


def _roster(view: View, y: float) -> tuple[str, float]:
    """The record sheets under a header line: the markup and the height used."""
    heads = zip(ROSTER_X, ROSTER_HEADS, strict=True)
    parts = [text(x, y + 12, head, font_size=SMALL, fill="#616161") for x, head in heads]
    viewer, rows = view.get("seat"), _ROWS
    for i, entry in enumerate(view.get("gladiators", [])):
        # a sheet seldom changes from one version to the next: drawn again only if it did
        key = (repr(entry), viewer, y + 34 + 22 * i)
        row = rows.get(key)
        if row is None:
            if len(rows) >= ROWS_KEPT:
                rows.clear()
            row = rows[key] = _roster_row(entry, viewer, key[2])
        parts.append(row)
    height = 34 + 22 * len(view.get("gladiators", []))
    return el("g", "".join(parts), class_="roster", font_size="11", fill=DARK), height


# --- the whole board -----------------------------------------------------------------------


def render_svg(view: Mapping[str, Any], legal: Sequence[str] = ()) -> str:
    """The board as `view` shows it, as standalone SVG; `legal` (the viewer's own legal
    actions) become clickable hexes, gladiators and buttons carrying `data-action`."""
    folder = _folder(view)
    arena = load_catalog(folder).arena
    notations = [str(n) for n in legal]
    on_map = {g["number"] for g in view.get("gladiators", []) if g.get("hex") in arena.index}
    hexes, targets, buttons = _split_actions(notations, arena, on_map)
    width = max(MIN_WIDTH, 2 * LEFT + HW * (2 * arena.width + 1))
    y = TOP + R * (2 + 1.5 * (arena.height - 1)) + 28
    limit = view.get("round_limit")
    round_words = f"Round {view.get('round')}" + (f" of {limit}" if limit else "")
    round_words += f" · {PHASES.get(str(view.get('phase')), '')}"
    winners = view.get("winners") or []
    if view.get("phase") == "over":
        turn = {"fill": _fill(winners[0]) if len(winners) == 1 else DARK, "class_": "turn over"}
    else:
        turn = {"fill": _fill(view.get("current_player")), "class_": "turn"}
    parts = [
        text(12, 22, f"Ludus Gladiatorius · {arena.name}", font_size="16", font_weight="bold"),
        text(width - 12, 22, round_words, font_size="13", text_anchor="end", class_="round"),
        _map(view, folder, hexes, targets),
        text(12, y, _turn_words(view), font_size="15", font_weight="bold", **turn),
        _order(view, y + 10),
        text(12, y + 52, _info_words(view), font_size="12", class_="info"),
    ]
    y += 64
    markup, used = _buttons(buttons, view, y, width)
    parts.append(markup)
    y += used
    markup, used = _roster(view, y)
    parts.append(markup)
    y += used + 16
    for line in LEGEND:
        parts.append(text(12, y, line, font_size=SMALL, fill="#616161", class_="legend"))
        y += 16
    return el("svg", "".join(parts), viewBox=f"0 0 {num(width)} {num(y - 6)}", **ROOT)


def merge_views(views: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One view from every seat's view of a state (index = seat), for replays: each gladiator
    as its owner sees it (counter, specials left), everything else from `views[0]`; seat None."""
    if not views:
        raise ValueError("merge_views needs at least one view")
    merged = copy.deepcopy(dict(views[0]))
    merged["seat"] = None
    owned: dict[int, Entry] = {}
    for seat, seat_view in enumerate(views):
        for entry in seat_view.get("gladiators", []):
            if entry.get("owner") == seat:
                owned[entry["number"]] = entry
    merged["gladiators"] = [
        copy.deepcopy(dict(owned.get(entry["number"], entry))) for entry in merged["gladiators"]
    ]
    return merged
