"""`colosseum career` over the store: settings that conflict, a failed `new` that leaves
nothing, names trimmed and compared ignoring case, `list`, `delete`, `verify`, unique
simulation names, the arena shown in words when rolled, refused choices asked again, each
seat's choices asked of its own human, one `error:` line for a bad event."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from colosseum.careers.arena import ArenaResult
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.fights import make_plan, managers
from colosseum.careers.manager import Thrifty
from colosseum.careers.postarena import post_arena
from colosseum.cli.career_fight import AskingManager
from colosseum.store import NewEvent, Store

from .conftest import Invoke
from .test_career import FRED, MILLER, new


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'careers.db'}"


def career(invoke: Invoke, database: str, *args: str, input: str | None = None):
    return invoke(["career", *args, "--database", database], input=input)


def test_settings_that_differ_from_the_campaigns_are_refused(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    result = career(
        invoke,
        database,
        "new",
        "Gallia",
        "Miller",
        "-g",
        MILLER,
        "--servitor",
        "lupa",
        "--glory",
        "12",
        "--mode",
        "tournament",
    )
    assert result.exit_code == 2
    assert "--glory 12 (the campaign has 10)" in result.output
    assert "--mode tournament" in result.output
    same = career(
        invoke,
        database,
        "new",
        "gallia",
        "Miller",
        "-g",
        MILLER,
        "--servitor",
        "lupa",
        "--glory",
        "10",
    )
    assert same.exit_code == 0, same.output


def test_a_failed_new_leaves_no_campaign(invoke: Invoke, database: str) -> None:
    result = career(invoke, database, "new", "Gallia", "Fred", "-g", FRED, "--servitor", "cook")
    assert result.exit_code == 2 and "unknown servitor" in result.output
    listed = career(invoke, database, "list", "--json")
    assert json.loads(listed.output) == []


def test_names_are_trimmed_and_compared_ignoring_case(invoke: Invoke, database: str) -> None:
    new(invoke, database, " Fred ", FRED, "medicus")
    again = career(invoke, database, "new", " GALLIA", "fred", "-g", MILLER, "--servitor", "lupa")
    assert again.exit_code == 2 and "already has a ludus of 'Fred'" in again.output
    shown = career(invoke, database, "show", "gallia", "FRED", "--json")
    assert [s["lanista"] for s in json.loads(shown.output)] == ["Fred"]


def test_list_verify_and_delete_with_confirmation(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    assert "Gallia  (1 events)" in career(invoke, database, "list").output
    verified = career(invoke, database, "verify", "Gallia")
    assert verified.exit_code == 0 and "1 events replay to 1 ludi" in verified.output
    kept = career(invoke, database, "delete", "Gallia", input="n\n")
    assert kept.exit_code == 2 and "was not deleted" in kept.output
    gone = career(invoke, database, "delete", "gallia", input="y\n")
    assert gone.exit_code == 0 and "deleted (1 events)" in gone.output
    assert json.loads(career(invoke, database, "list", "--json").output) == []


def test_a_simulation_seed_may_run_twice(invoke: Invoke, database: str) -> None:
    names = []
    for _ in range(2):
        result = career(
            invoke, database, "simulate", "--ludi", "2", "--fights", "1", "-s", "11", "--json"
        )
        assert result.exit_code == 0, result.output
        names.append(json.loads(result.output)["campaign"])
    assert names == ["simulation 11", "simulation 11 (2)"]


def test_the_arena_and_reward_are_shown_in_words_when_rolled(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    result = career(invoke, database, "fight", "Gallia", "fred", "Miller", "--auto", "-s", "3")
    assert result.exit_code == 0, result.output
    names = [a.name for a in load_tables().arenas]
    drawn = result.output.index("Fred v Miller: ")
    assert any(f"Fred v Miller: {name} (Popularity" in result.output for name in names)
    assert drawn < result.output.index("won by")
    assert "provincial_capital" not in result.output


def test_a_bad_event_is_one_error_line_naming_it(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    store = Store(database)
    key = Campaign.open(store, "Gallia").key
    store.campaigns.append(key, 1, [NewEvent("paid", {"lanista": "Fred", "why": "x"})])
    for command in ("show", "standings", "gazette", "verify", "fight"):
        args = [command, "Gallia"] + (["Fred", "Fred"] if command == "fight" else [])
        result = career(invoke, database, *args)
        assert result.exit_code == 2, command
        last = result.output.strip().splitlines()[-1]
        assert last.startswith("error: campaign 'Gallia': event #2 (paid) does not replay")
        assert "missing or has a wrong field" in last and "Traceback" not in result.output
    exported = json.loads(career(invoke, database, "export", "Gallia").output)
    assert exported["broken"].startswith("event #2 (paid)") and len(exported["events"]) == 2


class Answers:
    """A person at the terminal: the answers given in order, then nothing."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, question: str) -> str:
        self.asked.append(question)
        return self.answers.pop(0) if self.answers else ""


def test_a_refused_choice_is_asked_again(tmp_path: Path) -> None:
    """Lending 3000 is refused (the treasury holds about 1100), then the lanista lends 500;
    an unaffordable purchase is refused, then he buys nothing."""
    campaign = Campaign.create(Store(f"sqlite:///{tmp_path / 'c.db'}"), "Gallia")
    pairs = [p.split(":") for p in FRED.split(",")]
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": pairs, "servitor": "lupa"})
    campaign.record("earned", {"lanista": "Fred", "aurei": 1000, "why": "a patron"})
    output = io.StringIO()
    answers = Answers()
    asking = AskingManager(Console(file=output, width=200), answers)

    def answer(question: str) -> str:
        answers.asked.append(question)
        if "usury?" in question:
            return {1: "lend 3000", 2: "lend 500"}.get(
                sum("usury?" in q for q in answers.asked), ""
            )
        if "gladiators to buy" in question and sum("to buy" in q for q in answers.asked) == 1:
            return "Rich:secutor:primus_palus"
        return ""

    asking.ask = answer
    result = ArenaResult(("Fred",), {"Fred": ("Blimyx", "Asinus", "Minimea", "Crassus")}, ())
    with campaign.unit():
        post_arena(
            campaign,
            "Fred",
            [campaign.sheets["Fred"]],
            result,
            "illegal",
            110,
            [],
            TableDice([3] * 20),
            asking,
            load_tables(),
        )
    assert sum("usury?" in q for q in answers.asked) == 2, output.getvalue()
    assert sum("gladiators to buy" in q for q in answers.asked) == 2
    assert "usury (lend) refused" in output.getvalue()
    assert "buying Rich refused" in output.getvalue()
    assert campaign.sheets["Fred"].usury is not None
    assert campaign.sheets["Fred"].usury.amount == 500


def test_each_seat_is_asked_only_of_its_own_human() -> None:
    asking = AskingManager(Console(file=io.StringIO()), Answers())
    plan = make_plan(7, ["Fred", "Miller"], "engine", ["human", "heuristic"], auto=False)
    manager_for = managers(plan, asking)
    assert manager_for("Fred", "hire:Fred") is asking
    assert isinstance(manager_for("Miller", "hire:Miller"), Thrifty)
    everyone = managers(make_plan(7, ["Fred", "Miller"], "engine", None, auto=False), asking)
    assert everyone("Miller", "post:Miller") is asking
    nobody = managers(make_plan(7, ["Fred", "Miller"], "engine", None, auto=True), asking)
    assert isinstance(nobody("Fred", "post:Fred"), Thrifty)
