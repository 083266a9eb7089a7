"""The small things of a page (issue 46): the icon at /favicon.ico and linked from every page,
the HTML error page a browser gets for a page that cannot be shown (an unknown table or
path 404, a failure 500, a database away 503) while the API keeps its JSON, and the replay's
controls drawn rather than font glyphs."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sqlalchemy.exc import OperationalError

from colosseum.web.app import create_app
from colosseum.web.settings import ServerSettings

from .conftest import create

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
ICO = b"\x00\x00\x01\x00"  # an icon resource's first bytes


@pytest.fixture
def failing(database: str) -> Iterator[TestClient]:
    """The app with two more routes: one that fails (a bug) and one whose database is away;
    server exceptions answered, not raised into the test."""
    app = create_app(database, workers=0, settings=ServerSettings(rate_limits={}))

    def bug() -> None:
        raise RuntimeError("secret words of a bug")

    def away() -> None:
        raise OperationalError("SELECT 1", {}, Exception("database host 10.0.0.7 is down"))

    for path, endpoint in [("/broken", bug), ("/api/broken", bug), ("/away", away)]:
        app.add_api_route(path, endpoint, methods=["GET"])
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def main_of(html: str) -> str:
    found = re.search(r"<main\b.*?</main>", html, re.S)
    assert found, html[:500]
    return found.group(0)


def test_favicon_is_an_icon(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/x-icon"
    assert icon.content.startswith(ICO)


def test_every_page_links_its_icon(client: TestClient) -> None:
    table = create(client, ["human", "random"])["id"]
    paths = ["/", f"/tables/{table}", "/howto/jugula", "/signin", "/me", "/careers"]
    paths += ["/ratings", "/tables/nothing-here"]
    for path in paths:
        html = client.get(path, headers=BROWSER).text
        assert re.search(r'<link rel="icon"[^>]*href="/static/favicon\.svg"', html), path
    assert client.get("/static/favicon.svg").status_code == 200


@pytest.mark.parametrize("path", ["/tables/nothing-here", "/tables/nothing-here/replay"])
def test_an_unknown_table_is_an_html_404(client: TestClient, path: str) -> None:
    page = client.get(path, headers=BROWSER)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    main = main_of(page.text)
    assert "Page not found" in main and "No table &#39;nothing-here&#39;" in main
    assert 'href="/"' in main and 'href="/me"' in main  # the lobby, My games
    assert page.headers["X-Frame-Options"] == "DENY"  # the security headers as on any page


def test_an_unknown_page_and_game_are_html_404s(client: TestClient) -> None:
    for path, words in [
        ("/no/such/page", "There is no page at /no/such/page"),
        ("/howto/chess", "No game &#39;chess&#39;"),
        ("/ratings/chess", "No game &#39;chess&#39;"),
    ]:
        page = client.get(path, headers=BROWSER)
        assert page.status_code == 404, path
        assert page.headers["content-type"].startswith("text/html"), path
        assert words in main_of(page.text), path


def test_a_hostile_path_is_escaped_and_cut(client: TestClient) -> None:
    page = client.get("/<script>alert(1)</script>" + "x" * 1000, headers=BROWSER)
    assert page.status_code == 404
    main = main_of(page.text)
    assert "<script>" not in main and "&lt;script&gt;" in main
    assert "x" * 400 not in main


def test_the_api_and_other_clients_keep_json(client: TestClient) -> None:
    """The API answers JSON whatever the client accepts; a page asked for by a client that
    does not ask for HTML (a script, curl) keeps the JSON refusal."""
    for path in ["/api/tables/nothing-here/state", "/api/nothing"]:
        answer = client.get(path, headers=BROWSER)
        assert answer.status_code == 404
        assert answer.headers["content-type"] == "application/json", path
    assert client.get("/tables/nothing-here").json() == {"detail": "no table 'nothing-here'"}
    missing = client.get("/static/nothing.js", headers=BROWSER)
    assert missing.status_code == 404 and "html" not in missing.headers["content-type"]
    changed = client.post("/tables/nothing-here", headers=BROWSER)
    assert changed.status_code == 405 and "html" not in changed.headers["content-type"]


def test_a_failure_is_an_html_500_that_tells_nothing_of_it(failing: TestClient) -> None:
    page = failing.get("/broken", headers=BROWSER)
    assert page.status_code == 500
    assert page.headers["content-type"].startswith("text/html")
    assert "Something went wrong" in page.text and "secret words" not in page.text
    assert 'href="/"' in main_of(page.text)
    assert page.headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    api = failing.get("/api/broken", headers=BROWSER)
    assert api.status_code == 500
    assert api.json() == {"detail": "the server failed on this request (the failure is logged)"}
    assert api.headers["X-Frame-Options"] == "DENY"


def test_a_database_away_is_an_html_503_with_retry(failing: TestClient) -> None:
    page = failing.get("/away", headers=BROWSER)
    assert page.status_code == 503 and page.headers["Retry-After"]
    assert page.headers["content-type"].startswith("text/html")
    assert "Unavailable for a moment" in page.text and "10.0.0.7" not in page.text
    assert failing.get("/away").json()["detail"].startswith("the database is unavailable")


def test_replay_controls_are_drawn_and_named(client: TestClient) -> None:
    """The replay's step buttons hold drawn icons (no glyph a font may lack), each named."""
    table = create(client, ["human", "random"])["id"]
    html = client.get(f"/tables/{table}/replay").text
    steps = re.search(r'<div class="steps".*?</div>', html, re.S)
    assert steps
    for glyph in "⏮⏭◀▶⏪⏩":
        assert glyph not in steps.group(0)
    buttons = re.findall(r"<button\b[^>]*>(.*?)</button>", steps.group(0), re.S)
    assert len(buttons) == 4 and all("<svg" in b for b in buttons)
    names = re.findall(r'<button\b[^>]*aria-label="([^"]+)"', steps.group(0))
    assert names == ["First step", "Previous step", "Next step", "Last step"]
