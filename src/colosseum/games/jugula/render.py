"""Terminal rendering of Jugula with Rich, from a seat's view only.

`render_view` draws the 8×8 arena (rank 8 at the top) with each gladiator as a two-letter
armatura (capitals for the heavy ones) in its lanista's colour, an arrow for its facing, `*`
when wounded and `#` when it holds Hindrance markers; the squares the decision may reach and
the gladiators it may name are marked. Beside it the turn and the decision, then one panel per
lanista (the Vox Populi track, the cards, the familia) and the attack in progress.
`describe_event` and `describe_action` put events and actions into words.
Nothing here reads the game state: whatever is drawn comes from `state.view(seat)`, and the
names and values of the cards and armaturae from the catalog (`load_catalog`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.seats import seat_style, seat_text
from .model import SIDES
from .render_names import (
    ARROWS,
    CELL,
    DARK_SQUARE,
    EMPTY_STYLE,
    HINDER_STYLE,
    LABEL_STYLE,
    LIGHT_SQUARE,
    MARK_STYLE,
    PICK_MARK,
    REACH_STYLE,
    SIDE_BY_SIDE_WIDTH,
    TARGET_MARK,
    WOUND_STYLE,
    Entry,
    View,
    _at,
    _coords,
    abbreviation,
    armatura_name,
    card_list,
    card_spec,
    card_text,
    catalog,
    glad_text,
    position_words,
    relative_position,
    set_data_folder,
)
from .render_words import action_order as action_order
from .render_words import describe_action as describe_action
from .render_words import describe_event as describe_event

# --- the arena ----------------------------------------------------------------------------------


class Marks:
    """What the decision being shown points at on the arena, read from the legal actions."""

    def __init__(self, view: View, legal: Sequence[str]) -> None:
        occupied = set(_at(view))
        self.reach: set[str] = set()  # empty squares a gladiator may end on
        self.picks: set[str] = set()  # gladiators the decision may designate
        self.targets: set[str] = set()  # gladiators that may be attacked, wounded or moved
        for notation in legal:
            kind, *args = notation.split() or [""]
            if kind in ("to", "push") and args:
                self.reach.add(args[0])
            elif kind == "deploy" and len(args) > 1:
                self.reach.add(args[1])
            elif kind in ("attack", "hinder") and len(args) > 1:
                self.picks.add(args[0])
                self.targets.add(args[1])
            elif kind in ("execute", "dementia") and args:
                self.targets.add(args[0])
            elif kind in ("move", "shake", "impetus", "heal", "face") and args:
                self.picks.add(args[0])
        self.reach -= occupied
        mover = mover_square(view, legal)
        if mover is not None:
            self.picks.add(mover)

    def __bool__(self) -> bool:
        return bool(self.reach or self.picks or self.targets)


def mover_square(view: View, legal: Sequence[str]) -> str | None:
    """The square of the gladiator a move decision is about: the one every legal path starts
    next to (or on, when it begins by turning); None if that is not a single gladiator."""
    occupied = set(_at(view))
    found: set[str] | None = None
    for notation in legal:
        parts = notation.split()
        if len(parts) < 4 or parts[0] != "to":
            continue
        first = parts[3].split("-")[0][:-1]
        file, rank = _coords(first)
        near = {
            f"{chr(ord('a') + file + df)}{rank + 1 + dr}"
            for df in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if file + df >= 0 and rank + dr >= 0
        }
        near &= occupied
        found = near if found is None else found & near
    return next(iter(found)) if found is not None and len(found) == 1 else None


def _cell(entry: Entry | None, square: str, marks: Marks, shade: str) -> Text:
    """One square of the arena, CELL characters wide: " 1MU↓*#" for a wounded and hindered
    Murmillo of seat 1 facing south; the first character marks a gladiator to designate (›)
    or a target (×)."""
    if entry is None:
        if square in marks.reach:
            return Text(f"{'o':^{CELL}}", style=REACH_STYLE)
        return Text(f"{'·':^{CELL}}", style=f"{EMPTY_STYLE} {shade}")
    colour = f"on {seat_style(entry['seat'])}"
    if square in marks.targets:
        mark = TARGET_MARK
    elif square in marks.picks:
        mark = PICK_MARK
    else:
        mark = " "
    text = Text(mark, style=f"{MARK_STYLE} {colour}")
    text.append(str(entry["seat"]), style=f"white {colour}")
    text.append(abbreviation(entry["armatura"]), style=f"bold white {colour}")
    text.append(ARROWS.get(entry.get("facing") or "", " "), style=f"bold white {colour}")
    text.append("*" if entry.get("wounded") else " ", style=f"{WOUND_STYLE} {colour}")
    text.append("#" if entry.get("markers_held") else " ", style=f"{HINDER_STYLE} {colour}")
    return text


def render_arena(view: View, marks: Marks) -> Text:
    """The arena, rank 8 at the top, files a to h left to right, as lines of text."""

    def cell(entry: Entry | None, square: str, light: bool) -> Text:
        return _cell(entry, square, marks, LIGHT_SQUARE if light else DARK_SQUARE)

    return arena_grid(view, CELL, cell)


def arena_grid(
    view: View,
    width_of_cell: int,
    cell: Callable[[Entry | None, str, bool], Text],
    files_below: bool = True,
) -> Text:
    """The arena's squares as `cell(entry, square, light)` draws them, rank 8 at the top, the
    files named above (and below, if `files_below`) and the ranks on both sides."""
    width, height = int(view.get("width", 8)), int(view.get("height", 8))
    at = _at(view)
    files = Text("   ")
    for file in range(width):
        files.append(f"{chr(ord('a') + file):^{width_of_cell}}", style=EMPTY_STYLE)
    lines = [files]
    for rank in range(height, 0, -1):
        line = Text(f"{rank:>2} ", style=EMPTY_STYLE)
        for file in range(width):
            square = f"{chr(ord('a') + file)}{rank}"
            line.append_text(cell(at.get(square), square, (file + rank) % 2 == 1))
        line.append(f" {rank}", style=EMPTY_STYLE)
        lines.append(line)
    if files_below:
        lines.append(files.copy())
    return Text("\n").join(lines)


# --- the turn and the decision ------------------------------------------------------------------

DECISION_WORDS = {
    "pick_armatura": "choose the next armatura of the familia",
    "zone": "choose a deployment zone",
    "deploy": "deploy a gladiator in your zone",
    "bid": "commit a card face down: the highest die chooses the first player",
    "first_player": "designate the first player of the round",
    "play": "play a card for one of its effects",
    "effects": "use the next effect of the card",
    "move_pick": "designate a gladiator to move",
    "move": "move the gladiator",
    "aware": "Aware: an enemy came next to him; turn to face him?",
    "attack": "declare an attack",
    "commit": "commit a combat card face down",
    "resilient": "Resilient: swap the low defence card for the deck's top?",
    "push": "choose the square the defender is pushed back into",
    "pursue": "pursue into the vacated square?",
    "discard": "discard cards down to the limit",
    "sacrifice": "discard any number of cards",
    "rival": "choose the rival the ability acts on",
    "recall": "Acies Aciei: take a card back from your discard pile",
    "restore": "Acta est Fabula: a removed card back on top of its owner's deck",
    "heal": "Cognatus a Um: heal a wounded gladiator",
    "prima": "take a Prima Jugula card into your hand",
    "impetus": "Impetus: the gladiator, and move or attack first",
    "order_top": "Plausus: put the cards back on your deck, top first",
    "perfidia": "Perfidia: Prima Jugula cards into your discard pile",
    "dementia": "Dementia: choose the enemy gladiator to move",
    "temperare": "Temperare: remove cards of your deck and discard pile from the game",
    "execute": "Fatalitas: choose the gladiator to wound",
    "acclaim": "your defence won: take the crowd's +1 Vox Populi?",
    "overflow": "Vox Populi beyond 10: draw a card for each point?",
}


def _turn_text(view: View) -> Text:
    viewer = view.get("seat")
    if not view.get("turn"):
        rounds = view.get("round")
        return Text(f"round {rounds}: who plays first" if rounds else "setting up", style="dim")
    text = Text(str(view.get("turn", 0)), style="bold")
    text.append(": ")
    text.append_text(seat_text(view.get("turn_seat"), viewer))
    return text


def _order_text(view: View) -> Text:
    text = Text(f"round {view.get('round')}: ")
    seats = view.get("order", [])
    text.append_text(Text(" › ").join(Text(str(s), style=f"bold {seat_style(s)}") for s in seats))
    return text


def _winners_text(view: View) -> Text:
    viewer = view.get("seat")
    winners = view.get("winners", [])
    if not winners:
        return Text("—")
    text = Text(" and ").join(seat_text(s, viewer) for s in winners)
    text.append(" wins" if len(winners) == 1 else " share the win", style="bold")
    return text


def legend(marks: Marks) -> Text:
    """What the marks on the arena mean (those the decision uses)."""
    text = Text("1MU↑ seat 1's Murmillo facing north (capitals: heavy)\n")
    text.append("*", style=WOUND_STYLE)
    text.append(" wounded  ")
    text.append("#", style=HINDER_STYLE)
    text.append(" holds Hindrance markers")
    parts = []
    if marks.reach:
        parts.append(Text.assemble(Text(" o ", style=REACH_STYLE), " reachable"))
    if marks.picks:
        parts.append(Text.assemble(Text(PICK_MARK, style=MARK_STYLE), " to designate"))
    if marks.targets:
        parts.append(Text.assemble(Text(TARGET_MARK, style=MARK_STYLE), " target"))
    if parts:
        text.append("\n")
        text.append_text(Text("  ").join(parts))
    return _indent(text, "   ")


def _indent(text: Text, margin: str) -> Text:
    return Text("\n").join(Text.assemble(margin, line) for line in text.split("\n"))


def status_grid(view: View, marks: Marks) -> Table:
    """The turn, the round's order, whose decision it is and what about, the legend."""
    viewer = view.get("seat")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    who = "spectator" if viewer is None else f"seat {viewer}"
    grid.add_row("View", Text(who, style=f"bold {seat_style(viewer)}"))
    grid.add_row("Turn", _turn_text(view))
    if view.get("order") and view.get("players", 2) > 2:
        grid.add_row("Order", _order_text(view))
    if view.get("over"):
        grid.add_row("Result", _winners_text(view))
    else:
        deciding = seat_text(view.get("current_player"), viewer)
        if viewer is not None and view.get("current_player") == viewer:
            deciding.append(" ◀", style="bold")
        grid.add_row("Deciding", deciding)
        decision = str(view.get("decision"))
        grid.add_row("Decision", DECISION_WORDS.get(decision, decision))
    if view.get("sudden_death"):
        grid.add_row(
            "Sudden death", Text("the next blow on a rival's gladiator wins", style="bold red")
        )
    if view.get("simple"):
        grid.add_row("Variant", "simple: 2 points a fallen gladiator, 1 a wounded one, 4 win")
    return grid


class _SideBySide:
    """Arena and status side by side in a wide terminal, one above the other in a narrow one."""

    def __init__(self, left: RenderableType, right: RenderableType, width: int) -> None:
        self.left, self.right, self.width = left, right, width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.width:
            yield self.left
            yield self.right
            return
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(self.left, self.right)
        yield grid


# --- the lanistae ---------------------------------------------------------------------------------


def vox_track(lanista: Entry) -> Text:
    """The Vox Populi track 0-10 with the marker, then its attack bonus and hand limit."""
    level = int(lanista["vox"])
    seat = lanista["seat"]
    top = max(catalog().rules.vox_max, level)
    text = Text()
    for space in range(top + 1):
        if space == level:
            text.append(f"[{space}]", style=f"bold reverse {seat_style(seat)}")
        else:
            text.append(f" {space} ", style="dim")
    text.append(f"  ATT +{lanista['attack_bonus']}", style="bold")
    text.append(f" · hand limit {lanista['hand_limit']}")
    return text


def hand_table(codes: Sequence[str]) -> Table:
    """The viewer's own cards with their six values and their die."""
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("Your hand", no_wrap=True)
    for head in ("Mv", "Vox", "Cmb", "Drw", "Upg", "Die"):
        table.add_column(head, justify="right")
    table.add_column("Ability", style="dim", ratio=1)
    for code in codes:
        spec = card_spec(code)
        if spec is None:
            table.add_row(Text(code), "", "", "", "", "", "", "")
            continue
        values = (spec.movement, spec.vox, spec.combat, spec.draw, spec.upgrade)
        table.add_row(
            card_text(code),
            *(str(v) for v in values),
            Text(str(spec.die), style="bold"),
            spec.text if spec.ability != "none" else "—",
        )
    if not codes:
        table.add_row(Text("no card", style="dim"), "", "", "", "", "", "", "")
    return table


def _counts(lanista: Entry) -> Text:
    text = Text()
    text.append("Hand ", style=LABEL_STYLE)
    text.append(f"{lanista['hand_count']}/{lanista['hand_limit']}")
    for label, key in (("Deck", "deck_count"), ("Discard", "discard"), ("Removed", "removed")):
        text.append(f"   {label} ", style=LABEL_STYLE)
        value = lanista[key]
        text.append(str(value if isinstance(value, int) else len(value)))
    text.append("   Prima aside ", style=LABEL_STYLE)
    text.append(str(len(lanista["prima_aside"])))
    return text


def _card_rows(lanista: Entry, own: bool) -> Table:
    """Cards by pile: the hand (known cards only for others), discard, removed, set aside."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    if not own and lanista.get("hand_known"):
        grid.add_row("Known in hand", card_list(lanista["hand_known"]))
    if lanista.get("in_play"):
        grid.add_row("In play", card_list(lanista["in_play"]))
    known = lanista.get("deck_top_known") if own else None
    top = known or lanista.get("deck_top_public")
    if top:
        grid.add_row("Deck top", Text.assemble(card_list(top), Text(" (top first)", "dim")))
    grid.add_row("Discard", card_list(lanista["discard"]))
    if lanista["removed"]:
        grid.add_row("Removed", card_list(lanista["removed"]))
    grid.add_row("Prima aside", card_list(lanista["prima_aside"]))
    compelled = _compelled(lanista, own)
    if compelled is not None:
        grid.add_row("Dubitatio", compelled)
    bid = _bid(lanista, own)
    if bid is not None:
        grid.add_row("Round card", bid)
    return grid


def _compelled(lanista: Entry, own: bool) -> Text | None:
    if not lanista.get("compelled"):
        return None
    text = Text("must play a card drawn at random next turn", style="yellow")
    if own and lanista.get("compelled_card"):
        text.append(": ")
        text.append_text(card_text(lanista["compelled_card"]))
    return text


def _bid(lanista: Entry, own: bool) -> Text | None:
    if not lanista.get("bid"):
        return None
    if own and lanista.get("bid_card"):
        return Text.assemble(card_text(lanista["bid_card"], die=True), " committed face down")
    return Text(f"committed face down (from the {lanista['bid']})")


def _wound_text(entry: Entry) -> Text:
    if entry.get("bitten"):
        return Text("fallen", style="bold red")
    if entry.get("wounded"):
        return Text("wounded", style=WOUND_STYLE)
    return Text("–", style="green")


def _talent_name(code: str) -> str:
    talent = catalog().talents.get(code)
    return talent.name if talent is not None else code.replace("_", " ").capitalize()


def _traits(entry: Entry) -> Text:
    """Traits (Range as the gladiator reaches), talents and upgrades."""
    parts = []
    for trait in entry.get("traits", []):
        if trait.startswith("Range") and entry.get("range"):
            parts.append(f"Range {entry['range']}")
        else:
            parts.append(trait.capitalize())
    text = Text(", ".join(parts))
    talents = [_talent_name(code) for code in entry.get("talents", [])]
    upgrades = [f"+{n} {k.upper()}" for k, n in (entry.get("upgrades") or {}).items() if n]
    extra = ", ".join([*talents, *upgrades])
    if extra:
        if parts:
            text.append(", ")
        text.append(extra, style="italic")
    return text


def _hindrance(entry: Entry) -> Text:
    """The markers held, and where his own marker is (a Hindrance gladiator)."""
    parts = []
    held = entry.get("markers_held", 0)
    if held:
        words = f"holds {held}" + (" (hindered)" if entry.get("hindered") else " (no effect)")
        parts.append(Text(words, style=HINDER_STYLE))
    marker = entry.get("marker")
    if marker is not None:
        where = {"card": "ready", "out": "out"}.get(marker, f"on {marker}")
        parts.append(Text(f"marker {where}", style="dim" if marker == "out" else ""))
    if entry.get("moved_this_turn"):
        parts.append(Text("moved", style="dim"))
    if entry.get("wounded_this_turn") and not entry.get("bitten"):
        parts.append(Text("hurt this turn", style="dim"))
    return Text(", ").join(parts)


def familia_table(view: View, seat: int) -> Table:
    """A lanista's gladiators: where, which way, wounds, numbers, traits and markers."""
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("", no_wrap=True)
    table.add_column("Familia", no_wrap=True)
    table.add_column("Sq", no_wrap=True)
    table.add_column("Wound", no_wrap=True)
    table.add_column("MP", justify="right")
    table.add_column("ATT", justify="center", no_wrap=True)
    table.add_column("DEF", justify="center", no_wrap=True)
    table.add_column("Traits, talents", min_width=9)
    table.add_column("Notes", min_width=6)
    for entry in view.get("gladiators", []):
        if entry["seat"] != seat:
            continue
        if not entry.get("armatura"):
            table.add_row("", Text("to be chosen", style="dim"), *[""] * 7)
            continue
        facing = entry.get("facing")
        where = f"{entry['square']}{ARROWS.get(facing or '', '')}" if entry.get("square") else "–"
        table.add_row(
            Text(f" {abbreviation(entry['armatura'])} ", style=f"bold white on {seat_style(seat)}"),
            Text(entry.get("name") or armatura_name(entry["armatura"]), style="bold"),
            where,
            _wound_text(entry),
            str(entry["mp"]),
            "{}/{}".format(*entry["att"]),
            "{}/{}".format(*entry["def"]),
            _traits(entry),
            _hindrance(entry),
            style="dim" if entry.get("bitten") else None,
        )
    return table


def lanista_panel(view: View, lanista: Entry) -> Panel:
    """One lanista: the Vox Populi track, the cards, the familia."""
    seat = lanista["seat"]
    viewer = view.get("seat")
    own = "hand" in lanista
    title = seat_text(seat, viewer)
    if not view.get("over") and view.get("turn") and view.get("turn_seat") == seat:
        title.append(" · to play", style="bold")
    if not view.get("over") and view.get("current_player") == seat:
        title.append(" · deciding", style="bold reverse")
    if seat in view.get("winners", []):
        title.append(" · winner", style="bold yellow")
    if lanista.get("out"):
        title.append(" · out of the arena", style="dim")
    head = Text("Vox Populi ", style=LABEL_STYLE)
    head.append_text(vox_track(lanista))
    parts: list[RenderableType] = [head, familia_table(view, seat), _counts(lanista)]
    if own:
        parts.append(hand_table(lanista["hand"]))
    parts.append(_card_rows(lanista, own))
    subtitle = f"{lanista['zone_name']} side" if lanista.get("zone_name") else None
    return Panel(
        Group(*parts),
        title=title,
        title_align="left",
        subtitle=subtitle,
        subtitle_align="right",
        border_style=seat_style(seat),
        padding=(0, 1),
    )


# --- the attack in progress -----------------------------------------------------------------------


def _fight_card(value: Any) -> Text:
    if value is None:
        return Text("not committed yet", style="dim")
    if value == "deck":
        return Text("the top of the deck, unseen", style="italic")
    if value == "face down":
        return Text("face down", style="italic")
    return card_text(str(value), die=True)


def fight_panel(view: View) -> Panel:
    """The attack being resolved: who attacks whom, from where, and the committed cards."""
    fight = view["fight"]
    viewer = view.get("seat")
    by_id = {g["id"]: g for g in view.get("gladiators", [])}
    attacker, defender = by_id.get(fight["attacker"], {}), by_id.get(fight["defender"], {})
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style=LABEL_STYLE, no_wrap=True)
    grid.add_column()
    grid.add_row(
        "Attacker",
        glad_text(attacker.get("seat"), attacker.get("armatura"), attacker.get("square"), viewer),
    )
    position = position_words(relative_position(view, attacker, defender))
    defence = glad_text(
        defender.get("seat"), defender.get("armatura"), defender.get("square"), viewer
    )
    if position:
        defence.append(f", attacked {position}", style="dim")
    grid.add_row("Defender", defence)
    notes = []
    if fight.get("hinder"):
        notes.append("a Hindrance attack: a win puts a marker on the defender")
    if fight.get("bonus"):
        notes.append(f"+{fight['bonus']} ATT")
    if fight.get("ardor"):
        notes.append("Ardor Oris: the attacker is wounded once it is over")
    if notes:
        grid.add_row("", Text("; ".join(notes), style="yellow"))
    grid.add_row("Attack card", _fight_card(fight.get("attacker_card")))
    grid.add_row("Defence card", _fight_card(fight.get("defender_card")))
    if fight.get("set_aside"):
        grid.add_row("Set aside", card_list(fight["set_aside"], die=True))
    return Panel(grid, title="Attack in progress", title_align="left", border_style="red")


# --- the whole board ------------------------------------------------------------------------------


class JugulaBoard:
    """Arena and status, the lanistae, the attack in progress."""

    def __init__(self, view: View, marks: Marks) -> None:
        self.view = view
        self.marks = marks

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        arena = Group(render_arena(view, self.marks), legend(self.marks))
        yield _SideBySide(arena, status_grid(view, self.marks), SIDE_BY_SIDE_WIDTH)
        if view.get("fight"):
            yield fight_panel(view)
        for lanista in view.get("lanistae", []):
            yield lanista_panel(view, _with_zone(view, lanista))
        yield Text(
            "ATT/DEF 3/2: against light/heavy foes · Mv Vox Cmb Drw Upg: a card's effects",
            style="dim",
        )


def _with_zone(view: View, lanista: Entry) -> Entry:
    """The lanista with the name of his side of the arena (three or four lanistae)."""
    zone = lanista.get("zone", -1)
    if view.get("players", 2) <= 2 or zone is None or zone < 0:
        return lanista
    return {**lanista, "zone_name": SIDES[zone % len(SIDES)]}


def title_line(view: View) -> Text:
    viewer = view.get("seat")
    title = Text("Jugula", style="bold")
    title.append(f" · {view.get('players')} lanistae · ")
    title.append("spectator view" if viewer is None else f"view of seat {viewer}")
    if view.get("sudden_death"):
        title.append(" · SUDDEN DEATH", style="bold red")
    if view.get("over"):
        title.append(" · game over: ", style="bold")
        title.append_text(_winners_text(view))
    return title


def render_view(
    view: View, options: Mapping[str, Any] | None = None, legal: Sequence[str] = ()
) -> RenderableType:
    """The arena as `view` shows it; `legal` (the viewer's legal actions) marks its choices."""
    set_data_folder(str((options or {}).get("data") or ""))
    return Group(title_line(view), JugulaBoard(view, Marks(view, legal)))
