"""What each lanista may see (`view`) and how `determinize` guesses the rest.

Hidden: the cards in other hands (except those everybody saw go there: a Prima Jugula card
taken, a card recalled from the discard pile), the order of every deck (except the top cards a
lanista has arranged or a card put back on top for all to see), face-down combat and round
cards, and which card a Dubitatio compelled. Public: the arena, every Vox Populi, discard piles,
cards out of the game, the Prima Jugula cards set aside, and what every pile holds in number.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from ...core.rng import Rng
from . import arena
from .model import FACING_LETTERS, TALENT_CODES
from .position import TASK_NAMES

if TYPE_CHECKING:
    from .data import Armatura, Catalog
    from .fields import JugulaFields


def _codes(catalog: Catalog) -> tuple[str, ...]:
    """Every card's code by index, made once per catalog (`view` is read at every decision
    of the heuristics and their searches)."""
    kept = _CODES.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = _CODES[id(catalog)] = (catalog, tuple(c.code for c in catalog.cards))
    return kept[1]


def _traits(spec: Armatura) -> tuple[str, ...]:
    """The armatura's traits as the view names them, made once per armatura."""
    key = (spec.range, spec.hindrance, spec.bow, spec.harassment, spec.massive, spec.stoic)
    known = _TRAITS.get(key)
    if known is None:
        traits = [f"Range {spec.range}"] if spec.range else []
        traits += [
            name.capitalize()
            for name in ("hindrance", "bow", "harassment", "massive", "stoic")
            if getattr(spec, name)
        ]
        known = _TRAITS[key] = tuple(traits)
    return known


def _talents(bits: int) -> tuple[str, ...]:
    known = _TALENTS.get(bits)
    if known is None:
        known = _TALENTS[bits] = tuple(code for i, code in enumerate(TALENT_CODES) if bits >> i & 1)
    return known


_CODES: Final[dict[int, tuple[Catalog, tuple[str, ...]]]] = {}
_TRAITS: Final[dict[tuple[Any, ...], tuple[str, ...]]] = {}
_TALENTS: Final[dict[int, tuple[str, ...]]] = {}


def _gladiator(s: JugulaFields, g: int) -> dict[str, Any]:
    fighter = s.fighters[g]
    if fighter.armatura < 0:
        return {"id": g, "seat": fighter.seat, "armatura": None}
    template, sides = _fixed(s)[g]
    names = s.catalog.rules.squares
    marker = s.marker[g]
    square = s.square[g]
    wounds = s.wounds[g]
    mp, att, defence = sides[wounds > 0]
    entry = template.copy()  # the keys in their order, what the gladiator's card fixes filled
    entry["square"] = names[square] if square >= 0 else None
    entry["facing"] = FACING_LETTERS[s.facing[g]] if square >= 0 else None
    entry["wounded"] = wounds == 1
    entry["bitten"] = wounds >= 2
    entry["wounded_this_turn"] = s.hurt[g]
    entry["moved_this_turn"] = s.moved[g]
    entry["markers_held"] = s.held[g]
    entry["hindered"] = arena.hindered(s, g)
    entry["marker"] = (
        None
        if marker == -2
        else "card"
        if marker == -1
        else names[s.square[marker]]
        if s.square[marker] >= 0
        else "out"
    )
    entry["traits"] = list(template["traits"])
    entry["talents"] = list(template["talents"])
    entry["upgrades"] = dict(template["upgrades"])
    entry["mp"] = mp
    entry["att"] = list(att)
    entry["def"] = list(defence)
    return entry


Fixed = tuple[dict[str, Any], tuple[tuple[int, tuple[int, int], tuple[int, int]], ...]]


def _fixed(s: JugulaFields) -> list[Fixed]:
    """Per gladiator, what his card and upgrades fix in the view: the entry's keys in order
    (the rest filled per view) and, by side (unhurt, wounded), his MP, attack and defence.
    Made once per familiae (`arena.per_familiae`)."""
    return arena.per_familiae(s, _FIXED, _fixed_of)


def _fixed_of(s: JugulaFields) -> list[Fixed]:
    fixed: list[Fixed] = []
    for g, fighter in enumerate(s.fighters):
        if fighter.armatura < 0:
            fixed.append(({}, ()))
            continue
        spec = arena.armatura(s, g)
        template: dict[str, Any] = dict.fromkeys(_KEYS)
        template.update(
            id=g,
            seat=fighter.seat,
            armatura=spec.code,
            name=fighter.name or spec.name,
            heavy=spec.heavy,
            traits=_traits(spec),
            talents=_talents(fighter.talents),
            upgrades={"mp": fighter.mp, "att": fighter.att, "def": fighter.defence},
            range=arena.reach(s, g),
        )
        sides = tuple(
            (
                side.mp + fighter.mp,
                (side.att[0] + fighter.att, side.att[1] + fighter.att),
                (side.defence[0] + fighter.defence, side.defence[1] + fighter.defence),
            )
            for side in spec.sides
        )
        fixed.append((template, sides))
    return fixed


_KEYS: Final[tuple[str, ...]] = (
    "id",
    "seat",
    "armatura",
    "name",
    "heavy",
    "square",
    "facing",
    "wounded",
    "bitten",
    "wounded_this_turn",
    "moved_this_turn",
    "markers_held",
    "hindered",
    "marker",
    "traits",
    "talents",
    "upgrades",
    "mp",
    "range",
    "att",
    "def",
)
_FIXED: Final[dict[int, Any]] = {}


def view(s: JugulaFields, seat: int | None) -> dict[str, Any]:
    codes = _codes(s.catalog)
    rules = s.catalog.rules
    lanistae = []
    for p in range(s.num_players):
        deck = s.deck[p]
        entry: dict[str, Any] = {
            "seat": p,
            "vox": s.vox[p],
            "attack_bonus": rules.vox_attack[s.vox[p]],
            "hand_limit": rules.vox_hand[s.vox[p]],
            "hand_count": len(s.hand[p]),
            "hand_known": [codes[c] for c in s.shown[p]],
            "deck_count": len(deck),
            "deck_top_public": [codes[c] for c in reversed(deck[len(deck) - s.top_public[p] :])],
            "discard": [codes[c] for c in s.discard[p]],
            "removed": [codes[c] for c in s.removed[p]],
            "prima_aside": [codes[c] for c in s.aside[p]],
            "in_play": [codes[c] for c in s.in_play[p]],
            "out": s.out[p],
            "zone": s.zone[p],
            "compelled": s.compelled[p] >= 0,
            "bid": None if s.bids[p] == -1 else "deck" if s.bids[p] == -2 else "hand",
        }
        if seat == p:
            entry["hand"] = [codes[c] for c in s.hand[p]]
            entry["deck_top_known"] = [
                codes[c] for c in reversed(deck[len(deck) - s.top_known[p] :])
            ]
            entry["compelled_card"] = codes[s.compelled[p]] if s.compelled[p] >= 0 else None
            entry["bid_card"] = codes[s.bids[p]] if s.bids[p] >= 0 else None
        lanistae.append(entry)
    result: dict[str, Any] = {
        "game": "jugula",
        "seat": seat,
        "players": s.num_players,
        "width": rules.width,
        "height": rules.height,
        "turn": s.turns,
        "round": s.rounds,
        "turn_seat": s.turn_seat,
        "first_seat": s.first_seat,
        "order": s.order[:],
        "sudden_death": s.sudden,
        "simple": bool(s.options["simple"]),
        "over": s.over,
        "winners": s.winning_seats[:],
        "current_player": s.current_player,
        "decision": None if s.over else TASK_NAMES.get(s.tasks[-1][0]),
        "gladiators": [_gladiator(s, g) for g in range(len(s.fighters))],
        "lanistae": lanistae,
        "fight": _fight(s, seat),
    }
    return result


def _fight(s: JugulaFields, seat: int | None) -> dict[str, Any] | None:
    fight = s.fight
    if fight is None:
        return None
    codes = _codes(s.catalog)
    a_seat = s.fighters[fight.attacker].seat

    def card(value: int, owner: int) -> str | None:
        if value == -1:
            return None
        if value == -2:
            return "deck"
        return codes[value] if fight.revealed or seat == owner else "face down"

    return {
        "attacker": fight.attacker,
        "defender": fight.defender,
        "hinder": fight.hinder,
        "bonus": fight.bonus,
        "ardor": fight.ardor,
        "revealed": fight.revealed,
        "vacated": s.catalog.rules.squares[fight.vacated] if fight.vacated >= 0 else None,
        "attacker_card": card(fight.a_card, a_seat),
        "defender_card": card(fight.d_card, s.fighters[fight.defender].seat),
        "set_aside": [codes[c] for _, c in fight.discards],
    }


def resample(s: JugulaFields, seat: int, rng: random.Random) -> None:
    """Deal again everything `seat` cannot know: each rival's unknown hand cards, deck below
    the publicly known top and face-down cards together; his own deck below what he knows."""
    fight = s.fight
    for p in range(s.num_players):
        deck = s.deck[p]
        if p == seat:
            cut = len(deck) - s.top_known[p]
            unknown = sorted(deck[:cut])  # sorted first: the guess never depends on the truth
            rng.shuffle(unknown)
            deck[:cut] = unknown
            continue
        cut = len(deck) - s.top_public[p]
        hand_slots = [i for i, c in enumerate(s.hand[p]) if c not in s.shown[p]]
        pool = deck[:cut] + [s.hand[p][i] for i in hand_slots]
        bid = s.bids[p] >= 0
        if bid:
            pool.append(s.bids[p])
        face_down = (
            fight is not None
            and not fight.revealed
            and s.fighters[fight.attacker].seat == p
            and fight.a_card >= 0
        )
        if face_down:
            assert fight is not None
            pool.append(fight.a_card)
        pool.sort()
        rng.shuffle(pool)
        deck[:cut] = pool[:cut]
        rest = pool[cut:]
        for i in hand_slots:
            s.hand[p][i] = rest.pop()
        if bid:
            arena.put(s, "bids", p, rest.pop())
        if face_down:
            assert fight is not None
            fight.a_card = rest.pop()
        if s.compelled[p] >= 0:
            arena.put(s, "compelled", p, s.hand[p][rng.randrange(len(s.hand[p]))])
    s.rng = Rng.from_random(rng)
