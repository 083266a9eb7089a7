"""A guest's seat named and kept (docs/web.md, "Seats of accounts"): the guest names himself
with his seat's token, and, once registered and signed in, keeps the seat for his account,
after which it opens from any browser of that account (its token goes on working)."""

from __future__ import annotations

from .account_seats import Person
from .errors import BadRequest, BadToken, SeatTaken, TableNotFound
from .live import LiveTable
from .service import TableService
from .table_rules import NAME_LENGTH, check_name
from .tokens import matches


def rename(service: TableService, table_id: str, seat: int, token: str | None, name: str) -> str:
    """A guest names his seat (with its token): the name shown, checked as names are; an
    account's seat is named by its account, and a guest may not take an account's name."""
    check_name(name, "name")
    shown = " ".join(name.split())[:NAME_LENGTH]
    if not shown:
        raise BadRequest("name: a name is needed (letters, digits, spaces, punctuation)")
    live, held = guest_seat(service, table_id, seat, token)
    service.refuse_account_name(shown)
    if not service.store.tables.rename(table_id, seat, shown, held):
        raise SeatTaken(f"seat {seat} of table {table_id} changed meanwhile: reload it")
    service.refresh_row(live)
    return shown


def keep(service: TableService, table_id: str, seat: int, token: str | None, person: Person) -> str:
    """A guest who registered keeps his seat: with its token and signed in, the seat becomes
    his account's (named by it); the name shown."""
    live, held = guest_seat(service, table_id, seat, token)
    if not service.store.tables.bind(table_id, seat, held, person.id, person.name):
        raise SeatTaken(f"seat {seat} of table {table_id} changed meanwhile: reload it")
    service.refresh_row(live)
    return person.name


def guest_seat(
    service: TableService, table_id: str, seat: int, token: str | None
) -> tuple[LiveTable, str]:
    """The table and the stored token hash of a guest's seat whose token was presented."""
    if token is None:
        raise BadToken("send the seat's token: 'Authorization: Bearer <token>'")
    live = service.table(table_id)
    row = service.store.tables.find(table_id)
    if row is None:
        raise TableNotFound(f"no table {table_id!r}")
    if not 0 <= seat < row.players:
        raise BadRequest(f"table {table_id} has seats 0 to {row.players - 1}")
    found = row.seats[seat]
    if found.token_hash is None or not matches(found.token_hash, token):
        raise BadToken(f"this token is not seat {seat}'s of table {table_id}")
    if found.account is not None:
        raise SeatTaken(f"seat {seat} of table {table_id} is an account's already")
    return live, found.token_hash
