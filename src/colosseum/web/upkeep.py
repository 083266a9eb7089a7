"""The server's upkeep while it runs: tables nobody has touched for the configured time end as
abandoned (docs/security.md, "Abandoned tables"), checked at start-up and every hour, and the
clients still watching such a table are told; sign-ins that expired or were revoked are
forgotten at the same times. Every minute the clocks are checked (web/clocks.py): a table
whose deciding seat ran out of time ends, and its clients are told as after a resignation;
the quick-match queue is matched (web/quickmatch.py) and any rated table that ended unrated is
rated (ratings/tables.py)."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from sqlalchemy.exc import DBAPIError

from ..core.errors import ColosseumError
from ..ratings.tables import rate_pending
from .hub import Hub
from .quickmatch import match_now

log = logging.getLogger("colosseum.web")

EVERY = 3600.0  # seconds between two sweeps of idle tables
CLOCKS = 60.0  # seconds between two sweeps of the clocks


async def sweep_idle(hub: Hub, idle: timedelta, every: float = EVERY) -> None:
    """End the tables idle for longer than `idle` every `every` seconds (the start-up's
    sweep is `sweep_once`), and the tables whose clock ran out every `CLOCKS` seconds."""
    waited = 0.0
    while True:
        await asyncio.sleep(min(CLOCKS, every))
        waited += min(CLOCKS, every)
        await sweep_clocks(hub)
        await match_now(hub)
        await rate_left_behind(hub)
        if waited >= every:
            waited = 0.0
            await sweep_once(hub, idle)


async def rate_left_behind(hub: Hub) -> list[str]:
    """Rate the rated tables that ended without being rated (a clock's sweep with nobody
    watching, a process stopped before it rated): their ids."""
    try:
        return await asyncio.to_thread(rate_pending, hub.service.store, hub.service.now())
    except (ColosseumError, DBAPIError) as error:  # the store unavailable for a moment: next time
        log.warning("rating ended tables failed: %s", error)
        return []


async def sweep_clocks(hub: Hub) -> list[str]:
    """End the tables whose deciding seat ran out of time, and tell the clients of every
    table a clock ended (here or when it was read); their ids."""
    try:
        ended = await asyncio.to_thread(hub.service.sweep_clocks)
    except ColosseumError as error:  # the store unavailable for a moment: next time
        log.warning("the sweep of clocks failed: %s", error)
        return []
    for table_id in ended:
        await hub.timed_out(table_id)
    return ended


async def sweep_once(hub: Hub, idle: timedelta) -> list[str]:
    """End the tables idle for longer than `idle`; tell their clients; their ids."""
    try:
        ended = await asyncio.to_thread(hub.service.abandon_idle, idle)
    except ColosseumError as error:  # the store unavailable for a moment: next time
        log.warning("the sweep of idle tables failed: %s", error)
        return []
    if ended:
        log.info("%d tables ended as abandoned after %s without an action", len(ended), idle)
    try:
        await asyncio.to_thread(hub.service.store.accounts.purge_sign_ins)
    except ColosseumError as error:
        log.warning("forgetting ended sign-ins failed: %s", error)
    for table_id in ended:
        if table_id in hub.clients:
            live = await asyncio.to_thread(hub.service.refresh, table_id)
            if live is not None:
                await hub.publish(live, seats_changed=True)
    return ended
