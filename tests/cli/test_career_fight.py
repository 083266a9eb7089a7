"""`colosseum career fight`: one combat asking each choice, in the engine or entered from a
physical table, with the program's dice or the table's ("companion mode")."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.sequence import run_combat
from colosseum.careers.sheet import new_sheet
from colosseum.cli.career_fight import AskingManager, PromptDice, table_arena
from colosseum.store import Store

from .conftest import Invoke
from .test_career import FRED, MILLER, new


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'careers.db'}"


def events(invoke: Invoke, database: str) -> list[dict[str, object]]:
    exported = invoke(["career", "export", "Gallia", "--database", database])
    return list(json.loads(exported.output)["events"])


def test_an_unattended_fight_records_a_whole_combat(invoke: Invoke, database: str) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    result = invoke(
        ["career", "fight", "Gallia", "Fred", "Miller", "--auto", "-s", "3", "--database", database]
    )
    assert result.exit_code == 0, result.output
    assert "won by" in result.output
    kinds = [e["kind"] for e in events(invoke, database)]
    assert kinds.count("combat") == 1
    assert "experience" in kinds and "earned" in kinds
    store = Store(database)
    (name,) = store.campaigns.names()
    assert Campaign.open(store, name).sheets["Fred"].gladiators


def test_a_fight_from_the_table_asks_the_result(invoke: Invoke, database: str) -> None:
    """Program dice; every question left blank except the winner."""
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    answers = "\n" * 6 + "Miller\n" + "\n" * 60
    result = invoke(
        ["career", "fight", "Gallia", "Fred", "Miller", "--arena", "table", "--database", database],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    (combat,) = [e for e in events(invoke, database) if e["kind"] == "combat"]
    data = combat["data"]
    assert isinstance(data, dict)
    assert data["winners"] == ["Miller"]
    assert data["deployed"]["Fred"] == ["Blimyx", "Asinus", "Minimea", "Crassus"]
    assert data["bitten"] == [] and data["wounded"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Fred", "Nobody", "--auto"], "no ludus of 'Nobody'"),
        (["Fred", "Fred", "--auto"], "2 to 4 different lanistae"),
        (["Fred", "Miller", "--arena", "table", "--auto"], "drop --auto"),
        (["Fred", "Miller", "--arena", "moon", "--auto"], "'engine' or 'table'"),
        (["Fred", "Miller", "--auto", "-p", "heuristic"], "2 ludi need 2 players"),
        (["Fred", "Miller", "--auto", "-p", "heuristic,nobody"], "unknown agent"),
    ],
)
def test_impossible_fights_say_why_and_store_nothing(
    invoke: Invoke, database: str, args: list[str], message: str
) -> None:
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    result = invoke(["career", "fight", "Gallia", *args, "--database", database])
    assert result.exit_code != 0
    assert message in result.output
    assert len(events(invoke, database)) == 2


class Script:
    """Answers questions by the first key found in them; dice from a queue, then 3s."""

    def __init__(self, answers: dict[str, str], dice: list[str]) -> None:
        self.answers = answers
        self.dice = dice
        self.asked: list[str] = []

    def __call__(self, question: str) -> str:
        self.asked.append(question)
        if "d6" in question:
            count = int(question.split("roll ")[1].split(" d6")[0])
            return self.dice.pop(0) if self.dice else " ".join(["3"] * count)
        for key, answer in self.answers.items():
            if key in question:
                return answer
        return ""


def test_companion_mode_records_the_table_dice_and_the_entered_result(tmp_path: Path) -> None:
    """Table dice for every roll, the combat entered from the table: the record holds the
    dice as rolled at the table, the result as entered, and a Fatum roll for the fallen."""
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    campaign = Campaign.create(store, "Gallia", dice="table")
    for lanista, gladiators, servitor in (("Fred", FRED, "medicus"), ("Miller", MILLER, "lupa")):
        pairs = [piece.split(":") for piece in gladiators.split(",")]
        campaign.record(
            "ludus_created", {"lanista": lanista, "gladiators": pairs, "servitor": servitor}
        )
    script = Script(
        {
            "Who won": "Fred",
            "Miller: wounded": "Ajax",
            "Miller: bit the dust": "Brutus",
            "by whose blow": "Fred",
        },
        dice=["1 junk", "1", "2", "3", "4"],
    )
    console = Console(file=io.StringIO())
    asking = AskingManager(console, script)
    report = run_combat(
        campaign,
        ["Fred", "Miller"],
        PromptDice(console, script),
        asking,
        table_arena(console, asking),
    )
    assert report.result.winners == ("Fred",)
    assert report.result.wounded == (("Miller", "Ajax"),)
    assert report.result.bitten == (("Miller", "Brutus", "Fred"),)
    rolls = [e.payload for e in campaign.log() if e.kind == "roll"]
    assert all(r["source"] == "table" for r in rolls)
    assert [r["dice"] for r in rolls[:4]] == [[1], [2], [3], [4]]  # the garbled answer re-asked
    assert any("fatum" in str(r["what"]).lower() and "Brutus" in str(r["what"]) for r in rolls)
    replayed = Campaign.open(store, "Gallia")
    assert {k: s.to_json() for k, s in replayed.sheets.items()} == {
        k: s.to_json() for k, s in campaign.sheets.items()
    }


def test_a_two_player_career_fights_virtual_ludi(invoke: Invoke, database: str) -> None:
    """Appendix III, "Two-player careers": the virtual ludus's ranks add up to the lanista's
    Popularity; it fights and is stored with the combat, but keeps no sheet."""
    result = invoke(
        [
            "career",
            "new",
            "Duo",
            "Fred",
            "-g",
            FRED,
            "--servitor",
            "medicus",
            "--mode",
            "two-player",
            "--database",
            database,
        ]
    )
    assert result.exit_code == 0, result.output
    wrong = invoke(
        [
            "career",
            "fight",
            "Duo",
            "Fred",
            "--virtual",
            "--virtual-ranks",
            "palus,tiro,tiro,tiro",
            "--auto",
            "--database",
            database,
        ]
    )
    assert wrong.exit_code != 0 and "exactly 0" in wrong.output  # Popularity 0: four Tiro
    fought = invoke(
        ["career", "fight", "Duo", "Fred", "--virtual", "--auto", "-s", "2", "--database", database]
    )
    assert fought.exit_code == 0, fought.output
    exported = json.loads(invoke(["career", "export", "Duo", "--database", database]).output)
    (combat,) = [e["data"] for e in exported["events"] if e["kind"] == "combat"]
    assert combat["lanistae"] == ["Fred"]
    (familia,) = combat["guests"].values()
    assert len(familia) == 4 and all(g["experience"] == 0 for g in familia)
    assert set(exported["sheets"]) == {"Fred"}


def test_a_tournament_pairs_its_rounds_and_names_its_winner(invoke: Invoke, database: str) -> None:
    """Appendix III, "Tournaments": starting aurei, set rewards, fixed arena roll; Swiss
    rounds with a rotating bye; after the agreed rounds the standings name the winner."""
    for lanista, gladiators in (("Fred", FRED), ("Miller", MILLER), ("Laure", FRED)):
        result = invoke(
            [
                "career",
                "new",
                "Cup",
                lanista,
                "-g",
                gladiators,
                "--servitor",
                "medicus",
                "--mode",
                "tournament",
                "--rounds",
                "2",
                "--starting-aurei",
                "500",
                "--fixed-rewards",
                "--fixed-arena-roll",
                "--database",
                database,
            ]
        )
        assert result.exit_code == 0, result.output
    byes = []
    for _ in range(2):
        next_round = json.loads(
            invoke(
                ["career", "pairings", "Cup", "-s", "1", "--json", "--database", database]
            ).output
        )
        assert not next_round["over"]
        byes.append(next_round["bye"])
        ((first, second),) = next_round["pairs"]
        fought = invoke(
            ["career", "fight", "Cup", first, second, "--auto", "-s", "4", "--database", database]
        )
        assert fought.exit_code == 0, fought.output
    assert byes[0] != byes[1]
    exported = json.loads(invoke(["career", "export", "Cup", "--database", database]).output)
    rolls = [e["data"]["what"] for e in exported["events"] if e["kind"] == "roll"]
    assert "arena" not in rolls and "reward" not in rolls  # both fixed
    final = invoke(["career", "pairings", "Cup", "--database", database])
    standings = json.loads(
        invoke(["career", "standings", "Cup", "--json", "--database", database]).output
    )
    assert f"{standings[0]['lanista']} wins the tournament" in final.output
    free = invoke(["career", "pairings", "Duo", "--database", database])
    assert free.exit_code != 0


def test_a_human_fights_the_arena_at_the_terminal(invoke: Invoke, database: str) -> None:
    """`--players human,heuristic`: the human's moves are read at the prompt (here always
    the first legal action) and the result is read from the engine's events."""
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    args = ["career", "fight", "Gallia", "Fred", "Miller", "-p", "human,heuristic", "-s", "5"]
    # 6 blank answers (hires, familiae), then "1" for every move, then blanks for the rest
    result = invoke([*args, "--database", database], input="\n" * 6 + "1\n" * 400 + "\n" * 60)
    assert result.exit_code == 0, result.output[-2000:]
    (combat,) = [e["data"] for e in events(invoke, database) if e["kind"] == "combat"]
    assert combat["deployed"]["Fred"] == ["Blimyx", "Asinus", "Minimea", "Crassus"]
    assert combat["winners"] in (["Fred"], ["Miller"])


def test_the_gazette_tells_a_virtual_combat(invoke: Invoke, database: str) -> None:
    opening = ["new", "Duo", "Fred", "-g", FRED, "--servitor", "medicus", "--mode", "two-player"]
    invoke(["career", *opening, "--database", database])
    invoke(
        ["career", "fight", "Duo", "Fred", "--virtual", "--auto", "-s", "2", "--database", database]
    )
    told = invoke(["career", "gazette", "Duo", "--database", database]).output
    assert "Virtual ludus" in told and " beat " in told
    assert "beat ." not in told.replace("\n", " ")


def test_a_refused_choice_is_explained_and_changes_nothing(invoke: Invoke, database: str) -> None:
    """Buying a second Murmillo: Fred already has Crassus; the refusal is printed, nothing
    is bought for him, and the sequence goes on (Miller, who has none, buys him)."""
    new(invoke, database, "Fred", FRED, "medicus")
    new(invoke, database, "Miller", MILLER, "lupa")
    per_ludus = "\n" + "Nero:murmillo:tiro\n" + "\n\n"  # sales, purchases, servitors, usury
    answers = "\n" * 6 + per_ludus * 2 + "\n" * 20
    args = ["career", "fight", "Gallia", "Fred", "Miller", "-s", "2", "--database", database]
    result = invoke(args, input=answers)
    assert result.exit_code == 0, result.output
    assert "buying Nero refused" in result.output and "murmillo" in result.output
    added = [e["data"] for e in events(invoke, database) if e["kind"] == "gladiator_added"]
    assert [(d["lanista"], d["gladiator"]["armatura"]) for d in added] == [("Miller", "murmillo")]


@pytest.mark.parametrize(
    ("tied", "fought", "combat", "reached", "news"),
    [
        ([], ["A", "B"], ["A"], ["A"], "Campaign won by A!"),
        ([], ["A", "B"], ["A"], ["A", "B"], "a final combat between them decides"),
        (["A", "B"], ["B", "A"], ["B"], ["A", "B"], "B wins the final combat and the campaign!"),
        ([], ["A", "B"], ["A"], [], ""),
    ],
)
def test_the_campaigns_end_is_announced(
    tied: list[str], fought: list[str], combat: list[str], reached: list[str], news: str
) -> None:
    from colosseum.cli.career_combat import _verdict

    assert news in _verdict(tied, fought, combat, reached)


def test_a_purchase_may_name_the_talent_taken_if_one_is_rolled() -> None:
    """ "Gladiator purchases": a talent rolled is the lanista's pick; a garbled purchase is
    asked again."""
    answers = iter(["Nero:murmillo", "Nero:Murmillo:palus:Brute, Ajax:secutor:tiro"])
    manager = AskingManager(Console(file=io.StringIO()), lambda question: next(answers))
    pairs = [(name, armatura) for name, armatura in (p.split(":") for p in FRED.split(","))]
    fred = new_sheet("Fred", pairs, "medicus")
    assert manager.purchases(fred, load_tables()) == [
        ("Nero", "murmillo", "palus", "brute"),
        ("Ajax", "secutor", "tiro", None),
    ]
