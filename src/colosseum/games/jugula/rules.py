"""The order of play: set-up decisions, turns and rounds, playing a card for one of its effects.

Every decision is a task on `state.tasks` (model.py); `settle` runs the automatic tasks and skips
decisions that offer nothing, so the task on top always has legal actions. The handlers of the
other rule areas live in `moves`, `combat` and `abilities`; this module dispatches to them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from ...core.actions import Action, Event, public_event
from . import abilities, arena, cards, combat, moves, victory
from .model import (
    ARENA_IDOL,
    ATTACK_END,
    ATTACK_PICK,
    BID,
    DECISIONS,
    DECK,
    DEPLOY,
    DISCARD,
    EFFECTS,
    EFFECTS_PICK,
    END_CARD,
    END_TURN,
    FACING_LETTERS,
    FIRST,
    MOVE_NORMAL,
    MOVE_PICK,
    NEXT_TURN,
    NOBODY,
    PICK_ARMATURA,
    PLAY,
    PLAY_MAY,
    PLAY_TURN,
    PRIMA,
    ROUND_REVEAL,
    SIDES,
    ZONE,
    Fighter,
)
from .options import MAX_PLAYERS

if TYPE_CHECKING:
    from .data import Catalog
    from .fields import JugulaFields

Task = tuple[Any, ...]
TRIVIAL: Final = frozenset({"done", "stay"})
EFFECT_RULES: Final = {
    "move": "jugula.cards.movement-effect",
    "vox": "jugula.cards.vox-populi-effect",
    "combat": "jugula.cards.combat-effect",
    "draw": "jugula.cards.draw-effect",
    "upgrade": "jugula.cards.upgrade-effect",
}
"""By effect: the rule (`Event.rule`) a card played for it applies (the ability: its card's)."""


def marker_start(s: JugulaFields, g: int) -> int:
    """Hindrance: each gladiator with the trait starts with his marker on his card (-1);
    -2: he has no marker."""
    index = s.fighters[g].armatura
    if index < 0 or not s.catalog.armaturae[index].hindrance:
        return -2
    return -1 if s.catalog.rules.traits.hindrance_markers else -2


# --- the dispatcher ------------------------------------------------------------------------------


def legal_actions(s: JugulaFields) -> list[Action]:
    return _legal_for(s, s.tasks[-1])


def apply_action(
    s: JugulaFields, action: Action | None, events: list[Event] | None = None
) -> list[Event]:
    """Carry out a legal action for the task on top (None: none), then run automatic tasks and
    skip empty decisions until a decision with a choice is on top (or the game is over); a
    decision whose only action is "done" or "stay" is taken. Returns `events` (a new list if
    None) with what happened. One function: a step makes one call fewer."""
    if events is None:
        events = []
    if action is not None:
        task = s.tasks[-1]
        _APPLY[task[0]](s, task, action, events)
    tasks = s.tasks  # replaced only when the game ends (`victory.finish`)
    while not s.over:
        task = tasks[-1]
        kind = task[0]
        if kind not in DECISIONS:
            tasks.pop()
            _AUTOMATIC[kind](s, task, events)
            continue
        if s.out[task[1]]:
            tasks.pop()
            continue
        legal = _LEGAL[kind](s, task)
        if not legal:
            tasks.pop()
            continue
        if len(legal) == 1 and legal[0].kind in TRIVIAL:
            _APPLY[kind](s, task, legal[0], events)
            continue
        s._legal = legal
        return events
    s.tasks = []
    return events


def settle(s: JugulaFields, events: list[Event]) -> None:
    """`apply_action` with no action: the automatic tasks and empty decisions on top, run."""
    apply_action(s, None, events)


def _legal_for(s: JugulaFields, task: Task) -> list[Action]:
    return _LEGAL[task[0]](s, task)


# --- set-up: armaturae, zones, deployment ---------------------------------------------------------


def _legal_pick(s: JugulaFields, task: Task) -> list[Action]:
    seat = task[1]
    mine = {s.fighters[g].armatura for g in arena.familia(s, seat)}
    return [Action("pick", a.code) for a in s.catalog.armaturae if a.index not in mine]


def _apply_pick(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """ "Setting up the game": each lanista chooses four different armaturae."""
    seat = task[1]
    index = s.catalog.armatura_by_code[str(action.args[0])]
    g = next(g for g in arena.familia(s, seat) if s.fighters[g].armatura < 0)
    fighters = list(s.fighters)
    fighters[g] = Fighter(seat, index, s.catalog.armaturae[index].name)
    s.fighters = tuple(fighters)
    arena.put(s, "marker", g, marker_start(s, g))
    events.append(
        Event(
            "armatura",
            {"seat": seat, "armatura": action.args[0]},
            rule="jugula.setup.armaturae",
        )
    )
    if any(s.fighters[x].armatura < 0 for x in arena.familia(s, seat)):
        return
    s.tasks.pop()
    if not any(f.armatura < 0 for f in s.fighters):
        start_deployment(s)


def start_deployment(s: JugulaFields) -> None:
    """The first player deploys first, then the others clockwise; with three or four lanistae
    each first picks one of the free zones ("Multi-Player Games", "Entering the arena")."""
    kind = ZONE if s.num_players > 2 else DEPLOY
    if kind == DEPLOY:
        s.zone = list(range(s.num_players))
    s.tasks.append((kind, s.first_seat))


def side_name(s: JugulaFields, zone: int) -> str:
    """The side of the arena a zone lies on: two lanistae sit south and north."""
    return ("south", "north")[zone] if s.num_players == 2 else SIDES[zone]


def forward_facing(s: JugulaFields, zone: int) -> int:
    """The facing towards the arena from a zone's side (N from the south, and so on)."""
    return ("north", "east", "south", "west").index(
        {"south": "north", "west": "east", "north": "south", "east": "west"}[side_name(s, zone)]
    )


def _legal_zone(s: JugulaFields, task: Task) -> list[Action]:
    taken = {z for z in s.zone if z >= 0}
    return [Action("zone", side_name(s, z)) for z in range(s.num_players) if z not in taken]


def _apply_zone(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """ "Entering the arena": the first player picks one of the zones, then each clockwise."""
    seat = task[1]
    zone = s.zone[:]
    zone[seat] = next(z for z in range(s.num_players) if side_name(s, z) == action.args[0])
    s.zone = zone
    events.append(
        Event(
            "zone",
            {"seat": seat, "zone": action.args[0]},
            rule="jugula.multiplayer.entering-the-arena",
        )
    )
    s.tasks.pop()
    s.tasks.append((DEPLOY, seat))


def _legal_deploy(s: JugulaFields, task: Task) -> list[Action]:
    seat = task[1]
    rules = s.catalog.rules
    squares = [sq for sq in rules.deployment[s.num_players][s.zone[seat]] if s.board[sq] < 0]
    if rules.deployment_facing == "forward":
        facings: tuple[int, ...] = (forward_facing(s, s.zone[seat]),)
    else:
        facings = (0, 1, 2, 3)
    found: list[Action] = []
    for g in arena.familia(s, seat):
        if s.square[g] < 0 and s.wounds[g] < 2:
            made = _deploys(rules.squares, arena.armatura(s, g).code, facings)
            for square in squares:
                found.extend(made[square])
    return found


@cache
def _deploys(
    squares: tuple[str, ...], code: str, facings: tuple[int, ...]
) -> tuple[tuple[Action, ...], ...]:
    """An armatura's deployments, by square, then in the order of `facings`: made once per
    arena, armatura and facings (an Action is a value; up to 256 are offered at each
    placement)."""
    return tuple(
        tuple(Action("deploy", code, name, FACING_LETTERS[f]) for f in facings) for name in squares
    )


def _apply_deploy(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Each gladiator on a free square of the lanista's zone; an Arena Idol stirs the crowd."""
    seat = task[1]
    code, square, facing = action.args
    g = next(
        g for g in arena.familia(s, seat) if s.square[g] < 0 and arena.armatura(s, g).code == code
    )
    arena.place(s, g, s.catalog.rules.squares.index(str(square)), FACING_LETTERS.index(str(facing)))
    data = {**arena.describe(s, g), "facing": facing}
    events.append(Event("deploy", data, rule="jugula.setup.deployment"))
    depth = len(s.tasks)
    if s.fighters[g].talents & ARENA_IDOL:
        vox = s.catalog.rules.talents.arena_idol_vox
        cards.gain_vox(s, seat, vox, events, rule="jugula.talents.arena-idol")
    idol = s.tasks[depth:]  # his draws beyond 10, decided before the deployment goes on
    del s.tasks[depth:]
    _deployed(s, seat, events)
    s.tasks.extend(idol)


def _deployed(s: JugulaFields, seat: int, events: list[Event]) -> None:
    if any(s.square[x] < 0 and s.wounds[x] < 2 for x in arena.familia(s, seat)):
        return
    s.tasks.pop()
    following = (seat + 1) % s.num_players
    if following != s.first_seat:
        s.tasks.append((ZONE if s.num_players > 2 else DEPLOY, following))
    elif s.num_players == 2:
        start_turn(s, s.first_seat, events)
    else:
        new_round(s, events)


# --- rounds (three or four lanistae) -------------------------------------------------------------


def new_round(s: JugulaFields, events: list[Event]) -> None:
    """ "Game round": each lanista in the arena commits a card face down for the first player."""
    s.rounds += 1
    contenders = tuple(seat for seat in range(s.num_players) if not s.out[seat])
    events.append(Event("round", {"round": s.rounds}, rule="jugula.multiplayer.game-round"))
    s.tasks.append((ROUND_REVEAL, contenders))
    for seat in reversed(contenders):
        s.tasks.append((BID, seat))


def _legal_bid(s: JugulaFields, task: Task) -> list[Action]:
    return cards.commit_choices(s, task[1], "bid")


def _apply_bid(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    seat = task[1]
    arena.put(s, "bids", seat, cards.commit_card(s, seat, str(action.args[0])))
    source = "deck" if s.bids[seat] == DECK else "hand"
    events.append(
        Event("bid", {"seat": seat, "from": source}, rule="jugula.multiplayer.game-round")
    )
    s.tasks.pop()


def _round_reveal(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """Reveal the round's cards: the highest die designates the first player; ties go to the
    higher Vox Populi, then the still-tied lanistae commit again. Revealed cards are discarded."""
    contenders: tuple[int, ...] = task[1]
    dice: dict[int, int] = {}
    for seat in contenders:
        card = s.bids[seat]
        if card == DECK:
            card = cards.take_top(s, seat, events)
        arena.put(s, "bids", seat, NOBODY)
        dice[seat] = s.catalog.cards[card].die if card >= 0 else 0
        if card >= 0:
            s.discard[seat].append(card)
            code = s.catalog.cards[card].code
            events.append(
                Event("reveal", {"seat": seat, "card": code}, rule="jugula.multiplayer.game-round")
            )
    best = max(dice.values())
    tied = [seat for seat in contenders if dice[seat] == best]
    if len(tied) > 1:
        top = max(s.vox[seat] for seat in tied)
        tied = [seat for seat in tied if s.vox[seat] == top]
    if len(tied) > 1:
        s.tasks.append((ROUND_REVEAL, tuple(tied)))
        for seat in reversed(tied):
            s.tasks.append((BID, seat))
        return
    s.tasks.append((FIRST, tied[0]))


def _legal_first(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("first", seat) for seat in range(s.num_players) if not s.out[seat]]


def _apply_first(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """The winner designates the first player (himself or any other); play goes clockwise."""
    s.tasks.pop()
    first = int(action.args[0])
    s.order = [(first + k) % s.num_players for k in range(s.num_players)]
    s.order = [seat for seat in s.order if not s.out[seat]]
    s.order_pos = 0
    events.append(
        Event(
            "first_player",
            {"seat": first, "chosen_by": task[1]},
            rule="jugula.multiplayer.game-round",
        )
    )
    start_turn(s, first, events)


# --- turns ---------------------------------------------------------------------------------------


def start_turn(s: JugulaFields, seat: int, events: list[Event]) -> None:
    """ "The Cards": a lanista's turn is one card played for one effect, then the hand limit."""
    s.turns += 1
    limit = int(s.options["turn_limit"])
    if limit and s.turns > limit:
        victory.judges_stop(s, events)
        return
    s.turn_seat = seat
    # replaced, never changed in place (model.REPLACED): kept when clear; `True in` asks the
    # list without a call to any()
    if True in s.moved:
        s.moved = [False] * len(s.moved)
    if True in s.hurt:
        s.hurt = [False] * len(s.hurt)
    events.append(public_event("turn", {"seat": seat, "turn": s.turns}, "jugula.cards.turn"))
    s.tasks += _TURN_TASKS[seat]


_TURN_TASKS: Final = tuple(
    ((END_TURN, seat), (PLAY, seat, PLAY_TURN)) for seat in range(MAX_PLAYERS)
)
"""By seat: the tasks a turn starts with, its end below its card (made once: a task is a value
that outlives its step, and fewer such allocations mean fewer garbage collections)."""


def _end_turn(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """ "Maximum hand size": discard down to the Vox Populi's limit at the end of the turn."""
    seat = task[1]
    limit = s.catalog.rules.vox_hand[s.vox[seat]]
    if len(s.hand[seat]) > limit and not s.out[seat]:
        s.tasks.append((NEXT_TURN, seat))
        s.tasks.append((DISCARD, seat, limit))
        return
    if s.num_players == 2:  # `_next_turn`'s first case, without the call
        start_turn(s, 1 - seat, events)
        return
    _next_turn(s, task, events)


def _next_turn(s: JugulaFields, task: Task, events: list[Event]) -> None:
    seat = task[1]
    if s.num_players == 2:
        start_turn(s, 1 - seat, events)
        return
    while s.order_pos + 1 < len(s.order):
        s.order_pos += 1
        following = s.order[s.order_pos]
        if not s.out[following]:
            start_turn(s, following, events)
            return
    new_round(s, events)


def _legal_play(s: JugulaFields, task: Task) -> list[Action]:
    """Any card for any of its effects, except: with one card, only its draw effect (when a
    card can be drawn); the card a Dubitatio compels must be the turn's card; an ability only
    when it has something to act on (`abilities.USABLE`)."""
    seat, mode = task[1], task[2]
    hand = s.hand[seat]
    table = _card_plays(s.catalog)
    if len(hand) == 1 and cards.can_draw(s, seat):  # half the turns: first
        draw = table[hand[0]][3]  # `CardPlays`' last: its draw
        return [draw] if mode != PLAY_MAY else [Action("pass"), draw]
    if not hand:
        return [Action("pass")] if mode == PLAY_TURN else []
    found: list[Action] = [] if mode != PLAY_MAY else [Action("pass")]
    playable = hand
    if mode == PLAY_TURN and s.compelled[seat] in hand:
        playable = [s.compelled[seat]]
    for card in playable:
        usable, unusable, check, _ = table[card]
        found.extend(usable if check is None or check(s, seat) else unusable)
    return found


_ABILITY: Final = EFFECTS.index("ability")
_DRAW: Final = EFFECTS.index("draw")  # among the effects before the ability
assert _DRAW < _ABILITY


@mypyc_attr(native_class=False)  # a Python class when compiled (core/build.py), as Action is
class Play(Action):
    """`play CODE EFFECT`: a card played for one of its effects. Made once per card code and
    effect (`_plays`), it keeps both as strings, so applying it parses nothing."""

    __slots__ = ("code", "effect")

    def __init__(self, code: str, effect: str) -> None:
        super().__init__("play", code, effect)
        self.code = code
        self.effect = effect


@cache
def _plays(code: str) -> tuple[tuple[Play, ...], Play, tuple[Play, ...]]:
    """The card's actions, one per effect in `EFFECTS`' order, as (those before the ability,
    the ability, those after it): made once per card code (an Action is a value; the hands
    offer them turn after turn)."""
    every = tuple(Play(code, effect) for effect in EFFECTS)
    return every[:_ABILITY], every[_ABILITY], every[_ABILITY + 1 :]


CardPlays = tuple[
    tuple[Play, ...], tuple[Play, ...], Callable[["JugulaFields", int], bool] | None, Play
]
"""A card's plays: every effect in `EFFECTS`' order, the same without the ability, the check
between them (`abilities.USABLE`; None: always usable), the draw. A plain tuple, which CPython
unpacks faster than a NamedTuple."""
_CARD_PLAYS: Final[dict[int, tuple[Catalog, list[CardPlays]]]] = {}


def _card_plays(catalog: Catalog) -> list[CardPlays]:
    """By card index, its `CardPlays`: made once per catalog, as the hand's every card is looked
    up at every turn."""
    kept = _CARD_PLAYS.get(id(catalog))
    if kept is not None and kept[0] is catalog:
        return kept[1]
    table: list[CardPlays] = []
    for spec in catalog.cards:
        before, ability, after = _plays(spec.code)
        usable, unusable = (*before, ability, *after), (*before, *after)
        table.append((usable, unusable, abilities.USABLE.get(spec.ability), before[_DRAW]))
    if len(_CARD_PLAYS) >= 64:
        _CARD_PLAYS.clear()
    _CARD_PLAYS[id(catalog)] = (catalog, table)
    return table


def _apply_play(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    seat = task[1]
    s.tasks.pop()
    if action.kind == "pass":
        events.append(Event("pass", {"seat": seat}, rule="jugula.cards.no-card"))
        return
    if isinstance(action, Play):  # offered by this very position (`State.apply`)
        code, effect = action.code, action.effect
    else:
        code, effect = str(action.args[0]), str(action.args[1])
    catalog = s.catalog
    card = catalog.card_by_code[code]
    cards.leave_hand(s, seat, card)
    data = {"seat": seat, "card": code, "effect": effect}
    if effect == "ability":
        s.in_play[seat].append(card)
        events.append(public_event("play", data, abilities.rule_of(s, card)))
        s.tasks.append((END_CARD, seat, card, int(abilities.removes_itself(s, card))))
        abilities.start(s, seat, card, events)
        return
    rule = EFFECT_RULES[effect]
    events.append(public_event("play", data, rule))
    value: int = getattr(catalog.cards[card], PRINTED[effect])
    if effect == "draw":  # resolved at once, pushing no task: the card's end follows it here
        cards.draw(s, seat, value, events, rule=rule)
        s.discard[seat].append(card)  # as `_end_card`: after the draw, never reshuffled by it
        return
    s.in_play[seat].append(card)
    s.tasks.append((END_CARD, seat, card, 0))
    use_effect(s, seat, effect, value, events, card)


PRINTED: Final = {effect: "movement" if effect == "move" else effect for effect in EFFECT_RULES}
"""By effect: the field of `Card` that holds the number a card prints for it ("The Cards")."""


def use_effect(
    s: JugulaFields, seat: int, effect: str, value: int, events: list[Event], card: int
) -> None:
    """Movement, Vox Populi, Combat, Draw and Upgrade effects with the given value, of `card`
    (in play). A Combat Effect with no attack to make is said (`no_attack`): the card is spent
    all the same."""
    if effect == "draw":  # the most played: a lone card may be played for nothing else
        cards.draw(s, seat, value, events, rule=EFFECT_RULES["draw"])
    elif effect == "move":
        if value > 0:
            s.tasks.append((MOVE_PICK, seat, value, MOVE_NORMAL))
    elif effect == "vox":
        cards.gain_vox(s, seat, value, events, rule=EFFECT_RULES["vox"])
    elif effect == "combat":
        if value > 0 and any(combat.targets(s, a) for a in arena.familia(s, seat)):
            s.tasks.append((ATTACK_PICK, seat, value, NOBODY, 0, 0))
        else:
            data = {"seat": seat, "card": s.catalog.cards[card].code, "attacks": value}
            events.append(public_event("no_attack", data, EFFECT_RULES["combat"]))
    elif effect == "upgrade":
        s.tasks.append((PRIMA, seat, 1, value, 0))
    else:
        raise ValueError(f"unknown effect {effect!r}")


def _end_card(s: JugulaFields, task: Task, events: list[Event]) -> None:
    """A card reaches the discard pile once its effect is fully resolved (or leaves the game)."""
    _, seat, card, removed = task
    s.in_play[seat].remove(card)
    if removed:
        arena.put(s, "removed", seat, [*s.removed[seat], card])
        code = s.catalog.cards[card].code
        events.append(
            Event("removed", {"seat": seat, "card": code}, rule=abilities.rule_of(s, card))
        )
    else:
        s.discard[seat].append(card)


def _legal_effects(s: JugulaFields, task: Task) -> list[Action]:
    return [Action("use", effect) for effect in task[2]]


def _apply_effects(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Infamis, Panem et Circenses, Animus, Dubitatio, Fulmen: the next of several effects."""
    kind, seat, effects, values, picks = task
    s.tasks.pop()
    chosen = effects.index(str(action.args[0]))
    rest = tuple(e for i, e in enumerate(effects) if i != chosen)
    rest_values = tuple(v for i, v in enumerate(values) if i != chosen)
    if picks > 1 and rest:
        s.tasks.append((kind, seat, rest, rest_values, picks - 1))
    use_effect(s, seat, str(action.args[0]), values[chosen], events, s.in_play[seat][-1])


def _legal_discard(s: JugulaFields, task: Task) -> list[Action]:
    seat, keep = task[1], task[2]
    hand = s.hand[seat]
    if len(hand) <= keep:
        return []
    kept = [c for c in hand if c != s.compelled[seat]] or hand  # Dubitatio's card stays
    return [Action("discard", s.catalog.cards[c].code) for c in kept]


def _apply_discard(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Discard chosen cards face up until the hand is down to `keep`: the hand limit of the
    lanista whose turn ends, or Paro's for a rival."""
    seat = task[1]
    rule = "jugula.vox.hand-limit" if seat == s.turn_seat else "jugula.ability.paro"
    card = s.catalog.card_by_code[str(action.args[0])]
    cards.discard_from_hand(s, seat, card, events, rule=rule)
    if len(s.hand[seat]) <= task[2]:
        s.tasks.pop()


def _legal_prima(s: JugulaFields, task: Task) -> list[Action]:
    seat, stars, exact = task[1], task[3], task[4]
    catalog = s.catalog
    found = [
        Action("take", catalog.cards[c].code)
        for c in s.aside[seat]
        if (catalog.cards[c].cost == stars if exact else catalog.cards[c].cost <= stars)
    ]
    if found and not exact:
        found.append(Action("done"))
    return found


def _apply_prima(s: JugulaFields, task: Task, action: Action, events: list[Event]) -> None:
    """Upgrade Effect / Fraus Fraudis: a Prima Jugula card, shown to all, into the hand."""
    kind, seat, left, stars, exact = task
    s.tasks.pop()
    if action.kind == "done":
        return
    card = s.catalog.card_by_code[str(action.args[0])]
    arena.put(s, "aside", seat, [c for c in s.aside[seat] if c != card])
    s.hand[seat].append(card)
    arena.put(s, "shown", seat, [*s.shown[seat], card])
    rule = "jugula.ability.fraus-fraudis" if exact else EFFECT_RULES["upgrade"]
    events.append(Event("prima", {"seat": seat, "card": action.args[0]}, rule=rule))
    if left > 1:
        s.tasks.append((kind, seat, left - 1, stars, exact))


_LEGAL: Final[dict[int, Callable[[JugulaFields, Task], list[Action]]]] = {
    PICK_ARMATURA: _legal_pick,
    ZONE: _legal_zone,
    DEPLOY: _legal_deploy,
    BID: _legal_bid,
    FIRST: _legal_first,
    PLAY: _legal_play,
    EFFECTS_PICK: _legal_effects,
    DISCARD: _legal_discard,
    PRIMA: _legal_prima,
    **cards.LEGAL,
    **moves.LEGAL,
    **combat.LEGAL,
    **abilities.LEGAL,
}
_APPLY: Final[dict[int, Callable[[JugulaFields, Task, Action, list[Event]], None]]] = {
    PICK_ARMATURA: _apply_pick,
    ZONE: _apply_zone,
    DEPLOY: _apply_deploy,
    BID: _apply_bid,
    FIRST: _apply_first,
    PLAY: _apply_play,
    EFFECTS_PICK: _apply_effects,
    DISCARD: _apply_discard,
    PRIMA: _apply_prima,
    **cards.APPLY,
    **moves.APPLY,
    **combat.APPLY,
    **abilities.APPLY,
}
_AUTOMATIC: Final[dict[int, Callable[[JugulaFields, Task, list[Event]], None]]] = {
    END_CARD: _end_card,
    END_TURN: _end_turn,
    NEXT_TURN: _next_turn,
    ROUND_REVEAL: _round_reveal,
    ATTACK_END: combat.attack_end,
    **combat.AUTOMATIC,
    **abilities.AUTOMATIC,
}
