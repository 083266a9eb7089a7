"""The SVG board of Ludi Gladiatorii for the web client and Jupyter, drawn from a view only.

`render_svg(view, legal)` draws whose decision it is, a combat (cards revealed, totals
explained) and an auction (bids as the viewer may see them, bid buttons) in progress, the
viewer's other actions as buttons, the centre of the table (the Historiae event, buildings to
build, piles, supply), then every ludus: coins, victory points, gladiators straight or turned
(chained, champion, Public Favor), buildings with their effects in words and, for the viewer,
the combat hand. Every element standing for legal actions carries them in `data-action`,
several joined by "|"; a rival's ludus carries the attacks (and other choices) against it.
`merge_views` joins every seat's view into one showing each hand and secret bid as its owner
saw it (replays). The board is drawn twice in one SVG: 720 units wide (ludi side by side) and
320 wide (one column, scaled up to the same width), the narrow arrangement shown instead of the
wide one by its own style's container query when the page's `.board` is narrower than 720 CSS
px (a phone), so that its text and targets keep their size. Its sentences are in
`svg_words`, its tiles and buttons in `svg_parts`. Nothing here reads the game state: whatever
is drawn comes from `state.view(seat)` and the catalog's card words (the terminal renderer's
helpers).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...core.seats import plural
from ...core.svg import el, num, text, title
from .render_cards import (
    building_kinds,
    building_spec,
    card_short,
    data_folder,
    event_card,
    gladiator_name,
    min_bid_of,
)
from .svg_parts import (
    CARD_H,
    CARD_W,
    DARK,
    GLADIATOR_H,
    GLADIATOR_W,
    LINE_H,
    MUTED,
    Split,
    View,
    action_words,
    building_about,
    building_line,
    building_words,
    button,
    button_width,
    capacity,
    card_tile,
    clickable,
    fill,
    fit,
    frame,
    gladiator_offer_tile,
    gladiator_tile,
    rect,
    seat_words,
    tip_with,
)
from .svg_words import bid_words, combat_lines, listing, status_words, turn_words, wrap

WIDE, NARROW = 720, 320  # the two arrangements drawn: a laptop's board, a phone's (chosen)
PANEL_W = 350  # a ludus: two side by side when the board is wide
MARGIN = 8
ROOT = {"xmlns": "http://www.w3.org/2000/svg", "class_": "ludi-board", "font_family": "sans-serif"}
ROOT |= {"role": "group", "aria_label": "Ludi Gladiatorii board"}
# Which arrangement shows: the wide one unless the page's board is narrower than WIDE px.
STYLE = (
    ".ludi-narrow{display:none}"
    ".board:has(> svg.ludi-board){container-type:inline-size}"
    ".board svg.ludi-board{max-height:none}"
    f"@container (max-width: {WIDE - 0.5}px){{"
    ".board svg.ludi-board{aspect-ratio:var(--ludi-narrow)}"
    "svg.ludi-board .ludi-wide{display:none}"
    "svg.ludi-board .ludi-narrow{display:inline}}"
)
LEGEND = (
    "C W B: combat, work, construction · ▲ straight (can act) · ▼ turned (can still defend) · "
    "★ champion · ♥ Public Favor token · ⊗ chained · gold edge: you may choose it"
)


# --- the header and the buttons ------------------------------------------------------------


def _header(view: View, width: float) -> tuple[str, float]:
    current = view.get("current_player")
    winners = view.get("winners") or []
    colour = fill(winners[0] if len(winners) == 1 else current)
    name = "Ludi Gladiatorii · " if width >= WIDE else ""
    turn = wrap(turn_words(view), width - 2 * MARGIN, 15)
    status = wrap(status_words(view), width - 2 * MARGIN, 12)
    parts = [
        text(MARGIN, 20, f"{name}round {view.get('round')}", font_size="16", font_weight="bold"),
        text(
            width - MARGIN,
            20,
            f"{view.get('players')} lanistae",
            font_size="12",
            text_anchor="end",
            fill=MUTED,
        ),
        *(
            text(
                MARGIN,
                42 + 18 * i,
                line,
                font_size="14",
                font_weight="bold",
                fill=colour,
                class_="turn",
            )
            for i, line in enumerate(turn)
        ),
    ]
    top = 42 + 18 * (len(turn) - 1)
    parts += [
        text(MARGIN, top + 17 + 15 * i, line, font_size="12", fill=MUTED)
        for i, line in enumerate(status)
    ]
    return el("g", "".join(parts), class_="header", fill=DARK), top + 22 + 15 * len(status)


def _button_label(notation: str, view: View) -> str:
    words = action_words(notation, view)
    return words if words != notation else notation.replace("-", " ")


def _buttons(
    notations: Sequence[str], view: View, y: float, head: str, width: float
) -> tuple[str, float]:
    """Buttons flowing in rows under a heading: the markup and the height used."""
    if not notations:
        return "", 0
    parts = [text(MARGIN, y + 14, head, font_size="13", font_weight="bold")]
    x: float = MARGIN
    top = y + 22
    for notation in notations:
        label = _button_label(notation, view)
        size = min(button_width(label), width - 2 * MARGIN)
        if x + size > width - MARGIN and x > MARGIN:
            x, top = MARGIN, top + 36
        parts.append(button(label, x, top, size, [notation], view))
        x += size + 6
    return el("g", "".join(parts), class_="buttons", fill=DARK), top + 36 - y


# --- a combat and an auction ---------------------------------------------------------------


def _combat(view: View, split: Split, y: float, width: float) -> tuple[str, float]:
    """Who fights whom, the cards revealed and both totals explained."""
    inner = width - 2 * MARGIN
    lines = [part for line in combat_lines(view) for part in wrap(line, inner - 20, 12)]
    parts = [text(10, 18, "Combat", font_size="14", font_weight="bold", fill="#b71c1c")]
    parts += [text(10, 36 + 16 * i, line, font_size="12") for i, line in enumerate(lines)]
    top = 30 + 16 * len(lines)
    cards = view["combat"].get("cards") or []
    columns = max(1, int((inner - 20 + 24) // (CARD_W + 24)))
    for i, shown in enumerate(cards):
        x = 10 + (i % columns) * (CARD_W + 24)
        row = top + (i // columns) * (CARD_H + 20)
        parts.append(card_tile(str(shown["card"]), x, row, [], view))
        note = "applied" if shown.get("applied") else "not applied"
        parts.append(text(x, row + CARD_H + 14, f"{i + 1}. {note}", font_size="12", fill=MUTED))
    height = top + ((len(cards) + columns - 1) // columns) * (CARD_H + 20) + 4
    box = rect(0, 0, inner, height, rx="6", fill="#ffebee", stroke="#b71c1c")
    markup = el(
        "g", box + "".join(parts), class_="combat", fill=DARK, transform=f"translate({MARGIN},{y})"
    )
    return markup, height + 10


def _auction(view: View, split: Split, y: float, width: float) -> tuple[str, float]:
    """The gladiators revealed or the one offered, the bids so far and the bid buttons."""
    auction = view["auction"]
    viewer = view.get("seat")
    inner = width - 2 * MARGIN
    columns = max(1, min(4, int((inner - 10) // 170)))
    parts = [text(10, 18, "Auction", font_size="14", font_weight="bold", fill="#8d6e00")]
    offered = auction.get("offered")
    x: float  # the left of a tile or button
    if offered is None:
        revealed = auction.get("revealed", [])
        for i, code in enumerate(revealed):
            x, top = 10 + (i % columns) * 170, 28 + (i // columns) * 48
            parts.append(gladiator_offer_tile(code, x, top, split.offered.get(code, []), view))
        height = 28 + ((len(revealed) + columns - 1) // columns) * 48
        if view.get("phase") == "decimatio":
            order = ", ".join(seat_words(s, viewer) for s in auction.get("order", []))
            for line in wrap(f"discarding: {order}", inner - 20, 12):
                parts.append(text(10, height + 12, line, font_size="12"))
                height += 16
            height += 4
    else:
        parts.append(gladiator_offer_tile(offered, 10, 28, split.offered.get(offered, []), view))
        minimum = f"minimum bid {plural(min_bid_of(offered), 'coin')}"
        beside = columns > 1
        parts.append(text(170 if beside else 10, 44 if beside else 86, minimum, font_size="12"))
        below = 88 if beside else 108
        bids, turn = auction.get("bids", []), int(auction.get("turn", 0))
        for i, seat in enumerate(auction.get("order", [])):
            waiting = view.get("phase") == "bid" and i == turn
            words = bid_words(bids[seat] if seat < len(bids) else None, waiting, i < turn)
            parts.append(
                text(
                    10 + 170 * (i % columns),
                    below + 16 * (i // columns),
                    f"{seat_words(seat, viewer)}: {words}",
                    font_size="12",
                    font_weight="bold" if waiting else None,
                    fill=fill(seat),
                )
            )
        height = below + 8 + 16 * ((len(auction.get("order", [])) + columns - 1) // columns)
        x, top = 10, height
        for notation in split.bids:
            kind, _, amount = notation.partition(" ")
            label = plural(int(amount), "coin") if kind == "bid" and amount.isdigit() else "pass"
            size = button_width(label)
            if x + size > inner - 10:
                x, top = 10, top + 36
            parts.append(button(label, x, top, size, [notation], view))
            x += size + 6
        height = top + 36 if split.bids else height
    box = rect(0, 0, inner, height + 4, rx="6", fill="#fff8e1", stroke="#8d6e00")
    markup = el(
        "g", box + "".join(parts), class_="auction", fill=DARK, transform=f"translate({MARGIN},{y})"
    )
    return markup, height + 14


# --- the centre ----------------------------------------------------------------------------


def _building_row(
    view: View, codes: Sequence[str], split: Split, y: float, head: str, width: float
) -> tuple[str, float]:
    """Buildings to build or take as tiles, up to four a row; a tile carries its kind's
    actions, its effect in full in its tooltip."""
    inner = width - 2 * MARGIN
    parts = [text(MARGIN, y + 14, fit(head, inner, 13), font_size="13", font_weight="bold")]
    kinds = building_kinds(codes)
    columns = max(1, min(4, int((inner + 6) // 151)))
    tile = min(171, (inner + 6) / columns - 6)
    folder = data_folder()
    for i, same in enumerate(kinds):
        x, top = MARGIN + (i % columns) * (tile + 6), y + 22 + (i // columns) * 44
        actions = [n for code in same for n in split.buildings.get(code, [])]
        if actions:
            markup = _tile(same, x, top, tile, actions, view)
            parts.append(el("g", markup, **clickable(actions, "building")))
        else:
            parts.append(_quiet_tile(folder, tuple(same), x, top, tile))
    height = 22 + ((len(kinds) + columns - 1) // columns) * 44 if kinds else 30
    if not kinds:
        parts.append(text(MARGIN, y + 36, "none", font_size="12", fill=MUTED))
    return el("g", "".join(parts), class_="centre-buildings", fill=DARK), height


def _tile(
    same: Sequence[str], x: float, top: float, tile: float, actions: Sequence[str], view: View
) -> str:
    """The inside of a tile of buildings of one kind (`_building_row`)."""
    spec = building_spec(same[0])
    name = building_words(same[0]).split(":")[0] + (f" ×{len(same)}" if len(same) > 1 else "")
    effect = building_words(same[0]).partition(": ")[2]
    cost = "" if spec is None else ("razes" if spec.effect == "quarry" else f"{spec.cost}")
    return "".join(
        [
            title(tip_with(building_about(same[0]), actions, view)),
            frame(x, top, tile, 38, bool(actions)),
            text(x + 5, top + 15, fit(name, tile - 30, 12), font_size="12", font_weight="bold"),
            text(x + tile - 5, top + 15, cost, font_size="12", text_anchor="end", fill=MUTED),
            text(x + 5, top + 31, fit(effect, tile - 10, 11), font_size="11", fill=MUTED),
        ]
    )


@lru_cache(maxsize=1024)
def _quiet_tile(folder: str, same: tuple[str, ...], x: float, top: float, tile: float) -> str:
    """A tile with no action: the same for the same buildings, place and data folder (the
    cards' words come from the folder of the board being drawn, `data_folder`), drawn once."""
    return el("g", _tile(same, x, top, tile, (), {}), class_="building")


def _event(centre: Mapping[str, Any], y: float, width: float) -> tuple[str, float]:
    """The Historiae event of the round in words, and the events left."""
    event = centre.get("event")
    name, words = event_card(event) if event is not None else ("none yet", "")
    lines = wrap(f"Historiae: {name}" + (f" — {words}" if words else ""), width - 16, 12)
    parts = [
        text(
            MARGIN,
            y + 16 + 16 * i,
            line,
            font_size="12",
            fill="#6a1b9a",
            font_weight="bold" if i == 0 else None,
        )
        for i, line in enumerate(lines)
    ]
    left = f"{centre.get('event_pile', 0)} events left in the pile"
    parts.append(text(MARGIN, y + 16 + 16 * len(lines), left, font_size="11", fill=MUTED))
    return el("g", "".join(parts), class_="event"), 26 + 16 * len(lines)


def _centre(view: View, split: Split, y: float, width: float) -> tuple[str, float]:
    """The event, the draft pool, the buildings to build, the piles and the supply."""
    centre = view.get("centre") or {}
    parts: list[str] = []
    top = y
    if centre.get("event") is not None or centre.get("event_pile") or centre.get("event_discard"):
        markup, used = _event(centre, top, width)
        parts.append(markup)
        top += used
    if view.get("draft_pool"):
        markup, used = _building_row(
            view, view["draft_pool"], split, top, "Draft: initial buildings", width
        )
        parts.append(markup)
        top += used + 6
    head = "Buildings to build"
    if centre.get("building_deck"):
        head += f" ({centre['building_deck']} more face down)"
    markup, used = _building_row(view, centre.get("buildings", []), split, top, head, width)
    parts.append(markup)
    top += used + 6
    veterans = centre.get("veteran_discard") or []
    used_cards = centre.get("combat_discard") or []
    lines = [
        f"Novices {centre.get('novices', 0)} left · Veterans {centre.get('veteran_pile', 0)} "
        f"in the pile, {len(veterans)} discarded"
        + (f" ({listing([gladiator_name(c) for c in veterans])})" if veterans else ""),
        f"Combat cards {centre.get('combat_pile', 0)} in the pile, {len(used_cards)} used"
        + (f" ({listing([card_short(c) for c in used_cards])})" if used_cards else ""),
        f"Supply: {plural(centre.get('coins', 0), 'coin')}, {centre.get('points', 0)} VP"
        + (f", {centre['favor_tokens']} favor tokens" if centre.get("favor_tokens") else ""),
    ]
    for line in lines:
        for part in wrap(line, width - 2 * MARGIN, 12):
            parts.append(text(MARGIN, top + 14, part, font_size="12", class_="pile"))
            top += 16
    return el("g", "".join(parts), class_="centre", fill=DARK), top - y + 8


# --- the ludi ------------------------------------------------------------------------------


def _ludus_head(view: View, lanista: Mapping[str, Any], width: float) -> tuple[str, float]:
    """A ludus's band in its seat's colour: who, and their coins and points; its height."""
    seat, viewer = lanista["seat"], view.get("seat")
    over = view.get("phase") == "over"
    marks = [
        "winner" if seat in (view.get("winners") or []) else "",
        "turn" if not over and view.get("active") == seat else "",
        "deciding" if not over and view.get("current_player") == seat else "",
    ]
    name = seat_words(seat, viewer) + "".join(f" · {m}" for m in marks if m)
    money = f"{plural(lanista['coins'], 'coin')} · {lanista['points']} VP"
    one_line = (len(name) + len(money)) * 13 * 0.55 + 24 <= width
    height = 24 if one_line else 42
    strong = {"font_size": "13", "font_weight": "bold", "fill": "#fff"}
    markup = (
        rect(0, 0, width, height, rx="6", fill=fill(seat), class_=f"seat-{seat}")
        + text(8, 17, name, **strong)
        + text(
            width - 8 if one_line else 8,
            17 if one_line else 35,
            money,
            text_anchor="end" if one_line else None,
            class_="money",
            **strong,
        )
    )
    return markup, height


def _ludus(view: View, lanista: Mapping[str, Any], split: Split, width: float) -> tuple[str, float]:
    """One ludus drawn at (0, 0), `width` wide: its markup and height."""
    seat = lanista["seat"]
    head, head_height = _ludus_head(view, lanista, width)
    gladiators = lanista.get("gladiators", [])
    room = f"Gladiators {len(gladiators)} (room for {capacity(lanista)})"
    top: float = head_height + 16
    parts = [head, text(8, top, room, font_size="12", fill=MUTED)]
    columns = max(1, int((width + 8) // (GLADIATOR_W + 4)))
    for i, entry in enumerate(gladiators):
        x, y = 6 + (i % columns) * (GLADIATOR_W + 4), top + 6 + (i // columns) * (GLADIATOR_H + 4)
        actions = split.gladiators.get(entry["code"], [])
        parts.append(gladiator_tile(entry, x, y, seat, actions, view))
    rows = (len(gladiators) + columns - 1) // columns
    top += 6 + rows * (GLADIATOR_H + 4) if gladiators else 8
    buildings = lanista.get("buildings", [])
    parts.append(text(8, top + 14, f"Buildings {len(buildings)}", font_size="12", fill=MUTED))
    top += 20
    for code in buildings:
        line = building_line(code, width - 12, split.buildings.get(code, []), view)
        parts.append(el("g", line, transform=f"translate(6,{num(top)})"))
        top += LINE_H + 2
    top += _hand(view, lanista, split, top, parts, width)
    return "".join(parts), top + 6


def _hand(
    view: View,
    lanista: Mapping[str, Any],
    split: Split,
    top: float,
    parts: list[str],
    width: float,
) -> float:
    """The viewer's combat hand as cards, a rival's as a count: the height used."""
    cards = lanista.get("combat_hand_cards")
    if cards is None:
        count = int(lanista.get("combat_hand", 0) or 0)
        if count:
            words = f"Combat hand: {plural(count, 'card')} (hidden)"
            parts.append(text(8, top + 14, words, font_size="12", fill=MUTED))
            return 20
        return 0
    if not cards and not any(split.cards.values()):
        return 0
    words = "Your combat hand" + ("" if cards else ": empty")
    parts.append(text(8, top + 14, words, font_size="12", font_weight="bold"))
    columns = max(1, int((width - 2) // (CARD_W + 4)))
    for i, code in enumerate(cards):
        x, y = 6 + (i % columns) * (CARD_W + 4), top + 20 + (i // columns) * (CARD_H + 4)
        parts.append(card_tile(code, x, y, split.cards.get(code, []), view))
    return 20 + ((len(cards) + columns - 1) // columns) * (CARD_H + 4)


def _ludi(view: View, split: Split, y: float, width: float) -> tuple[str, float]:
    """Every ludus, two a row when they fit; a ludus carries the viewer's choices against it
    ("target")."""
    columns = 2 if width >= 2 * PANEL_W + 4 + 2 * MARGIN else 1
    panel = PANEL_W if columns == 2 else width - 2 * MARGIN
    parts: list[str] = []
    drawn = [
        (lanista, *_ludus(view, lanista, split, panel)) for lanista in view.get("lanistae", [])
    ]
    top = y
    for row in range(0, len(drawn), columns):
        pair = drawn[row : row + columns]
        height = max(used for _, _, used in pair)
        for column, (lanista, markup, _) in enumerate(pair):
            seat = lanista["seat"]
            actions = split.seats.pop(seat, [])
            edge = frame(
                0, 0, panel, height, bool(actions), fill="#fbf6ea", rx="6", weights=("3", "1")
            )
            tip = title(
                tip_with(f"the ludus of {seat_words(seat, view.get('seat'))}", actions, view)
            )
            where = f"translate({num(MARGIN + column * (panel + 4))},{num(top)})"
            inner = tip + edge + markup
            attrs = {"transform": where, "fill": DARK, "data_seat": str(seat)}
            if actions:
                parts.append(el("g", inner, **clickable(actions, "ludus rival"), **attrs))
            else:
                you = " you" if seat == view.get("seat") else ""
                parts.append(el("g", inner, class_=f"ludus{you}", **attrs))
        top += height + 6
    return el("g", "".join(parts), class_="ludi"), top - y


# --- the whole board -----------------------------------------------------------------------


def _board(view: View, legal: Sequence[str], width: float) -> tuple[str, float]:
    """The board arranged `width` units wide: its markup and height."""
    split = Split(view, legal)
    parts: list[str] = []
    markup, y = _header(view, width)
    parts.append(markup)
    if view.get("combat"):
        markup, used = _combat(view, split, y, width)
        parts.append(markup)
        y += used
    if view.get("auction"):
        markup, used = _auction(view, split, y, width)
        parts.append(markup)
        y += used
    else:
        split.buttons += split.bids
    markup, used = _buttons(split.buttons, view, y, "Your actions", width)
    parts.append(markup)
    y += used + (6 if used else 0)
    markup, used = _centre(view, split, y, width)
    parts.append(markup)
    y += used
    markup, used = _ludi(view, split, y, width)
    parts.append(markup)
    y += used
    # targets against a seat with no ludus drawn (none in practice) still get a button
    rest = [n for notations in split.seats.values() for n in notations]
    markup, used = _buttons(rest, view, y, "Also", width)
    parts.append(markup)
    y += used + 14
    for line in wrap(LEGEND, width - 2 * MARGIN, 12):
        parts.append(text(MARGIN, y, line, font_size="12", fill=MUTED, class_="legend"))
        y += 15
    return "".join(parts), y + 6


def render_svg(view: Mapping[str, Any], legal: Sequence[str] = ()) -> str:
    """The board as `view` shows it, as standalone SVG; `legal` (the viewer's own legal
    actions) become clickable gladiators, cards, buildings, ludi and buttons (`data-action`).

    Two arrangements are drawn: `WIDE` units wide (ludi side by side, shown by default and
    scaled to the board's width) and `NARROW` (one column, scaled up to the same width so
    that its text stays legible), shown instead when the page's `.board` is narrower than
    `WIDE` CSS px (`STYLE`'s container query)."""
    notations = [str(n) for n in legal]
    wide, wide_height = _board(view, notations, WIDE)
    narrow, narrow_height = _board(view, notations, NARROW)
    scale = WIDE / NARROW
    # the narrow arrangement is taller (meet) or, rarely, shorter (slice) than the viewBox
    fit_to = "meet" if narrow_height * scale >= wide_height else "slice"
    content = (
        el("style", STYLE)
        + el("g", wide, class_="ludi-wide")
        + el("g", narrow, class_="ludi-narrow", transform=f"scale({num(round(scale, 4))})")
    )
    return el(
        "svg",
        content,
        viewBox=f"0 0 {WIDE} {num(wide_height)}",
        preserveAspectRatio=f"xMinYMin {fit_to}",
        style=f"--ludi-narrow: {NARROW} / {num(narrow_height)}",
        **ROOT,
    )


def merge_views(views: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One view from every seat's view of a state (index = seat), for replays: each combat hand
    and each secret bid as its owner saw it, everything else from `views[0]`; seat None."""
    if not views:
        raise ValueError("merge_views needs at least one view")
    merged = copy.deepcopy(dict(views[0]))
    merged["seat"] = None
    for seat, seat_view in enumerate(views):
        lanistae = seat_view.get("lanistae", [])
        if seat < len(lanistae) and seat < len(merged.get("lanistae", [])):
            own = lanistae[seat]
            if "combat_hand_cards" in own:
                merged["lanistae"][seat]["combat_hand_cards"] = list(own["combat_hand_cards"])
        auction = seat_view.get("auction")
        if auction and merged.get("auction") and seat < len(auction.get("bids", [])):
            merged["auction"]["bids"][seat] = auction["bids"][seat]
    return merged
