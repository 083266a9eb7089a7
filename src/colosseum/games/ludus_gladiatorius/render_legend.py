"""What every abbreviation and mark of the Ludus Gladiatorius screen means (`render_legend`,
the F5 key of the full-screen interface), in the project's own words; the special actions
named from the catalog of the game drawn last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType

from ...core.seats import legend_group
from .data import load_catalog
from .render import NET_STYLE, REACHABLE_STYLE, START_STYLE

View = Mapping[str, Any]
Entry = tuple[str, str]

MAP: Sequence[Entry] = (
    (
        "a–m 1–9",
        "columns and rows: a hex is named column then row, g5; even rows are drawn "
        "half a hex to the right",
    ),
    ("g5", "an empty hex, by its name"),
    ("d1", "a start hex (yellow)"),
    ("e4", "a hex the gladiator may reach (green)"),
    ("5", "a gladiator by his number, in his lanista's colour"),
    ("›5‹", "the gladiator whose turn it is"),
    ("#", "the net on that hex (5#: the gladiator there is caught in it)"),
)

STATUS: Sequence[Entry] = (
    ("Round 3 of 30", "the round (and the last one, when the game has a limit)"),
    (
        "place act move defend",
        "the phase: counters placed face down, then each gladiator acts, moves, defends",
    ),
    ("order 5 › 1 › 4", "the order in which the gladiators act this round"),
    ("moves up to 3", "the hexes the moving gladiator may still cover"),
    ("Net", "who holds the net, or the hex where it lies"),
)

SHEET: Sequence[Entry] = (
    ("■■■□ 3/4", "life: boxes left and lost; life left / most life"),
    (
        "counter",
        "this round's counter: – none yet, face down (a rival's), blank, or the "
        "special action it shows (ready: still to use; done: used)",
    ),
    ("SA2", "a special action's code and how many counters of it are left (struck out: none)"),
    ("out", "no longer in the arena"),
    ("attacked defended", "he has attacked / defended this round"),
    ("entangled", "caught in the net: he may not move, attack nor defend for the rest of the turn"),
    ("no attack", "he may not attack this round"),
    ("no defence", "he may not defend this round"),
    ("+2 shields", "extra shields kept from a Doughty Defence roll"),
)

DICE: Sequence[Entry] = (
    ("/", "a sword: one hit"),
    ("o", "a shield: one hit stopped"),
    ("-", "a blank face"),
    ("S B M", "the dice a gladiator rolls: standard, boosted, mighty"),
)


def special_entries(options: Mapping[str, Any] | None) -> list[Entry]:
    names = load_catalog(str((options or {}).get("data") or "")).special_names
    return [(code, name) for code, name in names.items()]


def legend_entries(
    view: View, options: Mapping[str, Any] | None = None
) -> list[tuple[str, Sequence[Entry]]]:
    """The legend by section: (heading, [(what is shown, what it means)])."""
    return [
        ("The arena", MAP),
        ("Status lines", STATUS),
        ("Record sheets", SHEET),
        ("Special actions", special_entries(options)),
        ("Dice faces", DICE),
    ]


_STYLES = {"#": NET_STYLE, "d1": START_STYLE, "e4": REACHABLE_STYLE}


def render_legend(
    view: View, options: Mapping[str, Any] | None = None, width: int = 80
) -> RenderableType:
    """Every abbreviation and mark of the arena, the status, the panel and the menu."""
    return legend_group(
        "Ludus Gladiatorius: what the screen shows", legend_entries(view, options), width, _STYLES
    )
