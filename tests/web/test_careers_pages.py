"""A long campaign on the web, a page at a time: `GET /api/careers/{name}` carries the newest
page of the history and of the gazette and how to ask the next; `/history?before=&limit=` and
`/gazette?season=&before=&limit=` page through them (bounded; a bad value is a 422 that says
why); the campaign's page links to its older events and the other seasons with plain links."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from colosseum.store import Store
from colosseum.web.app import create_app
from tests.careers.long import long_campaign

from .conftest import UNLIMITED

SIZE = 130
MONTHS = ["2026-01", "2026-02", "2026-04"]
BASE = "/api/careers/Long%20Gallia"
PAGE = "/careers/Long%20Gallia"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    long_campaign(Store(database), "Long Gallia", SIZE, MONTHS)
    with TestClient(create_app(database, workers=0, settings=UNLIMITED)) as test_client:
        yield test_client


def get(client: TestClient, path: str) -> Any:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_campaign_carries_the_newest_page_of_each(client: TestClient) -> None:
    shown = get(client, BASE)
    assert shown["events"] == SIZE
    assert [r["seq"] for r in shown["history"]] == list(range(SIZE, SIZE - 50, -1))
    assert shown["history_before"] == SIZE - 49
    assert shown["gazette_season"] == "2026-04"
    assert shown["gazette_seasons"] == ["2026-04", "2026-03", "2026-02", "2026-01"]
    told = [line["seq"] for line in shown["gazette"]]
    assert told == sorted(told, reverse=True) and all(s % 5 == 0 for s in told)
    assert all(line["created"].startswith("2026-04") for line in shown["gazette"])


def test_the_history_pages_down_to_the_first_event(client: TestClient) -> None:
    seen, before, pages = [], get(client, BASE)["history_before"], 0
    while before is not None:
        page = get(client, f"{BASE}/history?before={before}&limit=40")
        assert page["campaign"] == "Long Gallia" and page["events"] == SIZE
        seen += [r["seq"] for r in page["history"]]
        before, pages = page["before"], pages + 1
    assert seen == list(range(SIZE - 50, 0, -1)) and pages == 2
    assert [r["seq"] for r in get(client, f"{BASE}/history?limit=1")["history"]] == [SIZE]
    assert get(client, f"{BASE}/history?before=1") == {
        "campaign": "Long Gallia",
        "events": SIZE,
        "history": [],
        "before": None,
    }


def test_a_season_of_the_gazette_pages_too(client: TestClient) -> None:
    first = get(client, f"{BASE}/gazette?season=2026-01&limit=5")
    assert first["season"] == "2026-01" and len(first["gazette"]) == 5
    told = [line["seq"] for line in first["gazette"]]
    while first["before"] is not None:
        first = get(client, f"{BASE}/gazette?season=2026-01&limit=5&before={first['before']}")
        told += [line["seq"] for line in first["gazette"]]
    assert told == sorted(told, reverse=True) and told[-2:] == [2, 1]  # the two ludi opened
    assert get(client, f"{BASE}/gazette?season=2026-03")["gazette"] == []  # no play then


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("/history?limit=0", "limit: Input should be greater than or equal to 1"),
        ("/history?limit=201", "limit: Input should be less than or equal to 200"),
        ("/history?before=0", "before: Input should be greater than or equal to 1"),
        ("/history?before=99999999999", "before: Input should be less than or equal to"),
        ("/history?before=x", "before: Input should be a valid integer"),
        ("/gazette?season=2026-13", "a season is a month written YYYY-MM"),
        ("/gazette?season=March", "season: String should match pattern"),
        ("/gazette?season=2025-12", "has no season 2025-12 (its seasons: from 2026-01"),
        ("/gazette?limit=1000", "limit: Input should be less than or equal to 200"),
    ],
)
def test_bad_page_values_are_refused_saying_why(client: TestClient, query: str, says: str) -> None:
    response = client.get(f"{BASE}{query}")
    assert response.status_code == 422 and says in response.json()["detail"]


def test_an_unknown_campaign_has_no_pages(client: TestClient) -> None:
    for path in ("/api/careers/Nowhere/history", "/api/careers/Nowhere/gazette"):
        assert client.get(path).status_code == 404


def rows(page: str) -> list[int]:
    """The event numbers of the page's history table, in the order shown."""
    table = page.split('<table id="history">', 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r"<tr[^>]*><td>(\d+)</td>", table)]


def links(page: str) -> dict[str, str]:
    """The page's paging links by id."""
    found = re.findall(r'<a id="([a-z-]+)"[^>]*href="([^"]+)"', page)
    return {name: html.unescape(href) for name, href in found}


def test_the_page_links_to_older_events_and_other_seasons(client: TestClient) -> None:
    page = client.get(PAGE).text
    assert f"Events #{SIZE - 49} to #{SIZE} of {SIZE}, newest first." in page
    seen = rows(page)
    while "older-events" in links(page):
        older = links(page)["older-events"]
        assert older.startswith(f"{PAGE}?before=") and older.endswith("#history-title")
        page = client.get(older).text
        assert "newest-events" in links(page)
        seen += rows(page)
    assert seen == list(range(SIZE, 0, -1))
    assert 'id="first-page"' in page
    for month in ("2026-04", "2026-03", "2026-02", "2026-01"):
        assert f">{month}</a>" in page
    season = client.get(f"{PAGE}?season=2026-03&before=40").text
    assert "Season 2026-03" in season and "No news this season." in season
    assert 'href="/careers/Long%20Gallia?before=40&amp;season=2026-01#gazette-title"' in season
    assert "Events #" in season and "#39 of 130" in season  # the history's page kept


def test_bad_page_values_on_the_page_are_refused(client: TestClient) -> None:
    for query in ("before=0", "season=2026-13", "season=x", "gazette_before=-1"):
        assert client.get(f"{PAGE}?{query}").status_code == 422, query
