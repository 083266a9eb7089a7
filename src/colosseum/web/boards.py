"""How the browser shows a game, from a seat's view only: the SVG board each game supplies
(`GameDefinition.render_svg`, written in the game's own package), the words of its actions and
events (the terminal's renderers), and a plain board for a game without an SVG of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from ..core.registry import game_definition
from ..core.renderers import Renderer, renderer_for

View = Mapping[str, Any]


def render_board(game_id: str, view: View, legal: Sequence[str] = ()) -> str:
    """The SVG board of `view`; actions the board can show carry `data-action`."""
    render = game_definition(game_id).render_svg
    return plain_board(view) if render is None else render(view, legal)


def merge_views(game_id: str, views: Sequence[View]) -> dict[str, Any]:
    """One view showing what every seat saw (a replay after the game, secrets revealed)."""
    merge = game_definition(game_id).merge_views
    if merge is None:
        return {**views[0], "seat": None, "seats_views": list(views)}
    return merge(views)


def plain_board(view: View) -> str:
    """A board for a game without an SVG of its own: the view as text in an SVG."""
    lines = json.dumps(view, indent=1, default=str).splitlines()[:60]
    rows = "".join(
        f'<text x="8" y="{16 * (i + 1)}" font-family="monospace" font-size="12">'
        f"{escape(line)}</text>"
        for i, line in enumerate(lines)
    )
    height = 16 * (len(lines) + 1)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 {height}">{rows}</svg>'


@lru_cache(maxsize=16)
def _renderer(game_id: str) -> Renderer:
    return renderer_for(game_id)


def action_label(game_id: str, notation: str, view: View) -> str:
    """An action in words, as the terminal's menu says it."""
    return str(_renderer(game_id).action(notation, view))


def event_text(game_id: str, event: Mapping[str, Any], view: View) -> str:
    """An event in words, as the terminal's log says it."""
    return str(_renderer(game_id).event(event, view))


def action_sort_key(game_id: str) -> Callable[[str], Any]:
    return _renderer(game_id).order
