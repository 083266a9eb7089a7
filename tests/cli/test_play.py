"""`colosseum play` with computer agents and with a human at the keyboard; `colosseum replay`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import colosseum
from colosseum.cli.records import replay_moves

from .conftest import Invoke

OPTIONS = ["--option", "gladiators=1,2,3,5"]


def test_computers_play_to_the_end_and_the_record_replays(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = invoke(
        ["play", "ludus", "--players", "random,random", "--seed", "3", "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    assert "Record saved" in result.stdout
    # Nobody is at the keyboard: only what a spectator may see is shown.
    assert "your counter is" not in result.stdout
    record = json.loads(path.read_text())
    assert record["seed"] == 3
    state = colosseum.replay(record)
    assert state.is_terminal()
    assert f"seat {state.winners()[0]} (random) wins" in result.stdout or len(state.winners()) > 1

    shown = invoke(["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "ludus-gladiatorius" in shown.stdout
    assert record["actions"][-1] in shown.stdout
    assert f"{len(record['actions'])}." in shown.stdout


def test_same_seed_same_game(invoke: Invoke, tmp_path: Path) -> None:
    records = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        args = ["play", "ludus", "-p", "random,random", "-s", "11", "--save", str(path)]
        assert invoke(args).exit_code == 0
        records.append(json.loads(path.read_text()))
    assert records[0] == records[1]


def _first_decision_of_seat_0() -> list[str]:
    """The legal actions at seat 0's first decision (placements of its first gladiator)."""
    state = colosseum.new_game("ludus", players=2, seed=3, options={"gladiators": "1,2,3,5"})
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    return [str(action) for action in state.legal_actions()]


def _seat_0_actions(path: Path) -> list[str]:
    _, moves = replay_moves(json.loads(path.read_text()))
    return [notation for seat, notation in moves if seat == 0]


def test_human_chooses_by_number(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS, "--save", str(path)]
    result = invoke(args, input="99\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "No action numbered 99" in result.stdout
    assert "Game left unfinished" in result.stdout
    assert _seat_0_actions(path) == [_first_decision_of_seat_0()[0]]


def test_human_chooses_by_notation_after_an_illegal_entry(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    wanted = _first_decision_of_seat_0()[-1]  # a special action, e.g. "place D"
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS, "--save", str(path)]
    result = invoke(args, input=f"attack 9\n{wanted.upper()}\n")
    assert result.exit_code == 0, result.output
    assert "'attack 9' is not an action here" in result.stdout
    # The illegal entry changed nothing: the same decision was asked again, then played.
    assert result.stdout.count("seat 0 › ") >= 3
    assert _seat_0_actions(path) == [wanted]
    assert "your counter is" in result.stdout  # the human sees their own secret


def test_human_sees_only_their_own_view(invoke: Invoke) -> None:
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS]
    result = invoke(args, input="1\n1\n1\n1\n1\n")
    assert result.exit_code == 0
    assert re.search(r"View +seat 0", result.stdout)
    assert "spectator" not in result.stdout
    assert "(you)" in result.stdout


def test_end_of_input_quits_and_saves(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = invoke(["play", "ludus", "-p", "random,human", "-s", "3", "--save", str(path)], "")
    assert result.exit_code == 0
    assert "Game left unfinished" in result.stdout
    record = json.loads(path.read_text())
    assert not colosseum.replay(record).is_terminal()


def test_hot_seat_announces_each_human(invoke: Invoke) -> None:
    args = ["play", "ludus", "-p", "human,human", "-s", "3", *OPTIONS]
    result = invoke(args, input="\n1\n\n1\n\n1\n\n1\n")
    assert result.exit_code == 0
    assert "Pass the keyboard to seat 0" in result.stdout
    assert "Pass the keyboard to seat 1" in result.stdout


def test_replay_as_a_seat(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert (
        invoke(["play", "ludus", "-p", "random,random", "-s", "4", "--save", str(path)]).exit_code
        == 0
    )
    result = invoke(["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0
    assert re.search(r"View +seat 1", result.stdout)
    assert "1 (you)" in result.stdout
    bad = invoke(["replay", str(path), "--seat", "2"])
    assert bad.exit_code == 2
    assert "seat 2 is not in this 2-player game" in bad.stderr


def test_replay_of_broken_files(invoke: Invoke, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    not_json = tmp_path / "not.json"
    not_json.write_text("{ nope")
    not_record = tmp_path / "list.json"
    not_record.write_text("[1, 2]")
    bad_action = tmp_path / "bad.json"
    state = colosseum.new_game("ludus", players=2, seed=1)
    bad_action.write_text(json.dumps({**state.record(), "actions": ["attack 9"]}))
    for path, message in [
        (missing, "cannot read"),
        (not_json, "is not JSON"),
        (not_record, "not a game record"),
        (bad_action, "record action 1 ('attack 9') fails"),
        (tmp_path, "cannot read"),
    ]:
        result = invoke(["replay", str(path)])
        assert result.exit_code == 2, path
        assert message in result.stderr
        assert result.stderr.count("\n") == 1


def test_hint_at_the_line_prompt_ranks_three_actions(invoke: Invoke) -> None:
    args = ["play", "ludus", "-p", "human,random", "-s", "3", *OPTIONS]
    result = invoke(args, input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    ranked = [line for line in result.stdout.splitlines() if re.match(r"\s+[123]\. ", line)]
    assert len(ranked) == 3
    assert all("to win" in line or "not tried" in line for line in ranked)
    legal = _first_decision_of_seat_0()
    assert all(any(line.split(". ", 1)[1].startswith(n) for n in legal) for line in ranked)
