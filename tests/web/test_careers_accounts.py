"""Careers by account (issue 44; docs/web.md, "Careers by account"): a ludus founded signed in
belongs to its account and is acted for by its sign-in alone, never by another account's; a
campaign founded signed in is organised by its founder's account; a guest's ludus claimed for
an account by its key holder, after which the key opens nothing; the organiser gives a ludus to
an account by name, also one whose owner deleted his account; every refusal changes nothing,
and the campaign still replays with its ownership events."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.careers.campaign import Campaign
from colosseum.store import Store
from colosseum.web.app import create_app

from .conftest import UNLIMITED, bearer
from .test_careers_api import WAIT, ludus, nothing

PASSWORD = "correct horse battery"
SITE = "http://testserver"
BASE = "/api/careers/Gallia"


@pytest.fixture
def app(database: str) -> Iterator[Any]:
    made = create_app(database, workers=0, settings=UNLIMITED)
    with TestClient(made):
        yield made


def guest(app: Any) -> TestClient:
    """A browser of this site's pages, signed out."""
    return TestClient(app, headers={"Origin": SITE})


def person(app: Any, name: str) -> TestClient:
    """A browser signed in to a new account `name`."""
    client = guest(app)
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return client


def found(client: TestClient, first: Any = None) -> dict[str, Any]:
    """Gallia founded by `client` (with its first ludus if given); the answer."""
    body: dict[str, Any] = {"name": "Gallia"}
    if first is not None:
        body["ludus"] = first
    response = client.post("/api/careers", json=body)
    assert response.status_code == 201, response.text
    shown: dict[str, Any] = response.json()
    return shown


def add(client: TestClient, lanista: str) -> dict[str, Any]:
    response = client.post(f"{BASE}/ludi", json=ludus(lanista, "unctor"))
    assert response.status_code == 201, response.text
    shown: dict[str, Any] = response.json()
    return shown


def show(client: TestClient) -> dict[str, Any]:
    shown: dict[str, Any] = client.get(BASE).json()
    return shown


def who(client: TestClient, key: str | None = None) -> Any:
    return client.get(f"{BASE}/actor", headers=bearer(key))


def events(client: TestClient) -> int:
    return len(show(client)["history"])


def propose(client: TestClient, key: str | None = None, **fields: Any) -> Any:
    body = {"lanistae": ["Fred", "Miller"], **fields}
    return client.post(f"{BASE}/combats", json=body, headers=bearer(key))


def owner_of(client: TestClient, lanista: str) -> str | None:
    sheet = next(s for s in show(client)["sheets"] if s["lanista"] == lanista)
    found: str | None = sheet["owner"]
    return found


def fred_asked(client: TestClient, combat: int) -> dict[str, Any]:
    """Fred's first question, as his account's page reads it (the cookie, no key)."""
    path = f"{BASE}/combats/{combat}"
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        seen = client.get(path).json()
        assert seen["phase"] != "failed", seen["error"]
        if seen["question"] is not None:
            assert seen["you"] == "Fred"
            question: dict[str, Any] = seen["question"]
            return question
        time.sleep(0.02)
    raise AssertionError("Fred was asked nothing")


def replays(database: str) -> bool:
    return Campaign.open(Store(database), "Gallia").broken is None


def test_a_ludus_founded_signed_in_is_its_accounts_and_nobody_elses(
    app: Any, database: str
) -> None:
    """Alice founds Gallia and Fred's ludus signed in: no ludus key is issued (only the
    organiser's), the sheet and standings name her account, her sign-in acts as Fred and as
    the organiser; she proposes and answers Fred's question with her cookie alone, while
    Carol's account (403), a guest (401) and Miller's key (403) are refused, changing
    nothing."""
    alice, carol, visitor = person(app, "alice"), person(app, "carol"), guest(app)
    founded = found(alice, ludus("Fred"))
    assert [k["role"] for k in founded["keys"]] == ["organiser"]
    assert founded["founder"] == "alice" and "founder" not in founded["settings"]
    sheet = founded["sheets"][0]
    assert (sheet["owner"], sheet["keyed"]) == ("alice", False)
    assert founded["standings"][0]["account"] == "alice"
    me = who(alice).json()
    assert me == {"role": "lanista", "lanista": "Fred", "organiser": True, "account": "alice"}
    assert who(carol).json() == {"role": "account", "lanista": None, "account": "carol"}
    assert who(visitor).json() == {"role": "guest", "lanista": None}
    miller = add(visitor, "Miller")["key"]
    assert propose(carol).status_code == 403 and propose(visitor).status_code == 401
    proposed = propose(alice)
    assert proposed.status_code == 201, proposed.text
    assert proposed.json()["proposer"] == "Fred"
    assert proposed.json()["waiting_for"] == ["Miller"]
    accept = f"{BASE}/proposals/{proposed.json()['proposal']}/accept"
    assert carol.post(accept).status_code == 403
    begun = visitor.post(accept, headers=bearer(miller))
    assert begun.status_code == 200 and begun.json()["status"] == "begun", begun.text
    combat = begun.json()["combat"]
    question = fred_asked(alice, combat)
    path = f"{BASE}/combats/{combat}"
    assert carol.get(path).json()["question"] is None
    before = events(alice)
    answer = {"question": question["id"], "answer": nothing(question)}
    for client, key, status in ((carol, None, 403), (visitor, None, 401), (visitor, miller, 403)):
        refused = client.post(f"{path}/answers", json=answer, headers=bearer(key))
        assert refused.status_code == status, refused.text
    assert events(alice) == before
    answered = alice.post(f"{path}/answers", json=answer)
    assert answered.status_code == 200, answered.text
    assert answered.json()["you"] == "Fred"
    assert replays(database)


def test_an_account_owns_one_ludus_of_a_campaign(app: Any) -> None:
    """Alice, owning Fred's ludus, founds no second one in Gallia (409, nothing stored);
    signed out, the same browser founds one as a guest, with a key."""
    alice = person(app, "alice")
    found(alice, ludus("Fred"))
    before = events(alice)
    second = alice.post(f"{BASE}/ludi", json=ludus("Miller"))
    assert second.status_code == 409 and "owns Fred's ludus" in second.json()["detail"]
    assert events(alice) == before and owner_of(alice, "Fred") == "alice"
    assert alice.delete("/api/session").status_code == 204
    keyed = add(alice, "Miller")
    assert keyed["key"] and keyed["owner"] is None


def test_a_guests_ludus_claimed_with_its_key_then_acts_by_the_cookie_alone(
    app: Any, database: str
) -> None:
    """A guest founds Gallia with Fred's ludus; Bob, signed in and holding Fred's key,
    claims it (the key and the cookie together): no key, no sign-in, another key or the
    organiser's are refused first, changing nothing. Then Fred's key opens nothing (401,
    saying the ludus is an account's), Bob's cookie acts as Fred, and Bob claims no
    second ludus."""
    visitor, bob = guest(app), person(app, "bob")
    founded = found(visitor, ludus("Fred"))
    keys = {k["role"]: k["key"] for k in founded["keys"]}
    fred, organiser = keys["lanista"], keys["organiser"]
    miller = add(visitor, "Miller")["key"]
    claim = f"{BASE}/ludi/Fred/claim"
    before = events(visitor)
    for client, key, status in (
        (visitor, fred, 401),  # not signed in
        (bob, None, 403),  # signed in, no key: his account owns nothing here
        (bob, miller, 403),
        (bob, organiser, 403),
        (bob, "not-a-key", 401),
    ):
        refused = client.post(claim, headers=bearer(key))
        assert refused.status_code == status, (key, refused.text)
    assert events(visitor) == before and owner_of(visitor, "Fred") is None
    claimed = bob.post(claim, headers=bearer(fred))
    assert claimed.status_code == 200, claimed.text
    assert claimed.json() == {"lanista": "Fred", "owner": "bob"}
    assert "ludus_owner" in str(show(visitor)["history"])
    old = who(visitor, fred)
    assert old.status_code == 401 and "belongs to an account" in old.json()["detail"]
    assert who(bob).json()["lanista"] == "Fred"
    assert propose(visitor, fred).status_code == 401
    proposed = propose(bob)
    assert proposed.status_code == 201 and proposed.json()["proposer"] == "Fred"
    second = bob.post(f"{BASE}/ludi/Miller/claim", headers=bearer(miller))
    assert second.status_code == 409 and owner_of(visitor, "Miller") is None
    assert replays(database)


def test_the_organiser_gives_a_ludus_to_an_account(app: Any, database: str) -> None:
    """Alice founds Gallia signed in and organises it; a guest founds Fred's ludus. Only
    the organiser gives it to an account: Bob, Fred's key and a guest are refused, an
    unknown account is 404; given to Bob, his cookie acts as Fred and Fred's key opens
    nothing. The organiser key (Bearer) organises as well; an account owning a ludus here
    gets no second (409)."""
    alice, bob, carol, visitor = (
        person(app, "alice"),
        person(app, "bob"),
        person(app, "carol"),
        guest(app),
    )
    organiser = next(k["key"] for k in found(alice)["keys"] if k["role"] == "organiser")
    assert who(alice).json() == {
        "role": "organiser",
        "lanista": None,
        "organiser": True,
        "account": "alice",
    }
    fred = add(visitor, "Fred")["key"]
    path = f"{BASE}/ludi/Fred/owner"
    before = events(alice)
    for client, key, body, status in (
        (bob, None, {"account": "bob"}, 403),
        (visitor, fred, {"account": "bob"}, 403),
        (visitor, None, {"account": "bob"}, 401),
        (alice, None, {"account": "nobody"}, 404),
        (alice, None, {"account": "x" * 300}, 422),
        (alice, None, {"account": "bob", "extra": 1}, 422),
    ):
        refused = client.post(path, json=body, headers=bearer(key))
        assert refused.status_code == status, (body, refused.text)
    assert alice.post(f"{BASE}/ludi/Nobody/owner", json={"account": "bob"}).status_code == 422
    assert events(alice) == before
    given = alice.post(path, json={"account": " BOB "})
    assert given.status_code == 200 and given.json() == {"lanista": "Fred", "owner": "bob"}
    assert who(bob).json()["lanista"] == "Fred" and who(visitor, fred).status_code == 401
    add(visitor, "Miller")
    to_carol = visitor.post(
        f"{BASE}/ludi/Miller/owner", json={"account": "carol"}, headers=bearer(organiser)
    )
    assert to_carol.status_code == 200 and who(carol).json()["lanista"] == "Miller"
    twice = alice.post(path, json={"account": "carol"})
    assert twice.status_code == 409 and owner_of(alice, "Fred") == "bob"
    assert replays(database)


def test_a_deleted_accounts_ludus_is_given_to_another(app: Any, database: str) -> None:
    """Bob founds Fred's ludus signed in, then deletes his account: the sheet shows the
    deleted player's name, his old cookie acts for nothing, and the organiser (Alice's
    account) gives the ludus to Carol, who then acts for it."""
    alice, bob, carol = person(app, "alice"), person(app, "bob"), person(app, "carol")
    found(alice)
    assert add(bob, "Fred")["owner"] == "bob"
    add(guest(app), "Miller")
    gone = bob.request("DELETE", "/api/me", json={"password": PASSWORD})
    assert gone.status_code == 204, gone.text
    assert str(owner_of(alice, "Fred")).startswith("deleted player")
    assert propose(bob).status_code == 401
    given = alice.post(f"{BASE}/ludi/Fred/owner", json={"account": "carol"})
    assert given.status_code == 200, given.text
    assert owner_of(alice, "Fred") == "carol" and who(carol).json()["lanista"] == "Fred"
    assert propose(carol).status_code == 201
    assert replays(database)


def test_a_cross_site_claim_or_gift_is_refused(app: Any) -> None:
    """The cookie alone does not give a ludus away from another site: the organiser's gift
    without this site's Origin is refused (403) and nothing is stored."""
    alice = person(app, "alice")
    found(alice)
    add(guest(app), "Fred")
    before = events(alice)
    jar = alice.cookies
    forged = TestClient(app, headers={"Origin": "https://evil.example"}, cookies=jar)
    response = forged.post(f"{BASE}/ludi/Fred/owner", json={"account": "alice"})
    assert response.status_code == 403
    bare = TestClient(app, cookies=jar)
    assert bare.post(f"{BASE}/ludi/Fred/owner", json={"account": "alice"}).status_code == 403
    assert events(alice) == before and owner_of(alice, "Fred") is None


def test_the_pages_show_your_ludus_and_the_accounts(app: Any) -> None:
    """Signed in, the campaign's page says "Your ludus: Fred" and that the account
    organises; the standings name each lanista's account; a guest's page says neither."""
    alice = person(app, "alice")
    found(alice, ludus("Fred"))
    add(guest(app), "Miller")
    page = alice.get("/careers/Gallia").text
    assert "Your ludus: <strong>Fred</strong>" in page and 'data-your-ludus="Fred"' in page
    assert 'data-you-organise="true"' in page
    standings = page.split('id="standings"')[1].split("</table>")[0]
    assert "alice" in standings
    visitor = guest(app).get("/careers/Gallia").text
    assert "Your ludus" not in visitor and 'data-your-ludus=""' in visitor


def test_the_founder_restarts_a_combat_stopped_on_an_error(app: Any) -> None:
    """A combat stopped on an error is run again at once by the founder's account (its
    page then asks again); another account (403), a guest (401), a combat that has not
    stopped (409) and one that does not exist (404) are refused."""
    alice, carol, visitor = person(app, "alice"), person(app, "carol"), guest(app)
    found(alice, ludus("Fred"))
    miller = add(visitor, "Miller")["key"]
    proposed = propose(alice).json()
    accept = f"{BASE}/proposals/{proposed['proposal']}/accept"
    combat = visitor.post(accept, headers=bearer(miller)).json()["combat"]
    fred_asked(alice, combat)
    restart = f"{BASE}/combats/{combat}/restart"
    assert alice.post(restart).status_code == 409  # asking Fred: not stopped
    assert alice.post(f"{BASE}/combats/{combat + 100}/restart").status_code == 404
    desk = app.state.careers.desk
    runner = next(r for (_, begun), r in desk._runners.items() if begun == combat)
    runner._set(phase="failed", error="the combat stopped on an error: a test's")
    runner.failed_at = time.monotonic()
    assert alice.get(f"{BASE}/combats/{combat}").json()["phase"] == "failed"
    assert carol.post(restart).status_code == 403
    assert visitor.post(restart).status_code == 401
    restarted = alice.post(restart)
    assert restarted.status_code == 200, restarted.text
    assert restarted.json()["phase"] != "failed"
    assert fred_asked(alice, combat)["kind"] == "servitor_hires"


def test_a_key_issued_anew_gives_an_accounts_ludus_back_to_a_key(app: Any) -> None:
    """The organiser issues Fred's ludus a new key (its account's owner is gone for good,
    say): Bob's account acts for it no more, the new key does, and Bob may be given it
    again."""
    alice, bob = person(app, "alice"), person(app, "bob")
    found(alice)
    add(bob, "Fred")
    issued = alice.post(f"{BASE}/ludi/Fred/key")
    assert issued.status_code == 201, issued.text
    assert who(bob).json()["role"] == "account" and owner_of(alice, "Fred") is None
    assert who(guest(app), issued.json()["key"]).json()["lanista"] == "Fred"
    assert alice.post(f"{BASE}/ludi/Fred/owner", json={"account": "bob"}).status_code == 200
    assert who(bob).json()["lanista"] == "Fred"
