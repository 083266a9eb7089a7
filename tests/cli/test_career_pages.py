"""`colosseum career history` and `gazette` on a long campaign: a page at a time, newest
first, the last line the command that shows the older page; the gazette by season (a calendar
month, UTC); bad values refused in one line, exit 2."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from colosseum.store import NewEvent, Store
from tests.careers.long import long_campaign

from .conftest import Invoke

SIZE = 130  # events: three pages of 50


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'careers.db'}"
    long_campaign(Store(url), "Long Gallia", SIZE, months=["2026-01", "2026-02", "2026-04"])
    return url


def numbers(output: str) -> list[int]:
    """The event numbers of a history table, in the order shown."""
    return [int(m) for m in re.findall(r"^\s+(\d+)\s+20\d\d-", output, re.MULTILINE)]


def follow(invoke: Invoke, last_line: str) -> str:
    """Run the command a page's last line gives (after its colon), as a person would."""
    words = shlex.split(last_line.split(": ", 1)[1])
    assert words[:2] == ["colosseum", "career"]
    result = invoke(words[1:])
    assert result.exit_code == 0, result.output
    return str(result.output)


def test_the_history_pages_newest_first_down_to_the_first_event(
    invoke: Invoke, database: str
) -> None:
    result = invoke(["career", "history", "Long Gallia", "--database", database])
    assert result.exit_code == 0, result.output
    seen = numbers(result.output)
    assert seen == list(range(SIZE, SIZE - 50, -1))
    pages = 1
    output = str(result.output)
    while not output.rstrip().endswith("there are no older ones."):
        last = output.strip().splitlines()[-1]
        assert last.startswith("Older events: colosseum career history 'Long Gallia' --before ")
        assert f"--database {database}" in last
        output = follow(invoke, last)
        seen += numbers(output)
        pages += 1
    assert seen == list(range(SIZE, 0, -1)) and pages == 3
    assert "ludus_created" in output and "key=" not in output  # no key's hash shown


def test_a_page_of_any_size_before_any_event(invoke: Invoke, database: str) -> None:
    args = ["career", "history", "Long Gallia", "--database", database]
    result = invoke([*args, "--before", "10", "--limit", "4"])
    assert numbers(result.output) == [9, 8, 7, 6]
    last = result.output.strip().splitlines()[-1]
    assert last.endswith("--before 6 --limit 4 --database " + database)
    assert numbers(follow(invoke, last)) == [5, 4, 3, 2]
    first = invoke([*args, "--before", "3", "-n", "4"])
    assert numbers(first.output) == [2, 1] and "there are no older ones" in first.output
    nothing = invoke([*args, "--before", "1"])
    assert nothing.exit_code == 0 and numbers(nothing.output) == []
    assert "No events before #1. The newest: colosseum career history" in nothing.output
    whole = invoke([*args, "--all"])
    assert numbers(whole.output) == list(range(1, SIZE + 1))


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--limit", "0"], "--limit"),
        (["--limit", "201"], "--limit"),
        (["--before", "0"], "--before"),
        (["--before", "ten"], "--before"),
        (["--all", "--before", "5"], "--all shows every event"),
    ],
)
def test_bad_page_values_are_refused(
    invoke: Invoke, database: str, options: list[str], says: str
) -> None:
    result = invoke(["career", "history", "Long Gallia", "--database", database, *options])
    assert result.exit_code == 2 and says in result.output
    assert "Traceback" not in result.output


def test_a_broken_event_is_marked_and_the_exit_code_says_so(invoke: Invoke, database: str) -> None:
    store = Store(database)
    key = store.campaigns.find("Long Gallia")
    assert key is not None
    store.campaigns.append(key.id, SIZE, [NewEvent("paid", {"lanista": "Fred", "why": "x"})])
    result = invoke(["career", "history", "Long Gallia", "--database", database, "-n", "3"])
    assert result.exit_code == 2
    assert "paid (does not replay)" in result.output and numbers(result.output)[0] == SIZE + 1
    assert (
        result.output.strip()
        .splitlines()[-1]
        .startswith(f"error: campaign 'Long Gallia': event #{SIZE + 1} (paid) does not replay")
    )


def test_the_gazette_by_season_newest_first(invoke: Invoke, database: str) -> None:
    args = ["career", "gazette", "Long Gallia", "--database", database]
    newest = invoke(args)
    assert newest.exit_code == 0, newest.output
    assert "The Long Gallia Gazette · season 2026-04" in newest.output
    assert "Seasons, newest first (4): 2026-04, 2026-03, 2026-02, 2026-01" in newest.output
    told = re.findall(r"news #(\d+)", newest.output)
    assert told == sorted(told, key=int, reverse=True) and told
    before = [line for line in newest.output.splitlines() if line.startswith("The season before")]
    assert before == [
        "The season before: colosseum career gazette 'Long Gallia' --season 2026-03 "
        f"--database {database}"
    ]
    empty = follow(invoke, before[0])  # a month without play between two with it
    assert "season 2026-03" in empty and "No news this season." in empty
    first = invoke([*args, "--season", "2026-01", "--limit", "3"])
    lines = first.output.splitlines()
    assert len([line for line in lines if " · " in line and "Gazette" not in line]) == 3
    older = next(line for line in lines if line.startswith("Older news of 2026-01: "))
    assert "--season 2026-01 --before " in older and "--limit 3" in older
    seen = follow(invoke, older)
    assert "season 2026-01" in seen and "No news" not in seen


@pytest.mark.parametrize(
    ("season", "says"),
    [
        ("2026-13", "a season is a month written YYYY-MM"),
        ("March", "a season is a month written YYYY-MM"),
        ("2025-12", "has no season 2025-12 (its seasons: from 2026-01 to 2026-04)"),
    ],
)
def test_a_season_not_played_is_refused(
    invoke: Invoke, database: str, season: str, says: str
) -> None:
    result = invoke(
        ["career", "gazette", "Long Gallia", "--database", database, "--season", season]
    )
    assert result.exit_code == 2 and says in result.output
