"""What an operator may set about the server's limits and trust (docs/security.md, "Limits"):
each from `colosseum serve`'s options or the environment, with documented defaults.

- rate limits per area: `COLOSSEUM_RATE_LIMITS` ("create=5/minute, hint=2/minute" over
  `RATE_LIMITS`; "off": none);
- trusted reverse proxies: `COLOSSEUM_TRUSTED_PROXIES` (addresses or networks, comma-separated;
  default none);
- days without an action before a table is abandoned: `COLOSSEUM_ABANDON_DAYS` (30);
- days a sign-in lasts: `COLOSSEUM_SESSION_DAYS` (30);
- the API's browsable docs at /docs and /redoc: `COLOSSEUM_API_DOCS=1` (off);
- seconds a quick match waits before a computer player is offered: `COLOSSEUM_MATCH_WAIT` (120);
- notifications (docs/web.md, "Notifications"): the server's address for links in mails
  `COLOSSEUM_PUBLIC_URL`, the mail server `COLOSSEUM_SMTP_URL` (smtp://, smtps://,
  smtp+starttls://, with user:password if it asks), the sender `COLOSSEUM_MAIL_FROM`, hours
  between two mails for one table `COLOSSEUM_MAIL_INTERVAL` (6), the Web Push VAPID key
  `COLOSSEUM_VAPID_PRIVATE_KEY`, the secret of unsubscribe links `COLOSSEUM_SECRET`, the
  folder where keys not given are generated and kept `COLOSSEUM_KEY_FOLDER` (the data
  folder), the push services subscriptions may name `COLOSSEUM_PUSH_SERVICES`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from limits import parse_many

from ..core.errors import ColosseumError

# Per client address (per seat for hints), as the `limits` library writes them. An area is
# counted by the server's middleware (web/ratelimit.py) from the request's method and path.
RATE_LIMITS: dict[str, str] = {
    "create": "20/minute;300/day",  # new tables and uploaded records
    "campaign": "10/minute;100/day",  # new campaigns and ludi
    "action": "120/minute",  # actions, careers answers and combats
    "hint": "10/minute",  # per seat
    "chat": "20/minute",  # chat lines per seat of a table
    "socket": "120/minute",  # WebSocket messages of one address
    "connect": "60/minute",  # new WebSocket connections
    "request": "1200/minute",  # any other request
    "account": "10/hour;50/day",  # new accounts, per address
    "signin": "10/minute;100/hour",  # sign-ins (password or passkey) per address and per name
}
ABANDON_DAYS = 30
SESSION_DAYS = 30  # how long a sign-in lasts
MATCH_WAIT = 120.0  # seconds of quick match before a computer player is offered
MATCH_WAIT_MAX = 7 * 24 * 3600.0  # at most a week
MAIL_INTERVAL = timedelta(hours=6)  # at most one mail per account and table in this time
# The Web Push services of the browsers (Chrome and Edge through FCM or WNS, Firefox, Safari):
# a subscription's endpoint must be on one of them, so that the server posts nowhere else.
# "*." matches any subdomain.
PUSH_SERVICES = (
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://*.push.apple.com",
    "https://*.notify.windows.com",
)
SMTP_SCHEMES = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}  # and their default ports


class SettingError(ColosseumError):
    """A server setting that cannot be used."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """The server's limits and whom it trusts."""

    rate_limits: Mapping[str, str] = field(default_factory=lambda: dict(RATE_LIMITS))
    trusted_proxies: tuple[str, ...] = ()
    abandon_days: int = ABANDON_DAYS
    session_days: int = SESSION_DAYS
    api_docs: bool = False
    match_wait: float = MATCH_WAIT
    # notifications (web/notify.py); secrets out of the repr, so that no log shows them
    public_url: str | None = None
    smtp_url: str | None = field(default=None, repr=False)
    mail_from: str | None = None
    mail_interval: timedelta = MAIL_INTERVAL
    vapid_private_key: str | None = field(default=None, repr=False)
    secret: str | None = field(default=None, repr=False)
    key_folder: Path | None = None  # None: nothing generated (no push, a secret per process)
    push_services: tuple[str, ...] = PUSH_SERVICES

    def __post_init__(self) -> None:
        for area, text in self.rate_limits.items():
            if area not in RATE_LIMITS:
                raise SettingError(f"no rate limit area {area!r}; areas: {', '.join(RATE_LIMITS)}")
            try:
                parse_many(text)
            except ValueError:
                raise SettingError(
                    f"rate limit {area}={text!r} is not like '20/minute' or '20/minute;300/day'"
                ) from None
        if self.abandon_days < 1:
            raise SettingError("a table is abandoned after at least 1 day without an action")
        if not 1 <= self.session_days <= 366:
            raise SettingError("a sign-in lasts from 1 to 366 days (COLOSSEUM_SESSION_DAYS)")
        if not 0 <= self.match_wait <= MATCH_WAIT_MAX:
            raise SettingError("COLOSSEUM_MATCH_WAIT is from 0 to 604800 seconds (a week)")
        self._check_notifications()

    def _check_notifications(self) -> None:
        """Each notification setting usable, said in one line that never repeats a secret."""
        if self.public_url is not None:
            url = urlsplit(self.public_url)
            if url.scheme not in ("http", "https") or not url.hostname or url.query:
                raise SettingError(
                    "COLOSSEUM_PUBLIC_URL is the server's address as browsers reach it, "
                    f"like https://games.example.org, got {self.public_url!r}"
                )
            object.__setattr__(self, "public_url", self.public_url.rstrip("/"))
        if self.smtp_url is not None:
            smtp_parts(self.smtp_url)
        if self.mail_from is not None:
            _, address = parseaddr(self.mail_from)
            if "@" not in address or any(c in self.mail_from for c in "\r\n"):
                raise SettingError(
                    f"COLOSSEUM_MAIL_FROM is an address like games@example.org, got "
                    f"{self.mail_from!r}"
                )
        if not timedelta(minutes=1) <= self.mail_interval <= timedelta(days=30):
            raise SettingError("COLOSSEUM_MAIL_INTERVAL is between 1/60 and 720 hours")
        if self.vapid_private_key is not None:
            vapid_key(self.vapid_private_key)
        if self.secret is not None and len(self.secret) < 16:
            raise SettingError("COLOSSEUM_SECRET is at least 16 characters (32 random ones)")
        for service in self.push_services:
            url = urlsplit(service)
            if url.scheme not in ("http", "https") or not url.hostname or url.path.strip("/"):
                raise SettingError(
                    f"a push service is an origin like https://fcm.googleapis.com, got {service!r}"
                )

    @property
    def mail_configured(self) -> bool:
        """Mail can be sent: a mail server, a sender and the address for the links."""
        return bool(self.smtp_url and self.mail_from and self.public_url)

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str] | None = None, **given: object
    ) -> ServerSettings:
        """The settings of the environment, overridden by those `given` (not None)."""
        env = os.environ if environ is None else environ
        found: dict[str, object] = {}
        if "COLOSSEUM_RATE_LIMITS" in env:
            found["rate_limits"] = parse_rate_limits(env["COLOSSEUM_RATE_LIMITS"])
        if env.get("COLOSSEUM_TRUSTED_PROXIES"):
            found["trusted_proxies"] = parse_proxies(env["COLOSSEUM_TRUSTED_PROXIES"])
        if env.get("COLOSSEUM_ABANDON_DAYS"):
            try:
                found["abandon_days"] = int(env["COLOSSEUM_ABANDON_DAYS"])
            except ValueError:
                raise SettingError("COLOSSEUM_ABANDON_DAYS is a whole number of days") from None
        if env.get("COLOSSEUM_SESSION_DAYS"):
            try:
                found["session_days"] = int(env["COLOSSEUM_SESSION_DAYS"])
            except ValueError:
                raise SettingError("COLOSSEUM_SESSION_DAYS is a whole number of days") from None
        if env.get("COLOSSEUM_API_DOCS"):
            found["api_docs"] = env["COLOSSEUM_API_DOCS"].lower() in ("1", "true", "yes", "on")
        if env.get("COLOSSEUM_MATCH_WAIT"):
            try:
                found["match_wait"] = float(env["COLOSSEUM_MATCH_WAIT"])
            except ValueError:
                raise SettingError("COLOSSEUM_MATCH_WAIT is a number of seconds") from None
        found.update(_notification_settings(env))
        found.update({k: v for k, v in given.items() if v is not None})
        return cls(**found)  # type: ignore[arg-type]


def parse_rate_limits(text: str) -> dict[str, str]:
    """`"create=5/minute, hint=2/minute"` over the defaults; `"off"`: no rate limit at all."""
    if text.strip().lower() == "off":
        return {}
    limits = dict(RATE_LIMITS)
    for part in filter(None, (p.strip() for p in text.split(","))):
        area, sep, value = part.partition("=")
        if not sep or not value.strip():
            raise SettingError(f"a rate limit is written area=limit, got {part!r}")
        limits[area.strip()] = value.strip()
    return limits


def parse_proxies(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


def _notification_settings(env: Mapping[str, str]) -> dict[str, object]:
    """The notification settings of the environment; keys not given are generated in
    `COLOSSEUM_KEY_FOLDER`, else the user's data folder."""
    found: dict[str, object] = {}
    names = {
        "public_url": "COLOSSEUM_PUBLIC_URL",
        "smtp_url": "COLOSSEUM_SMTP_URL",
        "mail_from": "COLOSSEUM_MAIL_FROM",
        "vapid_private_key": "COLOSSEUM_VAPID_PRIVATE_KEY",
        "secret": "COLOSSEUM_SECRET",
    }
    for name, variable in names.items():
        if env.get(variable, "").strip():
            found[name] = env[variable].strip()
    if env.get("COLOSSEUM_MAIL_INTERVAL"):
        try:
            found["mail_interval"] = timedelta(hours=float(env["COLOSSEUM_MAIL_INTERVAL"]))
        except (ValueError, OverflowError):
            raise SettingError("COLOSSEUM_MAIL_INTERVAL is a number of hours, like 6") from None
    if env.get("COLOSSEUM_PUSH_SERVICES"):
        found["push_services"] = parse_proxies(env["COLOSSEUM_PUSH_SERVICES"])
    if env.get("COLOSSEUM_KEY_FOLDER"):
        found["key_folder"] = Path(env["COLOSSEUM_KEY_FOLDER"])
    else:
        from ..store.location import data_folder

        found["key_folder"] = data_folder()
    return found


def smtp_parts(url: str) -> tuple[str, str, int, str | None, str | None]:
    """(scheme, host, port, user, password) of a `COLOSSEUM_SMTP_URL`; the port defaults to
    the scheme's (25, 465, 587). A URL that is not one says so without repeating it, since it
    may hold a password."""
    wrong = SettingError(
        "COLOSSEUM_SMTP_URL is smtp://host:port, smtps://host:port or "
        "smtp+starttls://host:port, with user:password@ before the host if the server asks"
    )
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise wrong from None
    if parts.scheme not in SMTP_SCHEMES or not parts.hostname or parts.path.strip("/"):
        raise wrong
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return parts.scheme, parts.hostname, port or SMTP_SCHEMES[parts.scheme], user, password


def vapid_key(text: str) -> Any:
    """The `py_vapid.Vapid` of a VAPID private key written as PEM or as base64url (the raw
    32-byte key or its DER), as `vapid --gen` and the web-push tools print it; a key that is
    none of them says so without repeating it."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from py_vapid import Vapid  # type: ignore[import-untyped]

    try:
        if "-----BEGIN" in text:
            key = serialization.load_pem_private_key(text.encode(), password=None)
            if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
                raise ValueError("not a P-256 key")
            return Vapid(key)
        return Vapid.from_string(text)
    except Exception:  # the key's library raises many kinds: one message for all
        raise SettingError(
            "COLOSSEUM_VAPID_PRIVATE_KEY is a P-256 private key, as PEM or base64url "
            "(`vapid --gen` writes one)"
        ) from None
