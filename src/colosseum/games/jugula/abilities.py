"""The abilities of the 12 Jugula and 12 Prima Jugula cards ("The Jugula Cards", "Prima Jugula
Cards"). `USABLE` says whether a card may be played for its ability now (its stated condition
holds and it has something to act on, docs/rules/jugula.md); `start` resolves it, pushing the
decisions it asks for."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from ...core.actions import Action, Event
from . import arena, cards, combat, moves, victory
from .model import (
    ATTACK_PICK,
    COMPEL,
    DEMENTIA,
    DISCARD,
    EFFECTS_PICK,
    EXECUTE,
    HEAL,
    IMPETUS,
    IMPETUS_MOVE,
    MOVE_DEMENTIA,
    MOVE_NORMAL,
    MOVE_PAR_PARI,
    MOVE_PICK,
    NOBODY,
    ORDER_TOP,
    PERFIDIA,
    PLAY,
    PLAY_MAY,
    PLAY_MUST,
    PRIMA,
    RECALL,
    RESTORE,
    RIVAL,
    SACRIFICE,
    TEMPERARE,
    TEMPERARE_END,
)

if TYPE_CHECKING:
    from .data import Abilities
    from .fields import JugulaFields

Task = tuple[Any, ...]
REMOVES_ITSELF: Final = frozenset({"restore_removed", "heal_wound", "execution"})
RIVAL_PURPOSES: Final[tuple[str, ...]] = ("virtus", "paro", "formido", "potestas", "dubitatio")

RULES: Final = {
    "recall_from_discard": "jugula.ability.acies-aciei",
    "restore_removed": "jugula.ability.acta-est-fabula",
    "reckless_attack": "jugula.ability.ardor-oris",
    "heal_wound": "jugula.ability.cognatus-a-um",
    "take_two_prima": "jugula.ability.fraus-fraudis",
    "move_and_attack": "jugula.ability.impetus",
    "crowd_favourite": "jugula.ability.infamis",
    "salute_the_crowd": "jugula.ability.morituri-te-salutant",
    "bread_and_circuses": "jugula.ability.panem-et-circenses",
    "evasive_move": "jugula.ability.par-pari-refertur",
    "applause": "jugula.ability.plausus",
    "underdog": "jugula.ability.virtus",
    "draw_then_strike": "jugula.ability.fulmen",
    "force_discard": "jugula.ability.paro",
    "two_effects": "jugula.ability.animus",
    "effect_and_compel": "jugula.ability.dubitatio",
    "execution": "jugula.ability.fatalitas",
    "intimidation": "jugula.ability.formido",
    "seed_prima": "jugula.ability.perfidia",
    "move_enemy": "jugula.ability.dementia",
    "cull_weak": "jugula.ability.fortuna",
    "silence_rival": "jugula.ability.potestas",
    "trim_deck": "jugula.ability.temperare",
}
"""By ability id: the rule (`Event.rule`) of the card that has it, named by the card."""


def rule_of(s: JugulaFields, card: int) -> str:
    """The rule the ability of `card` applies."""
    return RULES[s.catalog.cards[card].ability]


def removes_itself(s: JugulaFields, card: int) -> bool:
    """Acta est Fabula, Cognatus a Um and Fatalitas leave the game once used."""
    return s.catalog.cards[card].ability in REMOVES_ITSELF


# --- when an ability may be chosen ---------------------------------------------------------------


def _healable(s: JugulaFields, seat: int) -> list[int]:
    """Cognatus a Um: a wounded gladiator of yours with no enemy on an adjacent square."""
    geo = arena.geo_of(s)
    found = []
    for g in arena.familia(s, seat):
        if s.square[g] >= 0 and s.wounds[g]:
            near = geo.adjacent[s.square[g]]
            if not any(s.board[sq] >= 0 and s.fighters[s.board[sq]].seat != seat for sq in near):
                found.append(g)
    return found


def _executable(s: JugulaFields, seat: int) -> list[int]:
    """Fatalitas: an enemy in the danger zone of at least two of your gladiators."""
    geo = arena.geo_of(s)
    needed = s.catalog.rules.abilities.fatalitas_danger_zones
    counts: dict[int, int] = {}
    for g in arena.familia(s, seat):
        if s.square[g] >= 0 and arena.exerts_zones(s, g):
            ahead = geo.danger[s.square[g]][s.facing[g]]
            if ahead >= 0:
                counts[ahead] = counts.get(ahead, 0) + 1
    found = []
    for square, count in counts.items():
        e = s.board[square]
        if count >= needed and e >= 0 and s.fighters[e].seat != seat:
            found.append(e)
    return found


def _movable(s: JugulaFields, seat: int, mode: int) -> list[int]:
    return [g for g in arena.familia(s, seat) if moves.can_move(s, g, mode)]


def _any_movable(mode: int, s: JugulaFields, seat: int) -> bool:
    """Whether `_movable` would find someone: `moves.can_move` stopping at the first, with
    `arena.hindered` asked only of a gladiator holding a marker. The mode comes first, so that
    `USABLE` binds it positionally (a keyword costs `partial` a dict at every call)."""
    square, held = s.square, s.held
    for g in arena.familia(s, seat):
        if square[g] < 0 or (held[g] > 0 and arena.hindered(s, g)):
            continue
        if mode != MOVE_PAR_PARI or not moves.in_enemy_front(s, g):  # `moves.may_start`
            return True
    return False


def _prima_aside(s: JugulaFields, seat: int, stars: int, exact: bool) -> bool:
    """Whether a Prima Jugula card set aside by `seat` costs `stars` (exact) or at most that."""
    cards = s.catalog.cards
    for card in s.aside[seat]:
        cost = cards[card].cost
        if cost == stars or (cost < stars and not exact):
            return True
    return False


def _any_attacker(s: JugulaFields, seat: int) -> bool:
    """Whether a gladiator of `seat` has a target (it stops at the first)."""
    for g in arena.familia(s, seat):  # noqa: SIM110 (a loop is cheaper than any() and a generator)
        if combat.targets(s, g):
            return True
    return False


def _numbers(s: JugulaFields) -> Abilities:
    return s.catalog.rules.abilities


# By ability, when it may be played (an ability not listed always may): a table, as the hand's
# every card is asked at every turn.
USABLE: Final[dict[str, Callable[[JugulaFields, int], bool]]] = {
    "none": lambda s, seat: False,
    "recall_from_discard": lambda s, seat: bool(s.discard[seat]),
    "restore_removed": lambda s, seat: any(s.removed),
    "reckless_attack": _any_attacker,
    "heal_wound": lambda s, seat: bool(_healable(s, seat)),
    "take_two_prima": lambda s, seat: _prima_aside(s, seat, _numbers(s).fraus_fraudis_stars, True),
    "move_and_attack": partial(_any_movable, MOVE_NORMAL),
    "crowd_favourite": cards.highest,
    "bread_and_circuses": lambda s, seat: cards.lead(s, seat, _numbers(s).panem_lead),
    "evasive_move": partial(_any_movable, MOVE_PAR_PARI),
    "underdog": lambda s, seat: not cards.highest(s, seat),
    "execution": lambda s, seat: bool(_executable(s, seat)),
    "seed_prima": lambda s, seat: _prima_aside(s, seat, _numbers(s).perfidia_stars, False),
    "move_enemy": lambda s, seat: any(
        moves.can_move(s, e, MOVE_DEMENTIA)
        for other in cards.rivals(s, seat)
        for e in arena.familia(s, other)
    ),
    "trim_deck": lambda s, seat: bool(s.deck[seat] or s.discard[seat]),
}


# --- resolving an ability ------------------------------------------------------------------------


def start(s: JugulaFields, seat: int, card: int, events: list[Event]) -> None:
    """Resolve the ability of `card`, played by `seat` (the card itself is in play)."""
    spec = s.catalog.cards[card]
    numbers = s.catalog.rules.abilities
    ability = spec.ability
    tasks = s.tasks
    if ability == "recall_from_discard":  # Acies Aciei
        tasks.append((RECALL, seat))
    elif ability == "restore_removed":  # Acta est Fabula
        tasks.append((RESTORE, seat))
    elif ability == "reckless_attack":  # Ardor Oris
        tasks.append((ATTACK_PICK, seat, 1, NOBODY, numbers.ardor_oris_attack, 1))
    elif ability == "heal_wound":  # Cognatus a Um
        tasks.append((HEAL, seat))
    elif ability == "take_two_prima":  # Fraus Fraudis
        tasks.append((PRIMA, seat, numbers.fraus_fraudis_cards, numbers.fraus_fraudis_stars, 1))
    elif ability == "move_and_attack":  # Impetus
        tasks.append((IMPETUS, seat))
    elif ability == "crowd_favourite":  # Infamis
        value = numbers.infamis_value
        tasks.append((EFFECTS_PICK, seat, ("move", "vox", "draw"), (value,) * 3, 3))
    elif ability == "salute_the_crowd":  # Moriturí te salutant
        tasks.append((SACRIFICE, seat, 0, NOBODY))
    elif ability == "bread_and_circuses":  # Panem et Circenses
        three = (spec.movement, spec.vox, spec.draw)
        tasks.append((EFFECTS_PICK, seat, ("move", "vox", "draw"), three, numbers.panem_choices))
    elif ability == "evasive_move":  # Par Pari Refertur
        tasks.append((MOVE_PICK, seat, 1, MOVE_PAR_PARI))
    elif ability == "applause":  # Plausus
        if cards.highest(s, seat):
            tasks.append((PLAY, seat, PLAY_MAY))
        look = min(numbers.plausus_look, len(s.deck[seat]))
        arena.put(s, "top_known", seat, max(s.top_known[seat], look))
        if look > 1:  # rearranged in secret: a card others saw put on top may have moved
            arena.put(s, "top_public", seat, 0)
        events.append(Event("looks", {"seat": seat, "cards": look}, rule="jugula.ability.plausus"))
        if look > 1:
            tasks.append((ORDER_TOP, seat, look, look))
    elif ability == "underdog":  # Virtus
        tasks.append((PLAY, seat, PLAY_MAY))
        _with_rival(s, seat, "virtus", events)
    elif ability == "draw_then_strike":  # Fulmen
        cards.draw(s, seat, numbers.fulmen_draw, events, rule="jugula.ability.fulmen")
        tasks.append((EFFECTS_PICK, seat, ("move", "combat"), (1, 1), 1))
    elif ability == "force_discard":  # Paro
        _with_rival(s, seat, "paro", events)
    elif ability == "two_effects":  # Animus
        values = (spec.movement, spec.vox, spec.combat, spec.draw)
        effects = ("move", "vox", "combat", "draw")
        tasks.append((EFFECTS_PICK, seat, effects, values, numbers.animus_choices))
    elif ability == "effect_and_compel":  # Dubitatio
        tasks.append((COMPEL, seat))
        values = (spec.movement, spec.vox, spec.combat, spec.draw)
        tasks.append((EFFECTS_PICK, seat, ("move", "vox", "combat", "draw"), values, 1))
    elif ability == "execution":  # Fatalitas
        tasks.append((EXECUTE, seat))
    elif ability == "intimidation":  # Formido
        tasks.append((PLAY, seat, PLAY_MUST))
        cards.gain_vox(s, seat, numbers.formido_vox, events, rule="jugula.ability.formido")
        _with_rival(s, seat, "formido", events)
    elif ability == "seed_prima":  # Perfidia
        tasks.append((PERFIDIA, seat, numbers.perfidia_stars))
    elif ability == "move_enemy":  # Dementia
        tasks.append((DEMENTIA, seat))
    elif ability == "cull_weak":  # Fortuna
        _cull(s, seat, events)
    elif ability == "silence_rival":  # Potestas
        tasks.append((PLAY, seat, PLAY_MAY))
        _with_rival(s, seat, "potestas", events)
    elif ability == "trim_deck":  # Temperare
        tasks.append((TEMPERARE_END, seat))
        tasks.append((TEMPERARE, seat, 0))
    else:
        raise ValueError(f"card {spec.code} has no ability to play")


def _with_rival(s: JugulaFields, seat: int, purpose: str, events: list[Event]) -> None:
    """Choose the opponent an ability acts on; with one opponent left there is no choice."""
    others = cards.rivals(s, seat)
    if len(others) == 1:
        _on_rival(s, seat, purpose, others[0], events)
    elif others:
        s.tasks.append((RIVAL, seat, RIVAL_PURPOSES.index(purpose)))


def _on_rival(s: JugulaFields, seat: int, purpose: str, rival: int, events: list[Event]) -> None:
    numbers = s.catalog.rules.abilities
    if purpose == "virtus":
        cards.lose_vox(s, rival, numbers.virtus_vox_loss, events, rule="jugula.ability.virtus")
    elif purpose == "paro":
        s.tasks.append((DISCARD, rival, numbers.paro_hand))
    elif purpose == "formido":
        rule = "jugula.ability.formido"
        cards.gain_vox(s, rival, numbers.formido_rival_vox, events, rule=rule)
    elif purpose == "potestas":
        s.tasks.append((SACRIFICE, seat, 0, rival))
    elif purpose == "dubitatio":
        _compel(s, seat, rival, events)


def _compel(s: JugulaFields, seat: int, rival: int, events: list[Event]) -> None:
    """Dubitatio: a card drawn at random from the rival's hand must be his next turn's card."""
    hand = s.hand[rival]
    if not hand:
        return
    card = hand[s.rng.below(len(hand))]
    arena.put(s, "compelled", rival, card)
    rule = "jugula.ability.dubitatio"
    events.append(Event("compelled", {"seat": rival}, rule=rule))
    code = s.catalog.cards[card].code
    events.append(Event("compelled_card", {"seat": rival, "card": code}, [rival], rule=rule))


def _compel_check(s: JugulaFields, task: Task, events: list[Event]) -> None:
    seat = task[1]
    if s.vox[seat] >= s.catalog.rules.abilities.dubitatio_vox:
        _with_rival(s, seat, "dubitatio", events)


def _legal_rival(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("rival", other) for other in cards.rivals(s, task[1])]


def _apply_rival(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    s.tasks.pop()
    _on_rival(s, task[1], RIVAL_PURPOSES[task[2]], int(action.args[0]), events)


def _cull(s: JugulaFields, seat: int, events: list[Event]) -> None:
    """Fortuna: every card of the deck and discard pile with a low die leaves the game; the
    deck is shuffled."""
    limit = s.catalog.rules.abilities.fortuna_die
    catalog = s.catalog
    for pile in (s.deck[seat], s.discard[seat]):
        culled = [c for c in pile if catalog.cards[c].die <= limit]
        for card in culled:
            pile.remove(card)
        arena.put(s, "removed", seat, [*s.removed[seat], *culled])
        if culled:
            codes = [catalog.cards[c].code for c in culled]
            events.append(
                Event("removed", {"seat": seat, "cards": codes}, rule="jugula.ability.fortuna")
            )
    s.rng.shuffle(s.deck[seat])
    cards.forget_top(s, seat)


# --- the decisions abilities ask for -------------------------------------------------------------


def _legal_recall(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("recall", s.catalog.cards[c].code) for c in s.discard[task[1]]]


def _apply_recall(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Acies Aciei: a card of the discard pile back into the hand (seen by all)."""
    seat = task[1]
    s.tasks.pop()
    card = s.catalog.card_by_code[str(action.args[0])]
    s.discard[seat].remove(card)
    s.hand[seat].append(card)
    arena.put(s, "shown", seat, [*s.shown[seat], card])
    events.append(
        Event("recall", {"seat": seat, "card": action.args[0]}, rule="jugula.ability.acies-aciei")
    )


def _legal_restore(s: JugulaFields, task: Task) -> list[Action]:
    return [
        Action("restore", owner, s.catalog.cards[c].code)
        for owner, pile in enumerate(s.removed)
        for c in pile
    ]


def _apply_restore(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Acta est Fabula: a card out of the game onto the top of its owner's deck."""
    s.tasks.pop()
    owner, card = int(action.args[0]), s.catalog.card_by_code[str(action.args[1])]
    arena.put(s, "removed", owner, [c for c in s.removed[owner] if c != card])
    s.deck[owner].append(card)
    arena.put(s, "top_known", owner, s.top_known[owner] + 1)
    arena.put(s, "top_public", owner, s.top_public[owner] + 1)
    data = {"seat": owner, "card": action.args[1]}
    events.append(Event("restore", data, rule="jugula.ability.acta-est-fabula"))


def _legal_heal(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("heal", arena.name(s, g)) for g in _healable(s, task[1])]


def _apply_heal(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Cognatus a Um: the wound is cancelled; the armatura card shows its unhurt side."""
    s.tasks.pop()
    g = s.board[s.catalog.rules.squares.index(str(action.args[0]))]
    s.wounds[g] = 0
    events.append(Event("healed", arena.describe(s, g), rule="jugula.ability.cognatus-a-um"))


def _legal_impetus(s: JugulaFields, task: Task) -> list[Action]:
    found = []
    for g in _movable(s, task[1], MOVE_NORMAL):
        where = arena.name(s, g)
        found += [Action("impetus", where, "move"), Action("impetus", where, "attack")]
    return found


def _apply_impetus(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Impetus: one gladiator moves then attacks, or attacks then moves."""
    seat = task[1]
    s.tasks.pop()
    g = s.board[s.catalog.rules.squares.index(str(action.args[0]))]
    if action.args[1] == "move":
        s.tasks.append((ATTACK_PICK, seat, 1, g, 0, 0))
        moves.start_move(s, seat, g, MOVE_NORMAL)
    else:
        s.tasks.append((IMPETUS_MOVE, seat, g))
        s.tasks.append((ATTACK_PICK, seat, 1, g, 0, 0))


def _impetus_move(s: JugulaFields, task: Task, events: list[Event]) -> None:
    moves.start_move(s, task[1], task[2], MOVE_NORMAL)


def _legal_sacrifice(s: JugulaFields, task: Task) -> list[Action]:
    seat = task[1]
    found = [Action("done")]
    if len(s.hand[seat]) >= 2:
        found += [Action("discard", s.catalog.cards[c].code) for c in s.hand[seat]]
    return found


def _apply_sacrifice(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Moriturí te salutant (+1 Vox Populi per card) and Potestas (-1 to the rival per card):
    discard any number of cards, keeping at least one."""
    kind, seat, count, rival = task
    s.tasks.pop()
    rule = "jugula.ability.morituri-te-salutant" if rival < 0 else "jugula.ability.potestas"
    if action.kind == "discard":
        card = s.catalog.card_by_code[str(action.args[0])]
        cards.discard_from_hand(s, seat, card, events, rule=rule)
        s.tasks.append((kind, seat, count + 1, rival))
    elif rival < 0:
        cards.gain_vox(s, seat, count, events, rule=rule)
    else:
        cards.lose_vox(s, rival, count, events, rule=rule)


def _legal_order(s: JugulaFields, task: Task) -> list[Action]:
    seat, look, left = task[1], task[2], task[3]
    deck = s.deck[seat]
    placed = look - left
    unplaced = deck[len(deck) - look : len(deck) - placed]
    return [Action("top", s.catalog.cards[c].code) for c in reversed(unplaced)]


def _apply_order(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Plausus: the looked-at cards go back in the chosen order, top first."""
    kind, seat, look, left = task
    s.tasks.pop()
    deck = s.deck[seat]
    card = s.catalog.card_by_code[str(action.args[0])]
    deck.remove(card)
    deck.insert(len(deck) - (look - left), card)
    if left > 2:
        s.tasks.append((kind, seat, look, left - 1))


def _legal_perfidia(s: JugulaFields, task: Task) -> list[Action]:
    seat, budget = task[1], task[2]
    found = [Action("done")]
    found += [
        Action("seed", s.catalog.cards[c].code)
        for c in s.aside[seat]
        if s.catalog.cards[c].cost <= budget
    ]
    return found


def _apply_perfidia(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Perfidia: Prima Jugula cards worth at most 7 stars in all, into the discard pile."""
    kind, seat, budget = task
    s.tasks.pop()
    if action.kind == "done":
        return
    card = s.catalog.card_by_code[str(action.args[0])]
    arena.put(s, "aside", seat, [c for c in s.aside[seat] if c != card])
    s.discard[seat].append(card)
    events.append(
        Event("seed", {"seat": seat, "card": action.args[0]}, rule="jugula.ability.perfidia")
    )
    s.tasks.append((kind, seat, budget - s.catalog.cards[card].cost))


def _legal_dementia(s: JugulaFields, task: Task) -> list[Action]:
    return [
        Action("dementia", arena.name(s, e))
        for other in cards.rivals(s, task[1])
        for e in arena.familia(s, other)
        if moves.can_move(s, e, MOVE_DEMENTIA)
    ]


def _apply_dementia(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Dementia: you move an enemy gladiator with his own MP and movement limits."""
    s.tasks.pop()
    g = s.board[s.catalog.rules.squares.index(str(action.args[0]))]
    moves.start_move(s, task[1], g, MOVE_DEMENTIA)


def _legal_execute(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("execute", arena.name(s, e)) for e in _executable(s, task[1])]


def _apply_execute(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Fatalitas: the gladiator is wounded (and bites the dust if he already was)."""
    s.tasks.pop()
    g = s.board[s.catalog.rules.squares.index(str(action.args[0]))]
    victory.wound(s, g, task[1], events, rule="jugula.ability.fatalitas")


def _legal_temperare(s: JugulaFields, task: Task) -> list[Action]:
    seat, taken = task[1], task[2]
    found = [Action("done")] if taken else []
    if taken < s.catalog.rules.abilities.temperare_cards:
        pool = sorted(s.deck[seat] + s.discard[seat])
        found += [Action("remove", s.catalog.cards[c].code) for c in pool]
    return found


def _apply_temperare(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Temperare: 1 to 3 cards of the deck and discard pile leave the game."""
    kind, seat, taken = task
    s.tasks.pop()
    if action.kind == "done":
        return
    card = s.catalog.card_by_code[str(action.args[0])]
    pile = s.deck[seat] if card in s.deck[seat] else s.discard[seat]
    pile.remove(card)
    arena.put(s, "removed", seat, [*s.removed[seat], card])
    events.append(
        Event("removed", {"seat": seat, "card": action.args[0]}, rule="jugula.ability.temperare")
    )
    s.tasks.append((kind, seat, taken + 1))


def _temperare_end(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """Temperare: the discard pile is shuffled into the deck; with the highest Vox Populi,
    draw two cards and play another card."""
    seat = task[1]
    deck = s.deck[seat] + s.discard[seat]
    s.discard[seat] = []
    s.rng.shuffle(deck)
    s.deck[seat] = deck
    cards.forget_top(s, seat)
    if cards.highest(s, seat):
        s.tasks.append((PLAY, seat, PLAY_MAY))
        draws = s.catalog.rules.abilities.temperare_draw
        cards.draw(s, seat, draws, events, rule="jugula.ability.temperare")


LEGAL: Final[dict[int, Callable[[JugulaFields, Task], list[Action]]]] = {
    RIVAL: _legal_rival,
    RECALL: _legal_recall,
    RESTORE: _legal_restore,
    HEAL: _legal_heal,
    IMPETUS: _legal_impetus,
    SACRIFICE: _legal_sacrifice,
    ORDER_TOP: _legal_order,
    PERFIDIA: _legal_perfidia,
    DEMENTIA: _legal_dementia,
    EXECUTE: _legal_execute,
    TEMPERARE: _legal_temperare,
}
APPLY: Final[dict[int, Callable[[JugulaFields, Task, Action, list[Event]], None]]] = {
    RIVAL: _apply_rival,
    RECALL: _apply_recall,
    RESTORE: _apply_restore,
    HEAL: _apply_heal,
    IMPETUS: _apply_impetus,
    SACRIFICE: _apply_sacrifice,
    ORDER_TOP: _apply_order,
    PERFIDIA: _apply_perfidia,
    DEMENTIA: _apply_dementia,
    EXECUTE: _apply_execute,
    TEMPERARE: _apply_temperare,
}
AUTOMATIC: Final[dict[int, Callable[[JugulaFields, Task, list[Event]], None]]] = {
    COMPEL: _compel_check,
    TEMPERARE_END: _temperare_end,
    IMPETUS_MOVE: _impetus_move,
}
