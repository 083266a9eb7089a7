"""The pages' side of clocks and hot seats, without a browser (docs/web.md, "Clocks"): every
time control the lobby offers makes a table with that control, the table page carries the
clock's line and script, and My games names the seat whose turn it is at a hot seat, as the
turn moves (the link My games builds carries it as `?seat=N`)."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from .conftest import create
from .test_account_seats import ME, app, new_table, person, play, seen

__all__ = ["app"]  # the fixture, shared with test_account_seats.py


def select_values(page: str, name: str) -> list[str]:
    """The values of the options of the lobby's select `name` (an option's text when it has
    no value)."""
    block = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert block, name
    found = []
    for attributes, text in re.findall(r"<option([^>]*)>([^<]*)</option>", block.group(1)):
        value = re.search(r'value="([^"]*)"', attributes)
        found.append(value.group(1) if value else text.strip())
    return found


def control_of(value: str, minutes: str = "10", increment: str = "0") -> dict[str, Any] | None:
    """What static/lobby.js sends as `clock` for a value of the lobby's clock select."""
    kind, *numbers = value.split(":")
    if kind == "days":
        return {"kind": "days", "days": int(numbers[0])}
    if kind != "live":
        return None
    if numbers:
        return {"kind": "live", "minutes": int(numbers[0]), "increment": int(numbers[1])}
    return {"kind": "live", "minutes": int(minutes), "increment": int(increment)}


def test_every_time_control_the_lobby_offers_makes_a_table_with_it(client: TestClient) -> None:
    lobby = client.get("/").text
    offered = select_values(lobby, "clock")
    assert offered[0] == "none" and "live" in offered
    assert {"days:1", "days:2", "days:3", "days:5", "days:7", "days:14"} <= set(offered)
    assert {"live:5:3", "live:10:5", "live:30:0"} <= set(offered)
    wanted = [control_of(value) for value in offered]
    wanted += [control_of("live", m, "0") for m in select_values(lobby, "clock-minutes")]
    wanted += [control_of("live", "1", i) for i in select_values(lobby, "clock-increment")]
    for control in wanted:
        table = create(client, ["human", "human"], clock=control)["id"]
        assert client.get(f"/api/tables/{table}").json()["clock"] == control


def test_the_table_page_has_the_clock_line_and_its_script(client: TestClient) -> None:
    table = create(client, ["human", "human"], clock={"kind": "days", "days": 2})["id"]
    page = client.get(f"/tables/{table}").text
    assert 'id="time-control"' in page and 'id="players"' in page
    script = client.get("/static/clock.js")
    assert script.status_code == 200 and "performance.now()" in script.text
    assert 'from "./clock.js"' in client.get("/static/table.js").text


def test_my_games_names_the_deciding_seat_of_a_hot_seat_as_the_turn_moves(app: Any) -> None:
    alice = person(app, "alice")
    table = new_table(alice, [ME, ME])["id"]
    for _ in range(4):
        deciding = seen(alice, table, seat=0)["current"]
        [entry] = alice.get("/api/me/tables").json()
        assert (entry["seat"], entry["seats"], entry["your_turn"]) == (deciding, [0, 1], True)
        shown = seen(alice, table, seat=entry["seat"])  # what ?seat=N opens
        assert shown["seat"] == deciding and shown["legal"]
        assert play(alice, table, seat=deciding).status_code == 200
    assert "link.href = tableLink(table)" in alice.get("/static/mygames.js").text
