"""Glory: post-arena step 10 ("Glory update") and the campaign's end ("Goal of the Career
Campaign"). Each criterion of glory.toml counts once per career."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .data import Criterion, Tables, load_tables
from .dice import Event
from .sheet import Sheet


def met(sheet: Sheet, criterion: Criterion, promotions: Iterable[int], tables: Tables) -> bool:
    """Whether the sheet fulfils `criterion` now; `promotions` are the ranks (stars) reached by
    its gladiators in this post-arena sequence."""
    value = criterion.value
    if criterion.kind == "promotion":
        return value in set(promotions)
    if criterion.kind == "full_ludus":
        return len(sheet.gladiators) >= value and all(
            sheet.rank(g, tables) > 0 for g in sheet.gladiators
        )
    if criterion.kind == "servitor_stars":  # hired servitors are not the ludus's
        return any(stars >= value for stars in sheet.owned_servitors().values())
    if criterion.kind == "popularity":
        return sheet.popularity(tables) >= value
    if criterion.kind == "servitors":
        return len(sheet.owned_servitors()) >= value
    if criterion.kind == "aurei":  # after the usury step, with no loan outstanding
        no_loan = sheet.usury is None or sheet.usury.kind != "loan"
        return no_loan and sheet.aurei >= value
    raise ValueError(f"unknown Glory criterion kind {criterion.kind!r}")


def glory_update(
    sheet: Sheet, promotions: Sequence[int] = (), tables: Tables | None = None
) -> list[Event]:
    """The criteria met for the first time, in the order of glory.toml."""
    tables = tables or load_tables()
    return [
        ("criterion", {"lanista": sheet.lanista, "code": criterion.code})
        for criterion in tables.glory
        if criterion.code not in sheet.criteria and met(sheet, criterion, promotions, tables)
    ]


def campaign_winners(sheets: Iterable[Sheet], target: int) -> list[str]:
    """The lanistae at or above the Glory target (several: a final combat decides)."""
    return sorted(s.lanista for s in sheets if s.glory >= target)
