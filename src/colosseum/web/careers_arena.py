"""Where a web combat is fought ("The Combat"): at a Jugula table of this server, or on a
physical table whose result the lanistae type in (companion mode).

`PlatformArena`: each ludus's four and Sacerdos cards are asked of its lanista, then the table
is made under the id reserved in the combat's plan when it was drawn, with the options
`engine_options` gives (familiae, Vox Populi, Prima Jugula cards), dealt from a seed derived
from the combat's and committed to with a salt derived from the combat's (careers_secrets.py).
A person's seat opens with the seat token his combat page gives him, a computer's seat is
played by the server's computer players. Until the game is over the arena gives the step up
(`AtTable`: nobody waits for it); the step run again once it is over finds the table, reads
who was sent from its options (nobody is asked again) and the result from its events
(`combat_result`). A combat's table is never made twice: its id is the table's key.

`TableArena`: each ludus's four are asked of its lanista, the winners of the first person of
the combat, and each ludus's wounded and fallen (and by whose blow) of its own lanista.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from ..careers.arena import ArenaResult, choose_familia, combat_result, engine_options
from ..careers.data import load_tables
from ..careers.manager import Manager
from ..careers.sequence import familia_names, prima_choices
from ..careers.sheet import CareerError, Gladiator, Sheet
from ..core.actions import Event as GameEvent
from ..core.registry import new_game
from ..core.state import State
from ..games.jugula.data import load_catalog
from ..store import SeatRow, Store, TableRow
from ..store.table_rows import UNFINISHED
from . import careers_questions as forms
from .careers_runner import AtTable, CombatRunner
from .careers_secrets import seat_token, table_salt, table_seed
from .live import LiveTable, decider_of
from .service import TableService
from .table_rules import HUMAN
from .tokens import token_hash

GAME = "jugula"
SEAT_NAME = 40  # characters of a seat's name at the table

Wake = Callable[[LiveTable], None]  # let the table's computer seats think (thread-safe)


class PlatformArena:
    """The combat at a Jugula table of this server (see the module's docstring)."""

    def __init__(self, runner: CombatRunner, tables: TableService, wake: Wake) -> None:
        self.runner, self.tables, self.wake = runner, tables, wake

    def __call__(
        self, sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], per_ludus: Manager
    ) -> ArenaResult:
        plan = self.runner.plan
        table_id = str(plan["table"])
        store = self.tables.store
        row = store.tables.find(table_id)
        if row is None:
            chosen, options = self._choices(sheets, hired, per_ludus)
            row = _create(store, table_id, sheets, plan, options)
            self.wake(self.tables.table(table_id))
        else:
            chosen = familiae_of(str(row.options.get("familiae", "")), sheets, hired)
        if row.status in UNFINISHED:
            raise AtTable(table_id)
        state, events = _played(store, row)
        return combat_result(sheets, chosen, state, events)

    def _choices(
        self, sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], per_ludus: Manager
    ) -> tuple[list[list[Gladiator]], dict[str, object]]:
        """Each ludus's four and Sacerdos cards, asked of its manager; the table's options."""
        tables, catalog = load_tables(), load_catalog()
        names = familia_names(sheets, hired, per_ludus)
        prima = prima_choices(sheets, per_ludus)
        chosen = [
            choose_familia(s, n, tables, h) for s, n, h in zip(sheets, names, hired, strict=True)
        ]
        options = engine_options(sheets, chosen, tables, catalog, prima)
        turns = int(self.runner.plan.get("turn_limit") or 0)
        if turns:
            options["turn_limit"] = turns
        return chosen, options


def _create(
    store: Store,
    table_id: str,
    sheets: Sequence[Sheet],
    plan: dict[str, Any],
    options: dict[str, object],
) -> TableRow:
    """The combat's table under its reserved id: a person's seat taken already, its token
    the one his combat page gives him; a private table (not in the lobby, no seat to join),
    its seed derived from the combat's and committed to."""
    seed = table_seed(int(plan["seed"]))
    state = new_game(GAME, len(sheets), seed, options)
    specs = [str(s) for s in plan.get("players") or []]
    humans = {str(n) for n in plan.get("humans") or []}
    seats = []
    for seat, sheet in enumerate(sheets):
        kind = specs[seat].strip().lower() if seat < len(specs) else "heuristic"
        name = " ".join(sheet.lanista.split())[:SEAT_NAME] or f"Ludus {seat + 1}"
        if kind == HUMAN and sheet.lanista not in humans:
            raise CareerError(f"{sheet.lanista} plays in person but the combat does not ask him")
        token = token_hash(seat_token(plan, sheet.lanista)) if kind == HUMAN else None
        seats.append(SeatRow(seat, kind, name, token, True))
    now = datetime.now(UTC)
    row = TableRow(
        id=table_id,
        game=GAME,
        version=state.version,
        players=len(sheets),
        options=dict(state.options),
        seed=seed,
        private=True,
        length=0,
        status="over" if state.is_terminal() else "playing",
        created=now,
        updated=now,
        seats=tuple(seats),
        salt=table_salt(str(plan["salt"])),
        decider=decider_of(state, seats),
    )
    try:
        store.tables.create(row)
    except IntegrityError:  # made a moment ago by another server process
        found = store.tables.find(table_id)
        if found is None:
            raise
        return found
    return row


def familiae_of(
    spec: str, sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]]
) -> list[list[Gladiator]]:
    """Who each ludus sent, read back from a table's `familiae` option (an armatura is
    once in a ludus and its hired gladiators, so it names the gladiator)."""
    seats = spec.split("/")
    if len(seats) != len(sheets):
        raise CareerError("the combat's table does not hold these ludi")
    chosen = []
    for seat, entries in enumerate(seats):
        pool = {g.armatura: g for g in [*sheets[seat].gladiators, *hired[seat]]}
        try:
            chosen.append([pool[entry.split("+")[0]] for entry in entries.split(",")])
        except KeyError as missing:
            raise CareerError(
                f"the combat's table sends a {missing} that {sheets[seat].lanista}'s ludus lacks"
            ) from None
    return chosen


def _played(store: Store, row: TableRow) -> tuple[State, list[GameEvent]]:
    """The finished game replayed from the table's log, with every event it produced."""
    state = new_game(row.game, row.players, row.seed, row.options)
    events: list[GameEvent] = []
    for action in store.tables.load(row.id):
        events += state.apply(action.notation)
    if not state.is_terminal():
        raise CareerError(
            f"the combat's table {row.id} ended without a result ({row.status}): "
            "colosseum career resume can finish the combat at the terminal"
        )
    return state, events


class TableArena:
    """The combat on a physical table, entered on the lanistae's pages (companion mode)."""

    def __init__(self, runner: CombatRunner) -> None:
        self.runner = runner

    def __call__(
        self, sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], per_ludus: Manager
    ) -> ArenaResult:
        tables = load_tables()
        names = familia_names(sheets, hired, per_ludus)
        deployed = {
            sheet.lanista: tuple(g.name for g in choose_familia(sheet, named, tables, extra))
            for sheet, named, extra in zip(sheets, names, hired, strict=True)
        }
        everyone = [s.lanista for s in sheets]
        runner = self.runner
        winners = runner.ask(runner.humans[0], forms.winners(everyone), None)
        wounded: list[tuple[str, str]] = []
        bitten: list[tuple[str, str, str | None]] = []
        for lanista in (name for name in everyone if name in runner.humans):
            rivals = [other for other in everyone if other != lanista]
            hurt, fell = runner.ask(lanista, forms.falls(lanista, deployed[lanista], rivals), None)
            wounded += [(lanista, name) for name in hurt]
            bitten += [(lanista, name, by) for name, by in fell]
        return ArenaResult(tuple(winners), deployed, tuple(wounded), tuple(bitten))
