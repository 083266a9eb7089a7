"""A long campaign's page in a real browser (Debian's chromium through Playwright): its
newest events first, "Older events" followed link by link down to the campaign's first event,
the gazette's seasons (a calendar month each) followed to the oldest, down to its first news;
no script needed for the history, and axe-core finds no serious or critical violation on the page,
on a laptop and on a phone, nor anything wider than the screen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from colosseum.store import Store
from tests.careers.long import long_campaign

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]
SIZE = 260  # events: six pages of 50
MONTHS = ["2026-01", "2026-02", "2026-04"]
SCREENS = {"laptop": (1366, 768), "phone": (390, 844)}
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def long_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("long")
    url = f"sqlite:///{folder / 'web.db'}"
    long_campaign(Store(url), "Long Gallia", SIZE, MONTHS)
    live = LiveServer(url, folder / "server.log").start()
    yield live
    live.stop()


def shown(page: Page) -> list[int]:
    """The event numbers of the history table, in the order shown."""
    cells = page.locator("#history tbody tr td:first-child").all_inner_texts()
    return [int(cell) for cell in cells]


@pytest.mark.parametrize("scripts", [True, False], ids=["with scripts", "without scripts"])
def test_older_events_link_by_link_to_the_first(
    browser: Browser, long_server: LiveServer, scripts: bool
) -> None:
    context = browser.new_context(java_script_enabled=scripts)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{long_server.url}/careers/Long%20Gallia")
    expect(page.locator("#history-shown")).to_have_text(
        f"Events #{SIZE - 49} to #{SIZE} of {SIZE}, newest first."
    )
    seen, pages = shown(page), 1
    while page.locator("#older-events").count():
        page.locator("#older-events").click()
        expect(page.locator("#newest-events")).to_be_visible()
        seen += shown(page)
        pages += 1
    assert seen == list(range(SIZE, 0, -1)) and pages == 6
    expect(page.locator("#first-page")).to_be_visible()
    expect(page.locator("#history tbody")).to_contain_text("ludus_created")
    page.locator("#newest-events").click()
    assert shown(page)[0] == SIZE
    context.close()


def test_the_gazette_season_by_season(browser: Browser, long_server: LiveServer) -> None:
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{long_server.url}/careers/Long%20Gallia")
    expect(page.locator("#season-title")).to_have_text("Season 2026-04")
    seasons = page.locator("nav.seasons a").all_inner_texts()
    assert seasons == ["2026-04", "2026-03", "2026-02", "2026-01"]
    expect(page.locator("nav.seasons a[aria-current=page]")).to_have_text("2026-04")
    page.locator("nav.seasons a", has_text="2026-03").click()
    expect(page.locator("#season-title")).to_have_text("Season 2026-03")
    expect(page.locator("#gazette-title ~ p").first).to_have_text("No news this season.")
    page.locator("nav.seasons a", has_text="2026-01").click()
    expect(page.locator("#season-title")).to_have_text("Season 2026-01")
    told = page.locator("#gazette li").all_inner_texts()
    while page.locator("#older-news").count():
        page.locator("#older-news").click()
        told += page.locator("#gazette li").all_inner_texts()
    # the season's oldest news last: the two ludi opened, Miller's after Fred's
    assert told[-2].endswith("Miller opens a ludus with four Tiro.")
    assert told[-1].endswith("Fred opens a ludus with four Tiro.")
    assert all(line.startswith("2026-01") for line in told)
    page.close()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_paged_campaign_page_is_accessible(
    browser: Browser, long_server: LiveServer, screen: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    width, height = SCREENS[screen]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(
        f"{long_server.url}/careers/Long%20Gallia?before=100&season=2026-01&gazette_before=40"
    )
    expect(page.locator("#newest-news")).to_be_attached()  # every paging link on the page
    expect(page.locator("#older-events")).to_be_attached()
    page.wait_for_load_state("networkidle")
    violations = Axe().run(page).response["violations"]
    serious = [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in SERIOUS]
    assert not serious, serious
    wide = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert wide, f"the page is wider than the {screen}"
    page.close()
