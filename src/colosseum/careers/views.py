"""A campaign as plain data, for every front end: a ludus record sheet ("Ludus Record Sheet"),
the history of stored events a page at a time (newest first), the export. The terminal
(`cli/career_views.py`) and the game server (`web/careers_service.py`) draw these the way they
like; none of it is Rich or HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..store import StoredEvent
from .campaign import Campaign
from .data import Tables, load_tables
from .sheet import CareerError, Gladiator, Sheet
from .snapshot import storage

# A page of the history or the gazette: this many entries unless asked otherwise, and never
# more than `MOST`, so that a page stays small however long the campaign (data/storage.toml).
PAGE = storage().page
MOST = storage().page_most

# What the history shows of a combat's plan: where it is fought, who plays, who accepted it,
# and the commitment to its seed (web/careers_secrets.py). Its seed and salt, which decide its
# dice, deal and computers' choices, only once the combat has ended; the rest (the key of its
# seat tokens, old combat links' hashes) never.
PUBLIC_PLAN_KEYS = (
    "arena",
    "players",
    "humans",
    "turn_limit",
    "table",
    "proposer",
    "accepted",
    "commitment",
)
REVEALED_PLAN_KEYS = ("seed", "salt")
# What an event keeps that the history never shows: the hash of a ludus's key.
HIDDEN_KEYS = ("key",)
KEY_EVENT = "ludus_key"  # a ludus's key issued anew (careers/events.py)


def gladiator_state(gladiator: Gladiator) -> str:
    """ "convalescent", "wounded" or "ready" ("Wounds treatment")."""
    if gladiator.convalescent:
        return "convalescent"
    return "wounded" if gladiator.wounded else "ready"


def usury_text(sheet: Sheet) -> str:
    """The usury space in words: "none", "loan of 300 aurei", "lent of 500 aurei"."""
    if sheet.usury is None:
        return "none"
    return f"{sheet.usury.kind} of {sheet.usury.amount} aurei"


def servitors_text(sheet: Sheet) -> str:
    """ "medicus ★, unctor ★★" (a hired one marked), or "none"."""
    pieces = [
        f"{code} {'★' * stars}" + (" (hired)" if code in sheet.hired else "")
        for code, stars in sheet.servitors.items()
    ]
    return ", ".join(pieces) or "none"


def sheet_view(sheet: Sheet, tables: Tables | None = None) -> dict[str, Any]:
    """A record sheet as data: the lanista's numbers, servitors, usury, the Glory criteria
    scored and one row per gladiator (rank by name, state in words)."""
    tables = tables or load_tables()
    return {
        "lanista": sheet.lanista,
        "glory": sheet.glory,
        "aurei": sheet.aurei,
        "popularity": sheet.popularity(tables),
        "servitors": [
            {"code": code, "stars": stars, "hired": code in sheet.hired}
            for code, stars in sheet.servitors.items()
        ],
        "servitors_text": servitors_text(sheet),
        "usury": None if sheet.usury is None else sheet.usury.to_json(),
        "usury_text": usury_text(sheet),
        "criteria": list(sheet.criteria),
        "gladiators": [
            {
                "name": g.name,
                "armatura": g.armatura,
                "rank": tables.ranks[sheet.rank(g, tables)].name,
                "experience": g.experience,
                "upgrades": dict(g.upgrades),
                "talents": list(g.talents),
                "state": gladiator_state(g),
            }
            for g in sheet.gladiators
        ],
    }


def public_payload(kind: str, payload: dict[str, Any], ended: bool = False) -> dict[str, Any]:
    """An event's data as the history shows it: no key's hash; of a combat's plan, its
    `PUBLIC_PLAN_KEYS`, and its `REVEALED_PLAN_KEYS` once the combat has `ended`."""
    payload = {k: v for k, v in payload.items() if k not in HIDDEN_KEYS}
    plan = payload.get("plan")
    if kind != "combat_begun" or not isinstance(plan, dict):
        return payload
    keys = PUBLIC_PLAN_KEYS + (REVEALED_PLAN_KEYS if ended else ())
    return {**payload, "plan": {k: plan[k] for k in keys if k in plan}}


def ended(campaign: Campaign, begun: int) -> bool:
    """Whether the combat begun at event `begun` (a `combat_begun` event) has ended: read
    and no longer in progress (not for a combat begun at or after an event that does not
    replay: its end, if stored, was never applied)."""
    broken = campaign.broken.seq if campaign.broken else None
    read = begun <= campaign.seq and (broken is None or begun < broken)
    return read and begun not in campaign.combats


def fight_of(campaign: Campaign, begun: int) -> dict[str, Any] | None:
    """The `combat` event's data of the combat begun at event `begun`, once fought: kept by a
    combat in progress, else read from the store (the combat events after `begun`, a few at
    a time: the fight is stored within its own combat's steps)."""
    combat = campaign.combats.get(begun)
    if combat is not None:
        return combat.result
    after = begun
    while True:
        found = campaign.store.campaigns.load(campaign.key, after, ("combat",), limit=20)
        for event in found:
            if event.payload.get("combat") == begun:
                return event.payload
        if len(found) < 20:
            return None
        after = found[-1].seq


def history_rows(campaign: Campaign, page: Sequence[StoredEvent]) -> list[dict[str, Any]]:
    """The events of `page` (a page of the log), in their order: number, time, kind, details in
    words (nothing secret, `public_payload`), and whether it is the first that does not
    replay."""
    broken = campaign.broken.seq if campaign.broken else None
    rows = []
    for stored in page:
        over = stored.kind == "combat_begun" and ended(campaign, stored.seq)
        shown = public_payload(stored.kind, stored.payload, over)
        rows.append(
            {
                "seq": stored.seq,
                "created": stored.created,
                "kind": stored.kind,
                "details": ", ".join(f"{k}={v}" for k, v in shown.items()),
                "broken": stored.seq == broken,
            }
        )
    return rows


def check_page(before: int | None, limit: int) -> None:
    """CareerError for a page that cannot be asked: `limit` outside 1..MOST, or `before`
    below 1 (`before`: the events numbered below it; the first event is #1)."""
    if isinstance(limit, bool) or not 1 <= limit <= MOST:
        raise CareerError(f"a page holds 1 to {MOST} entries, not {limit}")
    if before is not None and before < 1:
        raise CareerError(f"events are numbered from 1: there is nothing before #{before}")


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of the history, newest first: its `rows` (`history_rows`), `before` (the
    number to ask the next, older page with; None: this page reaches the first event) and
    `events` (the number of the campaign's last event)."""

    rows: list[dict[str, Any]]
    before: int | None
    events: int


def history_page(campaign: Campaign, before: int | None = None, limit: int = PAGE) -> HistoryPage:
    """At most `limit` of the stored events numbered below `before` (None: the newest),
    newest first, read from the store a page at a time (never the whole log)."""
    check_page(before, limit)
    found = campaign.store.campaigns.page(campaign.key, before, limit + 1)
    older = found[limit - 1].seq if len(found) > limit else None
    return HistoryPage(history_rows(campaign, found[:limit]), older, campaign.seq)


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    """The whole campaign as JSON: settings, every event, the sheets they make (the one
    reading of the whole log: an export is whole by design)."""
    return {
        "campaign": campaign.name,
        "settings": campaign.settings,
        "events": [
            {"seq": e.seq, "kind": e.kind, "data": e.payload, "created": e.created.isoformat()}
            for e in campaign.log()
        ],
        "sheets": {name: sheet.to_json() for name, sheet in campaign.sheets.items()},
        "broken": None if campaign.broken is None else str(campaign.broken),
        "combats_in_progress": [c.begun for c in campaign.combats.values()],
    }
