"""The campaign's gazette ("Appendix III: the Imperator ... publishing a gazette"): the stored
history told as news, one line per event worth telling, by season.

The rulebook has no seasons; a season here is a calendar month (UTC) of the campaign's play
(docs/rules/jugula-careers.md). The seasons are the months from the first stored event's to
the last's, newest first (two reads of the store, not a scan of the log); a season's news is
read a page at a time, newest first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..store import StoredEvent
from .campaign import Campaign
from .data import load_tables
from .sheet import CareerError
from .views import PAGE, check_page

WHY = {
    "jugula": "is killed in the arena: Jugula!",
    "died": "dies of his wounds",
    "unpaid": "leaves, unpaid",
    "sold": "is sold",
    "liberated": "is freed by the Emperor",
}


def who(name: str, lanista: str) -> str:
    """A gladiator as the gazette names him: with his lanista, unless his name says it."""
    return name if lanista in name else f"{name} ({lanista})"


def of(name: str, lanista: str) -> str:
    """ "Blimyx of Fred"; a name that ends so already ("Veles of Fred") as it is."""
    return name if name.endswith(f" of {lanista}") else f"{name} of {lanista}"


def where(code: str) -> str:
    """ "the Coliseum", "an illegal arena", "a provincial arena"..."""
    name = {a.code: a.name for a in load_tables().arenas}.get(code, code)
    if code == "coliseum":
        return f"the {name}"
    lower = name.lower()
    return f"{'an' if lower[0] in 'aeiou' else 'a'} {lower}"


def _combat(data: dict[str, Any]) -> str:
    arena = where(str(data["arena"]))
    lanistae = [str(n) for n in [*data["lanistae"], *data.get("guests", {})]]
    winners = [str(n) for n in data["winners"]]
    losers = [n for n in lanistae if n not in winners]
    if losers:
        line = f"In {arena}, {' and '.join(winners)} beat {' and '.join(losers)}"
    else:  # a victory shared by everyone who fought
        line = f"In {arena}, {' and '.join(winners)} share the victory"
    line += f" for a purse of {data['reward']} aurei."
    falls = [who(name, owner) for owner, name, _ in data["bitten"]]
    if falls:
        line += f" Bit the dust: {', '.join(falls)}."
    return line


TELL: dict[str, Callable[[dict[str, Any]], str]] = {
    "ludus_created": lambda d: f"{d['lanista']} opens a ludus with four Tiro.",
    "combat": _combat,
    "gladiator_removed": lambda d: _sentence(
        f"{of(str(d['name']), str(d['lanista']))} {WHY.get(str(d['why']), 'leaves')}"
    ),
    "gladiator_added": lambda d: f"{d['lanista']} buys {d['gladiator']['name']}.",
    "criterion": lambda d: f"{d['lanista']} gains Glory: {str(d['code']).replace('_', ' ')}.",
    "glory": lambda d: f"{d['lanista']} gains {d['amount']} Glory: {d['why']}.",
    "servitor_hired": lambda d: f"{d['lanista']} hires a {d['stars']}-star {d['code']}.",
    "servitor": lambda d: f"{d['lanista']}'s {d['code']} now has {d['stars']} star(s).",
    "usury_taken": lambda d: (
        f"{d['lanista']} {'borrows' if d['kind'] == 'loan' else 'lends'} {d['amount']} aurei."
    ),
    "ludus_closed": lambda d: (
        f"{d['lanista']}'s ludus closes, bankrupt. Shame for seven generations."
    ),
}


def _sentence(words: str) -> str:
    """`words` ended by a full stop, unless they end with their own mark ("Jugula!")."""
    return words if words.endswith(("!", "?", ".")) else f"{words}."


def news(events: list[StoredEvent]) -> list[tuple[StoredEvent, str]]:
    """Each of `events` (of the kinds in `TELL`) with its line of news."""
    return [(e, TELL[e.kind](e.payload)) for e in events]


def gazette(campaign: Campaign) -> list[tuple[StoredEvent, str]]:
    """The whole gazette, oldest first (reads the whole log: pages use `gazette_page`)."""
    return news(campaign.log(kinds=tuple(TELL)))


# --- seasons ----------------------------------------------------------------------------------

SEASON = re.compile(r"([0-9]{4})-([0-9]{2})")


def utc(when: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it without its zone, which is UTC)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def season_of(when: datetime) -> str:
    """The season ("YYYY-MM", a calendar month in UTC) of a stored time."""
    return f"{utc(when):%Y-%m}"


def season_bounds(season: str) -> tuple[datetime, datetime]:
    """The first instant of the season and of the next (UTC); CareerError unless `season`
    is a month written YYYY-MM."""
    found = SEASON.fullmatch(season.strip())
    year, month = (int(found[1]), int(found[2])) if found else (0, 0)
    if not found or not 1 <= month <= 12 or not 1 <= year < 9999:
        raise CareerError(f"a season is a month written YYYY-MM (e.g. 2026-03), not {season!r}")
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def seasons(campaign: Campaign) -> list[str]:
    """The campaign's seasons, newest first: every month from its first event's to its
    last's (a month without news among them); none before its first event."""
    span = campaign.store.campaigns.span(campaign.key)
    if span is None:
        return []
    first, last = sorted(utc(when) for when in span)
    months = []
    year, month = last.year, last.month
    while (year, month) >= (first.year, first.month):
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return months


@dataclass(frozen=True, slots=True)
class GazettePage:
    """A page of one season's news, newest first: the `season` shown (None: no event yet),
    every season (`seasons`, newest first), its `lines` and `before` (the number to ask the
    season's next, older page with; None: this page reaches the season's first news)."""

    season: str | None
    seasons: list[str]
    lines: list[tuple[StoredEvent, str]]
    before: int | None


def gazette_page(
    campaign: Campaign, season: str | None = None, before: int | None = None, limit: int = PAGE
) -> GazettePage:
    """At most `limit` lines of news of `season` (None: the newest) told by events numbered
    below `before`, newest first; CareerError for a season the campaign has not played."""
    check_page(before, limit)
    every = seasons(campaign)
    if season is None:
        season = every[0] if every else None
    else:
        season_bounds(season)  # its form first
        season = season.strip()
        if season not in every:
            played = f"from {every[-1]} to {every[0]}" if len(every) > 1 else "".join(every)
            raise CareerError(
                f"{campaign.name!r} has no season {season} (its seasons: {played or 'none yet'})"
            )
    if season is None:
        return GazettePage(None, every, [], None)
    start, end = season_bounds(season)
    found = campaign.store.campaigns.page_between(
        campaign.key, start, end, before, limit + 1, kinds=tuple(TELL)
    )
    older = found[limit - 1].seq if len(found) > limit else None
    return GazettePage(season, every, news(found[:limit]), older)
