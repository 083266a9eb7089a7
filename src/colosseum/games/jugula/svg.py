"""The SVG board of Jugula for the web client, drawn from a view only.

`render_svg(view, legal)` draws the 8×8 arena (rank 8 at the top, files a to h left to right,
as the notation names the squares) with each gladiator in his lanista's colour, a wedge for his
facing, `*` when wounded and a cyan count of the Hindrance markers he holds; hovering or
selecting a gladiator shows his front zone (orange) and danger zone (red). Beside the arena a
box per lanista (`svg_lanistae`: selecting it shows his cards over the arena). Under the
arena: whose decision it is, the attack in progress, the gladiators still to deploy, the
viewer's hand as cards, the other choices as buttons, and the key in a tooltip. The board is
narrow (`WIDTH`) with large text (`FONT`): legible on a phone, and kept within the screen's
height on a laptop (`STYLE`). Every element standing for legal actions carries them in
`data-action`, several joined by "|"; a gladiator to deploy carries `data-select`, and the
squares it may take `data-for` (shown only while it is selected: `board.js`). `merge_views`
joins every seat's view for a replay. Nothing here reads the game state: whatever is drawn
comes from `state.view(seat)`, the names from the catalog.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from ...core.svg import el, num, seat_dash, text, title
from .board import geometry
from .render import DECISION_WORDS
from .render_names import FACINGS, abbreviation
from .svg_lanistae import lanistae
from .svg_parts import (
    DARK,
    FONT,
    GOLD,
    HEAD,
    MUTED,
    WIDTH,
    Entry,
    View,
    bench,
    buttons,
    card_name,
    circle,
    clickable,
    fill,
    fit,
    gladiator_about,
    hand,
    rect,
    seat_words,
    words,
    wrap,
)

S = 44  # a square's side: 34 CSS px on a phone
X0, Y0 = 24, 46  # the arena's top left corner
LIGHT, DARK_SAND, REACH = "#efe0bb", "#e0c998", "#a5d6a7"
FRONT, DANGER = "#ffb74d", "#e53935"
WEDGES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
ON_SQUARE = ("push",)
ON_TOKEN = ("face", "move", "shake", "heal", "execute", "dementia", "impetus")
ON_CARD = ("play", "discard", "bid", "card")
# Within the screen's height on a wide screen (the board is narrower than tall); a phone
# scrolls the page instead of shrinking the board.
STYLE = (
    ".jugula-board .for-hidden{display:none}"
    "@media (min-width:600px){.board svg.jugula-board{max-height:max(32rem,calc(100vh - 3rem))}}"
)
ROOT = {"xmlns": "http://www.w3.org/2000/svg", "class_": "jugula-board"}
ROOT |= {"font_family": "sans-serif", "role": "group", "aria_label": "Jugula board"}
LEGEND = (
    "Key: wedge: facing · * wounded · cyan: Hindrance markers held",
    "green: a choice · gold ring: to designate · dashed red ring: a target",
    "point at or select a gladiator: his front zone (orange) and danger zone (red)",
    "a lanista's box: select it for his cards",
)


@dataclass
class Choices:
    """The viewer's legal actions by where the board shows them."""

    squares: dict[str, list[str]] = field(default_factory=dict)  # empty squares
    deploys: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # armatura: squares
    tokens: dict[str, list[str]] = field(default_factory=dict)  # a gladiator's square
    cards: dict[str, list[str]] = field(default_factory=dict)  # a card in hand
    buttons: list[str] = field(default_factory=list)


def _split(view: View, legal: Sequence[str]) -> Choices:
    """Each legal action to the square, gladiator, card or button standing for it."""
    occupied = {g["square"] for g in view.get("gladiators", []) if g.get("square")}
    own = _own(view)
    in_hand = set(own.get("hand", [])) if own else set()
    found = Choices()
    for notation in legal:
        kind, *args = notation.split() or [""]
        if kind == "deploy" and len(args) > 2:
            found.deploys.setdefault(args[0], {}).setdefault(args[1], []).append(notation)
        elif kind in ("to", *ON_SQUARE) and args:
            spot = found.tokens if args[0] in occupied else found.squares
            spot.setdefault(args[0], []).append(notation)
        elif kind in ("attack", "hinder") and len(args) > 1 and args[1] in occupied:
            found.tokens.setdefault(args[1], []).append(notation)
        elif kind in ON_TOKEN and args and args[0] in occupied:
            found.tokens.setdefault(args[0], []).append(notation)
        elif kind in ON_CARD and args and args[0] in in_hand:
            found.cards.setdefault(args[0], []).append(notation)
        else:
            found.buttons.append(notation)
    if len(found.deploys) == 1:  # a single armatura: his squares take the clicks directly
        for square, notations in next(iter(found.deploys.values())).items():
            found.squares.setdefault(square, []).extend(notations)
        found.deploys = {}
    return found


def _own(view: View) -> Entry | None:
    seat, lanistae = view.get("seat"), view.get("lanistae", [])
    return lanistae[seat] if isinstance(seat, int) and 0 <= seat < len(lanistae) else None


# --- the arena ---------------------------------------------------------------------------------


def _size(view: View) -> tuple[int, int]:
    return int(view.get("width", 8)), int(view.get("height", 8))


def _corner(view: View, square: str) -> tuple[float, float] | None:
    """The top left corner of a square ("d4"), None if it is not on the arena."""
    return _corner_of(*_size(view), square)


@lru_cache(maxsize=4096)
def _corner_of(width: int, height: int, square: str) -> tuple[float, float] | None:
    """`_corner` on an arena of `width` × `height` squares."""
    if len(square) < 2 or not square[1:].isdigit():
        return None
    file, rank = ord(square[0]) - ord("a"), int(square[1:]) - 1
    if not (0 <= file < width and 0 <= rank < height):
        return None
    return X0 + file * S, Y0 + (height - 1 - rank) * S


def _square(
    view: View, square: str, shade: str, actions: Sequence[str], more: str = "", **extra: Any
) -> str:
    """A square of sand, green and clickable when it stands for legal actions."""
    x, y = _corner(view, square) or (0, 0)
    tip = square + "".join(f"\n· {words(n, view)}" for n in actions)
    inner = title(tip) + rect(x, y, S, S, fill=REACH if actions else shade, stroke="#b89a68")
    if actions:
        return el("g", inner, **clickable(actions, f"square reachable{more}"), **extra)
    return el("g", inner, class_="square")


@cache
def _plain_grid(width: int, height: int) -> str:
    """Every square, with the file letters and rank numbers around the arena (drawn once)."""
    view = {"width": width, "height": height}
    parts = []
    for rank in range(height, 0, -1):
        for file in range(width):
            name = f"{chr(ord('a') + file)}{rank}"
            parts.append(_square(view, name, LIGHT if (file + rank) % 2 else DARK_SAND, ()))
    label = {"font_size": str(FONT), "fill": MUTED, "text_anchor": "middle"}
    for file in range(width):
        letter, x = chr(ord("a") + file), X0 + file * S + S / 2
        parts.append(text(x, Y0 - 7, letter, **label))
    for rank in range(height, 0, -1):
        y = Y0 + (height - rank) * S + S / 2 + 5
        parts.append(text(X0 - 12, y, str(rank), **label))
    return el("g", "".join(parts), class_="grid")


def _grid(view: View, squares: Mapping[str, list[str]]) -> str:
    """The arena's squares, those standing for legal actions green on top."""
    parts = [_plain_grid(*_size(view))]
    parts += [_square(view, name, LIGHT, notations) for name, notations in squares.items()]
    return "".join(parts)


def _deploy_squares(view: View, deploys: Mapping[str, Mapping[str, list[str]]]) -> dict[str, str]:
    """Per armatura to deploy, the squares he may take: shown while he is selected."""
    found = {}
    for code, squares in deploys.items():
        extra = {"data_for": f"d{code}"}
        found[code] = "".join(
            _square(view, square, LIGHT, notations, " for-hidden", **extra)
            for square, notations in squares.items()
        )
    return found


def _zones(view: View) -> str:
    """Each gladiator's front zone and danger zone, shown while he is pointed at or selected."""
    width, height = _size(view)
    names = geometry(width, height).names
    parts = []
    for entry in view.get("gladiators", []):
        square, facing = entry.get("square"), entry.get("facing")
        if not square or facing not in WEDGES or square not in names:
            continue
        parts.append(_zone(width, height, square, facing, entry["id"]))
    return "".join(parts)


@lru_cache(maxsize=4096)
def _zone(width: int, height: int, square: str, facing: str, gladiator: int) -> str:
    """The zones of gladiator `gladiator` standing on `square` facing `facing` (`_zones`):
    the same markup whenever he stands so, drawn once."""
    geo = geometry(width, height)
    index, turn = geo.names.index(square), FACINGS.index(facing)
    danger = geo.danger[index][turn]
    marks = []
    for target in geo.front[index][turn]:
        x, y = _corner_of(width, height, geo.names[target]) or (0, 0)
        colour = DANGER if target == danger else FRONT
        marks.append(
            rect(
                x + 3,
                y + 3,
                S - 6,
                S - 6,
                fill=colour,
                fill_opacity="0.45",
                stroke=colour,
                stroke_width="2",
            )
        )
    return el(
        "g",
        "".join(marks),
        class_="zone for-hidden",
        data_for=f"g{gladiator}",
        pointer_events="none",
    )


def _token(view: View, entry: Entry, actions: Sequence[str]) -> str:
    """A gladiator: his colour, two letters, a wedge for his facing, wounds and markers."""
    x, y = _corner(view, entry["square"]) or (0, 0)
    cx, cy = x + S / 2, y + S / 2
    seat = entry.get("seat")
    dx, dy = WEDGES.get(entry.get("facing") or "", (0, 0))
    tip = gladiator_about(entry, view.get("seat")) + "".join(
        f"\n· {words(n, view)}" for n in actions
    )
    targeted = any(n.split()[0] in ("attack", "hinder", "execute", "dementia") for n in actions)
    ring = {"fill": "none", "stroke_width": "3"}
    ring |= {"stroke": "#b71c1c", "stroke_dasharray": "5 3"} if targeted else {"stroke": GOLD}
    tip_x, tip_y = cx + dx * 22, cy + dy * 22
    side_x, side_y = -dy * 8, dx * 8
    wedge = (
        f"{num(tip_x)},{num(tip_y)} {num(cx + dx * 13 + side_x)},{num(cy + dy * 13 + side_y)}"
        f" {num(cx + dx * 13 - side_x)},{num(cy + dy * 13 - side_y)}"
    )
    parts = [
        title(tip),
        # the whole square takes the pointer: a target as large as the square
        rect(x + 1, y + 1, S - 2, S - 2, fill="#fff", fill_opacity="0", class_="hit"),
        circle(cx, cy, 20, **ring) if actions else "",
        el("polygon", points=wedge, fill=DARK, class_="facing") if dx or dy else "",
        circle(
            cx,
            cy,
            15,
            fill=fill(seat),
            stroke=DARK,
            stroke_width="2",
            stroke_dasharray=seat_dash(seat),
            class_=f"seat-{seat}",
        ),
        text(cx, cy + 5, abbreviation(entry.get("armatura")), font_size=str(FONT)),
    ]
    if entry.get("wounded"):
        parts.append(circle(x + 9, y + 9, 8, fill="#fdd835", stroke=DARK, class_="wound"))
        parts.append(text(x + 9, y + 17, "*", font_size=str(FONT), fill=DARK))
    if entry.get("markers_held"):
        parts.append(
            rect(x + S - 18, y + S - 19, 17, 18, fill="#26c6da", stroke=DARK, class_="hindrance")
        )
        parts.append(text(x + S - 9.5, y + S - 5, str(entry["markers_held"]), fill=DARK))
    attrs = {"data_select": f"g{entry['id']}", "text_anchor": "middle", "fill": "#fff"}
    attrs |= {"font_size": str(FONT), "font_weight": "bold"}
    if actions:
        return el("g", "".join(parts), **clickable(actions, "gladiator"), **attrs)
    return el(
        "g", "".join(parts), class_="gladiator selectable", **attrs, tabindex="0", role="button"
    )


def _arena(view: View, found: Choices) -> str:
    standing = [g for g in view.get("gladiators", []) if g.get("square") and g.get("armatura")]
    parts = [_grid(view, found.squares), _zones(view)]
    parts += [_token(view, g, found.tokens.get(g["square"], [])) for g in standing]
    return el("g", "".join(parts), class_="arena")


# --- the lines under the arena -----------------------------------------------------------------


def _decision_words(view: View) -> str:
    viewer = view.get("seat")
    if view.get("over"):
        winners = view.get("winners", [])
        names = " and ".join(seat_words(s, viewer) for s in winners) or "nobody"
        return f"Game over: {names} {'wins' if len(winners) == 1 else 'share the win'}"
    decision = str(view.get("decision"))
    return f"{seat_words(view.get('current_player'), viewer)}: " + DECISION_WORDS.get(
        decision, decision.replace("_", " ")
    )


def _glad_words(view: View, gid: Any) -> str:
    entry = next((g for g in view.get("gladiators", []) if g.get("id") == gid), None)
    if entry is None:
        return "a gladiator"
    where = f" on {entry['square']}" if entry.get("square") else ""
    return f"{seat_words(entry['seat'], view.get('seat'))}'s {entry.get('name')}{where}"


def _fight_card(value: Any) -> str:
    if value is None:
        return "not committed yet"
    if value in ("deck", "face down"):
        return "the top of the deck, unseen" if value == "deck" else "face down"
    return card_name(str(value))


def _fight_lines(view: View) -> list[str]:
    fight = view.get("fight")
    if not fight:
        return []
    kind = "Hindrance attack" if fight.get("hinder") else "Attack"
    head = (
        f"{kind}: {_glad_words(view, fight['attacker'])} → {_glad_words(view, fight['defender'])}"
    )
    head += f" (+{fight['bonus']} ATT)" if fight.get("bonus") else ""
    cards = f"attack card: {_fight_card(fight.get('attacker_card'))} · defence card: "
    return [head, cards + _fight_card(fight.get("defender_card"))]


def _status(view: View, y: float) -> tuple[str, float]:
    """The turn above the arena; under it, whose decision it is and what about, then the
    attack in progress: the markup and the height used under the arena."""
    turn = f"Turn {view.get('turn')} · round {view.get('round')}"
    turn += " · SUDDEN DEATH" if view.get("sudden_death") else ""
    viewer = view.get("seat")
    who = "spectator" if viewer is None else f"you are seat {viewer}"
    deciding = view.get("winners", [None])[0] if view.get("over") else view.get("current_player")
    parts = [
        text(12, 20, turn, font_weight="bold", fill=DARK),
        text(WIDTH - 12, 20, who, text_anchor="end", fill=MUTED),
    ]
    line = _decision_words(view)
    shown = wrap(line, WIDTH - 24, HEAD, lines=2)
    parts.append(
        el(
            "g",
            title(line)
            + "".join(
                text(12, y + 18 + 20 * i, part, font_size=str(HEAD), font_weight="bold")
                for i, part in enumerate(shown)
            ),
            class_="turn",
            fill=fill(deciding),
        )
    )
    used = 8 + 20 * len(shown)
    for words_ in _fight_lines(view):
        shown = wrap(words_, WIDTH - 24, lines=2)
        parts.append(
            el(
                "g",
                title(words_)
                + "".join(text(12, y + used + 16 + 19 * i, part) for i, part in enumerate(shown)),
                class_="fight",
                fill="#b71c1c",
            )
        )
        used += 19 * len(shown)
    return el("g", "".join(parts), class_="status", font_size=str(FONT)), used + 6


# --- the whole board ---------------------------------------------------------------------------


def render_svg(view: Mapping[str, Any], legal: Sequence[str] = ()) -> str:
    """The board as `view` shows it, as standalone SVG; `legal` (the viewer's own legal
    actions) become clickable squares, gladiators, cards and buttons carrying `data-action`."""
    found = _split(view, [str(n) for n in legal])
    width, height = _size(view)
    right = X0 + width * S + 6
    boxes, details = lanistae(view, right, Y0, WIDTH - right - 4, height * S + 8)
    parts = [el("style", STYLE), _arena(view, found), boxes]
    y: float = Y0 + height * S + 10
    markup, used = _status(view, y)
    parts.append(markup)
    y += used
    codes = list(found.deploys)
    # The squares of a gladiator to deploy follow him in the markup: the keyboard reaches
    # them once he is selected (they are drawn on empty squares, so on top hides nothing).
    squares = _deploy_squares(view, found.deploys)
    markup, used = bench(codes, view.get("seat"), y, select=True, after=squares)
    parts.append(markup)
    y += used
    own = _own(view)
    if own is not None and own.get("hand") is not None:
        markup, used = hand(own["hand"], found.cards, view, y)
        parts.append(markup)
        y += used
    markup, used = buttons(found.buttons, view, y)
    parts.append(markup)
    y += used
    key = fit(LEGEND[0] + " (more: point here)", WIDTH - 24)
    parts.append(
        el("g", title("\n".join(LEGEND)) + text(12, y + 18, key), class_="legend", fill=MUTED)
    )
    parts.append(details)  # last: over the arena while a lanista is selected
    box = f"0 0 {WIDTH} {num(y + 28)}"
    return el("svg", "".join(parts), viewBox=box, font_size=str(FONT), **ROOT)


def merge_views(views: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One view from every seat's view of a state (index = seat), for replays: each lanista's
    cards as he saw them (hand, known deck top, round card), the attack's cards from whoever saw
    them, everything else from `views[0]`; seat None."""
    if not views:
        raise ValueError("merge_views needs at least one view")
    merged = copy.deepcopy(dict(views[0]))
    merged["seat"] = None
    merged["lanistae"] = [
        copy.deepcopy(dict(views[seat]["lanistae"][seat])) if seat < len(views) else dict(entry)
        for seat, entry in enumerate(merged.get("lanistae", []))
    ]
    fight = merged.get("fight")
    if fight:
        for key in ("attacker_card", "defender_card"):
            seen = [v["fight"].get(key) for v in views if v.get("fight")]
            fight[key] = next((c for c in seen if c != "face down"), fight.get(key))
    return merged
