"""Terminal rendering of Ludi Gladiatorii with Rich, from a seat's view only.

`render_view` draws the centre of the table (buildings to build, piles, the Historiae event,
the supplies), one panel per lanista (coins, victory points against the target, gladiators
straight ▲ or turned ▼ with their values, abilities and tokens, buildings with a short effect,
the viewer's own combat hand), then a combat or an auction in progress and the decision
pending. `describe_event` and `describe_action` (in `render_words`) put events and actions
into words; `render_cards` holds the words for the cards that both share.
Nothing here reads the game state: whatever is drawn comes from `state.view(seat)`, and the
names and texts of the cards from the catalog (`load_catalog`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.seats import plural, seat_style, seat_text
from .render_cards import (
    ABILITY_WORDS,
    DISCARDS_SHOWN,
    LABEL_STYLE,
    PHASE_WORDS,
    POINT_BAR_LIMIT,
    SIDE_BY_SIDE_WIDTH,
    STRAIGHT,
    STRAIGHT_STYLE,
    TURNED,
    TURNED_STYLE,
    View,
    building_effect,
    building_kinds,
    building_name,
    building_spec,
    building_text,
    card_number,
    card_short,
    card_text,
    catalog,
    effects_of,
    entry_benefits,
    event_card,
    gladiator_name,
    gladiator_text,
    min_bid_of,
    start_words,
    stats_words,
    use_data,
)
from .render_words import action_order, describe_action, describe_event

__all__ = ["action_order", "combat_scores", "describe_action", "describe_event", "render_view"]


def _flags(entry: Mapping[str, Any]) -> Text:
    flags = [
        (entry.get("champion"), "champion", "bold magenta"),
        (entry.get("chained"), "chained", "bold red"),
        (entry.get("favor"), "Public Favor", "yellow"),
        (entry.get("trample_ready"), "Trample ready", "bold cyan"),
    ]
    return Text(", ").join(Text(label, style=style) for on, label, style in flags if on)


def _gladiator_table(lanista: Mapping[str, Any]) -> Table | Text:
    seat = lanista["seat"]
    if not lanista["gladiators"]:
        return Text("no gladiators", style="dim italic")
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("", no_wrap=True)
    table.add_column("Gladiator", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("Cmb", justify="right")
    table.add_column("Wrk", justify="right")
    table.add_column("Bld", justify="right")
    table.add_column("Ability", no_wrap=True)
    table.add_column("Status", min_width=7)
    for entry in lanista["gladiators"]:
        turned = entry["turned"]
        mark = Text(TURNED, style=TURNED_STYLE) if turned else Text(STRAIGHT, style=STRAIGHT_STYLE)
        name = Text(entry["name"], style=f"bold {seat_style(seat)}")
        number = card_number(entry["code"], entry["name"])
        if number:
            name.append(f" {number}")
        table.add_row(
            mark,
            name,
            Text("vet" if entry["veteran"] else "nov", style="" if entry["veteran"] else "dim"),
            str(entry["combat"]),
            str(entry["work"]),
            str(entry["construction"]),
            ABILITY_WORDS.get(entry["ability"], entry["ability"]),
            _flags(entry),
            style=TURNED_STYLE if turned else None,
        )
    return table


# --- the lanistae -------------------------------------------------------------------------------


def _points_text(points: int, target: int) -> Text:
    text = Text()
    if target <= POINT_BAR_LIMIT:
        text.append("■" * min(points, target), style="yellow")
        text.append("□" * max(0, target - points), style="grey37")
        text.append(" ")
    text.append(f"{points}/{target} VP", style="bold yellow")
    return text


def _capacity(lanista: Mapping[str, Any]) -> int:
    """Gladiators a lanista may keep: one per building, two for a barracks."""
    total = 0
    for code in lanista["buildings"]:
        spec = building_spec(code)
        total += 2 if spec is not None and spec.effect == "barracks" else 1
    return total


def _buildings_grid(lanista: Mapping[str, Any]) -> Table | Text:
    if not lanista["buildings"]:
        return Text("no buildings", style="dim italic")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim")
    for code in lanista["buildings"]:
        spec = building_spec(code)
        grid.add_row(building_text(code), building_effect(spec) if spec else "")
    return grid


def _hand_text(lanista: Mapping[str, Any], decision: bool) -> Text | None:
    cards = lanista.get("combat_hand_cards")
    if cards is not None and (cards or decision):
        text = Text("Your combat hand: ", style=LABEL_STYLE)
        if not cards:
            text.append("empty", style="dim")
        for i, code in enumerate(cards):
            if i:
                text.append(" · ")
            text.append_text(card_text(code))
            text.append(f" {code}", style="dim")
        return text
    return None


class _SideBySide:
    """Two renderables side by side (the left one as wide as it wants) in a wide terminal, one
    above the other in a narrow one."""

    def __init__(self, left: RenderableType, right: RenderableType, width: int) -> None:
        self.left, self.right, self.width = left, right, width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.width:
            yield self.left
            yield self.right
            return
        gap = 3
        right = Measurement.get(console, options, self.right)
        room = options.max_width - gap - min(right.maximum, max(right.minimum, 30))
        left = Measurement.get(console, options, self.left)
        grid = Table.grid(padding=(0, gap))
        grid.add_column(width=max(left.minimum, min(left.maximum, room)))
        grid.add_column()
        grid.add_row(self.left, self.right)
        yield grid


def lanista_panel(view: View, lanista: Mapping[str, Any], target: int, decision: bool) -> Panel:
    """One lanista: coins, points, room, hand, gladiators and buildings."""
    seat = lanista["seat"]
    viewer = view.get("seat")
    over = view.get("phase") == "over"
    title = seat_text(seat, viewer)
    if not over and view.get("active") == seat:
        title.append(" · active", style="bold")
    if not over and view.get("current_player") == seat:
        title.append(" · deciding", style="bold reverse")
    if seat in view.get("winners", []):
        title.append(" · winner", style="bold yellow")
    head = Text()
    head.append("Coins ", style=LABEL_STYLE)
    head.append(str(lanista["coins"]), style="bold")
    head.append("   ")
    head.append_text(_points_text(lanista["points"], target))
    head.append("   ")
    head.append("Gladiators ", style=LABEL_STYLE)
    head.append(f"{len(lanista['gladiators'])} (room for {_capacity(lanista)})")
    head.append("   ")
    head.append("Buildings ", style=LABEL_STYLE)
    head.append(f"{len(lanista['buildings'])}/{catalog().rules.max_buildings}")
    if decision and "combat_hand_cards" not in lanista:
        head.append("   ")
        head.append("Combat hand ", style=LABEL_STYLE)
        head.append(plural(lanista.get("combat_hand", 0), "card"))
    parts: list[RenderableType] = [
        head,
        _SideBySide(_gladiator_table(lanista), _buildings_grid(lanista), SIDE_BY_SIDE_WIDTH - 4),
    ]
    hand = _hand_text(lanista, decision)
    if hand is not None:
        parts.append(hand)
    return Panel(
        Group(*parts),
        title=title,
        title_align="left",
        border_style=seat_style(seat),
        padding=(0, 1),
    )


# --- the centre ---------------------------------------------------------------------------------


def _buildings_table(codes: Sequence[str], title: str) -> Table:
    """Buildings of the centre, one row per kind (same name, same numbers)."""
    table = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("Building (entry)", no_wrap=True)
    table.add_column("Cost", justify="right")
    table.add_column("Demolish", justify="right")
    table.add_column("Effect", style="dim")
    for same in building_kinds(codes):
        spec = building_spec(same[0])
        name = Text(building_name(same[0]), style="bold")
        if len(same) > 1:
            name.append(f" ×{len(same)}")
        if spec is None:
            table.add_row(name, "", "", "")
            continue
        if entry_benefits(spec):
            name.append(f" {entry_benefits(spec)}", style="yellow")
        table.add_row(
            name,
            str(spec.cost) if spec.effect != "quarry" else "razes",
            "–" if spec.points else str(spec.demolition),
            building_effect(spec),
        )
    if not codes:
        table.add_row(Text("none", style="dim"), "", "", "")
    return table


def _listing(count: int, names: Sequence[str]) -> Text:
    text = Text(str(count))
    if names:
        shown = list(names[-DISCARDS_SHOWN:])
        more = "…, " if len(names) > len(shown) else ""
        text.append(f": {more}{', '.join(shown)}", style="dim")
    return text


def centre_grid(view: View, options: Mapping[str, Any]) -> Table:
    """Novices, veterans, combat cards, the event, the supplies."""
    centre = view["centre"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    grid.add_row("Novices", f"{centre['novices']} left")
    grid.add_row("Veterans", f"{centre['veteran_pile']} in the pile")
    grid.add_row(
        "  discarded",
        _listing(
            len(centre["veteran_discard"]),
            [gladiator_name(c) for c in centre["veteran_discard"]],
        ),
    )
    grid.add_row("Combat cards", f"{centre['combat_pile']} in the pile")
    grid.add_row(
        "  discarded",
        _listing(
            len(centre["combat_discard"]),
            [card_short(c) for c in centre["combat_discard"]],
        ),
    )
    if options.get("historiae") or centre.get("event") is not None:
        event = centre.get("event")
        if event is None:
            grid.add_row("Event", Text("none yet", style="dim"))
        else:
            name, words = event_card(event)
            text = Text(name, style="bold magenta")
            if words:
                text.append(f": {words}")
            grid.add_row("Event", text)
        grid.add_row("", Text(f"{centre['event_pile']} events left in the pile", style="dim"))
    supply = Text(f"{plural(centre['coins'], 'coin')} · {centre['points']} VP")
    if options.get("public_favor"):
        supply.append(f" · {centre['favor_tokens']} favor")
    grid.add_row("Supply", supply)
    return grid


def centre_section(view: View, options: Mapping[str, Any]) -> RenderableType:
    centre = view["centre"]
    title = "Buildings to build"
    if centre.get("building_deck"):
        title += f" ({centre['building_deck']} more face down)"
    parts: list[RenderableType] = []
    if view.get("draft_pool"):
        parts.append(_buildings_table(view["draft_pool"], "Draft: initial buildings to take"))
    parts.append(
        _SideBySide(
            _buildings_table(centre["buildings"], title),
            centre_grid(view, options),
            SIDE_BY_SIDE_WIDTH,
        )
    )
    return Group(*parts)


# --- a combat, an auction, the decision -------------------------------------------------------


def combat_scores(view: View, apply_last: bool = False) -> tuple[int, int] | None:
    """Both combat skills as the engine counts them (Combat 5); with `apply_last`, as if the
    Public Favor card in question were applied."""
    combat = view.get("combat")
    if not combat:
        return None
    scores = combat.get("scores_if_applied") if apply_last else combat.get("scores")
    return None if scores is None else (int(scores[0]), int(scores[1]))


def combat_panel(view: View, options: Mapping[str, Any]) -> Panel:
    combat = view["combat"]
    viewer = view.get("seat")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    attack = seat_text(combat["attacker"], viewer)
    attack.append(" with ")
    attack.append_text(gladiator_text(view, combat["attacking_gladiator"]))
    attack.append(f" ({stats_words(view, combat['attacking_gladiator'])})", style="dim")
    if combat.get("free"):
        attack.append(" · free (Trample)", style="cyan")
    grid.add_row("Attacker", attack)
    if combat["defender"] is None or combat["defender"] < 0:
        defence = Text("to be chosen", style="dim")
    elif combat.get("defending_gladiator") is None:
        defence = seat_text(combat["defender"], viewer)
        defence.append(" · gladiator not chosen yet", style="dim")
    else:
        defence = seat_text(combat["defender"], viewer)
        defence.append(" with ")
        defence.append_text(gladiator_text(view, combat["defending_gladiator"]))
        defence.append(f" ({stats_words(view, combat['defending_gladiator'])})", style="dim")
    if combat.get("reserve"):
        defence.append(" · reserve", style="bold cyan")
    grid.add_row("Defender", defence)
    cards = Text()
    for i, shown in enumerate(combat["cards"]):
        if i:
            cards.append("\n")
        cards.append(f"{i + 1}. ")
        cards.append_text(card_text(shown["card"]))
        last = i == len(combat["cards"]) - 1
        if view.get("phase") == "favor_apply" and last:
            cards.append(" · apply or ignore?", style="bold yellow")
        elif shown["applied"]:
            cards.append(" · applied", style="green")
        else:
            cards.append(" · not applied", style="dim")
    if not combat["cards"]:
        cards.append("none revealed yet", style="dim")
    grid.add_row("Cards", cards)
    favor = combat.get("favor_left", [0, 0])
    if any(favor) or (options.get("public_favor") and combat["cards"]):
        grid.add_row("Public Favor", f"attacker {favor[0]} left, defender {favor[1]} left")
    scores = combat_scores(view)
    if scores is not None:
        a_score, d_score = scores
        side = "attacker" if a_score >= d_score else "defender"
        result = Text(f"attacker {a_score} – {d_score} defender → ")
        result.append(f"{side} ahead", style="bold")
        result.append(" (the attacker wins ties)", style="dim")
        if view.get("phase") == "favor_apply":
            with_card = combat_scores(view, apply_last=True)
            if with_card is not None:
                a_score, d_score = with_card
                side = "attacker" if a_score >= d_score else "defender"
                result.append(f"\nwith the last card: {a_score} – {d_score} → {side} ahead")
        grid.add_row("Score", result)
    return Panel(grid, title="Combat in progress", title_align="left", border_style="red")


def _bid_text(bid: Any, waiting: bool, skipped: bool) -> Text:
    if bid == "made":
        return Text("made", style="bold")
    if bid == "not yet":
        if skipped:
            return Text("cannot bid", style="dim")
        return Text("to bid now" if waiting else "not yet", style="bold" if waiting else "dim")
    if bid is None:
        return Text("passed", style="dim")
    return Text(plural(int(bid), "coin"), style="bold yellow")


def auction_panel(view: View, options: Mapping[str, Any]) -> Panel:
    auction = view["auction"]
    viewer = view.get("seat")
    phase = view.get("phase")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    offered = auction.get("offered")
    if offered is None:
        shown = Text()
        for i, code in enumerate(auction["revealed"]):
            if i:
                shown.append("\n")
            shown.append_text(gladiator_text(view, code))
            shown.append(f" (min bid {min_bid_of(code)}; {stats_words(view, code)})", style="dim")
        grid.add_row("Revealed", shown)
        if phase == "decimatio":
            order = Text(", ").join(seat_text(s, viewer) for s in auction["order"])
            grid.add_row("Discarding", order)
    else:
        text = gladiator_text(view, offered)
        text.append(f" ({stats_words(view, offered)})", style="dim")
        grid.add_row("Offered", text)
        grid.add_row("Minimum bid", plural(min_bid_of(offered), "coin"))
        bids = Text()
        order = auction["order"]
        for i, seat in enumerate(order):
            if i:
                bids.append("\n")
            bids.append_text(seat_text(seat, viewer))
            bids.append(": ")
            waiting = phase == "bid" and i == auction["turn"]
            skipped = i < auction["turn"]
            bids.append_text(_bid_text(auction["bids"][seat], waiting, skipped))
        grid.add_row("Bids", bids)
        notes = []
        if options.get("simultaneous_auctions"):
            notes.append("secret bids, revealed together")
        if options.get("wager_auctions"):
            notes.append("every bidder pays")
        tribunal = [
            lanista["seat"]
            for lanista in view["lanistae"]
            if "auction_ties" in effects_of(view, lanista["seat"])
        ]
        ties = "ties go to the last of the tied to bid"
        if tribunal:
            owners = ", ".join(f"seat {s}" for s in tribunal)
            ties = f"ties go to {owners} (Tribunal), else to the last of the tied to bid"
        notes.append(ties)
        grid.add_row("Rules", Text("; ".join(notes), style="dim"))
    return Panel(grid, title="Auction in progress", title_align="left", border_style="yellow")


def decision_grid(view: View) -> Table:
    """The phase, whose turn it is, who decides, and what is half done."""
    viewer = view.get("seat")
    phase = str(view.get("phase"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    said = PHASE_WORDS.get(phase, phase.replace("_", " "))
    phase_text = Text(said[:1].upper() + said[1:], style="bold")
    grid.add_row("Phase", phase_text)
    if phase == "over":
        winners = view.get("winners", [])
        result = Text(" and ").join(seat_text(s, viewer) for s in winners) if winners else Text("—")
        grid.add_row("Winner", result)
        return grid
    turn = seat_text(view.get("active"), viewer)
    turn.append(f" · round {view.get('round')}, first player seat {view.get('start_seat')}")
    grid.add_row("Turn", turn)
    deciding = seat_text(view.get("current_player"), viewer)
    if viewer is not None and view.get("current_player") == viewer:
        deciding.append(" ◀ your decision", style="bold reverse")
    grid.add_row("Deciding", deciding)
    if view.get("start_pending") and phase in ("start", "champion"):
        pending = [start_words(e) for e in view["start_pending"]]
        grid.add_row("To resolve", "; ".join(pending))
    job = view.get("job")
    if job:
        name = building_name(job["building"])
        words = {
            "build": f"building the {name}: {job['left']} construction still needed",
            "demolish": f"demolishing the {name}: {job['left']} construction still needed",
            "quarry": f"building the {name}: choose your building to demolish for it",
            "quarry_build": f"building the {name}: {job['left']} construction still needed "
            "to demolish the building chosen",
        }
        grid.add_row("Job", words.get(job["kind"], f"{job['kind']} {name}"))
    chain = view.get("chain")
    if chain:
        text = gladiator_text(view, chain["gladiator"])
        text.append(f" chains up to {chain['left']} more gladiator(s)")
        if chain.get("rival", -1) >= 0:
            text.append(" of ")
            text.append_text(seat_text(chain["rival"], viewer))
        grid.add_row("Chain", text)
    if view.get("champion_queue") and phase == "champion":
        queue = Text(", ").join(seat_text(s, viewer) for s in view["champion_queue"])
        grid.add_row("Champions", Text.assemble("to designate: ", queue))
    if phase in ("auction", "offer", "bid", "decimatio", "discard"):
        grid.add_row("Auctions left", str(view.get("auctions_left", 0)))
    return grid


# --- the whole board -------------------------------------------------------------------------


class LudiBoard:
    """The centre, the lanistae, a combat or auction in progress, the decision."""

    def __init__(self, view: View, options: Mapping[str, Any], target: int) -> None:
        self.view = view
        self.options = options
        self.target = target

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        yield centre_section(view, self.options)
        decision = bool(self.options.get("combat_decision"))
        for lanista in view.get("lanistae", []):
            yield lanista_panel(view, lanista, self.target, decision)
        yield Text(
            f"{STRAIGHT} straight (can act)  {TURNED} turned (can still defend)  "
            "nov/vet: novice, veteran  Cmb/Wrk/Bld: combat, work, construction  c: coins  "
            "Demolish: the construction it takes (–: never, it has VP)",
            style="dim",
        )
        if view.get("combat"):
            yield combat_panel(view, self.options)
        if view.get("auction"):
            yield auction_panel(view, self.options)
        yield decision_grid(view)


MODULE_WORDS = (
    ("quintus_ludus", "Quintus Ludus"),
    ("historiae", "Historiae"),
    ("magistri_arenae", "Magistri Arenae"),
    ("champions", "Champions"),
    ("public_favor", "Public Favor"),
    ("building_draft", "building draft"),
    ("building_selection", "building selection"),
    ("simultaneous_auctions", "secret bids"),
    ("wager_auctions", "wager auctions"),
    ("decimatio_auctions", "decimatio"),
    ("combat_reserve", "combat reserve"),
    ("combat_decision", "combat hands"),
)


def title_line(view: View, options: Mapping[str, Any], target: int) -> Text:
    viewer = view.get("seat")
    title = Text("Ludi Gladiatorii", style="bold")
    title.append(f" · {view.get('players')} lanistae · first to {target} VP · ")
    title.append("spectator view" if viewer is None else f"view of seat {viewer}")
    modules = [words for name, words in MODULE_WORDS if options.get(name)]
    if modules:
        title.append(f"\n{', '.join(modules)}", style="dim")
    return title


def render_view(
    view: View, options: Mapping[str, Any] | None = None, legal: Sequence[str] = ()
) -> RenderableType:
    """The table as `view` shows it (`legal` is not needed: the menu lists the actions)."""
    options = options or {}
    use_data(str(options.get("data") or ""))
    target = int(options.get("victory_points") or catalog().rules.victory_points)
    return Group(title_line(view, options, target), LudiBoard(view, options, target))
