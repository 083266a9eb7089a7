"""The reference pages (`/howto/<game>/reference`, each game's `reference.py`): every Jugula
card and armatura, every Ludi Gladiatorii building of the game's own data, once each,
escaped; linked from the how-to pages."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from colosseum.core.reference import Reference, Table
from colosseum.games.jugula.data import load_catalog as jugula_catalog
from colosseum.games.ludi_gladiatorii.data import load_catalog as ludi_catalog
from colosseum.web import pages


def row_heads(text: str, table: str) -> list[str]:
    """The first cell (the row's name) of each body row of the table with id `table`."""
    start = text.index(f'<table id="{table}">')
    body = text[start : text.index("</table>", start)]
    return [html.unescape(h) for h in re.findall(r'<th scope="row">(.*?)</th>', body)]


def test_jugula_reference_lists_every_card_and_armatura_once(client: TestClient) -> None:
    response = client.get("/howto/jugula/reference")
    assert response.status_code == 200
    text = response.text
    catalog = jugula_catalog()
    jugula = [catalog.cards[i].name for i in catalog.jugula]
    prima = [catalog.cards[i].name for i in catalog.prima]
    assert row_heads(text, "jugula-cards") == jugula
    assert row_heads(text, "prima-cards") == prima
    assert row_heads(text, "armaturae") == [a.name for a in catalog.armaturae]
    unescaped = html.unescape(text)
    for card in catalog.cards:
        assert card.text in unescaped, card.name
    assert "Range 5" in unescaped and "Hindrance" in unescaped
    assert '<a href="/howto/jugula">How to play</a>' in text


def test_ludi_reference_lists_every_building_kind_once(client: TestClient) -> None:
    response = client.get("/howto/ludi/reference")
    assert response.status_code == 200
    text = response.text
    buildings = ludi_catalog().buildings
    heads = row_heads(text, "buildings")
    kinds = {(b.name, b.cost, b.text) for b in buildings}
    assert len(heads) == len(kinds)
    assert sorted(set(heads)) == sorted({b.name for b in buildings})
    unescaped = html.unescape(text)
    for building in buildings:
        assert building.text in unescaped, building.code
    counted = sum(int(m) for m in re.findall(r"<td>(\d+) cards?:", text))
    assert counted == len(buildings)


def test_names_are_escaped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name from a user's data file is text, never markup."""
    evil = Reference(
        game="jugula",
        title="<b>T</b>",
        intro="i",
        tables=(Table("cards", "c", "i", ("Card", "What"), (("<script>x</script>", "a&b"),)),),
    )
    monkeypatch.setattr(pages, "reference_of", lambda module: evil)
    text = client.get("/howto/jugula/reference").text
    assert "<script>x</script>" not in text and "&lt;script&gt;x&lt;/script&gt;" in text
    assert "a&amp;b" in text


@pytest.mark.parametrize(
    ("path", "status"),
    [("/howto/ludus-gladiatorius/reference", 404), ("/howto/chess/reference", 404)],
)
def test_no_reference(client: TestClient, path: str, status: int) -> None:
    assert client.get(path).status_code == status


@pytest.mark.parametrize("game", ["jugula", "ludi-gladiatorii"])
def test_the_howto_links_its_reference(client: TestClient, game: str) -> None:
    assert f'href="/howto/{game}/reference"' in client.get(f"/howto/{game}").text
