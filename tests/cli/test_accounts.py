"""`colosseum accounts` (issue 44, "Operators manage accounts from the CLI"): add with the
password asked twice without echo or read from stdin, never taken from the command line;
list (a table or JSON); reset-password, disable (and --enable) and delete, each ending the
account's sign-ins; a refusal is one `error:` line and changes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

pytest.importorskip("argon2", reason="the web extra is not installed")

from colosseum.store import Store
from colosseum.web.passwords import verify

from .conftest import Invoke

PASSWORD = "correct horse battery"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'colosseum.db'}"


def opened(database: str) -> Store:
    return Store(database)


def add(invoke: Invoke, database: str, name: str = "Ann", *more: str) -> None:
    args = ["accounts", "add", name, "--password-stdin", "--database", database, *more]
    result = invoke(args, input=PASSWORD + "\n")
    assert result.exit_code == 0, result.output


def password_of(database: str, name: str) -> str | None:
    store = opened(database)
    account = store.accounts.by_name(name)
    assert account is not None
    return store.accounts.password_hash(account.id)


def signed_in_once(database: str, name: str) -> str:
    """A sign-in of the account, as the server would keep it; its digest."""
    store = opened(database)
    account = store.accounts.by_name(name)
    assert account is not None
    store.accounts.add_sign_in("d" * 64, account.id, datetime.now(UTC) + timedelta(days=1))
    assert store.accounts.signed_in("d" * 64) is not None
    return "d" * 64


def test_add_asks_the_password_twice_without_echoing_it(invoke: Invoke, database: str) -> None:
    result = invoke(
        ["accounts", "add", "Ann", "--email", "ann@example.org", "--database", database],
        input=f"{PASSWORD}\n{PASSWORD}\n",
    )
    assert result.exit_code == 0, result.output
    assert "Account 'Ann' added." in result.output
    assert PASSWORD not in result.output
    assert "Password" in result.output and "Repeat" in result.output
    assert verify(password_of(database, "ann"), PASSWORD)
    account = opened(database).accounts.by_name("Ann")
    assert account is not None and account.email == "ann@example.org"


def test_add_refuses_two_passwords_that_differ(invoke: Invoke, database: str) -> None:
    result = invoke(
        ["accounts", "add", "Ann", "--database", database],
        input=f"{PASSWORD}\nanother password\n",
    )
    assert result.exit_code != 0
    assert "do not match" in result.output
    assert opened(database).accounts.by_name("Ann") is None


def test_add_reads_the_password_from_stdin(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    assert verify(password_of(database, "Ann"), PASSWORD)


def test_a_password_is_never_an_argument(invoke: Invoke, database: str) -> None:
    result = invoke(["accounts", "add", "Ann", "--password", PASSWORD, "--database", database])
    assert result.exit_code == 2 and "No such option" in result.output
    assert opened(database).accounts.by_name("Ann") is None


@pytest.mark.parametrize(
    ("name", "given", "words"),
    [
        ("Ann", "too short\n", "at least 10"),
        ("Ann\x1b", PASSWORD + "\n", "control"),
        ("x" * 41, PASSWORD + "\n", "at most 40"),
        ("deleted player 1", PASSWORD + "\n", "deleted"),
    ],
)
def test_add_refuses_a_bad_name_or_password(
    invoke: Invoke, database: str, name: str, given: str, words: str
) -> None:
    result = invoke(
        ["accounts", "add", name, "--password-stdin", "--database", database], input=given
    )
    assert result.exit_code == 2, result.output
    assert "error:" in result.output and words in result.output
    assert given.strip() not in result.output
    assert opened(database).accounts.all() == []


def test_add_refuses_a_taken_name_before_asking_a_password(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    result = invoke(["accounts", "add", " ANN ", "--database", database])  # no input at all
    assert result.exit_code == 2
    assert "taken" in result.output and "Password" not in result.output
    assert len(opened(database).accounts.all()) == 1


def test_add_refuses_a_bad_email(invoke: Invoke, database: str) -> None:
    args = ["accounts", "add", "Ann", "--email", "a@b@c", "--password-stdin"]
    result = invoke([*args, "--database", database], input=PASSWORD + "\n")
    assert result.exit_code == 2 and "email" in result.output
    assert opened(database).accounts.all() == []


def test_list_shows_every_account(invoke: Invoke, database: str, tmp_path: Path) -> None:
    assert "No accounts." in invoke(["accounts", "list", "--database", database]).output
    add(invoke, database, "Ann", "--email", "ann@example.org")
    add(invoke, database, "Bob")
    add(invoke, database, "Cid")
    assert invoke(["accounts", "disable", "Bob", "--database", database]).exit_code == 0
    assert invoke(["accounts", "delete", "Cid", "--yes", "--database", database]).exit_code == 0
    shown = invoke(["accounts", "list", "--database", database])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert any("Ann" in line and "ann@example.org" in line and "active" in line for line in lines)
    assert any("Bob" in line and "disabled" in line for line in lines)
    assert any("deleted player 3" in line and "deleted" in line for line in lines)
    assert str(tmp_path / "colosseum.db") in "".join(lines)
    rows = json.loads(invoke(["accounts", "list", "--json", "--database", database]).output)
    assert [(r["name"], r["email"], r["status"]) for r in rows] == [
        ("Ann", "ann@example.org", "active"),
        ("Bob", None, "disabled"),
        ("deleted player 3", None, "deleted"),
    ]
    assert all(datetime.fromisoformat(r["created"]) for r in rows)


def test_reset_password_ends_the_sign_ins(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    session = signed_in_once(database, "Ann")
    new = "a brand new password"
    result = invoke(
        ["accounts", "reset-password", "ann", "--database", database], input=f"{new}\n{new}\n"
    )
    assert result.exit_code == 0, result.output
    assert new not in result.output
    stored = password_of(database, "Ann")
    assert verify(stored, new) and not verify(stored, PASSWORD)
    assert opened(database).accounts.signed_in(session) is None


def test_reset_password_refuses_a_short_one(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    before = password_of(database, "Ann")
    result = invoke(
        ["accounts", "reset-password", "Ann", "--password-stdin", "--database", database],
        input="short\n",
    )
    assert result.exit_code == 2 and "at least 10" in result.output
    assert password_of(database, "Ann") == before


def test_disable_ends_the_sign_ins_and_enable_undoes_it(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    session = signed_in_once(database, "Ann")
    result = invoke(["accounts", "disable", "Ann", "--database", database])
    assert result.exit_code == 0 and "disabled" in result.output
    account = opened(database).accounts.by_name("Ann")
    assert account is not None and account.disabled
    assert opened(database).accounts.signed_in(session) is None
    assert invoke(["accounts", "disable", "Ann", "--enable", "--database", database]).exit_code == 0
    account = opened(database).accounts.by_name("Ann")
    assert account is not None and not account.disabled


def test_delete_asks_first_and_keeps_the_row_renamed(invoke: Invoke, database: str) -> None:
    add(invoke, database)
    session = signed_in_once(database, "Ann")
    kept = invoke(["accounts", "delete", "Ann", "--database", database], input="n\n")
    assert kept.exit_code == 2 and "nothing deleted" in kept.output
    assert opened(database).accounts.signed_in(session) is not None
    done = invoke(["accounts", "delete", "Ann", "--database", database], input="y\n")
    assert done.exit_code == 0, done.output
    assert "'deleted player 1'" in done.output
    account = opened(database).accounts.get(1)
    assert account is not None and account.deleted and account.name == "deleted player 1"
    assert opened(database).accounts.signed_in(session) is None
    assert opened(database).accounts.password_hash(1) is None


@pytest.mark.parametrize("command", ["reset-password", "disable", "delete"])
def test_an_unknown_account_is_one_error_line(invoke: Invoke, database: str, command: str) -> None:
    result = invoke(["accounts", command, "Nobody", "--database", database], input="")
    assert result.exit_code == 2
    assert "error: no account is named 'Nobody'" in result.output
