"""A Careers combat in a real browser (Debian's chromium through Playwright), as two people
play it: Fred founds the campaign Gallia on the careers page (his keys shown once, kept in his
browser), Miller founds his ludus on the campaign's page in his own browser context (his key
shown once), Fred proposes their combat and Miller accepts it on the campaign's page with his
key; nothing is handed to anyone. Each answers his own pre-arena questions on his own combat
page (the other's page meanwhile shows only whose answer is awaited), goes to his seat at the
combat's Jugula table and plays by clicking the board to the end, comes back for his own
post-arena questions; the result is then on both record sheets, in both browsers, as the
campaign's store holds it, and the combat's seed and salt, shown once it has ended, match the
commitment shown from its start."""

from __future__ import annotations

import random

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from colosseum.web.commitment import verify

from .browser import CHROMIUM, TIMEOUT, TablePage
from .careers_pages import CampaignPage, CareersPage, CombatPage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]
PEOPLE = ("Fred", "Miller")
TURNS = 2  # the combat's turn limit: the judges stop it soon, a minute of clicking


def answer_until(pages: dict[str, CombatPage], phase: str) -> list[tuple[str, str]]:
    """Answer on each page the questions it shows (each with its form's default) until both
    pages reach `phase`; while one lanista is asked, the other's page shows no question and
    names him. The (lanista, kind) of each answer."""
    answered = []
    for _ in range(200):
        if all(page.phase == phase for page in pages.values()):
            return answered
        for lanista, page in pages.items():
            if page.question_kind() is None:
                continue
            for other, seen in pages.items():
                if other != lanista:
                    assert seen.question_kind() is None
                    expect(seen.page.locator("#status")).to_contain_text(f"Waiting for {lanista}")
            answered.append((lanista, page.answer()))
        pages["Fred"].page.wait_for_timeout(150)
    raise AssertionError(f"the pages did not reach {phase}: {[p.phase for p in pages.values()]}")


def play_to_end(tables: list[TablePage], rng: random.Random) -> None:
    for _ in range(20_000):
        if tables[0].finished():
            break
        deciding = [t for t in tables if t.my_turn()]
        if deciding:
            deciding[0].click_visible(rng)
        else:
            tables[0].page.wait_for_timeout(100)
    assert tables[0].finished() and tables[1].finished()


@pytest.mark.parametrize(
    "turns", [TURNS, pytest.param(0, marks=pytest.mark.soak, id="the book's combat, no limit")]
)
def test_a_careers_combat_in_two_browsers_reaches_both_record_sheets(
    browser: Browser, server: LiveServer, turns: int
) -> None:
    """Played to the combat's turn limit in the default run; behind `soak`, to the book's
    end."""
    contexts = {
        name: browser.new_context(viewport={"width": 1280, "height": 900}) for name in PEOPLE
    }
    fred: Page = contexts["Fred"].new_page()
    miller: Page = contexts["Miller"].new_page()
    campaign, keys = (
        CareersPage(fred, server.url)
        .open()
        .found("Gallia", "Fred", ["Crixus", "Spartacus", "Oenomaus", "Gannicus"], "medicus")
    )
    assert set(keys) == {"organiser", "lanista"} and all("#key=" in k for k in keys.values())
    expect(fred.locator("#held")).to_contain_text("the organiser's key, Fred's ludus key")
    miller.goto(f"{server.url}/careers/Gallia")
    miller_page = CampaignPage(miller)
    link = miller_page.found_ludus("Miller", ["Varro", "Agron", "Nasir", "Saxa"], "unctor")
    assert "#key=" in link and link not in keys.values()
    expect(miller.locator("#held")).to_have_text("This browser holds Miller's ludus key.")
    fred.reload()
    campaign.propose({"Fred": "human", "Miller": "human"}, turn_limit=turns)
    expect(fred.locator("#proposals li")).to_contain_text("waiting for Miller to accept")
    assert fred.locator("#proposals button.accept").count() == 0  # not Fred's to accept
    miller.reload()
    pages = {"Miller": miller_page.accept("Miller").wait_ready()}
    fred.reload()
    pages["Fred"] = campaign.follow().wait_ready()
    pages = {name: pages[name] for name in PEOPLE}
    for name, page in pages.items():
        expect(page.page.locator("#you")).to_have_text(f"You are {name}.")
    expect(fred.locator("#commitment")).to_contain_text("Commitment to the combat's seed: ")
    commitment = fred.inner_text("#commitment").rsplit(" ", 1)[-1]
    combat_url = fred.url
    visitor = browser.new_context().new_page()
    visitor.goto(combat_url)
    expect(visitor.locator("#you")).to_have_text("You are watching (no key of its lanistae here).")
    expect(visitor.locator("#use-key")).to_be_visible()
    expect(visitor.locator("#status")).to_contain_text("Waiting for Fred")
    assert visitor.locator("#question-box").is_hidden()
    visitor.context.close()
    before = answer_until(pages, "arena")
    assert before == [
        ("Fred", "servitor_hires"),
        ("Fred", "hires"),
        ("Miller", "servitor_hires"),
        ("Miller", "hires"),
        ("Fred", "familia"),
        ("Miller", "familia"),
    ]
    for page in pages.values():
        page.go_to_arena()
    tables = [TablePage(fred).wait_ready(), TablePage(miller).wait_ready()]
    assert [fred.inner_text("#you"), miller.inner_text("#you")] == [
        "You play seat 0.",
        "You play seat 1.",
    ]
    play_to_end(tables, random.Random(5))
    fred.goto(combat_url)
    miller.goto(combat_url)  # the browser keeps each lanista's token: the plain address
    pages = {"Fred": CombatPage(fred).wait_ready(), "Miller": CombatPage(miller).wait_ready()}
    after = answer_until(pages, "done")
    assert {kind for _, kind in after} >= {"sales", "purchases", "servitors", "usury"}
    assert {lanista for lanista, _ in after} == set(PEOPLE)
    expect(fred.locator("#status")).to_contain_text("The combat is over: won by", timeout=TIMEOUT)
    revealed = fred.inner_text("#revealed")
    seed = int(revealed.split("its seed is ")[1].split(" ")[0])
    salt = revealed.split("its salt ")[1].split(".")[0]
    assert verify(seed, salt, commitment)

    stored = httpx.get(f"{server.url}/api/careers/Gallia").json()
    combat = stored["history"][0]  # the newest event first
    assert combat["kind"] == "combat_ended"
    # the arena is drawn from the combat's secret seed: found by the line's shape, not its name
    fought = next(e for e in stored["gazette"] if " for a purse of " in e["text"])
    started = httpx.get(f"{server.url}/api/careers/Gallia/combats/{combat_url.split('/')[-1]}")
    result = started.json()["result"]
    reward = started.json()["reward"]
    for page in (fred, miller):
        page.goto(f"{server.url}/careers/Gallia")
        shown = CampaignPage(page)
        for sheet in stored["sheets"]:
            lanista = sheet["lanista"]
            on_page = shown.sheet(lanista)
            assert on_page == {
                "glory": sheet["glory"],
                "aurei": sheet["aurei"],
                "gladiators": {
                    g["name"]: (g["experience"], g["state"]) for g in sheet["gladiators"]
                },
            }
            earned = reward if lanista in result["winners"] else reward // 2
            unctor = 50 if lanista == "Miller" else 0
            upkeep = 10 * len(sheet["gladiators"])  # the Tiro left at the maintenance step
            assert sheet["aurei"] == 50 + earned + unctor - upkeep
            assert all(exp >= 2 for exp, _ in on_page["gladiators"].values())  # fought: 1 + 1
        expect(page.locator("#gazette")).to_contain_text(fought["text"])
    for context in contexts.values():
        context.close()
