"""The pictures of the how-to-play pages: each figure a real position, reached by playing seeded
actions from `new_game(...)`, drawn by the game's own renderer (`boards.render_board`, as the
table page draws it) from one seat's view only, never the full state.

A how-to page places a figure with a paragraph of its own, `[[figure name]]`; the figure is a
still picture: its choices may be highlighted, but nothing in it is a button.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Any

from ..core import new_game
from ..core.errors import IllegalAction
from .boards import render_board

log = logging.getLogger(__name__)

LIMIT = 400
"""The most actions an `Until` step may play before it gives up."""


@dataclass(frozen=True, slots=True)
class Until:
    """Play on until some legal action's notation starts with `goal`, each step a seeded random
    choice among the legal actions starting with the first of `prefer` that any of them starts
    with (all legal actions when none does)."""

    goal: str
    prefer: tuple[str, ...] = ()
    seed: int = 0


Step = str | Until


@dataclass(frozen=True, slots=True)
class Figure:
    """One picture: the game and how its position is reached, the seat whose view is drawn,
    whether that seat's choices are shown, and the words around it."""

    name: str
    game: str
    seed: int
    steps: tuple[Step, ...]
    seat: int | None
    """The seat whose view is drawn; None: the seat deciding at that point."""
    label: str
    """The picture's accessible name: what it shows, in a few words."""
    caption: str
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    choices: bool = False


class FigureError(Exception):
    """A figure's actions no longer reach a position (the rules changed): what and where."""


def _choose(legal: Sequence[str], step: Until, rng: random.Random) -> str:
    for prefix in step.prefer:
        matching = [a for a in legal if a.startswith(prefix)]
        if matching:
            return rng.choice(matching)
    return rng.choice(list(legal))


def position(figure: Figure) -> Any:
    """The figure's state, its steps played from `new_game`; FigureError if one is not legal."""
    state = new_game(
        figure.game, players=figure.players, seed=figure.seed, options=dict(figure.options)
    )
    for number, step in enumerate(figure.steps, 1):
        where = f"figure {figure.name!r} ({figure.game}), step {number}"
        if isinstance(step, str):
            if state.is_terminal():
                raise FigureError(f"{where}: the game is over before {step!r}")
            try:
                state.apply(step)
            except IllegalAction as error:
                legal = sorted(str(a) for a in state.legal_actions())[:12]
                raise FigureError(
                    f"{where}: {step!r} is not legal now ({error}); legal: {legal}"
                ) from None
            continue
        rng = random.Random(step.seed)
        for _ in range(LIMIT):
            if state.is_terminal():
                raise FigureError(f"{where}: the game ended before {step.goal!r} was legal")
            legal = [str(a) for a in state.legal_actions()]
            if any(a.startswith(step.goal) for a in legal):
                break
            state.apply(_choose(legal, step, rng))
        else:
            raise FigureError(f"{where}: {step.goal!r} not legal after {LIMIT} actions")
    return state


_ROOT = re.compile(r"<svg\b[^>]*>")
_BUTTONS = re.compile(r'\s(?:tabindex|role|data-action|data-select)="[^"]*"')


def still(svg: str, label: str) -> str:
    """A board as a picture: its root an image named `label`, nothing in it a button."""
    root = _ROOT.search(svg)
    if root is None:
        raise FigureError(f"{label}: the renderer drew no <svg>")
    opening = re.sub(r'\s(?:role|aria-label|aria-labelledby)="[^"]*"', "", root.group(0))
    opening = opening[:-1] + f' role="img" aria-label="{escape(label)}">'
    inner = _BUTTONS.sub("", svg[root.end() :])
    return svg[: root.start()] + opening + inner


def seat_of(figure: Figure, state: Any) -> int:
    """The seat whose view the figure draws."""
    seat = state.current_player if figure.seat is None else figure.seat
    if seat is None:
        raise FigureError(f"figure {figure.name!r}: the game is over, no seat decides")
    return int(seat)


def draw(figure: Figure) -> str:
    """The figure's SVG, drawn from `view(seat)` and, when asked, that seat's choices."""
    state = position(figure)
    seat = seat_of(figure, state)
    legal: list[str] = []
    if figure.choices and state.current_player == seat:
        legal = [str(a) for a in state.legal_actions()]
    return still(render_board(figure.game, state.view(seat), legal), figure.label)


@lru_cache(maxsize=32)
def figure_html(name: str) -> str:
    """The figure as HTML: the picture and its caption (drawn once, then kept)."""
    figure = FIGURES[name]
    return (
        f'<figure class="board-figure {escape(figure.game)}">'
        f"{draw(figure)}<figcaption>{escape(figure.caption)}</figcaption></figure>"
    )


_PLACE = re.compile(r"<p>\[\[figure ([a-z0-9-]+)\]\]</p>")
MISSING = '<p class="figure-missing">(This picture cannot be drawn at the moment.)</p>'


def with_figures(html: str, game: str) -> str:
    """A how-to page's HTML with each `[[figure name]]` paragraph replaced by its figure. A
    figure that cannot be drawn (an unknown name, actions no longer legal) is logged and left
    out with a note, so the page is still served; the tests draw every figure."""

    def place(match: re.Match[str]) -> str:
        name = match.group(1)
        figure = FIGURES.get(name)
        try:
            if figure is None or figure.game != game:
                raise FigureError(f"how-to of {game}: no figure {name!r}")
            return figure_html(name)
        except FigureError as error:
            log.warning("how-to figure left out: %s", error)
            return MISSING
        except Exception:  # a picture never stops its page from being served
            log.exception("how-to figure %r could not be drawn", name)
            return MISSING

    return _PLACE.sub(place, html)


JUGULA_DEPLOYED = Until("play", prefer=("deploy",), seed=1)
LUDUS = "ludus-gladiatorius"
LUDI = "ludi-gladiatorii"

FIGURE_LIST: tuple[Figure, ...] = (
    # --- Ludus Gladiatorius ----------------------------------------------------------------
    Figure(
        name="ludus-start",
        game=LUDUS,
        seed=3,
        steps=(),
        seat=None,
        choices=True,
        label="The Ludus arena at the start, with the first counter to lay",
        caption="The arena at the start of the first round, as the first lanista sees it: "
        "the gladiators stand at their gates, and the buttons offer the counters he may lay "
        "face down (the blank or a special action still on his sheet).",
    ),
    Figure(
        name="ludus-move",
        game=LUDUS,
        seed=3,
        steps=(Until("move", prefer=("place",), seed=1), "move"),
        seat=None,
        choices=True,
        label="A Ludus gladiator about to move, the hexes he may reach marked",
        caption="A move: after choosing move (and the boosted die's roll), the hexes the "
        "gladiator may walk to are marked; stay keeps him where he is.",
    ),
    Figure(
        name="ludus-attack",
        game=LUDUS,
        seed=3,
        steps=(Until("attack", prefer=("place", "move", "to", "end"), seed=4),),
        seat=None,
        choices=True,
        label="A Ludus gladiator next to a rival, who may attack him",
        caption="An attack: a gladiator next to a rival's may attack him (attack and the "
        "target's number); the defender then chooses to defend or not before the dice roll.",
    ),
    # --- Ludi Gladiatorii ------------------------------------------------------------------
    Figure(
        name="ludi-start",
        game=LUDI,
        seed=2,
        steps=(),
        seat=None,
        label="A Ludi Gladiatorii table at the start: the ludi and the market",
        caption="The start: each lanista's ludus (his buildings, gladiators and coins) and the "
        "market in the centre, with the gladiators and buildings on offer.",
    ),
    Figure(
        name="ludi-auction",
        game=LUDI,
        seed=2,
        steps=(Until("bid", prefer=("offer", "auction", "end", "start", "discard"), seed=2),),
        seat=None,
        choices=True,
        label="A Ludi Gladiatorii auction under way",
        caption="An auction: a gladiator of the market is offered, and each lanista in turn "
        "bids more coins or passes; the last bidder pays and takes him.",
    ),
    Figure(
        name="ludi-combat",
        game=LUDI,
        seed=2,
        steps=(Until("defend", prefer=("fight", "start", "end", "discard", "pass"), seed=3),),
        seat=None,
        choices=True,
        label="A Ludi Gladiatorii combat: the defender is chosen",
        caption="A combat: a gladiator challenges a rival ludus, whose lanista picks a "
        "defender; each side then plays combat cards (Impetus and Defensio) to add to the "
        "fighters' combat values.",
    ),
    # --- Jugula ----------------------------------------------------------------------------
    Figure(
        name="jugula-deployed",
        game="jugula",
        seed=5,
        steps=(JUGULA_DEPLOYED,),
        seat=None,
        label="The Jugula arena with both familiae deployed, and the hand of one lanista",
        caption="Both familiae deployed, each gladiator facing a side of his square; below "
        "the arena, your hand: each card shows its six values (Mv, Vx, Cb, Dr, Up and its die) "
        "and the Vox Populi track sets your attack bonus and hand limit.",
    ),
    Figure(
        name="jugula-move",
        game="jugula",
        seed=5,
        steps=(JUGULA_DEPLOYED, Until("to", prefer=("play", "move"), seed=2)),
        seat=None,
        choices=True,
        label="A Jugula gladiator about to move, the squares he may reach marked",
        caption="A move: a card played for its Movement effect, then a gladiator chosen; the "
        "squares he can reach with his MP are marked (straight ahead costs 1, any other step "
        "2).",
    ),
    Figure(
        name="jugula-attack",
        game="jugula",
        seed=5,
        steps=(
            JUGULA_DEPLOYED,
            Until("attack", prefer=("play", "move", "to", "done", "discard"), seed=3),
        ),
        seat=None,
        choices=True,
        label="A Jugula attack: a gladiator and the rival in his reach",
        caption="An attack: a card played for its Combat effect; a gladiator may attack a "
        "rival in his front zone (or within his Range). Each side then commits a card whose "
        "die adds to ATT or DEF.",
    ),
)
FIGURES: dict[str, Figure] = {f.name: f for f in FIGURE_LIST}
