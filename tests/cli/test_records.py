"""Records with a header (who played, when, the result), `play --resume`, and `--save`
checked before the first move."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

import colosseum
from colosseum.cli.records import load_record, recorded_players, tagged_record
from colosseum.core.errors import InvalidRecord

from .conftest import Invoke

OPTIONS = ["--option", "gladiators=1,2,3,5"]


def test_a_finished_record_names_the_players_the_date_and_the_result(
    invoke: Invoke, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    args = ["play", "ludus", "-p", "random,heuristic", "-s", "8", "--save", str(path)]
    assert invoke(args).exit_code == 0
    record = json.loads(path.read_text())
    tags = record["tags"]
    state = colosseum.replay(record)
    assert tags["players"] == {"0": "random", "1": "heuristic"}
    assert tags["humans"] == []
    assert tags["date"] == date.today().isoformat()
    winners = state.winners()
    expected = f"seat {winners[0]} wins" if len(winners) == 1 else tags["result"]
    assert tags["result"] == expected and tags["result"] != "*"
    assert tags["capped"] is state.capped()
    shown = invoke(["replay", str(path)]).stdout
    assert "seat 0 random, seat 1 heuristic" in shown
    assert f"result {tags['result']}" in shown


def test_a_capped_game_says_so(tmp_path: Path) -> None:
    state = colosseum.new_game("ludus", players=2, seed=1, options={"round_limit": "1"})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    tags = tagged_record(state, ["random", "random"])["tags"]
    assert tags["capped"] is True


def test_an_older_record_without_a_header_still_loads_and_replays(
    invoke: Invoke, tmp_path: Path
) -> None:
    state = colosseum.new_game("ludus", players=2, seed=5)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "old.json"
    path.write_text(json.dumps(state.record()))
    record = load_record(path)
    assert recorded_players(record) is None
    assert invoke(["replay", str(path)]).exit_code == 0
    refused = invoke(["play", "--resume", str(path)])
    assert refused.exit_code == 2
    assert "does not say who played: give --players" in refused.output
    resumed = invoke(["play", "--resume", str(path), "-p", "random,random"])
    assert resumed.exit_code == 0, resumed.output
    assert colosseum.replay(json.loads(path.read_text())).is_terminal()


@pytest.mark.parametrize(
    "tags",
    [[1, 2], {"players": {"zero": "random"}}, {"players": {"0": 3}}, {"humans": "0"}],
)
def test_a_broken_header_is_refused_by_name(tmp_path: Path, tags: object) -> None:
    state = colosseum.new_game("ludus", players=2, seed=5)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**state.record(), "tags": tags}))
    with pytest.raises(InvalidRecord, match=r"header|tags"):
        load_record(path)


def test_resume_continues_where_the_game_was_left(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS, "--names", "Ann"]
    first = invoke([*args, "--save", str(path)], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "hidden choices so far" in " ".join(first.stdout.split())
    before = json.loads(path.read_text())
    assert before["tags"]["players"] == {"0": "Ann", "1": "random"}
    assert before["tags"]["result"] == "*"
    again = invoke(["play", "--resume", str(path)], input="1\nquit\n")
    assert again.exit_code == 0, again.output
    after = json.loads(path.read_text())
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert len(after["actions"]) > len(before["actions"])
    assert after["tags"]["players"] == before["tags"]["players"]
    # Resuming shows the deciding seat's view: the rival's counters stay face down.
    assert "face down" in again.stdout


def test_a_finished_game_is_not_resumed(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert (
        invoke(["play", "ludus", "-p", "random,random", "-s", "2", "--save", str(path)]).exit_code
        == 0
    )
    refused = invoke(["play", "--resume", str(path)])
    assert refused.exit_code == 2
    assert "is over: colosseum replay" in refused.output


@pytest.mark.parametrize("where", ["missing/game.json", "."])
def test_a_bad_save_path_is_refused_before_the_first_move(
    invoke: Invoke, tmp_path: Path, where: str
) -> None:
    path = tmp_path / where
    result = invoke(["play", "ludus", "-p", "human,random", "-s", "3", "--save", str(path)], "1\n")
    assert result.exit_code == 2
    assert "cannot save the record to" in result.output
    assert "seat 0 ›" not in result.output  # refused before anything was asked


def test_the_record_is_kept_after_every_move(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS, "--save", str(path)]
    result = invoke(args, input="1\n")  # the input ends: the game is left, its moves kept
    assert result.exit_code == 0
    record = json.loads(path.read_text())
    assert record["actions"] and not colosseum.replay(record).is_terminal()


def test_names_must_match_the_human_seats(invoke: Invoke) -> None:
    result = invoke(["play", "ludus", "-p", "human,random", "--names", "Ann,Bob"])
    assert result.exit_code == 2
    assert "2 names for 1 human seats" in result.output
