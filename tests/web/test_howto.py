"""The how-to-play pages (`/howto/<game>`, Markdown in src/colosseum/web/howto): each game's page
is served as HTML with its first heading and the terms a new player looks for."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

PAGES = {
    "ludus-gladiatorius": (
        "How to play Ludus Gladiatorius",
        ["Setup", "A round", "Combat", "special actions", "Victory", "Emperor"],
    ),
    "ludi-gladiatorii": (
        "How to play Ludi Gladiatorii",
        [
            "Setup",
            "Your turn",
            "Combat",
            "Impetus",
            "Defensio",
            "Auction",
            "victory points",
            "Quintus Ludus",
            "Historiae",
            "Magistri Arenae",
            "Champions",
            "Public Favor",
            "Decimatio",
            "End of the game",
            "Type an action",
        ],
    ),
    "jugula": (
        "How to play Jugula",
        [
            "Setup",
            "A turn",
            "front zone",
            "danger zone",
            "MP",
            "Attacking",
            "wounded",
            "Hindrance",
            "Vox Populi",
            "bites the dust",
            "familiae",
            "sudden death",
            "Type an action",
        ],
    ),
}


@pytest.mark.parametrize("game", sorted(PAGES))
def test_howto_page_is_served(client: TestClient, game: str) -> None:
    """`GET /howto/<id>` answers 200 with HTML whose first heading is the page's own and which
    names the game's key terms."""
    response = client.get(f"/howto/{game}")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    heading, terms = PAGES[game]
    text = html.unescape(response.text)
    first_h1 = text.index("<h1>")
    assert text[first_h1:].startswith(f"<h1>{heading}</h1>")
    for term in terms:
        assert term in text, f"{game}: {term!r} missing"


@pytest.mark.parametrize(("alias", "heading"), [("ludi", "How to play Ludi Gladiatorii")])
def test_howto_alias(client: TestClient, alias: str, heading: str) -> None:
    """A game's alias reaches the same page."""
    response = client.get(f"/howto/{alias}")
    assert response.status_code == 200
    assert f"<h1>{heading}</h1>" in response.text


@pytest.mark.parametrize("game", ["ludi-gladiatorii", "jugula"])
def test_howto_markdown_has_no_raw_html(client: TestClient, game: str) -> None:
    """The pages are plain Markdown: raw HTML is not passed through, so none must be written
    (it would show up escaped)."""
    text = client.get(f"/howto/{game}").text
    assert "&lt;" not in text
