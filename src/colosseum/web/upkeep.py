"""The server's upkeep while it runs: tables nobody has touched for the configured time end as
abandoned (docs/security.md, "Abandoned tables"), checked at start-up and every hour, and the
clients still watching such a table are told; sign-ins that expired or were revoked are
forgotten at the same times."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from ..core.errors import ColosseumError
from .hub import Hub

log = logging.getLogger("colosseum.web")

EVERY = 3600.0  # seconds between two sweeps


async def sweep_idle(hub: Hub, idle: timedelta, every: float = EVERY) -> None:
    """End the tables idle for longer than `idle` every `every` seconds (the start-up's
    sweep is `sweep_once`)."""
    while True:
        await asyncio.sleep(every)
        await sweep_once(hub, idle)


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
