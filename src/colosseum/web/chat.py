"""A table's chat (docs/web.md, "Chat"): its seats write, anyone who may watch the table
reads.

A line is written by a seat (by its token or its account's sign-in, as an action is) and
kept in the store with the seat, its name and the table's version: plain text, trimmed, 1 to
`MAX_TEXT` characters, no control characters (a line break included), at most `MOST` lines a
table, within the "chat" rate limit per seat. Nothing is ever turned into HTML here: the
pages show a line with `textContent`. The chat is kept with the table: the record download
and the replay frames carry it.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from ..store.chat import ChatFull, ChatLine, TableChat
from .errors import BadRequest, NotAvailable, NotYourSeat

if TYPE_CHECKING:
    from .service import TableService

MAX_TEXT = 500  # characters of a line, once trimmed
MOST = 2000  # lines a table's chat keeps at most
PAGE = 200  # lines one read returns at most


def check_text(text: str) -> str:
    """The line as kept: trimmed, 1 to `MAX_TEXT` characters, without control characters
    or halves of surrogate pairs (`BadRequest` saying which rule it breaks)."""
    kept = text.strip()
    if not kept:
        raise BadRequest("text: a chat line holds 1 to 500 characters, got none")
    if len(kept) > MAX_TEXT:
        raise BadRequest(f"text: a chat line holds at most {MAX_TEXT} characters, got {len(kept)}")
    for character in kept:
        if unicodedata.category(character) in ("Cc", "Cs"):
            raise BadRequest(
                f"text: a chat line may not hold control characters (found "
                f"U+{ord(character):04X}); write one line of plain text"
            )
    return kept


def speaker(
    service: TableService,
    table_id: str,
    token: str | None,
    account: int | None = None,
    wanted: int | None = None,
) -> int:
    """The seat a chat line is written for (its token's or the signed-in account's); a
    spectator may read the chat, not write in it (`NotYourSeat`)."""
    live = service.table(table_id)
    seat = service.seat_of(live, token, account, wanted)
    if seat is None:
        raise NotYourSeat(
            f"spectators read table {table_id}'s chat; only its players write in it "
            "(send your seat's token, or sign in as its account)"
        )
    return seat


def say(service: TableService, table_id: str, seat: int, text: str) -> dict[str, Any]:
    """Keep a line said by `seat` (whose right to speak `speaker` checked) and return it as
    the API shows it."""
    kept = check_text(text)
    live = service.table(table_id, sync=False)
    with live.lock:
        name, version = live.seat_row(seat).name, live.version
    try:
        line = TableChat(service.store.engine).add(table_id, seat, name, kept, version, MOST)
    except ChatFull:
        raise NotAvailable(
            f"table {table_id}'s chat holds {MOST} lines, as many as it may"
        ) from None
    return shown(line)


def lines(service: TableService, table_id: str, after: int = 0) -> list[dict[str, Any]]:
    """The table's chat after line `after` (at most `PAGE` lines), for anyone who may
    watch it."""
    service.table(table_id, sync=False)  # 404 for no such table
    return [shown(line) for line in TableChat(service.store.engine).lines(table_id, after, PAGE)]


def every_line(service: TableService, table_id: str) -> list[dict[str, Any]]:
    """The whole chat of a table (for its record and replay)."""
    return [shown(line) for line in TableChat(service.store.engine).lines(table_id, 0, MOST)]


def shown(line: ChatLine) -> dict[str, Any]:
    """A line as the API and the WebSocket show it: text, never HTML."""
    return {
        "id": line.id,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "version": line.version,
        "created": line.created.isoformat(),
    }


def with_history(service: TableService, table_id: str, found: dict[str, Any]) -> dict[str, Any]:
    """A replay frame with the table's outcome (at its last step) and the chat said up to
    its step."""
    live = service.table(table_id, sync=False)
    step = found["step"]
    if step == found["total"] and live.row.outcome is not None:
        found["outcome"] = live.row.outcome
        found["winners"] = live.winners()
    found["chat"] = [c for c in every_line(service, table_id) if c["version"] <= step]
    return found


def record_with_history(
    service: TableService, table_id: str, record: dict[str, Any]
) -> dict[str, Any]:
    """A finished table's record with its outcome (a resignation) and its chat; `colosseum
    replay` reads past both."""
    live = service.table(table_id, sync=False)
    if live.row.outcome is not None:
        record["outcome"] = live.row.outcome
    record["chat"] = every_line(service, table_id)
    return record
