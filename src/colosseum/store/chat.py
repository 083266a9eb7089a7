"""The chat of the web tables (`table_chat`): each line said at a table, by which seat, under
which name, at which version of the table, kept with the table. Text only: what it holds is
never HTML, and the pages show it as text."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, func, insert, select

from .schema import table_chat
from .transactions import writing


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of a table's chat."""

    id: int
    table_id: str
    seat: int | None
    name: str
    text: str
    version: int
    created: datetime


class ChatFull(Exception):
    """A table whose chat holds as many lines as it may."""


class TableChat:
    """The chat lines of every table of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(
        self, table_id: str, seat: int | None, name: str, text: str, version: int, most: int
    ) -> ChatLine:
        """Keep a line said at the table (the table holding at most `most` lines: else
        `ChatFull` and nothing is kept)."""
        now = datetime.now(UTC)
        with writing(self.engine) as connection:
            held = connection.execute(
                select(func.count())
                .select_from(table_chat)
                .where(table_chat.c.table_id == table_id)
            ).scalar_one()
            if held >= most:
                raise ChatFull(f"table {table_id} holds {held} chat lines")
            result = connection.execute(
                insert(table_chat).values(
                    table_id=table_id,
                    seat=seat,
                    name=name[:60],
                    text=text,
                    version=version,
                    created=now,
                )
            )
            found = result.inserted_primary_key[0] if result.inserted_primary_key else 0
        return ChatLine(int(found), table_id, seat, name[:60], text, version, now)

    def lines(self, table_id: str, after: int = 0, limit: int = 200) -> list[ChatLine]:
        """The table's lines with an id above `after`, oldest first, at most `limit`."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(table_chat)
                .where(table_chat.c.table_id == table_id, table_chat.c.id > after)
                .order_by(table_chat.c.id)
                .limit(limit)
            ).all()
        return [
            ChatLine(
                int(r.id),
                str(r.table_id),
                None if r.seat is None else int(r.seat),
                str(r.name),
                str(r.text),
                int(r.version),
                r.created if r.created.tzinfo else r.created.replace(tzinfo=UTC),
            )
            for r in rows
        ]
