"""`colosseum accounts ...`: the web server's accounts, for its operators (docs/cli.md,
"accounts"): `add`, `list`, `reset-password`, `disable` (or `--enable`) and `delete`.

A password is read from a prompt that does not echo it (asked twice), or from the first line
of standard input with `--password-stdin`; never from the command line, where other users of
the machine and the shell's history would see it. The database is `--database URL`, else
`COLOSSEUM_DATABASE_URL`, else colosseum.db in the user's data folder, as for `career`.
The store and the server's code are loaded only when a command runs.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from .common import DatabaseOpt, fail, open_store, print_where, stdout_console
from .extras import store_command

if TYPE_CHECKING:
    from ..store import AccountRow, Store

accounts_app = typer.Typer(
    name="accounts",
    help="The web server's accounts: add, list, reset-password, disable, delete.",
    no_args_is_help=True,
    add_completion=False,
)

NameArg = Annotated[str, typer.Argument(help="The account's name.", show_default=False)]
StdinOpt = Annotated[
    bool,
    typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input."
    ),
]


def _password(from_stdin: bool) -> str:
    """The password: stdin's first line (without its line end), or asked twice, hidden."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    entered: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    return entered


def _account(store: Store, name: str) -> AccountRow:
    from ..web.accounts_service import find

    return find(store, name)


def _status(account: AccountRow) -> str:
    return "deleted" if account.deleted else "disabled" if account.disabled else "active"


@accounts_app.command("add")
def add(
    name: NameArg,
    email: Annotated[
        str | None, typer.Option("--email", help="Where turns are mailed (optional).")
    ] = None,
    password_stdin: StdinOpt = False,
    database: DatabaseOpt = None,
) -> None:
    """A new account, with a password asked twice (or read with --password-stdin)."""
    with store_command("colosseum accounts"):
        from ..web.accounts_service import check_account_name, check_email, register, taken
        from ..web.passwords import check_password

        store = open_store(database)
        taken(store, check_account_name(name))  # refused before a password is asked for
        check_email(email)
        password = check_password(_password(password_stdin))
        account = register(store, name, password, email)
    stdout_console().print(f"Account {account.name!r} added.", soft_wrap=True)
    print_where(store, "Stored in")


@accounts_app.command("list")
def list_accounts(
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON on stdout.")] = False,
    database: DatabaseOpt = None,
) -> None:
    """Every account, oldest first: name, email, created, and whether disabled or deleted."""
    with store_command("colosseum accounts"):
        store = open_store(database)
        found = store.accounts.all()
    rows = [
        {
            "name": a.name,
            "email": a.email,
            "created": a.created.isoformat(timespec="seconds"),
            "status": _status(a),
        }
        for a in found
    ]
    if json_output:
        typer.echo(json.dumps(rows))
        return
    from rich.table import Table

    table = Table("name", "email", "created", "status")
    for row in rows:
        table.add_row(row["name"], row["email"] or "", row["created"], row["status"])
    console = stdout_console()
    console.print(table if rows else "No accounts.")
    print_where(store, "Accounts in")


@accounts_app.command("reset-password")
def reset_password(
    name: NameArg, password_stdin: StdinOpt = False, database: DatabaseOpt = None
) -> None:
    """A new password for the account (asked twice, or --password-stdin); every sign-in of
    the account ends."""
    with store_command("colosseum accounts"):
        from ..web.passwords import hash_password

        store = open_store(database)
        account = _account(store, name)
        store.accounts.set_password(account.id, hash_password(_password(password_stdin)), True)
    stdout_console().print(
        f"New password for {account.name!r}; its sign-ins have ended.", soft_wrap=True
    )


@accounts_app.command("disable")
def disable(
    name: NameArg,
    enable: Annotated[bool, typer.Option("--enable", help="Enable it again.")] = False,
    database: DatabaseOpt = None,
) -> None:
    """Disable the account: its sign-ins end and it may not sign in (--enable undoes it)."""
    with store_command("colosseum accounts"):
        store = open_store(database)
        account = _account(store, name)
        store.accounts.set_disabled(account.id, not enable)
    done = "enabled" if enable else "disabled; its sign-ins have ended"
    stdout_console().print(f"Account {account.name!r} {done}.", soft_wrap=True)


@accounts_app.command("delete")
def delete(
    name: NameArg,
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    database: DatabaseOpt = None,
) -> None:
    """Delete the account: its games keep their seats under the name "deleted player N";
    its email, password, passkeys and sign-ins are removed, and its name is free again."""
    with store_command("colosseum accounts"):
        store = open_store(database)
        account = _account(store, name)
        if not yes and not typer.confirm(f"Delete the account {account.name!r}?"):
            fail("nothing deleted")
        deleted = store.accounts.delete(account.id)
    renamed = deleted.name if deleted is not None else "?"
    stdout_console().print(
        f"Account {account.name!r} deleted; its games now show {renamed!r}.", soft_wrap=True
    )
