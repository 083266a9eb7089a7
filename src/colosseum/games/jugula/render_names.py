"""The names, marks and numbers the Jugula renderers share (`render`, `render_words`): styles,
card and armatura names from the catalog of the game drawn last, gladiator labels."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from rich.text import Text

from ...core.seats import possessive, seat_style
from .board import geometry
from .data import Armatura, Card, Catalog, load_catalog

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


def set_data_folder(folder: str) -> None:
    """The game drawn next uses the data in `folder` (empty: the bundled data)."""
    global _data_folder
    _data_folder = folder


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


def position_words(position: str | None) -> str:
    """ "from the rear (+2)": where the attacker stands and the bonus it gives."""
    if position is None:
        return ""
    combat = catalog().rules.combat
    bonus = {"flank": combat.flank, "rear": combat.rear, "back": combat.back}.get(position)
    return f"from the {position}" + (f" (+{bonus})" if bonus else "")
