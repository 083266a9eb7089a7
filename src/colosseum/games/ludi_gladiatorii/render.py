"""Terminal rendering of Ludi Gladiatorii with Rich, from a seat's view only.

`render_view` draws the centre of the table (buildings to build, piles, the Historiae event,
the supplies), one panel per lanista (coins, victory points against the target, gladiators
straight ▲ or turned ▼ with their values, abilities and tokens, buildings with a short effect,
the viewer's own combat hand), then a combat or an auction in progress and the decision
pending. `describe_event` and `describe_action` put events and actions into words.
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

from ...cli.seats import plural, possessive, seat_style, seat_text
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


def _owners(view: View) -> dict[str, tuple[int, Mapping[str, Any]]]:
    """Every gladiator in play by code: its lanista and its entry in the view."""
    result: dict[str, tuple[int, Mapping[str, Any]]] = {}
    for lanista in view.get("lanistae", []):
        for entry in lanista.get("gladiators", []):
            result[entry["code"]] = (lanista["seat"], entry)
    return result


def _gladiator_name(code: str) -> str:
    index = catalog().gladiator_by_code.get(code)
    return code if index is None else catalog().gladiators[index].name


def gladiator_text(view: View, code: str, seat: int | None = None) -> Text:
    """ "Tiro tiro_3" (the code when it is not the name) in its lanista's colour."""
    owner = _owners(view).get(code)
    if seat is None and owner is not None:
        seat = owner[0]
    name = owner[1]["name"] if owner is not None else _gladiator_name(code)
    text = Text(name, style=f"bold {seat_style(seat)}")
    if code != name.lower():
        text.append(f" {code}", style="dim")
    return text


def _stats(view: View, code: str) -> str:
    """ "combat 2, work 1, build 0, Precision" from the view, else from the catalog."""
    owner = _owners(view).get(code)
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


def _min_bid(code: str) -> int:
    index = catalog().gladiator_by_code.get(code)
    return 0 if index is None else catalog().gladiators[index].min_bid


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
        if entry["code"] != entry["name"].lower():
            name.append(f" {entry['code']}", style="dim")
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
    table.add_column("Dem", justify="right")
    table.add_column("Effect", style="dim")
    rows: dict[tuple[Any, ...], list[str]] = {}
    for code in codes:
        spec = building_spec(code)
        key = (
            (spec.name, spec.cost, spec.demolition, spec.points, spec.coins, spec.effect)
            if spec
            else (code,)
        )
        rows.setdefault(key, []).append(code)
    for same in rows.values():
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
            [_gladiator_name(c) for c in centre["veteran_discard"]],
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


def _effects_of(view: View, seat: int) -> set[str]:
    if not 0 <= seat < len(view.get("lanistae", [])):
        return set()
    specs = (building_spec(code) for code in view["lanistae"][seat]["buildings"])
    return {spec.effect for spec in specs if spec is not None}


def _combat_bonus(entry: Mapping[str, Any], role: str) -> int:
    """What a gladiator adds to its combat when it attacks or defends (the view says)."""
    if role == "attack":
        return int(entry.get("attack_bonus", 0))
    if role == "defence":
        return int(entry.get("defence_bonus", 0))
    return 0


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
    attack.append(f" ({_stats(view, combat['attacking_gladiator'])})", style="dim")
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
        defence.append(f" ({_stats(view, combat['defending_gladiator'])})", style="dim")
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
            shown.append(f" (min bid {_min_bid(code)}; {_stats(view, code)})", style="dim")
        grid.add_row("Revealed", shown)
        if phase == "decimatio":
            order = Text(", ").join(seat_text(s, viewer) for s in auction["order"])
            grid.add_row("Discarding", order)
    else:
        text = gladiator_text(view, offered)
        text.append(f" ({_stats(view, offered)})", style="dim")
        grid.add_row("Offered", text)
        grid.add_row("Minimum bid", plural(_min_bid(offered), "coin"))
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
            if "auction_ties" in _effects_of(view, lanista["seat"])
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
    phase_text = Text(phase, style="bold")
    phase_text.append(f" · {PHASE_WORDS.get(phase, '')}", style="")
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
            "Cmb/Wrk/Bld: combat, work, construction  c: coins",
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
    global _data_folder
    options = options or {}
    _data_folder = str(options.get("data") or "")
    target = int(options.get("victory_points") or catalog().rules.victory_points)
    return Group(title_line(view, options, target), LudiBoard(view, options, target))


# --- words for events -------------------------------------------------------------------------


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """One line saying what an event (its `to_json()`) means, names taken from the catalog."""
    kind = str(event.get("kind", ""))
    data: Mapping[str, Any] = event.get("data") or {}
    viewer = view.get("seat")

    def seat(key: str = "seat") -> Text:
        return seat_text(data.get(key), viewer)

    def whose(key: str = "seat") -> Text:
        return possessive(data.get(key), viewer)

    def glad(key: str = "gladiator", owner: str | None = None) -> Text:
        return gladiator_text(view, str(data[key]), data.get(owner) if owner else None)

    def line(*parts: str | Text) -> Text:
        return Text.assemble(*parts)

    if kind == "turn":
        text = Text(f"— round {data['round']}: ", style="bold")
        text.append_text(whose())
        text.append(" turn —", style="bold")
        return text
    if kind == "event":
        name, words = event_card(data.get("event"))
        return line("Historiae: ", Text(name, style="bold magenta"), f" — {words}" if words else "")
    if kind == "coins":
        why = f" ({data['why']})" if data.get("why") else ""
        if "pay" in data:
            return line(seat(), f" pays {plural(data['pay'], 'coin')}{why}")
        return line(seat(), f" gains {plural(data['gain'], 'coin')}{why}")
    if kind == "points":
        why = f" ({data['why']})" if data.get("why") else ""
        gain = Text(f"{data['gain']} VP", style="bold yellow")
        return line(seat(), " scores ", gain, why)
    if kind == "fight":
        free = " (free: Trample)" if data.get("free") else ""
        return line(whose(), " ", glad(owner="seat"), f" starts a combat{free}")
    if kind == "defender":
        return line("  against ", seat())
    if kind == "defending":
        return line("  ", seat(), " defends with ", glad(owner="seat"))
    if kind == "reserve":
        return line("  ", seat(), " steps in with ", glad(owner="seat"), " (reserve)")
    if kind == "combat_card":
        if data.get("applied"):
            return line("  card revealed: ", card_text(str(data["card"])))
        return line("  Public Favor card: ", card_text(str(data["card"])))
    if kind == "favor":
        return line("  ", whose(), " ", glad(owner="seat"), " calls on Public Favor")
    if kind == "favor_card":
        verb = "applies the card" if data.get("applied") else "ignores the card"
        return line("  ", seat(), f" {verb}")
    if kind == "combat_result":
        a, d = data["scores"]
        text = line(f"  result {a} – {d}: ", whose("winner"), " ")
        text.append_text(gladiator_text(view, str(data["winning_gladiator"]), data.get("winner")))
        text.append(" wins", style="bold")
        return text
    if kind == "armoured":
        fate = Text("discarded", style="bold red") if data.get("skull") else Text("survives")
        return line("  ", glad(), " is armoured: ", card_text(str(data["card"])), " → ", fate)
    if kind == "plague":
        fate = Text("dies", style="bold red") if data.get("skull") else Text("is spared")
        return line(
            "Plaga Galeni: ", glad(), " draws ", card_text(str(data["card"])), " and ", fate
        )
    if kind == "reshuffle":
        return Text("  the used combat cards are shuffled back into the pile")
    if kind == "gladiator_in":
        how = str(data.get("how", ""))
        verbs = {
            "auction": " wins ",
            "refill": " takes the novice ",
            "bought": " buys the novice ",
            "Palaestra": " trains up ",
            "Bellum Gallicum": " gets ",
        }
        tail = {"Palaestra": " (Palaestra)", "Bellum Gallicum": " (Bellum Gallicum)"}
        verb = verbs.get(how, " takes ")
        return line(seat(), verb, glad(owner="seat"), tail.get(how, ""))
    if kind == "gladiator_out":
        why = str(data.get("why", ""))
        return line(seat(), " loses ", glad(owner="seat"), f" ({why})" if why else "")
    if kind == "building_in":
        verbs = {"built": " builds ", "dealt": " is dealt ", "refill": " receives "}
        return line(seat(), verbs.get(str(data.get("how")), " gets "), _bname(data["building"]))
    if kind == "building_out":
        return line(whose(), " ", _bname(data["building"]), f" is {data.get('why', 'gone')}")
    if kind in ("build_start", "demolish_start"):
        verb = " starts building " if kind == "build_start" else " starts demolishing "
        return line(seat(), verb, _bname(data["building"]))
    if kind == "work":
        return line(whose(), " ", glad(owner="seat"), " works")
    if kind == "collect":
        return line(whose(), " ", glad(owner="seat"), " collects 1 coin from ", seat("from"))
    if kind == "chained":
        return line(seat(), " chains ", glad())
    if kind == "champion":
        return line(seat(), " names ", glad(owner="seat"), " champion")
    if kind == "main_end":
        return line(seat(), " ends the main phase")
    if kind == "auction":
        revealed = Text(", ").join(gladiator_text(view, str(c)) for c in data.get("revealed", []))
        return line(seat(), " opens an auction: ", revealed)
    if kind == "offered":
        code = str(data["gladiator"])
        return line("  up for auction: ", glad(), f" (minimum bid {_min_bid(code)})")
    if kind == "rejected":
        return line("  ", seat(), " discards ", glad(), " from the auction")
    if kind == "bid":
        if data.get("bid") is None:
            return line("  ", seat(), " passes")
        return line("  ", seat(), " bids ", Text(plural(data["bid"], "coin"), style="bold"))
    if kind == "bid_made":
        return line("  ", seat(), " makes a secret bid")
    if kind == "bid_secret":
        if data.get("bid") is None:
            return Text("  your secret answer: pass")
        return Text(f"  your secret bid: {plural(data['bid'], 'coin')}")
    if kind == "bids_revealed":
        bids = data.get("bids", {})
        parts = [f"seat {s} {'pass' if b is None else plural(b, 'coin')}" for s, b in bids.items()]
        return Text("  bids revealed: " + ", ".join(parts))
    if kind == "unsold":
        return line("  nobody bids: ", glad(), " is discarded")
    if kind == "drafted":
        return line(seat(), " drafts ", _bname(data["building"]))
    if kind == "refresh":
        return line(seat(), " replaces ", _bname(data["building"]), " in the row")
    if kind == "combat_bought":
        return line(seat(), " buys a combat card")
    if kind == "combat_bought_card":
        return line("  you drew ", card_text(str(data["card"])))
    if kind == "combat_dropped":
        return line(seat(), " discards ", card_text(str(data["card"])), " from the hand")
    if kind == "game_over":
        winners = data.get("winners", [])
        text = Text("Game over: ", style="bold")
        text.append_text(Text(" and ").join(seat_text(s, viewer) for s in winners))
        text.append(" wins" if len(winners) == 1 else " share the win")
        return text
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{kind}: {details}" if details else kind)


def _bname(code: Any) -> Text:
    return building_text(str(code))


# --- words for actions ------------------------------------------------------------------------

# Menu order by kind: acting gladiators first, declining and ending last.
ACTION_RANK = {
    kind: rank
    for rank, kind in enumerate(
        (
            "take",
            "champion",
            "start",
            "train",
            "fight",
            "work",
            "collect",
            "chain",
            "build",
            "demolish",
            "quarry",
            "raze",
            "use",
            "target",
            "bind",
            "defend",
            "reserve",
            "play",
            "favor",
            "apply",
            "ignore",
            "offer",
            "reject",
            "bid",
            "discard",
            "auction",
            "buy",
            "buy-combat",
            "drop",
            "refresh",
            "saturnalia",
            "gallicum",
        )
    )
}
LAST_KINDS = ("skip", "no", "pass", "done", "end")


def action_order(notation: str) -> tuple[int, int]:
    """Menu order: by kind (declining and ending last), bids by amount, else as legal."""
    parts = notation.split()
    kind = parts[0] if parts else ""
    if kind in LAST_KINDS:
        return (len(ACTION_RANK) + LAST_KINDS.index(kind), 0)
    number = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return (ACTION_RANK.get(kind, len(ACTION_RANK) - 1), number)


def _fight_cost(view: View, code: str) -> int | None:
    """Combat 1: what starting a combat with this gladiator costs (the view says)."""
    owner = _owners(view).get(code)
    return None if owner is None else owner[1].get("fight_cost")


def _building_words(code: str, demolish: bool = False) -> str:
    spec = building_spec(code)
    if spec is None:
        return ""
    parts = [spec.name]
    if demolish:
        parts.append(f"demolition {spec.demolition}")
    elif spec.effect == "quarry":
        parts.append("built by demolishing one of yours")
    else:
        parts.append(f"cost {spec.cost}")
    if entry_benefits(spec) and not demolish:
        parts.append(entry_benefits(spec))
    effect = building_effect(spec)
    if effect:
        parts.append(effect)
    return ", ".join(parts)


def _rival_words(view: View, seat: int) -> str:
    lanistae = view.get("lanistae", [])
    if not 0 <= seat < len(lanistae):
        return ""
    lanista = lanistae[seat]
    words = f"{plural(lanista['coins'], 'coin')}, {lanista['points']} VP"
    able = [g for g in lanista["gladiators"] if not g["chained"]]
    if able:
        best = max(g["combat"] + _combat_bonus(g, "defence") for g in able)
        words += f", {len(able)} can defend, best combat {best}"
    return words


def describe_action(notation: str, view: View) -> Text:
    """A legal action's notation with a few words of explanation."""
    parts = notation.split()
    kind, args = (parts[0], parts[1:]) if parts else ("", [])
    arg = args[0] if args else ""
    phase = view.get("phase")
    text = Text(notation, style="bold")

    def note(words: str | Text) -> Text:
        text.append(" (", style="dim")
        if isinstance(words, Text):
            words.stylize("dim")
            text.append_text(words)
        else:
            text.append(words, style="dim")
        text.append(")", style="dim")
        return text

    def combat_of(code: str, role: str = "") -> str:
        """ "Tiro, combat 1+1, Public Favor": the bonus is the role's (attack or defence)."""
        owner = _owners(view).get(code)
        if owner is None:
            return _gladiator_name(code)
        entry = owner[1]
        bonus = _combat_bonus(entry, role)
        words = f"{entry['name']}, combat {entry['combat']}" + (f"+{bonus}" if bonus else "")
        if entry.get("ability"):
            words += f", {ABILITY_WORDS.get(entry['ability'], entry['ability'])}"
        if entry.get("favor"):
            words += ", Public Favor token"
        if entry.get("champion"):
            words += ", champion"
        return words

    if kind == "fight":
        cost = _fight_cost(view, arg)
        price = "" if cost is None else ("; free" if cost == 0 else f"; costs {cost}c")
        return note(f"{combat_of(arg, 'attack')}; attacks{price}")
    if kind == "work":
        owner = _owners(view).get(arg)
        if owner is not None:
            gain = owner[1]["work"] + (1 if "work_income" in _effects_of(view, owner[0]) else 0)
            return note(f"{_gladiator_name(arg)} earns {plural(gain, 'coin')}")
        return text
    if kind == "build":
        return note(_building_words(arg))
    if kind == "demolish":
        return note(_building_words(arg, demolish=True))
    if kind == "use":
        job = view.get("job") or {}
        left = f"; {job['left']} needed" if job.get("left") is not None else ""
        owner = _owners(view).get(arg)
        power = owner[1]["construction"] if owner else "?"
        return note(f"{_gladiator_name(arg)} adds construction {power}{left}")
    if kind == "target" and arg.lstrip("-").isdigit():
        seat = int(arg)
        verbs = {
            "fight_target": "attack ",
            "chain_target": "chain the gladiators of ",
            "collect_target": "take 1 coin from ",
        }
        words = Text(verbs.get(str(phase), ""))
        words.append(f"seat {seat}: {_rival_words(view, seat)}")
        return note(words)
    if kind == "defend":
        return note(f"{combat_of(arg, 'defence')}; defends")
    if kind == "reserve":
        return note(f"{combat_of(arg, 'defence')}; replaces the defender, 1 VP if it wins")
    if kind == "bind":
        return note(f"chain {combat_of(arg)}: it cannot defend this turn")
    if kind == "done":
        return note("stop chaining" if phase == "chain_pick" else "done")
    if kind == "chain":
        owner = _owners(view).get(arg)
        count = owner[1]["construction"] if owner else "?"
        return note(f"turn {_gladiator_name(arg)} to chain up to {count} of a rival's gladiators")
    if kind == "collect":
        return note(f"turn {_gladiator_name(arg)} to take 1 coin from a rival")
    if kind == "bid" and arg.isdigit():
        auction = view.get("auction") or {}
        offered = auction.get("offered")
        name = _gladiator_name(offered) if offered else "the gladiator"
        return note(f"offer {plural(int(arg), 'coin')} for {name}")
    if kind == "pass":
        if phase == "reserve":
            return note("keep out of this combat")
        return note("no bid")
    if kind == "offer":
        return note(f"minimum bid {_min_bid(arg)}; {_stats(view, arg)}")
    if kind == "reject":
        return note(f"out of the auction; {_stats(view, arg)}")
    if kind == "start":
        return note(start_words(arg))
    if kind == "train":
        cost = catalog().rules.training_cost
        return note(f"Palaestra: pay {cost}c, give up {_gladiator_name(arg)} for the top veteran")
    if kind == "skip":
        return note("no Palaestra training this turn")
    if kind == "champion":
        return note(f"make {combat_of(arg)} your champion")
    if kind == "take":
        return note(_building_words(arg))
    if kind == "favor":
        if arg:
            return note(Text.assemble("spend Public Favor to reveal ", card_text(arg)))
        return note("spend Public Favor: reveal another combat card")
    if kind == "no" and arg == "favor":
        return note("do not reveal another card")
    if kind == "no" and arg == "card":
        return note("reveal no card from your hand")
    if kind in ("apply", "ignore"):
        cards = (view.get("combat") or {}).get("cards") or []
        words = Text("apply " if kind == "apply" else "do not apply ")
        if cards:
            words.append_text(card_text(cards[-1]["card"]))
        else:
            words.append("the card")
        return note(words)
    if kind == "play":
        return note(Text.assemble("reveal ", card_text(arg), " from your hand"))
    if kind == "drop":
        return note(Text.assemble("discard ", card_text(arg), " from your hand, free"))
    if kind == "buy-combat":
        return note(f"buy a combat card for {catalog().rules.decision_card_cost}c")
    if kind == "buy" and arg == "novice":
        return note(f"Cubiculum: a novice for {catalog().rules.novice_price}c")
    if kind == "discard":
        return note(f"more gladiators than room; {_stats(view, arg)}")
    if kind == "auction":
        return note("reveal veterans and auction one")
    if kind == "end":
        return note("end the main phase, go to auctions" if phase == "main" else "end your turn")
    if kind == "quarry":
        owner = next(
            (
                lanista["seat"]
                for lanista in view.get("lanistae", [])
                if arg in lanista["buildings"]
            ),
            None,
        )
        whose = f"seat {owner}'s " if owner is not None else ""
        cost = catalog().rules.quarry_destroy_cost
        return note(f"Lapicidinae: pay {cost}c to destroy {whose}{building_name(arg)}")
    if kind == "raze":
        spec = building_spec(arg)
        demolition = f" (demolition {spec.demolition})" if spec else ""
        return note(f"demolish your {building_name(arg)}{demolition} for the Lapicidinae")
    if kind == "refresh":
        cost = catalog().rules.selection_refresh_cost
        return note(f"pay {cost}c to replace {building_name(arg)} with a new building")
    if kind == "saturnalia":
        return note(f"Saturnalia: dismiss {_gladiator_name(arg)} for 1 coin")
    if kind == "gallicum":
        cost = catalog().rules.bellum_gallicum_cost
        return note(f"Bellum Gallicum: pay {cost}c, give up {_gladiator_name(arg)} for a veteran")
    return text
