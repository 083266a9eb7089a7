"""Turn notifications by Web Push (web/notify.py, web/push_api.py), received by a local push
endpoint (an HTTP server in a thread) standing for the browser's push service: the test holds
the subscription's private key and auth secret, as a browser does, and decrypts the push
(RFC 8291, with http_ece) to read its title and link, and checks the VAPID signature (RFC
8292) against the server's public key. Also: the API's refusals, a subscription the push
service says is gone, retries, and two senders racing over one outbox."""

from __future__ import annotations

import base64
import json
import os
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece  # type: ignore[import-untyped]
import pytest
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from colosseum.store import Store
from colosseum.store.outbox import Outbox
from colosseum.web.app import create_app
from colosseum.web.notify import RETRY_AFTER, Sender, load_keys, queue_turn
from colosseum.web.settings import ServerSettings

from .conftest import TestClient  # type: ignore[attr-defined]

PUBLIC = "https://games.example.org"
ORIGIN = {"Origin": "http://testserver"}  # the site's own pages (the cross-site guard)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class PushService:
    """A push service on a local port: it keeps every push posted to it and answers each
    with the next status of `answers` (201 when none is left)."""

    port: int = 0
    received: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    guard: threading.Lock = field(default_factory=threading.Lock)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def answer(self, path: str, headers: dict[str, str], body: bytes) -> int:
        with self.guard:
            status = self.answers.pop(0) if self.answers else 201
            if status == 201:
                self.received.append((path, headers, body))
        return status


@pytest.fixture
def service() -> Iterator[PushService]:
    pushes = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            headers = {name.lower(): value for name, value in self.headers.items()}
            status = pushes.answer(self.path, headers, body)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    pushes.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield pushes
    server.shutdown()
    server.server_close()


@dataclass
class Browser:
    """What a browser keeps of its push subscription: the private key and the auth secret
    (the server gets the public key and the secret, never the private key)."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        data: dict[str, Any] = json.loads(plain)
        return data


def browser(service: PushService) -> Browser:
    return Browser(f"{service.origin}/push/{uuid.uuid4().hex}")


def push_settings(service: PushService, tmp_path: Path, **more: Any) -> ServerSettings:
    fields: dict[str, Any] = {
        "rate_limits": {},
        "public_url": PUBLIC,
        "mail_from": "games@example.org",
        "key_folder": tmp_path / "keys",  # the VAPID key generated there
        "push_services": (service.origin,),
    }
    fields.update(more)
    return ServerSettings(**fields)


@pytest.fixture
def client(service: PushService, tmp_path: Path) -> Iterator[TestClient]:
    """The server with push configured, its background sender stopped (the tests send when
    they say, with `sender.run_once`), and an account signed in."""
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, push_settings(service, tmp_path))
    with TestClient(app) as test_client:
        running: Sender = test_client.app.state.notify  # type: ignore[attr-defined]
        test_client.portal.call(running.stop)  # type: ignore[union-attr]
        signed_up = test_client.post(
            "/api/accounts", json={"name": "Ann", "password": "a long passphrase"}
        )
        assert signed_up.status_code == 201, signed_up.text
        yield test_client


def sender_of(client: TestClient) -> Sender:
    sender: Sender = client.app.state.notify  # type: ignore[attr-defined]
    return sender


def ann(client: TestClient) -> int:
    found = sender_of(client).store.accounts.by_name("Ann")
    assert found is not None
    return found.id


def check_vapid(headers: dict[str, str], server_key: str, audience: str) -> dict[str, Any]:
    """The push's VAPID Authorization: `vapid t=<ES256 JWT>, k=<server key>`, the JWT signed
    by the server's key for the push service's origin. Its claims."""
    scheme, _, rest = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in rest.split(","))
    assert parts["k"] == server_key
    head, claims, signature = parts["t"].split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    with pytest.raises(InvalidSignature):  # the check can fail: another text, refused
        public.verify(der, f"{head}.{claims}x".encode(), ec.ECDSA(hashes.SHA256()))
    assert json.loads(unb64(head))["alg"] == "ES256"
    payload: dict[str, Any] = json.loads(unb64(claims))
    assert payload["aud"] == audience
    assert payload["exp"] > datetime.now(UTC).timestamp()
    return payload


def test_a_turn_is_pushed_encrypted_for_the_browser_and_signed_by_the_server(
    client: TestClient, service: PushService
) -> None:
    key = client.get("/api/push/key")
    assert key.status_code == 200
    server_key = key.json()["key"]
    assert len(unb64(server_key)) == 65 and unb64(server_key)[0] == 4
    phone = browser(service)
    answer = client.post("/api/me/push", json=phone.subscription(), headers=ORIGIN)
    assert answer.status_code == 201, answer.text
    sender = sender_of(client)
    queue_turn(sender.store, ann(client), "tbl123", "Jugula", "/tables/tbl123")
    assert sender.run_once() == 1
    assert len(service.received) == 1
    path, headers, body = service.received[0]
    assert f"{service.origin}{path}" == phone.endpoint
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    data = phone.read(body)
    assert data["title"] == "Your turn at Jugula"
    assert data["url"] == f"{PUBLIC}/tables/tbl123"
    assert data["tag"] == "colosseum-tbl123"
    claims = check_vapid(headers, server_key, service.origin)
    assert claims["sub"] == "mailto:games@example.org"
    with pytest.raises((InvalidTag, http_ece.ECEException)):  # another browser's key cannot
        browser(service).read(body)
    assert Outbox(sender.store.engine).count(kind="push", sent=None) == 0


def test_each_subscription_gets_the_push_and_one_removed_gets_none(
    client: TestClient, service: PushService
) -> None:
    phone, laptop = browser(service), browser(service)
    for device in (phone, laptop):
        posted = client.post("/api/me/push", json=device.subscription(), headers=ORIGIN)
        assert posted.status_code == 201
    gone = client.request(
        "DELETE", "/api/me/push", json={"endpoint": phone.endpoint}, headers=ORIGIN
    )
    assert gone.status_code == 204
    again = client.request(
        "DELETE", "/api/me/push", json={"endpoint": phone.endpoint}, headers=ORIGIN
    )
    assert again.status_code == 404
    sender = sender_of(client)
    queue_turn(sender.store, ann(client), "tbl", "Ludus Gladiatorius", "/tables/tbl")
    assert sender.run_once() == 1
    ((path, _, body),) = service.received
    assert f"{service.origin}{path}" == laptop.endpoint
    assert laptop.read(body)["title"] == "Your turn at Ludus Gladiatorius"


def test_a_subscription_the_push_service_says_is_gone_is_forgotten(
    client: TestClient, service: PushService
) -> None:
    phone = browser(service)
    client.post("/api/me/push", json=phone.subscription(), headers=ORIGIN)
    sender = sender_of(client)
    service.answers = [410]
    queue_turn(sender.store, ann(client), "tbl", "Jugula", "/tables/tbl")
    assert sender.run_once() == 1
    outbox = Outbox(sender.store.engine)
    assert outbox.subscriptions(ann(client)) == []
    row = outbox.row(1)
    assert row is not None and row["sent"] is None and "gone" in row["error"]
    assert sender.run_once(datetime.now(UTC) + RETRY_AFTER * 100) == 0  # given up


def test_a_push_service_in_trouble_gets_the_push_again_later(
    client: TestClient, service: PushService
) -> None:
    phone = browser(service)
    client.post("/api/me/push", json=phone.subscription(), headers=ORIGIN)
    sender = sender_of(client)
    service.answers = [503]
    now = datetime.now(UTC)
    queue_turn(sender.store, ann(client), "tbl", "Jugula", "/tables/tbl", now)
    assert sender.run_once(now) == 1 and service.received == []
    row = Outbox(sender.store.engine).row(1)
    assert row is not None and row["attempts"] == 1 and "503" in row["error"]
    assert phone.endpoint not in row["error"]  # the endpoint is the browser's secret address
    assert sender.run_once(now + RETRY_AFTER * 2) == 1
    assert phone.read(service.received[0][2])["url"] == f"{PUBLIC}/tables/tbl"


def test_subscribing_refuses_what_is_not_a_subscription_on_a_known_push_service(
    client: TestClient, service: PushService
) -> None:
    good = browser(service).subscription()
    foreign = {**good, "endpoint": "http://169.254.169.254/latest/meta-data"}
    lookalike = {**good, "endpoint": f"http://127.0.0.1:{service.port + 1}/push/x"}
    with_user = {**good, "endpoint": f"http://u:p@127.0.0.1:{service.port}/push/x"}
    bad_key = {**good, "keys": {**good["keys"], "p256dh": b64(b"\x04" + b"\x01" * 64)}}
    short_auth = {**good, "keys": {**good["keys"], "auth": b64(b"short")}}
    not_base64 = {**good, "keys": {**good["keys"], "auth": "!!!"}}
    extra = {**good, "more": 1}
    for body in (foreign, lookalike, with_user, bad_key, short_auth, not_base64, extra, {}):
        answer = client.post("/api/me/push", json=body, headers=ORIGIN)
        assert answer.status_code == 422, body
    too_long = {**good, "endpoint": good["endpoint"] + "x" * 1000}
    assert client.post("/api/me/push", json=too_long, headers=ORIGIN).status_code == 422
    assert Outbox(sender_of(client).store.engine).subscriptions(ann(client)) == []


def test_subscribing_needs_a_sign_in_from_the_site_itself(
    client: TestClient, service: PushService
) -> None:
    good = browser(service).subscription()
    forged = client.post("/api/me/push", json=good, headers={"Origin": "https://evil.example"})
    assert forged.status_code == 403
    client.delete("/api/session", headers=ORIGIN)
    assert client.post("/api/me/push", json=good, headers=ORIGIN).status_code == 401
    assert Outbox(sender_of(client).store.engine).subscriptions(ann(client)) == []


def test_without_push_configured_there_is_no_key_and_no_subscribing(
    service: PushService, tmp_path: Path
) -> None:
    settings = ServerSettings(rate_limits={})  # no key given, none generated
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, settings)) as client:
        assert client.get("/api/push/key").status_code == 404
        assert client.get("/api/push/key").json()["detail"] == "push is not configured"
        client.post("/api/accounts", json={"name": "Bob", "password": "a long passphrase"})
        answer = client.post("/api/me/push", json=browser(service).subscription(), headers=ORIGIN)
        assert answer.status_code == 404


def test_the_vapid_key_is_generated_once_and_kept(service: PushService, tmp_path: Path) -> None:
    settings = push_settings(service, tmp_path)
    first, second = load_keys(settings), load_keys(settings)
    assert first.public_key == second.public_key and first.secret == second.secret
    assert oct((tmp_path / "keys" / "vapid_private.pem").stat().st_mode)[-3:] == "600"
    pem = (tmp_path / "keys" / "vapid_private.pem").read_text()
    given = load_keys(ServerSettings(vapid_private_key=pem, secret="0123456789abcdef"))
    assert given.public_key == first.public_key


def test_two_senders_of_two_stores_push_each_row_exactly_once(
    service: PushService, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    settings = push_settings(service, tmp_path)
    keys = load_keys(settings)
    stores = [Store(url), Store(url)]
    try:
        senders = [Sender(store, settings, keys) for store in stores]
        devices = []
        for n in range(12):
            who = stores[0].accounts.create(f"p{n}", None, None).id
            device = browser(service)
            info = device.subscription()
            Outbox(stores[0].engine).subscribe(
                who, device.endpoint, info["keys"]["p256dh"], info["keys"]["auth"]
            )
            queue_turn(stores[n % 2], who, f"t{n}", "Jugula", f"/tables/t{n}")
            devices.append(device)
        start = threading.Barrier(4)

        def send(sender: Sender) -> None:
            start.wait()
            while sender.run_once():
                pass

        threads = [threading.Thread(target=send, args=(senders[i % 2],)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        paths = sorted(f"{service.origin}{path}" for path, _, _ in service.received)
        assert paths == sorted(d.endpoint for d in devices)
    finally:
        for store in stores:
            store.close()
