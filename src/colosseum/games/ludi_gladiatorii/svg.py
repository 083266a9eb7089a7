"""The SVG board of Ludi Gladiatorii for the web client and Jupyter, drawn from a view only.

`render_svg(view, legal)` draws whose decision it is, a combat (cards revealed, totals
explained) and an auction (bids as the viewer may see them, bid buttons) in progress, the
viewer's other actions as buttons, the centre of the table (the Historiae event, buildings to
build, piles, supply), then every ludus: coins, victory points, gladiators straight or turned
(chained, champion, Public Favor), buildings with their effects in words and, for the viewer,
the combat hand. Every element standing for legal actions carries them in `data-action`,
several joined by "|"; a rival's ludus carries the attacks (and other choices) against it.
`merge_views` joins every seat's view into one showing each hand and secret bid as its owner
saw it (replays). Nothing here reads the game state: whatever is drawn comes from
`state.view(seat)` and the catalog's card words (the terminal renderer's helpers).
"""

from __future__ import annotations

import copy
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from ...cli.seats import plural
from ...core.svg import el, num, text, title
from .render_cards import (
    PHASE_WORDS,
    building_kinds,
    building_spec,
    card_short,
    event_card,
    gladiator_name,
    min_bid_of,
    start_words,
)
from .svg_parts import (
    CARD_H,
    CARD_W,
    DARK,
    GLADIATOR_H,
    GLADIATOR_W,
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
    score_words,
    seat_words,
    tip_with,
)

WIDTH = 720
PANEL_W = 350  # a ludus: two side by side
MARGIN = 8
ROOT = {"xmlns": "http://www.w3.org/2000/svg", "class_": "ludi-board", "font_family": "sans-serif"}
ROOT |= {"role": "group", "aria_label": "Ludi Gladiatorii board"}
LEGEND = (
    "C W B: combat, work, construction · ▲ straight (can act) · ▼ turned (can still defend) · "
    "★ champion · ♥ Public Favor token · ⊗ chained · gold edge: you may choose it"
)


# --- the header and the buttons ------------------------------------------------------------


def _turn_words(view: View) -> str:
    """Whose decision it is and what it is about, or who won."""
    viewer = view.get("seat")
    if view.get("phase") == "over":
        winners = view.get("winners") or []
        names = " and ".join(seat_words(seat, viewer) for seat in winners) or "nobody"
        return f"Game over: {names} {'share the win' if len(winners) > 1 else 'wins'}"
    who = seat_words(view.get("current_player"), viewer)
    phase = str(view.get("phase"))
    return f"{who} to decide: {PHASE_WORDS.get(phase, phase)}"


def _status_words(view: View) -> str:
    """The turn, a job or chain half done, start-of-turn effects still to resolve."""
    viewer = view.get("seat")
    words = [
        f"{seat_words(view.get('active'), viewer)}'s turn",
        "spectator" if viewer is None else f"you are seat {viewer}",
    ]
    if job := view.get("job"):
        words.append(
            f"{job['kind']} {building_words(str(job['building'])).split(':')[0]}: "
            f"{job['left']} construction still needed"
        )
    if chain := view.get("chain"):
        words.append(f"{gladiator_name(str(chain['gladiator']))} chains up to {chain['left']} more")
    if view.get("start_pending") and view.get("phase") in ("start", "champion"):
        words.append("to resolve: " + "; ".join(start_words(e) for e in view["start_pending"]))
    if view.get("phase") in ("auction", "offer", "bid", "decimatio", "discard"):
        words.append(f"auctions left: {view.get('auctions_left', 0)}")
    return " · ".join(words)


def _header(view: View) -> tuple[str, float]:
    current = view.get("current_player")
    winners = view.get("winners") or []
    colour = fill(winners[0] if len(winners) == 1 else current)
    status = textwrap.wrap(_status_words(view), 110)
    parts = [
        text(
            MARGIN,
            20,
            f"Ludi Gladiatorii · round {view.get('round')}",
            font_size="16",
            font_weight="bold",
        ),
        text(
            WIDTH - MARGIN,
            20,
            f"{view.get('players')} lanistae",
            font_size="12",
            text_anchor="end",
            fill=MUTED,
        ),
        text(
            MARGIN,
            42,
            _turn_words(view),
            font_size="14",
            font_weight="bold",
            fill=colour,
            class_="turn",
        ),
        *(
            text(MARGIN, 58 + 14 * i, line, font_size="11", fill=MUTED)
            for i, line in enumerate(status)
        ),
    ]
    return el("g", "".join(parts), class_="header", fill=DARK), 62 + 14 * len(status)


def _button_label(notation: str, view: View) -> str:
    words = action_words(notation, view)
    return words if words != notation else notation.replace("-", " ")


def _buttons(notations: Sequence[str], view: View, y: float, head: str) -> tuple[str, float]:
    """Buttons flowing in rows under a heading: the markup and the height used."""
    if not notations:
        return "", 0
    parts = [text(MARGIN, y + 14, head, font_size="13", font_weight="bold")]
    x: float = MARGIN
    top = y + 22
    for notation in notations:
        label = _button_label(notation, view)
        width = button_width(label)
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, top = MARGIN, top + 36
        parts.append(button(label, x, top, width, [notation], view))
        x += width + 6
    return el("g", "".join(parts), class_="buttons", fill=DARK), top + 36 - y


# --- a combat and an auction ---------------------------------------------------------------


def _combat(view: View, split: Split, y: float) -> tuple[str, float]:
    """Who fights whom, the cards revealed and both totals explained."""
    combat = view["combat"]
    viewer = view.get("seat")
    attacker = f"{seat_words(combat['attacker'], viewer)} with "
    attacker += gladiator_name(str(combat["attacking_gladiator"]))
    attacker += " (free: Trample)" if combat.get("free") else ""
    defender = "to be chosen"
    if combat.get("defender") is not None and combat["defender"] >= 0:
        defender = seat_words(combat["defender"], viewer)
        chosen = combat.get("defending_gladiator")
        defender += f" with {gladiator_name(str(chosen))}" if chosen else ", gladiator not chosen"
        defender += " (reserve)" if combat.get("reserve") else ""
    lines = [f"Attacker: {attacker}", f"Defender: {defender}"]
    scores = combat.get("scores")
    if scores is not None:
        a_score, d_score = int(scores[0]), int(scores[1])
        lines += [
            f"Attack {score_words(view, 'attack', a_score)}",
            f"Defence {score_words(view, 'defence', d_score)}",
        ]
        ahead = "attacker" if a_score >= d_score else "defender"
        lines.append(f"{ahead} ahead {a_score} – {d_score} (the attacker wins ties)")
        if (with_last := combat.get("scores_if_applied")) is not None:
            side = "attacker" if with_last[0] >= with_last[1] else "defender"
            lines.append(f"with the last card: {with_last[0]} – {with_last[1]}, {side} ahead")
    if any(combat.get("favor_left") or ()):
        left = combat["favor_left"]
        lines.append(f"Public Favor left: attacker {left[0]}, defender {left[1]}")
    if combat.get("doomed"):
        lines.append(f"{gladiator_name(str(combat['doomed']))} is beaten and will be discarded")
    parts = [rect(0, 0, WIDTH - 2 * MARGIN, 0, class_="frame")]
    parts += [text(10, 18, "Combat", font_size="14", font_weight="bold", fill="#b71c1c")]
    parts += [text(10, 36 + 16 * i, line, font_size="12") for i, line in enumerate(lines)]
    top = 30 + 16 * len(lines)
    cards = combat.get("cards") or []
    for i, shown in enumerate(cards):
        x = 10 + (i % 5) * (CARD_W + 24)
        row = top + (i // 5) * (CARD_H + 20)
        parts.append(card_tile(str(shown["card"]), x, row, [], view))
        note = "applied" if shown.get("applied") else "not applied"
        parts.append(text(x, row + CARD_H + 13, f"{i + 1}. {note}", font_size="10", fill=MUTED))
    height = top + ((len(cards) + 4) // 5) * (CARD_H + 20) + 4
    parts[0] = rect(0, 0, WIDTH - 2 * MARGIN, height, rx="6", fill="#ffebee", stroke="#b71c1c")
    box = el("g", "".join(parts), class_="combat", fill=DARK, transform=f"translate({MARGIN},{y})")
    return box, height + 10


def _bid_words(bid: Any, waiting: bool, skipped: bool) -> str:
    if bid == "made":
        return "bid made (secret)"
    if bid == "not yet":
        return "cannot bid" if skipped else ("to bid now" if waiting else "not yet")
    return "passed" if bid is None else plural(int(bid), "coin")


def _auction(view: View, split: Split, y: float) -> tuple[str, float]:
    """The gladiators revealed or the one offered, the bids so far and the bid buttons."""
    auction = view["auction"]
    viewer = view.get("seat")
    parts = [text(10, 18, "Auction", font_size="14", font_weight="bold", fill="#8d6e00")]
    offered = auction.get("offered")
    x: float  # the left of a tile or button
    if offered is None:
        for i, code in enumerate(auction.get("revealed", [])):
            x, top = 10 + (i % 4) * 170, 28 + (i // 4) * 48
            parts.append(gladiator_offer_tile(code, x, top, split.offered.get(code, []), view))
        height = 28 + ((len(auction.get("revealed", [])) + 3) // 4) * 48
        if view.get("phase") == "decimatio":
            order = ", ".join(seat_words(s, viewer) for s in auction.get("order", []))
            parts.append(text(10, height + 12, f"discarding: {order}", font_size="12"))
            height += 20
    else:
        parts.append(gladiator_offer_tile(offered, 10, 28, split.offered.get(offered, []), view))
        parts.append(
            text(170, 44, f"minimum bid {plural(min_bid_of(offered), 'coin')}", font_size="12")
        )
        bids, turn = auction.get("bids", []), int(auction.get("turn", 0))
        for i, seat in enumerate(auction.get("order", [])):
            waiting = view.get("phase") == "bid" and i == turn
            words = _bid_words(bids[seat] if seat < len(bids) else None, waiting, i < turn)
            parts.append(
                text(
                    10 + 170 * (i % 4),
                    88 + 16 * (i // 4),
                    f"{seat_words(seat, viewer)}: {words}",
                    font_size="12",
                    font_weight="bold" if waiting else None,
                    fill=fill(seat),
                )
            )
        height = 96 + 16 * ((len(auction.get("order", [])) + 3) // 4)
        x, top = 10, height
        for notation in split.bids:
            kind, _, amount = notation.partition(" ")
            label = plural(int(amount), "coin") if kind == "bid" and amount.isdigit() else "pass"
            width = button_width(label)
            if x + width > WIDTH - 2 * MARGIN - 10:
                x, top = 10, top + 36
            parts.append(button(label, x, top, width, [notation], view))
            x += width + 6
        height = top + 36 if split.bids else height
    box = rect(0, 0, WIDTH - 2 * MARGIN, height + 4, rx="6", fill="#fff8e1", stroke="#8d6e00")
    markup = el(
        "g", box + "".join(parts), class_="auction", fill=DARK, transform=f"translate({MARGIN},{y})"
    )
    return markup, height + 14


# --- the centre ----------------------------------------------------------------------------


def _building_row(
    view: View, codes: Sequence[str], split: Split, y: float, head: str
) -> tuple[str, float]:
    """Buildings to build or take as tiles, four a row; a tile carries its kind's actions."""
    parts = [text(MARGIN, y + 14, head, font_size="13", font_weight="bold")]
    kinds = building_kinds(codes)
    for i, same in enumerate(kinds):
        x, top = MARGIN + (i % 4) * 177, y + 22 + (i // 4) * 42
        actions = [n for code in same for n in split.buildings.get(code, [])]
        spec = building_spec(same[0])
        name = building_words(same[0]).split(":")[0] + (f" ×{len(same)}" if len(same) > 1 else "")
        effect = building_words(same[0]).partition(": ")[2]
        cost = "" if spec is None else ("razes" if spec.effect == "quarry" else f"{spec.cost}")
        inner = [
            title(tip_with(building_about(same[0]), actions, view)),
            frame(x, top, 171, 36, bool(actions)),
            text(x + 5, top + 15, fit(name, 140, 12), font_size="12", font_weight="bold"),
            text(x + 166, top + 15, cost, font_size="12", text_anchor="end", fill=MUTED),
            text(x + 5, top + 30, fit(effect, 160, 10), font_size="10", fill=MUTED),
        ]
        classes = "building"
        markup = "".join(inner)
        parts.append(
            el("g", markup, **clickable(actions, classes))
            if actions
            else el("g", markup, class_=classes)
        )
    height = 22 + ((len(kinds) + 3) // 4) * 42 if kinds else 30
    if not kinds:
        parts.append(text(MARGIN, y + 36, "none", font_size="11", fill=MUTED))
    return el("g", "".join(parts), class_="centre-buildings", fill=DARK), height


def _listing(names: Sequence[str]) -> str:
    shown = list(names[-6:])
    return ("…, " if len(names) > len(shown) else "") + ", ".join(shown)


def _event(centre: Mapping[str, Any], y: float) -> tuple[str, float]:
    """The Historiae event of the round in words, and the events left."""
    event = centre.get("event")
    name, words = event_card(event) if event is not None else ("none yet", "")
    lines = textwrap.wrap(f"Historiae: {name}" + (f" — {words}" if words else ""), 100)
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
    parts.append(text(MARGIN, y + 16 + 16 * len(lines), left, font_size="10", fill=MUTED))
    return el("g", "".join(parts), class_="event"), 26 + 16 * len(lines)


def _centre(view: View, split: Split, y: float) -> tuple[str, float]:
    """The event, the draft pool, the buildings to build, the piles and the supply."""
    centre = view.get("centre") or {}
    parts: list[str] = []
    top = y
    if centre.get("event") is not None or centre.get("event_pile") or centre.get("event_discard"):
        markup, used = _event(centre, top)
        parts.append(markup)
        top += used
    if view.get("draft_pool"):
        markup, used = _building_row(
            view, view["draft_pool"], split, top, "Draft: initial buildings"
        )
        parts.append(markup)
        top += used + 6
    head = "Buildings to build"
    if centre.get("building_deck"):
        head += f" ({centre['building_deck']} more face down)"
    markup, used = _building_row(view, centre.get("buildings", []), split, top, head)
    parts.append(markup)
    top += used + 6
    veterans = centre.get("veteran_discard") or []
    used_cards = centre.get("combat_discard") or []
    lines = [
        f"Novices {centre.get('novices', 0)} left · Veterans {centre.get('veteran_pile', 0)} "
        f"in the pile, {len(veterans)} discarded"
        + (f" ({_listing([gladiator_name(c) for c in veterans])})" if veterans else ""),
        f"Combat cards {centre.get('combat_pile', 0)} in the pile, {len(used_cards)} used"
        + (f" ({_listing([card_short(c) for c in used_cards])})" if used_cards else ""),
        f"Supply: {plural(centre.get('coins', 0), 'coin')}, {centre.get('points', 0)} VP"
        + (f", {centre['favor_tokens']} favor tokens" if centre.get("favor_tokens") else ""),
    ]
    for line in lines:
        for part in textwrap.wrap(line, 112):
            parts.append(text(MARGIN, top + 14, part, font_size="11", class_="pile"))
            top += 15
    return el("g", "".join(parts), class_="centre", fill=DARK), top - y + 8


# --- the ludi ------------------------------------------------------------------------------


def _ludus_head(view: View, lanista: Mapping[str, Any]) -> str:
    seat, viewer = lanista["seat"], view.get("seat")
    over = view.get("phase") == "over"
    marks = [
        "winner" if seat in (view.get("winners") or []) else "",
        "turn" if not over and view.get("active") == seat else "",
        "deciding" if not over and view.get("current_player") == seat else "",
    ]
    name = seat_words(seat, viewer) + "".join(f" · {m}" for m in marks if m)
    money = f"{plural(lanista['coins'], 'coin')} · {lanista['points']} VP"
    return (
        rect(0, 0, PANEL_W, 24, rx="6", fill=fill(seat), class_=f"seat-{seat}")
        + text(8, 17, name, font_size="13", font_weight="bold", fill="#fff")
        + text(
            PANEL_W - 8,
            17,
            money,
            font_size="13",
            font_weight="bold",
            fill="#fff",
            text_anchor="end",
            class_="money",
        )
    )


def _ludus(view: View, lanista: Mapping[str, Any], split: Split) -> tuple[str, float]:
    """One ludus drawn at (0, 0): its markup and height."""
    seat = lanista["seat"]
    gladiators = lanista.get("gladiators", [])
    room = f"Gladiators {len(gladiators)} (room for {capacity(lanista)})"
    parts = [text(8, 40, room, font_size="11", fill=MUTED)]
    for i, entry in enumerate(gladiators):
        x, y = 6 + (i % 5) * (GLADIATOR_W + 4), 46 + (i // 5) * (GLADIATOR_H + 4)
        actions = split.gladiators.get(entry["code"], [])
        parts.append(gladiator_tile(entry, x, y, seat, actions, view))
    top: float = 46 + ((len(gladiators) + 4) // 5) * (GLADIATOR_H + 4) if gladiators else 48
    parts.append(
        text(
            8,
            top + 14,
            f"Buildings {len(lanista.get('buildings', []))}",
            font_size="11",
            fill=MUTED,
        )
    )
    top += 18
    for code in lanista.get("buildings", []):
        line = building_line(code, PANEL_W - 12, split.buildings.get(code, []), view)
        parts.append(el("g", line, transform=f"translate(6,{num(top)})"))
        top += 18
    top += _hand(view, lanista, split, top, parts)
    return "".join(parts), top + 6


def _hand(
    view: View, lanista: Mapping[str, Any], split: Split, top: float, parts: list[str]
) -> float:
    """The viewer's combat hand as cards, a rival's as a count: the height used."""
    cards = lanista.get("combat_hand_cards")
    if cards is None:
        count = int(lanista.get("combat_hand", 0) or 0)
        if count:
            parts.append(
                text(
                    8,
                    top + 14,
                    f"Combat hand: {plural(count, 'card')} (hidden)",
                    font_size="11",
                    fill=MUTED,
                )
            )
            return 20
        return 0
    if not cards and not any(split.cards.values()):
        return 0
    parts.append(
        text(
            8,
            top + 14,
            "Your combat hand" + ("" if cards else ": empty"),
            font_size="11",
            font_weight="bold",
        )
    )
    for i, code in enumerate(cards):
        x, y = 6 + (i % 3) * (CARD_W + 4), top + 20 + (i // 3) * (CARD_H + 4)
        parts.append(card_tile(code, x, y, split.cards.get(code, []), view))
    return 20 + ((len(cards) + 2) // 3) * (CARD_H + 4)


def _ludi(view: View, split: Split, y: float) -> tuple[str, float]:
    """Every ludus, two a row; a ludus carries the viewer's choices against it ("target")."""
    parts: list[str] = []
    drawn = [(lanista, *_ludus(view, lanista, split)) for lanista in view.get("lanistae", [])]
    top = y
    for row in range(0, len(drawn), 2):
        pair = drawn[row : row + 2]
        height = max(used for _, _, used in pair)
        for column, (lanista, markup, _) in enumerate(pair):
            seat = lanista["seat"]
            actions = split.seats.pop(seat, [])
            edge = frame(
                0, 0, PANEL_W, height, bool(actions), fill="#fbf6ea", rx="6", weights=("3", "1")
            )
            tip = title(
                tip_with(f"the ludus of {seat_words(seat, view.get('seat'))}", actions, view)
            )
            where = f"translate({num(MARGIN + column * (PANEL_W + 4))},{num(top)})"
            inner = tip + edge + _ludus_head(view, lanista) + markup
            attrs = {"transform": where, "fill": DARK, "data_seat": str(seat)}
            if actions:
                parts.append(el("g", inner, **clickable(actions, "ludus rival"), **attrs))
            else:
                you = " you" if seat == view.get("seat") else ""
                parts.append(el("g", inner, class_=f"ludus{you}", **attrs))
        top += height + 6
    return el("g", "".join(parts), class_="ludi"), top - y


# --- the whole board -----------------------------------------------------------------------


def render_svg(view: Mapping[str, Any], legal: Sequence[str] = ()) -> str:
    """The board as `view` shows it, as standalone SVG; `legal` (the viewer's own legal
    actions) become clickable gladiators, cards, buildings, ludi and buttons (`data-action`)."""
    split = Split(view, [str(n) for n in legal])
    parts: list[str] = []
    markup, y = _header(view)
    parts.append(markup)
    if view.get("combat"):
        markup, used = _combat(view, split, y)
        parts.append(markup)
        y += used
    if view.get("auction"):
        markup, used = _auction(view, split, y)
        parts.append(markup)
        y += used
    else:
        split.buttons += split.bids
    markup, used = _buttons(split.buttons, view, y, "Your actions")
    parts.append(markup)
    y += used + (6 if used else 0)
    markup, used = _centre(view, split, y)
    parts.append(markup)
    y += used
    markup, used = _ludi(view, split, y)
    parts.append(markup)
    y += used
    # targets against a seat with no ludus drawn (none in practice) still get a button
    rest = [n for notations in split.seats.values() for n in notations]
    markup, used = _buttons(rest, view, y, "Also")
    parts.append(markup)
    y += used + 14
    for line in textwrap.wrap(LEGEND, 120):
        parts.append(text(MARGIN, y, line, font_size="10", fill=MUTED, class_="legend"))
        y += 13
    return el("svg", "".join(parts), viewBox=f"0 0 {WIDTH} {num(y + 10)}", **ROOT)


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
