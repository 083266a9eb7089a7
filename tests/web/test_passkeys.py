"""Passkeys through the API (docs/web.md, "Passkeys"): a software authenticator (an EC P-256
key, CBOR by `cbor2`, as a browser's platform authenticator would answer) registers a passkey
and signs in with it; every refusal — a replayed or expired challenge, an answer made for
another origin or relying party, an unknown credential, a bad signature, another account's
challenge or user handle, a disabled or deleted account — says why and changes nothing."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import uuid
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import select
from starlette.requests import Request

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.store.passkeys import Passkeys, challenge_key
from colosseum.store.schema import challenges, passkeys
from colosseum.web import passkeys as passkeys_module
from colosseum.web.app import create_app
from colosseum.web.ratelimit import Limiter
from colosseum.web.settings import ServerSettings

ORIGIN = "http://testserver"  # the test client's own origin
RP_ID = "testserver"
PASSWORD = "correct horse battery"
POSTGRES = os.environ.get("COLOSSEUM_TEST_POSTGRES_URL")
NO_POSTGRES = pytest.mark.skipif(
    not POSTGRES, reason="COLOSSEUM_TEST_POSTGRES_URL is not set: no PostgreSQL server to test"
)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Authenticator:
    """A platform authenticator in software: one EC P-256 key per credential it made, the
    user handle it was given, and a signature counter."""

    keys: dict[bytes, ec.EllipticCurvePrivateKey] = field(default_factory=dict)
    handles: dict[bytes, bytes] = field(default_factory=dict)
    count: int = 0

    def create(
        self, options: dict[str, Any], origin: str = ORIGIN, rp_id: str | None = None
    ) -> dict[str, Any]:
        """The answer of `navigator.credentials.create()` to `options`, as JSON."""
        key = ec.generate_private_key(ec.SECP256R1())
        credential_id = os.urandom(32)
        self.keys[credential_id] = key
        self.handles[credential_id] = unb64(options["user"]["id"])
        numbers = key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        attested = bytes(16) + len(credential_id).to_bytes(2, "big") + credential_id + cose
        data = self._data(rp_id or options["rp"]["id"], 0x45) + attested  # UP, UV, AT
        client = self._client("webauthn.create", options["challenge"], origin)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})
        return {
            "id": b64(credential_id),
            "rawId": b64(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "attestationObject": b64(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(
        self,
        options: dict[str, Any],
        credential_id: bytes | None = None,
        origin: str = ORIGIN,
        rp_id: str | None = None,
    ) -> dict[str, Any]:
        """The answer of `navigator.credentials.get()` to `options`, as JSON (with the only
        or the given credential)."""
        if credential_id is None:
            (credential_id,) = self.keys
        data = self._data(rp_id or options["rpId"], 0x05)  # UP, UV
        client = self._client("webauthn.get", options["challenge"], origin)
        signature = self.keys[credential_id].sign(
            data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256())
        )
        return {
            "id": b64(credential_id),
            "rawId": b64(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(data),
                "signature": b64(signature),
                "userHandle": b64(self.handles[credential_id]),
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def _data(self, rp_id: str, flags: int) -> bytes:
        self.count += 1
        return (
            hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + self.count.to_bytes(4, "big")
        )

    @staticmethod
    def _client(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        ).encode()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=NO_POSTGRES)])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The app without rate limits, whose requests come from its own pages (Origin), on
    SQLite and (when one is given) on a PostgreSQL database shared with other tests."""
    url = f"sqlite:///{tmp_path / 'web.db'}" if request.param == "sqlite" else POSTGRES
    app = create_app(url, 0, ServerSettings(rate_limits={}))
    with TestClient(app, headers={"Origin": ORIGIN}) as test_client:
        yield test_client


def keys_of(client: TestClient) -> Passkeys:
    return Passkeys(client.app.state.hub.service.store.engine)  # type: ignore[attr-defined]


def register(client: TestClient, name: str) -> str:
    """A new account named `name` and a few random letters (a PostgreSQL database is
    shared), signed in (the client keeps its cookie); its name."""
    name = f"{name} {uuid.uuid4().hex[:8]}"
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return name


def account_id(client: TestClient, name: str) -> int:
    found = client.app.state.hub.service.store.accounts.by_name(name)  # type: ignore[attr-defined]
    assert found is not None
    return int(found.id)


def sign_out(client: TestClient) -> None:
    assert client.delete("/api/session").status_code == 204
    assert client.get("/api/me").status_code == 401


def add_passkey(client: TestClient, authenticator: Authenticator) -> dict[str, Any]:
    offer = client.post("/api/me/passkeys/options").json()
    answer = authenticator.create(offer["options"])
    response = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert response.status_code == 201, response.text
    added: dict[str, Any] = response.json()
    return added


def sign_in_offer(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/session/passkey/options")
    assert response.status_code == 200, response.text
    offer: dict[str, Any] = response.json()
    return offer


def sign_in(client: TestClient, challenge_id: str, credential: dict[str, Any]) -> Any:
    return client.post(
        "/api/session/passkey", json={"challenge_id": challenge_id, "credential": credential}
    )


def counts(client: TestClient, name: str) -> list[int]:
    return [p.sign_count for p in keys_of(client).of_account(account_id(client, name))]


def test_register_a_passkey_and_sign_in_with_it(client: TestClient) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    offer = client.post("/api/me/passkeys/options").json()
    options = offer["options"]
    assert options["rp"] == {"id": RP_ID, "name": "Colosseum"}
    assert options["user"]["name"] == ann
    handle = unb64(options["user"]["id"])
    assert len(handle) == 32 and ann.encode() not in handle and handle not in (b"1", b"\x01")
    assert options["authenticatorSelection"]["residentKey"] == "preferred"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    assert options["excludeCredentials"] == []
    answer = authenticator.create(options)
    added = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert added.status_code == 201, added.text
    listed = client.get("/api/me/passkeys").json()
    assert [p["id"] for p in listed] == [added.json()["id"]]

    sign_out(client)
    offer = sign_in_offer(client)
    assert offer["options"]["rpId"] == RP_ID
    assert offer["options"]["allowCredentials"] == []  # discoverable: the browser offers them
    response = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert response.status_code == 200, response.text
    assert response.json() == {"name": ann}
    assert "httponly" in response.headers["set-cookie"].lower()
    assert client.get("/api/me").json()["name"] == ann
    assert counts(client, ann) == [authenticator.count]  # the signature counter advanced


def test_the_same_authenticator_answers_again_with_a_new_challenge(client: TestClient) -> None:
    register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    for _ in range(2):
        sign_out(client)
        offer = sign_in_offer(client)
        response = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
        assert response.status_code == 200, response.text


def test_registration_excludes_the_accounts_passkeys(client: TestClient) -> None:
    register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    offer = client.post("/api/me/passkeys/options").json()
    (credential_id,) = authenticator.keys
    assert [c["id"] for c in offer["options"]["excludeCredentials"]] == [b64(credential_id)]


def test_the_user_handle_is_stable_and_differs_between_accounts(client: TestClient) -> None:
    register(client, "Ann")
    first = client.post("/api/me/passkeys/options").json()["options"]["user"]["id"]
    again = client.post("/api/me/passkeys/options").json()["options"]["user"]["id"]
    register(client, "Bob")
    other = client.post("/api/me/passkeys/options").json()["options"]["user"]["id"]
    assert first == again != other


def test_a_replayed_sign_in_is_refused(client: TestClient) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    offer = sign_in_offer(client)
    answer = authenticator.get(offer["options"])
    assert sign_in(client, offer["challenge_id"], answer).status_code == 200
    sign_out(client)
    before = counts(client, ann)
    replayed = sign_in(client, offer["challenge_id"], answer)
    assert replayed.status_code == 401
    assert "expired or was already answered" in replayed.json()["detail"]
    assert "set-cookie" not in replayed.headers
    assert counts(client, ann) == before


def test_an_old_answer_with_a_new_challenge_is_refused(client: TestClient) -> None:
    """An answer signs its own challenge: sent with another, the library refuses it."""
    register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    old = authenticator.get(sign_in_offer(client)["options"])
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], old)
    assert refused.status_code == 401
    assert "challenge" in refused.json()["detail"]


def test_an_expired_challenge_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    before = counts(client, ann)
    monkeypatch.setattr(passkeys_module, "CHALLENGE_LIFE", timedelta(seconds=-1))
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert refused.status_code == 401
    assert "expired" in refused.json()["detail"]
    assert counts(client, ann) == before
    assert client.get("/api/me").status_code == 401


def test_an_answer_made_for_another_origin_is_refused(client: TestClient) -> None:
    ann = register(client, "Ann")
    offer = client.post("/api/me/passkeys/options").json()
    answer = Authenticator().create(offer["options"], origin="https://evil.example")
    refused = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert refused.status_code == 422
    assert "origin" in refused.json()["detail"]
    assert client.get("/api/me/passkeys").json() == []

    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    before = counts(client, ann)
    for kind in ("origin", "rp id"):
        offer = sign_in_offer(client)
        made = (
            authenticator.get(offer["options"], origin="https://evil.example")
            if kind == "origin"
            else authenticator.get(offer["options"], rp_id="evil.example")
        )
        refused = sign_in(client, offer["challenge_id"], made)
        assert refused.status_code == 401, kind
        assert ("origin" if kind == "origin" else "RP ID") in refused.json()["detail"]
        assert counts(client, ann) == before
        assert client.get("/api/me").status_code == 401


def test_a_credential_made_for_another_host_is_refused(client: TestClient) -> None:
    """The relying party is the host the request named: a registration begun on
    testserver and answered as for evil.example is refused."""
    register(client, "Ann")
    offer = client.post("/api/me/passkeys/options").json()
    answer = Authenticator().create(offer["options"], rp_id="evil.example")
    refused = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert refused.status_code == 422
    assert "RP ID" in refused.json()["detail"]
    assert client.get("/api/me/passkeys").json() == []


def test_an_unknown_credential_is_refused(client: TestClient) -> None:
    register(client, "Ann")
    add_passkey(client, Authenticator())
    sign_out(client)
    stranger = Authenticator()
    stranger.create(client.post("/api/session/passkey/options").json()["options"] | _user())
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], stranger.get(offer["options"]))
    assert refused.status_code == 401
    assert refused.json()["detail"] == "no account has this passkey"


def _user() -> dict[str, Any]:
    """What registration options add to sign-in options, for a stranger's authenticator."""
    return {"rp": {"id": RP_ID}, "user": {"id": b64(b"stranger")}}


def test_a_bad_signature_is_refused(client: TestClient) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    before = counts(client, ann)
    offer = sign_in_offer(client)
    answer = authenticator.get(offer["options"])
    signature = bytearray(unb64(answer["response"]["signature"]))
    signature[-1] ^= 1
    answer["response"]["signature"] = b64(bytes(signature))
    refused = sign_in(client, offer["challenge_id"], answer)
    assert refused.status_code == 401
    assert "signature" in refused.json()["detail"]
    assert counts(client, ann) == before


def test_a_user_handle_of_another_account_is_refused(client: TestClient) -> None:
    register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    (credential_id,) = authenticator.keys
    authenticator.handles[credential_id] = b"someone else"
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert refused.status_code == 401
    assert "another account" in refused.json()["detail"]


def test_a_disabled_or_deleted_account_does_not_sign_in(client: TestClient) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    sign_out(client)
    store = client.app.state.hub.service.store  # type: ignore[attr-defined]
    number = account_id(client, ann)
    store.accounts.set_disabled(number, True)
    before = counts(client, ann)
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert refused.status_code == 403
    assert refused.json()["detail"] == "this account is disabled"
    assert "set-cookie" not in refused.headers
    assert counts(client, ann) == before
    store.accounts.set_disabled(number, False)
    store.accounts.delete(number)
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert refused.status_code == 401
    assert client.get("/api/me").status_code == 401


def test_another_accounts_registration_challenge_is_refused(client: TestClient) -> None:
    register(client, "Ann")
    offer = client.post("/api/me/passkeys/options").json()
    register(client, "Bob")  # now signed in as Bob
    answer = Authenticator().create(offer["options"])
    refused = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert refused.status_code == 409
    assert client.get("/api/me/passkeys").json() == []


def test_a_sign_in_challenge_does_not_register(client: TestClient) -> None:
    register(client, "Ann")
    offer = sign_in_offer(client)
    options = client.post("/api/me/passkeys/options").json()["options"]
    answer = Authenticator().create(options | {"challenge": offer["options"]["challenge"]})
    refused = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert refused.status_code == 409
    assert client.get("/api/me/passkeys").json() == []


def test_the_same_passkey_is_not_added_twice(client: TestClient) -> None:
    register(client, "Ann")
    authenticator = Authenticator()
    offer = client.post("/api/me/passkeys/options").json()
    answer = authenticator.create(offer["options"])
    first = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert first.status_code == 201
    offer = client.post("/api/me/passkeys/options").json()
    client_data = json.loads(unb64(answer["response"]["clientDataJSON"]))
    client_data["challenge"] = offer["options"]["challenge"]
    answer["response"]["clientDataJSON"] = b64(json.dumps(client_data).encode())
    again = client.post(
        "/api/me/passkeys", json={"challenge_id": offer["challenge_id"], "credential": answer}
    )
    assert again.status_code == 409
    assert again.json()["detail"] == "this passkey is already registered"
    assert len(client.get("/api/me/passkeys").json()) == 1


def test_a_removed_passkey_no_longer_signs_in(client: TestClient) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    added = add_passkey(client, authenticator)
    register(client, "Bob")
    assert client.delete(f"/api/me/passkeys/{added['id']}").status_code == 404  # Ann's
    sign_out(client)
    response = client.post("/api/session", json={"name": ann, "password": PASSWORD})
    assert response.status_code == 200
    assert client.delete(f"/api/me/passkeys/{added['id']}").status_code == 204
    assert client.get("/api/me/passkeys").json() == []
    sign_out(client)
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], authenticator.get(offer["options"]))
    assert refused.status_code == 401


def test_passkeys_of_an_account_need_its_sign_in(client: TestClient) -> None:
    for method, path in (
        ("POST", "/api/me/passkeys/options"),
        ("GET", "/api/me/passkeys"),
        ("DELETE", "/api/me/passkeys/1"),
    ):
        assert client.request(method, path).status_code == 401, path
    body = {"challenge_id": "x", "credential": {}}
    assert client.post("/api/me/passkeys", json=body).status_code == 401


@pytest.mark.parametrize(
    "credential",
    [
        {},
        {"id": 5},
        {"id": "AAAA"},
        {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {}},
        {
            "id": "AAAA",
            "rawId": "AAAA",
            "type": "public-key",
            "response": {"clientDataJSON": "!!", "authenticatorData": "%", "signature": "x"},
        },
    ],
)
def test_a_malformed_answer_is_refused_with_a_reason(
    client: TestClient, credential: dict[str, Any]
) -> None:
    ann = register(client, "Ann")
    authenticator = Authenticator()
    add_passkey(client, authenticator)
    (credential_id,) = authenticator.keys
    if credential.get("id") == "AAAA":  # aimed at the real passkey, past the lookup
        credential = credential | {"id": b64(credential_id), "rawId": b64(credential_id)}
    sign_out(client)
    offer = sign_in_offer(client)
    refused = sign_in(client, offer["challenge_id"], credential)
    assert refused.status_code in (401, 422), refused.text
    assert refused.json()["detail"]
    signed = client.post("/api/session", json={"name": ann, "password": PASSWORD})
    assert signed.status_code == 200
    registration = client.post("/api/me/passkeys/options").json()
    refused = client.post(
        "/api/me/passkeys",
        json={"challenge_id": registration["challenge_id"], "credential": credential},
    )
    assert refused.status_code == 422, refused.text
    assert len(client.get("/api/me/passkeys").json()) == 1


def test_passkeys_need_a_host_name_not_an_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, ServerSettings(rate_limits={}))
    with TestClient(app, base_url="http://127.0.0.1:8000") as by_address:
        refused = by_address.post("/api/session/passkey/options")
    assert refused.status_code == 403
    assert "IP address" in refused.json()["detail"]


@pytest.mark.parametrize(
    ("scheme", "host", "expected"),
    [
        ("https", "games.example:8443", ("games.example", "https://games.example:8443")),
        ("https", "Games.Example:443", ("games.example", "https://games.example")),
        ("http", "localhost:8000", ("localhost", "http://localhost:8000")),
        ("http", "localhost:80", ("localhost", "http://localhost")),
    ],
)
def test_the_relying_party_is_the_host_and_the_origin_keeps_port_and_scheme(
    scheme: str, host: str, expected: tuple[str, str]
) -> None:
    """The scheme is the request's as the trusted proxies left it (uvicorn's middleware
    writes X-Forwarded-Proto into it), the port is kept unless it is the scheme's own."""
    scope = {
        "type": "http",
        "scheme": scheme,
        "method": "POST",
        "path": "/api/session/passkey",
        "query_string": b"",
        "headers": [(b"host", host.encode())],
        "server": ("10.0.0.1", 8000),
    }
    assert passkeys_module.relying_party(Request(scope)) == expected


def test_sign_in_by_passkey_counts_in_the_sign_in_rate_limit(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", 0, ServerSettings(rate_limits={}))
    app.state.limiter = Limiter({"signin": "2/minute"})
    with TestClient(app, headers={"Origin": ORIGIN}) as limited:
        assert limited.post("/api/session/passkey/options").status_code == 200
        body = {"challenge_id": "nothing", "credential": {}}
        assert limited.post("/api/session/passkey", json=body).status_code == 401
        refused = limited.post("/api/session/passkey/options")
        assert refused.status_code == 429
        assert "Retry-After" in refused.headers
        assert limited.post("/api/session/passkey", json=body).status_code == 429


def test_a_challenge_is_kept_under_its_hash_and_taken_once(client: TestClient) -> None:
    offer = sign_in_offer(client)
    engine = client.app.state.hub.service.store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        ids = connection.execute(select(challenges.c.id)).scalars().all()
    assert challenge_key(offer["challenge_id"]) in ids
    assert offer["challenge_id"] not in ids
    keys = keys_of(client)
    assert keys.take_challenge(offer["challenge_id"], "register") is None  # wrong purpose
    assert keys.take_challenge(offer["challenge_id"], "sign-in") is None  # spent meanwhile
    with engine.connect() as connection:
        ids = connection.execute(select(challenges.c.id)).scalars().all()
    assert challenge_key(offer["challenge_id"]) not in ids


def test_a_sign_count_advances_only_from_the_value_verified(client: TestClient) -> None:
    ann = register(client, "Ann")
    add_passkey(client, Authenticator())
    keys = keys_of(client)
    (passkey,) = keys.of_account(account_id(client, ann))
    assert keys.used(passkey.id, passkey.sign_count, passkey.sign_count + 5)
    assert not keys.used(passkey.id, passkey.sign_count, passkey.sign_count + 6)  # stale
    engine = client.app.state.hub.service.store.engine  # type: ignore[attr-defined]
    with engine.connect() as connection:
        stored = connection.execute(
            select(passkeys.c.sign_count).where(passkeys.c.id == passkey.id)
        ).scalar_one()
    assert stored == passkey.sign_count + 5
