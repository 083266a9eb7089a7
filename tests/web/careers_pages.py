"""One helper per careers page for the browser tests, acting as a person does: the careers
list and its new-campaign form (the keys it shows once), a campaign's page (its record sheets,
the forms to found a ludus and propose a combat, the proposals to accept), and a combat's page
(the question asked of this lanista, answered through its form; the way to his seat in the
arena; the commitment to its seed, and the seed once it has ended)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from .browser import TIMEOUT

ARMATURAE = ["thraex", "murmillo", "veles", "secutor"]


def fill_ludus(page: Page, form: str, lanista: str, names: list[str], servitor: str) -> None:
    page.fill(f"{form} [name=ludus-lanista]", lanista)
    for n, (name, armatura) in enumerate(zip(names, ARMATURAE, strict=True)):
        page.fill(f"{form} [name=ludus-name-{n}]", name)
        page.select_option(f"{form} [name=ludus-armatura-{n}]", armatura)
    page.select_option(f"{form} [name=ludus-servitor]", servitor)


class CareersPage:
    """`/careers`: the campaigns and the form that founds one."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base

    def open(self) -> CareersPage:
        self.page.goto(f"{self.base}/careers")
        expect(self.page.locator("#new-campaign")).to_be_visible(timeout=TIMEOUT)
        return self

    def found(
        self, name: str, lanista: str, names: list[str], servitor: str
    ) -> tuple[CampaignPage, dict[str, str]]:
        """A new campaign with this lanista's ludus; the campaign's page it leads to, and the
        key links shown once on the way (by role: organiser, lanista)."""
        self.page.fill("#new-campaign [name=name]", name)
        fill_ludus(self.page, "#new-campaign", lanista, names, servitor)
        self.page.click("#create-campaign")
        expect(self.page.locator("#founded")).to_be_visible(timeout=TIMEOUT)
        items = self.page.locator("#keys li")
        keys = {
            str(items.nth(k).get_attribute("data-role")): items.nth(k)
            .locator("input")
            .input_value()
            for k in range(items.count())
        }
        self.page.click("#to-campaign")
        expect(self.page.locator("main.campaign")).to_be_visible(timeout=TIMEOUT)
        return CampaignPage(self.page), keys


class CampaignPage:
    """`/careers/{name}`: record sheets, standings, history, the forms."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def found_ludus(self, lanista: str, names: list[str], servitor: str) -> str:
        """Found this lanista's ludus; the key link shown once."""
        fill_ludus(self.page, "#found-ludus", lanista, names, servitor)
        self.page.click("#found-button")
        expect(self.page.locator("#ludus-founded")).to_be_visible(timeout=TIMEOUT)
        link = self.page.locator("#ludus-key input").input_value()
        self.page.click("#show-campaign")
        expect(self.sheet_locator(lanista)).to_be_visible(timeout=TIMEOUT)
        return link

    def held(self) -> str:
        """What the page says of the keys this browser holds."""
        return self.page.inner_text("#held")

    def sheet_locator(self, lanista: str) -> Any:
        return self.page.locator(f'.sheet[data-lanista="{lanista}"]')

    def sheet(self, lanista: str) -> dict[str, Any]:
        """A record sheet as the page shows it: Glory, aurei, each gladiator's experience
        and state."""
        sheet = self.sheet_locator(lanista)
        rows = sheet.locator("tr[data-gladiator]")
        return {
            "glory": int(sheet.locator("[data-field=glory]").inner_text()),
            "aurei": int(sheet.locator("[data-field=aurei]").inner_text()),
            "gladiators": {
                rows.nth(k).get_attribute("data-gladiator"): (
                    int(rows.nth(k).locator("[data-field=experience]").inner_text()),
                    rows.nth(k).locator("[data-field=state]").inner_text(),
                )
                for k in range(rows.count())
            },
        }

    def propose(self, players: dict[str, str], turn_limit: int = 0) -> None:
        """Tick the lanistae, say who plays each, propose; the proposal is then listed."""
        for lanista, kind in players.items():
            row = self.page.locator(f'#start-combat .row[data-lanista="{lanista}"]')
            row.locator("input[name=lanista]").check()
            row.locator("select[name=player]").select_option(kind)
        self.page.fill("#start-combat [name=turn_limit]", str(turn_limit))
        self.page.click("#start-button")
        expect(self.page.locator("#proposals li[data-proposal]")).to_have_count(1, timeout=TIMEOUT)

    def accept(self, lanista: str) -> CombatPage:
        """Accept the proposal waiting for `lanista`, with his key held here; the combat's
        page it leads to once the combat begins."""
        self.page.click(f'#proposals button.accept[data-lanista="{lanista}"]')
        expect(self.page.locator("main.combat")).to_be_visible(timeout=TIMEOUT)
        return CombatPage(self.page)

    def follow(self) -> CombatPage:
        """The first combat in progress, followed from the campaign's page."""
        self.page.click("#combats li a:text('follow it')")
        expect(self.page.locator("main.combat")).to_be_visible(timeout=TIMEOUT)
        return CombatPage(self.page)


class CombatPage:
    """`/careers/{name}/combats/{n}` at a lanista's link: his questions, his seat."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.main = page.locator("main")

    def wait_ready(self) -> CombatPage:
        expect(self.main).to_have_attribute("data-version", re.compile(r"\d+"), timeout=TIMEOUT)
        return self

    @property
    def phase(self) -> str:
        return self.main.get_attribute("data-phase") or ""

    def status(self) -> str:
        return self.page.inner_text("#status")

    def question_kind(self) -> str | None:
        """The kind of the question shown to this lanista, if one is."""
        if self.page.locator("#question-box").is_hidden():
            return None
        return self.page.locator("#question").get_attribute("data-kind")

    def answer(self) -> str:
        """Answer the question shown with its form as it stands (nothing ticked: the
        default); its kind. Waits until the page moves on from it."""
        form = self.page.locator("#question")
        kind = str(form.get_attribute("data-kind"))
        asked = form.get_attribute("data-question")
        self.page.click("#answer-button")
        self.page.wait_for_function(
            "(asked) => { const box = document.getElementById('question-box');"
            " const form = document.getElementById('question');"
            " return box.hidden || form.dataset.question !== asked; }",
            arg=asked,
            timeout=TIMEOUT,
        )
        return kind

    def go_to_arena(self) -> None:
        expect(self.page.locator("#arena-link")).to_be_visible(timeout=TIMEOUT)
        self.page.click("#table-link")
        expect(self.page.locator("main.table")).to_be_visible(timeout=TIMEOUT)
