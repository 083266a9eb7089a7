"""Accessibility of every page in a real browser (Debian's chromium through Playwright; issue
46): axe-core (axe-playwright-python) finds no serious or critical violation, and no page is
wider than the screen, on a 1366×768 laptop and a 390×844 phone. The pages: the lobby, each
game's table mid-game as a seat and as a spectator, a finished table's replay, the how-to
pages, the account pages, the ratings' pages and the Careers (a campaign, its combat at a
lanista's key). One server and one browser context per screen for the whole module; the
keyboard reaches a table's first legal action before its chat."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

import colosseum
from colosseum.store import Store
from colosseum.store.ratings import SeatResult

from .accounts_pages import PASSWORD
from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

GAMES = ("ludus-gladiatorius", "ludi-gladiatorii", "jugula")
SCREENS = {"laptop": (1366, 768), "phone": (390, 844)}
SERIOUS = {"serious", "critical"}
ARMATURAE = ["thraex", "murmillo", "veles", "secutor"]
AXE = Axe()


def play_some(client: httpx.Client, table: str, tokens: list[str], actions: int) -> int:
    """`actions` decisions taken through the API, each seat's first legal action; the seat
    that decides next."""
    for _ in range(actions + 1):
        seen = client.get(f"/api/tables/{table}/state").json()
        current: int = seen["current"]
        if actions == 0:
            return current
        actions -= 1
        auth = {"Authorization": f"Bearer {tokens[current]}"}
        mine = client.get(f"/api/tables/{table}/state", headers=auth).json()
        body = {"action": mine["legal"][0]["notation"], "version": mine["version"]}
        answer = client.post(f"/api/tables/{table}/actions", json=body, headers=auth)
        assert answer.status_code == 200, answer.text
    raise AssertionError("unreachable")


def finished_record(seed: int = 3) -> dict[str, Any]:
    """A Ludus game played to its end at random, as `colosseum replay` reads it."""
    rng = random.Random(seed)
    state = colosseum.new_game("ludus-gladiatorius", players=2, seed=seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal()
    record: dict[str, Any] = state.record()
    return record


def rated(database: str) -> None:
    """ann beats bob twice: a leaderboard with rows, a player's page with a plot."""
    store = Store(database)
    try:
        ann, bob = (store.accounts.create(n, None).id for n in ("ann", "bob"))
        for n in range(2):
            store.ratings.apply(
                f"calibration:{n}", GAMES[0], [SeatResult(0, ann, 1), SeatResult(1, bob, 2)]
            )
    finally:
        store.engine.dispose()


def ludus(lanista: str) -> dict[str, Any]:
    return {
        "lanista": lanista,
        "gladiators": [{"name": f"{lanista} {n}", "armatura": a} for n, a in enumerate(ARMATURAE)],
        "servitor": "medicus",
    }


def careers(client: httpx.Client) -> tuple[str, str]:
    """Gallia with Fred's and Miller's ludi and a combat begun between them: the combat's
    path and Fred's key."""
    founded = client.post("/api/careers", json={"name": "Gallia", "ludus": ludus("Fred")})
    assert founded.status_code == 201, founded.text
    fred = next(k["key"] for k in founded.json()["keys"] if k.get("lanista") == "Fred")
    added = client.post("/api/careers/Gallia/ludi", json=ludus("Miller"))
    assert added.status_code == 201, added.text
    miller = added.json()["key"]
    body = {"lanistae": ["Fred", "Miller"], "players": ["human", "human"], "turn_limit": 2}
    proposed = client.post(
        "/api/careers/Gallia/combats", json=body, headers={"Authorization": f"Bearer {fred}"}
    )
    assert proposed.status_code == 201, proposed.text
    accepted = client.post(
        f"/api/careers/Gallia/proposals/{proposed.json()['proposal']}/accept",
        headers={"Authorization": f"Bearer {miller}"},
    )
    assert accepted.status_code == 200, accepted.text
    return f"/careers/Gallia/combats/{accepted.json()['combat']}", fred


class Site:
    """The server and what the pages show: tables mid-game, a replay, ratings, a campaign;
    `pages` maps a page's name to its path and a selector to wait for."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.pages: dict[str, tuple[str, str]] = {}
        self.combat_key = ""

    def build(self) -> Site:
        rated(self.server.database)
        wait_table = "main[data-version]"
        with httpx.Client(base_url=self.server.url, timeout=30) as client:
            for game in GAMES:
                body = {"game": game, "players": ["human", "human"]}
                made = client.post("/api/tables", json=body)
                assert made.status_code == 201, made.text
                table = made.json()
                seat = play_some(client, table["id"], [s["token"] for s in table["seats"]], 6)
                self.pages[f"{game} seat"] = (table["seats"][seat]["join"], wait_table)
                self.pages[f"{game} spectator"] = (table["spectate"], wait_table)
            uploaded = client.post("/api/records", json=finished_record())
            assert uploaded.status_code == 201, uploaded.text
            combat, self.combat_key = careers(client)
        replay = f"/tables/{uploaded.json()['id']}/replay"
        self.pages |= {
            "lobby": ("/", "#game option"),
            "replay": (replay, "#board svg"),
            **{f"howto {g}": (f"/howto/{g}", "main h1") for g in (*GAMES, "careers")},
            **{
                f"reference {g}": (f"/howto/{g}/reference", "main h1")
                for g in ("jugula", "ludi-gladiatorii")
            },
            "signin": ("/signin", "#signin-name"),
            "register": ("/register", "#register-name"),
            "account": ("/account", "main h1"),
            "my games": ("/me", "main h1"),
            "ratings": ("/ratings", "main h1"),
            "leaderboard": (f"/ratings/{GAMES[0]}", "#leaderboard tbody tr"),
            "player": ("/players/ann", "svg.rating-plot"),
            "play now": ("/play", "main h1"),
            "careers": ("/careers", "#new-campaign"),
            "campaign": ("/careers/Gallia", ".sheet"),
            "combat": (combat, "main.combat[data-phase]"),
        }
        return self


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    where: Path = tmp_path_factory.mktemp("a11y")
    live = LiveServer(f"sqlite:///{where / 'web.db'}", where / "server.log").start()
    try:
        yield Site(live).build()
    finally:
        live.stop()


@pytest.fixture(scope="module")
def screens(browser: Browser, site: Site) -> Iterator[dict[str, Page]]:
    """One signed-in page per screen, holding Fred's campaign key, reused by every test."""
    contexts: list[BrowserContext] = []
    pages: dict[str, Page] = {}
    for n, (screen, (width, height)) in enumerate(SCREENS.items()):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        account = {"name": f"reader{n}", "password": PASSWORD}
        made = page.request.post(f"{site.server.url}/api/accounts", data=account)
        assert made.status == 201, made.text()
        page.goto(f"{site.server.url}/careers/Gallia#key={site.combat_key}")
        expect(page.locator(".sheet").first).to_be_visible()
        pages[screen] = page
    yield pages
    for context in contexts:
        context.close()


def described(violations: list[dict[str, Any]]) -> str:
    """Each violation's id, impact, help, and the targets it was found at."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {node['target']}: {node.get('failureSummary', '')}" for node in v["nodes"]]
    return "\n".join(lines)


PAGES = [
    *(f"{game} {who}" for game in GAMES for who in ("seat", "spectator")),
    "lobby",
    "replay",
    *(f"howto {g}" for g in (*GAMES, "careers")),
    *(f"reference {g}" for g in ("jugula", "ludi-gladiatorii")),
    "signin",
    "register",
    "account",
    "my games",
    "ratings",
    "leaderboard",
    "player",
    "play now",
    "careers",
    "campaign",
    "combat",
]


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_violation_and_no_overflow(
    site: Site, screens: dict[str, Page], name: str, screen: str
) -> None:
    page = screens[screen]
    path, ready = site.pages[name]
    page.goto(f"{site.server.url}{path}")
    expect(page.locator(ready).first).to_be_attached()
    page.wait_for_load_state("networkidle")
    results = AXE.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert not serious, f"{name} at {screen}:\n{described(serious)}"
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth,"
        " [...document.querySelectorAll('body *')].filter(e =>"
        " e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5)"
        ".map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)]"
    )
    assert widths[0] <= widths[1], f"{name} at {screen} is wider than the screen: {widths}"


@pytest.mark.parametrize("game", GAMES)
def test_the_keyboard_reaches_the_decision_before_the_chat(
    site: Site, screens: dict[str, Page], game: str
) -> None:
    """From the top of a seat's page, Tab reaches an element standing for a legal action
    (on the board or in the list of actions) before any part of the chat."""
    page = screens["laptop"]
    path, ready = site.pages[f"{game} seat"]
    page.goto(f"{site.server.url}{path}")
    expect(page.locator(ready)).to_be_attached()
    expect(page.locator("#status")).to_have_text("Your decision.", timeout=TIMEOUT)
    page.locator("body").focus()
    seen = []
    for _ in range(200):
        page.keyboard.press("Tab")
        where = page.evaluate(
            "() => { const e = document.activeElement;"
            " return [e.closest('[data-action], #actions button') ? 'decision' :"
            " e.closest('#chat, #chat-form') ? 'chat' : '', e.tagName + '#' + e.id]; }"
        )
        seen.append(where[1])
        if where[0]:
            assert where[0] == "decision", f"the chat came first: {seen}"
            return
    raise AssertionError(f"Tab reached neither the decision nor the chat: {seen}")


def test_jugulas_deployment_squares_follow_the_chosen_gladiator(
    site: Site, screens: dict[str, Page]
) -> None:
    """At a new Jugula table, a gladiator to deploy chosen with Enter: the next Tab reaches
    one of his squares (they follow him in the board's markup), and Enter there (then on the
    facing's menu) deploys him."""
    with httpx.Client(base_url=site.server.url, timeout=30) as client:
        made = client.post("/api/tables", json={"game": "jugula", "players": ["human", "human"]})
        assert made.status_code == 201, made.text
        table = made.json()
        seat = play_some(client, table["id"], [s["token"] for s in table["seats"]], 0)
    page = screens["laptop"]
    page.goto(f"{site.server.url}{table['seats'][seat]['join']}")
    expect(page.locator("#status")).to_have_text("Your decision.", timeout=TIMEOUT)
    chosen = page.locator("#board [data-select^=d]").first
    key = chosen.get_attribute("data-select")
    chosen.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-for') || ''")
    assert key in focused.split(), f"Tab went elsewhere than {key}'s squares: {focused!r}"
    before = int(page.locator("main").get_attribute("data-version") or 0)
    page.keyboard.press("Enter")
    if page.locator("#choice").is_visible():  # a facing to choose: its first, focused
        page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('main').dataset.version) > {before}",
        timeout=TIMEOUT,
    )
