"""Clocks in a real browser (docs/web.md, "Clocks"): a live clock of one minute chosen in the
lobby, both seats' clocks on the table page, the deciding one counting down by the browser's
own time (Playwright's `page.clock`), the server's time moved forward through the file its
test server reads (tests/web/clock_server.py), the timeout shown once the clock reaches zero,
and an action afterwards refused (409) with the game said to be over. And an account holding
both seats of a table (hot seat): My games opens it as the seat whose turn it is."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from .accounts_pages import register
from .browser import CHROMIUM, TIMEOUT, LobbyPage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

CLOCK_SERVER = Path(__file__).with_name("clock_server.py")
MM_SS = re.compile(r"^\d+:\d\d$")


class ClockServer(LiveServer):
    """The test server whose tables' clock is the real time plus `offset` seconds."""

    def __init__(self, tmp_path: Path) -> None:
        self.offset_file = tmp_path / "offset"
        command = [sys.executable, str(CLOCK_SERVER), "--offset", str(self.offset_file)]
        super().__init__(
            f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log", command=command
        )

    def move_time(self, seconds: float) -> None:
        self.offset_file.write_text(str(seconds))


@pytest.fixture
def clock_server(tmp_path: Path) -> Iterator[ClockServer]:
    live = ClockServer(tmp_path)
    live.start()
    yield live
    live.stop()


def seat_page(browser: Browser, url: str) -> Page:
    """A new browser whose time the test moves (page.clock), at `url`, live."""
    page = browser.new_context().new_page()
    page.clock.install()
    page.goto(url)
    return page


def seconds_shown(page: Page, seat: int) -> int:
    return int(
        page.locator(f'#players .clock[data-seat="{seat}"]').get_attribute("data-seconds") or -1
    )


def test_a_live_clock_chosen_in_the_lobby_runs_out_in_the_browser(
    browser: Browser, clock_server: ClockServer
) -> None:
    base = clock_server.url
    ann = browser.new_context().new_page()
    ann.clock.install()
    lobby = LobbyPage(ann, base).open()
    ann.select_option("#clock", "live")
    expect(ann.locator("#clock-live")).to_be_visible()
    ann.select_option("#clock-minutes", "1")
    ann.select_option("#clock-increment", "0")
    lobby.create(["human", "human"], name="Ann")
    [link] = lobby.invitations()
    table = link.split("/tables/")[1].split("#")[0]
    summary = httpx.get(f"{base}/api/tables/{table}").json()
    assert summary["clock"] == {"kind": "live", "minutes": 1, "increment": 0}
    lobby.go_to_table()
    ben = seat_page(browser, link)
    pages = {0: ann, 1: ben}
    for page in pages.values():
        expect(page.locator("#connection")).to_have_text("live", timeout=TIMEOUT)
        if page.locator("#name-skip").is_visible():
            page.click("#name-skip")
        expect(page.locator("#time-control")).to_have_text(
            "Time control: 1 min + 0 s per move.", timeout=TIMEOUT
        )

    # The seat deciding first plays a move; both pages show both clocks.
    first = httpx.get(f"{base}/api/tables/{table}").json()["current"]
    mover = pages[first]
    expect(mover.locator("#status")).to_have_text("Your decision.", timeout=TIMEOUT)
    mover.locator("#actions button").first.click()
    for page in pages.values():
        expect(page.locator("main")).to_have_attribute("data-version", "1", timeout=TIMEOUT)
    deciding = httpx.get(f"{base}/api/tables/{table}").json()["current"]
    waiting_seat = 1 - deciding
    waiting, decider = pages[waiting_seat], pages[deciding]
    for page in pages.values():
        expect(page.locator("#players .clock")).to_have_count(2, timeout=TIMEOUT)
        running = page.locator(f'#players .clock.running[data-seat="{deciding}"]')
        expect(running).to_have_count(1)
        assert MM_SS.match(running.inner_text()), running.inner_text()
        expect(running).to_have_attribute("aria-label", re.compile("left.*running"))
        expect(page.locator(f'#players .clock[data-seat="{waiting_seat}"]')).not_to_have_class(
            re.compile("running")
        )

    # The deciding clock counts down by the browser's time, the other stands still.
    before = seconds_shown(waiting, deciding)
    assert 30 < before <= 60, before
    still = seconds_shown(waiting, waiting_seat)
    waiting.clock.run_for(10_000)
    assert seconds_shown(waiting, deciding) <= before - 9
    assert seconds_shown(waiting, waiting_seat) == still
    waiting.clock.run_for((before - 10 - 15) * 1000)  # about 15 s left: low time
    expect(waiting.locator(f'#players .clock[data-seat="{deciding}"]')).to_have_class(
        re.compile("low")
    )

    # Time runs out on the server and in the waiting seat's browser: at zero the page asks
    # the server again, which ends the table, and shows it.
    clock_server.move_time(90)
    waiting.clock.run_for(40_000)
    expect(waiting.locator("#status")).to_contain_text(
        f"(seat {deciding}) ran out of time. The game is over.", timeout=TIMEOUT
    )
    expect(waiting.locator(f'#players .clock[data-seat="{deciding}"]')).to_have_text("0:00")
    ended = httpx.get(f"{base}/api/tables/{table}").json()
    assert ended["status"] == "over"
    assert ended["outcome"]["kind"] == "timeout" and ended["outcome"]["seat"] == deciding
    assert ended["winners"] == [waiting_seat]

    # The late seat's page, not yet told, still offers its actions: one is refused (409)
    # and the page says the game is over (in the refusal's words, or in those of the
    # timeout's push, held while the action was on its way and told after it).
    expect(decider.locator("#status")).to_have_text("Your decision.")
    with decider.expect_response(lambda r: r.url.endswith("/actions")) as answer:
        decider.locator("#actions button").first.click()
    assert answer.value.status == 409
    expect(decider.locator("#message")).to_contain_text("the game is over", timeout=TIMEOUT)
    expect(decider.locator("#status")).to_contain_text("ran out of time", timeout=TIMEOUT)
    expect(decider.locator("#actions button")).to_have_count(0)


def test_my_games_opens_a_hot_seat_as_the_seat_whose_turn_it_is(
    browser: Browser, server: LiveServer
) -> None:
    page = browser.new_context().new_page()
    register(page, server.url, "solo")
    made = page.request.post(
        f"{server.url}/api/tables",
        data={"game": "ludus-gladiatorius", "players": [{"kind": "me"}, {"kind": "me"}]},
        headers={"Origin": server.url},
    )
    assert made.status == 201, made.text()
    table = made.json()["id"]
    deciding = page.request.get(f"{server.url}/api/tables/{table}").json()["current"]
    page.goto(f"{server.url}/me")
    link = page.locator(f'#mygames li[data-table="{table}"] a')
    expect(link).to_have_attribute("href", f"/tables/{table}?seat={deciding}", timeout=TIMEOUT)
    link.click()
    expect(page.locator("#you")).to_have_text(f"You play seat {deciding}.", timeout=TIMEOUT)
    expect(page.locator("#status")).to_have_text("Your decision.")
    page.locator("#actions button").first.click()
    expect(page.locator("main")).to_have_attribute("data-version", "1", timeout=TIMEOUT)
