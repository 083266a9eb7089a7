"""End of the Game: the agreed victory points reached, the points running out, or the round
limit the tools set."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Event
from .model import NOBODY, PHASE

if TYPE_CHECKING:
    from .fields import LudiFields

_OVER: Final = PHASE["over"]  # looked up once: `check_victory` runs after every action


def finish_on_points(s: LudiFields, events: list[Event], rule: str) -> None:
    """Round limit (ours) or the points running out: the most victory points win."""
    best = max(s.points)
    winners = [seat for seat in range(s.num_players) if s.points[seat] == best]
    end_game(s, winners, events, rule)


def end_game(s: LudiFields, seats: list[int], events: list[Event], rule: str) -> None:
    """The game is over: `seats` win, by `rule`."""
    s.phase = _OVER
    s.winning_seats = list(seats)
    _clear_table(s)
    events.append(Event("game_over", {"winners": list(seats)}, rule=rule))


def _clear_table(s: LudiFields) -> None:
    """A game won in the middle of a combat or an auction leaves their cards where they
    belong: combat cards played from a hand back to it, the other revealed combat cards to
    their discard pile, veterans revealed for auction to theirs."""
    combat, auction = s.combat, s.auction
    if combat is not None:
        for card in combat.revealed:
            if card in combat.hand_used[0]:
                s.hands[combat.attacker].append(card)
            elif card in combat.hand_used[1]:
                s.hands[combat.defender].append(card)
            elif card != NOBODY:
                s.combat_discard.append(card)
    if auction is not None:
        s.veteran_discard.extend(auction.revealed)
    s.combat = None
    s.auction = None


def check_victory(s: LudiFields, events: list[Event]) -> bool:
    """End of the Game: a lanista reaching the agreed points wins at once."""
    if s.phase == _OVER:
        return True
    target = int(s.options["victory_points"])
    if max(s.points) >= target:
        reached = [seat for seat in range(s.num_players) if s.points[seat] >= target]
        best = max(s.points[seat] for seat in reached)
        winners = [seat for seat in reached if s.points[seat] == best]
        end_game(s, winners, events, "ludi.end.victory-points")
        return True
    if s.supply_points == 0:
        finish_on_points(s, events, "ludi.end.points-exhausted")
        return True
    return False
