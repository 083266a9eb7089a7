"""Passkeys (WebAuthn credentials) of accounts, and the WebAuthn challenges waiting for their
answer.

A passkey is kept as its credential id and COSE public key (both base64url) and the signature
counter its authenticator last reported; `used` advances the counter only from the value the
caller verified against, so two sign-ins racing with one answer cannot both pass. A challenge
is kept under the SHA-256 of the id handed to the browser (never the id itself), with its
purpose, the account it is for (a registration) and its expiry; `take_challenge` deletes it
in the transaction that reads it, so each is answered at most once, and an expired one is
refused (and deleted) like a missing one.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .errors import StoreError
from .schema import challenges, passkeys
from .times import aware, utc_now
from .transactions import writing


class PasskeyTaken(StoreError):
    """A credential id already registered (to this account or another); nothing stored."""


@dataclass(frozen=True, slots=True)
class PasskeyRow:
    """A stored passkey: its number, account, credential id and public key (base64url), the
    authenticator's last signature counter, and when it was added."""

    id: int
    account: int
    credential_id: str
    public_key: str
    sign_count: int
    created: datetime


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    """A challenge taken from the store: what it was for, whose, and its bytes (base64url)."""

    purpose: str
    account: int | None
    challenge: str
    expires: datetime


def challenge_key(challenge_id: str) -> str:
    """What the store keeps of a challenge's id: its SHA-256, in hex."""
    return hashlib.sha256(challenge_id.encode("utf-8", "surrogatepass")).hexdigest()


class Passkeys:
    """The passkeys and WebAuthn challenges of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- passkeys ---------------------------------------------------------------------------

    def add(
        self,
        account: int,
        credential_id: str,
        public_key: str,
        sign_count: int,
        now: datetime | None = None,
    ) -> PasskeyRow:
        """Store a verified credential for `account`; `PasskeyTaken` if its id is known."""
        created = now or utc_now()
        try:
            with writing(self.engine) as connection:
                found = connection.execute(
                    select(passkeys.c.id).where(passkeys.c.credential_id == credential_id)
                ).first()
                if found is not None:
                    raise PasskeyTaken("this passkey is already registered")
                key = connection.execute(
                    insert(passkeys).values(
                        account=account,
                        credential_id=credential_id,
                        public_key=public_key,
                        sign_count=sign_count,
                        created=created,
                    )
                ).inserted_primary_key
        except IntegrityError:  # the same credential stored a moment before
            raise PasskeyTaken("this passkey is already registered") from None
        assert key is not None
        return PasskeyRow(int(key[0]), account, credential_id, public_key, sign_count, created)

    def find(self, credential_id: str) -> PasskeyRow | None:
        """The passkey with this credential id (base64url), if any."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(passkeys).where(passkeys.c.credential_id == credential_id)
            ).first()
        return None if row is None else _passkey(row)

    def of_account(self, account: int) -> list[PasskeyRow]:
        """An account's passkeys, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(passkeys).where(passkeys.c.account == account).order_by(passkeys.c.id)
            ).all()
        return [_passkey(row) for row in rows]

    def count(self, account: int) -> int:
        """How many passkeys an account has."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(func.count()).select_from(passkeys).where(passkeys.c.account == account)
            ).scalar_one()
        return int(found)

    def used(self, passkey_id: int, seen_count: int, new_count: int) -> bool:
        """Record a verified use: the counter becomes `new_count` if it is still `seen_count`
        (the value the answer was verified against). False if another use came first."""
        with writing(self.engine) as connection:
            result = connection.execute(
                update(passkeys)
                .where(passkeys.c.id == passkey_id, passkeys.c.sign_count == seen_count)
                .values(sign_count=new_count)
            )
        return result.rowcount == 1

    def delete(self, account: int, passkey_id: int) -> bool:
        """Remove one of the account's passkeys; False if it has none with this number."""
        with writing(self.engine) as connection:
            result = connection.execute(
                delete(passkeys).where(passkeys.c.id == passkey_id, passkeys.c.account == account)
            )
        return result.rowcount == 1

    # --- challenges -------------------------------------------------------------------------

    def store_challenge(
        self,
        challenge_id: str,
        purpose: str,
        account: int | None,
        challenge: str,
        expires: datetime,
        now: datetime | None = None,
    ) -> None:
        """Keep a challenge until `expires` under the hash of `challenge_id`; the expired
        challenges of everyone are removed in the same transaction."""
        with writing(self.engine) as connection:
            connection.execute(delete(challenges).where(challenges.c.expires < (now or utc_now())))
            connection.execute(
                insert(challenges).values(
                    id=challenge_key(challenge_id),
                    purpose=purpose,
                    account=account,
                    challenge=challenge,
                    expires=expires,
                )
            )

    def take_challenge(
        self, challenge_id: str, purpose: str, now: datetime | None = None
    ) -> ChallengeRow | None:
        """The challenge with this id and purpose, deleted as it is read: None if there is
        none, it was taken before, it is for another purpose or it has expired (an expired one
        is deleted too)."""
        key = challenge_key(challenge_id)
        with writing(self.engine) as connection:
            row = connection.execute(select(challenges).where(challenges.c.id == key)).first()
            if row is None:
                return None
            gone = connection.execute(delete(challenges).where(challenges.c.id == key))
            if gone.rowcount != 1:  # taken by another request meanwhile
                return None
        taken = ChallengeRow(row.purpose, row.account, row.challenge, aware(row.expires))
        if taken.purpose != purpose or taken.expires <= (now or utc_now()):
            return None
        return taken


def _passkey(row: Any) -> PasskeyRow:
    return PasskeyRow(
        id=int(row.id),
        account=int(row.account),
        credential_id=str(row.credential_id),
        public_key=str(row.public_key),
        sign_count=int(row.sign_count),
        created=aware(row.created),
    )
