"""Accounts in a real browser (Debian's chromium through Playwright), as people use them
(issue 44): two accounts register in two browsers, one invites the other by name and both
play a whole game, "My games", the header and the page title following the turn; a guest
opens an invitation link, names himself, registers and keeps his seat; the account page;
the Notification API asked only on a click, and used only while the tab is hidden."""

from __future__ import annotations

import random
import re

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, Page, expect

from .accounts_pages import (
    PASSWORD,
    YOUR_TURN,
    AccountLobby,
    MyGames,
    register,
    sign_in,
    signed_in_as,
)
from .browser import CHROMIUM, TIMEOUT, TablePage
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


def table_of(page: Page) -> str:
    return page.locator("main").get_attribute("data-table") or ""


def same_version(tables: list[TablePage]) -> None:
    """Wait until every page shows the latest version any of them shows."""
    latest = max(table.version for table in tables)
    for table in tables:
        table.page.wait_for_function(
            f"() => Number(document.querySelector('main').dataset.version) >= {latest}",
            timeout=TIMEOUT,
        )


def expect_turn_shown(mover: Page, other: Page) -> None:
    """The page of the seat to move says so in its title, favicon and header; the other's
    does not."""
    expect(mover).to_have_title(YOUR_TURN, timeout=TIMEOUT)
    expect(mover.locator("#favicon")).to_have_attribute("data-badge", "turn")
    expect(mover.locator("#nav-turns")).to_have_text("Your turn (1)", timeout=TIMEOUT)
    expect(other).not_to_have_title(YOUR_TURN, timeout=TIMEOUT)
    expect(other.locator("#favicon")).to_have_attribute("data-badge", "")
    expect(other.locator("#nav-turns")).to_be_hidden(timeout=TIMEOUT)


def test_two_accounts_one_invites_the_other_by_name_and_both_play_to_the_end(
    browser: Browser, server: LiveServer
) -> None:
    """Alice and Bob register in two browsers; Alice creates a table with her seat and one
    kept for Bob by his name; Bob finds it in My games and opens it without any link; they
    play a whole (short) Ludus game. At each of the first decisions the page of the seat to
    move, and only it, says "Your turn" (title, favicon, header), and each one's My games
    marks the table as his turn or not; at the end nobody's."""
    contexts = [browser.new_context(), browser.new_context()]
    alice, bob = (context.new_page() for context in contexts)
    register(alice, server.url, "alice")
    register(bob, server.url, "bob")
    signed_in_as(alice, "alice")
    signed_in_as(bob, "bob")

    lobby = AccountLobby(alice, server.url).open()
    lobby.create_for(["me", "account:bob"], options={"round_limit": 1}, seed=4)
    expect(alice.locator("#reserved-list")).to_contain_text("kept for bob", timeout=TIMEOUT)
    lobby.go_to_table()
    alice.wait_for_url("**/tables/*")
    table_id = table_of(alice)
    assert "#token" not in alice.url

    games = MyGames(bob.context.new_page(), server.url).open()
    expect(games.line(table_id)).to_be_visible(timeout=TIMEOUT)
    expect(games.line(table_id)).to_contain_text("alice")
    games.line(table_id).locator("a").click()
    bob.close()
    bob = games.page
    bob.wait_for_url(f"**/tables/{table_id}")
    tables = [TablePage(alice).wait_ready(), TablePage(bob).wait_ready()]
    expect(alice.locator("#you")).to_have_text("You play seat 0.")
    expect(bob.locator("#you")).to_have_text("You play seat 1.")
    pages = [alice, bob]
    watch = [MyGames(context.new_page(), server.url).open() for context in contexts]

    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        same_version(tables)
        if tables[0].finished():
            break
        mover = int(tables[0].current)
        expect(tables[mover].page.locator("#status")).to_have_text(
            "Your decision.", timeout=TIMEOUT
        )
        if checked < 4:  # the turn shown everywhere, at the first decisions of each seat
            expect_turn_shown(pages[mover], pages[1 - mover])
            watch[mover].expect_turn(table_id, mine=True)
            watch[1 - mover].expect_turn(table_id, mine=False)
            checked += 1
        tables[mover].click_board(rng)
    else:
        raise AssertionError("no end after 3000 clicks")
    assert checked == 4, "the game ended before both seats had moved twice"
    for page, games_page in zip(pages, watch, strict=True):
        expect(page.locator("#status")).to_contain_text("Game over", timeout=TIMEOUT)
        expect(page).not_to_have_title(YOUR_TURN)
        expect(page.locator("#favicon")).to_have_attribute("data-badge", "")
        games_page.expect_turn(table_id, mine=False)
    for context in contexts:
        context.close()


def test_a_guest_opens_a_link_names_himself_registers_and_keeps_the_seat(
    browser: Browser, server: LiveServer
) -> None:
    """Alice invites a guest by link. The guest is asked his name once (not again on
    reloading), the others see it; "Keep this seat: register or sign in" takes him to
    register and back; the seat is then his account's: found without the link's token, in
    My games, and from another browser where he signs in."""
    host = browser.new_context()
    alice = host.new_page()
    register(alice, server.url, "alice")
    lobby = AccountLobby(alice, server.url).open()
    lobby.create_for(["me", "human"], options={"round_limit": 1}, seed=9)
    [link] = lobby.invitations()
    lobby.go_to_table()
    alice.wait_for_url("**/tables/*")
    table_id = table_of(alice)

    visitor = browser.new_context()
    guest = visitor.new_page()
    guest.goto(link)
    TablePage(guest).wait_ready()
    expect(guest.locator("#name-ask")).to_be_visible(timeout=TIMEOUT)
    expect(alice.locator("#name-ask")).to_be_hidden()  # the creator named himself
    guest.fill("#guest-name", "Gaius")
    guest.click("#name-confirm")
    expect(guest.locator("#name-ask")).to_be_hidden()
    expect(alice.locator("#players")).to_contain_text("Gaius", timeout=TIMEOUT)
    guest.goto(link)
    TablePage(guest).wait_ready()
    expect(guest.locator("#you")).to_have_text("You play seat 1.")
    expect(guest.locator("#players")).to_contain_text("Gaius")
    expect(guest.locator("#name-ask")).to_be_hidden()  # asked once

    keep = guest.locator("#keep-link")
    expect(keep).to_have_text("Keep this seat: register or sign in")
    keep.click()
    guest.wait_for_url(re.compile(r"/register\?"))
    expect(guest.locator("#keep-note")).to_be_visible()
    register(guest, server.url, "gaius", query=guest.url.split("/register", 1)[1])
    guest.wait_for_url(f"**/tables/{table_id}")
    TablePage(guest).wait_ready()
    expect(guest.locator("#you")).to_have_text("You play seat 1.", timeout=TIMEOUT)
    expect(guest.locator("#keep-seat")).to_be_hidden(timeout=TIMEOUT)
    assert guest.evaluate(f"localStorage.getItem('colosseum.token.{table_id}')") is None
    games = MyGames(visitor.new_page(), server.url).open()
    expect(games.line(table_id)).to_be_visible(timeout=TIMEOUT)

    elsewhere = browser.new_context()  # another browser: no token, only the account
    other = elsewhere.new_page()
    sign_in(other, server.url, "gaius", query=f"?next=/tables/{table_id}")
    other.wait_for_url(f"**/tables/{table_id}")
    TablePage(other).wait_ready()
    expect(other.locator("#you")).to_have_text("You play seat 1.", timeout=TIMEOUT)
    for context in (host, visitor, elsewhere):
        context.close()


TO_SIGN_IN = re.compile(r"/signin\?next=%2Faccount$")


def test_account_page_email_sign_out_everywhere_and_delete(
    browser: Browser, server: LiveServer
) -> None:
    """Signed out, the account page sends to sign in and back. The email is saved and shown
    again; a wrong password is refused and changes nothing; "Sign out everywhere" ends the
    sign-in of another browser too; deleting takes the password and frees the name."""
    first, second = browser.new_context(), browser.new_context()
    page = first.new_page()
    register(page, server.url, "marcus", email="marcus@example.org")
    other = second.new_page()
    other.goto(f"{server.url}/account")
    other.wait_for_url(TO_SIGN_IN)
    sign_in(other, server.url, "marcus", password="not the password", query="?next=%2Faccount")
    expect(other.locator("#message")).to_have_text("wrong name or password", timeout=TIMEOUT)
    sign_in(other, server.url, "marcus", query="?next=%2Faccount")
    other.wait_for_url(re.compile(r"/account$"))
    expect(other.locator("#account-email")).to_have_value("marcus@example.org", timeout=TIMEOUT)

    page.goto(f"{server.url}/account")
    expect(page.locator("#account-name")).to_have_text("marcus", timeout=TIMEOUT)
    page.fill("#account-email", "m@example.org")
    page.set_checked("#account-notify", False)
    page.click("#email-save")
    expect(page.locator("#message")).to_have_text("Saved.", timeout=TIMEOUT)
    page.reload()
    expect(page.locator("#account-email")).to_have_value("m@example.org", timeout=TIMEOUT)
    expect(page.locator("#account-notify")).not_to_be_checked()

    page.click("#signout-everywhere")
    page.wait_for_url(f"{server.url}/")
    expect(page.locator("#nav-signin")).to_be_visible(timeout=TIMEOUT)
    other.reload()
    other.wait_for_url(TO_SIGN_IN)  # the other browser is signed out too

    sign_in(page, server.url, "marcus", query="?next=%2Faccount")
    page.wait_for_url(re.compile(r"/account$"))
    page.fill("#delete-password", "not the password")
    page.click("#delete-button")
    expect(page.locator("#message")).to_contain_text("nothing was deleted", timeout=TIMEOUT)
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-button")
    page.wait_for_url(f"{server.url}/")
    taken = httpx.post(f"{server.url}/api/accounts", json={"name": "marcus", "password": PASSWORD})
    assert taken.status_code == 201, "the name of a deleted account is free again"
    for context in (first, second):
        context.close()


def test_joining_from_the_lobby_asks_the_guests_name(browser: Browser, server: LiveServer) -> None:
    """A free seat taken from the lobby: the dialog asks the name the others will see."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "ludus", "players": ["human", "human"], "names": ["Ann", ""]},
    ).json()
    host = browser.new_page()
    host.goto(f"{server.url}{created['seats'][0]['join']}")
    TablePage(host).wait_ready()
    page = browser.new_page()
    page.goto(f"{server.url}/")
    join = page.locator("#tables button", has_text="Join seat 1")
    expect(join).to_have_count(1, timeout=TIMEOUT)
    join.click()
    expect(page.locator("#join-dialog")).to_be_visible()
    page.fill("#join-name", "Quintus")
    page.click("#join-confirm")
    page.wait_for_url(f"**/tables/{created['id']}")
    TablePage(page).wait_ready()
    expect(page.locator("#you")).to_have_text("You play seat 1.")
    expect(host.locator("#players")).to_contain_text("Quintus", timeout=TIMEOUT)
    page.close()
    host.close()


# A Notification API under the test's control: the permission asked is counted, each
# notification kept, and `document.hidden` set by the test (a headless tab is never hidden).
FAKE_NOTIFICATIONS = """
window.__asked = 0; window.__notes = []; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options.body }); }
  addEventListener() {}
  close() {}
}
FakeNotification.permission = "default";
FakeNotification.requestPermission = async () => {
  window.__asked += 1; FakeNotification.permission = "granted"; return "granted";
};
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
"""


def test_notifications_asked_on_a_click_only_and_shown_while_hidden(
    browser: Browser, server: LiveServer
) -> None:
    """A guest's table against a computer: loading the page asks no permission; "Notify me"
    asks it; while the tab is visible no notification comes; once hidden, the computer's
    move giving the decision back brings one, titled "Your turn — ..."."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "ludus", "players": ["human", "random"], "seed": 3, "practice": True},
    ).json()
    page = browser.new_page()
    page.add_init_script(FAKE_NOTIFICATIONS)
    page.goto(f"{server.url}{created['seats'][0]['join']}")
    table = TablePage(page).wait_ready()
    table.wait_my_turn_or_end()
    expect(page).to_have_title(YOUR_TURN)
    assert page.evaluate("window.__asked") == 0, "permission asked on load"
    expect(page.locator("#notify-me")).to_be_visible()
    page.click("#notify-me")
    expect(page.locator("#notify-me")).to_be_hidden()
    expect(page.locator("#notify-note")).to_contain_text("You will be notified")
    assert page.evaluate("window.__asked") == 1

    rng = random.Random(2)
    table.click_board(rng)  # visible: no notification even when the turn comes back
    table.wait_my_turn_or_end()
    assert page.evaluate("window.__notes") == []
    page.evaluate("window.__hidden = true")
    for _ in range(40):
        if table.finished() or page.evaluate("window.__notes.length"):
            break
        table.click_board(rng)
        table.wait_my_turn_or_end()
    notes = page.evaluate("window.__notes")
    assert notes, "no notification while the tab was hidden"
    assert re.match(YOUR_TURN, notes[0]["title"]), notes
    page.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_account_pages_fit_the_width(browser: Browser, server: LiveServer, width: int) -> None:
    """Sign in, register, My games, the account page, and a table opened by an invitation
    (its name line shown): nothing wider than the window."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "ludus", "players": ["human", "human"], "names": ["Ann", ""]},
    ).json()
    page.goto(f"{server.url}{created['seats'][1]['join']}")
    expect(page.locator("#name-ask")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "table"
    for path in ["/signin", "/register"]:
        page.goto(f"{server.url}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
    register(page, server.url, f"wide{width}", email="wide@example.org")
    for path in ["/me", "/account", "/"]:
        page.goto(f"{server.url}{path}")
        expect(page.locator("#nav-account")).to_be_visible(timeout=TIMEOUT)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
    context.close()
