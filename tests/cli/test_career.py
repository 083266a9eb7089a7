"""`colosseum career`: new, show, history, standings, export over a campaign database, and
clear errors that change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Invoke

FRED = "Blimyx:thraex,Asinus:retiarius,Minimea:veles,Crassus:murmillo"
MILLER = "Ajax:secutor,Brutus:scissor,Celer:veles,Decius:hoplomachus"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'careers.db'}"


def new(invoke: Invoke, database: str, lanista: str, gladiators: str, servitor: str) -> None:
    result = invoke(
        [
            "career",
            "new",
            "Gallia",
            lanista,
            "-g",
            gladiators,
            "--servitor",
            servitor,
            "--database",
            database,
        ]
    )
    assert result.exit_code == 0, result.output


def test_new_careers_show_their_sheets(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    result = invoke(["career", "show", "Gallia", "--database", database])
    assert result.exit_code == 0
    for word in ("Fred", "Miller", "Blimyx", "retiarius", "Tiro", "50 aurei", "medicus"):
        assert word in result.output
    one = invoke(["career", "show", "Gallia", "Miller", "--database", database, "--json"])
    sheets = json.loads(one.output)
    assert [s["lanista"] for s in sheets] == ["Miller"]
    assert sheets[0]["aurei"] == 50 and sheets[0]["servitors"] == {"lupa": 1}


def test_history_standings_and_export_tell_the_same_story(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    history = invoke(["career", "history", "Gallia", "--database", database])
    assert history.exit_code == 0 and history.output.count("ludus_created") == 2
    standings = json.loads(
        invoke(["career", "standings", "Gallia", "--database", database, "--json"]).output
    )
    assert [row["lanista"] for row in standings] == ["Fred", "Miller"]  # tie: by name
    exported = json.loads(invoke(["career", "export", "Gallia", "--database", database]).output)
    assert [e["seq"] for e in exported["events"]] == [1, 2]
    assert set(exported["sheets"]) == {"Fred", "Miller"}
    assert exported["settings"] == {
        "glory_target": 10,
        "dice": "program",
        "mode": "free",
        "starting_aurei": 50,
        "fixed_rewards": False,
        "fixed_arena_roll": False,
        "rounds": None,
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [
                "new",
                "Gallia",
                "Bad",
                "-g",
                "A:secutor,B:secutor,C:veles,D:thraex",
                "--servitor",
                "lupa",
            ],
            "already has a secutor",
        ),
        (["new", "Gallia", "Bad", "-g", "A:secutor", "--servitor", "lupa"], "starts with 4"),
        (
            ["new", "Gallia", "Bad", "-g", "Asecutor,B:x,C:y,D:z", "--servitor", "lupa"],
            "not name:armatura",
        ),
        (["new", "Gallia", "Fred", "-g", FRED, "--servitor", "medicus"], "already has a ludus"),
        (["new", "Gallia", "Bad", "-g", MILLER, "--servitor", "cook"], "unknown servitor"),
        (["show", "Nowhere"], "no campaign named 'Nowhere'"),
        (["show", "Gallia", "Nobody"], "no ludus of 'Nobody'"),
    ],
)
def test_impossible_requests_say_why_and_store_nothing(
    invoke: Invoke, database: str, args: list[str], message: str
) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    result = invoke(["career", *args, "--database", database])
    assert result.exit_code != 0
    assert message in result.output
    exported = json.loads(invoke(["career", "export", "Gallia", "--database", database]).output)
    assert len(exported["events"]) == 1


def test_a_simulated_campaign_finishes_and_replays(invoke: Invoke, database: str) -> None:
    """Done when: `career simulate --ludi 4 --fights 30` finishes (a winner, or the standings
    after 30 combats) and its stored history replays to the same sheets."""
    result = invoke(
        [
            "career",
            "simulate",
            "--ludi",
            "4",
            "--fights",
            "30",
            "--seed",
            "2",
            "--database",
            database,
            "--json",
        ]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["replay_matches"] is True
    assert 1 <= summary["fights"] <= 30
    assert summary["winners"] or summary["fights"] == 30
    assert len(summary["standings"]) == 4
    if summary["winners"]:
        assert summary["standings"][0]["glory"] >= 10
    history = invoke(["career", "history", summary["campaign"], "--database", database])
    assert history.exit_code == 0 and "combat" in history.output
