"""The action tables and observation layouts as Markdown, for docs/rl.md.

    python -m colosseum.rl.tables            # print every game's tables
    python -m colosseum.rl.tables --write docs/rl.md

`--write` replaces, in the page, what lies between `<!-- rl-tables:<game id> -->` and
`<!-- /rl-tables -->` with the tables of the bundled data, so the page shows what the code
numbers (a test compares them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.registry import game_definition, games
from .encodings import Encoding, encoding_for

START = "<!-- rl-tables:{game} -->"
END = "<!-- /rl-tables -->"


def _cell(text: str) -> str:
    """Text for a table cell, outside code: pipes and angle brackets escaped."""
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def action_table(encoding: Encoding) -> str:
    lines = ["| indices | action | count | meaning |", "| --- | --- | --- | --- |"]
    for row in encoding.table.rows:
        last = row.start + row.count - 1
        span = str(row.start) if row.count == 1 else f"{row.start}–{last}"
        lines.append(f"| {span} | `{row.pattern}` | {row.count} | {_cell(row.doc)} |")
    return "\n".join(lines)


def layout_table(encoding: Encoding) -> str:
    lines = ["| offset | field | shape | scale | meaning |", "| --- | --- | --- | --- | --- |"]
    for name, offset, shape, scale, doc in encoding.layout.describe():
        shown = f"{scale:g}"
        lines.append(f"| {offset} | `{name}` | {shape} | {shown} | {_cell(doc)} |")
    return "\n".join(lines)


def game_tables(game_id: str) -> str:
    """The Markdown between a game's markers: sizes, the action table, the layout."""
    encoding = encoding_for(game_id)
    title = game_definition(game_id).info.title
    return "\n".join(
        [
            f"**{title}**: {encoding.num_actions} actions, observations of "
            f"{encoding.observation_size} floats (default options; only the `data` option "
            "changes the sizes).",
            "",
            f"Actions of {title}:",
            "",
            action_table(encoding),
            "",
            f"Observation of {title} (each value divided by its scale, capped at 1):",
            "",
            layout_table(encoding),
        ]
    )


def fill(page: str) -> str:
    """`page` with every game's marked region replaced by its current tables."""
    for game_id in games():
        start = START.format(game=game_id)
        if start in page:
            before, _, rest = page.partition(start)
            _, _, after = rest.partition(END)
            page = f"{before}{start}\n{game_tables(game_id)}\n{END}{after}"
    return page


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="a page whose marked regions to refresh")
    args = parser.parse_args()
    if args.write is None:
        for game_id in games():
            print(game_tables(game_id), end="\n\n")
        return 0
    page = args.write.read_text(encoding="utf-8")
    args.write.write_text(fill(page), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
