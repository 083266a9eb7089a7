"""A campaign: its ludi's record sheets, rebuilt from the campaign's stored events.

Every change to a sheet is an event (`EVENT_KINDS`). `Campaign.record` first tries the event on
a copy of the sheets, so an impossible request raises `CareerError` and neither the store nor
the sheets change; then it stores the event and only then applies it. `Campaign.open` replays
the stored events, so the sheets are always what the history says.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .data import Tables, load_tables
from .sheet import CareerError, Gladiator, Sheet, new_sheet
from .store import Store, StoredEvent

Payload = dict[str, Any]
# Appendix III, "Organizing Careers Mode Campaigns": the three ways to run a campaign.
MODES = ("free", "tournament", "two-player")


def _ludus_created(sheets: dict[str, Sheet], data: Payload) -> None:
    lanista = str(data["lanista"])
    if lanista in sheets:
        raise CareerError(f"the campaign already has a ludus of {lanista!r}")
    pairs = [(str(name), str(armatura)) for name, armatura in data["gladiators"]]
    aurei = data.get("aurei")  # the campaign's start (a tournament's), absent: the book's 50
    start = None if aurei is None else int(aurei)
    sheets[lanista] = new_sheet(lanista, pairs, str(data["servitor"]), aurei=start)


def _sheet(sheets: dict[str, Sheet], data: Payload) -> Sheet:
    lanista = str(data["lanista"])
    sheet = sheets.get(lanista)
    if sheet is None:
        known = ", ".join(sheets) or "none yet"
        raise CareerError(f"no ludus of {lanista!r} in this campaign (ludi: {known})")
    return sheet


def _roll(sheets: dict[str, Sheet], data: Payload) -> None:
    """A roll of the dice, by the program or from the table: kept for the history only."""
    if data.get("source") not in ("program", "table"):
        raise CareerError("a roll comes from the program or from the table")
    if not all(isinstance(d, int) and 1 <= d <= 6 for d in data.get("dice", [])):
        raise CareerError(f"dice are 1 to 6, got {data.get('dice')!r}")


def _gladiator_added(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).add_gladiator(Gladiator.from_json(data["gladiator"]))


def _gladiator_removed(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).remove_gladiator(str(data["name"]))


def _upgrade(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).add_upgrade(str(data["name"]), str(data["upgrade"]))


def _experience(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).gain_experience(str(data["name"]), int(data["points"]))


def _condition(sheets: dict[str, Sheet], data: Payload) -> None:
    sheet = _sheet(sheets, data)
    sheet.set_condition(str(data["name"]), bool(data["wounded"]), bool(data["convalescent"]))


def _paid(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).pay(int(data["aurei"]), str(data["why"]))


def _earned(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).earn(int(data["aurei"]))


def _servitor(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).set_servitor(str(data["code"]), int(data["stars"]))


def _servitor_hired(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).hire_servitor(str(data["code"]), int(data["stars"]))


def _hired_released(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).release_servitor(str(data["code"]))


def _usury_taken(sheets: dict[str, Sheet], data: Payload) -> None:
    sheet = _sheet(sheets, data)
    sheet.take_usury(str(data["kind"]), int(data["amount"]), int(data.get("interest", 0)))


def _usury_settled(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).settle_usury()


def _criterion(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).score_criterion(str(data["code"]))


def _glory(sheets: dict[str, Sheet], data: Payload) -> None:
    _sheet(sheets, data).gain_glory(int(data["amount"]))


def _ludus_closed(sheets: dict[str, Sheet], data: Payload) -> None:
    """Bankrupt: everything sold and still short; the lanista leaves the campaign."""
    sheet = _sheet(sheets, data)
    if sheet.gladiators or sheet.owned_servitors():
        raise CareerError(f"{sheet.lanista}'s ludus closes only once everything is sold")
    del sheets[sheet.lanista]


def _combat(sheets: dict[str, Sheet], data: Payload) -> None:
    """A combat's arena, reward and result: kept for the history (the gazette)."""
    for lanista in data["lanistae"]:
        _sheet(sheets, {"lanista": lanista})


APPLY: dict[str, Callable[[dict[str, Sheet], Payload], None]] = {
    "ludus_created": _ludus_created,
    "gladiator_added": _gladiator_added,
    "gladiator_removed": _gladiator_removed,
    "upgrade": _upgrade,
    "experience": _experience,
    "condition": _condition,
    "paid": _paid,
    "earned": _earned,
    "servitor": _servitor,
    "servitor_hired": _servitor_hired,
    "hired_released": _hired_released,
    "usury_taken": _usury_taken,
    "usury_settled": _usury_settled,
    "criterion": _criterion,
    "roll": _roll,
    "glory": _glory,
    "combat": _combat,
    "ludus_closed": _ludus_closed,
}
EVENT_KINDS = tuple(APPLY)


class Campaign:
    """One campaign of a store: its settings, its ludi's sheets and its history."""

    def __init__(self, store: Store, key: int, name: str, settings: dict[str, Any]) -> None:
        self.store = store
        self.key = key
        self.name = name
        self.settings = settings
        self.sheets: dict[str, Sheet] = {}
        self.history: list[StoredEvent] = []

    @classmethod
    def create(cls, store: Store, name: str, **options: Any) -> Campaign:
        """A new, empty campaign under the settings `options` ask for, as `campaign_settings`
        checks them (`glory_target`, who rolls the `dice`, the `mode` and its options)."""
        settings = campaign_settings(**options)
        key = store.create_campaign(name, settings)
        return cls(store, key, name.strip(), settings)

    @classmethod
    def open(cls, store: Store, name: str) -> Campaign:
        """The campaign as its stored events make it."""
        key, settings = store.campaign(name)
        campaign = cls(store, key, name, settings)
        for stored in store.events(key):
            APPLY[stored.kind](campaign.sheets, stored.payload)
            campaign.history.append(stored)
        return campaign

    def record(self, kind: str, payload: Payload) -> StoredEvent:
        """Check the event on a copy, store it, then apply it; CareerError changes nothing."""
        apply = APPLY.get(kind)
        if apply is None:
            raise CareerError(f"unknown event {kind!r} (events: {', '.join(EVENT_KINDS)})")
        if kind == "ludus_created":
            payload = self._new_ludus(payload)
        trial = copy.deepcopy(self.sheets)
        try:
            apply(trial, payload)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, CareerError):
                raise
            raise CareerError(f"event {kind!r} is missing or has a wrong field: {error}") from None
        stored = self.store.append(self.key, kind, payload)
        self.sheets = trial
        self.history.append(stored)
        return stored

    def _new_ludus(self, payload: Payload) -> Payload:
        """A new ludus under the campaign's settings: at most two in a two-player career; its
        starting aurei written into the event, so the replay needs no settings."""
        if self.settings.get("mode") == "two-player" and len(self.sheets) >= 2:
            raise CareerError(
                f"a two-player career has two ludi ({', '.join(self.sheets)}); the virtual "
                "ludi they fight are not campaign ludi"
            )
        start = self.settings.get("starting_aurei")
        if start is None:
            return payload
        given = payload.get("aurei", start)
        if given != start:
            raise CareerError(
                f"every ludus of this campaign starts with {start} aurei, not {given}"
            )
        return {**payload, "aurei": start}


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
