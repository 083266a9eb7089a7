"""Who acts in a campaign on the server, decided in one place.

A request's `Authorization: Bearer <key>` is turned into an `Actor` once (`identify`, called by
one FastAPI dependency in `careers.py`), and the careers service checks that actor against what
is asked: the **organiser** (the campaign's founder, by the organiser key he was given then),
a **lanista** (by his ludus's key, given when he founded it), or a **guest** (no key: he may
read what anyone may, found a campaign or a ludus). When accounts come, an account's session
will be turned into the same `Actor` here, and nothing else changes.

Keys are 192 random bits (`tokens.new_token`), shown once, kept only as their SHA-256 and
compared in constant time (`tokens.matches`): the organiser's in the campaign's settings
(`ORGANISER`), a ludus's in its `ludus_created` event, and a key the organiser issues anew in a
`ludus_key` event, which revokes the one before. Nothing of a key is shown by any page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..careers.campaign import Campaign
from ..careers.views import KEY_EVENT
from .careers_errors import LinkRefused, NotAllowed
from .tokens import matches, new_token, token_hash

ORGANISER = "organiser"  # the settings' entry holding the organiser key's hash
LANISTA = "lanista"
GUEST = "guest"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who makes a request in a campaign: the organiser, one lanista, or a guest."""

    role: str = GUEST
    lanista: str | None = None

    @property
    def organiser(self) -> bool:
        return self.role == ORGANISER

    def owns(self, lanista: str) -> bool:
        """Whether this actor acts for `lanista`'s ludus."""
        return self.role == LANISTA and self.lanista == lanista

    def describe(self) -> str:
        if self.role == LANISTA:
            return f"{self.lanista}'s key"
        return "the organiser's key" if self.organiser else "no key"


ANYONE = Actor()


def new_key() -> tuple[str, str]:
    """A fresh key and the hash kept of it."""
    key = new_token()
    return key, token_hash(key)


def key_hashes(campaign: Campaign) -> dict[str, str]:
    """The hash of each ludus's key now (the latest issued), by lanista; a ludus founded
    before keys existed has none."""
    found: dict[str, str] = {}
    for event in campaign.history:
        if event.kind in ("ludus_created", KEY_EVENT) and "key" in event.payload:
            found[str(event.payload["lanista"]).strip()] = str(event.payload["key"])
    return {lanista: digest for lanista, digest in found.items() if lanista in campaign.sheets}


def identify(campaign: Campaign, key: str | None) -> Actor:
    """The actor whose key `key` is in `campaign` (every hash compared, in constant time);
    a guest without one; LinkRefused for a key of nobody here."""
    if key is None:
        return ANYONE
    found = ANYONE
    if matches(campaign.settings.get(ORGANISER), key):
        found = Actor(ORGANISER)
    for lanista, digest in key_hashes(campaign).items():
        if matches(digest, key):
            found = Actor(LANISTA, lanista)
    if found is ANYONE:
        raise LinkRefused(
            f"this key opens nothing in {campaign.name!r}: it is neither its organiser's nor a "
            "ludus's (a key the organiser issued anew revokes the one before)"
        )
    return found


def refuse(actor: Actor, needed: str, what: str) -> Exception:
    """The refusal of `what` to `actor`, which needs `needed` ("Fred's key"): a guest is told
    to send it (401), another key is refused (403)."""
    if actor.role == GUEST:
        return LinkRefused(f"{what} needs {needed}: send it as 'Authorization: Bearer <key>'")
    return NotAllowed(f"{what} needs {needed}, not {actor.describe()}")


def require_organiser(actor: Actor, what: str) -> None:
    if not actor.organiser:
        raise refuse(actor, "the organiser's key", what)


def key_link(page: str, key: str) -> str:
    """The address that hands a key to a browser: in the fragment, never sent to a server."""
    return f"{page}#key={key}"
