"""The accounts' API (issue 44, "Accounts"; docs/web.md): sign up (201, signed in at once; a
taken name 409), the rules of names, passwords and emails (422 naming the rule, nothing
stored), sign in (200 and the cookie; 401 without saying what was wrong, as slow for an
unknown name; 403 for a disabled account), sign out here or everywhere, an expired sign-in,
reading and changing one's account, deleting it, and the rate limits of sign-ups and
sign-ins."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from argon2 import PasswordHasher
from sqlalchemy import func, select

from colosseum.store import Store
from colosseum.store.schema import sign_ins
from colosseum.web import passwords
from colosseum.web.app import create_app
from colosseum.web.ratelimit import Limiter
from colosseum.web.settings import ServerSettings, SettingError
from colosseum.web.signin import COOKIE, digest
from colosseum.web.upkeep import sweep_once

PASSWORD = "correct horse battery"
SITE = "http://testserver"
UNLIMITED = ServerSettings(rate_limits={})


def browser(app: Any, address: str = "testclient") -> TestClient:
    """A client that sends this site's Origin, as the site's own pages do."""
    return TestClient(app, headers={"Origin": SITE}, client=(address, 50000))


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    made = create_app(database, workers=0, settings=UNLIMITED)
    with TestClient(made):  # runs the lifespan: the store is open
        yield made


@pytest.fixture
def client(app: Any) -> TestClient:
    return browser(app)


def store_of(app: Any) -> Store:
    found: Store = app.state.hub.service.store
    return found


def sign_up(client: TestClient, name: str = "Ann", **fields: Any) -> Any:
    return client.post("/api/accounts", json={"name": name, "password": PASSWORD, **fields})


def sign_in(client: TestClient, name: str = "Ann", password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"name": name, "password": password})


def count(app: Any) -> int:
    return len(store_of(app).accounts.all())


# --- signing up -------------------------------------------------------------------------------


def test_sign_up_is_201_and_signed_in(client: TestClient, app: Any) -> None:
    response = sign_up(client, " Ann ", email="ann@example.org")
    assert response.status_code == 201, response.text
    answer = response.json()
    assert answer["name"] == "Ann" and answer["email"] == "ann@example.org"
    assert answer["has_password"] and answer["notify_email"] and answer["created"]
    assert "password" not in answer and PASSWORD not in response.text
    assert client.cookies.get(COOKIE)
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json()["name"] == "Ann"
    stored = store_of(app).accounts.by_name("ann")
    assert stored is not None
    hashed = store_of(app).accounts.password_hash(stored.id)
    assert hashed is not None and hashed.startswith("$argon2id$")


@pytest.mark.parametrize("again", ["Ann", "ann", "  ANN  ", "aNn"])
def test_a_taken_name_is_409(app: Any, again: str) -> None:
    assert sign_up(browser(app)).status_code == 201
    other = browser(app)
    response = sign_up(other, again)
    assert response.status_code == 409, response.text
    assert "taken" in response.json()["detail"]
    assert COOKIE not in other.cookies and count(app) == 1


BAD_NAMES = {
    "empty": ("", "needs a name"),
    "spaces": ("   ", "needs a name"),
    "too long": ("x" * 41, "at most 40"),
    "newline": ("Ann\nBob", "control"),
    "escape": ("Ann\x1b[31m", "control"),
    "deleted": ("Deleted Player 3", "deleted"),
    "a computer level's": ("computer (Hard)", "computer levels"),
}


@pytest.mark.parametrize(("name", "words"), BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_bad_name_is_422(client: TestClient, app: Any, name: str, words: str) -> None:
    response = sign_up(client, name)
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert count(app) == 0 and COOKIE not in client.cookies


def test_a_name_has_its_spaces_collapsed(client: TestClient) -> None:
    assert sign_up(client, "  Ann   of  Troy ").json()["name"] == "Ann of Troy"


BAD_PASSWORDS = {
    "short": ("nine char", "at least 10"),
    "too many bytes": ("é" * 513, "at most 1024 bytes"),
    "too many characters": ("x" * 1025, "1024"),
}


@pytest.mark.parametrize(("password", "words"), BAD_PASSWORDS.values(), ids=BAD_PASSWORDS.keys())
def test_a_bad_password_is_422_without_echoing_it(
    client: TestClient, app: Any, password: str, words: str
) -> None:
    response = client.post("/api/accounts", json={"name": "Ann", "password": password})
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert password not in response.text
    assert count(app) == 0


def test_a_password_of_ten_characters_and_1024_bytes_is_accepted(client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "A", "password": "0123456789"}).is_success
    long = "é" * 512  # 1,024 bytes
    assert client.post("/api/accounts", json={"name": "B", "password": long}).is_success
    assert sign_in(client, "B", long).status_code == 200


BAD_EMAILS = {
    "no at": "ann.example.org",
    "two ats": "ann@bob@example.org",
    "nothing before": "@example.org",
    "nothing after": "ann@",
    "space": "ann smith@example.org",
    "tab": "ann\t@example.org",
    "too long": "a" * 250 + "@b.org",
    "not text": 12,
}


@pytest.mark.parametrize("email", BAD_EMAILS.values(), ids=BAD_EMAILS.keys())
def test_a_bad_email_is_422(client: TestClient, app: Any, email: Any) -> None:
    response = sign_up(client, email=email)
    assert response.status_code == 422, response.text
    assert "email" in response.json()["detail"]
    assert count(app) == 0


def test_unknown_fields_are_422(client: TestClient, app: Any) -> None:
    response = sign_up(client, admin=True)
    assert response.status_code == 422 and count(app) == 0


# --- signing in and out -------------------------------------------------------------------------


def test_sign_in_is_200_with_a_new_cookie(app: Any) -> None:
    first = browser(app)
    sign_up(first)
    other = browser(app)
    response = sign_in(other, " ann ")
    assert response.status_code == 200, response.text
    assert response.json()["name"] == "Ann"
    assert other.cookies[COOKIE] != first.cookies[COOKIE]
    assert other.get("/api/me").json()["name"] == "Ann"


@pytest.mark.parametrize(
    ("name", "password"), [("Ann", "wrong password"), ("Nobody", PASSWORD), ("", "")]
)
def test_wrong_name_or_password_is_401_saying_neither(app: Any, name: str, password: str) -> None:
    sign_up(browser(app))
    other = browser(app)
    response = sign_in(other, name, password)
    assert response.status_code == 401, response.text
    assert response.json()["detail"] == "wrong name or password"
    assert COOKIE not in other.cookies
    assert other.get("/api/me").status_code == 401


def test_an_unknown_name_costs_a_hash_check_too(app: Any, monkeypatch: Any) -> None:
    """The answer to an unknown name takes as long as to a wrong password: both check a
    hash (a dummy one for the unknown name)."""
    sign_up(browser(app))
    checked: list[str] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> bool:
            checked.append(str(hash))
            return super().verify(hash, password)

    monkeypatch.setattr(passwords, "HASHER", Counting())
    assert sign_in(browser(app), "Nobody").status_code == 401
    assert sign_in(browser(app), "Ann", "wrong password").status_code == 401
    assert len(checked) == 2 and all(h.startswith("$argon2id$") for h in checked)


def test_a_disabled_account_is_403_only_with_the_right_password(app: Any) -> None:
    signed = browser(app)
    sign_up(signed)
    account = store_of(app).accounts.by_name("Ann")
    assert account is not None
    store_of(app).accounts.set_disabled(account.id, True)
    assert signed.get("/api/me").status_code == 401  # its sign-in ended
    other = browser(app)
    wrong = sign_in(other, "Ann", "wrong password")
    assert wrong.status_code == 401  # says nothing of the account to a guesser
    right = sign_in(other)
    assert right.status_code == 403, right.text
    assert "disabled" in right.json()["detail"]
    assert COOKIE not in other.cookies


def test_an_old_hash_is_replaced_on_sign_in(app: Any) -> None:
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    account = store_of(app).accounts.create("Old", weak.hash(PASSWORD), None)
    assert sign_in(browser(app), "Old").status_code == 200
    stored = store_of(app).accounts.password_hash(account.id)
    assert stored is not None and not passwords.needs_rehash(stored)
    assert passwords.HASHER.verify(stored, PASSWORD)


def test_signing_in_again_ends_the_previous_sign_in(client: TestClient, app: Any) -> None:
    sign_up(client)
    before = client.cookies[COOKIE]
    assert sign_in(client).status_code == 200
    assert client.cookies[COOKIE] != before
    assert TestClient(app, cookies={COOKIE: before}).get("/api/me").status_code == 401
    assert client.get("/api/me").status_code == 200


def test_sign_out_ends_this_sign_in(client: TestClient, app: Any) -> None:
    sign_up(client)
    secret = client.cookies[COOKIE]
    response = client.delete("/api/session")
    assert response.status_code == 204
    assert COOKIE not in client.cookies
    assert client.get("/api/me").status_code == 401
    replayed = TestClient(app, cookies={COOKIE: secret})  # the old cookie, kept by someone
    assert replayed.get("/api/me").status_code == 401
    assert client.delete("/api/session").status_code == 204  # signed out already: the same


def test_sign_out_everywhere_ends_every_sign_in(app: Any) -> None:
    here, there = browser(app), browser(app)
    sign_up(here)
    sign_in(there)
    other = browser(app)
    sign_up(other, "Bob")
    assert here.delete("/api/me/sessions").status_code == 204
    assert here.get("/api/me").status_code == 401
    assert there.get("/api/me").status_code == 401
    assert other.get("/api/me").status_code == 200  # another account's stay
    assert browser(app).delete("/api/me/sessions").status_code == 401


def test_an_expired_sign_in_is_signed_out(app: Any) -> None:
    account = store_of(app).accounts.create("Cid", None, None)
    past = datetime.now(UTC) - timedelta(seconds=1)
    store_of(app).accounts.add_sign_in(digest("expired-secret"), account.id, past)
    store_of(app).accounts.add_sign_in(digest("valid-secret"), account.id, past + timedelta(1))
    assert TestClient(app, cookies={COOKIE: "expired-secret"}).get("/api/me").status_code == 401
    assert TestClient(app, cookies={COOKIE: "valid-secret"}).get("/api/me").status_code == 200


@pytest.mark.parametrize("cookie", ["", "x" * 5000, "not-a-sign-in", "\xc3\xa9", '"a;b"'])
def test_a_made_up_cookie_is_signed_out(app: Any, cookie: str) -> None:
    header = f"{COOKIE}={cookie}".encode("latin-1")
    response = TestClient(app).get("/api/me", headers={"Cookie": header})  # type: ignore[dict-item]
    assert response.status_code == 401
    assert response.json()["detail"] == "sign in first"


# --- the account --------------------------------------------------------------------------------


def test_me_is_401_signed_out(client: TestClient) -> None:
    response = client.get("/api/me")
    assert response.status_code == 401 and "sign in" in response.json()["detail"]


def test_change_email_and_notifications(client: TestClient) -> None:
    sign_up(client, email="ann@example.org")
    changed = client.patch("/api/me", json={"email": "ann@example.com", "notify_email": False})
    assert changed.status_code == 200, changed.text
    assert changed.json()["email"] == "ann@example.com" and not changed.json()["notify_email"]
    refused = client.patch("/api/me", json={"email": "no at all", "notify_email": True})
    assert refused.status_code == 422
    unchanged = client.get("/api/me").json()
    assert unchanged["email"] == "ann@example.com" and not unchanged["notify_email"]
    assert client.patch("/api/me", json={"email": None}).json()["email"] is None
    assert client.patch("/api/me", json={"notify_email": True}).json()["email"] is None


def test_change_password_needs_the_current_one(app: Any) -> None:
    here, there = browser(app), browser(app)
    sign_up(here)
    sign_in(there)
    new = "a new password, longer"
    for wrong in ({"password": new}, {"password": new, "current_password": "wrong password"}):
        response = here.patch("/api/me", json=wrong)
        assert response.status_code == 401, response.text
    short = here.patch("/api/me", json={"password": "short", "current_password": PASSWORD})
    assert short.status_code == 422
    alone = here.patch("/api/me", json={"current_password": PASSWORD})
    assert alone.status_code == 422
    assert there.get("/api/me").status_code == 200  # nothing changed so far
    done = here.patch("/api/me", json={"password": new, "current_password": PASSWORD})
    assert done.status_code == 200, done.text
    assert here.get("/api/me").status_code == 200  # this sign-in stays
    assert there.get("/api/me").status_code == 401  # every other ends
    assert sign_in(browser(app)).status_code == 401
    assert sign_in(browser(app), "Ann", new).status_code == 200


def test_delete_account_keeps_the_row_renamed(app: Any) -> None:
    here, there = browser(app), browser(app)
    sign_up(here, email="ann@example.org")
    sign_in(there)
    account = store_of(app).accounts.by_name("Ann")
    assert account is not None
    wrong = here.request("DELETE", "/api/me", json={"password": "wrong password"})
    assert wrong.status_code == 401
    assert here.get("/api/me").status_code == 200
    done = here.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert done.status_code == 204, done.text
    assert here.get("/api/me").status_code == 401 and there.get("/api/me").status_code == 401
    assert sign_in(browser(app)).status_code == 401
    kept = store_of(app).accounts.get(account.id)
    assert kept is not None and kept.deleted
    assert kept.name == f"deleted player {account.id}" and kept.email is None
    assert store_of(app).accounts.password_hash(account.id) is None
    assert sign_in(browser(app), kept.name, "").status_code == 401  # no password to match
    assert sign_up(browser(app)).status_code == 201  # the name is free again


def test_delete_account_signed_out_is_401(client: TestClient, app: Any) -> None:
    sign_up(browser(app))
    response = client.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert response.status_code == 401 and count(app) == 1


# --- rate limits --------------------------------------------------------------------------------


def limited(app: Any, rate_limits: dict[str, str]) -> Limiter:
    """The app's limiter replaced by one with these limits only."""
    limiter = Limiter(rate_limits)
    app.state.limiter = limiter
    return limiter


def test_sign_ups_are_limited_per_address(app: Any) -> None:
    limited(app, {"account": "2/minute"})
    here = browser(app, "10.0.0.1")
    assert sign_up(here, "A").status_code == 201
    assert sign_up(browser(app, "10.0.0.1"), "B").status_code == 201
    refused = sign_up(browser(app, "10.0.0.1"), "C")
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "new accounts" in refused.json()["detail"]
    assert count(app) == 2
    assert sign_up(browser(app, "10.0.0.2"), "C").status_code == 201  # another address


def test_sign_ins_are_limited_per_address(app: Any) -> None:
    sign_up(browser(app))
    limiter = limited(app, {"signin": "3/minute"})
    for _ in range(3):
        limiter.hit("signin", "10.0.0.1")
    refused = sign_in(browser(app, "10.0.0.1"))
    assert refused.status_code == 429 and "your address" in refused.json()["detail"]
    assert COOKIE not in refused.cookies
    assert sign_in(browser(app, "10.0.0.2")).status_code == 200


def test_sign_ins_are_limited_per_name(app: Any) -> None:
    sign_up(browser(app))
    limited(app, {"signin": "3/minute"})
    for number in range(3):  # a guesser spreading over addresses
        wrong = sign_in(browser(app, f"10.0.1.{number}"), " ANN ", "wrong password")
        assert wrong.status_code == 401
    refused = sign_in(browser(app, "10.0.2.1"), "Ann")
    assert refused.status_code == 429, refused.text
    assert "this account" in refused.json()["detail"]
    assert sign_in(browser(app, "10.0.2.2"), "Bob").status_code == 401  # other names go on


def test_password_checks_of_a_signed_in_account_are_limited(client: TestClient, app: Any) -> None:
    sign_up(client)
    limited(app, {"signin": "2/minute"})
    body = {"password": "another password", "current_password": "wrong password"}
    assert [client.patch("/api/me", json=body).status_code for _ in range(3)] == [401, 401, 429]
    deleted = client.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert deleted.status_code == 429 and count(app) == 1


def test_a_server_limits_sign_ups_and_sign_ins_by_default() -> None:
    """The default settings hold limits for the accounts' areas (a limiter ignores an area it
    has no limit for), and COLOSSEUM_RATE_LIMITS may set them."""
    defaults = ServerSettings().rate_limits
    assert defaults["account"] and defaults["signin"]
    chosen = ServerSettings.from_environment({"COLOSSEUM_RATE_LIMITS": "signin=2/minute"})
    limiter = Limiter(chosen.rate_limits)
    assert [limiter.hit("signin", "10.0.0.9") is None for _ in range(3)] == [True, True, False]


def test_session_days_come_from_the_environment(app: Any) -> None:
    assert ServerSettings.from_environment({"COLOSSEUM_SESSION_DAYS": "7"}).session_days == 7
    for wrong in ("0", "seven", "400"):
        with pytest.raises(SettingError):
            ServerSettings.from_environment({"COLOSSEUM_SESSION_DAYS": wrong})
    app.state.settings = ServerSettings(rate_limits={}, session_days=2)
    here = browser(app)
    assert sign_up(here).status_code == 201
    account = store_of(app).accounts.by_name("Ann")
    assert account is not None
    with store_of(app).engine.connect() as connection:
        created, expires = connection.execute(
            select(sign_ins.c.created, sign_ins.c.expires).where(sign_ins.c.account == account.id)
        ).one()
    assert timedelta(days=2) - timedelta(minutes=1) < expires - created <= timedelta(days=2)


def test_the_upkeep_sweep_forgets_ended_sign_ins(app: Any) -> None:
    here = browser(app)
    assert sign_up(here).status_code == 201
    assert here.delete("/api/session").status_code == 204  # revoked, kept until the sweep
    with store_of(app).engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(sign_ins)).scalar() == 1
    asyncio.run(sweep_once(app.state.hub, timedelta(days=30)))
    with store_of(app).engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(sign_ins)).scalar() == 0
