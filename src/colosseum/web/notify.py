"""Turn notifications by mail and Web Push, through the store's outbox (store/outbox.py).

`queue_turn` writes, in one transaction, a mail (when the account has an email, takes mail,
and had none for this table within `ServerSettings.mail_interval`) and one push per browser
subscription of the account. The `Sender`, started by every server process, claims due rows
(each process its own: a row is sent once whatever the number of processes), sends them, and
marks each sent, or failed with its error and a retry after a growing wait, a bounded number
of times. Mail goes through `smtplib` to `COLOSSEUM_SMTP_URL`; a push is encrypted and signed
with the server's VAPID key by `pywebpush`, and posted only to a known push service.

Keys: the VAPID key is `COLOSSEUM_VAPID_PRIVATE_KEY`, else `vapid_private.pem` in the key
folder (the data folder), generated there on the first start; the secret that signs
unsubscribe links is `COLOSSEUM_SECRET`, else `secret.key` beside it, generated likewise.
Neither, nor the SMTP password, nor a subscription's endpoint or keys, ever reaches a log.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import smtplib
import ssl
import tempfile
import threading
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import Engine

from ..store import Store
from ..store.outbox import MAIL, PUSH, Outbox, OutboxRow
from .settings import ServerSettings, smtp_parts, vapid_key

log = logging.getLogger("colosseum.web.notify")

VAPID_FILE = "vapid_private.pem"
SECRET_FILE = "secret.key"
MAX_ATTEMPTS = 5  # a notification failing this often is given up, its error kept
RETRY_AFTER = timedelta(seconds=30)  # the first retry's wait; each next one 4 times longer
LEASE = timedelta(minutes=10)  # how long a claim holds: far longer than a send may take
POLL = 5.0  # seconds between two looks at the outbox
KEEP = timedelta(days=30)  # sent and given-up rows are purged after this
PUSH_TTL = 24 * 3600  # seconds a push service keeps a push for a browser that is offline
TIMEOUT = 20  # seconds for the mail server or the push service to answer


@dataclass(frozen=True, slots=True)
class Keys:
    """The server's notification keys: the secret of unsubscribe links, and the VAPID key
    (`py_vapid.Vapid`; None: push is not configured) with its public half as browsers take
    it (the application server key, base64url)."""

    secret: bytes
    vapid: Any = None
    public_key: str | None = None


def load_keys(settings: ServerSettings) -> Keys:
    """The keys of `settings`, those not given read from (or generated into) the key
    folder. Without a key folder: no push, and a secret of this process alone."""
    folder = settings.key_folder
    if settings.secret:
        secret = settings.secret.encode()
    elif folder is not None:
        secret = _kept(folder / SECRET_FILE, lambda: secrets.token_hex(32).encode()).strip()
    else:
        secret = secrets.token_bytes(32)
    if settings.vapid_private_key:
        vapid = vapid_key(settings.vapid_private_key)
    elif folder is not None:
        vapid = vapid_key(_kept(folder / VAPID_FILE, _new_vapid_pem).decode())
    else:
        return Keys(secret)
    public = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return Keys(secret, vapid, _b64(public))


def _new_vapid_pem() -> bytes:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _kept(path: Path, make: Any) -> bytes:
    """The file's content; made by `make()` if it does not exist, readable by its owner
    alone, and put in place only if no other process did first (so all share one)."""
    if path.exists():
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".new-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(make())
        os.chmod(temporary, 0o600)
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)  # fails if another process made it first
    finally:
        os.unlink(temporary)
    log.info("generated %s (keep it: links and subscriptions depend on it)", path)
    return path.read_bytes()


# Unsubscribe links: "<account id>.<HMAC-SHA256 of it with the server's secret>".

_PURPOSE = b"colosseum unsubscribe "


def unsubscribe_token(secret: bytes, account: int) -> str:
    mac = hmac.new(secret, _PURPOSE + str(account).encode(), hashlib.sha256).digest()
    return f"{account}.{_b64(mac)}"


def token_account(secret: bytes, token: str) -> int | None:
    """The account an unsubscribe token was made for, None if the server did not make it."""
    number, _, _ = token.partition(".")
    if not number.isdigit() or len(number) > 18:
        return None
    account = int(number)
    if hmac.compare_digest(unsubscribe_token(secret, account), token):
        return account
    return None


# Queueing, from the table service when a turn comes to an account that is not connected.

_configured: weakref.WeakKeyDictionary[Engine, Sender] = weakref.WeakKeyDictionary()


def queue_turn(
    store: Store,
    account_id: int,
    table_id: str,
    title: str,
    link: str,
    now: datetime | None = None,
) -> None:
    """Queue "your turn at `title`" for the account, in one transaction: a mail (if mail is
    configured, the account has an email and takes mail, and got none for this table within
    the mail interval) and a push per subscription (if push is configured). `link` is the
    table's address, a path such as /tables/<id> (made absolute with COLOSSEUM_PUBLIC_URL).
    Nothing is queued by a store no server's `Sender` runs on."""
    sender = _configured.get(store.engine)
    if sender is None:
        return
    payload = {"title": title[:100], "link": link[:500]}
    sender.outbox.queue_turn(
        account_id,
        table_id,
        mail=payload if sender.mail_ready else None,
        push=payload if sender.push_ready else None,
        interval=sender.settings.mail_interval,
        now=now,
    )


class Failure(Exception):
    """A send that failed; `retry`: worth trying again later (else given up)."""

    def __init__(self, message: str, retry: bool) -> None:
        super().__init__(message)
        self.retry = retry


class Sender:
    """Claims due notifications of the outbox and sends them, in this server process."""

    def __init__(
        self, store: Store, settings: ServerSettings, keys: Keys, poll: float = POLL
    ) -> None:
        self.store = store
        self.settings = settings
        self.keys = keys
        self.poll = poll
        self.outbox = Outbox(store.engine)
        self.mail_ready = settings.mail_configured
        self.push_ready = keys.vapid is not None
        self._task: asyncio.Task[None] | None = None
        self._sending = threading.Lock()  # held while a batch is claimed and sent
        _configured[store.engine] = self

    # the loop

    def start(self) -> None:
        """Say what is configured (never a secret) and send in the background."""
        if self.settings.smtp_url and not self.mail_ready:
            missing = "COLOSSEUM_PUBLIC_URL" if self.settings.mail_from else "COLOSSEUM_MAIL_FROM"
            log.warning("mail is configured without %s: no mail will be sent", missing)
        elif self.mail_ready:
            _, host, port, _, _ = smtp_parts(self.settings.smtp_url or "")
            log.info("notifications by mail through %s:%d", host, port)
        if self.push_ready:
            log.info("notifications by Web Push")
        if self.mail_ready or self.push_ready:
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop sending in the background, once the batch being sent (in a worker thread,
        which a cancellation does not stop) is done."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            await asyncio.to_thread(self._wait_idle)

    def _wait_idle(self) -> None:
        with self._sending:
            pass

    async def _run(self) -> None:
        purged = datetime.min.replace(tzinfo=UTC)
        while True:
            try:
                await asyncio.to_thread(self.run_once)
                if _now() - purged > timedelta(hours=1):
                    purged = _now()
                    keep = max(KEEP, 2 * self.settings.mail_interval)
                    await asyncio.to_thread(self.outbox.purge, purged - keep)
            except Exception as error:  # a database away for a moment: try again later
                log.warning("notifications: %s", type(error).__name__)
            await asyncio.sleep(self.poll)

    def run_once(self, now: datetime | None = None) -> int:
        """Claim the due notifications and send each; how many were claimed."""
        with self._sending:
            rows = self.outbox.claim(LEASE, now=now)
            for row in rows:
                self._deliver(row, now)
        return len(rows)

    def _deliver(self, row: OutboxRow, now: datetime | None) -> None:
        try:
            if row.kind == MAIL:
                self._mail(row)
            elif row.kind == PUSH:
                self._push(row)
            else:
                raise Failure(f"no kind of notification {row.kind!r}", retry=False)
        except Failure as failure:
            attempts = row.attempts + 1
            retry = failure.retry and attempts < MAX_ATTEMPTS
            wait = RETRY_AFTER * 4 ** (attempts - 1)
            message = self._scrub(str(failure))
            self.outbox.mark_failed(row.id, message, (now or _now()) + wait if retry else None)
            log.warning(
                "notification %d (%s) failed, attempt %d%s: %s",
                row.id,
                row.kind,
                attempts,
                "" if retry else ", given up",
                message,
            )
        else:
            self.outbox.mark_sent(row.id, now)

    def _scrub(self, text: str) -> str:
        """An error as kept and logged: one line, at most 500 characters, without the mail
        server's user and password."""
        if self.settings.smtp_url:
            _, _, _, user, password = smtp_parts(self.settings.smtp_url)
            for secret in (self.settings.smtp_url, password, user):
                if secret and (secret is not user or len(secret) >= 4):
                    text = text.replace(secret, "***")
        return " ".join(text.split())[:500]

    # mail

    def _mail(self, row: OutboxRow) -> None:
        if not self.mail_ready:
            raise Failure("mail is not configured on this server", retry=True)
        recipient = self.outbox.recipient(row.account)
        if recipient is None or not recipient.takes_mail or not recipient.email:
            raise Failure("the account takes no mail now", retry=False)
        try:
            message = self.build_mail(row, recipient.name, recipient.email)
        except ValueError as error:  # an address or a title a mail cannot carry
            raise Failure(f"cannot write this mail: {error}", retry=False) from None
        self.send_mail(message)

    def build_mail(self, row: OutboxRow, name: str, email: str) -> EmailMessage:
        """The mail "Your turn at <title>": the table's link and an unsubscribe link (also
        in List-Unsubscribe, with one-click unsubscribing)."""
        base = self.settings.public_url or ""
        title = _line(str(row.payload.get("title", "Colosseum")))
        link = absolute(base, str(row.payload.get("link", "/")))
        unsubscribe = f"{base}/unsubscribe/{unsubscribe_token(self.keys.secret, row.account)}"
        hours = self.settings.mail_interval.total_seconds() / 3600
        message = EmailMessage()
        message["Subject"] = f"Your turn at {title}"
        message["From"] = self.settings.mail_from or ""
        message["To"] = email
        message["Date"] = format_datetime(_now())
        domain = parseaddr(self.settings.mail_from or "")[1].rpartition("@")[2] or None
        message["Message-ID"] = make_msgid("colosseum", domain=domain)
        message["Auto-Submitted"] = "auto-generated"
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(
            f"Hello {_line(name)},\n\n"
            f"It is your turn at {title}:\n{link}\n\n"
            f"Colosseum sends at most one such mail per table every {hours:g} hours, "
            "while you are not at the table.\n"
            f"To receive no more mail from Colosseum: {unsubscribe}\n"
        )
        return message

    def send_mail(self, message: EmailMessage) -> None:
        """Hand the mail to the mail server of COLOSSEUM_SMTP_URL."""
        scheme, host, port, user, password = smtp_parts(self.settings.smtp_url or "")
        context = ssl.create_default_context()
        try:
            if scheme == "smtps":
                client: smtplib.SMTP = smtplib.SMTP_SSL(
                    host, port, timeout=TIMEOUT, context=context
                )
            else:
                client = smtplib.SMTP(host, port, timeout=TIMEOUT)
            with client:
                if scheme == "smtp+starttls":
                    client.starttls(context=context)
                if user and password:
                    client.login(user, password)
                client.send_message(message)
        except (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused) as error:
            raise Failure(
                f"the mail server refused the mail: {_smtp_reason(error)}", False
            ) from None
        except smtplib.SMTPAuthenticationError as error:  # the operator may fix the password
            raise Failure(
                f"the mail server refused the sign-in: {_smtp_reason(error)}", True
            ) from None
        except smtplib.SMTPResponseException as error:
            retry = error.smtp_code < 500
            raise Failure(f"the mail server answered {_smtp_reason(error)}", retry) from None
        except smtplib.SMTPNotSupportedError:
            raise Failure("the mail server offers no STARTTLS or no sign-in (AUTH)", True) from None
        except (smtplib.SMTPException, OSError) as error:
            raise Failure(f"cannot reach the mail server: {type(error).__name__}", True) from None

    # push

    def _push(self, row: OutboxRow) -> None:
        if not self.push_ready:
            raise Failure("push is not configured on this server", retry=True)
        subscription = self.outbox.subscription(int(row.payload.get("subscription", -1)))
        if subscription is None or subscription.account != row.account:
            raise Failure("the subscription was removed", retry=False)
        if not push_service_allowed(subscription.endpoint, self.settings.push_services):
            raise Failure("the subscription's push service is not allowed", retry=False)
        title = str(row.payload.get("title", "Colosseum"))
        link = absolute(self.settings.public_url or "", str(row.payload.get("link", "/")))
        data = {
            "title": f"Your turn at {title}",
            "body": "It is your turn to play.",
            "url": link,
            "tag": f"colosseum-{row.table_id}",
        }
        info = {
            "endpoint": subscription.endpoint,
            "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
        }
        gone = self.send_push(info, json.dumps(data))
        if gone:
            self.outbox.drop_subscription(subscription.id)
            raise Failure("the push service says the subscription is gone", retry=False)

    def send_push(self, info: dict[str, Any], data: str) -> bool:
        """Encrypt `data` for the subscription and post it, signed with the VAPID key;
        True if the push service says the subscription no longer exists."""
        import requests
        from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

        session = requests.Session()
        session.max_redirects = 0  # posted where the subscription says, nowhere else
        try:
            webpush(
                info,
                data=data,
                vapid_private_key=self.keys.vapid,
                vapid_claims={"sub": self._vapid_subject()},
                ttl=PUSH_TTL,
                timeout=TIMEOUT,
                requests_session=session,
            )
        except WebPushException as error:
            status = error.response.status_code if error.response is not None else None
            if status in (404, 410):
                return True
            retry = status is None or status == 429 or status >= 500
            raise Failure(f"the push service answered {status}", retry) from None
        except requests.TooManyRedirects:
            raise Failure("the push service redirected the push", retry=False) from None
        except (requests.RequestException, OSError) as error:
            raise Failure(f"cannot reach the push service: {type(error).__name__}", True) from None
        except ValueError as error:  # keys that are not a subscription's
            raise Failure(f"cannot encrypt for this subscription: {error}", False) from None
        finally:
            session.close()
        return False

    def _vapid_subject(self) -> str:
        """Who runs this server, for the push services: the mail sender, else the site."""
        address = parseaddr(self.settings.mail_from or "")[1]
        if address:
            return f"mailto:{address}"
        if self.settings.public_url and self.settings.public_url.startswith("https://"):
            return self.settings.public_url
        return "mailto:colosseum@localhost"


def push_service_allowed(endpoint: str, services: tuple[str, ...]) -> bool:
    """Whether `endpoint` is on one of the push services (origins, "*." any subdomain)."""
    try:
        url = urlsplit(endpoint)
        port = url.port or (443 if url.scheme == "https" else 80)
    except ValueError:
        return False
    host = (url.hostname or "").lower()
    if not host or url.username or url.password:
        return False
    for service in services:
        allowed = urlsplit(service)
        wanted = (allowed.hostname or "").lower()
        if allowed.scheme != url.scheme:
            continue
        if (allowed.port or (443 if allowed.scheme == "https" else 80)) != port:
            continue
        if wanted.startswith("*."):
            if host.endswith(wanted[1:]) and len(host) > len(wanted) - 1:
                return True
        elif host == wanted:
            return True
    return False


def absolute(base: str, link: str) -> str:
    """`link` on the server's public address (a path is joined to it; anything else is
    replaced by the address itself: a notification never sends anyone elsewhere)."""
    if link.startswith("/") and not link.startswith("//"):
        return f"{base}{link}"
    return f"{base}/"


def _smtp_reason(error: smtplib.SMTPException) -> str:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = sorted({code for code, _ in error.recipients.values()})
        return "recipient refused " + ", ".join(map(str, codes))
    if isinstance(error, smtplib.SMTPResponseException):
        text = error.smtp_error
        words = text.decode(errors="replace") if isinstance(text, bytes) else str(text)
        return f"{error.smtp_code} {words}"
    return type(error).__name__


def _line(text: str) -> str:
    return " ".join(text.split())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _now() -> datetime:
    return datetime.now(UTC)
