"""One helper per account page for the browser tests, acting as a person does: registering
and signing in through their forms, the header's "Your turn (n)", "My games", the lobby's
seats for accounts, and a guest's seat at a table (his name asked once, "Keep this seat")."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .browser import TIMEOUT, LobbyPage

PASSWORD = "correct horse battery"  # at least 10 characters, as the server asks
YOUR_TURN = re.compile(r"^Your turn — ")


def register(page: Page, base: str, name: str, email: str = "", query: str = "") -> None:
    """Fill the register form at `/register` (with `query`, e.g. `?keep=...`) and wait to
    leave it (to `?next=`, or My games)."""
    page.goto(f"{base}/register{query}")
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.fill("#register-again", PASSWORD)
    if email:
        page.fill("#register-email", email)
    page.click("#register-button")
    page.wait_for_url(lambda url: "/register" not in url, timeout=TIMEOUT)


def sign_in(page: Page, base: str, name: str, password: str = PASSWORD, query: str = "") -> None:
    page.goto(f"{base}/signin{query}")
    page.fill("#signin-name", name)
    page.fill("#signin-password", password)
    page.click("#signin-button")


def signed_in_as(page: Page, name: str) -> None:
    """The header names the account (its link to the account page)."""
    expect(page.locator("#nav-account")).to_have_text(name, timeout=TIMEOUT)
    expect(page.locator("#nav-signin")).to_be_hidden()


class AccountLobby(LobbyPage):
    """The lobby signed in: a seat may be "me" or "account" with the account's name."""

    def open(self) -> AccountLobby:
        super().open()
        return self

    def create_for(
        self, seats: list[str], options: dict[str, Any] | None = None, seed: int | None = None
    ) -> None:
        """`seats`: "me", "account:<name>", "human" or a computer's kind."""
        page = self.page
        expect(page.locator("select[name=seat-0] option[value=me]")).to_have_count(
            1, timeout=TIMEOUT
        )
        expect(page.locator("#name-field")).to_be_hidden()  # the account's name is used
        page.fill("#count", str(len(seats)))
        page.dispatch_event("#count", "change")
        for n, seat in enumerate(seats):
            kind, _, name = seat.partition(":")
            page.select_option(f"select[name=seat-{n}]", kind)
            if name:
                page.fill(f"input[name=account-{n}]", name)
        for option, value in (options or {}).items():
            page.locator(f"[data-option={option}]").fill(str(value))
        if seed is not None:
            page.check("#practice")
            page.fill("#seed", str(seed))
        page.click("#create-button")


class MyGames:
    """`/me`: one line per table, the ones where it is my turn first."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base

    def open(self) -> MyGames:
        self.page.goto(f"{self.base}/me")
        expect(self.page.locator("#mygames-summary")).not_to_have_text("Loading…", timeout=TIMEOUT)
        return self

    def refresh_by_focus(self) -> None:
        """What the page does when its tab comes back to the front."""
        self.page.evaluate("window.dispatchEvent(new Event('focus'))")

    def line(self, table_id: str) -> Any:
        return self.page.locator(f'#mygames li[data-table="{table_id}"]')

    def expect_turn(self, table_id: str, mine: bool) -> None:
        self.refresh_by_focus()
        expect(self.line(table_id)).to_have_attribute(
            "data-your-turn", "yes" if mine else "no", timeout=TIMEOUT
        )
