"""`colosseum career verify`: a campaign replayed from its first event, and its stored
snapshot compared with the state the log makes at the snapshot's event.

The log is the truth: a snapshot that disagrees with it (a broken row, a bug, a hand edit),
that was taken under other rules, or that stands past the log's end is replaced by the state
replayed from the log, and the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .campaign import Campaign, find_campaign
from .sheet import CareerError
from .snapshot import Payload, UnreadableSnapshot, decode, encode, rules_version

if TYPE_CHECKING:
    from ..store import Store


@dataclass(frozen=True, slots=True)
class Verified:
    """What verifying found: the campaign as its whole log makes it, and in words what the
    stored snapshot was (`snapshot`) and whether it was replaced (`repaired`)."""

    campaign: Campaign
    events: int
    snapshot: str
    repaired: bool


def verify(store: Store, name: str) -> Verified:
    """Replay the campaign `name` from its first event and check its snapshot against it;
    CareerError if its events are not numbered 1 to N. A broken event is left to the
    caller (`campaign.broken`); the snapshot of a broken campaign is not replaced."""
    row = find_campaign(store, name)
    stored, _, _ = store.campaigns.read(row.id)
    log = store.campaigns.load(row.id)
    if [e.seq for e in log] != list(range(1, len(log) + 1)):
        raise CareerError(f"campaign {row.name!r}: its events are not numbered 1 to N")
    campaign = Campaign(store, row.id, row.name, row.settings)
    if stored is None:
        campaign.replay(log)
        kept = campaign.keep_snapshot()
        return Verified(campaign, len(log), "none was stored" + _kept(kept), kept)
    if stored.rules != rules_version() or stored.seq > len(log):
        why = (
            "was taken under other rules"
            if stored.rules != rules_version()
            else f"is of event #{stored.seq}, past the log's end (#{len(log)})"
        )
        campaign.replay(log)
        kept = campaign.keep_snapshot(replace=True)
        return Verified(campaign, len(log), f"the snapshot {why}" + _kept(kept), kept)
    campaign.replay(log[: stored.seq])
    differs = [] if campaign.broken else _differences(campaign, stored.state)
    campaign.replay(log[stored.seq :])
    if not differs:
        return Verified(campaign, len(log), f"the snapshot of event #{stored.seq} agrees", False)
    kept = campaign.keep_snapshot(replace=True)
    words = f"the snapshot of event #{stored.seq} DISAGREES with the log ({', '.join(differs)})"
    return Verified(campaign, len(log), words + _kept(kept), kept)


def _differences(campaign: Campaign, state: Payload) -> list[str]:
    """What of the stored `state` differs from the campaign's (replayed to the same event)."""
    try:
        decode(state)
    except UnreadableSnapshot as error:
        return [f"it does not read: {error}"]
    replayed = encode(campaign.sheets, campaign.combats, campaign.ledger)
    found = []
    sheets = {s["lanista"]: s for s in state["sheets"]}
    for sheet in replayed["sheets"]:
        if sheets.pop(sheet["lanista"], None) != sheet:
            found.append(f"{sheet['lanista']}'s sheet")
    found += [f"{name}'s sheet (no such ludus)" for name in sheets]
    if state.get("combats") != replayed["combats"]:
        found.append("the combats in progress")
    if state.get("ledger") != replayed["ledger"]:
        found.append("the ludi's owners")
    return found


def _kept(kept: bool) -> str:
    return "; a snapshot replayed from the log is kept now" if kept else ""
