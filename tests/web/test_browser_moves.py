"""Moves you can follow, in a real browser (docs/web.md, "Moves you can follow"): after the
human acts at a Ludus table against a computer seat, the banner above the board tells the
computer's actions one at a time in the log's order, Skip (or Escape) shows them all at once,
the board is drawn once per version (the page counts its draws in `main[data-draws]`), and
with reduced motion the words are listed at once, nothing animates, and axe-core finds no
serious violation with the banner shown."""

from __future__ import annotations

import itertools
import time
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

SERIOUS = {"serious", "critical"}
MAX_TURNS = 40  # the human's turns tried before giving up on a telling of several actions

# Each banner line's action number and the page's time when it became visible.
WATCH_REVEALS = """() => {
  window.reveals = [];
  const seen = new WeakSet();
  const note = (item) => {
    if (item.tagName !== "LI" || item.hidden || seen.has(item)) return;
    seen.add(item);
    window.reveals.push([Number(item.dataset.at), performance.now()]);
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "attributes") note(change.target);
      for (const item of change.addedNodes) note(item);
    }
  }).observe(document.getElementById("moves-list"), {
    subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"],
  });
}"""


def open_seat(browser: Browser, server: LiveServer, reduced: bool = False) -> tuple[Page, str]:
    body = {"game": "ludus", "players": ["human", "heuristic"], "names": ["Ann", "Cato"]}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.goto(f"{server.url}{created['seats'][0]['join']}")
    expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
    if page.locator("#name-skip").is_visible():
        page.click("#name-skip")
    page.evaluate(WATCH_REVEALS)
    return page, created["id"]


def settled(server: LiveServer, table: str) -> dict[str, Any]:
    """The table once no computer seat is to decide."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        summary: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table}").json()
        if summary["current"] != 1 or time.monotonic() > deadline:
            return summary
        time.sleep(0.05)


def act(page: Page, server: LiveServer, table: str) -> tuple[int, int, int]:
    """The human plays its first action; the versions and draws before, and the version
    after the computer's answer (once the page shows it)."""
    expect(page.locator("main")).to_have_attribute("data-my-turn", "yes", timeout=TIMEOUT)
    version = int(page.get_attribute("main", "data-version") or 0)
    draws = int(page.get_attribute("main", "data-draws") or 0)
    page.evaluate("() => { window.reveals = []; }")
    page.locator("#actions button").first.click()
    shown = page.locator("main")
    expect(shown).not_to_have_attribute("data-version", str(version), timeout=TIMEOUT)
    after = settled(server, table)["version"]
    expect(page.locator("main")).to_have_attribute("data-version", str(after), timeout=TIMEOUT)
    return version, draws, after


def told(page: Page) -> list[str]:
    return page.locator("#moves-list li").evaluate_all("(items) => items.map((i) => i.dataset.at)")


def log_words(page: Page, numbers: list[str]) -> list[str]:
    """Each action's events as the log lists them, joined as the banner tells them."""
    return [
        " ".join(page.locator(f"#log li[data-at='{at}']").all_text_contents()) for at in numbers
    ]


def test_the_computers_actions_are_told_one_by_one_and_skipped(
    browser: Browser, server: LiveServer
) -> None:
    page, table = open_seat(browser, server)
    # the socket may be live before its first state is drawn: wait for that one drawing
    expect(page.locator("main")).to_have_attribute("data-draws", "1", timeout=TIMEOUT)
    watched = skipped = escaped = False
    for _ in range(MAX_TURNS):
        if watched and skipped and escaped:
            break
        version, draws, after = act(page, server, table)
        assert int(page.get_attribute("main", "data-draws") or 0) - draws == after - version, (
            "one draw per version"
        )
        numbers = told(page)
        mine = str(version + 1)
        assert mine not in numbers  # the human's own action is not told back
        if after - version > 1:
            assert numbers, "the computer's actions are told"
        if len(numbers) < 2:
            continue
        banner = page.locator("#moves")
        if not watched:
            expect(banner).to_have_attribute("data-state", "done", timeout=TIMEOUT)
            reveals = page.evaluate("() => window.reveals")
            assert [str(at) for at, _ in reveals] == numbers  # in order, each once
            gaps = [b[1] - a[1] for a, b in itertools.pairwise(reveals)]
            assert all(gap > 500 for gap in gaps), gaps  # one at a time
            assert page.locator("#moves-list li").all_text_contents() == log_words(page, numbers)
            assert page.locator(".board .move-changed").count() > 0  # what changed is marked
            expect(page.locator("#moves-skip")).to_be_hidden()
            watched = True
            continue
        if banner.get_attribute("data-state") != "playing":
            continue  # told already: try another turn
        if not skipped:
            page.click("#moves-skip")
            skipped = True
        else:
            page.keyboard.press("Escape")
            escaped = True
        expect(banner).to_have_attribute("data-state", "done")
        expect(page.locator("#moves-list li:not([hidden])")).to_have_count(len(numbers))
        expect(page.locator("#moves-skip")).to_be_hidden()
    assert watched and skipped and escaped, "no turn with two computer actions to tell"


def test_reduced_motion_lists_the_words_at_once_without_animation(
    browser: Browser, server: LiveServer
) -> None:
    page, table = open_seat(browser, server, reduced=True)
    for _ in range(MAX_TURNS):
        version, draws, after = act(page, server, table)
        assert int(page.get_attribute("main", "data-draws") or 0) - draws == after - version
        numbers = told(page)
        if len(numbers) < 2:
            continue
        banner = page.locator("#moves")
        assert banner.get_attribute("data-motion") == "reduced"
        assert banner.get_attribute("data-state") == "done"
        expect(page.locator("#moves-skip")).to_be_hidden()
        assert page.locator("#moves-list li:not([hidden])").count() == len(numbers)
        assert page.locator("#moves-list li").all_text_contents() == log_words(page, numbers)
        moving = page.evaluate(
            "() => [...document.querySelectorAll('#moves, #moves *, .board .move-changed')]"
            ".filter((e) => e.getAnimations().length).length"
        )
        assert moving == 0
        serious = [v for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
        assert not serious, serious  # the banner shown keeps the page accessible
        return
    pytest.fail("no turn with two computer actions to tell")
