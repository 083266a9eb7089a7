"""Wounds, biting the dust, and the end of the fight ("Winning the game", "Well, we will keep
it simple", "Multi-Player Games" → "Victory")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from . import arena, cards

if TYPE_CHECKING:
    from .fields import JugulaFields


def wound(s: JugulaFields, g: int, by_seat: int, events: list[Event], *, rule: str) -> None:
    """ "Wounded gladiators": turn the armatura card; a second wound and he bites the dust.
    `by_seat` dealt it (-1 for none): it matters in sudden death. `rule` is the rule that
    wounds him (an attack's outcome, no room to be pushed back, a card), cited by the wound
    or the fall."""
    if s.square[g] < 0:
        return
    arena.put(s, "hurt", g, True)
    if s.wounds[g]:
        bite(s, g, by_seat, events, rule=rule)
        return
    s.wounds[g] = 1
    events.append(arena.wound_event(s, g, "wounded", by_seat, rule))
    if s.fight is None:  # an attack checks once it is resolved (combat: ATTACK_RESOLVED)
        check(s, by_seat, arena.seat_of(s, g), events)


def bite(s: JugulaFields, g: int, by_seat: int, events: list[Event], *, rule: str) -> None:
    """ "Biting the dust": he is removed from the arena (by `rule`)."""
    if s.square[g] < 0:
        return
    events.append(arena.wound_event(s, g, "bites_the_dust", by_seat, rule))
    s.wounds[g] = 2
    arena.put(s, "hurt", g, True)
    arena.lift(s, g)
    if s.fight is None:
        check(s, by_seat, arena.seat_of(s, g), events)


def beaten(s: JugulaFields, seat: int) -> bool:
    """Whether the familia of `seat` has lost (two lanistae) or must leave the arena (more)."""
    victory = s.catalog.rules.victory
    alive = arena.standing(s, seat)
    wounded = sum(1 for g in alive if s.wounds[g])
    if s.num_players > 2:
        if len(alive) <= victory.multi_standing:
            return True
        return victory.multi_all_wounded and wounded == len(alive)
    if len(alive) <= victory.standing:
        return True
    if victory.all_wounded and wounded == len(alive):
        return True
    return (len(alive) - wounded, wounded) == victory.unhurt_and_wounded


def conceded(s: JugulaFields, seat: int) -> int:
    """The simple variant's points the familia of `seat` has given away."""
    simple = s.catalog.rules.simple
    total = 0
    for g in arena.familia(s, seat):
        if s.wounds[g] >= 2:
            total += simple.bitten
        elif s.wounds[g]:
            total += simple.wounded
    return total


def check(s: JugulaFields, by_seat: int, victim_seat: int, events: list[Event]) -> None:
    """After a wound or a fall (outside an attack), or once an attack is resolved: sudden
    death (a blow of `by_seat` on a gladiator of `victim_seat`), then the victory or leaving
    conditions of every familia at once."""
    if s.over:
        return
    if s.sudden and by_seat >= 0 and by_seat != victim_seat:
        finish(s, [by_seat], "sudden death", events, "jugula.victory.sudden-death")
        return
    active = [seat for seat in range(s.num_players) if not s.out[seat]]
    if s.options["simple"]:
        target = s.catalog.rules.simple.target
        losing = [seat for seat in active if conceded(s, seat) >= target]
    else:
        losing = [seat for seat in active if beaten(s, seat)]
    if not losing:
        return
    if len(losing) == len(active):
        if not s.sudden:
            start_sudden_death(s, active, events)
        return
    if s.num_players == 2:
        rule = "jugula.victory.simple" if s.options["simple"] else "jugula.victory.winning"
        finish(s, [seat for seat in active if seat not in losing], "victory", events, rule)
        return
    for seat in losing:
        leave(s, seat, events)
    remaining = [seat for seat in range(s.num_players) if not s.out[seat]]
    if len(remaining) == 1:
        rule = "jugula.multiplayer.victory"
        finish(s, remaining, "last familia in the arena", events, rule)


def start_sudden_death(s: JugulaFields, seats: list[int], events: list[Event]) -> None:
    """Both familiae beaten at once: every marker to 10, and the next blow on a rival wins."""
    s.sudden = True
    for seat in seats:
        s.vox[seat] = s.catalog.rules.victory.sudden_death_vox
    events.append(Event("sudden_death", {"seats": seats}, rule="jugula.victory.sudden-death"))


def leave(s: JugulaFields, seat: int, events: list[Event]) -> None:
    """ "Victory" (multi-player): the familia leaves the arena and takes no further part. Its
    Hindrance markers on others go back to its cards with it."""
    out = s.out[:]
    out[seat] = True
    s.out = out
    members = set(arena.familia(s, seat))
    for g in members:
        arena.lift(s, g)
    for owner in members:
        victim = s.marker[owner]
        if victim >= 0:
            arena.put(s, "held", victim, s.held[victim] - 1)
            arena.put(s, "marker", owner, -1)
    arena.put(s, "compelled", seat, -1)
    events.append(Event("leaves_arena", {"seat": seat}, rule="jugula.multiplayer.victory"))


def finish(
    s: JugulaFields, winners: list[int], reason: str, events: list[Event], rule: str
) -> None:
    """The fight is over (by `rule`); cards on the table go to their owners' discard piles."""
    s.over = True
    s.winning_seats = sorted(winners)
    s.tasks = []
    cards.clear_fight(s)
    for seat, card in enumerate(s.bids):
        if card >= 0:
            s.discard[seat].append(card)
        if card != -1:
            arena.put(s, "bids", seat, -1)
    for seat, played in enumerate(s.in_play):
        s.discard[seat].extend(played)
        played.clear()
    events.append(Event("game_over", {"winners": s.winning_seats, "reason": reason}, rule=rule))


def judges_stop(s: JugulaFields, events: list[Event]) -> None:
    """The turn limit (ours): the familiae in the arena that conceded least share the win."""
    active = [seat for seat in range(s.num_players) if not s.out[seat]]
    least = min(conceded(s, seat) for seat in active)
    winners = [seat for seat in active if conceded(s, seat) == least]
    finish(s, winners, "turn limit", events, "jugula.cap.turn-limit")
