"""The careers API (src/colosseum/web/careers*.py): campaigns founded and shown (record sheets,
standings, history, gazette); combats started, each choice asked only at its lanista's link
and refused to anyone else (changing nothing); answers the form or the rules refuse; a combat
at a Jugula table of the server whose result reaches the sheets; companion mode (every die
and the physical table's result typed in); and a combat surviving a restart, its table made
once."""

from __future__ import annotations

import html
import random
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.careers.campaign import Campaign
from colosseum.store import Store
from colosseum.web.app import create_app

from .conftest import UNLIMITED, bearer
from .server import LiveServer

WAIT = 30.0  # seconds a combat may take to ask its next question
ARMATURAE = ["thraex", "murmillo", "veles", "secutor"]
XSS = "<img src=x onerror=alert(1)>"

Client = TestClient | httpx.Client
Chooser = Callable[[str, dict[str, Any]], dict[str, Any] | None]


def ludus(lanista: str, servitor: str = "medicus", names: list[str] | None = None) -> Any:
    names = names or [f"{lanista} {n}" for n in range(4)]
    return {
        "lanista": lanista,
        "gladiators": [{"name": n, "armatura": a} for n, a in zip(names, ARMATURAE, strict=True)],
        "servitor": servitor,
    }


class Careers:
    """The careers API as a client uses it: one helper per request, the keys it was given
    (the organiser's, each ludus's), and the loop that answers every question of a combat
    with its own lanista's key."""

    def __init__(self, client: Client, campaign: str = "Gallia") -> None:
        self.client, self.campaign = client, campaign
        self.organiser: str | None = None
        self.keys: dict[str, str] = {}

    @property
    def base(self) -> str:
        return f"/api/careers/{self.campaign}"

    def found(self, *ludi: Any, **settings: Any) -> dict[str, Any]:
        first, *others = ludi
        body = {"name": self.campaign, "ludus": first, **settings}
        response = self.client.post("/api/careers", json=body)
        assert response.status_code == 201, response.text
        for key in response.json()["keys"]:
            if key["role"] == "organiser":
                self.organiser = key["key"]
            else:
                self.keys[key["lanista"]] = key["key"]
        for other in others:
            self.add(other)
        return self.show()

    def add(self, ludus: Any) -> dict[str, Any]:
        added = self.client.post(f"{self.base}/ludi", json=ludus)
        assert added.status_code == 201, added.text
        founded: dict[str, Any] = added.json()
        self.keys[founded["lanista"]] = founded["key"]
        return founded

    def show(self, key: str | None = None) -> dict[str, Any]:
        response = self.client.get(self.base, headers=bearer(key))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    def sheet(self, lanista: str) -> dict[str, Any]:
        return next(s for s in self.show()["sheets"] if s["lanista"] == lanista)

    def events(self) -> int:
        return len(self.show()["history"])

    def propose(self, key: str | None, **fields: Any) -> httpx.Response:
        response: httpx.Response = self.client.post(
            f"{self.base}/combats", json=fields, headers=bearer(key)
        )
        return response

    def accept(self, proposal: str, key: str | None) -> httpx.Response:
        response: httpx.Response = self.client.post(
            f"{self.base}/proposals/{proposal}/accept", headers=bearer(key)
        )
        return response

    def start(self, **fields: Any) -> dict[str, Any]:
        """A combat proposed with its first lanista's key and accepted by each other one with
        his own; where it stands once begun (`combat`, its draw, arena and reward)."""
        proposed = self.propose(self.keys[fields["lanistae"][0]], **fields)
        assert proposed.status_code == 201, proposed.text
        shown = proposed.json()
        for lanista in shown["waiting_for"]:
            accepted = self.accept(shown["proposal"], self.keys[lanista])
            assert accepted.status_code == 200, accepted.text
            shown = accepted.json()
        assert shown["status"] == "begun" and shown["combat"], shown
        return {**shown, **self.state(shown["combat"])}

    def state(self, combat: int, key: str | None = None) -> dict[str, Any]:
        response = self.client.get(f"{self.base}/combats/{combat}", headers=bearer(key))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    def answer(self, combat: int, key: str | None, question: str, answer: Any) -> Any:
        return self.client.post(
            f"{self.base}/combats/{combat}/answers",
            json={"question": question, "answer": answer},
            headers=bearer(key),
        )

    def question(self, combat: int, arena: bool = True) -> tuple[str, dict[str, Any]] | None:
        """The next question (its lanista and itself) once the combat asks one; None once it
        is over, or (`arena`) fights at a table."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            seen = self.state(combat)
            assert seen["phase"] != "failed", seen["error"]
            if seen["phase"] == "done" or (arena and seen["phase"] == "arena"):
                return None
            if seen["waiting_for"] is not None:
                lanista = seen["waiting_for"]
                mine = self.state(combat, self.keys[lanista])
                if mine["question"] is not None:
                    return lanista, mine["question"]
            time.sleep(0.02)
        raise AssertionError(f"combat {combat} asked nothing in {WAIT} s")

    def answer_all(
        self, combat: int, choose: Chooser | None = None, arena: bool = True
    ) -> list[tuple[str, str]]:
        """Answer every question with its lanista's key (`choose`'s answer, else nothing)
        until the combat ends or (`arena`) fights at a table; the (lanista, kind) of each
        question asked."""
        asked = []
        while (found := self.question(combat, arena)) is not None:
            lanista, question = found
            asked.append((lanista, question["kind"]))
            given = choose(lanista, question) if choose else None
            response = self.answer(
                combat, self.keys[lanista], question["id"], given or nothing(question)
            )
            assert response.status_code == 200, response.text
        return asked

    def seat(self, combat: int, lanista: str) -> tuple[str, str]:
        """The combat's table and the token of `lanista`'s seat there, as his page gives it."""
        table = self.state(combat, self.keys[lanista])["table"]
        assert table is not None and table["token"], table
        return table["id"], table["token"]


def nothing(question: dict[str, Any]) -> dict[str, Any]:
    """The empty answer of a question's form: no names, no rows, no choice."""
    empty: dict[str, Any] = {"names": [], "rows": [], "select": "", "number": None}
    return {f["key"]: empty[f["type"]] for f in question["fields"]}


def play_seat(client: Client, table: str, token: str, rng: random.Random) -> dict[str, Any]:
    """Random legal actions for the token's seat until the game is over (the computer
    seats play by themselves); the last state."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        seen = client.get(
            f"/api/tables/{table}/state", params={"board": "false"}, headers=bearer(token)
        ).json()
        if seen["terminal"]:
            return dict(seen)
        if seen["legal"]:
            choice = rng.choice(seen["legal"])["notation"]
            client.post(
                f"/api/tables/{table}/actions",
                json={"action": choice, "version": seen["version"]},
                headers=bearer(token),
            )
        else:
            time.sleep(0.02)
    raise AssertionError(f"table {table} did not end")


def wait_done(careers: Careers, combat: int) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        seen = careers.state(combat)
        assert seen["phase"] != "failed", seen["error"]
        if seen["phase"] == "done":
            return seen
        time.sleep(0.05)
    raise AssertionError(f"combat {combat} did not end")


@pytest.fixture
def careers(client: TestClient) -> Careers:
    return Careers(client)


@pytest.fixture
def duel(careers: Careers) -> Careers:
    """Fred (a Medicus) and Miller (an Unctor), four Tiro each, in Gallia."""
    careers.found(ludus("Fred"), ludus("Miller", "unctor"))
    return careers


# --- campaigns -------------------------------------------------------------------------------


def test_campaigns_are_listed_and_shown(duel: Careers, client: TestClient) -> None:
    """A campaign founded with its first ludus and joined by a second: listed, and its page
    data holds both record sheets (four Tiro, 50 aurei, the servitor), standings, history and
    gazette; the HTML pages show them."""
    listed = client.get("/api/careers").json()
    assert [(c["name"], c["mode"], c["glory_target"], c["dice"]) for c in listed] == [
        ("Gallia", "free", 10, "program")
    ]
    shown = duel.show()
    sheets = {s["lanista"]: s for s in shown["sheets"]}
    assert set(sheets) == {"Fred", "Miller"}
    assert sheets["Fred"]["aurei"] == 50 and sheets["Fred"]["servitors_text"] == "medicus ★"
    assert [g["armatura"] for g in sheets["Miller"]["gladiators"]] == ARMATURAE
    assert {g["rank"] for g in sheets["Miller"]["gladiators"]} == {"Tiro"}
    assert [r["lanista"] for r in shown["standings"]] == ["Fred", "Miller"]
    assert [r["kind"] for r in shown["history"]] == ["ludus_created", "ludus_created"]
    assert [g["text"] for g in shown["gazette"]] == [  # newest first
        "Miller opens a ludus with four Tiro.",
        "Fred opens a ludus with four Tiro.",
    ]
    page = client.get("/careers/Gallia")
    assert page.status_code == 200
    assert page.text.count('class="sheet panel"') == 2
    assert "Miller 3" in page.text and "The Gallia Gazette" in page.text
    listing = client.get("/careers").text
    assert 'href="/careers/Gallia"' in listing and 'href="/howto/careers"' in listing


def test_user_text_is_escaped_everywhere(careers: Careers, client: TestClient) -> None:
    """A lanista and a gladiator named like HTML: escaped on the list, the campaign and the
    combat pages (the API gives the text back as it was written)."""
    careers.campaign = "Roma"
    careers.found(ludus(XSS, names=[XSS, "b", "c", "d"]), ludus("Miller"))
    assert careers.sheet(XSS)["gladiators"][0]["name"] == XSS
    started = careers.start(lanistae=[XSS, "Miller"], players=["random", "random"], turn_limit=1)
    for path in ("/careers", "/careers/Roma", f"/careers/Roma/combats/{started['combat']}"):
        text = client.get(path).text
        assert XSS not in text, path
    assert html.escape(XSS) in client.get("/careers/Roma").text


def test_bad_campaigns_and_ludi_are_refused_and_change_nothing(
    duel: Careers, client: TestClient
) -> None:
    """Each refusal has its status and message; the campaign keeps its events."""
    before = duel.events()
    cases = [
        ("/api/careers", {"name": "gallia "}, 409, "exists already"),
        ("/api/careers", {"name": "A/B"}, 422, "no '/'"),
        ("/api/careers", {"name": "New", "mode": "siege"}, 422, "unknown campaign mode"),
        ("/api/careers", {"name": "New", "rounds": 3}, 422, "tournament options"),
        ("/api/careers", {"name": "New", "dice": "cards"}, 422, "'program' or at the 'table'"),
        ("/api/careers/Gallia/ludi", ludus("fred"), 422, "already"),
        ("/api/careers/Gallia/ludi", ludus("Arnaud", "cook"), 422, "cook"),
        ("/api/careers/Nowhere/ludi", ludus("Arnaud"), 404, "no campaign named 'Nowhere'"),
        ("/api/careers/Gallia/ludi", {**ludus("Arnaud"), "extra": 1}, 422, "extra"),
    ]
    for path, body, status, words in cases:
        response = client.post(path, json=body)
        assert response.status_code == status, (body, response.text)
        assert words in str(response.json()["detail"]), response.text
    same = {**ludus("Arnaud")}
    same["gladiators"][1]["armatura"] = "thraex"
    response = client.post("/api/careers/Gallia/ludi", json=same)
    assert response.status_code == 422 and "each armatura at most once" in response.text
    response = client.post("/api/careers", json={"name": "Roma", "ludus": same})
    assert response.status_code == 422 and "each armatura at most once" in response.text
    assert duel.events() == before
    assert [c["name"] for c in client.get("/api/careers").json()] == ["Gallia"]
    assert client.get("/careers/Nowhere").status_code == 404


def test_bad_combats_are_refused_before_any_roll(duel: Careers, client: TestClient) -> None:
    before = duel.events()
    cases = [
        ({"lanistae": ["Fred", "Nobody"]}, 422, "no ludus of 'Nobody'"),
        ({"lanistae": ["Fred"]}, 422, "2 to 4 different lanistae"),
        ({"lanistae": ["Fred", "fred"]}, 422, "2 to 4 different lanistae"),
        ({"lanistae": ["Fred", "Miller"], "players": ["human", "genius"]}, 422, "genius"),
        ({"lanistae": ["Fred", "Miller"], "players": ["human"]}, 422, "2 ludi need 2 players"),
        ({"lanistae": ["Fred", "Miller"], "arena": "moon"}, 422, "'engine' or 'table'"),
        ({"lanistae": ["Fred", "Miller"], "arena": "table", "turn_limit": 3}, 422, "turn limit"),
        ({"lanistae": ["Fred", "Miller"], "dice": [3, 4, 5, 6]}, 422, "rolled by the program"),
        (
            {"lanistae": ["Fred"], "virtual": True, "players": ["human", "human"]},
            422,
            "virtual ludus is played by a computer",
        ),
        ({"lanistae": ["Fred", "Miller"], "seed": 5}, 422, "seed"),
        (
            {"lanistae": ["Fred", "Miller"], "players": ["human", "ismcts:iterations=9"]},
            422,
            "random, heuristic, easy, normal, hard",
        ),
    ]
    for body, status, words in cases:
        response = duel.propose(duel.keys["Fred"], **body)
        assert response.status_code == status, (body, response.text)
        assert words in str(response.json()["detail"]), response.text
    assert duel.events() == before
    assert duel.show()["combats"] == [] and duel.show()["proposals"] == []


# --- a combat at a Jugula table of the server ----------------------------------------------------


def test_a_combat_at_a_table_reaches_both_record_sheets(duel: Careers, client: TestClient) -> None:
    """Fred in person against Miller played and managed by the computer: Fred alone is asked
    his choices, with his key; his page gives him his seat's token at the combat's table (and
    nobody else's page does); the table's result flows into the post-arena sequence and both
    record sheets."""
    started = duel.start(lanistae=["Fred", "Miller"], players=["human", "heuristic"], turn_limit=2)
    combat = started["combat"]
    assert started["humans"] == ["Fred"] and started["page"] == f"/careers/Gallia/combats/{combat}"
    asked = duel.answer_all(combat)
    assert asked == [("Fred", "servitor_hires"), ("Fred", "hires"), ("Fred", "familia")]
    seen = duel.state(combat, duel.keys["Fred"])
    assert seen["phase"] == "arena" and seen["you"] == "Fred"
    table = seen["table"]
    assert table["seat"] == 0 and table["token"]
    for other in (duel.state(combat), duel.state(combat, duel.keys["Miller"])):
        assert other["table"] == {"id": table["id"], "seat": None, "token": None}
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert [p["kind"] for p in summary["players"]] == ["human", "heuristic"]
    assert summary["free_seats"] == [] and summary["options"]["turn_limit"] == 2
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()]  # private
    play_seat(client, table["id"], table["token"], random.Random(2))
    asked = duel.answer_all(combat, arena=False)
    assert [kind for _, kind in asked] == ["sales", "purchases", "servitors", "usury"]
    assert {lanista for lanista, _ in asked} == {"Fred"}
    done = wait_done(duel, combat)
    winners = done["result"]["winners"]
    assert winners and set(winners) <= {"Fred", "Miller"}
    reward = started["reward"]
    history = duel.show()["history"]
    for lanista in ("Fred", "Miller"):
        earned = reward if lanista in winners else reward // 2
        why = "reward" if lanista in winners else "half reward"
        paid = f"lanista={lanista}, aurei={earned}, why={why}"
        assert [r for r in history if r["kind"] == "earned" and r["details"] == paid], lanista
    sheet = duel.sheet("Fred")  # who bought or sold nothing; Miller's manager may have
    earned = reward if "Fred" in winners else reward // 2
    assert sheet["aurei"] == 50 + earned - 4 * 10, sheet  # four Tiro's upkeep
    fought = set(done["result"]["deployed"]["Fred"])
    assert {g["name"] for g in sheet["gladiators"] if g["experience"] >= 2} == fought
    assert duel.show()["combats"] == []
    assert "combat_ended" in [r["kind"] for r in duel.show()["history"]]


def test_no_lanista_reads_or_answers_another_ones_question(
    duel: Careers, client: TestClient
) -> None:
    """Both in person: Fred's question is shown with Fred's key only; Miller's key answering
    it is refused (403), as is the organiser's, a key of nobody (401), no key (401); the
    question stays asked and the campaign unchanged."""
    started = duel.start(lanistae=["Fred", "Miller"])
    combat, keys = started["combat"], duel.keys
    lanista, question = duel.question(combat) or ("", {})
    assert lanista == "Fred" and question["kind"] == "servitor_hires"
    assert duel.state(combat, keys["Miller"])["question"] is None
    assert duel.state(combat, duel.organiser)["question"] is None
    assert duel.state(combat)["question"] is None
    assert duel.state(combat)["waiting_for"] == "Fred"
    before = duel.events()
    hire = {"servitors": [{"code": "unctor", "stars": 1}]}
    for key, status in (
        (keys["Miller"], 403),
        (duel.organiser, 403),
        ("not-a-key", 401),
        (None, 401),
    ):
        response = duel.answer(combat, key, question["id"], hire)
        assert response.status_code == status, response.text
    refused = duel.answer(combat, keys["Miller"], question["id"], hire)
    assert "this question is Fred's, not Miller's" in refused.json()["detail"]
    bad = client.get(f"/api/careers/Gallia/combats/{combat}", headers=bearer("forged"))
    assert bad.status_code == 401
    assert duel.state(combat, keys["Fred"])["question"]["id"] == question["id"]
    assert duel.events() == before
    assert duel.sheet("Fred")["aurei"] == 50
    stale = duel.answer(combat, keys["Fred"], "gone", nothing(question))
    assert stale.status_code == 409


def test_answers_refused_by_the_form_or_the_rules_change_nothing(duel: Careers) -> None:
    """An answer not of the form (an unknown key, a name not offered) is refused (422) and the
    same question stays; one the rules refuse (a second thraex, a servitor the ludus has) is
    refused with the rules' words, the sheet unchanged, and asked again; a good one goes on."""
    started = duel.start(lanistae=["Fred", "Miller"], players=["human", "random"])
    combat = started["combat"]
    fred = duel.keys["Fred"]
    _, question = duel.question(combat) or ("", {})
    assert question["kind"] == "servitor_hires"
    for answer, words in (
        ({"servitors": [], "gold": 1}, "unknown in the answer: gold"),
        ({"servitors": [{"code": "medicus", "stars": "many"}]}, "whole number"),
        ({"servitors": "all"}, "a list of at most"),
    ):
        response = duel.answer(combat, fred, question["id"], answer)
        assert response.status_code == 422 and words in response.json()["detail"], response.text
        assert duel.state(combat, fred)["question"]["id"] == question["id"]
    response = duel.answer(
        combat, fred, question["id"], {"servitors": [{"code": "medicus", "stars": 1}]}
    )
    assert response.status_code == 422
    assert "hiring the medicus refused" in response.json()["detail"]
    again = duel.state(combat, fred)["question"]
    assert again["kind"] == "servitor_hires" and again["id"] != question["id"]
    assert any("medicus" in note for note in again["notes"])
    assert duel.sheet("Fred")["aurei"] == 50
    duel.answer(combat, fred, again["id"], nothing(again))
    _, hires = duel.question(combat) or ("", {})
    second = {"hires": [{"name": "Spiculus", "armatura": "thraex", "rank": "tiro", "upgrades": ""}]}
    response = duel.answer(combat, fred, hires["id"], second)
    assert response.status_code == 422 and "already has a thraex" in response.json()["detail"]
    assert duel.sheet("Fred")["aurei"] == 50
    hires = duel.state(combat, fred)["question"]
    good = {"hires": [{"name": "Spiculus", "armatura": "retiarius", "rank": "tiro"}]}
    response = duel.answer(combat, fred, hires["id"], good)
    assert response.status_code == 200, response.text
    familia = response.json()["question"]
    assert familia["kind"] == "familia"
    offered = [c["value"] for c in familia["fields"][0]["choices"]]
    assert offered[0] == "Spiculus"
    assert duel.sheet("Fred")["aurei"] == 40  # the Tiro's hire, paid at once
    wrong = duel.answer(combat, fred, familia["id"], {"names": ["Spiculus", "Miller 0"]})
    assert wrong.status_code == 422 and "not one of" in wrong.json()["detail"]
    three = duel.answer(combat, fred, familia["id"], {"names": offered[:3]})
    assert three.status_code == 422 and "name 4 gladiators" in three.json()["detail"]
    four = duel.answer(combat, fred, familia["id"], {"names": offered[:4]})
    assert four.status_code == 200 and four.json()["phase"] == "arena"
    table = four.json()["table"]["id"]
    familiae = duel.client.get(f"/api/tables/{table}").json()["options"]["familiae"]
    assert familiae.split("/")[0].startswith("retiarius,")


# --- companion mode ------------------------------------------------------------------------------


def test_companion_mode_every_die_and_the_table_result_typed_in(careers: Careers) -> None:
    """Dice rolled at the table, combat on a physical table: the draw's dice typed with the
    request; each later die asked of the lanista it is rolled for; the winner typed by the
    first lanista and each ludus's falls by its own; a Fatum of 2 kills (Jugula!)."""
    careers.found(ludus("Fred"), ludus("Miller", "unctor"), dice="table")
    fred = careers.keys["Fred"]
    short = careers.propose(fred, lanistae=["Fred", "Miller"], arena="table")
    assert short.status_code == 422 and "the draw needs 4 dice" in short.json()["detail"]
    wrong = careers.propose(fred, lanistae=["Fred", "Miller"], arena="table", dice=[1, 2, 3, 9])
    assert wrong.status_code == 422
    started = careers.start(lanistae=["Fred", "Miller"], arena="table", dice=[3, 4, 2, 5])
    assert "arena total 7" in started["draw"] and started["reward"] == 170
    combat = started["combat"]
    assert started["humans"] == ["Fred", "Miller"]
    dice: list[tuple[str, str]] = []

    def choose(lanista: str, question: dict[str, Any]) -> dict[str, Any] | None:
        if question["kind"] == "dice":
            dice.append((lanista, question["fields"][0]["label"]))
            return {"dice": [1] * question["fields"][0]["count"]}
        if question["kind"] == "winners":
            return {"names": ["Fred"]}
        if question["kind"] == "falls" and lanista == "Miller":
            return {"wounded": ["Miller 1"], "bitten": [{"name": "Miller 0", "by": "Fred"}]}
        return None

    asked = careers.answer_all(combat, choose)
    assert ("Fred", "winners") in asked and ("Miller", "winners") not in asked
    assert ("Fred", "falls") in asked and ("Miller", "falls") in asked
    assert dice == [
        ("Miller", "Miller: fatum of Miller 0"),
        ("Miller", "Miller: wounds of Miller 1"),
    ]
    done = wait_done(careers, combat)
    assert done["result"]["winners"] == ["Fred"]
    assert done["result"]["bitten"] == [["Miller", "Miller 0", "Fred"]]
    miller = careers.sheet("Miller")
    assert [g["name"] for g in miller["gladiators"]] == ["Miller 1", "Miller 2", "Miller 3"]
    assert miller["gladiators"][0]["state"] == "convalescent"  # wounds 2: convalescent
    assert careers.sheet("Fred")["aurei"] == 50 + 170 - 40
    news = [line["text"] for line in careers.show()["gazette"]]
    assert "Miller 0 of Miller is killed in the arena: Jugula!" in news


def test_a_physical_combats_result_is_checked(careers: Careers) -> None:
    """The result of a physical table: a winner must be named; only one's own four may be
    wounded or fallen, each once, by a rival's blow or his own."""
    careers.found(ludus("Fred"), ludus("Miller"))
    started = careers.start(lanistae=["Fred", "Miller"], arena="table")
    combat, tokens = started["combat"], careers.keys

    def until(kind: str) -> tuple[str, dict[str, Any]]:
        while True:
            lanista, question = careers.question(combat) or ("", {})
            if question["kind"] == kind:
                return lanista, question
            careers.answer(combat, tokens[lanista], question["id"], nothing(question))

    lanista, question = until("winners")
    assert lanista == "Fred"
    response = careers.answer(combat, tokens["Fred"], question["id"], {"names": []})
    assert response.status_code == 422 and "name the winner" in response.json()["detail"]
    careers.answer(combat, tokens["Fred"], question["id"], {"names": ["Miller"]})
    lanista, question = until("falls")
    assert lanista == "Fred"
    for answer, words in (
        ({"wounded": ["Miller 0"]}, "not one of"),
        ({"wounded": ["Fred 0"], "bitten": [{"name": "Fred 0", "by": "Miller"}]}, "named twice"),
        ({"bitten": [{"name": "Fred 1", "by": "Arnaud"}]}, "by one of Miller, self"),
    ):
        response = careers.answer(combat, tokens["Fred"], question["id"], answer)
        assert response.status_code == 422 and words in response.json()["detail"], response.text
    fell = {"bitten": [{"name": "Fred 1", "by": ""}]}
    assert careers.answer(combat, tokens["Fred"], question["id"], fell).status_code == 200
    careers.answer_all(combat)
    assert wait_done(careers, combat)["result"]["bitten"] == [["Fred", "Fred 1", None]]


# --- restarts ----------------------------------------------------------------------------------


def test_a_combat_goes_on_after_a_restart_its_table_made_once(database: str) -> None:
    """The server stops while Fred is at the combat's table: started again on the same
    store, the combat takes up its fight step without asking his four again and without a
    second table, and ends."""
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        careers = Careers(client)
        careers.found(ludus("Fred"), ludus("Miller"))
        started = careers.start(
            lanistae=["Fred", "Miller"], players=["human", "random"], turn_limit=1
        )
        combat = started["combat"]
        careers.answer_all(combat)
        table, seat = careers.seat(combat, "Fred")
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as client:
        keys, careers = careers.keys, Careers(client)
        careers.keys = keys
        seen = careers.state(combat, keys["Fred"])
        deadline = time.monotonic() + WAIT
        while seen["phase"] != "arena" and time.monotonic() < deadline:
            assert seen["question"] is None, seen["question"]
            time.sleep(0.05)
            seen = careers.state(combat, keys["Fred"])
        assert seen["table"]["id"] == table and seen["table"]["token"] == seat
        play_seat(client, table, seat, random.Random(1))
        careers.answer_all(combat, arena=False)
        wait_done(careers, combat)
    store = Store(database)
    assert store.tables.count() == 1
    assert Campaign.open(store, "Gallia").combats == {}


def test_a_combat_survives_a_killed_server(tmp_path: Path) -> None:
    """`kill -9` while a question waits: the new server process asks it again at the same
    link, and the combat goes on to its end."""
    server = LiveServer(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            careers = Careers(client)
            careers.found(ludus("Fred"), ludus("Miller"))
            started = careers.start(
                lanistae=["Fred", "Miller"], players=["human", "random"], turn_limit=1
            )
            combat = started["combat"]
            _, first = careers.question(combat) or ("", {})
            careers.answer(combat, careers.keys["Fred"], first["id"], nothing(first))
            _, second = careers.question(combat) or ("", {})
            assert second["kind"] == "hires"
            server.kill()
            server.start()
            _, again = careers.question(combat) or ("", {})
            assert again["kind"] == "servitor_hires"  # the hire step was not stored: asked anew
            assert again["id"] != first["id"]
            careers.answer_all(combat)
            table, seat = careers.seat(combat, "Fred")
            play_seat(client, table, seat, random.Random(3))
            careers.answer_all(combat, arena=False)
            assert wait_done(careers, combat)["result"]["winners"]
    finally:
        server.stop()


# --- the API's description and the how-to page ------------------------------------------------


def test_openapi_documents_the_careers_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/careers",
        "/api/careers/{name}",
        "/api/careers/{name}/ludi",
        "/api/careers/{name}/combats",
        "/api/careers/{name}/combats/{combat}",
        "/api/careers/{name}/combats/{combat}/answers",
    ):
        assert path in paths, path
    assert not any(path.startswith("/careers") for path in paths)


def test_howto_careers_page(client: TestClient) -> None:
    response = client.get("/howto/careers")
    assert response.status_code == 200
    text = html.unescape(response.text)
    assert "<h1>How to play the Jugula Careers</h1>" in text
    for term in (
        "record sheet",
        "Popularity",
        "Liberatio",
        "Fatum",
        "Usury",
        "Glory",
        "virtual ludus",
        "Companion mode",
        "own link",
    ):
        assert term in text, term
    assert "&lt;" not in response.text
    assert 'href="/howto/careers"' in client.get("/careers").text


# --- fuzzing the answers ---------------------------------------------------------------------

JUNK: list[Any] = [
    None,
    True,
    -(10**30),
    "x" * 300,
    ["a", 1, None],
    [{"name": {"a": 1}}],
    [{"name": "Z", "armatura": "thraex", "rank": "zzz", "code": "medicus", "stars": 10**30}],
    {"nested": []},
    [[["deep"]]],
]


def junk_answer(question: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An answer with the question's keys (or one more) and values of any shape."""
    keys = [f["key"] for f in question["fields"]] + ["unknown"]
    return {key: rng.choice(JUNK) for key in rng.sample(keys, rng.randint(1, len(keys)))}


def test_answers_of_any_shape_are_refused_or_taken_never_break_the_combat(
    duel: Careers, client: TestClient, database: str
) -> None:
    """At every question of a combat, answers of any shape: each is refused (422) or taken
    (200), the combat never fails, and it ends with both sheets sound."""
    started = duel.start(lanistae=["Fred", "Miller"], players=["human", "random"], turn_limit=1)
    combat, fred = started["combat"], duel.keys["Fred"]
    rng = random.Random(11)
    statuses: set[int] = set()
    for arena in (True, False):
        while (found := duel.question(combat, arena)) is not None:
            _, question = found
            for _ in range(6):
                response = duel.answer(combat, fred, question["id"], junk_answer(question, rng))
                statuses.add(response.status_code)
                assert response.status_code in (200, 409, 422), response.text
                assert duel.state(combat)["phase"] != "failed"
                found = duel.question(combat, arena)
                if found is None:
                    break
                question = found[1]
            else:
                duel.answer(combat, fred, question["id"], nothing(question))
        if arena:
            play_seat(client, *duel.seat(combat, "Fred"), random.Random(4))
    assert 422 in statuses
    wait_done(duel, combat)
    assert Campaign.open(Store(database), "Gallia").broken is None


def test_post_arena_purchases_checked_then_carried_out(duel: Careers, client: TestClient) -> None:
    """After the fight: a purchase naming an unknown rank, or a talent not of the gladiator's
    class, is refused before any die; a Tiro bought joins the record sheet."""
    started = duel.start(lanistae=["Fred", "Miller"], players=["human", "random"], turn_limit=1)
    combat, tokens = started["combat"], duel.keys
    duel.answer_all(combat)
    play_seat(client, *duel.seat(combat, "Fred"), random.Random(6))

    def buy(lanista: str, question: dict[str, Any]) -> dict[str, Any] | None:
        if question["kind"] != "purchases":
            return None
        fred = tokens["Fred"]
        for row, words in (
            ({"name": "Nova", "armatura": "retiarius", "rank": "legend"}, "rank is one of"),
            (
                {"name": "Nova", "armatura": "retiarius", "rank": "palus", "talent": "brute"},
                "Brute is a heavy talent; a retiarius is light",
            ),
        ):
            refused = duel.answer(combat, fred, question["id"], {"purchases": [row]})
            assert refused.status_code == 422 and words in refused.json()["detail"]
            assert duel.state(combat, fred)["question"]["id"] == question["id"]
        return {"purchases": [{"name": "Nova", "armatura": "retiarius", "rank": "tiro"}]}

    duel.answer_all(combat, buy, arena=False)
    wait_done(duel, combat)
    nova = [g for g in duel.sheet("Fred")["gladiators"] if g["name"] == "Nova"]
    assert [(g["armatura"], g["rank"], g["experience"]) for g in nova] == [("retiarius", "Tiro", 0)]
