"""Game renderers for the terminal, by game id, with a pretty-JSON fallback for any game.

A game names its renderer module in its definition (`GameDefinition.text_renderer`, a dotted
path); `register_renderer` puts another in its place. The command line, the web server's
words for actions and events and the RL environments' `ansi` mode all draw through here. A
renderer module provides `render_view(view, options, legal)`, `describe_event(event, view)`,
`describe_action(notation, view)` and `action_order(notation)` (a sort key for the menu of
legal actions); any it lacks falls back to the generic ones here. The full-screen interface
also uses, from the module's `_compact` companion (`render_compact.py`),
`render_compact(view, options, legal, width, height)` (the board in that room) and
`render_panel(view, options, width, height)` (the viewer's own panel) and
`render_legend(view, options, width)` (what the abbreviations and symbols on screen mean).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.text import Text

from .errors import UnknownGame
from .registry import game_definition

View = Mapping[str, Any]

_REGISTERED: dict[str, str] = {}  # renderers put in place of a game's own


def generic_view(
    view: View, options: Mapping[str, Any] | None = None, legal: Sequence[str] = ()
) -> RenderableType:
    """The view as pretty JSON in a panel."""
    seat = view.get("seat") if isinstance(view, Mapping) else None
    title = "spectator view" if seat is None else f"view of seat {seat}"
    return Panel(JSON.from_data(view, default=str), title=title, title_align="left")


def generic_event(event: Mapping[str, Any], view: View) -> Text:
    """ "kind: key=value, ..." """
    data = event.get("data") or {}
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{event.get('kind')}: {details}" if details else str(event.get("kind")))


def generic_action(notation: str, view: View) -> Text:
    return Text(notation, style="bold")


def generic_order(notation: str) -> int:
    """Every action ranks the same: the menu keeps the game's order."""
    return 0


def generic_compact(
    view: View,
    options: Mapping[str, Any] | None = None,
    legal: Sequence[str] = (),
    width: int = 80,
    height: int = 24,
) -> RenderableType:
    """The whole view (the panel holding it scrolls)."""
    return generic_view(view, options, legal)


def generic_panel(
    view: View, options: Mapping[str, Any] | None = None, width: int = 30, height: int = 12
) -> RenderableType:
    seat = view.get("seat") if isinstance(view, Mapping) else None
    return Text("spectator" if seat is None else f"seat {seat}", style="bold")


def generic_legend(
    view: View, options: Mapping[str, Any] | None = None, width: int = 80
) -> RenderableType:
    return Text("This game's screen uses no abbreviation.")


@dataclass(frozen=True, slots=True)
class Renderer:
    """How the terminal shows one game: the board, events and actions in words."""

    view: Callable[[View, Mapping[str, Any], Sequence[str]], RenderableType]
    event: Callable[[Mapping[str, Any], View], Text | str]
    action: Callable[[str, View], Text | str]
    order: Callable[[str], Any]
    compact: Callable[..., RenderableType] = generic_compact
    panel: Callable[..., RenderableType] = generic_panel
    legend: Callable[..., RenderableType] = generic_legend


GENERIC = Renderer(generic_view, generic_event, generic_action, generic_order)


def as_text(value: Text | str) -> Text:
    """A renderer's words as Rich text (plain strings are not read as markup)."""
    return value if isinstance(value, Text) else Text(value)


def register_renderer(game_id: str, module: str) -> None:
    """Use the render functions of `module` (a dotted path) for `game_id`."""
    _REGISTERED[game_id] = module


def renderer_for(game_id: str) -> Renderer:
    """The renderer of `game_id` (registered here, else its definition's), completed by the
    generic one; the generic one alone for a game without one, or no game of that id."""
    path = _REGISTERED.get(game_id)
    if path is None:
        try:
            path = game_definition(game_id).text_renderer
        except UnknownGame:
            path = None
    if path is None:
        return GENERIC
    module = importlib.import_module(path)
    compact = _companion(path, module)
    return Renderer(
        view=getattr(module, "render_view", generic_view),
        event=getattr(module, "describe_event", generic_event),
        action=getattr(module, "describe_action", generic_action),
        order=getattr(module, "action_order", generic_order),
        compact=getattr(compact, "render_compact", generic_compact),
        panel=getattr(compact, "render_panel", generic_panel),
        legend=getattr(compact, "render_legend", generic_legend),
    )


def _companion(path: str, module: Any) -> Any:
    """The module with the full-screen functions: itself, or its `_compact` companion."""
    if hasattr(module, "render_compact"):
        return module
    try:
        return importlib.import_module(f"{path}_compact")
    except ModuleNotFoundError as error:
        if error.name != f"{path}_compact":
            raise
        return module
