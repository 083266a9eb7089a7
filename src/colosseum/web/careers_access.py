"""Who acts in a campaign on the server, decided in one place.

A request is turned into an `Actor` once (`identify`, called by one FastAPI dependency in
`careers.py`), and the careers service checks that actor against what is asked: the
**organiser** (the campaign's founder: by the organiser key he was given then, or by the
sign-in of the account that founded it), a **lanista** (by his ludus's key, or by the sign-in
of the account that owns the ludus), an **account** signed in that owns nothing here, or a
**guest** (no key, signed out: he may read what anyone may, found a campaign or a ludus).
A key, when sent, decides alone; without one the sign-in cookie does.

Keys are 192 random bits (`tokens.new_token`), shown once, kept only as their SHA-256 and
compared in constant time (`tokens.matches`): the organiser's in the campaign's settings
(`ORGANISER`), a ludus's in its `ludus_created` event, and a key the organiser issues anew in a
`ludus_key` event, which revokes the one before. Nothing of a key is shown by any page.

**Owners.** A ludus belongs either to the holder of its key (a guest) or to an account, never
both, as the campaign's events say (ids, never names, so a renamed or deleted account stays the
same owner): a ludus founded signed in names its account in `ludus_created` (and has no key);
a `ludus_owner` event `{lanista, account}` gives it to an account (its key holder claiming it,
or the organiser reassigning it), after which its key opens nothing; a `ludus_key` event gives
it back to a key. A campaign founded signed in keeps its founder's account id in its settings
(`FOUNDER`): that account organises. An account owns at most one ludus of a campaign.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..careers.campaign import Campaign
from .careers_errors import LinkRefused, NotAllowed
from .tokens import matches, new_token, token_hash

ORGANISER = "organiser"  # the settings' entry holding the organiser key's hash
FOUNDER = "founder"  # the settings' entry holding the founder account's id
OWNER_EVENT = "ludus_owner"  # a ludus given to an account (careers/events.py)
LANISTA = "lanista"
ACCOUNT = "account"  # signed in, owning nothing in the campaign
GUEST = "guest"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who makes a request in a campaign: the organiser, one lanista, an account that owns
    nothing here, or a guest. `account` is set when the sign-in (not a key) decided it;
    `organises` when that account founded the campaign (it may own a ludus as well)."""

    role: str = GUEST
    lanista: str | None = None
    account: int | None = None
    organises: bool = False

    @property
    def organiser(self) -> bool:
        return self.role == ORGANISER or self.organises

    def owns(self, lanista: str) -> bool:
        """Whether this actor acts for `lanista`'s ludus."""
        return self.role == LANISTA and self.lanista == lanista

    def describe(self) -> str:
        if self.account is not None:
            if self.lanista is not None:
                return f"the account of {self.lanista}'s ludus"
            return "the founder's account" if self.organises else "an account with no ludus here"
        if self.role == LANISTA:
            return f"{self.lanista}'s key"
        return "the organiser's key" if self.organiser else "no key"


ANYONE = Actor()


@dataclass(frozen=True, slots=True)
class Owner:
    """Who owns a ludus now: an account (its id), or else whoever holds its key (the key's
    hash; None for a ludus founded at the terminal and never given a key)."""

    account: int | None = None
    key: str | None = None


def new_key() -> tuple[str, str]:
    """A fresh key and the hash kept of it."""
    key = new_token()
    return key, token_hash(key)


def _account_id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def owners(campaign: Campaign) -> dict[str, Owner]:
    """The owner of each ludus of the campaign now, by lanista, from its events (kept in
    the campaign's ledger)."""
    return {
        lanista: Owner(held.account, held.key)
        for lanista, held in campaign.ledger.owners.items()
        if lanista in campaign.sheets
    }


def key_hashes(campaign: Campaign) -> dict[str, str]:
    """The hash of each guest's ludus's key now (the latest issued), by lanista; a ludus of
    an account, or founded before keys existed, has none."""
    return {n: o.key for n, o in owners(campaign).items() if o.key is not None}


def owned_by(campaign: Campaign, account: int) -> str | None:
    """The lanista of the ludus `account` owns in the campaign, if any."""
    return next((n for n, o in owners(campaign).items() if o.account == account), None)


def founder(campaign: Campaign) -> int | None:
    """The id of the account that founded the campaign signed in, if one did."""
    return _account_id(campaign.settings.get(FOUNDER))


def identify(campaign: Campaign, key: str | None, account: int | None = None) -> Actor:
    """The actor a request makes in `campaign`: by its key when it sends one (every hash
    compared, in constant time; LinkRefused for a key of nobody here), else by its signed-in
    `account` (the owner of its ludus, the founder), else a guest."""
    if key is not None:
        return _by_key(campaign, key)
    if account is None:
        return ANYONE
    lanista = owned_by(campaign, account)
    organises = founder(campaign) == account
    role = LANISTA if lanista is not None else ORGANISER if organises else ACCOUNT
    return Actor(role, lanista, account, organises)


def _by_key(campaign: Campaign, key: str) -> Actor:
    found = ANYONE
    if matches(campaign.settings.get(ORGANISER), key):
        found = Actor(ORGANISER)
    for lanista, digest in key_hashes(campaign).items():
        if matches(digest, key):
            found = Actor(LANISTA, lanista)
    if found is not ANYONE:
        return found
    given = _given_to_account(campaign, key)
    if given is not None:
        raise LinkRefused(
            f"{given}'s ludus belongs to an account now: its key opens nothing any more; its "
            "owner signs in to act for it"
        )
    raise LinkRefused(
        f"this key opens nothing in {campaign.name!r}: it is neither its organiser's nor a "
        "ludus's (a key the organiser issued anew revokes the one before)"
    )


def _given_to_account(campaign: Campaign, key: str) -> str | None:
    """The lanista whose ludus this key once opened, now an account's; else None."""
    for lanista, held in campaign.ledger.owners.items():
        if held.account is None or lanista not in campaign.sheets:
            continue
        if any(matches(digest, key) for digest in held.keys):
            return lanista
    return None


def refuse(actor: Actor, needed: str, what: str) -> Exception:
    """The refusal of `what` to `actor`, which needs `needed` ("Fred's key"): a guest is told
    to send it (401), another key is refused (403)."""
    if actor.role == GUEST:
        return LinkRefused(
            f"{what} needs {needed}: send it as 'Authorization: Bearer <key>', or sign in "
            "as the account that owns the ludus"
        )
    return NotAllowed(f"{what} needs {needed}, not {actor.describe()}")


def require_organiser(actor: Actor, what: str) -> None:
    if not actor.organiser:
        raise refuse(actor, "the organiser's key", what)


def key_link(page: str, key: str) -> str:
    """The address that hands a key to a browser: in the fragment, never sent to a server."""
    return f"{page}#key={key}"
