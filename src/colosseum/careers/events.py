"""The events of a campaign and what each does to the ludi's record sheets (`APPLY`): every
change to a sheet is one of them, checked as it is applied (`CareerError` if impossible).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .sheet import CareerError, Gladiator, Sheet, new_sheet

Payload = dict[str, Any]


def _ludus_created(sheets: dict[str, Sheet], data: Payload) -> None:
    lanista = str(data["lanista"])
    if not lanista.strip():
        raise CareerError("a lanista needs a name")
    same = [name for name in sheets if name.strip().casefold() == lanista.strip().casefold()]
    if same:
        raise CareerError(f"the campaign already has a ludus of {same[0]!r}")
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


def _combat_begun(sheets: dict[str, Sheet], data: Payload) -> None:
    """A combat's draw (arena, reward) and how to finish it: `progress.py`."""
    for lanista in data["lanistae"]:
        _sheet(sheets, {"lanista": lanista})
    str(data["arena"])
    int(data["reward"])


_KEY_HASH = re.compile(r"[0-9a-f]{64}")


def _ludus_key(sheets: dict[str, Sheet], data: Payload) -> None:
    """A ludus's key issued anew on the game server (web/careers_access.py), `{lanista, key}`
    with the key's SHA-256: it revokes the one before; no sheet changes."""
    lanista = str(data["lanista"])
    if lanista not in sheets:
        raise CareerError(f"no ludus of {lanista!r} in this campaign")
    if not _KEY_HASH.fullmatch(str(data["key"])):
        raise CareerError("a ludus key event holds the key's SHA-256 in hex")


def _ludus_owner(sheets: dict[str, Sheet], data: Payload) -> None:
    """A ludus given to an account on the game server (web/careers_access.py), `{lanista,
    account}` with the account's id, never its name: from then on its key opens nothing, the
    account's sign-in acts for it; no sheet changes."""
    lanista = str(data["lanista"])
    if lanista not in sheets:
        raise CareerError(f"no ludus of {lanista!r} in this campaign")
    account = data["account"]
    if not isinstance(account, int) or isinstance(account, bool) or account < 1:
        raise CareerError("a ludus owner event names its account by its id (a number)")


def _combat_marker(sheets: dict[str, Sheet], data: Payload) -> None:
    """A step of a combat in progress stored, or its end: `progress.py` checks the order."""
    int(data["combat"])


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
    "combat_begun": _combat_begun,
    "combat_step": _combat_marker,
    "combat_ended": _combat_marker,
    "ludus_key": _ludus_key,
    "ludus_owner": _ludus_owner,
}
EVENT_KINDS = tuple(APPLY)
