"""A rating's history drawn as an SVG line chart, on the server: the displayed rating after each
rated game, the band of its interval behind it, a title and labelled axes. Every text is
escaped; the page shows the same points as a table too."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

MAX_POINTS = 500  # rated games a plot shows at most (the latest)
WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 44  # margins for the axes and their labels
TICKS = 5  # marks on each axis


def _ticks(low: float, high: float) -> list[float]:
    step = (high - low) / (TICKS - 1)
    return [low + step * n for n in range(TICKS)]


def plot(points: Sequence[dict[str, Any]], title: str) -> str:
    """The SVG of `points` (each with game, rating, low and high), oldest first, titled."""
    text = escape(title)
    if not points:
        return ""
    first, last = int(points[0]["game"]), int(points[-1]["game"])
    bottom = float(min(p["low"] for p in points))
    top = float(max(p["high"] for p in points))
    if top - bottom < 40:
        middle = (top + bottom) / 2
        bottom, top = middle - 20, middle + 20
    span_x = max(1, last - first)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(game: float) -> float:
        return LEFT + (game - first) / span_x * inner_w

    def y(rating: float) -> float:
        return TOP + (top - rating) / (top - bottom) * inner_h

    def pair(game: float, rating: float) -> str:
        return f"{x(game):.1f},{y(rating):.1f}"

    band = [pair(p["game"], p["high"]) for p in points]
    band += [pair(p["game"], p["low"]) for p in reversed(points)]
    line = " ".join(pair(p["game"], p["rating"]) for p in points)
    parts = [
        f'<svg class="rating-plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" aria-label="{text}: from {points[0]["rating"]} '
        f'to {points[-1]["rating"]} over {last - first} rated games">',
        f"<title>{text}</title>",
        f'<text class="plot-title" x="{LEFT}" y="16">{text}</text>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP + inner_h}" x2="{LEFT + inner_w}" '
        f'y2="{TOP + inner_h}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + inner_h}"/>',
    ]
    for value in _ticks(bottom, top):
        parts.append(
            f'<text class="tick" x="{LEFT - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{round(value)}</text>'
        )
    for value in sorted({round(v) for v in _ticks(first, last)}):
        parts.append(
            f'<text class="tick" x="{x(value):.1f}" y="{TOP + inner_h + 16}" '
            f'text-anchor="middle">{value}</text>'
        )
    parts += [
        f'<text class="axis-label" x="{LEFT + inner_w / 2:.1f}" y="{HEIGHT - 6}" '
        'text-anchor="middle">rated games</text>',
        f'<text class="axis-label" x="14" y="{TOP + inner_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + inner_h / 2:.1f})">rating</text>',
        f'<polygon class="interval" points="{" ".join(band)}"/>',
        f'<polyline class="line" points="{line}"/>',
    ]
    for p in points:
        parts.append(
            f'<circle class="point" cx="{x(p["game"]):.1f}" cy="{y(p["rating"]):.1f}" r="3">'
            f"<title>after {p['game']} games: {p['rating']} ({p['low']} to {p['high']})</title>"
            "</circle>"
        )
    parts.append("</svg>")
    return "".join(parts)
