"""A campaign: its ludi's record sheets, rebuilt from the campaign's stored events.

Every change to a sheet is an event (`EVENT_KINDS`). `Campaign.record` first tries the event on
a copy of the sheets, so an impossible request raises `CareerError` and neither the store nor
the sheets change; then it stores it, appended only if nobody stored an event since the
campaign was read (`colosseum.store`'s expected sequence number). Otherwise the campaign is
read again, the event checked again against the latest sheets, and stored or refused with
"the campaign changed: ...". Events recorded inside `Campaign.unit()` are stored together in
one transaction. `Campaign.open` starts from the latest snapshot stored beside the log
(`snapshot.py`: written with the events it covers, every `snapshot_every` events) and replays
the events after it, so the sheets are always what the history says, and reading a campaign
costs the same at its thousandth combat as at its first; an event that does not replay is
named (`BrokenEvent`). Older events are read from the store when asked for (`log`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..store import Conflict, NameTaken, NewEvent, StoredEvent
from ..store.records import CampaignRow, Snapshot
from .data import Tables, load_tables
from .events import APPLY, EVENT_KINDS, Payload
from .progress import CombatInProgress, track
from .sheet import CareerError, Sheet
from .snapshot import Ledger, UnreadableSnapshot, decode, encode, rules_version, storage

if TYPE_CHECKING:
    from ..store import Store
    from ..store.quick import QuickStore

    Stored = Store | QuickStore  # a reader of SQLite without SQLAlchemy reads campaigns too

__all__ = [
    "APPLY",
    "EVENT_KINDS",
    "MODES",
    "BrokenEvent",
    "Campaign",
    "CampaignChanged",
    "find_campaign",
]

# Appendix III, "Organizing Careers Mode Campaigns": the three ways to run a campaign.
MODES = ("free", "tournament", "two-player")
_RETRIES = 200  # appends tried again after another writer, before giving up


def find_campaign(store: Stored, name: str) -> CampaignRow:
    """The stored campaign of this name; CareerError naming the campaigns there are if none."""
    row = store.campaigns.find(name)
    if row is None:
        known = ", ".join(store.campaigns.names()) or "none yet"
        raise CareerError(f"no campaign named {name.strip()!r} (campaigns: {known})")
    return row


class CampaignChanged(CareerError):
    """Another command stored events first and the request no longer fits the campaign."""


@dataclass(frozen=True, slots=True)
class BrokenEvent:
    """The first stored event that does not replay: its number, kind and why."""

    seq: int
    kind: str
    why: str

    def __str__(self) -> str:
        return f"event #{self.seq} ({self.kind}) does not replay: {self.why}"


class BrokenCampaign(CareerError):
    """A campaign whose history holds an event that does not replay."""


def _apply_checked(sheets: dict[str, Sheet], kind: str, payload: Payload) -> None:
    """APPLY[kind], every failure a CareerError naming the field."""
    apply = APPLY.get(kind)
    if apply is None:
        raise CareerError(f"unknown event {kind!r} (events: {', '.join(EVENT_KINDS)})")
    try:
        apply(sheets, payload)
    except CareerError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise CareerError(f"event {kind!r} is missing or has a wrong field: {error!r}") from None


@dataclass(slots=True)
class _Mark:
    """The campaign as it was: restored when a unit fails."""

    sheets: dict[str, Sheet]
    combats: dict[int, CombatInProgress]
    recent: int
    seq: int


class Campaign:
    """One campaign of a store: its settings, its ludi's sheets, its combats in progress and
    its `ledger`, as of event `seq`; `recent`: the events read after the snapshot it started
    from, and those it stored; `notes`: what reading it found to repair (a stale snapshot)."""

    def __init__(self, store: Stored, key: int, name: str, settings: dict[str, Any]) -> None:
        self.store = store
        self.key = key
        self.name = name
        self.settings = settings
        self.sheets: dict[str, Sheet] = {}
        self.combats: dict[int, CombatInProgress] = {}
        self.ledger = Ledger()
        self.recent: list[StoredEvent] = []
        self.seq = 0
        self.broken: BrokenEvent | None = None
        self.notes: list[str] = []
        self._base: Snapshot | None = None  # the snapshot this campaign was read from
        self._kept = 0  # the number of the event of the newest snapshot known
        self._pending: list[NewEvent] | None = None

    # --- opening --------------------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, name: str, **options: Any) -> Campaign:
        """A new, empty campaign under the settings `options` ask for (`campaign_settings`)."""
        return cls.found(store, name, campaign_settings(**options))

    @classmethod
    def found(
        cls, store: Store, name: str, settings: dict[str, Any], first: Sequence[NewEvent] = ()
    ) -> Campaign:
        """A new campaign with its `first` events (checked first), stored in one transaction:
        a refused event leaves no campaign behind."""
        if not name.strip():
            raise CareerError("a campaign needs a name")
        trial = cls(store, 0, name.strip(), settings)
        prepared = [NewEvent(e.kind, trial._prepared(e.kind, e.payload)) for e in first]
        for event in prepared:
            trial.sheets, trial.combats = trial._applied(event.kind, event.payload, trial.seq + 1)
            trial.seq += 1
        try:
            row, stored = store.campaigns.create(name, settings, prepared)
        except NameTaken as error:
            raise CareerError(str(error)) from None
        campaign = cls(store, row.id, row.name, row.settings)
        campaign.replay(stored)
        return campaign

    @classmethod
    def open(cls, store: Stored, name: str, strict: bool = True) -> Campaign:
        """The campaign as its stored events make it; `strict`: BrokenCampaign if one of them
        does not replay (else the sheets stop before it and `broken` names it)."""
        row = find_campaign(store, name)
        campaign = cls(store, row.id, row.name, row.settings)
        campaign._start(*store.campaigns.read(row.id))
        if strict:
            campaign.require_sound()
        return campaign

    def _start(self, snapshot: Snapshot | None, after: list[StoredEvent], last: int) -> None:
        """Read from `snapshot` and the events `after` it; a snapshot that cannot be trusted
        (other rules, unreadable, past the log's end) is replaced by one replayed anew."""
        problem = None if snapshot is None else _distrust(snapshot, last)
        if snapshot is not None and problem is None:
            try:
                self.sheets, self.combats, self.ledger = decode(snapshot.state)
                self.seq = self._kept = snapshot.seq
                self._base = snapshot
            except UnreadableSnapshot as error:
                problem = f"does not read ({error})"
        if problem is not None:
            after = self.store.campaigns.load(self.key)
        self.replay(after)
        if problem is not None or self.seq - self._kept >= storage().snapshot_every:
            kept = self.keep_snapshot(replace=problem is not None)
            if problem is not None:
                self.notes.append(
                    f"the stored snapshot of {self.name!r} {problem}: the campaign was read "
                    f"from its first event{' and a new snapshot kept' if kept else ''}"
                )

    def keep_snapshot(self, replace: bool = False) -> bool:
        """Store this campaign's state as a snapshot of event `seq` (not for a broken
        campaign), unless one as new is kept already (`replace`: even then); whether it was."""
        if self.broken is not None or self._pending is not None or self.seq == 0:
            return False
        state = encode(self.sheets, self.combats, self.ledger)
        snapshot = Snapshot(self.seq, rules_version(), state)
        kept = self.store.campaigns.keep_snapshot(self.key, snapshot, replace)
        if kept:
            self._kept = self.seq
        return kept

    def log(self, kinds: Sequence[str] | None = None) -> list[StoredEvent]:
        """The whole stored log (of these `kinds`), oldest first: read from the store."""
        return self.store.campaigns.load(self.key, kinds=kinds)

    def require_sound(self) -> None:
        if self.broken is not None:
            raise BrokenCampaign(
                f"campaign {self.name!r}: {self.broken} (colosseum career verify names it; "
                "history and export still read it)"
            )

    def refresh(self) -> None:
        """Apply the events stored since this campaign was read."""
        self.replay(self.store.campaigns.load(self.key, after=self.seq))

    def replay(self, stored: Sequence[StoredEvent]) -> None:
        """Apply stored events in place (fast); the first that fails is applied again on
        copies of the sheets as they were, so the sheets stop just before it."""
        sheets = dict(self.sheets)
        for event in stored:
            self.recent.append(event)
            self.seq = event.seq
            self.ledger.note(event.kind, event.payload)
            if self.broken is not None:
                continue
            before = (self.sheets, self.combats)
            try:
                _apply_checked(sheets, event.kind, event.payload)
                self.combats = track(self.combats, sheets, event.seq, event.kind, event.payload)
                self.sheets = sheets
            except (CareerError, KeyError, TypeError, ValueError) as error:
                self.sheets, self.combats = before
                self.broken = BrokenEvent(event.seq, event.kind, _reason(event, error))
        if self.broken is not None:
            self._rebuild()

    def _rebuild(self) -> None:
        """The sheets and combats of the events before the broken one, each a fresh copy
        (an event that failed half-way may have changed a sheet in place)."""
        assert self.broken is not None
        sheets: dict[str, Sheet] = {}
        combats: dict[int, CombatInProgress] = {}
        if self._base is not None:
            sheets, combats, _ = decode(self._base.state)
        for event in self.recent:
            if event.seq >= self.broken.seq:
                break
            sheets, combats = _applied_to(sheets, combats, event.kind, event.payload, event.seq)
        self.sheets, self.combats = sheets, combats

    # --- lanistae ---------------------------------------------------------------------------

    def lanista(self, name: str) -> str:
        """The lanista of this campaign called `name` (trimmed, ignoring case)."""
        wanted = name.strip().casefold()
        for lanista in self.sheets:
            if lanista.casefold() == wanted:
                return lanista
        known = ", ".join(self.sheets) or "none yet"
        raise CareerError(f"no ludus of {name.strip()!r} in {self.name!r} (ludi: {known})")

    def combat_of(self, lanista: str) -> CombatInProgress | None:
        """The combat in progress `lanista` fights in, if any."""
        return next((c for c in self.combats.values() if lanista in c.lanistae), None)

    # --- recording --------------------------------------------------------------------------

    def record(self, kind: str, payload: Payload) -> StoredEvent:
        """Check the event on a copy, then store it (at once, or with the unit around it) and
        apply it; CareerError changes nothing."""
        if self._pending is None:
            with self.unit():
                self.record(kind, payload)
            return self.recent[-1]
        self.require_sound()
        payload = self._prepared(kind, payload)
        seq = self.seq + len(self._pending) + 1
        self.sheets, self.combats = self._applied(kind, payload, seq)
        self._pending.append(NewEvent(kind, payload))
        return StoredEvent(seq, kind, payload, _now())

    @contextmanager
    def unit(self, watch: Sequence[str] = ()) -> Iterator[None]:
        """Store the events recorded inside together, in one transaction, at the end. If
        another command stored events since, the campaign is read again and the events
        checked again: refused (`CampaignChanged`) when a `watch`ed ludus changed or an event
        no longer fits; an exception inside stores nothing and restores the campaign."""
        if self._pending is not None:
            yield
            return
        mark = _Mark(self.sheets, self.combats, len(self.recent), self.seq)
        before = {n: self.sheets[n].to_json() for n in watch if n in self.sheets}
        self._pending = []
        try:
            yield
        except BaseException:
            self._restore(mark)
            raise
        pending, self._pending = self._pending, None
        self._commit(mark, pending, before)

    def _commit(self, mark: _Mark, pending: list[NewEvent], before: dict[str, Any]) -> None:
        """Store `pending` after event `mark.seq`. Events another command stored first are
        applied and `pending` checked again after them inside the append's transaction (one
        turn at the database, not a retry); only a failed transaction is tried again."""

        snapshot: Payload | None = None

        def rebase(newer: list[StoredEvent]) -> Payload | None:
            nonlocal mark, snapshot
            self._restore(mark)
            self.replay(newer)
            self.require_sound()
            self._recheck(pending, before)
            mark = self._reapplied(pending)
            snapshot = self._snapshot_after(pending)
            return snapshot

        for _ in range(_RETRIES):
            snapshot = self._snapshot_after(pending)
            try:
                stored = self.store.campaigns.append(
                    self.key, mark.seq, pending, snapshot, rules_version(), rebase
                )
            except Conflict as conflict:
                self._restore(mark)
                if conflict.found is None:
                    raise CampaignChanged(
                        f"the campaign changed: {self.name!r} was deleted"
                    ) from None
                self.refresh()
                self.require_sound()
                self._recheck(pending, before)
                mark = self._reapplied(pending)
                continue
            self.recent.extend(stored)
            for done in stored:
                self.ledger.note(done.kind, done.payload)
            self.seq = stored[-1].seq if stored else self.seq
            if snapshot is not None:
                self._kept = self.seq
            return
        self._restore(mark)
        raise CampaignChanged(
            f"the campaign changed {_RETRIES} times while storing (many writers at once); "
            "nothing was stored: repeat the command"
        )

    def _reapplied(self, pending: list[NewEvent]) -> _Mark:
        """The campaign as read now (its mark), with `pending` applied after it."""
        mark = _Mark(self.sheets, self.combats, len(self.recent), self.seq)
        for i, event in enumerate(pending, 1):
            self.sheets, self.combats = self._applied(event.kind, event.payload, self.seq + i)
        return mark

    def _snapshot_after(self, pending: list[NewEvent]) -> Payload | None:
        """The state to keep with `pending` (the sheets and combats have them applied), when
        they bring the log `snapshot_every` events past the newest snapshot."""
        after = self.seq + len(pending)
        if not pending or after - self._kept < storage().snapshot_every:
            return None
        ledger = Ledger.from_json(self.ledger.to_json())
        for event in pending:
            ledger.note(event.kind, event.payload)
        return encode(self.sheets, self.combats, ledger)

    def _recheck(self, pending: list[NewEvent], before: dict[str, Any]) -> None:
        """After a conflict: the watched ludi as they were, every event still possible."""
        for lanista, sheet in before.items():
            now = self.sheets.get(lanista)
            if now is None or now.to_json() != sheet:
                last = next(
                    (e for e in reversed(self.recent) if e.payload.get("lanista") == lanista),
                    None,
                )
                where = "" if last is None else f" (event #{last.seq}, {last.kind})"
                raise CampaignChanged(
                    f"the campaign changed: {lanista}'s ludus changed meanwhile{where}; "
                    "nothing of this step was stored: look at it again and repeat the step"
                )
        sheets, combats = self.sheets, self.combats
        try:
            for i, event in enumerate(pending, 1):
                sheets, combats = _applied_to(
                    sheets, combats, event.kind, event.payload, self.seq + i
                )
        except CareerError as error:
            raise CampaignChanged(
                f"the campaign changed: {error}; nothing was stored: repeat the command on the "
                "campaign as it is now"
            ) from None

    def _restore(self, mark: _Mark) -> None:
        self.sheets, self.combats, self.seq = mark.sheets, mark.combats, mark.seq
        del self.recent[mark.recent :]
        self._pending = None

    def _applied(
        self, kind: str, payload: Payload, seq: int
    ) -> tuple[dict[str, Sheet], dict[int, CombatInProgress]]:
        return _applied_to(self.sheets, self.combats, kind, payload, seq)

    def _prepared(self, kind: str, payload: Payload) -> Payload:
        if kind == "ludus_created":
            return self._new_ludus(payload)
        return payload

    def _new_ludus(self, payload: Payload) -> Payload:
        """A new ludus under the campaign's settings: at most two in a two-player career; its
        lanista's name trimmed, its starting aurei written into the event, so the replay needs
        no settings."""
        if self.settings.get("mode") == "two-player" and len(self.sheets) >= 2:
            raise CareerError(
                f"a two-player career has two ludi ({', '.join(self.sheets)}); the virtual "
                "ludi they fight are not campaign ludi"
            )
        payload = {**payload, "lanista": str(payload.get("lanista", "")).strip()}
        start = self.settings.get("starting_aurei")
        if start is None:
            return payload
        given = payload.get("aurei", start)
        if given != start:
            raise CareerError(
                f"every ludus of this campaign starts with {start} aurei, not {given}"
            )
        return {**payload, "aurei": start}


def _distrust(snapshot: Snapshot, last: int) -> str | None:
    """Why `snapshot` cannot be used before reading it, or None."""
    if snapshot.rules != rules_version():
        return "was taken under other rules"
    if snapshot.seq > last:
        return f"is of event #{snapshot.seq}, past the log's last (#{last})"
    return None


def _reason(event: StoredEvent, error: Exception) -> str:
    if isinstance(error, CareerError):
        return str(error)
    return f"event {event.kind!r} is missing or has a wrong field: {error!r}"


def _applied_to(
    sheets: dict[str, Sheet],
    combats: dict[int, CombatInProgress],
    kind: str,
    payload: Payload,
    seq: int,
) -> tuple[dict[str, Sheet], dict[int, CombatInProgress]]:
    """New sheets and combats with the event applied; the given ones unchanged (only the
    sheet the event names is copied)."""
    trial = dict(sheets)
    lanista = payload.get("lanista") if isinstance(payload, dict) else None
    if isinstance(lanista, str) and lanista in trial:
        trial[lanista] = copy.deepcopy(trial[lanista])
    elif kind not in (
        "ludus_created",
        "roll",
        "combat",
        "combat_begun",
        "combat_step",
        "combat_ended",
    ):
        trial = copy.deepcopy(trial)
    _apply_checked(trial, kind, payload)
    try:
        return trial, track(combats, trial, seq, kind, payload)
    except CareerError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise CareerError(f"event {kind!r} is missing or has a wrong field: {error!r}") from None


def _now() -> datetime:
    return datetime.now(UTC)


def campaign_settings(
    glory_target: int = 10,
    dice: str = "program",
    *,
    mode: str = "free",
    starting_aurei: int | None = None,
    fixed_rewards: bool = False,
    fixed_arena_roll: bool = False,
    rounds: int | None = None,
    tables: Tables | None = None,
) -> dict[str, Any]:
    """The checked settings of a new campaign (Appendix III): `mode` free, tournament or
    two-player; a tournament's options: the starting aurei (default the book's 50), set
    rewards by arena, the arena total fixed at 7 (plus the munerarii) and its number of Swiss
    rounds (default 6)."""
    tables = tables or load_tables()
    if not _is_int(glory_target) or glory_target < 1:
        raise CareerError(f"the Glory target is a whole number of at least 1, not {glory_target!r}")
    if dice not in ("program", "table"):
        raise CareerError("dice are rolled by the 'program' or at the 'table'")
    if mode not in MODES:
        raise CareerError(f"unknown campaign mode {mode!r}; modes: {', '.join(MODES)}")
    for option, value in (("fixed_rewards", fixed_rewards), ("fixed_arena_roll", fixed_arena_roll)):
        if not isinstance(value, bool):
            raise CareerError(f"{option} is true or false, not {value!r}")
    if mode != "tournament":
        chosen = [
            option
            for option, value in (
                ("starting_aurei", starting_aurei),
                ("fixed_rewards", fixed_rewards or None),
                ("fixed_arena_roll", fixed_arena_roll or None),
                ("rounds", rounds),
            )
            if value is not None
        ]
        if chosen:
            raise CareerError(
                f"{', '.join(chosen)}: tournament options (Appendix III), not for a {mode} "
                "campaign; use mode='tournament'"
            )
    start = tables.start.aurei if starting_aurei is None else starting_aurei
    if not _is_int(start) or not 0 <= start <= 1_000_000:
        raise CareerError(f"the starting aurei are 0 to 1,000,000, not {starting_aurei!r}")
    if mode == "tournament":
        rounds = tables.variants.tournament_rounds if rounds is None else rounds
        if not _is_int(rounds) or not 1 <= rounds <= 100:
            raise CareerError(f"a tournament has 1 to 100 rounds, not {rounds!r}")
    return {
        "glory_target": glory_target,
        "dice": dice,
        "mode": mode,
        "starting_aurei": start,
        "fixed_rewards": fixed_rewards,
        "fixed_arena_roll": fixed_arena_roll,
        "rounds": rounds,
    }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def standing_rows(campaign: Campaign) -> list[dict[str, Any]]:
    """Lanistae by Glory, then aurei after debts (Appendix III, "Tournaments")."""
    rows: list[dict[str, Any]] = []
    for sheet in campaign.sheets.values():
        debt = sheet.usury.amount if sheet.usury and sheet.usury.kind == "loan" else 0
        rows.append(
            {
                "lanista": sheet.lanista,
                "glory": sheet.glory,
                "aurei": sheet.aurei,
                "aurei_after_debts": sheet.aurei - debt,
                "popularity": sheet.popularity(),
                "gladiators": len(sheet.gladiators),
            }
        )
    rows.sort(key=lambda r: (-r["glory"], -r["aurei_after_debts"], r["lanista"]))
    return rows
