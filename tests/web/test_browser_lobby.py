"""The lobby in a real browser (Debian's chromium through Playwright; issue 46, "a lobby that
keeps up"): the list follows new tables without Refresh, filters by game and status kept in
the address, copy buttons for the links, the invitation panel in view and focused after
creating (laptop and phone), fixed choices as selects, suggested values as a select with
"other…" for the text, ranges as number fields, and option help that stays in its panel."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, Route, expect

from .browser import CHROMIUM, TIMEOUT, LobbyPage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


SERIOUS = {"serious", "critical"}


def in_view(page: Page, selector: str) -> None:
    """The element starts inside the window (its first 200 px, or all of it, shown) and
    fits its width."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + min(box["height"], 200) <= size["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box


def test_the_lobby_keeps_up_filters_and_copies(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()

    def with_choices(route: Route) -> None:  # a game whose option has fixed choices
        response = route.fetch()
        entries: list[dict[str, Any]] = response.json()
        for entry in entries:
            for option in entry["options"]:
                if option["name"] == "gladiators":
                    option["choices"] = ["drawn", "1,2"]
        route.fulfill(response=response, body=json.dumps(entries))

    page.route("**/api/games", with_choices)
    lobby = LobbyPage(page, server.url).open()
    expect(page.locator("#lobby-status")).to_have_text("live", timeout=TIMEOUT)

    # Fixed choices as a select, a range as a number field, long help within its panel.
    assert page.locator("[data-option=gladiators]").evaluate("e => e.tagName") == "SELECT"
    number = page.locator("[data-option=round_limit]")
    assert number.get_attribute("type") == "number" and number.get_attribute("min") == "0"
    page.select_option("#game", "jugula")
    help_box = page.locator("details.option-help", has_text="familiae")
    help_box.locator("summary").click()
    panel = page.locator("#options").bounding_box()
    shown = help_box.bounding_box()
    assert panel is not None and shown is not None
    assert shown["x"] + shown["width"] <= panel["x"] + panel["width"] + 1
    overflow = "e => e.scrollWidth <= e.clientWidth"
    assert page.locator("#options").evaluate(overflow)

    # A table made elsewhere shows without Refresh.
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": "jugula", "players": ["human", "heuristic"]}
    )
    assert made.status_code == 201, made.text
    rows = page.locator("#tables tbody tr")
    expect(rows).to_have_count(1, timeout=TIMEOUT)

    # Creating: the invitation panel in view and focused; its copy button copies.
    lobby.create(["human", "human"], name="Ann")
    links = lobby.invitations()
    in_view(page, "#invites")
    assert page.evaluate("document.activeElement.id") == "invites-title"
    page.locator("#invite-list button.copy").first.click()
    expect(page.locator("#invite-list .copied").first).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == links[0]
    expect(rows).to_have_count(2, timeout=TIMEOUT)
    serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
    assert not serious, serious  # with the invitations, the copy notes and the help open

    # Filters narrow the list and stay in the address through a reload.
    page.select_option("#filter-game", "jugula")
    expect(rows).to_have_count(1)
    assert rows.first.get_attribute("data-game") == "jugula"
    page.select_option("#filter-status", "playing")
    expect(rows).to_have_count(0)
    expect(page.locator("#no-tables")).to_have_text("No table matches these filters.")
    assert "game=jugula" in page.url and "status=playing" in page.url
    page.select_option("#filter-status", "open")
    page.reload()
    expect(page.locator("#filter-game")).to_have_value("jugula", timeout=TIMEOUT)
    expect(page.locator("#filter-status")).to_have_value("open")
    expect(rows).to_have_count(1, timeout=TIMEOUT)
    context.close()


def test_the_invitations_in_view_on_a_phone(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    lobby = LobbyPage(page, server.url).open()
    lobby.create(["human", "human", "heuristic"], name="Ann")
    lobby.invitations()
    in_view(page, "#invites")
    assert page.evaluate("document.activeElement.id") == "invites-title"
    # Without the Clipboard API's permission the copy still works or says how.
    page.locator("#invites .link-row button.copy").last.click()
    expect(page.locator("#invites .copied").last).to_have_text(
        "Copied" if page.evaluate("document.queryCommandSupported('copy')") else "Selected"
    )
    context.close()


def test_suggested_values_or_other_text(browser: Browser, server: LiveServer) -> None:
    """Jugula's familiae: a select of dealt/chosen and "other…", which shows a named text
    field; the table is made with the value picked or the text written."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    written = "thraex,murmillo,veles,secutor/retiarius,scissor,hoplomachus,provocator"
    for pick, text in (("chosen", None), ("other…", written)):
        LobbyPage(page, server.url).open()
        page.select_option("#game", "jugula")
        page.fill("#count", "2")
        page.dispatch_event("#count", "change")
        page.select_option("select[name=seat-1]", "human")
        field = page.locator("[data-option=familiae]")
        other = page.get_by_role("textbox", name="familiae, written out")
        expect(field).to_have_value("dealt")
        expect(other).to_be_hidden()
        field.select_option(label=pick)
        if text is not None:
            expect(other).to_be_visible()
            expect(other).to_be_focused()
            assert other.get_attribute("aria-describedby") == "help-familiae"
            other.fill(text)
            violations = Axe().run(page).response["violations"]
            serious = [v["id"] for v in violations if v["impact"] in SERIOUS]
            assert not serious, serious  # the select and its text field both named
        with page.expect_response(
            lambda r: r.request.method == "POST" and r.url.endswith("/api/tables")
        ) as made:
            page.click("#create-button")
        assert made.value.status == 201, made.value.text()
        table = made.value.json()["id"]
        summary = httpx.get(f"{server.url}/api/tables/{table}").json()
        assert summary["options"]["familiae"] == (text or pick), summary["options"]
    context.close()
