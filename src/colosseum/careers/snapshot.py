"""A campaign's state kept beside its event log, so that reading a campaign replays only
the events after it (docs/store.md, "Snapshots").

The state is the ludi's record sheets, the combats in progress, and the `Ledger` of who owns
each ludus on the game server (read from past events): nothing in it grows with the number of
combats, so a snapshot stays as small at the thousandth combat as at the first. It is
versioned with the rules (`rules_version`: this format and the bytes of the careers' and
Jugula's data files), so a snapshot taken under other rules is never used: the campaign is
replayed from its first event and a new snapshot kept. The log stays the truth: `colosseum
career verify` replays it whole and compares.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field

from ..core.data import StatedModel, load_validated
from .data import DATA_DIR
from .progress import CombatInProgress
from .sheet import Sheet

Payload = dict[str, Any]
FORMAT = 2  # the layout of a snapshot's state; a change makes every stored one stale
STORAGE = DATA_DIR / "storage.toml"
_JUGULA_DATA = Path(__file__).parents[1] / "games" / "jugula" / "data"


class Storage(StatedModel):
    """storage.toml: how often a snapshot is kept; how long a page of the history is."""

    snapshot_every: int = Field(ge=1, le=100_000)
    page: int = Field(ge=1, le=1_000)
    page_most: int = Field(ge=1, le=1_000)

    def model_post_init(self, _context: Any) -> None:
        if self.page > self.page_most:
            raise ValueError(f"page ({self.page}) is more than page_most ({self.page_most})")


@cache
def storage() -> Storage:
    return load_validated(Storage, STORAGE)


class UnreadableSnapshot(ValueError):
    """A stored state that does not decode (a broken or foreign snapshot)."""


@cache
def rules_version() -> str:
    """The version a snapshot is taken under: a digest of this format and of the data files
    the campaign's events are applied with."""
    digest = hashlib.sha256(f"careers snapshot format {FORMAT}\n".encode())
    for folder in (DATA_DIR, _JUGULA_DATA):
        for path in sorted(folder.glob("*.toml")):
            if path.name == STORAGE.name:
                continue  # how often, not what: a change keeps the snapshots good
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(slots=True)
class Owner:
    """Who holds a ludus on the game server: an account's id, or the hash of its latest key;
    `keys`: every key hash it was ever given (a revoked key is told apart from a stranger's)."""

    account: int | None = None
    key: str | None = None
    keys: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Ledger:
    """What is read from past events without the log: each ludus's owner, by lanista."""

    owners: dict[str, Owner] = field(default_factory=dict)

    def note(self, kind: str, payload: Payload) -> None:
        """Take a stored event (its kind and data) into account."""
        lanista = str(payload.get("lanista", "")).strip()
        if kind == "ludus_created":
            account = _account_id(payload.get("account"))
            key = payload.get("key") if account is None else None
            keys = [str(key)] if key is not None else []
            self.owners[lanista] = Owner(account, None if key is None else str(key), keys)
        elif kind == "ludus_key" and "key" in payload:
            owner = self.owners.setdefault(lanista, Owner())
            owner.account, owner.key = None, str(payload["key"])
            owner.keys.append(owner.key)
        elif kind == "ludus_owner" and _account_id(payload.get("account")) is not None:
            owner = self.owners.setdefault(lanista, Owner())
            owner.account, owner.key = _account_id(payload["account"]), None

    def to_json(self) -> Payload:
        return {
            "owners": {
                n: {"account": o.account, "key": o.key, "keys": list(o.keys)}
                for n, o in self.owners.items()
            }
        }

    @classmethod
    def from_json(cls, data: Payload) -> Ledger:
        owners = {
            str(n): Owner(
                _account_id(o["account"]),
                None if o["key"] is None else str(o["key"]),
                [str(k) for k in o["keys"]],
            )
            for n, o in data["owners"].items()
        }
        return cls(owners)


def _account_id(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def encode(
    sheets: dict[str, Sheet], combats: dict[int, CombatInProgress], ledger: Ledger
) -> Payload:
    """The state as plain JSON."""
    return {
        "format": FORMAT,
        "sheets": [sheet.to_json() for sheet in sheets.values()],
        "combats": [_combat_json(c) for c in combats.values()],
        "ledger": ledger.to_json(),
    }


def decode(state: Payload) -> tuple[dict[str, Sheet], dict[int, CombatInProgress], Ledger]:
    """The state back from its JSON; UnreadableSnapshot if it is not one this code wrote."""
    try:
        if state.get("format") != FORMAT:
            raise UnreadableSnapshot(f"format {state.get('format')!r}, not {FORMAT}")
        sheets = {}
        for data in state["sheets"]:
            sheet = Sheet.from_json(data)
            sheets[sheet.lanista] = sheet
        combats = {}
        for data in state["combats"]:
            combat = _combat(data)
            combats[combat.begun] = combat
        return sheets, combats, Ledger.from_json(state["ledger"])
    except UnreadableSnapshot:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise UnreadableSnapshot(f"{type(error).__name__}: {error}") from None


def _combat_json(combat: CombatInProgress) -> Payload:
    return {
        "begun": combat.begun,
        "plan": combat.plan,
        "fighters": [sheet.to_json() for sheet in combat.fighters],
        "steps": list(combat.steps),
        "result": combat.result,
        "seqs": list(combat.seqs),
    }


def _combat(data: Payload) -> CombatInProgress:
    result = data["result"]
    return CombatInProgress(
        begun=int(data["begun"]),
        plan=dict(data["plan"]),
        fighters=tuple(Sheet.from_json(s) for s in data["fighters"]),
        steps=tuple(dict(s) for s in data["steps"]),
        result=None if result is None else dict(result),
        seqs=tuple(int(s) for s in data["seqs"]),
    )
