"""A finished table's record and replay, and records uploaded to be replayed: they hold every
seat's secrets, so they open only once a game is over (docs/security.md, "Secrets")."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..core.errors import ColosseumError, InvalidRecord
from ..core.registry import game_definition, new_game, replay
from ..store import SeatRow, Store, TableRow
from .boards import event_text, merge_views, render_board
from .errors import BadRequest, NotAvailable
from .live import seat_public
from .models import SEED_MAX
from .tokens import new_table_id

if TYPE_CHECKING:
    from .service import TableService


def record(service: TableService, table_id: str) -> dict[str, Any]:
    """The record (the same JSON as `colosseum replay` reads), once the game is over: it
    holds every seat's secrets."""
    live = service.table(table_id)
    if not live.finished:
        raise NotAvailable(
            "the record holds every seat's secrets: it is available once the game is over"
        )
    with live.lock:
        return live.state.record()


def upload(store: Store, record: Any) -> TableRow:
    """A record to replay: checked by replaying it, stored as a private finished table."""
    if not isinstance(record, Mapping):
        raise BadRequest("a record is a JSON object")
    if "start" in record:
        raise BadRequest("records that start from a position cannot be uploaded yet")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise BadRequest("a record's options are a JSON object")
    seed = record.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX
    ):
        raise BadRequest(f"a record's seed is a whole number from 0 to {SEED_MAX}")
    try:
        info = game_definition(str(record.get("game"))).info
        for spec in info.options:
            value = options.get(spec.name, spec.default)
            if spec.local and value != spec.default:
                raise BadRequest(f"option {spec.name} names a file on the server")
        final = replay(record)
    except InvalidRecord as error:
        raise BadRequest(f"not a record Colosseum can replay: {error}") from None
    except ColosseumError as error:
        raise BadRequest(str(error)) from None
    now = datetime.now(UTC)
    seed = final.seed if final.seed is not None else 0
    row = TableRow(
        id=new_table_id(),
        game=info.id,
        version=final.version,
        players=final.num_players,
        options=dict(final.options),
        seed=seed,
        private=True,
        length=0,
        status="record",
        created=now,
        updated=now,
        seats=tuple(
            SeatRow(s, "record", f"Seat {s + 1}", None, True) for s in range(final.num_players)
        ),
    )
    store.tables.create(row)
    for number, notation in enumerate(final.actions_played()):
        store.tables.append(row.id, number, -1, notation, "record")
    return row


def replay_frame(service: TableService, table_id: str, step: int) -> dict[str, Any]:
    """The game after `step` actions, with what was hidden revealed: for finished games."""
    live = service.table(table_id)
    if not live.finished:
        raise NotAvailable("a replay shows every secret: it opens once the game is over")
    total = live.version
    if not 0 <= step <= total:
        raise BadRequest(f"step {step} is not between 0 and {total}")
    row = live.row
    state = new_game(row.game, row.players, row.seed, row.options)
    with live.lock:
        steps = live.steps[:step]
    log = []
    for number, played in enumerate(steps, start=1):
        events = state.apply(played.notation)
        view = state.view(None)
        for event in events:
            log.append({"at": number, "text": event_text(row.game, event.to_json(), view)})
    views = [state.view(seat) for seat in range(state.num_players)]
    merged = merge_views(row.game, views)
    last = steps[-1] if steps else None
    return {
        "table": row.id,
        "game": row.game,
        "step": step,
        "total": total,
        "action": None if last is None else {"seat": last.seat, "notation": last.notation},
        "current": state.current_player,
        "board": render_board(row.game, merged, ()),
        "log": log,
        "terminal": state.is_terminal(),
        "winners": state.winners(),
        "players": [seat_public(s) for s in row.seats],
    }
