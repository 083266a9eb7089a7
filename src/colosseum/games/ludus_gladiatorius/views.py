"""What a seat may know of a Ludus Gladiatorius state: its view.

Set Up: record sheets are hidden, life points are not; Game Play 2: the counters lie face
down, so another lanista's counter shows as "hidden" until it is revealed (Special Actions).
A seat sees its own gladiators' counters and how many special actions each has left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import GAME_ID, MOVE, NET_HELD, NUM_GLADIATORS, OFF_BOARD, PHASE_NAMES
from .specials import CODES, HIDDEN, KINDS, NO_COUNTER, REVEALED

if TYPE_CHECKING:
    from .fields import LudusFields


def view(state: LudusFields, seat: int | None) -> dict[str, Any]:
    """What `seat` knows: the board (and where each gladiator stood when this round's
    counters were placed), life, revealed counters; its own sheets and counters."""
    names = state.catalog.arena.names
    kept = [0] * NUM_GLADIATORS
    for g, _, _ in state.unrevealed:
        kept[g] += 1
    gladiators = []
    for g in range(NUM_GLADIATORS):
        if state.owner[g] < 0:
            continue
        sheet = state.catalog.sheets[g]
        start = state.start_hex[g]
        own = seat is not None and state.owner[g] == seat
        if state.counter[g] == NO_COUNTER:
            counter: str | None = None
        elif own or state.counter_status[g] == REVEALED:
            counter = CODES[state.counter[g]]
        else:
            counter = "hidden"
        entry: dict[str, Any] = {
            "number": g + 1,
            "name": sheet.name,
            "owner": state.owner[g],
            "life": state.life[g],
            "max_life": sheet.life,
            "movement": sheet.movement,
            "dice": list(sheet.dice),
            "hex": names[state.hex[g]] if state.hex[g] != OFF_BOARD else None,
            "start_hex": names[start] if start != OFF_BOARD else None,
            "attacked": state.attacked[g],
            "defended": state.defended[g],
            "no_attack": state.no_attack[g],
            "no_defence": state.no_defence[g],
            "entangled": state.entangled[g],
            "carried_shields": state.carry[g],
            "counter": counter,
            "specials_on_sheet": dict(sheet.specials),
            "face_down_counters_kept": kept[g],
        }
        if own:
            entry["specials_left"] = {
                CODES[kind]: state.remaining[g * KINDS + kind]
                for kind in range(1, KINDS)
                if CODES[kind] in sheet.specials
            }
            entry["counter_usable"] = (
                state.counter[g] != NO_COUNTER and state.counter_status[g] == HIDDEN
            )
        gladiators.append(entry)
    active = state.active_gladiator
    pending = None
    if state.pending is not None:
        pending = {"attacker": state.pending[0] + 1, "defender": state.pending[1] + 1}
        pending["recover_net"] = state.pending[2]
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": state.num_players,
        "round": state.round,
        "round_limit": state.options["round_limit"],
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "active": None if active is None else active + 1,
        "order": [g + 1 for g in state.order],
        "step": state.step,
        "moved": state.moved,
        "allowance": state.allowance if state.phase == MOVE else None,
        "pending_attack": pending,
        "net": "held" if state.net_hex == NET_HELD else names[state.net_hex],
        "gladiators": gladiators,
        "winners": list(state.winning_seats),
    }
