"""What may be done with accounts, and the rules of their fields; no HTTP here (the API in
`accounts_api.py` and `colosseum accounts` in the CLI both call it).

A name follows a table seat's rules (at most `NAME_LENGTH` characters, no control
characters), its spaces collapsed; names compare trimmed and case-folded, "deleted
player ..." is kept for deleted accounts and "Computer (..." for the computer levels. An
email is checked loosely: one @, at most 254 characters, no spaces or control characters.
Passwords: `passwords.py`.
"""

from __future__ import annotations

import unicodedata

from ..store import AccountRow, NameTaken, Store
from ..store.accounts import DELETED_NAME, name_key
from ..store.ratings import COMPUTER_NAME
from .errors import AccountDisabled, AccountNameTaken, BadRequest, SignInFailed
from .passwords import check_password, hash_password, needs_rehash, verify
from .table_rules import NAME_LENGTH, check_name

EMAIL_LENGTH = 254
COMPUTER_PREFIX = name_key(COMPUTER_NAME.split("{")[0])  # "computer (": the levels' names
WRONG = "wrong name or password"  # one message: it never says which was wrong


def check_account_name(name: object) -> str:
    """The name as it will be kept (spaces collapsed), or `BadRequest` saying why not."""
    check_name(name, "name")
    assert isinstance(name, str)
    text = " ".join(name.split())
    if not text:
        raise BadRequest("name: an account needs a name")
    if len(text) > NAME_LENGTH:
        raise BadRequest(f"name: an account's name has at most {NAME_LENGTH} characters")
    if name_key(text).startswith(DELETED_NAME):
        raise BadRequest(
            f"name: names beginning with {DELETED_NAME!r} are kept for deleted accounts"
        )
    if name_key(text).startswith(COMPUTER_PREFIX):
        raise BadRequest(
            f"name: names beginning with {COMPUTER_PREFIX!r} are kept for the computer levels"
        )
    return text


def check_email(email: object) -> str | None:
    """The email (trimmed) if it looks like one, None for none ("" or null), else
    `BadRequest`. Loose on purpose: a mail that arrives is the only real check."""
    if email is None:
        return None
    if not isinstance(email, str):
        raise BadRequest("email: an email address is text")
    text = email.strip()
    if not text:
        return None
    if len(text) > EMAIL_LENGTH:
        raise BadRequest(f"email: an email address has at most {EMAIL_LENGTH} characters")
    if any(c.isspace() or unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise BadRequest("email: an email address holds no spaces or control characters")
    local, at, domain = text.partition("@")
    if not at or not local or not domain or "@" in domain:
        raise BadRequest("email: an email address is name@domain, with one @")
    return text


def taken(store: Store, name: str) -> None:
    """`AccountNameTaken` if an account has this name (trimmed, ignoring case)."""
    if store.accounts.by_name(name) is not None:
        raise AccountNameTaken(f"the name {name!r} is taken: choose another")


def register(store: Store, name: object, password: object, email: object = None) -> AccountRow:
    """A new account; `AccountNameTaken` (409) if the name is taken."""
    kept = check_account_name(name)
    secret = check_password(password)
    address = check_email(email)
    taken(store, kept)  # spares the hash; the store checks again
    try:
        return store.accounts.create(kept, hash_password(secret), address)
    except NameTaken:
        raise AccountNameTaken(f"the name {kept!r} is taken: choose another") from None


def authenticate(store: Store, name: object, password: object) -> AccountRow:
    """The account whose name and password these are; `SignInFailed` (never saying which
    was wrong, and as slow for an unknown name), `AccountDisabled` once the password is
    right. A hash made with weaker parameters is replaced."""
    account = store.accounts.by_name(name) if isinstance(name, str) else None
    stored = None if account is None else store.accounts.password_hash(account.id)
    given = password if isinstance(password, str) else ""
    if not verify(stored, given) or account is None or stored is None:
        raise SignInFailed(WRONG)
    if account.deleted:
        raise SignInFailed(WRONG)
    if account.disabled:
        raise AccountDisabled("this account is disabled: ask the server's operator")
    if needs_rehash(stored):
        store.accounts.rehash(account.id, stored, hash_password(given))
    return account


def confirm_password(store: Store, account: AccountRow, password: object) -> None:
    """`SignInFailed` unless `password` is the account's (before a change that needs it)."""
    given = password if isinstance(password, str) else ""
    if not verify(store.accounts.password_hash(account.id), given):
        raise SignInFailed("the current password is wrong")


def set_password(store: Store, account: AccountRow, password: object, keep: str | None) -> None:
    """A new password; every sign-in of the account ends but the one of digest `keep`."""
    store.accounts.set_password(account.id, hash_password(check_password(password)), False)
    store.accounts.revoke_all(account.id, keep=keep)


def find(store: Store, name: str) -> AccountRow:
    """The account of this name, not deleted; `BadRequest` naming it otherwise."""
    account = store.accounts.by_name(name)
    if account is None or account.deleted:
        raise BadRequest(f"no account is named {' '.join(name.split())!r}")
    return account
