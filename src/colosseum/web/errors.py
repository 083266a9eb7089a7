"""What the table service refuses, each with a message a person can act on; the API turns
each into its HTTP status (`STATUS`)."""

from __future__ import annotations

from ..core.errors import ColosseumError, IllegalAction
from ..store.errors import StoreError


class TableError(ColosseumError):
    """A request the table service refuses; nothing changed."""


class TableNotFound(TableError):
    """No table has this id."""


class BadToken(TableError):
    """A token that is no seat of this table."""


class NotYourTurn(TableError):
    """A seat (or a spectator) acting when the decision is another seat's."""


class StaleVersion(TableError):
    """An action sent for a version of the table that is no longer the latest."""


class SeatTaken(TableError):
    """A lobby join of a seat someone already sits in."""


class NotAvailable(TableError):
    """Something the table does not offer now (a record before the game is over)."""


class BadRequest(TableError):
    """A request that names no valid game, option, seat or player."""


STATUS: dict[type[TableError], int] = {
    TableNotFound: 404,
    BadToken: 401,
    NotYourTurn: 403,
    NotAvailable: 403,
    StaleVersion: 409,
    SeatTaken: 409,
    BadRequest: 422,
}


class RateLimited(TableError):
    """More requests of a kind than a client may make in a while (429, with Retry-After)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


STATUS[RateLimited] = 429


class Unreplayable(TableError):
    """A stored table whose record no longer replays (stored under other rules, or damaged):
    the engine's own message, which may name a seat's legal actions, is never shown."""


STATUS[Unreplayable] = 409


class AccountError(TableError):
    """A request about an account refused (docs/web.md, "Accounts"); nothing changed."""


class SignInFirst(AccountError):
    """A request that needs a signed-in account, made signed out (or with an expired or
    revoked sign-in)."""


class SignInFailed(AccountError):
    """A wrong name or password; the message never says which."""


class AccountDisabled(AccountError):
    """A sign-in to an account an operator disabled."""


class AccountNameTaken(AccountError):
    """A new account named like an existing one (trimmed, ignoring case)."""


STATUS[SignInFirst] = 401
STATUS[SignInFailed] = 401
STATUS[AccountDisabled] = 403
STATUS[AccountNameTaken] = 409


class NotYourSeat(TableError):
    """A signed-in account asking for a seat of a table it does not hold (another's seat,
    or one reserved for another account)."""


STATUS[NotYourSeat] = 403


def status_of(error: Exception) -> int:
    """The HTTP status of a refusal."""
    for kind, status in STATUS.items():
        if isinstance(error, kind):
            return status
    if isinstance(error, IllegalAction):
        return 422
    if isinstance(error, StoreError):
        return 503
    return 422 if isinstance(error, ColosseumError) else 500
