"""Turn notifications by mail (web/notify.py), received by a real SMTP server (aiosmtpd) on a
free local port: the mail's subject, recipient, table link and unsubscribe link and header;
the unsubscribe link turning the account's mail off; one mail per table per interval; retries
with a growing wait and then giving up, with no secret in the error or the log; and two
senders of two stores racing over one outbox (SQLite, and PostgreSQL when
COLOSSEUM_TEST_POSTGRES_URL is set) sending each mail exactly once."""

from __future__ import annotations

import email
import email.policy
import logging
import re
import socket
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiosmtpd", reason="aiosmtpd is not installed (the dev extra)")

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from colosseum.store import Store
from colosseum.store.outbox import Outbox
from colosseum.web.app import create_app
from colosseum.web.notify import MAX_ATTEMPTS, RETRY_AFTER, Sender, load_keys, queue_turn
from colosseum.web.settings import ServerSettings, SettingError

from ..store.conftest import DATABASES, database_url
from .conftest import TestClient  # type: ignore[attr-defined]

PUBLIC = "https://games.example.org"
PASSWORD = "s3cret-Pa55word"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Inbox:
    """What the local mail server received, and how it answers DATA (250 unless told)."""

    mails: list[EmailMessage] = field(default_factory=list)
    recipients: list[list[str]] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)  # next answers to DATA, then 250
    guard: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.guard:
            if self.answers:
                return self.answers.pop(0)
            message = email.message_from_bytes(
                envelope.original_content, policy=email.policy.default
            )
            assert isinstance(message, EmailMessage)
            self.mails.append(message)
            self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"

    def authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and data.password.decode() == PASSWORD
        if ok:
            self.logins.append(data.login.decode())
        return AuthResult(success=ok, handled=False)  # a refusal answered 535 by the server


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    box = Inbox()
    port = free_port()
    controller = Controller(
        box,
        hostname="127.0.0.1",
        port=port,
        authenticator=box.authenticate,
        auth_require_tls=False,
    )
    controller.start()
    yield box, port
    controller.stop()


def mail_settings(port: int, tmp_path: Path, **more: Any) -> ServerSettings:
    fields: dict[str, Any] = {
        "rate_limits": {},
        "smtp_url": f"smtp://mailer:{PASSWORD}@127.0.0.1:{port}",
        "mail_from": "Colosseum <games@example.org>",
        "public_url": PUBLIC,
        "secret": "a-secret-of-the-tests-0123456789",
        "key_folder": tmp_path / "keys",
    }
    fields.update(more)
    return ServerSettings(**fields)


def new_account(store: Store, email_address: str | None = "ann@example.org") -> int:
    return store.accounts.create(f"Ann {uuid.uuid4().hex[:8]}", None, email_address).id


@pytest.fixture
def app_client(
    inbox: tuple[Inbox, int], tmp_path: Path
) -> Iterator[tuple[TestClient, Sender, Store]]:
    """The server with mail configured; its background sender stopped, so that each test
    sends when it says (`sender.run_once`)."""
    _, port = inbox
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, mail_settings(port, tmp_path))
    with TestClient(app) as client:
        sender: Sender = client.app.state.notify  # type: ignore[attr-defined]
        client.portal.call(sender.stop)  # type: ignore[union-attr]
        yield client, sender, sender.store


def test_a_turn_mails_the_table_link_with_an_unsubscribe_link_that_works(
    inbox: tuple[Inbox, int], app_client: tuple[TestClient, Sender, Store]
) -> None:
    box, _ = inbox
    client, sender, store = app_client
    ann = new_account(store)
    queue_turn(store, ann, "tbl123", "Jugula", "/tables/tbl123")
    assert sender.run_once() == 1
    assert len(box.mails) == 1
    mail = box.mails[0]
    assert mail["Subject"] == "Your turn at Jugula"
    assert mail["To"] == "ann@example.org" and box.recipients == [["ann@example.org"]]
    assert mail["From"] == "Colosseum <games@example.org>"
    assert box.logins == ["mailer"]  # the URL's user and password signed in
    body = mail.get_content()
    assert f"{PUBLIC}/tables/tbl123" in body
    header = re.fullmatch(r"<(https://\S+)>", str(mail["List-Unsubscribe"]))
    assert header is not None
    link = header.group(1)
    assert link.startswith(f"{PUBLIC}/unsubscribe/") and link in body
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert Outbox(store.engine).count(sent=None) == 0

    page = client.get(link.removeprefix(PUBLIC))
    assert page.status_code == 200 and "Unsubscribed" in page.text
    account = store.accounts.get(ann)
    assert account is not None and not account.notify_email
    queue_turn(store, ann, "other", "Jugula", "/tables/other")
    assert sender.run_once() == 0 and len(box.mails) == 1


def test_an_unsubscribe_link_not_made_by_the_server_changes_nothing(
    app_client: tuple[TestClient, Sender, Store],
) -> None:
    client, sender, store = app_client
    ann, bob = new_account(store), new_account(store)
    from colosseum.web.notify import unsubscribe_token

    good = unsubscribe_token(sender.keys.secret, ann)
    forged = f"{bob}.{good.partition('.')[2]}"  # ann's signature on bob's id
    other_secret = unsubscribe_token(b"another server's secret", bob)
    for token in (forged, other_secret, "123", "x.y", "9" * 30 + ".abc", "a" * 200):
        answer = client.get(f"/unsubscribe/{token}")
        assert answer.status_code in (404, 422), token
    for who in (ann, bob):
        account = store.accounts.get(who)
        assert account is not None and account.notify_email
    # a mail program's one-click unsubscribe (RFC 8058) posts to the same link
    assert client.post(f"/unsubscribe/{good}").status_code == 204
    account = store.accounts.get(ann)
    assert account is not None and not account.notify_email


def test_one_mail_per_table_per_interval(
    inbox: tuple[Inbox, int], app_client: tuple[TestClient, Sender, Store]
) -> None:
    box, _ = inbox
    _, sender, store = app_client
    ann = new_account(store)
    start = datetime.now(UTC)
    for minutes in (0, 1, 60, 5 * 60):
        queue_turn(store, ann, "tbl", "Jugula", "/tables/tbl", start + timedelta(minutes=minutes))
    queue_turn(store, ann, "tbl2", "Ludus Gladiatorius", "/tables/tbl2", start)
    sender.run_once()
    assert sorted(m["Subject"] for m in box.mails) == [
        "Your turn at Jugula",
        "Your turn at Ludus Gladiatorius",
    ]
    queue_turn(store, ann, "tbl", "Jugula", "/tables/tbl", start + timedelta(hours=6, minutes=1))
    sender.run_once()
    assert len(box.mails) == 3


def test_no_mail_without_an_email(
    inbox: tuple[Inbox, int], app_client: tuple[TestClient, Sender, Store]
) -> None:
    box, _ = inbox
    _, sender, store = app_client
    queue_turn(store, new_account(store, None), "tbl", "Jugula", "/tables/tbl")
    assert sender.run_once() == 0 and box.mails == []


def test_a_refused_mail_is_retried_later_then_sent(
    inbox: tuple[Inbox, int], app_client: tuple[TestClient, Sender, Store]
) -> None:
    box, _ = inbox
    _, sender, store = app_client
    box.answers = ["451 4.3.0 try again later"]
    queue_turn(store, new_account(store), "tbl", "Jugula", "/tables/tbl")
    now = datetime.now(UTC)
    assert sender.run_once(now) == 1 and box.mails == []
    outbox = Outbox(store.engine)
    (row_id,) = [r for r in range(1, 10) if outbox.row(r)]
    row = outbox.row(row_id)
    assert row is not None and row["attempts"] == 1 and "451" in row["error"]
    assert sender.run_once(now + RETRY_AFTER / 2) == 0  # not yet
    assert sender.run_once(now + RETRY_AFTER * 2) == 1
    assert len(box.mails) == 1
    row = outbox.row(row_id)
    assert row is not None and row["sent"] is not None and row["attempts"] == 2


def test_a_mail_failing_again_and_again_is_given_up_with_its_error_and_no_secret(
    inbox: tuple[Inbox, int],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    box, port = inbox
    store = Store(f"sqlite:///{tmp_path / 'mail.db'}")
    wrong = f"smtp://mailer:{PASSWORD}-wrong@127.0.0.1:{port}"
    settings = mail_settings(port, tmp_path, smtp_url=wrong)
    sender = Sender(store, settings, load_keys(settings))
    queue_turn(store, new_account(store), "tbl", "Jugula", "/tables/tbl")
    now = datetime.now(UTC)
    caplog.set_level(logging.INFO, logger="colosseum")
    tries = 0
    while sender.run_once(now):
        tries += 1
        now += RETRY_AFTER * 4**tries
    assert tries == MAX_ATTEMPTS and box.mails == []
    row = Outbox(store.engine).row(1)
    assert row is not None and row["sent"] is None and row["attempts"] == MAX_ATTEMPTS
    assert row["error"] and "535" in row["error"] and len(row["error"]) <= 500
    assert PASSWORD not in row["error"] and "mailer" not in row["error"]
    assert "given up" in caplog.text
    assert PASSWORD not in caplog.text and wrong not in caplog.text
    store.close()


def test_mail_configured_without_the_public_address_says_so_at_start_and_sends_none(
    inbox: tuple[Inbox, int], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    box, port = inbox
    settings = mail_settings(port, tmp_path, public_url=None)
    caplog.set_level(logging.INFO, logger="colosseum")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, settings)) as client:
        sender: Sender = client.app.state.notify  # type: ignore[attr-defined]
        queue_turn(sender.store, new_account(sender.store), "tbl", "Jugula", "/tables/tbl")
        assert sender.run_once() == 0
    lines = [r.getMessage() for r in caplog.records if "COLOSSEUM_PUBLIC_URL" in r.getMessage()]
    assert lines == ["mail is configured without COLOSSEUM_PUBLIC_URL: no mail will be sent"]
    assert box.mails == [] and PASSWORD not in caplog.text


@pytest.mark.parametrize("kind", DATABASES)
def test_two_senders_of_two_stores_send_each_mail_exactly_once(
    kind: str, inbox: tuple[Inbox, int], tmp_path: Path
) -> None:
    box, port = inbox
    url = database_url(kind, tmp_path)
    settings = mail_settings(port, tmp_path)
    keys = load_keys(settings)
    stores = [Store(url), Store(url)]
    try:
        senders = [Sender(store, settings, keys) for store in stores]
        tag = uuid.uuid4().hex[:8]
        for n in range(24):  # each queued through either process's store
            store = stores[n % 2]
            who = new_account(store, f"p{n}-{tag}@example.org")
            queue_turn(store, who, f"t{tag}{n}", "Jugula", f"/tables/t{tag}{n}")
        start = threading.Barrier(6)

        def send(sender: Sender) -> None:
            start.wait()
            while sender.run_once():
                pass

        threads = [threading.Thread(target=send, args=(senders[i % 2],)) for i in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        ours = sorted(r[0] for r in box.recipients if r[0].endswith(f"-{tag}@example.org"))
        assert ours == sorted(f"p{n}-{tag}@example.org" for n in range(24))
    finally:
        for store in stores:
            store.close()


def test_notification_settings_keep_their_secrets_out_of_words() -> None:
    url = f"smtp+starttls://mailer:{PASSWORD}@mail.example.org"
    settings = ServerSettings.from_environment(
        {
            "COLOSSEUM_SMTP_URL": url,
            "COLOSSEUM_MAIL_FROM": "games@example.org",
            "COLOSSEUM_PUBLIC_URL": "https://games.example.org/",
            "COLOSSEUM_MAIL_INTERVAL": "0.5",
            "COLOSSEUM_SECRET": "x" * 32,
            "COLOSSEUM_KEY_FOLDER": "/nonexistent/keys",
        }
    )
    assert settings.mail_configured and settings.public_url == "https://games.example.org"
    assert settings.mail_interval == timedelta(minutes=30)
    assert PASSWORD not in repr(settings) and "x" * 32 not in repr(settings)
    for bad in (f"http://mailer:{PASSWORD}@mail", f"smtp://mailer:{PASSWORD}@mail:99999"):
        with pytest.raises(SettingError) as refused:
            ServerSettings.from_environment({"COLOSSEUM_SMTP_URL": bad})
        assert PASSWORD not in str(refused.value)
    for name, value in (
        ("COLOSSEUM_MAIL_FROM", "not an address"),
        ("COLOSSEUM_PUBLIC_URL", "games.example.org"),
        ("COLOSSEUM_MAIL_INTERVAL", "often"),
        ("COLOSSEUM_MAIL_INTERVAL", "0"),
        ("COLOSSEUM_SECRET", "short"),
    ):
        with pytest.raises(SettingError):
            ServerSettings.from_environment({name: value, "COLOSSEUM_KEY_FOLDER": "/k"})
    assert replace(settings, smtp_url=None).mail_configured is False


def test_a_move_that_gives_the_turn_to_an_account_away_mails_it(
    inbox: tuple[Inbox, int], app_client: tuple[TestClient, Sender, Store]
) -> None:
    """The whole way: alice invites bob by name, plays until it is bob's turn, and bob, who
    does not watch the table, gets the mail with the table's link."""
    box, _ = inbox
    client, sender, _ = app_client
    site = {"Origin": "http://testserver"}
    alice, bob = TestClient(client.app, headers=site), TestClient(client.app, headers=site)
    password = "correct horse battery"
    for browser, name, address in ((alice, "alice", None), (bob, "bob", "bob@example.org")):
        body = {"name": name, "password": password, "email": address}
        assert browser.post("/api/accounts", json=body).status_code == 201
    players = [{"kind": "account", "name": "bob"}, {"kind": "me"}]
    made = alice.post("/api/tables", json={"game": "ludus-gladiatorius", "players": players})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    for _ in range(50):
        state = alice.get(f"/api/tables/{table}/state", params={"board": False}).json()
        if state["current"] != 1:
            break
        action = {"action": state["legal"][0]["notation"], "version": state["version"]}
        assert alice.post(f"/api/tables/{table}/actions", json=action).status_code == 200
    assert state["current"] == 0  # bob's turn
    sender.run_once()
    assert box.recipients == [["bob@example.org"]]
    assert box.mails[0]["Subject"] == "Your turn at Ludus Gladiatorius"
    assert f"{PUBLIC}/tables/{table}" in box.mails[0].get_content()
