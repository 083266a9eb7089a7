"""Issue 43's findings on the careers of the game server, each reproduced:

1. a combat's seed (and so its deal, dice and computers' choices) was shown in the campaign's
   history to anyone: now only its commitment is shown until the combat has ended, then the
   seed and salt, which anyone can check against it (and the table's deal against them);
7. anyone could start a combat between other people's lanistae, receive every link and
   answer their questions, each waiting combat held a thread, and nothing capped them: now
   keys say who acts, a combat waits for each lanista's acceptance, waiting holds no thread,
   combats are capped per campaign and per server, and computer players are named levels.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
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
from colosseum.web.careers_secrets import table_salt, table_seed
from colosseum.web.commitment import verify

from .conftest import UNLIMITED, bearer
from .test_careers_api import Careers, ludus, nothing, play_seat, wait_done


def secrets_of(database: str, combat: int, campaign: str = "Gallia") -> tuple[int, str]:
    """The seed and salt the store keeps in the combat's plan."""
    plan = Campaign.open(Store(database), campaign).combats[combat].plan["plan"]
    return int(plan["seed"]), str(plan["salt"])


def everything_shown(careers: Careers, combat: int) -> list[tuple[str, str]]:
    """Every careers answer and page about the campaign and the combat, for a visitor and
    for each key, and its table's summary and seats' states: (where, text)."""
    client = careers.client
    keys = [None, careers.organiser, *careers.keys.values()]
    shown = []
    for path in ("/careers", "/careers/Gallia", f"/careers/Gallia/combats/{combat}"):
        shown.append((path, client.get(path).text))
    for key in keys:
        for path in (
            "/api/careers",
            "/api/careers/Gallia",
            "/api/careers/Gallia/actor",
            f"/api/careers/Gallia/combats/{combat}",
            f"/api/careers/Gallia/combats/{combat + 1000}",
        ):
            shown.append((f"{path} {key}", client.get(path, headers=bearer(key)).text))
    for lanista, key in careers.keys.items():
        table = careers.state(combat, key)["table"]
        if table is None:
            continue
        shown.append(("table", client.get(f"/api/tables/{table['id']}").text))
        if table["token"]:
            state = client.get(f"/api/tables/{table['id']}/state", headers=bearer(table["token"]))
            shown.append((f"table seat of {lanista}", state.text))
    return shown


def assert_hidden(careers: Careers, combat: int, seed: int, salt: str) -> None:
    for where, text in everything_shown(careers, combat):
        assert str(seed) not in text, f"the seed is shown: {where}"
        assert salt not in text, f"the salt is shown: {where}"


def test_finding_1_a_combats_seed_and_salt_are_shown_to_nobody_before_its_end(
    client: TestClient, database: str
) -> None:
    """At every stage of a combat (its questions, its table, its post-arena steps after the
    table has ended) no careers answer or page, for anyone, and nothing of its table holds
    its seed or salt; the commitment is shown from the start. After its end the seed and salt
    are shown and match the commitment, and the table's deal is the one derived from them."""
    careers = Careers(client)
    careers.found(ludus("Fred"), ludus("Miller", "unctor"))
    started = careers.start(lanistae=["Fred", "Miller"], players=["human", "heuristic"])
    combat = started["combat"]
    seed, salt = secrets_of(database, combat)
    commitment = started["commitment"]
    assert verify(seed, salt, commitment)
    assert started["seed"] is None and started["salt"] is None
    assert_hidden(careers, combat, seed, salt)  # asking before the fight
    careers.answer_all(combat)
    assert_hidden(careers, combat, seed, salt)  # at the table
    table, token = careers.seat(combat, "Fred")
    play_seat(client, table, token, random.Random(7))
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["seed"] == table_seed(seed) and summary["salt"] == table_salt(salt)
    assert careers.question(combat, arena=False) is not None  # post-arena: still going on
    assert_hidden(careers, combat, seed, salt)
    careers.answer_all(combat, arena=False)
    done = wait_done(careers, combat)
    assert (done["seed"], done["salt"], done["commitment"]) == (seed, salt, commitment)
    assert done["check"] == f"{salt}:{seed}"  # as text: a browser's numbers round the seed
    assert verify(done["seed"], done["salt"], done["commitment"])
    assert verify(summary["seed"], summary["salt"], summary["commitment"])
    history = careers.show()["history"]
    begun = next(row for row in history if row["kind"] == "combat_begun")
    assert (
        f"'seed': {seed}" in begun["details"]
        and f"'commitment': '{commitment}'" in begun["details"]
    )
    assert "seat_key" not in begun["details"]


def test_finding_1_no_chosen_seed_and_no_key_hash_is_shown(client: TestClient) -> None:
    """A combat's seed cannot be chosen over the network (its field is refused); the history
    never shows a key's hash."""
    careers = Careers(client)
    careers.found(ludus("Fred"), ludus("Miller"))
    chosen = careers.propose(careers.keys["Fred"], lanistae=["Fred", "Miller"], seed=4242)
    assert chosen.status_code == 422 and "seed" in chosen.json()["detail"]
    details = " ".join(row["details"] for row in careers.show()["history"])
    assert "key" not in details


# --- finding 7: who acts ------------------------------------------------------------------------


@pytest.fixture
def trio(client: TestClient) -> Careers:
    """Gallia: Fred and Miller, and Bob, who is in neither's combat."""
    careers = Careers(client)
    careers.found(ludus("Fred"), ludus("Miller", "unctor"), ludus("Bob"))
    return careers


def test_finding_7_nobody_starts_a_combat_for_other_lanistae(trio: Careers) -> None:
    """Without a key, with a key of no one here, or with Bob's key, a combat between Fred and
    Miller is refused, nothing drawn and nobody locked out; with Fred's key it is proposed."""
    before = trio.events()
    other = Careers(trio.client, "Roma")
    other.found(ludus("Spartacus"))
    fight = {"lanistae": ["Fred", "Miller"]}
    for key, status in ((None, 401), ("forged", 401), (other.keys["Spartacus"], 401)):
        response = trio.propose(key, **fight)
        assert response.status_code == status, response.text
    bob = trio.propose(trio.keys["Bob"], **fight)
    assert bob.status_code == 403 and "Bob's key" in bob.json()["detail"]
    assert trio.events() == before and trio.show()["proposals"] == []
    assert trio.propose(trio.keys["Fred"], **fight).status_code == 201
    assert trio.events() == before  # proposed, nothing drawn


def test_finding_7_a_combat_waits_for_each_lanistas_acceptance(trio: Careers) -> None:
    """Fred proposes: nothing is drawn or asked until Miller accepts with his own key (Fred's,
    Bob's, the organiser's or no key cannot accept for him, a person); Miller may decline.
    No answer hands out anyone's key."""
    fred, miller = trio.keys["Fred"], trio.keys["Miller"]
    before = trio.events()
    proposed = trio.propose(fred, lanistae=["Fred", "Miller"]).json()
    assert proposed["status"] == "waiting" and proposed["waiting_for"] == ["Miller"]
    assert [p["proposal"] for p in trio.show()["proposals"]] == [proposed["proposal"]]
    for key, status in ((fred, 403), (trio.keys["Bob"], 403), (trio.organiser, 403), (None, 401)):
        response = trio.accept(proposed["proposal"], key)
        assert response.status_code == status, response.text
    assert trio.events() == before and trio.show()["combats"] == []
    declined = trio.client.post(
        f"{trio.base}/proposals/{proposed['proposal']}/decline", headers=bearer(miller)
    )
    assert declined.status_code == 200 and declined.json()["status"] == "declined"
    assert trio.accept(proposed["proposal"], miller).status_code == 404
    assert trio.events() == before and trio.show()["proposals"] == []

    again = trio.propose(fred, lanistae=["Fred", "Miller"]).json()
    begun = trio.accept(again["proposal"], miller)
    assert begun.status_code == 200 and begun.json()["status"] == "begun"
    combat = begun.json()["combat"]
    assert trio.show()["combats"][0]["combat"] == combat
    texts = [again, begun.json(), trio.show(), trio.state(combat), trio.state(combat, fred)]
    for text in map(str, texts):
        assert fred not in text and miller not in text
    seen = trio.state(combat, miller)
    assert seen["you"] == "Miller" and trio.state(combat, trio.keys["Bob"])["you"] is None


def test_finding_7_a_computers_ludus_is_accepted_by_its_lanista_or_the_organiser(
    trio: Careers,
) -> None:
    """Miller played and managed by the computer in Fred's proposal: the organiser's key may
    accept for him (as Miller's may); Bob's may not."""
    proposed = trio.propose(
        trio.keys["Fred"], lanistae=["Fred", "Miller"], players=["human", "heuristic"]
    ).json()
    assert trio.accept(proposed["proposal"], trio.keys["Bob"]).status_code == 403
    begun = trio.accept(proposed["proposal"], trio.organiser)
    assert begun.status_code == 200 and begun.json()["status"] == "begun", begun.text


def test_finding_7_the_organiser_issues_a_lost_key_anew_and_the_old_opens_nothing(
    trio: Careers, database: str
) -> None:
    """Only the organiser's key issues Miller's key anew (201, shown once); then Miller's old
    key is refused (401) and the new one acts for him; the campaign still replays."""
    old = trio.keys["Miller"]
    path = f"{trio.base}/ludi/Miller/key"
    for key, status in ((None, 401), (trio.keys["Fred"], 403), (old, 403)):
        assert trio.client.post(path, headers=bearer(key)).status_code == status
    issued = trio.client.post(path, headers=bearer(trio.organiser))
    assert issued.status_code == 201, issued.text
    new = issued.json()["key"]
    assert issued.json()["link"] == f"/careers/Gallia#key={new}" and new != old
    assert trio.client.get(f"{trio.base}/actor", headers=bearer(old)).status_code == 401
    me = trio.client.get(f"{trio.base}/actor", headers=bearer(new)).json()
    assert me == {"role": "lanista", "lanista": "Miller"}
    assert new not in str(trio.show()) and "ludus_key" in str(trio.show()["history"])
    assert Campaign.open(Store(database), "Gallia").broken is None
    terminal = subprocess.run(  # a fresh process, as the operator's terminal
        [sys.executable, "-m", "colosseum", "career", "verify", "Gallia", "--database", database],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert terminal.returncode == 0, terminal.stdout + terminal.stderr


def test_finding_7_waiting_combats_hold_no_thread(client: TestClient) -> None:
    """Six combats each waiting for a lanista's answer: no thread is held for any of them
    (before, each had a thread of its own, blocked until the answer)."""
    threads = threading.active_count()
    waiting = []
    for n in range(6):
        careers = Careers(client, f"Campaign {n}")
        careers.found(ludus("Fred"), ludus("Miller"))
        combat = careers.start(lanistae=["Fred", "Miller"])["combat"]
        assert careers.question(combat) is not None
        waiting.append(careers.state(combat))
    assert all(w["phase"] == "asking" and w["waiting_for"] == "Fred" for w in waiting)
    assert not [t.name for t in threading.enumerate() if t.name.startswith("combat")]
    assert threading.active_count() < threads + 6


@pytest.fixture
def capped(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The server with at most 3 combats or proposals, 2 in a campaign."""
    monkeypatch.setenv("COLOSSEUM_CAREERS_COMBATS", "3")
    monkeypatch.setenv("COLOSSEUM_CAREERS_CAMPAIGN_COMBATS", "2")
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as test_client:
        yield test_client


def test_finding_7_combats_are_capped_per_campaign_and_per_server(capped: TestClient) -> None:
    """Past the campaign's cap a proposal is refused (409) naming the setting; past the
    server's (429 with Retry-After); declining one frees its place."""
    gallia = Careers(capped)
    gallia.found(*(ludus(name) for name in ("A", "B", "C", "D", "E", "F")))
    first = gallia.propose(gallia.keys["A"], lanistae=["A", "B"])
    assert first.status_code == 201
    assert gallia.propose(gallia.keys["C"], lanistae=["C", "D"]).status_code == 201
    third = gallia.propose(gallia.keys["E"], lanistae=["E", "F"])
    assert third.status_code == 409
    assert "COLOSSEUM_CAREERS_CAMPAIGN_COMBATS=2" in third.json()["detail"]
    roma = Careers(capped, "Roma")
    roma.found(*(ludus(name) for name in ("G", "H", "I", "J")))
    assert roma.propose(roma.keys["G"], lanistae=["G", "H"]).status_code == 201
    full = roma.propose(roma.keys["I"], lanistae=["I", "J"])
    assert full.status_code == 429 and int(full.headers["Retry-After"]) > 0
    assert "COLOSSEUM_CAREERS_COMBATS=3" in full.json()["detail"]
    withdrawn = gallia.client.post(
        f"{gallia.base}/proposals/{first.json()['proposal']}/decline",
        headers=bearer(gallia.keys["A"]),
    )
    assert withdrawn.status_code == 200
    assert roma.propose(roma.keys["I"], lanistae=["I", "J"]).status_code == 201


def test_finding_7_computer_players_are_the_named_levels_only(trio: Careers) -> None:
    """A computer player over the network is a named level; an agent spec of any budget
    (or any other) is refused (422) before anything is proposed."""
    for spec in ("ismcts:iterations=1000000000", "ismcts", "heuristic:depth=99", "x" * 200):
        response = trio.propose(
            trio.keys["Fred"], lanistae=["Fred", "Miller"], players=["human", spec]
        )
        assert response.status_code == 422, (spec, response.text)
        assert "random, heuristic, easy, normal, hard" in response.json()["detail"]
    assert trio.show()["proposals"] == []
    for level in ("random", "heuristic", "easy", "normal", "hard"):
        response = trio.propose(
            trio.keys["Fred"], lanistae=["Fred", "Miller"], players=["human", level]
        )
        assert response.status_code == 201, (level, response.text)


def test_finding_7_an_answer_in_a_step_is_replayed_not_lost(client: TestClient) -> None:
    """A waiting combat holds no thread: its step runs again, from its start, with the answers
    given so far. Fred hires a Tiro, then gives his familia; the hire is paid once, the
    familia sent is his."""
    careers = Careers(client)
    careers.found(ludus("Fred"), ludus("Miller"))
    combat = careers.start(lanistae=["Fred", "Miller"], players=["human", "random"])["combat"]
    fred = careers.keys["Fred"]

    def answer(kind: str, given: dict[str, Any]) -> dict[str, Any]:
        _, question = careers.question(combat) or ("", {})
        assert question["kind"] == kind
        response = careers.answer(combat, fred, question["id"], given or nothing(question))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    answer("servitor_hires", {})
    hire = {"name": "Spiculus", "armatura": "retiarius", "rank": "tiro", "upgrades": ""}
    answer("hires", {"hires": [hire]})
    assert careers.sheet("Fred")["aurei"] == 40
    sent = ["Spiculus", "Fred 0", "Fred 1", "Fred 2"]
    seen = answer("familia", {"names": sent})
    deadline = time.monotonic() + 10
    while seen["phase"] != "arena" and time.monotonic() < deadline:
        seen = careers.state(combat, fred)
    table = careers.client.get(f"/api/tables/{seen['table']['id']}").json()
    assert table["options"]["familiae"].split("/")[0] == "retiarius,thraex,murmillo,veles"
    assert careers.sheet("Fred")["aurei"] == 40
