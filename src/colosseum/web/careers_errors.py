"""What the careers pages refuse. Each is a kind of the table service's refusals
(`errors.py`), so the application answers it with that kind's HTTP status; nothing changed."""

from __future__ import annotations

from .errors import BadRequest, BadToken, NotYourTurn, SeatTaken, StaleVersion, TableNotFound


class CampaignNotFound(TableNotFound):
    """No campaign of that name, or no combat of that number in it (404)."""


class NameInUse(SeatTaken):
    """A new campaign named as one that exists (409)."""


class LinkRefused(BadToken):
    """A token that is no lanista's link of this combat, or none where one is needed (401)."""


class NotYourQuestion(NotYourTurn):
    """An answer to a question asked of another lanista, or to none (403)."""


class QuestionGone(StaleVersion):
    """An answer to a question no longer asked (answered, or asked again after a restart)
    (409): reload and answer the question asked now."""


class BadAnswer(BadRequest):
    """An answer that is not one of the question's choices, or not of its form (422)."""


class RulesRefused(BadRequest):
    """An answer the rules refused, changing nothing; the question is asked again (422)."""
