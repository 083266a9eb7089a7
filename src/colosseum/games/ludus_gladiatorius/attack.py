"""Game Play 3b, Combat 3-7: the attack sequence, from declaring battle to the Emperor's die.

The attacker declares battle and reveals its special action (Savage Attack, Feint, or a Net
Attack thrown at once); the defender, knowing it, defends (revealing Dodge or Doughty Defence)
or takes the blow; then the attack roll, the defence roll, the wound and, at zero life, the
Emperor's die. The dice arithmetic is `combat.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event, public_event
from . import combat
from .model import ACT, DEFEND, NET_HELD, OFF_BOARD
from .specials import DD, NA, REVEALED, SA, D, F

if TYPE_CHECKING:
    from .fields import LudusFields


def declare_attack(state: LudusFields, g: int, t: int, recover: bool, events: list[Event]) -> None:
    """Combat 3: the attacker declares battle and reveals its special action, if any:
    Savage Attack, Feint, or Net Attack while the Retiarius holds his net. The defender
    decides whether to defend knowing it (Combat 4)."""
    state.attacked[g] = True
    events.append(
        public_event("attack", {"attacker": g + 1, "defender": t + 1}, "ludus.combat.declare")
    )
    holds_net = state.net_hex == NET_HELD and state.is_retiarius(g)
    kind = state.reveal(g, (SA, F, NA) if holds_net else (SA, F), events)
    if kind == SA:
        state.no_defence[g] = True
    netted = kind == NA and throw_net(state, g, t, events)
    state.spend_if(g)
    state.pending = (g, t, recover and not netted)
    if state.can_defend(t):
        state.phase = DEFEND
        return
    resolve(state, False, events)


def throw_net(state: LudusFields, g: int, t: int, events: list[Event]) -> bool:
    """Net Attack: two standard dice, one hit entangles; the net lies in the target's hex."""
    rules = state.catalog.rules.net_attack
    thrown = combat.roll(state.rng, [state.catalog.dice[name] for name in rules.throw_dice])
    caught = combat.swords(thrown) >= rules.hits_needed
    state.net_hex = state.hex[t]
    events.append(
        public_event(
            "net_throw",
            {
                "retiarius": g + 1,
                "target": t + 1,
                "faces": combat.as_lists(thrown),
                "entangled": caught,
            },
            "ludus.combat.net-attack",
        )
    )
    if caught:
        state.entangled[t] = True
        state.spend_if(t)
    return caught


def answer_attack(state: LudusFields, defending: bool, events: list[Event]) -> None:
    """Combat 4: the defender defends, revealing its Dodge or Doughty Defence (then it may
    not attack this round), or takes the blow; no counter is shown by not defending."""
    assert state.pending is not None
    t = state.pending[1]
    events.append(
        public_event("defence", {"gladiator": t + 1, "defends": defending}, "ludus.combat.defend")
    )
    if defending:
        state.defended[t] = True
        if state.reveal(t, (D, DD), events) == DD:
            state.no_attack[t] = True
        state.spend_if(t)
    resolve(state, defending, events)


def uses(state: LudusFields, g: int, kind: int) -> bool:
    """Whether gladiator `g` revealed a counter of `kind` this round (one attack, one defence
    a round, so a revealed attack or defence special belongs to the roll being made)."""
    return state.counter[g] == kind and state.counter_status[g] == REVEALED


def resolve(state: LudusFields, defending: bool, events: list[Event]) -> None:
    """Combat 5-7: attack roll (a revealed Feint re-rolls its shields), net recovery,
    defence roll (a revealed Dodge re-rolls its swords), life, the Emperor's die."""
    assert state.pending is not None
    g, t, recover = state.pending
    state.pending = None
    state.phase = ACT
    rules = state.catalog.rules
    attack_rule = "ludus.combat.attack-roll"
    if state.entangled[t] and uses(state, g, NA):
        attack_dice = list(rules.net_attack.follow_up_dice)
        attack_rule = "ludus.combat.net-attack"
    else:
        attack_dice = list(state.catalog.sheets[g].dice)
        if uses(state, g, SA):
            attack_dice += rules.savage_attack.extra_dice
            attack_rule = "ludus.combat.savage-attack"
        elif uses(state, g, F):
            attack_rule = "ludus.combat.feint"
    faces_by_die = [state.catalog.dice[name] for name in attack_dice]
    rolled = combat.roll(state.rng, faces_by_die)
    first = rolled
    if uses(state, g, F) and combat.shields(rolled):
        rolled, _ = combat.reroll_where(state.rng, faces_by_die, rolled, 1)
    hits = combat.swords(rolled)
    events.append(
        public_event(
            "attack_roll",
            {
                "attacker": g + 1,
                "dice": attack_dice,
                "faces": combat.as_lists(first),
                "final": combat.as_lists(rolled),
                "hits": hits,
            },
            attack_rule,
        )
    )
    if recover and hits >= rules.net_attack.recover_hit_cost:
        hits -= rules.net_attack.recover_hit_cost
        state.net_hex = NET_HELD
        events.append(
            public_event(
                "net_recovered", {"gladiator": g + 1, "by": "hit"}, "ludus.combat.net-recovery"
            )
        )
    blocks = 0
    if defending:
        doughty = uses(state, t, DD)
        defence_dice = list(state.catalog.sheets[t].dice)
        defence_rule = "ludus.combat.defence-roll"
        if doughty:
            defence_dice += rules.doughty_defence.extra_dice
            defence_rule = "ludus.combat.doughty-defence"
        elif uses(state, t, D):
            defence_rule = "ludus.combat.dodge"
        faces_by_die = [state.catalog.dice[name] for name in defence_dice]
        rolled = combat.roll(state.rng, faces_by_die)
        first = rolled
        if uses(state, t, D) and combat.swords(rolled):
            rolled, _ = combat.reroll_where(state.rng, faces_by_die, rolled, 0)
        rolled_shields = combat.shields(rolled)
        carried_in = state.carry[t]
        blocks = rolled_shields + carried_in
        state.carry[t] = combat.carried_shields(rolled_shields, hits, carried_in) if doughty else 0
        events.append(
            public_event(
                "defence_roll",
                {
                    "defender": t + 1,
                    "dice": defence_dice,
                    "faces": combat.as_lists(first),
                    "final": combat.as_lists(rolled),
                    "blocks": blocks,
                    "carried_in": carried_in,
                    "carried_out": state.carry[t],
                },
                defence_rule,
            )
        )
    lost = min(state.life[t], combat.damage(hits, blocks))
    state.life[t] -= lost
    events.append(
        public_event(
            "wound",
            {"gladiator": t + 1, "lost": lost, "life": state.life[t]},
            "ludus.combat.damage",
        )
    )
    if state.life[t] == 0:
        unconscious(state, g, t, events)


def unconscious(state: LudusFields, g: int, t: int, events: list[Event]) -> None:
    """Combat 7: at zero life the attacker rolls the Emperor's die; removed either way."""
    verdict = state.catalog.emperor[state.rng.below(len(state.catalog.emperor))]
    state.hex[t] = OFF_BOARD
    events.append(
        public_event(
            "emperor",
            {
                "gladiator": t + 1,
                "verdict": verdict,
                "fate": "finished off" if verdict == "down" else "spared",
            },
            "ludus.combat.emperor",
        )
    )
    owners = {state.owner[x] for x in state.standing()}
    if len(owners) == 1:
        state.finish(sorted(owners), events, "ludus.winning.last-standing")
