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

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...cli.seats import plural, possessive, seat_style, seat_text
from .board import geometry
from .data import Armatura, Card, Catalog, load_catalog
from .model import SIDES

View = Mapping[str, Any]
Entry = Mapping[str, Any]

FACINGS = "nesw"
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
LABEL_STYLE = "bold"
LIGHT_SQUARE = "on grey23"
DARK_SQUARE = "on grey15"
EMPTY_STYLE = "grey50"
REACH_STYLE = "bold black on green3"
MARK_STYLE = "bold yellow"
WOUND_STYLE = "bold yellow"
HINDER_STYLE = "bold cyan"
TRAIT_FLAGS = ("hindrance", "bow", "harassment", "massive", "stoic")
CELL = 7  # characters a square: mark, seat, two letters, arrow, wound, hindrance
SIDE_BY_SIDE_WIDTH = 96
PICK_MARK = "›"
TARGET_MARK = "×"

# The data folder of the board drawn last: events and menu labels, which get no options, use
# the same cards (empty: the bundled data).
_data_folder = ""


def catalog() -> Catalog:
    """The cards and armaturae of the game drawn last (the bundled ones before any board)."""
    return load_catalog(_data_folder)


# --- names and numbers --------------------------------------------------------------------------


def card_spec(code: str) -> Card | None:
    index = catalog().card_by_code.get(code)
    return None if index is None else catalog().cards[index]


def stars(spec: Card) -> str:
    return "★" * spec.cost


def card_text(code: str, die: bool = False) -> Text:
    """A card's name (crimson with its stars for a Prima Jugula card), with its die if asked."""
    spec = card_spec(code)
    if spec is None:
        return Text(code, style="bold")
    text = Text(spec.name, style="bold red" if spec.prima else "bold")
    if spec.prima:
        text.append(stars(spec), style="red")
    if die:
        text.append(f" (die {spec.die})", style="dim")
    return text


def card_list(codes: Iterable[str], die: bool = False) -> Text:
    """Cards by name, comma separated; "none" for no card."""
    texts = [card_text(code, die) for code in codes]
    return Text(", ").join(texts) if texts else Text("none", style="dim")


def armatura_spec(code: str | None) -> Armatura | None:
    index = catalog().armatura_by_code.get(code or "")
    return None if index is None else catalog().armaturae[index]


def armatura_name(code: str | None) -> str:
    spec = armatura_spec(code)
    return str(code) if spec is None else spec.name


@cache
def _abbreviations(folder: str) -> dict[str, str]:
    """Two letters per armatura, all different: the first two letters of the name, else the
    first and a later one."""
    found: dict[str, str] = {}
    taken: set[str] = set()
    for spec in load_catalog(folder).armaturae:
        name = spec.name.lower()
        choices = [name[0] + c for c in name[1:] if c.isalpha()] or [name[:2]]
        short = next((c for c in choices if c not in taken), choices[0])
        taken.add(short)
        found[spec.code] = short.upper() if spec.heavy else short.capitalize()
    return found


def abbreviation(code: str | None) -> str:
    """ "Ve" for a Veles, "MU" for a Murmillo (capitals for the heavy armaturae)."""
    return _abbreviations(_data_folder).get(code or "", (code or "??")[:2])


def glad_text(seat: Any, armatura: Any, square: Any = None, viewer: int | None = None) -> Text:
    """ "seat 1's Murmillo on e7" ("your Murmillo" for the viewer's), in the seat's colour."""
    text = possessive(seat, viewer)
    text.append(" ")
    text.append(armatura_name(armatura), style=f"bold {seat_style(seat)}")
    if square and square != armatura:
        text.append(f" on {square}")
    return text


def _gladiators(view: View) -> list[Entry]:
    return [g for g in view.get("gladiators", []) if g.get("armatura")]


def _at(view: View) -> dict[str, Entry]:
    """The gladiators in the arena by square."""
    return {g["square"]: g for g in _gladiators(view) if g.get("square")}


def _coords(square: str) -> tuple[int, int]:
    """(file, rank) from 0 of a square name such as "e5"; (-1, -1) if it is not one."""
    if len(square) < 2 or not square[0].isalpha() or not square[1:].isdigit():
        return -1, -1
    return ord(square[0]) - ord("a"), int(square[1:]) - 1


def _square_key(square: str) -> tuple[int, int]:
    """Board order: rank 8 first, then by file (as the arena is drawn)."""
    file, rank = _coords(square)
    return -rank, file


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
    width, height = int(view.get("width", 8)), int(view.get("height", 8))
    at = _at(view)
    files = Text("   ")
    for file in range(width):
        files.append(f"{chr(ord('a') + file):^{CELL}}", style=EMPTY_STYLE)
    lines = [files]
    for rank in range(height, 0, -1):
        line = Text(f"{rank:>2} ", style=EMPTY_STYLE)
        for file in range(width):
            square = f"{chr(ord('a') + file)}{rank}"
            shade = LIGHT_SQUARE if (file + rank) % 2 else DARK_SQUARE
            line.append_text(_cell(at.get(square), square, marks, shade))
        line.append(f" {rank}", style=EMPTY_STYLE)
        lines.append(line)
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


def relative_position(view: View, attacker: Entry, defender: Entry) -> str | None:
    """Where the attacker stands for the defender: front, flank, rear or back."""
    if not attacker.get("square") or not defender.get("square") or not defender.get("facing"):
        return None
    width, height = int(view.get("width", 8)), int(view.get("height", 8))
    geo = geometry(width, height)
    (af, ar), (df, dr) = _coords(attacker["square"]), _coords(defender["square"])
    if not (0 <= af < width and 0 <= ar < height and 0 <= df < width and 0 <= dr < height):
        return None
    facing = FACINGS.index(defender["facing"])
    return str(geo.relative_position(dr * width + df, facing, ar * width + af))


def _position_words(position: str | None) -> str:
    """ "from the rear (+2)": where the attacker stands and the bonus it gives."""
    if position is None:
        return ""
    combat = catalog().rules.combat
    bonus = {"flank": combat.flank, "rear": combat.rear, "back": combat.back}.get(position)
    return f"from the {position}" + (f" (+{bonus})" if bonus else "")


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
    position = _position_words(relative_position(view, attacker, defender))
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
    global _data_folder
    _data_folder = str((options or {}).get("data") or "")
    return Group(title_line(view), JugulaBoard(view, Marks(view, legal)))


# --- words for events -----------------------------------------------------------------------------

EFFECT_NAMES = {
    "move": "movement",
    "vox": "Vox Populi",
    "combat": "combat",
    "draw": "draw",
    "upgrade": "upgrade",
    "ability": "ability",
}


def effect_words(code: str, effect: str, text: bool = True) -> str:
    """ "its combat effect (3 attacks)", "its ability: <text>" (the text if asked)."""
    spec = card_spec(code)
    name = EFFECT_NAMES.get(effect, effect)
    if effect == "ability":
        return f"its ability: {spec.text}" if spec is not None and text else "its ability"
    if spec is None:
        return f"its {name} effect"
    value = spec.movement if effect == "move" else getattr(spec, effect, 0)
    detail = {
        "move": f"moves {plural(value, 'gladiator')}",
        "vox": f"+{value} Vox Populi",
        "combat": plural(value, "attack"),
        "draw": f"draws {plural(value, 'card')}",
        "upgrade": f"a Prima Jugula card of up to {value}★" if value else "0★: no card",
    }.get(effect, str(value))
    return f"its {name} effect ({detail})"


def _scores_text(data: Mapping[str, Any]) -> Text:
    attack, defence = int(data["attack"]), int(data["defence"])
    text = Text(f"  scores: attack {attack} – defence {defence} → ")
    if attack > defence:
        text.append("the attack wins", style="bold red")
    elif defence > attack:
        text.append("the defence holds", style="bold cyan")
    else:
        text.append("a draw, nothing happens", style="dim")
    return text


def _first_reveal(data: Mapping[str, Any], viewer: int | None) -> Text:
    text = Text("For the first player: ")
    shown = []
    for seat, code in (data.get("cards") or {}).items():
        part = seat_text(int(seat), viewer)
        part.append(" shows ")
        part.append_text(card_text(str(code), die=True))
        shown.append(part)
    text.append_text(Text(", ").join(shown))
    return text


def _removed_text(data: Mapping[str, Any], viewer: int | None) -> Text:
    codes = data.get("cards") or [data.get("card")]
    text = possessive(data.get("seat"), viewer)
    text.append(" ")
    text.append_text(card_list(str(c) for c in codes if c))
    text.append(" leave the game" if len(codes) > 1 else " leaves the game")
    return text


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """One line saying what an event (its `to_json()`) means, names taken from the catalog."""
    kind = str(event.get("kind", ""))
    data: Mapping[str, Any] = event.get("data") or {}
    viewer = view.get("seat")
    handler = _EVENTS.get(kind)
    if handler is not None:
        try:
            return handler(data, viewer)
        except (KeyError, TypeError, ValueError):
            pass
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{kind}: {details}" if details else kind)


def _seat(data: Mapping[str, Any], viewer: int | None, key: str = "seat") -> Text:
    return seat_text(data.get(key), viewer)


def _who(data: Mapping[str, Any], viewer: int | None) -> Text:
    return glad_text(data.get("seat"), data.get("armatura"), data.get("square"), viewer)


def _card(data: Mapping[str, Any], key: str = "card") -> Text:
    return card_text(str(data[key]))


def _from(data: Mapping[str, Any]) -> str:
    return "the top of the deck" if data.get("from") == "deck" else "the hand"


EventWords = Callable[[Mapping[str, Any], int | None], Text]

_EVENTS: dict[str, EventWords] = {
    "armatura": lambda d, v: Text.assemble(
        _seat(d, v), " picks the ", Text(armatura_name(d["armatura"]), style="bold")
    ),
    "zone": lambda d, v: Text.assemble(_seat(d, v), f" takes the {d['zone']} zone"),
    "deploy": lambda d, v: Text.assemble(
        _seat(d, v),
        " deploys the ",
        Text(armatura_name(d["armatura"]), style=f"bold {seat_style(d['seat'])}"),
        f" on {d['square']} facing {FACING_WORDS.get(d['facing'], d['facing'])}",
    ),
    "first_reveal": _first_reveal,
    "first_player": lambda d, v: Text.assemble(
        _seat(d, v),
        Text(" plays first", style="bold"),
        Text.assemble(" (chosen by ", _seat(d, v, "chosen_by"), ")")
        if d.get("chosen_by") is not None and d.get("chosen_by") != d.get("seat")
        else "",
    ),
    "round": lambda d, v: Text(
        f"— round {d['round']}: each lanista commits a card for the first player —",
        style="bold",
    ),
    "bid": lambda d, v: Text.assemble(
        "  ", _seat(d, v), f" commits a card face down from {_from(d)}"
    ),
    "reveal": lambda d, v: Text.assemble(
        "  ", _seat(d, v), " reveals ", card_text(str(d["card"]), die=True)
    ),
    "turn": lambda d, v: Text.assemble(
        Text(f"— turn {d['turn']}: ", style="bold"),
        possessive(d["seat"], v),
        Text(" turn —", style="bold"),
    ),
    "play": lambda d, v: Text.assemble(
        _seat(d, v),
        " plays ",
        _card(d),
        f" for {effect_words(str(d['card']), d['effect'], text=False)}",
    ),
    "pass": lambda d, v: Text.assemble(_seat(d, v), " plays no further card"),
    "step": lambda d, v: Text.assemble(
        "  ",
        possessive(d["seat"], v),
        " ",
        _name(d),
        f" → {d['square']}, facing {FACING_WORDS.get(d['facing'], d['facing'])}",
    ),
    "aware": lambda d, v: Text.assemble(
        "  ", _who(d, v), f" (Aware) turns to face {FACING_WORDS.get(d['facing'], d['facing'])}"
    ),
    "hindrance_removed": lambda d, v: Text.assemble(
        "  ", _who(d, v), " shakes off the Hindrance markers"
    ),
    "draw": lambda d, v: Text.assemble(_seat(d, v), f" draws {plural(d['cards'], 'card')}"),
    "discard": lambda d, v: Text.assemble(_seat(d, v), " discards ", _card(d)),
    "reshuffle": lambda d, v: Text.assemble(
        _seat(d, v), f" shuffles the discard pile into a new deck ({plural(d['cards'], 'card')})"
    ),
    "vox": lambda d, v: Text.assemble(
        possessive(d["seat"], v),
        " Vox Populi ",
        Text(f"{d['change']:+d}", style="bold green" if d["change"] > 0 else "bold red"),
        f" → {d['level']}",
    ),
    "prima": lambda d, v: Text.assemble(_seat(d, v), " takes ", _card(d), " into the hand"),
    "recall": lambda d, v: Text.assemble(
        _seat(d, v), " takes ", _card(d), " back from the discard pile"
    ),
    "restore": lambda d, v: Text.assemble(
        _card(d), " goes back on top of ", possessive(d["seat"], v), " deck"
    ),
    "removed": _removed_text,
    "seed": lambda d, v: Text.assemble(
        _seat(d, v), " puts ", _card(d), " into the discard pile (Perfidia)"
    ),
    "looks": lambda d, v: Text.assemble(
        _seat(d, v), f" looks at the top {plural(d['cards'], 'card')} of the deck"
    ),
    "compelled": lambda d, v: Text.assemble(
        _seat(d, v), " must play a card drawn at random from the hand next turn (Dubitatio)"
    ),
    "compelled_card": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " compelled card is ", _card(d)
    ),
    "attack": lambda d, v: Text.assemble(
        _who(d["attacker"], v),
        Text(" tries to hinder " if d.get("hinder") else " attacks ", style="bold"),
        _who(d["defender"], v),
    ),
    "commit": lambda d, v: Text.assemble(
        "  ",
        _seat(d, v),
        " commits the top of the deck unseen"
        if d.get("from") == "deck"
        else " commits a card face down",
    ),
    "reveal_combat": lambda d, v: Text.assemble(
        "  revealed: attack ",
        card_text(str(d["attacker"]), die=True) if d.get("attacker") else Text("no card (0)"),
        ", defence ",
        card_text(str(d["defender"]), die=True) if d.get("defender") else Text("no card (0)"),
    ),
    "resilient": lambda d, v: Text.assemble(
        "  ",
        _seat(d, v),
        " (Resilient) swaps the defence card for ",
        card_text(str(d["card"]), die=True) if d.get("card") else Text("nothing"),
    ),
    "scores": lambda d, v: _scores_text(d),
    "pushed_back": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " ", _name(d), f" is pushed back to {d['square']}"
    ),
    "sturdy": lambda d, v: Text.assemble("  ", _who(d, v), " is Sturdy and stands his ground"),
    "no_room": lambda d, v: Text.assemble(
        "  ", _who(d, v), " has no room to be pushed back: a wound instead"
    ),
    "pursues": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " ", _name(d), f" pursues into {d['square']}"
    ),
    "hindered": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" is caught: a Hindrance marker", style=HINDER_STYLE)
    ),
    "wounded": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" is wounded", style="bold yellow")
    ),
    "bites_the_dust": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" bites the dust!", style="bold red")
    ),
    "healed": lambda d, v: Text.assemble(_who(d, v), Text(" is healed", style="bold green")),
    "sudden_death": lambda d, v: Text.assemble(
        Text("Sudden death! ", style="bold red"),
        Text(" and ").join(seat_text(s, v) for s in d.get("seats", [])),
        ": Vox Populi to 10; the next blow on a rival wins",
    ),
    "leaves_arena": lambda d, v: Text.assemble(
        possessive(d["seat"], v), " familia leaves the arena"
    ),
    "game_over": lambda d, v: Text.assemble(
        Text("Game over", style="bold"),
        f" ({d['reason']})" if d.get("reason") else "",
        ": ",
        Text(" and ").join(seat_text(s, v) for s in d.get("winners", [])) or Text("nobody"),
        " wins" if len(d.get("winners", [])) == 1 else " share the win",
    ),
}


def _name(data: Mapping[str, Any]) -> Text:
    return Text(armatura_name(data.get("armatura")), style=f"bold {seat_style(data.get('seat'))}")


# --- words for actions ----------------------------------------------------------------------------

# Menu order by kind: choices first, declining and ending last.
ACTION_RANK = {
    kind: rank
    for rank, kind in enumerate(
        (
            "pick",
            "zone",
            "deploy",
            "bid",
            "first",
            "play",
            "use",
            "move",
            "shake",
            "impetus",
            "to",
            "face",
            "attack",
            "hinder",
            "card",
            "swap",
            "push",
            "pursue",
            "rival",
            "take",
            "recall",
            "restore",
            "heal",
            "top",
            "seed",
            "dementia",
            "execute",
            "remove",
            "discard",
        )
    )
}
LAST_KINDS = ("stay", "hold", "keep", "done", "pass")
UNSEEN = ("deck", "none")


def action_order(notation: str) -> tuple[int, int, int, int]:
    """Menu order: by kind (declining and ending last); destinations as the arena is drawn (rank
    8 first), then by facing; committing the deck's top or no card after the cards in hand."""
    parts = notation.split()
    kind = parts[0] if parts else ""
    if kind in LAST_KINDS:
        return (len(ACTION_RANK) + LAST_KINDS.index(kind), 0, 0, 0)
    rank = ACTION_RANK.get(kind, len(ACTION_RANK) - 1)
    if kind == "to" and len(parts) > 2:
        return (rank, *_square_key(parts[1]), FACINGS.find(parts[2]))
    if kind == "push" and len(parts) > 1:
        return (rank, *_square_key(parts[1]), 0)
    if kind in ("card", "bid") and len(parts) > 1 and parts[1] in UNSEEN:
        return (rank, 1 + UNSEEN.index(parts[1]), 0, 0)
    return (rank, 0, 0, 0)


def _gladiator_at(view: View, square: str) -> Entry | None:
    return _at(view).get(square)


def _glad_at(view: View, square: str) -> Text:
    """ "the Thraex on d4" ("seat 1's Thraex on d4" for another lanista's)."""
    entry = _gladiator_at(view, square)
    if entry is None:
        return Text(f"the gladiator on {square}")
    viewer = view.get("seat")
    owner = Text("the ") if entry["seat"] == viewer else possessive(entry["seat"], viewer)
    if entry["seat"] != viewer:
        owner.append(" ")
    owner.append(armatura_name(entry["armatura"]), style=f"bold {seat_style(entry['seat'])}")
    owner.append(f" on {square}")
    return owner


def _armatura_words(code: str) -> str:
    """ "light; MP 6, ATT 3/3, DEF 3/2, Range 2" from the catalog (unhurt side)."""
    spec = armatura_spec(code)
    if spec is None:
        return ""
    side = spec.sides[0]
    words = [
        "heavy" if spec.heavy else "light",
        f"MP {side.mp}, ATT {side.att[0]}/{side.att[1]}, DEF {side.defence[0]}/{side.defence[1]}",
    ]
    traits = [f"Range {spec.range}"] if spec.range else []
    traits += [t.capitalize() for t in TRAIT_FLAGS if getattr(spec, t)]
    return "; ".join(words + ([", ".join(traits)] if traits else []))


def _path_squares(path: str) -> list[str]:
    """The squares a path notation ("d5n-e5e") goes through, each once in a row."""
    squares: list[str] = []
    for step in path.split("-"):
        if step[:-1] and (not squares or squares[-1] != step[:-1]):
            squares.append(step[:-1])
    return squares


def _attack_words(view: View, args: Sequence[str], hinder: bool) -> Text:
    at = _at(view)
    attacker, defender = at.get(args[0]), at.get(args[1])
    text = Text("Hinder: " if hinder else "Attack: ", style="bold")
    text.append_text(_glad_at(view, args[0]))
    text.append(" → " if not hinder else " throws at ")
    text.append_text(_glad_at(view, args[1]))
    if attacker is not None and defender is not None:
        position = _position_words(relative_position(view, attacker, defender))
        if position:
            text.append(f", {position}", style="dim")
        if defender.get("wounded"):
            text.append(", already wounded", style="dim")
    return text


def _done_words(decision: str) -> str:
    return {
        "move_pick": "Move no more gladiators",
        "attack": "Make no more attacks",
        "prima": "Take no Prima Jugula card",
        "sacrifice": "Discard no more cards",
        "perfidia": "Put no more cards into the discard pile",
        "temperare": "Remove no more cards",
    }.get(decision, "Done")


def _commit_words(view: View, choice: str, what: str) -> Text:
    if choice == "deck":
        return Text(f"Commit the top card of your deck, unseen, {what}")
    if choice == "none":
        return Text(f"Commit no card (die 0) {what}")
    return Text.assemble("Commit ", card_text(choice, die=True), f" face down {what}")


ActionWords = Callable[[View, Sequence[str]], Text | str]


def _play(view: View, args: Sequence[str]) -> Text:
    return Text.assemble("Play ", card_text(args[0]), f" for {effect_words(args[0], args[1])}")


def _to(view: View, args: Sequence[str]) -> Text:
    """ "Move to e5 facing east via d5, e5"; "Turn to face east on d4" without a step."""
    facing = FACING_WORDS.get(args[1], args[1])
    squares = _path_squares(args[2]) if len(args) > 2 else []
    if args[0] in _at(view):  # his own square: only the mover stands on a destination
        text = Text.assemble("Turn to face ", Text(facing, style="bold"), f" on {args[0]}")
    else:
        text = Text.assemble("Move to ", Text(args[0], style="bold"), f" facing {facing}")
    if squares and squares != [args[0]]:
        text.append(f" via {', '.join(squares)}", style="dim")
    return text


def _pass(view: View, args: Sequence[str]) -> str:
    seat = view.get("seat")
    lanistae = view.get("lanistae", [])
    empty = seat is not None and 0 <= seat < len(lanistae) and not lanistae[seat]["hand_count"]
    return "Pass: no card to play" if empty else "Play no further card"


def _first(view: View, args: Sequence[str]) -> Text:
    seat = int(args[0])
    if seat == view.get("seat"):
        return Text("You play first", style="bold")
    return Text.assemble("Name ", seat_text(seat), " first player")


def _rival(view: View, args: Sequence[str]) -> Text:
    seat = int(args[0])
    text = Text.assemble("Choose ", seat_text(seat))
    lanistae = view.get("lanistae", [])
    if 0 <= seat < len(lanistae):
        lanista = lanistae[seat]
        text.append(f" (Vox Populi {lanista['vox']}, {plural(lanista['hand_count'], 'card')})")
    return text


def _restore(view: View, args: Sequence[str]) -> Text:
    owner = possessive(int(args[0]), view.get("seat"))
    return Text.assemble("Put ", owner, " ", card_text(args[1]), " back on top of its deck")


def _impetus(view: View, args: Sequence[str]) -> Text:
    order = "move, then attack" if args[1] == "move" else "attack, then move"
    return Text.assemble("Impetus with ", _glad_at(view, args[0]), f": {order}")


def _deploy(view: View, args: Sequence[str]) -> Text:
    seat = view.get("seat")
    return Text.assemble(
        "Deploy the ",
        Text(armatura_name(args[0]), style=f"bold {seat_style(seat)}"),
        " on ",
        Text(args[1], style="bold"),
        f" facing {FACING_WORDS.get(args[2], args[2])}",
    )


def _pick(view: View, args: Sequence[str]) -> Text:
    text = Text.assemble("Pick the ", Text(armatura_name(args[0]), style="bold"))
    words = _armatura_words(args[0])
    if words:
        text.append(f" ({words})", style="dim")
    return text


def _take(view: View, args: Sequence[str]) -> Text:
    """ "Take Audacia★ into your hand (Mv 2, Vox 3, Cmb 3, Drw 3, Upg 0, die 6)"."""
    spec = card_spec(args[0])
    text = Text.assemble("Take ", card_text(args[0]), " into your hand")
    if spec is not None:
        values = (spec.movement, spec.vox, spec.combat, spec.draw, spec.upgrade)
        heads = ("Mv", "Vox", "Cmb", "Drw", "Upg")
        numbers = ", ".join(f"{head} {value}" for head, value in zip(heads, values, strict=True))
        text.append(f" ({numbers}, die {spec.die})", style="dim")
        if spec.ability != "none":
            text.append(f": {spec.text}", style="dim")
    return text


_ACTIONS: dict[str, ActionWords] = {
    "play": _play,
    "pass": _pass,
    "to": _to,
    "move": lambda v, a: Text.assemble("Move ", _glad_at(v, a[0]), _mp_words(v, a[0])),
    "shake": lambda v, a: Text.assemble(
        "Shake off the markers of ", _glad_at(v, a[0]), " (all his MP)"
    ),
    "stay": lambda v, a: "Stay: end the move here",
    "done": lambda v, a: _done_words(str(v.get("decision"))),
    "attack": lambda v, a: _attack_words(v, a, hinder=False),
    "hinder": lambda v, a: _attack_words(v, a, hinder=True),
    "card": lambda v, a: _commit_words(v, a[0], "for the attack"),
    "bid": lambda v, a: _commit_words(v, a[0], "for the first player"),
    "first": _first,
    "push": lambda v, a: Text.assemble("Push the defender back to ", Text(a[0], style="bold")),
    "pursue": lambda v, a: "Pursue into the vacated square",
    "hold": lambda v, a: "Hold: do not pursue",
    "swap": lambda v, a: "Resilient: discard the defence card for the top of the deck",
    "keep": lambda v, a: "Keep the defence card",
    "face": lambda v, a: Text.assemble(
        "Aware: ", _glad_at(v, a[0]), f" faces {FACING_WORDS.get(a[1], a[1])}"
    ),
    "discard": lambda v, a: Text.assemble("Discard ", card_text(a[0], die=True)),
    "take": _take,
    "use": lambda v, a: f"Use the {EFFECT_NAMES.get(a[0], a[0])} effect",
    "rival": _rival,
    "recall": lambda v, a: Text.assemble("Take ", card_text(a[0]), " back from your discard pile"),
    "restore": _restore,
    "heal": lambda v, a: Text.assemble("Heal ", _glad_at(v, a[0])),
    "impetus": _impetus,
    "top": lambda v, a: Text.assemble("Put ", card_text(a[0]), " next on your deck"),
    "seed": lambda v, a: Text.assemble("Put ", card_text(a[0]), " into your discard pile"),
    "dementia": lambda v, a: Text.assemble("Move ", _glad_at(v, a[0]), " yourself"),
    "execute": lambda v, a: Text.assemble("Wound ", _glad_at(v, a[0])),
    "remove": lambda v, a: Text.assemble("Remove ", card_text(a[0]), " from the game"),
    "deploy": _deploy,
    "zone": lambda v, a: f"Take the {a[0]} zone",
    "pick": _pick,
}


def _mp_words(view: View, square: str) -> str:
    entry = _gladiator_at(view, square)
    return "" if entry is None else f" ({entry['mp']} MP)"


def describe_action(notation: str, view: View) -> Text:
    """A legal action in words ("Play Virtus for its combat effect (3 attacks)")."""
    parts = notation.split()
    kind, args = (parts[0], parts[1:]) if parts else ("", [])
    handler = _ACTIONS.get(kind)
    if handler is not None:
        try:
            words = handler(view, args)
        except (IndexError, KeyError, TypeError, ValueError):
            return Text(notation, style="bold")
        return words if isinstance(words, Text) else Text(words)
    return Text(notation, style="bold")
