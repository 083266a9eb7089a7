"""A passkey in a real browser (issue 44, "Done when"): Chromium's virtual authenticator
(WebAuthn through the DevTools protocol: CTAP2, built in, with resident keys and user
verification) stands for the device's screen lock. An account made through the API adds a
passkey on its account page, signs out, and signs in again on the sign-in page with the
passkey button alone, no name typed. The server is reached as localhost: WebAuthn takes a host
name as relying party, never an IP address."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]

PASSWORD = "correct horse battery"


def call(page: Page, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A fetch from the page (its cookie, its Origin): the status and the JSON answer."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const init = { method, headers: { Accept: "application/json" } };
            if (body !== null) {
                init.headers["Content-Type"] = "application/json";
                init.body = JSON.stringify(body);
            }
            const response = await fetch(path, init);
            const text = await response.text();
            return { status: response.status, json: text ? JSON.parse(text) : null };
        }""",
        [method, path, body],
    )


def test_a_passkey_added_on_the_account_page_signs_in_on_the_sign_in_page(
    browser: Browser, server: LiveServer
) -> None:
    base = f"http://localhost:{server.port}"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        devtools = context.new_cdp_session(page)
        devtools.send("WebAuthn.enable")
        authenticator = devtools.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                }
            },
        )["authenticatorId"]

        page.goto(f"{base}/")
        made = call(page, "POST", "/api/accounts", {"name": "Ann", "password": PASSWORD})
        assert made["status"] == 201, made

        page.goto(f"{base}/account")
        page.click("#passkey-add")
        expect(page.locator("#passkeys li")).to_have_count(1)
        held = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
        assert [c["isResidentCredential"] for c in held["credentials"]] == [True]
        listed = call(page, "GET", "/api/me/passkeys")
        assert listed["status"] == 200 and len(listed["json"]) == 1

        assert call(page, "DELETE", "/api/session")["status"] == 204
        assert call(page, "GET", "/api/me")["status"] == 401

        page.goto(f"{base}/signin")
        page.click("#passkey-signin")
        page.wait_for_url(f"{base}/me")
        me = call(page, "GET", "/api/me")
        assert me["status"] == 200 and me["json"]["name"] == "Ann"
        held = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
        assert held["credentials"][0]["signCount"] >= 1  # the passkey was used to sign in
    finally:
        context.close()
