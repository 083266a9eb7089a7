"""What the environments' `render()` returns: the boards people see, drawn from one view.

`"ansi"`: the terminal board (`colosseum.core.renderers`, the one `colosseum play` prints),
rendered by Rich to plain text. `"svg"`: the game's SVG board (`GameDefinition.render_svg`,
the one the browser shows), with the viewer's legal actions marked. No `"rgb_array"`: drawing
the SVG as pixels would need a rasteriser (cairo, a browser) that the `rl` extra does not
bring, and a picture of the text board would say less than the text.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import ColosseumError
from ..core.registry import game_definition

RENDER_MODES = ("ansi", "svg")
WIDTH = 110
"""Columns of the text board."""


def check_mode(render_mode: str | None) -> None:
    """ColosseumError unless `render_mode` is None or one of `RENDER_MODES`."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ColosseumError(
            f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)} (or None)"
        )


def render(
    game_id: str,
    render_mode: str,
    view: Mapping[str, Any],
    options: Mapping[str, Any],
    legal: Sequence[str] = (),
) -> str:
    """The board of `view` as text (`"ansi"`) or SVG (`"svg"`)."""
    if render_mode == "svg":
        draw = game_definition(game_id).render_svg
        if draw is None:
            raise ColosseumError(f"{game_id} has no SVG board")
        return draw(view, legal)
    from rich.console import Console  # the CLI's renderers draw with Rich

    from ..core.renderers import renderer_for

    buffer = io.StringIO()
    console = Console(
        file=buffer, width=WIDTH, color_system=None, force_terminal=False, highlight=False
    )
    console.print(renderer_for(game_definition(game_id).info.id).view(view, options, legal))
    return buffer.getvalue()
