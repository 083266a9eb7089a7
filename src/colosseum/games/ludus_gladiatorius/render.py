"""Terminal rendering of Ludus Gladiatorius with Rich, from a seat's view only.

`render_view` draws the hex arena (odd rows half a hex to the right, as in `data/arena.toml`)
with the gladiators by number in their lanista's colour, the net and the starting hexes, then
the record sheets. `describe_event` and `describe_action` put events and actions into words.
Nothing here reads the game state: whatever is drawn comes from `state.view(seat)`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ...core.seats import seat_style, seat_text
from .data import Arena, load_catalog

View = Mapping[str, Any]

EDGE_STYLE = "grey42"
NAME_STYLE = "grey50"
START_STYLE = "dim yellow"
REACHABLE_STYLE = "bold green"
NET_STYLE = "bold yellow"
SIDE_BY_SIDE_WIDTH = 96


def special_name(code: str) -> str:
    """A special action's name from its code (the bundled rules.toml), or empty."""
    return load_catalog().special_names.get(code, "")


def die_letter(die: str) -> str:
    """A die as one letter: S standard, B boosted, M mighty."""
    return die[:1].upper()


def _gladiators(view: View) -> dict[int, Mapping[str, Any]]:
    return {entry["number"]: entry for entry in view.get("gladiators", [])}


def gladiator_text(view: View, number: int) -> Text:
    """ "2 Retiarius" in its owner's colour."""
    entry = _gladiators(view).get(number)
    if entry is None:
        return Text(f"gladiator {number}")
    return Text(f"{number} {entry['name']}", style=f"bold {seat_style(entry['owner'])}")


# --- the map -------------------------------------------------------------------------------


class _Canvas:
    """A grid of characters with a style each, turned into lines of Rich text."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str) -> None:
        for i, char in enumerate(text):
            self.chars[y][x + i] = char
            self.styles[y][x + i] = style

    def lines(self) -> Iterator[Text]:
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line = Text()
            for char, style in zip(chars, styles, strict=True):
                line.append(char, style=style)
            line.rstrip()
            yield line


def _hex_origin(col: int, row: int) -> tuple[int, int]:
    """Left wall and middle line of a hex: 4 characters a hex, odd rows shifted by 2."""
    return 4 * col + (2 if row % 2 else 0), 2 * row + 1


def _hex_content(
    name: str,
    index: int,
    arena: Arena,
    occupant: Mapping[str, Any] | None,
    active: int | None,
    net: str | None,
    reachable: set[str],
    starts: set[int],
) -> tuple[str, str]:
    """The three characters inside a hex and their style."""
    netted = net == name
    if occupant is not None:
        number = str(occupant["number"])
        is_active = occupant["number"] == active
        left = "›" if is_active else " "
        right = "#" if netted else ("‹" if is_active else " ")
        colour = seat_style(occupant["owner"])
        return left + number + right, f"bold white on {colour}"
    if netted:
        return " # ", NET_STYLE
    label = f"{name:>3}"[:3]
    if name in reachable:
        return label, REACHABLE_STYLE
    if index in starts:
        return label, START_STYLE
    return label, NAME_STYLE


def render_map(view: View, arena: Arena, reachable: set[str]) -> Text:
    """The hex arena with gladiators, net, starting hexes and reachable hexes, as lines of text."""
    margin = 3
    canvas = _Canvas(margin + 4 * arena.width + 4, 2 * arena.height + 2)
    occupants = {
        entry["hex"]: entry for entry in view.get("gladiators", []) if entry.get("hex") is not None
    }
    net = view.get("net")
    net_hex = net if isinstance(net, str) and net in arena.index else None
    starts = set(arena.starts.values())
    active = view.get("active") if view.get("phase") != "over" else None
    for col in range(arena.width):
        canvas.put(margin + 4 * col + 2, 0, chr(ord("a") + col), NAME_STYLE)
    for row in range(arena.height):
        canvas.put(0, 2 * row + 2, f"{row + 1:>2}", NAME_STYLE)
    for index, (col, row) in enumerate(arena.cells):
        x, y = _hex_origin(col, row)
        x += margin
        y += 1
        name = arena.names[index]
        canvas.put(x + 1, y - 1, "/", EDGE_STYLE)
        canvas.put(x + 3, y - 1, "\\", EDGE_STYLE)
        canvas.put(x, y, "|", EDGE_STYLE)
        canvas.put(x + 4, y, "|", EDGE_STYLE)
        canvas.put(x + 1, y + 1, "\\", EDGE_STYLE)
        canvas.put(x + 3, y + 1, "/", EDGE_STYLE)
        content, style = _hex_content(
            name, index, arena, occupants.get(name), active, net_hex, reachable, starts
        )
        canvas.put(x + 1, y, content, style)
    return Text("\n").join(canvas.lines())


# --- the status panel beside the map --------------------------------------------------------


def _status(view: View, reachable: set[str]) -> Table:
    """Round, phase, order, whose decision, the net, a pending attack, the legend."""
    viewer = view.get("seat")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    who = "spectator" if viewer is None else f"seat {viewer}"
    grid.add_row("View", Text(who, style=f"bold {seat_style(viewer)}"))
    limit = view.get("round_limit")
    grid.add_row("Round", f"{view.get('round')} of {limit}" if limit else str(view.get("round")))
    grid.add_row("Phase", str(view.get("phase")))
    grid.add_row("Order", _order(view))
    if view.get("phase") == "over":
        winners = view.get("winners", [])
        result = Text(" and ").join(seat_text(s, viewer) for s in winners) if winners else Text("—")
        grid.add_row("Winner", result)
    else:
        deciding = seat_text(view.get("current_player"), viewer)
        active = view.get("active")
        if active is not None:
            deciding.append(" for ")
            deciding.append_text(gladiator_text(view, active))
        grid.add_row("Deciding", deciding)
    pending = view.get("pending_attack")
    if pending:
        attack = gladiator_text(view, pending["attacker"])
        attack.append(" attacks ")
        attack.append_text(gladiator_text(view, pending["defender"]))
        grid.add_row("Attack", attack)
    if view.get("allowance") is not None:
        grid.add_row("Movement", f"{view['allowance']} hexes")
    grid.add_row("Net", _net(view))
    grid.add_row("", "")
    grid.add_row("Legend", _legend(view, reachable))
    return grid


def _order(view: View) -> Text:
    order = view.get("order", [])
    step = view.get("step", -1)
    text = Text()
    for i, number in enumerate(order):
        if i:
            text.append(" › ", style="dim")
        entry = _gladiators(view).get(number)
        style = seat_style(entry["owner"]) if entry else ""
        if i == step and view.get("phase") in ("place", "act", "move", "defend"):
            style = f"bold reverse {style}"
        elif entry is not None and entry.get("hex") is None:
            style = f"dim strike {style}"
        text.append(str(number), style=style)
    return text


def _net(view: View) -> Text:
    net = view.get("net")
    if net == "held":
        holder = next(
            (g["number"] for g in view.get("gladiators", []) if "NA" in g["specials_on_sheet"]),
            None,
        )
        if holder is None:
            return Text("not in play", style="dim")
        text = Text("held by ")
        text.append_text(gladiator_text(view, holder))
        return text
    return Text(f"lies on {net}", style=NET_STYLE)


def _legend(view: View, reachable: set[str]) -> Text:
    text = Text("seats")
    for seat in sorted({g["owner"] for g in view.get("gladiators", [])}):
        text.append(" ")
        text.append(f" {seat} ", style=f"bold white on {seat_style(seat)}")
    text.append("\n")
    text.append("›n‹", style="bold")
    text.append(" deciding, ")
    text.append("#", style=NET_STYLE)
    text.append(" the net\n")
    text.append("d1", style=START_STYLE)
    text.append(" starting hex")
    if reachable:
        text.append(", ")
        text.append("g5", style=REACHABLE_STYLE)
        text.append(" reachable")
    return text


# --- record sheets --------------------------------------------------------------------------


def _life(entry: Mapping[str, Any]) -> Text:
    life, most = entry["life"], entry["max_life"]
    share = life / most if most else 0
    colour = "green" if share > 0.5 else ("yellow" if share > 0.25 else "red")
    text = Text("■" * life, style=colour)
    text.append("□" * (most - life), style="grey37")
    text.append(f" {life}/{most}")
    return text


def _dice(entry: Mapping[str, Any]) -> str:
    return " ".join(die_letter(die) for die in entry["dice"])


def _counter(entry: Mapping[str, Any]) -> Text:
    counter = entry.get("counter")
    if counter is None:
        return Text("–", style="dim")
    if counter == "hidden":
        return Text("face down", style="dim italic")
    if counter == "blank":
        return Text("blank")
    text = Text(counter, style="bold")
    if "counter_usable" in entry:
        text.append(" ready" if entry["counter_usable"] else " done", style="dim")
    return text


def _specials(entry: Mapping[str, Any]) -> Text:
    left = entry.get("specials_left")
    if left is not None:
        return Text(" ").join(
            Text(f"{code}{count}", style="" if count else "dim strike")
            for code, count in left.items()
        )
    sheet = entry.get("specials_on_sheet", {})
    return Text(" ".join(f"{code}{count}" for code, count in sheet.items()), style="dim")


def _flags(entry: Mapping[str, Any]) -> Text:
    if entry.get("hex") is None:
        return Text("out", style="dim")
    flags = [
        (entry.get("attacked"), "attacked", ""),
        (entry.get("defended"), "defended", ""),
        (entry.get("entangled"), "entangled", "bold yellow"),
        (entry.get("no_attack") and not entry.get("entangled"), "no attack", "dim"),
        (entry.get("no_defence") and not entry.get("entangled"), "no defence", "dim"),
    ]
    text = Text(", ").join(Text(label, style=style) for on, label, style in flags if on)
    if entry.get("carried_shields"):
        if text:
            text.append(", ")
        text.append(f"+{entry['carried_shields']} shields", style="cyan")
    return text


def _owner(seat: int, viewer: int | None) -> Text:
    text = Text(str(seat), style=f"bold {seat_style(seat)}")
    if seat == viewer:
        text.append(" (you)", style="bold")
    return text


def render_sheets(view: View) -> Table:
    """The record sheets of every gladiator in the game, as the view shows them."""
    viewer = view.get("seat")
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
        caption="Dice: S standard, B boosted, M mighty; rolled, each die's face: / a sword, "
        "o a shield, - blank. Dim specials: the sheet's totals (what is left is secret).",
        caption_justify="left",
        caption_style="dim",
    )
    table.add_column("#", justify="right", style="bold")
    table.add_column("Gladiator", no_wrap=True)
    table.add_column("Seat", no_wrap=True)
    table.add_column("Hex", min_width=3)
    table.add_column("Life", no_wrap=True)
    table.add_column("Mv", justify="right")
    table.add_column("Dice", no_wrap=True)
    table.add_column("Counter", no_wrap=True)
    table.add_column("Specials", no_wrap=True)
    table.add_column("Status", min_width=9)
    for entry in view.get("gladiators", []):
        out = entry.get("hex") is None
        table.add_row(
            str(entry["number"]),
            Text(entry["name"], style=f"bold {seat_style(entry['owner'])}"),
            _owner(entry["owner"], viewer),
            entry.get("hex") or "–",
            _life(entry),
            str(entry["movement"]),
            _dice(entry),
            _counter(entry),
            _specials(entry),
            _flags(entry),
            style="dim" if out else None,
        )
    return table


# --- the whole board ------------------------------------------------------------------------


class LudusBoard:
    """Map and status side by side (stacked in a narrow terminal), then the record sheets."""

    def __init__(self, view: View, arena: Arena, reachable: set[str]) -> None:
        self.view = view
        self.arena = arena
        self.reachable = reachable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        board = render_map(self.view, self.arena, self.reachable)
        status = _status(self.view, self.reachable)
        if options.max_width >= SIDE_BY_SIDE_WIDTH:
            top = Table.grid(padding=(0, 2))
            top.add_column(no_wrap=True)
            top.add_column()
            top.add_row(board, status)
            yield top
        else:
            yield board
            yield status
        yield render_sheets(self.view)


def reachable_hexes(legal: Sequence[str]) -> set[str]:
    """The hexes named by legal "to" actions (where the deciding gladiator may end its move)."""
    return {parts[1] for parts in (n.split() for n in legal) if parts[0] == "to" and len(parts) > 1}


def render_view(
    view: View, options: Mapping[str, Any] | None = None, legal: Sequence[str] = ()
) -> RenderableType:
    """The board as `view` shows it; `legal` (the viewer's own legal actions) marks its moves."""
    arena = load_catalog(str((options or {}).get("data", ""))).arena
    title = Text("Ludus Gladiatorius", style="bold")
    title.append(f" · {arena.name}", style="dim")
    return Group(title, LudusBoard(view, arena, reachable_hexes(legal)))


# --- words for events and actions -----------------------------------------------------------


def _faces(faces: Sequence[Sequence[int]]) -> str:
    """Dice faces as marks: "/" a sword, "o" a shield, "-" a blank face."""
    return " ".join(("/" * f[0] + "o" * f[1]) or "-" for f in faces)


def _roll(data: Mapping[str, Any]) -> str:
    dice = " ".join(die_letter(die) for die in data.get("dice", []))
    text = f"[{dice}] {_faces(data['faces'])}"
    if data.get("final") is not None and data["final"] != data["faces"]:
        text += f", re-rolled: {_faces(data['final'])}"
    return text


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """One line saying what an event (its `to_json()`) means, names taken from `view`."""
    kind = event.get("kind", "")
    data = event.get("data", {})

    def who(key: str) -> Text:
        return gladiator_text(view, int(data[key]))

    def line(*parts: str | Text) -> Text:
        return Text.assemble(*parts)

    if kind == "counter_placed":
        return line(who("gladiator"), " places a counter face down")
    if kind == "counter_chosen":
        code = data["counter"]
        name = special_name(code)
        whose = "your counter" if view.get("seat") is not None else "its face-down counter"
        return line(who("gladiator"), f": {whose} is {code}" + (f" ({name})" if name else ""))
    if kind == "end":
        return line(who("gladiator"), " ends its activation")
    if kind == "boost_roll":
        bonus = f", +{data['bonus']}" if data.get("bonus") else ""
        return line(
            who("gladiator"),
            f" rolls the boosted die: {_faces(data['faces'])}{bonus}"
            f" → moves up to {data['allowance']}",
        )
    if kind == "moved":
        if data["from"] == data["to"]:
            return line(who("gladiator"), f" stays on {data['to']}")
        return line(who("gladiator"), f" moves {data['from']} → {data['to']}")
    if kind == "attack":
        return line(who("attacker"), " attacks ", who("defender"))
    if kind == "special_action":
        return line(
            who("gladiator"), " reveals ", Text(f"{data['action']} {data['name']}", style="bold")
        )
    if kind == "net_throw":
        result = Text("entangled!", style="bold yellow") if data["entangled"] else Text("missed")
        return line(
            who("retiarius"),
            " throws the net at ",
            who("target"),
            f": {_faces(data['faces'])} → ",
            result,
        )
    if kind == "net_recovered":
        return line(who("gladiator"), f" recovers the net (by {data.get('by', 'hand')})")
    if kind == "defence":
        if data["defends"]:
            return line(who("gladiator"), " defends")
        return line(who("gladiator"), " does not defend")
    if kind == "attack_roll":
        hits = Text(f"{data['hits']} hit" + ("" if data["hits"] == 1 else "s"), style="bold")
        return line("  attack ", _roll(data), " → ", hits)
    if kind == "defence_roll":
        carried = f" ({data['carried_in']} carried in)" if data.get("carried_in") else ""
        kept = f", {data['carried_out']} kept" if data.get("carried_out") else ""
        blocks = Text(f"{data['blocks']} blocked", style="bold")
        return line("  defence ", _roll(data), " → ", blocks, carried + kept)
    if kind == "wound":
        lost = Text(f"loses {data['lost']} life", style="bold red" if data["lost"] else "")
        return line("  ", who("gladiator"), " ", lost, f" ({data['life']} left)")
    if kind == "emperor":
        thumb = "thumbs down" if data["verdict"] == "down" else "thumbs up"
        return line(
            "  The Emperor's die for ",
            who("gladiator"),
            ": ",
            Text(f"{thumb}, {data['fate']}", style="bold"),
            "; out of the arena",
        )
    if kind == "round_end":
        return Text(f"— end of round {data['round']} —", style="dim")
    if kind == "round_start":
        order = " › ".join(str(n) for n in data.get("order", []))
        return Text(f"Round {data['round']}: order {order}", style="bold")
    if kind == "game_over":
        winners = data.get("winners", [])
        text = Text("Game over: ", style="bold")
        text.append_text(Text(" and ").join(seat_text(s) for s in winners))
        text.append(" wins" if len(winners) == 1 else " share the win")
        return text
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{kind}: {details}" if details else kind)


def action_order(notation: str) -> tuple[int, int, int, int]:
    """Menu order: moves to hexes by row then column (after "stay"), other actions as legal."""
    parts = notation.split()
    if parts[0] != "to" or len(parts) < 2 or not parts[1][1:].isdigit():
        return (0, 0, 0, 0)
    name = parts[1]
    return (1, int(name[1:]), ord(name[0]), len(parts))


def describe_action(notation: str, view: View) -> Text:
    """A legal action's notation with a few words of explanation."""
    parts = notation.split()
    kind, args = parts[0], parts[1:]
    text = Text(notation, style="bold")
    if kind == "place" and args:
        name = special_name(args[0])
        if name:
            text.append(f" ({name})", style="dim")
    elif kind == "attack" and args and args[0].isdigit():
        entry = _gladiators(view).get(int(args[0]))
        if entry is not None:
            text.append(f" ({entry['name']})", style=seat_style(entry["owner"]))
        if "recover" in args:
            text.append(", recovering the net", style="dim")
    elif kind == "to" and "net" in args:
        text.append(" picking up the net", style="dim")
    elif kind == "move":
        text.append(" (roll the boosted die, then choose a hex)", style="dim")
    elif kind == "end":
        text.append(" (end this activation)", style="dim")
    elif kind == "no-defence":
        text.append(" (take the blow)", style="dim")
    return text
