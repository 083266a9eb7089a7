"""What every abbreviation and mark of the Jugula screen means (`render_legend`, the F5 key of
the full-screen interface), in the project's own words; the armaturae and talents named from
the catalog of the game drawn last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType

from ...core.seats import legend_group
from .render_names import (
    HINDER_STYLE,
    MARK_STYLE,
    PICK_MARK,
    REACH_STYLE,
    TARGET_MARK,
    WOUND_STYLE,
    View,
    abbreviation,
    catalog,
    set_data_folder,
)

Entry = tuple[str, str]

TRAIT_WORDS = {
    "Range": "Range n: attacks n rows beyond his front zone, over anyone in the way",
    "Hindrance": "Hindrance: may throw his marker (a Hindering attack) instead of wounding",
    "Bow": "Bow: never attacks an adjacent gladiator; the target's DEF grows with the distance",
    "Harassment": "Harassment: an enemy in his danger zone has ATT and DEF one lower",
    "Massive": "Massive: attacks only the square ahead; DEF 2 lower if attacked from outside "
    "his front zone",
    "Stoic": "Stoic: Hindrance markers and threatening gladiators do not trouble him",
}
"""Each trait in a line, keyed by the word the view uses ("Range 2" is keyed "Range")."""

ARENA: Sequence[Entry] = (
    ("a–h 1–8", "files and ranks: a square is named file then rank, e5"),
    ("1MU↑", "a gladiator: seat 1's Murmillo facing north"),
    ("↑ → ↓ ←", "facing north, east, south, west"),
    ("·", "an empty square"),
    ("o", "a square the gladiator may end his move on"),
    (PICK_MARK, "a gladiator the decision may designate (to move, to attack with...)"),
    (TARGET_MARK, "a gladiator the decision may attack, wound or move"),
    ("*", "wounded: his card is on its wounded side (lower numbers)"),
    ("#", "holds Hindrance markers (#2: two of them): he may not move nor attack"),
)

PANEL: Sequence[Entry] = (
    ("Vox", "Vox Populi, the crowd's favour (0 to 10): it sets the attack bonus and hand limit"),
    ("ATT +n", "the attack bonus the crowd's favour gives every attack of this lanista"),
    ("hand 4/5", "cards in hand / the hand limit"),
    ("deck discard removed", "cards in the deck, in the discard pile, out of the game"),
    ("Mv", "a card's Movement effect: how many gladiators it moves (Mv in the full board too)"),
    ("Vx", "its Vox Populi effect: points of Vox Populi gained (Vox in the full board)"),
    ("Cb", "its Combat effect: how many attacks it allows (Cmb in the full board)"),
    ("Dr", "its Draw effect: cards drawn (Drw in the full board)"),
    ("Up", "its Upgrade effect: the most ★ of a Prima Jugula card taken (Upg)"),
    ("Die", "its die: the number it adds to a combat score and to the bid for first player"),
    ("★", "a Prima Jugula card (name in red) and its cost in stars"),
    ("MP", "movement points a gladiator has to spend when moved"),
    ("ATT 3/2", "attack value: 3 against a light defender, 2 against a heavy one"),
    ("DEF 3/2", "defence value: 3 against a light attacker, 2 against a heavy one"),
    ("Sq", "the square he stands on and his facing (– when not in the arena)"),
    ("fallen", "he has bitten the dust and left the arena"),
)

FIGHT: Sequence[Entry] = (
    ("Attack A → B", "the attack being resolved: attacker, then defender"),
    (
        "cards: a / b",
        "the attacker's committed card, then the defender's (face down until both are in)",
    ),
    ("SUDDEN DEATH", "the next blow on a rival's gladiator wins the game"),
)


def armaturae_entries() -> list[Entry]:
    """Every armatura of the catalog by its two letters: capitals for the heavy ones."""
    return [
        (abbreviation(spec.code), f"{spec.name} ({'heavy' if spec.heavy else 'light'})")
        for spec in catalog().armaturae
    ]


def traits_entries() -> list[Entry]:
    return [(word, words.split(": ", 1)[1]) for word, words in TRAIT_WORDS.items()]


def talents_entries(view: View) -> list[Entry]:
    """The talents of the gladiators in the view (a Careers familia has them), by name."""
    codes = sorted({code for g in view.get("gladiators", []) for code in g.get("talents") or []})
    found = []
    for code in codes:
        talent = catalog().talents.get(code)
        if talent is not None:
            found.append((talent.name, talent.text))
    return found


def legend_entries(view: View) -> list[tuple[str, Sequence[Entry]]]:
    """The legend by section: (heading, [(what is shown, what it means)])."""
    sections: list[tuple[str, Sequence[Entry]]] = [
        ("The arena", ARENA),
        ("Armaturae (capitals: heavy)", armaturae_entries()),
        ("Panel and cards", PANEL),
        ("Traits", traits_entries()),
    ]
    talents = talents_entries(view)
    if talents:
        sections.append(("Talents", talents))
    sections.append(("Attack in progress", FIGHT))
    return sections


_STYLES = {
    "*": WOUND_STYLE,
    "#": HINDER_STYLE,
    "o": REACH_STYLE,
    PICK_MARK: MARK_STYLE,
    TARGET_MARK: MARK_STYLE,
}


def render_legend(
    view: View, options: Mapping[str, Any] | None = None, width: int = 80
) -> RenderableType:
    """Every abbreviation and mark of the arena, the panel and the menu, in a table a section."""
    set_data_folder(str((options or {}).get("data") or ""))
    title = "Jugula: what the screen shows"
    return legend_group(title, legend_entries(view), width, _STYLES)
