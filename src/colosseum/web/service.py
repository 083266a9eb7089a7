"""The table service: creating tables, seating players, accepting actions, records and
replays. It knows nothing of HTTP; `api.py` calls it and turns its errors into statuses.

A table is its stored record (game, options, seed, seats) and its log of actions. Every
accepted action is appended only if the log still has the length the client saw, and (for a
human seat) only if the seat still holds the token the request presented, in the same
transaction as the check, so two clients racing for one decision cannot both be applied and a
revoked invitation never acts. In memory each process keeps a `LiveTable` per table it serves,
loaded when first asked for (never all at start-up) and brought up to date from the store
before every decision.

Secrets: the seed of a table is drawn by the server and kept secret until the table is over
or abandoned; its commitment (`commitment.py`) is published from the start. Only a practice
table may have a seed its creator chose, and everyone sees that seed from the start.
A table whose last change is older than the idle time (`abandon_idle`) ends as abandoned:
nobody may act at it, it leaves the lobby, and its seed is revealed as for a finished game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from ..core.errors import ColosseumError, IllegalAction
from ..core.registry import game_definition, games, new_game
from ..store import HUMAN_DECIDES, Conflict, SeatRevoked, SeatRow, Store, TableClosed, TableRow
from ..store.clocks import Clocks
from ..store.table_rows import ENDED
from . import clocks
from .account_seats import Person, Planned, account_seat, my_games, plan_seat
from .commitment import new_salt
from .errors import (
    BadRequest,
    BadToken,
    NotAvailable,
    NotYourSeat,
    NotYourTurn,
    SeatTaken,
    StaleVersion,
    TableError,
    TableNotFound,
    Unreplayable,
)
from .live import LiveTable, Step, decider_of
from .lobby_watch import stale
from .resign import closed_reason, enforce
from .summaries import game_entry, lobby_summaries, seat_ratings, table_summary
from .table_rules import HUMAN, check_name, check_rated, clean_text, seat_kind, seat_name
from .tokens import matches, new_table_id, new_token, token_hash

CACHE_SIZE = 1000  # live tables kept in memory per process
LOBBY_SIZE = 200  # tables the lobby lists at most: the most recently active


class TableService:
    """Tables of one store, as seen by one server process."""

    def __init__(self, store: Store, now: Callable[[], datetime] | None = None) -> None:
        self.store = store
        self.now = now if now is not None else _utc_now  # tests give a fake clock
        self.clocks = Clocks(store.engine)
        self.timed_out: list[str] = []  # tables ended lazily by a clock, for the sweep to tell
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._guard = threading.Lock()  # guards the cache dict, not the tables

    # --- the catalogue ---------------------------------------------------------------------

    def catalogue(self) -> list[dict[str, Any]]:
        """Every game with the options a table may set over the network."""
        return [game_entry(info) for info in games().values()]

    # --- creating and joining ----------------------------------------------------------------

    def create(
        self,
        game: str,
        players: Sequence[object],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        private: bool = False,
        hints: bool = False,
        practice: bool = False,
        creator: Person | None = None,
        clock: object = None,
        rated: bool = False,
    ) -> tuple[TableRow, dict[int, str]]:
        """A new table; the tokens of its guests' seats by seat. A player is "human" (a
        guest's seat, by its link), an agent spec, or (for a signed-in `creator`) the
        creator's own seat `{"kind": "me"}` or one reserved for an account
        `{"kind": "account", "name": ...}`, which have no token (account_seats.py). Only a
        practice table may have a chosen `seed` (everyone sees it); other tables get a
        secret seed drawn here, committed to with a secret salt. `clock` is its time control
        (clocks.py); a person's clock starts once every seat is taken. A `rated` table
        moves its accounts' ratings when it ends (docs/web.md, "Ratings"): it takes no
        chosen seed and no hints, and each of its people's seats is an account's."""
        control = clocks.control(clock)
        if rated:
            check_rated(players, seed, hints, practice)
        if seed is not None and not practice:
            raise BadRequest(
                "a chosen seed lets anyone compute every hidden card: mark the table as "
                'practice ("practice": true, its seed shown to everyone) or leave the seed '
                "out"
            )
        try:
            info = game_definition(game).info
        except ColosseumError as error:
            raise BadRequest(str(error)) from None
        options = dict(options or {})
        for spec in info.options:
            if spec.local and spec.name in options and options[spec.name] != spec.default:
                raise BadRequest(f"option {spec.name} names a file on the server: not allowed")
        if names is not None and len(names) > len(players):
            raise BadRequest(f"{len(names)} names for {len(players)} players")
        for number, given in enumerate(names or ()):
            check_name(given, f"names[{number}]")
        planned = [
            plan_seat(self.store, n, given, creator, lambda kind: seat_kind(info.id, kind))
            for n, given in enumerate(players)
        ]
        kinds = [p.kind for p in planned]
        try:
            state = new_game(info.id, len(kinds), seed, options)
        except ColosseumError as error:
            raise BadRequest(str(error)) from None
        assert state.seed is not None
        tokens: dict[int, str] = {}
        seats = []
        for seat, plan in enumerate(planned):
            name = seat_name(names[seat] if names and seat < len(names) else "", seat, plan.kind)
            made = self._new_seat(seat, plan, name, tokens)
            left = clocks.initial(control, made.human)
            seats.append(dataclasses.replace(made, time_left_ms=left))
        now = self.now()
        waiting = any(s.human and not s.claimed for s in seats)
        status = "open" if waiting else ("over" if state.is_terminal() else "playing")
        row = TableRow(
            id=new_table_id(),
            game=info.id,
            version=state.version,
            players=len(kinds),
            options=dict(state.options),
            seed=state.seed,
            private=private,
            length=0,
            status=status,
            created=now,
            updated=now,
            seats=tuple(seats),
            hints=hints,
            practice=practice,
            salt=None if practice else new_salt(),
            decider=decider_of(state, seats),
            clock=control,
            rated=rated,
        )
        if status == "playing" and row.decider == HUMAN_DECIDES:
            row = dataclasses.replace(row, turn_started=now)
        self.store.tables.create(row)
        return row, tokens

    @staticmethod
    def _new_seat(seat: int, plan: Planned, name: str, tokens: dict[int, str]) -> SeatRow:
        """A new table's seat: a computer's, an account's (named by it, no token) or a
        guest's (a new token, kept in `tokens`)."""
        if plan.kind != HUMAN:
            return SeatRow(seat, plan.kind, name, None, True)
        if plan.account is not None:
            return SeatRow(seat, HUMAN, plan.name or name, None, plan.claimed, plan.account)
        tokens[seat] = new_token()
        return SeatRow(seat, HUMAN, name, token_hash(tokens[seat]), False)

    def join(
        self, table_id: str, seat: int | None, name: str, person: Person | None = None
    ) -> tuple[int, str]:
        """Sit in a free human seat from the lobby (the first free one when `seat` is None):
        a new token for it; the seat's invitation link no longer works. A signed-in
        `person` sits as his account (the seat is then his account's, named by it). A
        private table's seats are taken by invitation only; a seat reserved for an account
        by nobody else."""
        check_name(name, "name")
        live = self.table(table_id)
        if live.row.private:
            raise NotAvailable(
                f"table {table_id} is private: its seats are taken by invitation only "
                "(ask its creator for your seat's link)"
            )
        if live.row.status == "abandoned":
            raise NotAvailable(f"table {table_id} was abandoned: nobody may sit down any more")
        free = [s.seat for s in live.row.seats if s.free]
        if seat is None:
            if not free:
                raise SeatTaken(f"table {table_id} has no free seat")
            seat = free[0]
        if not 0 <= seat < live.row.players:
            raise BadRequest(f"table {table_id} has seats 0 to {live.row.players - 1}")
        if seat not in free:
            wanted = live.seat_row(seat)
            if wanted.account is not None and not wanted.claimed:
                raise SeatTaken(
                    f"seat {seat} of table {table_id} is reserved for {wanted.name}: it "
                    "opens for that account only"
                )
            raise SeatTaken(f"seat {seat} of table {table_id} is taken")
        token = new_token()
        shown = seat_name(name, seat, HUMAN) if person is None else person.name
        if person is None:
            self.refuse_account_name(shown)
        taken = self.store.tables.claim(
            table_id,
            seat,
            shown,
            token_hash(token),
            account=None if person is None else person.id,
            now=self.now(),
        )
        if not taken:
            raise SeatTaken(f"seat {seat} of table {table_id} was taken a moment ago")
        self.refresh_row(live)
        return seat, token

    # --- reading ------------------------------------------------------------------------------

    def table(self, table_id: str, sync: bool = True) -> LiveTable:
        """The live table, up to date with the store (unless `sync` is False and this
        process holds it already)."""
        with self._guard:
            live = self._live.get(table_id)
            if live is not None:
                self._live.move_to_end(table_id)
        if live is None:
            row = self.store.tables.find(table_id)
            if row is None:
                raise TableNotFound(f"no table {table_id!r}")
            live = LiveTable.start(row)
            live.now = self.now
            self._note_decider(live)
            with self._guard:
                live = self._live.setdefault(table_id, live)
                while len(self._live) > CACHE_SIZE:
                    self._live.popitem(last=False)
        elif not sync:
            return live
        self.sync(live)
        self.check_clock(live)
        return live

    def check_clock(self, live: LiveTable) -> bool:
        """End the table if its deciding seat ran out of time (`resign.enforce`); whether it did.
        A table ended here is noted for the clock sweep to tell its clients."""
        if live.row.clock is None or live.row.status not in ("open", "playing"):
            return False
        if enforce(self, live, self.now()):
            with self._guard:
                self.timed_out.append(live.row.id)
            return True
        return False

    def sweep_clocks(self) -> list[str]:
        """End every table whose deciding seat ran out of time (read from the store a batch
        at a time; a table is replayed only when its deadline may have passed) and the ids
        of every table ended by a clock since the last sweep, once each."""
        now = self.now()
        after = ""
        while True:
            rows = self.clocks.running(after)
            if not rows:
                break
            after = rows[-1].id
            for row in rows:
                bank = [s.time_left_ms for s in row.seats if s.time_left_ms is not None]
                assert row.turn_started is not None
                if not bank or now < row.turn_started + timedelta(milliseconds=min(bank)):
                    continue  # nobody's time can have run out yet
                try:
                    live = self.table(row.id, sync=False)
                    self.refresh_row(live)
                    self.sync(live)
                    self.check_clock(live)
                except TableError:
                    continue
        with self._guard:
            ended, self.timed_out = list(dict.fromkeys(self.timed_out)), []
        return ended

    def sync(self, live: LiveTable) -> None:
        """Apply the actions stored since this copy was last brought up to date."""
        with live.lock:
            self._catch_up(live)

    def _catch_up(self, live: LiveTable) -> None:
        """Under the table's lock: the actions stored since, or (an undo rewrote the log
        since this copy read it) the whole table again."""
        found = self.store.tables.since(live.row.id, live.version)
        if found is None:
            return
        length, undone, actions = found
        if undone == live.row.undone and length >= live.version:
            live.catch_up(actions)
            return
        row = self.store.tables.find(live.row.id)
        if row is not None:
            live.restart(row, self.store.tables.load(row.id))

    def refresh(self, table_id: str) -> LiveTable | None:
        """After another process changed the table: its seats and actions reloaded, if this
        process serves it."""
        with self._guard:
            live = self._live.get(table_id)
        if live is not None:
            self.refresh_row(live)
            self.sync(live)
        return live

    def knows(self, table_id: str, length: int) -> bool:
        """Whether this process holds the table with `length` actions already (a change
        it made itself); a length of -1 (the seats changed) is never known."""
        with self._guard:
            live = self._live.get(table_id)
        return live is not None and length >= 0 and live.version >= length

    def seat_of(
        self,
        live: LiveTable,
        token: str | None,
        account: int | None = None,
        wanted: int | None = None,
    ) -> int | None:
        """The seat a request stands for: its token's, else (a signed-in `account`) the
        account's seat (`wanted` when it holds several), else None: a spectator. A seat's
        first use of its invitation token sits someone in it, if the seat still holds that
        token when the store decides (a lobby join may take it a moment before); an
        account's first opening of a seat reserved for it takes it."""
        if token is None and account is None:
            if wanted is not None:
                raise BadToken(f"seat {wanted} is a person's: sign in, or send its token")
            return None
        row = self.store.tables.find(live.row.id)  # the seats as stored: a join may have
        if row is None:  # replaced a token in another process
            raise TableNotFound(f"no table {live.row.id!r}")
        if token is None:
            assert account is not None
            held = account_seat(row, account, wanted)
            if held is None:
                return None
            opened = not held.claimed and self.store.tables.open_reserved(
                row.id, held.seat, account, self.now()
            )
            if opened:
                self.refresh_row(live)
            return held.seat
        for seat in row.seats:
            if matches(seat.token_hash, token):
                if wanted is not None and wanted != seat.seat:
                    raise NotYourSeat(f"this token is seat {seat.seat}'s, not seat {wanted}'s")
                if not seat.claimed:
                    presented = seat.token_hash
                    if not self.store.tables.claim(
                        row.id, seat.seat, seat.name, None, presented=presented, now=self.now()
                    ) and not self._holds(row.id, seat.seat, token):
                        break
                    self.refresh_row(live)
                return seat.seat
        raise BadToken(f"this token is no seat of table {live.row.id}")

    def refuse_account_name(self, name: str) -> None:
        """A guest may not go by an account's name (he would pass for its owner)."""
        if self.store.accounts.by_name(name) is not None:
            raise BadRequest(
                f"name: {name!r} is an account's name: sign in as it, or choose another"
            )

    def my_tables(self, person: Person) -> list[dict[str, Any]]:
        """Every table where the account holds a seat, where it decides now first
        (account_seats.my_games)."""
        return my_games(self.store, person.id, self._deciding)

    def _deciding(self, row: TableRow) -> int | None:
        """The seat deciding at a table, from this process's copy (brought up to date only
        when the store holds more actions); None if it cannot be replayed."""
        try:
            live = self.table(row.id, sync=False)
            if live.version < row.length:
                self.sync(live)
        except TableError:
            return None
        with live.lock:
            return live.current()

    def _holds(self, table_id: str, seat: int, token: str) -> bool:
        """Whether the seat holds the token now, as stored."""
        row = self.store.tables.find(table_id)
        return row is not None and matches(row.seats[seat].token_hash, token)

    def state(
        self,
        table_id: str,
        token: str | None,
        since: int = 0,
        board: bool = True,
        account: int | None = None,
        wanted: int | None = None,
    ) -> dict[str, Any]:
        """The table as the request's seat sees it (`seat_of`)."""
        live = self.table(table_id)
        seat = self.seat_of(live, token, account, wanted)
        with live.lock:
            return live.payload(seat, since, board)

    def hint_request(
        self,
        table_id: str,
        token: str | None,
        account: int | None = None,
        wanted: int | None = None,
    ) -> tuple[LiveTable, int, int]:
        """The table, seat and version a hint is asked for, if the table offers hints and
        the decision is that seat's."""
        live = self.table(table_id)
        seat = self.seat_of(live, token, account, wanted)
        if not live.row.hints:
            raise NotAvailable("this table does not offer hints (its creator left them off)")
        with live.lock:
            if seat is None or live.state.current_player != seat:
                raise NotYourTurn(f"a hint is for the seat that decides, not {_who(seat)}")
            return live, seat, live.version

    def summary(self, table_id: str) -> dict[str, Any]:
        live = self.table(table_id)
        return table_summary(live, seat_ratings(self.store, [live.row]))

    def lobby(self) -> list[dict[str, Any]]:
        """Public tables not over (the `LOBBY_SIZE` most recently active): those with a free
        seat first; stale ones left out (lobby_watch.py `stale`: still playable by link)."""
        now = self.now()
        rows = self.store.tables.listed(["open", "playing"], limit=LOBBY_SIZE)
        rows = [row for row in rows if not stale(row, now)]
        rows.sort(key=lambda r: r.status != "open")
        return lobby_summaries(self.store, rows)

    # --- acting -------------------------------------------------------------------------------

    def act(
        self,
        table_id: str,
        seat: int | None,
        notation: str,
        version: int,
        token: str | None = None,
        account: int | None = None,
    ) -> LiveTable:
        """Play `notation` for `seat` if the table is still at `version`. `token` is the one
        the request presented: a human seat acts only with the token it holds when the store
        appends the action, or (without a token) for the signed-in `account` that holds the
        seat then (both checked in the append's transaction); with neither the seat must be
        a computer seat. The store decides: this copy is brought up to date first only when
        the client has seen more of it."""
        live = self.table(table_id, sync=False)
        if version > live.version:
            self.sync(live)
        if self.check_clock(live) or (live.row.outcome or {}).get("kind") == "timeout":
            raise clocks.TimedOut(clocks.late_reason(live.row))
        if live.row.status in ENDED:  # abandoned, or over by a resignation (resign.py)
            raise NotAvailable(closed_reason(live.row))
        if seat is not None and not 0 <= seat < live.row.players:
            raise BadRequest(f"table {table_id} has seats 0 to {live.row.players - 1}")
        if seat is not None and token is None and not live.seat_row(seat).computer:
            if account is None:
                raise BadToken(f"seat {seat} is a person's: act with its token")
            if live.seat_row(seat).account != account:
                raise NotYourSeat(f"seat {seat} of table {table_id} is not your account's")
        presented = None if token is None else token_hash(token)
        holder = account if token is None else None
        with live.lock:
            if version != live.version:
                raise StaleVersion(
                    f"the table is at version {live.version}, not {version}: "
                    "reload it and decide again"
                )
            state = live.state
            if seat is None or state.current_player != seat:
                whose = "nobody's (the game is over)"
                if state.current_player is not None:
                    whose = f"seat {state.current_player}'s"
                raise NotYourTurn(f"the decision is {whose}, not {_who(seat)}")
            trial = state.clone()
            try:
                action = trial.parse_action(notation)
                events = trial.apply(action)
            except IllegalAction:
                raise
            except ColosseumError as error:
                raise IllegalAction(str(error)) from None
            played = str(action)
            status = "over" if trial.is_terminal() else live.status()
            decider = decider_of(trial, live.row.seats)
            # The clock is written in the append's own transaction, computed from this
            # copy's row: the append checks the log is still `version` long, and only an
            # append changes a playing table's clock, so the row is the one stored.
            now = self.now()
            acted = clocks.left_ms(live.row, seat, seat, now)
            left = clocks.after_move(live.row, seat, now)
            started = now if decider == HUMAN_DECIDES and status == "playing" else None
            try:
                self.store.tables.append(
                    table_id,
                    version,
                    seat,
                    played,
                    status,
                    decider,
                    presented,
                    holder,
                    turn_started=started,
                    time_left_ms=left,
                    undone=live.row.undone,
                    acted_ms=acted,
                    at=now,
                )
            except Conflict:
                self._catch_up(live)
                raise StaleVersion(
                    f"another action was accepted first; the table is at version {live.version}"
                ) from None
            except SeatRevoked:
                if holder is not None:
                    raise NotYourSeat(
                        f"seat {seat} of table {table_id} is no longer your account's"
                    ) from None
                raise BadToken(
                    f"this token no longer holds seat {seat} of table {table_id}: "
                    "the seat was taken from the lobby"
                ) from None
            except TableClosed:
                stored = self.store.tables.find(table_id)  # ended by another process: say how
                reason = f"table {table_id} ended" if stored is None else closed_reason(stored)
                raise NotAvailable(reason) from None
            live.state = trial
            live.steps.append(Step(seat, played, events))
            moved = clocks.moved(live.row, seat, left, started)
            live.row = dataclasses.replace(
                moved, failure=None, decider=decider, length=version + 1, status=status
            )
        return live

    # --- start-up, failures and idle tables ----------------------------------------------------

    def awaiting_computer(self) -> list[str]:
        """The ids of the tables not over, not abandoned and not failed whose next decision
        is a computer seat's (one query: nothing is replayed), for start-up to wake."""
        return self.store.tables.awaiting_computer()

    def mark_failed(self, table_id: str, reason: str) -> None:
        """Note that the table stopped because a computer seat failed (`reason`, shown in
        its summary); it is not woken at start-up any more. An action accepted later clears
        the mark."""
        if not self.store.tables.mark_failed(table_id, clean_text(reason)):
            raise TableNotFound(f"no table {table_id!r}")
        with contextlib.suppress(Unreplayable):  # the mark is stored; its copy cannot follow
            self.refresh(table_id)

    def abandon_idle(self, idle: timedelta, now: datetime | None = None) -> list[str]:
        """Every table not over whose last action, join or creation is older than `idle`
        ends as abandoned: nobody may act or sit down at it, it leaves the lobby, and its
        seed (and salt) are shown as for a finished game. The ids of the tables it ended."""
        now = now if now is not None else datetime.now(UTC)
        ended = self.store.tables.abandon(now - idle)
        for table_id in ended:
            self.refresh(table_id)
        return ended

    def refresh_row(self, live: LiveTable) -> None:
        """Reload the table's row (its seats) into this process's copy."""
        row = self.store.tables.find(live.row.id)
        if row is not None:
            with live.lock:
                if row.undone != live.row.undone:
                    live.restart(row, self.store.tables.load(row.id))
                else:
                    live.row = row

    def _note_decider(self, live: LiveTable) -> None:
        """Keep who decides at a table loaded for the first time whose decider the store
        did not know (a table stored before it kept one)."""
        row = live.row
        if row.decider is None and row.status in ("open", "playing"):
            self.sync(live)
            with live.lock:
                decider, length = decider_of(live.state, row.seats), live.version
            self.store.tables.note_decider(row.id, length, decider)


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _who(seat: int | None) -> str:
    return "a spectator's" if seat is None else f"seat {seat}'s"
