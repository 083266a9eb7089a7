"""The end of a table as its page tells it (`final` in a seat's state once the table is
finished): the winners, per seat what its game counts at the end (Ludi's victory points,
coins, gladiators and buildings; Ludus's gladiators standing, fallen and their wounds;
Jugula's gladiators standing, wounded and fallen, and each lanista's vox), how it ended (by
the rules, a resignation, out of time, abandoned), the replay's path and what "Play again"
creates (the same game, options and kinds of seats).

Each game's summary reads only that game's final view (`view(seat)`: never the full state).
This module is the only place in the web package with per-game knowledge of views.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..store import TableRow

Column = str
SeatCounts = dict[str, Any]  # {"values": [...], "gladiators": [{"name", "state"}]}
Summary = Callable[[Mapping[str, Any], int], tuple[list[Column], list[SeatCounts], str]]


def final(
    row: TableRow,
    game: str,
    view: Mapping[str, Any],
    seat: int | None,
    winners: Sequence[int],
    status: str,
    capped: bool,
) -> dict[str, Any]:
    """The end panel's content for `seat` (None: a spectator) of a finished table."""
    summary = _SUMMARIES.get(game, _nothing)
    columns, counts, length = summary(view, row.players)
    names = [s.name for s in row.seats]
    return {
        "how": _how(row, status),
        "story": _story(row, status, winners, names, capped, length),
        "winners": list(winners),
        "columns": columns,
        "seats": [
            {"seat": s, "name": names[s], "winner": s in winners, **counts[s]}
            for s in range(row.players)
        ],
        "replay": f"/tables/{row.id}/replay",
        "again": again(row, seat),
    }


def _how(row: TableRow, status: str) -> str:
    """rules, resigned, timeout, abandoned or record."""
    kind = (row.outcome or {}).get("kind")
    if kind in ("resigned", "timeout"):
        return str(kind)
    if status in ("abandoned", "record"):
        return status
    return "rules"


def _story(
    row: TableRow,
    status: str,
    winners: Sequence[int],
    names: Sequence[str],
    capped: bool,
    length: str,
) -> str:
    """How it ended, in a sentence or two."""
    won = " and ".join(names[s] for s in winners)
    outcome = row.outcome or {}
    loser = outcome.get("seat")
    who = names[loser] if isinstance(loser, int) and 0 <= loser < len(names) else "A player"
    after = f" {length}" if length else ""
    if outcome.get("kind") == "resigned":
        return f"{who} resigned{after}: {won} won."
    if outcome.get("kind") == "timeout":
        return f"{who} ran out of time{after}: {won} won."
    if status == "abandoned":
        return f"Abandoned{after}: nobody acted at this table for too long. No winner."
    if status == "record":
        return f"An uploaded record{after}." + (f" {won} won." if won else "")
    cap = " The game's length cap ended it." if capped else ""
    if not winners:
        return f"Over by the rules{after}: no winner.{cap}"
    return f"{won} won by the rules{after}.{cap}"


def again(row: TableRow, seat: int | None) -> dict[str, Any] | None:
    """The body of `POST /api/tables` that makes a new table like this one for `seat`: the
    same game, options, hints, clock and computer seats; the asking seat as it was (its
    account's, `{"kind": "me"}`, or a guest's by link, with its name); the other people's
    seats reserved for the same accounts when the asker is an account's seat, else guests'
    seats with new links. None for a spectator or an uploaded record."""
    if seat is None or not 0 <= seat < row.players:
        return None
    mine = row.seats[seat]
    signed_in = mine.account is not None
    players: list[Any] = []
    for other in row.seats:
        if other.computer:
            players.append(other.kind)
        elif other.kind != "human":
            return None  # an uploaded record's seats
        elif signed_in and other.seat == seat:
            players.append({"kind": "me"})
        elif signed_in and other.account is not None:
            players.append({"kind": "account", "name": other.name})
        else:
            players.append("human")
    body: dict[str, Any] = {
        "game": row.game,
        "players": players,
        "options": dict(row.options),
        "private": row.private,
        "hints": row.hints,
        "practice": row.practice,
        "rated": row.rated,
        "clock": row.clock,
    }
    if not signed_in:
        body["names"] = [mine.name if s == seat else "" for s in range(row.players)]
    return body


# --- per game: columns, each seat's values and gladiators, and the game's length ------------


def _ludi(view: Mapping[str, Any], players: int) -> tuple[list[Column], list[SeatCounts], str]:
    """Ludi Gladiatorii: victory points decide; coins, gladiators and buildings tell the rest."""
    columns = ["Victory points", "Coins", "Gladiators", "Buildings"]
    counts = _empty(players, len(columns))
    for lanista in view.get("lanistae", []):
        seat = lanista.get("seat")
        if not _seat(seat, players):
            continue
        gladiators = lanista.get("gladiators", [])
        counts[seat] = {
            "values": [
                lanista.get("points", 0),
                lanista.get("coins", 0),
                len(gladiators),
                len(lanista.get("buildings", [])),
            ],
            "gladiators": [
                {"name": g.get("name", "?"), "state": "veteran" if g.get("veteran") else "novice"}
                for g in gladiators
            ],
        }
    return columns, counts, _count(view.get("round"), "round")


def _ludus(view: Mapping[str, Any], players: int) -> tuple[list[Column], list[SeatCounts], str]:
    """Ludus Gladiatorius: gladiators standing and fallen, the wounds taken, the life left."""
    columns = ["Standing", "Fallen", "Wounds taken", "Life left"]
    counts = _empty(players, len(columns))
    for seat in range(players):
        own = [g for g in view.get("gladiators", []) if g.get("owner") == seat]
        life = [max(0, int(g.get("life", 0))) for g in own]
        wounds = [
            max(0, int(g.get("max_life", 0)) - left) for g, left in zip(own, life, strict=True)
        ]
        counts[seat] = {
            "values": [
                sum(1 for x in life if x),
                sum(1 for x in life if not x),
                sum(wounds),
                sum(life),
            ],
            "gladiators": [
                {
                    "name": g.get("name", "?"),
                    "state": "fell"
                    if not left
                    else f"standing, {left} of {g.get('max_life', left)} life left",
                }
                for g, left in zip(own, life, strict=True)
            ],
        }
    return columns, counts, _count(view.get("round"), "round")


def _jugula(view: Mapping[str, Any], players: int) -> tuple[list[Column], list[SeatCounts], str]:
    """Jugula: gladiators standing (wounded ones too), wounded and fallen (bitten the
    dust), and each lanista's vox."""
    columns = ["Standing", "Wounded", "Fallen", "Vox"]
    counts = _empty(players, len(columns))
    vox = {la.get("seat"): la.get("vox", 0) for la in view.get("lanistae", [])}
    for seat in range(players):
        own = [g for g in view.get("gladiators", []) if g.get("seat") == seat]
        states = [_jugula_state(g) for g in own]
        counts[seat] = {
            "values": [
                len(states) - states.count("fell"),
                states.count("wounded"),
                states.count("fell"),
                vox.get(seat, 0),
            ],
            "gladiators": [
                {"name": g.get("name", "?"), "state": state}
                for g, state in zip(own, states, strict=True)
            ],
        }
    return columns, counts, _count(view.get("turn"), "turn")


def _jugula_state(gladiator: Mapping[str, Any]) -> str:
    if gladiator.get("bitten"):
        return "fell"
    return "wounded" if gladiator.get("wounded") else "standing"


def _nothing(view: Mapping[str, Any], players: int) -> tuple[list[Column], list[SeatCounts], str]:
    """A game without a summary yet: the winners only."""
    return [], _empty(players, 0), ""


def _empty(players: int, columns: int) -> list[SeatCounts]:
    return [{"values": [0] * columns, "gladiators": []} for _ in range(players)]


def _seat(seat: object, players: int) -> bool:
    return isinstance(seat, int) and 0 <= seat < players


def _count(number: object, unit: str) -> str:
    if not isinstance(number, int) or number <= 0:
        return ""
    return f"after {number} {unit}{'' if number == 1 else 's'}"


_SUMMARIES: dict[str, Summary] = {
    "ludi-gladiatorii": _ludi,
    "ludus-gladiatorius": _ludus,
    "jugula": _jugula,
}
