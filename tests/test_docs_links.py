"""The documentation a newcomer reads first (issue 47, point 10): the README links the how-to
pages and the terminal quick start; the links of README.md and docs/ work where the files are
(on GitHub), not only on the built site; docs/terminal.md is the players' page, with the keys
and a legend of every game's abbreviations, and docs/cli.md the reference."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from textual.binding import Binding

import colosseum
from colosseum.cli.tui.play_app import PlayApp
from colosseum.games.jugula import render_legend as jugula_legend
from colosseum.games.ludi_gladiatorii import render_legend as ludi_legend
from colosseum.games.ludus_gladiatorius import render_legend as ludus_legend

ROOT = Path(__file__).resolve().parents[1]
HOWTO = sorted((ROOT / "src" / "colosseum" / "web" / "howto").glob("*.md"))
_LINK = re.compile(r"\]\(([^)\s]+)\)")
# Sections of a legend that depend on the game in progress: F5 shows them, the page cannot.
_OF_THE_GAME = {"Buildings in play", "Historiae events", "Talents"}


def _local_links(path: Path) -> list[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    return [
        link.split("#", 1)[0]
        for link in _LINK.findall(text)
        if not re.match(r"[a-z]+:", link) and not link.startswith("#")
    ]


def test_point_10_the_readme_links_every_how_to_page_and_the_terminal_page() -> None:
    links = set(_local_links(ROOT / "README.md"))
    assert HOWTO
    for page in HOWTO:
        assert str(page.relative_to(ROOT)) in links, f"README.md does not link {page.name}"
    assert "docs/terminal.md" in links


def test_point_10_every_link_of_the_readme_and_docs_works_where_the_file_is() -> None:
    """As GitHub shows them: relative to the file, to a file or folder that exists."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = [
        f"{page.relative_to(ROOT)}: {link}"
        for page in pages
        for link in _local_links(page)
        if link and not (page.parent / link).exists()
    ]
    assert not broken, broken


def test_point_10_terminal_page_is_in_the_site_and_the_reference_keeps_no_player_keys() -> None:
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:", 1)[1])
    assert "terminal.md" in str(nav) and "cli.md" in str(nav)
    terminal = (ROOT / "docs" / "terminal.md").read_text(encoding="utf-8")
    for part in ("## Install and start", "## The screen", "## Keys", "## Hot seat"):
        assert part in terminal
    for binding in PlayApp.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            assert _as_written(key) in terminal, f"docs/terminal.md does not name the key {key}"
    for words in ("--save", "--resume", "colosseum replay", "word by word"):
        assert words in terminal
    reference = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "| F2, or `hint` |" not in reference and "(terminal.md)" in reference


KEY_WORDS = {"up": "↑", "down": "↓", "pageup": "PgUp", "pagedown": "PgDn"}


def _as_written(key: str) -> str:
    """A Textual key name as the page writes it: ctrl+up → Ctrl+↑, f5 → F5."""
    parts = key.split("+")
    return "+".join(KEY_WORDS.get(part, part.capitalize()) for part in parts)


def _legends() -> dict[str, list[tuple[str, list[tuple[str, str]]]]]:
    ludus = colosseum.new_game("ludus", players=2, seed=1)
    ludi = colosseum.new_game("ludi", players=2, seed=1)
    jugula = colosseum.new_game("jugula", players=2, seed=1)
    found = {
        "Ludus Gladiatorius": ludus_legend.legend_entries(ludus.view(0), ludus.options),
        "Ludi Gladiatorii": ludi_legend.legend_entries(ludi.view(0)),
        "Jugula": jugula_legend.legend_entries(jugula.view(0)),
    }
    return {
        game: [(head, list(entries)) for head, entries in sections if head not in _OF_THE_GAME]
        for game, sections in found.items()
    }


def test_point_10_the_terminal_page_has_each_game_s_legend_as_the_screen_shows_it() -> None:
    """Every abbreviation F5 explains is in the page, with the same meaning, under its game."""
    text = (ROOT / "docs" / "terminal.md").read_text(encoding="utf-8")
    legend = text.split("## Legend", 1)[1]
    for game, sections in _legends().items():
        assert f"### {game}" in legend, game
        part = legend.split(f"### {game}", 1)[1].split("\n### ", 1)[0]
        for head, entries in sections:
            assert f"**{head}**" in part, (game, head)
            for shown, meaning in entries:
                row = f"| `{_cell(shown)}` | {_cell(meaning)} |"
                assert row in part, (game, row)


def _cell(text: str) -> str:
    """Text in a Markdown table's cell: a `|` escaped."""
    return text.replace("|", "\\|")
