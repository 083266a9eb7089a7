"""The campaign's refusals: one error for a request the rules or the tables do not allow."""

from __future__ import annotations

from ..core.errors import ColosseumError


class CareerError(ColosseumError, ValueError):
    """An impossible campaign request (buying a second Murmillo, borrowing while lending...)."""
