"""Issue 43, finding 11, in a real browser: a page of another origin (another port of this
machine) framed a table page and played as its seat. With frame-ancestors 'none' and
X-Frame-Options DENY the browser refuses to show the table inside the frame, so the framing
page can neither see the board nor click it; the same address opened directly still plays."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A plain web server on another port: another origin, as an attacker's page would be."""
    handler = partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    other = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=other.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://127.0.0.1:{other.server_address[1]}"
    other.shutdown()


def test_finding_11_a_table_page_cannot_be_framed_by_another_origin(
    browser: Browser, server: LiveServer, elsewhere: tuple[Path, str]
) -> None:
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "ludus-gladiatorius", "players": ["human", "random"]},
    ).json()
    seat = f"{server.url}{created['seats'][0]['join']}"
    folder, origin = elsewhere
    (folder / "frame.html").write_text(
        f'<!doctype html><title>x</title><iframe id="victim" src="{seat}"'
        ' width="1200" height="800"></iframe>'
    )
    page = browser.new_page()
    try:
        page.goto(f"{origin}/frame.html")
        page.wait_for_timeout(1500)  # time for the frame to load, were it allowed
        framed = [f for f in page.frames if f != page.main_frame]
        assert framed, "the iframe is missing"
        for frame in framed:
            assert frame.locator("svg [data-action]").count() == 0, frame.url
            assert frame.locator("#board").count() == 0, frame.url
        page.goto(seat)  # the same link, opened as a top-level page, plays as usual
        expect(page.locator("svg [data-action]").first).to_be_visible(timeout=TIMEOUT)
    finally:
        page.close()
