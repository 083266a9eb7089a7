"""A game's reference page (`/howto/<game>/reference`) as plain data: tables of text made from
the game's own validated data, which the game supplies through its definition's `reference`
hook (a module with `reference() -> Reference`) and the server's page draws (every cell
escaped by its template)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a reference page: its caption, column headings and rows of plain text
    (the template escapes every cell)."""

    key: str
    caption: str
    intro: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Reference:
    """A game's reference page: its title, a line of introduction, its tables and a glossary."""

    game: str
    title: str
    intro: str
    tables: tuple[Table, ...]
    glossary: tuple[tuple[str, str], ...] = ()
