"""What the careers pages refuse. Each is a kind of the table service's refusals
(`errors.py`), so the application answers it with that kind's HTTP status; nothing changed."""

from __future__ import annotations

from .errors import (
    BadRequest,
    BadToken,
    NotYourTurn,
    RateLimited,
    SeatTaken,
    StaleVersion,
    TableNotFound,
)


class CampaignNotFound(TableNotFound):
    """No campaign of that name, no combat of that number, no such proposal (404)."""


class NameInUse(SeatTaken):
    """A new campaign named as one that exists (409)."""


class LinkRefused(BadToken):
    """A key that opens nothing in this campaign, or none where one is needed (401)."""


class NotAllowed(NotYourTurn):
    """A key that is not the one the request needs: another lanista's, not the organiser's
    (403)."""


class NotYourQuestion(NotAllowed):
    """An answer to a question asked of another lanista (403)."""


class QuestionGone(StaleVersion):
    """An answer to a question no longer asked (answered, or asked again after a restart)
    (409): reload and answer the question asked now."""


class CombatBusy(StaleVersion):
    """The combat is taking another answer at this moment (409): send it again."""


class TooManyCombats(SeatTaken):
    """A campaign with as many combats in progress or proposed as it may have (409)."""


class ServerFull(RateLimited):
    """The server runs as many combats as it may (429, with Retry-After)."""


class BadAnswer(BadRequest):
    """An answer that is not one of the question's choices, or not of its form (422)."""


class RulesRefused(BadRequest):
    """An answer the rules refused, changing nothing; the question is asked again (422)."""


class AccountNotFound(TableNotFound):
    """A ludus given to an account that does not exist, or may not sign in (404)."""


class OwnsALudus(SeatTaken):
    """An account given a second ludus of a campaign: it owns one there already (409)."""


class NotStopped(StaleVersion):
    """A restart of a combat that has not stopped on an error (409)."""
