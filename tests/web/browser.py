"""Playwright against Debian's chromium (`executable_path`: Playwright's own browser download
cannot be reached here), and one helper per page, acting as a person does: filling the lobby's
form, clicking the board, reading the status line and the log."""

from __future__ import annotations

import random
import re
import shutil
from typing import Any

from playwright.sync_api import Browser, Page, expect

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 15_000  # ms


def launch(playwright: Any) -> Browser:
    browser: Browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    return browser


class LobbyPage:
    """The lobby at `/`: the new-table form and the list of tables."""

    def __init__(self, page: Page, base: str) -> None:
        self.page = page
        self.base = base

    def open(self) -> LobbyPage:
        self.page.goto(f"{self.base}/")
        expect(self.page.locator("#game option")).not_to_have_count(0, timeout=TIMEOUT)
        return self

    def create(
        self,
        seats: list[str],
        name: str = "",
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        hints: bool = False,
        game: str = "ludus-gladiatorius",
    ) -> None:
        page = self.page
        page.select_option("#game", game)
        page.fill("#count", str(len(seats)))
        page.dispatch_event("#count", "change")
        for seat, kind in enumerate(seats):
            page.select_option(f"select[name=seat-{seat}]", kind)
        page.fill("#name", name)
        for option, value in (options or {}).items():
            field = page.locator(f"[data-option={option}]")
            if isinstance(value, bool):
                field.set_checked(value)
            else:
                field.fill(str(value))
        if seed is not None:
            page.check("#practice")
            page.fill("#seed", str(seed))
        page.locator("#hints").set_checked(hints)
        page.click("#create-button")

    def invitations(self) -> list[str]:
        """The links for the other human seats, once a table with several humans is made."""
        expect(self.page.locator("#invites")).to_be_visible(timeout=TIMEOUT)
        return [field.input_value() for field in self.page.locator("#invite-list input").all()]

    def go_to_table(self) -> None:
        self.page.click("#go-table")

    def listed_table_rows(self) -> list[str]:
        self.page.click("#refresh")
        return self.page.locator("#tables tbody tr").all_inner_texts()


class TablePage:
    """A table at `/tables/{id}`: the board, the actions, the status and the log."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.main = page.locator("main")

    def wait_ready(self) -> TablePage:
        expect(self.main).to_have_attribute("data-version", re.compile(r"\d+"), timeout=TIMEOUT)
        return self

    @property
    def version(self) -> int:
        return int(self.main.get_attribute("data-version") or -1)

    @property
    def current(self) -> str:
        return self.main.get_attribute("data-current") or ""

    def status(self) -> str:
        return self.page.inner_text("#status")

    def finished(self) -> bool:
        return self.status().startswith("Game over")

    def my_turn(self) -> bool:
        return self.status() == "Your decision."

    def wait_my_turn_or_end(self, timeout: int = TIMEOUT) -> None:
        self.page.wait_for_function(
            "() => { const s = document.getElementById('status').textContent;"
            " return s === 'Your decision.' || s.startsWith('Game over'); }",
            timeout=timeout,
        )

    def board_actions(self) -> list[str]:
        return [
            a
            for a in self.page.locator("#board [data-action]").evaluate_all(
                "els => els.map(e => e.getAttribute('data-action'))"
            )
        ]

    def click_board(self, rng: random.Random) -> None:
        """Click an element of the board that stands for actions: an attack when there is
        one, else any; a small menu (several actions on one element) gets its first item."""
        actions = self.board_actions()
        assert actions, "no action on the board although it is this seat's decision"
        attacks = [a for a in actions if a.startswith("attack")]
        wanted = rng.choice(attacks or actions)
        before = self.version
        self.page.locator(f'#board [data-action="{wanted}"]').first.click()
        if "|" in wanted:
            self.page.locator("#choice button").first.click()
        self.page.wait_for_function(
            f"() => Number(document.querySelector('main').dataset.version) > {before}",
            timeout=TIMEOUT,
        )

    def click_visible(self, rng: random.Random) -> None:
        """Play by the board as a person does on a board with selections (data-select):
        click an action shown now, else first select something (a gladiator to deploy);
        a small menu (several actions on one element, a facing) gets a random item."""
        before = self.version
        self.page.mouse.move(0, 0)  # what shows is then what is selected, not only pointed at
        shown = self.page.locator("#board [data-action]:visible")
        if not shown.count():
            keys = self.page.locator("#board [data-action][data-for]").evaluate_all(
                "els => [...new Set(els.flatMap(e => e.getAttribute('data-for').split(' ')))]"
            )
            assert keys, "no action on the board, and nothing to select that leads to one"
            key = rng.choice(sorted(keys))
            chosen = self.page.locator(f'#board [data-select="{key}"]').first
            shown = self.page.locator(f'#board [data-action][data-for~="{key}"]:visible')
            for _ in range(2):  # a second click if the first unselected a remembered choice
                chosen.click()
                self.page.mouse.move(0, 0)  # what shows now is selected, not only pointed at
                if shown.count():
                    break
        assert shown.count(), "nothing to click on the board although it is this seat's decision"
        shown.nth(rng.randrange(shown.count())).click()
        menu = self.page.locator("#choice:visible button")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        self.page.wait_for_function(
            f"() => Number(document.querySelector('main').dataset.version) > {before}",
            timeout=TIMEOUT,
        )

    def log(self) -> list[str]:
        return self.page.locator("#log li").all_inner_texts()
