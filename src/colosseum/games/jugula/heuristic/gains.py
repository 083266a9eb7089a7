"""What playing each card for its ability is worth to the Jugula heuristic, in hits."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..data import Card
from .world import (
    PRIMA_VALUE,
    VOX_POINT,
    hand_need,
)

if TYPE_CHECKING:
    from .valuation import Valuer

# --- abilities --------------------------------------------------------------------------------


def _recall_gain(c: Valuer, card: Card) -> float:
    best = max((c.worth(code) for code in c.me["discard"]), default=0.0)
    return best + hand_need(len(c.hand) - 1) - 0.1


def _ardor_gain(c: Valuer, card: Card) -> float:
    bonus = c.catalog.rules.abilities.ardor_oris_attack
    best = -1.0
    for a in c.world.mine():
        cost = c.world.hit_values(a)[0]
        for d in c.world.targets(a):
            best = max(best, c.best_commit_value(a, d, False, bonus) - cost)
    return best


def _heal_gain(c: Valuer, card: Card) -> float:
    return 1.0


def _fraus_gain(c: Valuer, card: Card) -> float:
    stars = c.catalog.rules.abilities.fraus_fraudis_stars
    best = c.best_prima(stars, exact=True)
    if best is None:
        return 0.0
    return 2 * PRIMA_VALUE.get(best.ability, 0.1) + c.draw_gain(2) * 0.5


def _impetus_gain(c: Valuer, card: Card) -> float:
    best = 0.0
    for g in c.world.mine():
        if not g.hindered:
            best = max(best, c.move_then_attack(g))
    return best


def _infamis_gain(c: Valuer, card: Card) -> float:
    return c.move_gain(1) + c.vox_gain(1) + c.draw_gain(1)


def _panem_gain(c: Valuer, card: Card) -> float:
    gains = sorted(
        [c.move_gain(card.movement), c.vox_gain(card.vox), c.draw_gain(card.draw)], reverse=True
    )
    return gains[0] + gains[1]


def _par_pari_gain(c: Valuer, card: Card) -> float:
    return 0.8 * c.move_gain(1)


def _plausus_gain(c: Valuer, card: Card) -> float:
    return 0.05 + (c.other_play(card.code) if c.highest_vox() else 0.0)


def _virtus_gain(c: Valuer, card: Card) -> float:
    return 2 * VOX_POINT + c.other_play(card.code)


def _fulmen_gain(c: Valuer, card: Card) -> float:
    return c.draw_gain(2) + max(c.move_gain(1), c.combat_gain(1))


def _paro_gain(c: Valuer, card: Card) -> float:
    most = max(int(entry["hand_count"]) for entry in c.view["lanistae"] if entry["seat"] != c.seat)
    return 0.05 * max(0, most - 3)


def _animus_gain(c: Valuer, card: Card) -> float:
    gains = sorted(
        [
            c.move_gain(card.movement),
            c.vox_gain(card.vox),
            c.combat_gain(card.combat),
            c.draw_gain(card.draw),
        ],
        reverse=True,
    )
    return gains[0] + gains[1]


def _dubitatio_gain(c: Valuer, card: Card) -> float:
    return max(
        c.move_gain(card.movement),
        c.vox_gain(card.vox),
        c.combat_gain(card.combat),
        c.draw_gain(card.draw),
    )


def _fatalitas_gain(c: Valuer, card: Card) -> float:
    return 1.0


def _formido_gain(c: Valuer, card: Card) -> float:
    return c.vox_gain(4) + c.other_play(card.code) - 0.1


def _potestas_gain(c: Valuer, card: Card) -> float:
    return c.other_play(card.code)


def _temperare_gain(c: Valuer, card: Card) -> float:
    extra = c.other_play(card.code) + c.draw_gain(2) if c.highest_vox() else 0.0
    return 0.1 + extra


ABILITY_GAINS: dict[str, Callable[[Valuer, Card], float]] = {
    "recall_from_discard": _recall_gain,
    "reckless_attack": _ardor_gain,
    "heal_wound": _heal_gain,
    "take_two_prima": _fraus_gain,
    "move_and_attack": _impetus_gain,
    "crowd_favourite": _infamis_gain,
    "bread_and_circuses": _panem_gain,
    "evasive_move": _par_pari_gain,
    "applause": _plausus_gain,
    "underdog": _virtus_gain,
    "draw_then_strike": _fulmen_gain,
    "force_discard": _paro_gain,
    "two_effects": _animus_gain,
    "effect_and_compel": _dubitatio_gain,
    "execution": _fatalitas_gain,
    "intimidation": _formido_gain,
    "silence_rival": _potestas_gain,
    "trim_deck": _temperare_gain,
}
