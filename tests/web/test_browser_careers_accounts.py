"""A lost Careers link recovered by signing in (issue 44's "Done when"), in a real browser
(Debian's chromium through Playwright): Miller, a guest, founds Gallia with his ludus (its key
kept in his browser); Fred registers and founds his ludus on the campaign's page signed in (no
key shown: the ludus is his account's); Miller proposes their combat. Fred "loses" everything
(a new browser context, no storage), opens the campaign's page, follows its "sign in" link,
and comes back to "Your ludus: Fred": he accepts the combat and answers his ludus's question
on the combat's page, no key in his browser, while Miller's page shows only that Fred is
asked."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, expect

from .accounts_pages import PASSWORD, register, signed_in_as
from .browser import CHROMIUM, TIMEOUT
from .careers_pages import CampaignPage, CareersPage, CombatPage, fill_ludus
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]
STORED = "localStorage.getItem('colosseum.careers.Gallia')"


def test_a_lanista_who_lost_his_link_signs_in_and_carries_on(
    browser: Browser, server: LiveServer
) -> None:
    miller = browser.new_context().new_page()
    campaign, keys = (
        CareersPage(miller, server.url)
        .open()
        .found("Gallia", "Miller", ["Varro", "Agron", "Nasir", "Saxa"], "unctor")
    )
    assert set(keys) == {"organiser", "lanista"}

    first = browser.new_context()
    fred = first.new_page()
    register(fred, server.url, "fred")
    fred.goto(f"{server.url}/careers/Gallia")
    fill_ludus(
        fred, "#found-ludus", "Fred", ["Crixus", "Spartacus", "Oenomaus", "Gannicus"], "medicus"
    )
    fred.click("#found-button")
    expect(fred.locator("#yours")).to_contain_text("Your ludus: Fred", timeout=TIMEOUT)
    assert fred.evaluate(STORED) is None  # no key to keep: the ludus is the account's
    expect(fred.locator('.sheet[data-lanista="Fred"] [data-field=owner]')).to_have_text("fred")
    expect(fred.locator("#standings")).to_contain_text("fred")
    first.close()  # the link, the tab, the browser's storage: all gone

    miller.reload()
    campaign.propose({"Miller": "human", "Fred": "human"})
    expect(miller.locator("#proposals li")).to_contain_text("waiting for Fred to accept")

    again = browser.new_context().new_page()
    again.goto(f"{server.url}/careers/Gallia")
    expect(again.locator("#proposals li")).to_contain_text("waiting for Fred")
    assert again.locator("#proposals button.accept").count() == 0
    again.click("#signin-here")
    again.fill("#signin-name", "fred")
    again.fill("#signin-password", PASSWORD)
    again.click("#signin-button")
    again.wait_for_url(f"{server.url}/careers/Gallia", timeout=TIMEOUT)
    signed_in_as(again, "fred")
    expect(again.locator("#yours")).to_contain_text("Your ludus: Fred")
    assert again.evaluate(STORED) is None
    page = CampaignPage(again).accept("Fred").wait_ready()
    expect(again.locator("#you")).to_have_text("You are Fred.", timeout=TIMEOUT)
    miller.goto(again.url)
    mine = CombatPage(miller).wait_ready()
    for _ in range(200):  # Miller, first on the sheets, is asked first: he answers his own
        if page.question_kind() is not None:
            break
        if mine.question_kind() is not None:
            mine.answer()
        again.wait_for_timeout(150)
    assert page.question_kind() == "servitor_hires"
    expect(miller.locator("#status")).to_contain_text("Waiting for Fred", timeout=TIMEOUT)
    assert mine.question_kind() is None
    assert page.answer() == "servitor_hires"
    expect(again.locator("#question")).to_have_attribute("data-kind", "hires", timeout=TIMEOUT)
    assert again.evaluate(STORED) is None  # acted by the sign-in alone
