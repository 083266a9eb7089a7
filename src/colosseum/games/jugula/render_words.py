"""Jugula events and actions in words, for the terminal (`describe_event`, `describe_action`)
and the order of the actions in a menu (`action_order`); from a seat's view only."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from ...core.seats import plural, possessive, seat_style, seat_text
from .render_names import (
    FACING_WORDS,
    FACINGS,
    HINDER_STYLE,
    TRAIT_FLAGS,
    Entry,
    View,
    _at,
    _square_key,
    armatura_name,
    armatura_spec,
    card_list,
    card_spec,
    card_text,
    glad_text,
    position_words,
    relative_position,
)
from .render_reach import can_attack

# --- words for events -----------------------------------------------------------------------------

EFFECT_NAMES = {
    "move": "movement",
    "vox": "Vox Populi",
    "combat": "combat",
    "draw": "draw",
    "upgrade": "upgrade",
    "ability": "ability",
}


def effect_words(code: str, effect: str, text: bool = True) -> str:
    """ "its combat effect (3 attacks)", "its ability: <text>" (the text if asked)."""
    spec = card_spec(code)
    name = EFFECT_NAMES.get(effect, effect)
    if effect == "ability":
        return f"its ability: {spec.text}" if spec is not None and text else "its ability"
    if spec is None:
        return f"its {name} effect"
    value = spec.movement if effect == "move" else getattr(spec, effect, 0)
    detail = {
        "move": f"moves {plural(value, 'gladiator')}",
        "vox": f"+{value} Vox Populi",
        "combat": plural(value, "attack"),
        "draw": f"draws {plural(value, 'card')}",
        "upgrade": f"a Prima Jugula card of up to {value}★" if value else "0★: no card",
    }.get(effect, str(value))
    return f"its {name} effect ({detail})"


def _scores_text(data: Mapping[str, Any]) -> Text:
    attack, defence = int(data["attack"]), int(data["defence"])
    text = Text(f"  scores: attack {attack} – defence {defence} → ")
    if attack > defence:
        text.append("the attack wins", style="bold red")
    elif defence > attack:
        text.append("the defence holds", style="bold cyan")
    else:
        text.append("a draw, nothing happens", style="dim")
    return text


def _first_reveal(data: Mapping[str, Any], viewer: int | None) -> Text:
    text = Text("For the first player: ")
    shown = []
    for seat, code in (data.get("cards") or {}).items():
        part = seat_text(int(seat), viewer)
        part.append(" shows ")
        part.append_text(card_text(str(code), die=True))
        shown.append(part)
    text.append_text(Text(", ").join(shown))
    return text


def _removed_text(data: Mapping[str, Any], viewer: int | None) -> Text:
    codes = data.get("cards") or [data.get("card")]
    text = possessive(data.get("seat"), viewer)
    text.append(" ")
    text.append_text(card_list(str(c) for c in codes if c))
    text.append(" leave the game" if len(codes) > 1 else " leaves the game")
    return text


def describe_event(event: Mapping[str, Any], view: View) -> Text:
    """One line saying what an event (its `to_json()`) means, names taken from the catalog."""
    kind = str(event.get("kind", ""))
    data: Mapping[str, Any] = event.get("data") or {}
    viewer = view.get("seat")
    handler = _EVENTS.get(kind)
    if handler is not None:
        try:
            return handler(data, viewer)
        except (KeyError, TypeError, ValueError):
            pass
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return Text(f"{kind}: {details}" if details else kind)


def _seat(data: Mapping[str, Any], viewer: int | None, key: str = "seat") -> Text:
    return seat_text(data.get(key), viewer)


def _who(data: Mapping[str, Any], viewer: int | None) -> Text:
    return glad_text(data.get("seat"), data.get("armatura"), data.get("square"), viewer)


def _card(data: Mapping[str, Any], key: str = "card") -> Text:
    return card_text(str(data[key]))


def _from(data: Mapping[str, Any]) -> str:
    return "the top of the deck" if data.get("from") == "deck" else "the hand"


EventWords = Callable[[Mapping[str, Any], int | None], Text]

_EVENTS: dict[str, EventWords] = {
    "armatura": lambda d, v: Text.assemble(
        _seat(d, v), " picks the ", Text(armatura_name(d["armatura"]), style="bold")
    ),
    "zone": lambda d, v: Text.assemble(_seat(d, v), f" takes the {d['zone']} zone"),
    "deploy": lambda d, v: Text.assemble(
        _seat(d, v),
        " deploys the ",
        Text(armatura_name(d["armatura"]), style=f"bold {seat_style(d['seat'])}"),
        f" on {d['square']} facing {FACING_WORDS.get(d['facing'], d['facing'])}",
    ),
    "first_reveal": _first_reveal,
    "first_player": lambda d, v: Text.assemble(
        _seat(d, v),
        Text(" plays first", style="bold"),
        Text.assemble(" (chosen by ", _seat(d, v, "chosen_by"), ")")
        if d.get("chosen_by") is not None and d.get("chosen_by") != d.get("seat")
        else "",
    ),
    "round": lambda d, v: Text(
        f"— round {d['round']}: each lanista commits a card for the first player —",
        style="bold",
    ),
    "bid": lambda d, v: Text.assemble(
        "  ", _seat(d, v), f" commits a card face down from {_from(d)}"
    ),
    "reveal": lambda d, v: Text.assemble(
        "  ", _seat(d, v), " reveals ", card_text(str(d["card"]), die=True)
    ),
    "turn": lambda d, v: Text.assemble(
        Text(f"— turn {d['turn']}: ", style="bold"),
        possessive(d["seat"], v),
        Text(" turn —", style="bold"),
    ),
    "play": lambda d, v: Text.assemble(
        _seat(d, v),
        " plays ",
        _card(d),
        f" for {effect_words(str(d['card']), d['effect'], text=False)}",
    ),
    "pass": lambda d, v: Text.assemble(_seat(d, v), " plays no further card"),
    "no_attack": lambda d, v: Text.assemble(
        "  ",
        _seat(d, v),
        Text(" has no attack to make: ", style="bold yellow"),
        _card(d),
        " is spent for nothing",
    ),
    "step": lambda d, v: Text.assemble(
        "  ",
        possessive(d["seat"], v),
        " ",
        _name(d),
        f" → {d['square']}, facing {FACING_WORDS.get(d['facing'], d['facing'])}",
    ),
    "aware": lambda d, v: Text.assemble(
        "  ", _who(d, v), f" (Aware) turns to face {FACING_WORDS.get(d['facing'], d['facing'])}"
    ),
    "hindrance_removed": lambda d, v: Text.assemble(
        "  ", _who(d, v), " shakes off the Hindrance markers"
    ),
    "draw": lambda d, v: Text.assemble(_seat(d, v), f" draws {plural(d['cards'], 'card')}"),
    "discard": lambda d, v: Text.assemble(_seat(d, v), " discards ", _card(d)),
    "reshuffle": lambda d, v: Text.assemble(
        _seat(d, v), f" shuffles the discard pile into a new deck ({plural(d['cards'], 'card')})"
    ),
    "vox": lambda d, v: Text.assemble(
        possessive(d["seat"], v),
        " Vox Populi ",
        Text(f"{d['change']:+d}", style="bold green" if d["change"] > 0 else "bold red"),
        f" → {d['level']}",
    ),
    "prima": lambda d, v: Text.assemble(_seat(d, v), " takes ", _card(d), " into the hand"),
    "recall": lambda d, v: Text.assemble(
        _seat(d, v), " takes ", _card(d), " back from the discard pile"
    ),
    "restore": lambda d, v: Text.assemble(
        _card(d), " goes back on top of ", possessive(d["seat"], v), " deck"
    ),
    "removed": _removed_text,
    "seed": lambda d, v: Text.assemble(
        _seat(d, v), " puts ", _card(d), " into the discard pile (Perfidia)"
    ),
    "looks": lambda d, v: Text.assemble(
        _seat(d, v), f" looks at the top {plural(d['cards'], 'card')} of the deck"
    ),
    "compelled": lambda d, v: Text.assemble(
        _seat(d, v), " must play a card drawn at random from the hand next turn (Dubitatio)"
    ),
    "compelled_card": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " compelled card is ", _card(d)
    ),
    "attack": lambda d, v: Text.assemble(
        _who(d["attacker"], v),
        Text(" tries to hinder " if d.get("hinder") else " attacks ", style="bold"),
        _who(d["defender"], v),
    ),
    "commit": lambda d, v: Text.assemble(
        "  ",
        _seat(d, v),
        " commits the top of the deck unseen"
        if d.get("from") == "deck"
        else " commits a card face down",
    ),
    "reveal_combat": lambda d, v: Text.assemble(
        "  revealed: attack ",
        card_text(str(d["attacker"]), die=True) if d.get("attacker") else Text("no card (0)"),
        ", defence ",
        card_text(str(d["defender"]), die=True) if d.get("defender") else Text("no card (0)"),
    ),
    "resilient": lambda d, v: Text.assemble(
        "  ",
        _seat(d, v),
        " (Resilient) swaps the defence card for ",
        card_text(str(d["card"]), die=True) if d.get("card") else Text("nothing"),
    ),
    "scores": lambda d, v: _scores_text(d),
    "pushed_back": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " ", _name(d), f" is pushed back to {d['square']}"
    ),
    "sturdy": lambda d, v: Text.assemble("  ", _who(d, v), " is Sturdy and stands his ground"),
    "no_room": lambda d, v: Text.assemble(
        "  ", _who(d, v), " has no room to be pushed back: a wound instead"
    ),
    "pursues": lambda d, v: Text.assemble(
        "  ", possessive(d["seat"], v), " ", _name(d), f" pursues into {d['square']}"
    ),
    "acclaim_declined": lambda d, v: Text.assemble(
        "  ", _seat(d, v), " declines the crowd's +1 Vox Populi"
    ),
    "no_extra_draw": lambda d, v: Text.assemble(
        "  ", _seat(d, v), f" draws no more beyond 10 ({plural(int(d['declined']), 'card')} left)"
    ),
    "hindered": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" is caught: a Hindrance marker", style=HINDER_STYLE)
    ),
    "wounded": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" is wounded", style="bold yellow")
    ),
    "bites_the_dust": lambda d, v: Text.assemble(
        "  ", _who(d, v), Text(" bites the dust!", style="bold red")
    ),
    "healed": lambda d, v: Text.assemble(_who(d, v), Text(" is healed", style="bold green")),
    "sudden_death": lambda d, v: Text.assemble(
        Text("Sudden death! ", style="bold red"),
        Text(" and ").join(seat_text(s, v) for s in d.get("seats", [])),
        ": Vox Populi to 10; the next blow on a rival wins",
    ),
    "leaves_arena": lambda d, v: Text.assemble(
        possessive(d["seat"], v), " familia leaves the arena"
    ),
    "game_over": lambda d, v: Text.assemble(
        Text("Game over", style="bold"),
        f" ({d['reason']})" if d.get("reason") else "",
        ": ",
        Text(" and ").join(seat_text(s, v) for s in d.get("winners", [])) or Text("nobody"),
        " wins" if len(d.get("winners", [])) == 1 else " share the win",
    ),
}


def _name(data: Mapping[str, Any]) -> Text:
    return Text(armatura_name(data.get("armatura")), style=f"bold {seat_style(data.get('seat'))}")


# --- words for actions ----------------------------------------------------------------------------

# Menu order by kind: choices first, declining and ending last.
ACTION_RANK = {
    kind: rank
    for rank, kind in enumerate(
        (
            "pick",
            "zone",
            "deploy",
            "bid",
            "first",
            "play",
            "use",
            "move",
            "shake",
            "impetus",
            "to",
            "face",
            "attack",
            "hinder",
            "card",
            "swap",
            "push",
            "pursue",
            "acclaim",
            "extra",
            "rival",
            "take",
            "recall",
            "restore",
            "heal",
            "top",
            "seed",
            "dementia",
            "execute",
            "remove",
            "discard",
        )
    )
}
LAST_KINDS = ("stay", "hold", "keep", "decline", "enough", "done", "pass")
UNSEEN = ("deck", "none")


def action_order(notation: str) -> tuple[int, int, int, int]:
    """Menu order: by kind (declining and ending last); destinations as the arena is drawn (rank
    8 first), then by facing; committing the deck's top or no card after the cards in hand."""
    parts = notation.split()
    kind = parts[0] if parts else ""
    if kind in LAST_KINDS:
        return (len(ACTION_RANK) + LAST_KINDS.index(kind), 0, 0, 0)
    rank = ACTION_RANK.get(kind, len(ACTION_RANK) - 1)
    if kind == "to" and len(parts) > 2:
        return (rank, *_square_key(parts[1]), FACINGS.find(parts[2]))
    if kind == "push" and len(parts) > 1:
        return (rank, *_square_key(parts[1]), 0)
    if kind in ("card", "bid") and len(parts) > 1 and parts[1] in UNSEEN:
        return (rank, 1 + UNSEEN.index(parts[1]), 0, 0)
    return (rank, 0, 0, 0)


def _gladiator_at(view: View, square: str) -> Entry | None:
    return _at(view).get(square)


def _glad_at(view: View, square: str) -> Text:
    """ "the Thraex on d4" ("seat 1's Thraex on d4" for another lanista's)."""
    entry = _gladiator_at(view, square)
    if entry is None:
        return Text(f"the gladiator on {square}")
    viewer = view.get("seat")
    owner = Text("the ") if entry["seat"] == viewer else possessive(entry["seat"], viewer)
    if entry["seat"] != viewer:
        owner.append(" ")
    owner.append(armatura_name(entry["armatura"]), style=f"bold {seat_style(entry['seat'])}")
    owner.append(f" on {square}")
    return owner


def _armatura_words(code: str) -> str:
    """ "light; MP 6, ATT 3/3, DEF 3/2, Range 2" from the catalog (unhurt side)."""
    spec = armatura_spec(code)
    if spec is None:
        return ""
    side = spec.sides[0]
    words = [
        "heavy" if spec.heavy else "light",
        f"MP {side.mp}, ATT {side.att[0]}/{side.att[1]}, DEF {side.defence[0]}/{side.defence[1]}",
    ]
    traits = [f"Range {spec.range}"] if spec.range else []
    traits += [t.capitalize() for t in TRAIT_FLAGS if getattr(spec, t)]
    return "; ".join(words + ([", ".join(traits)] if traits else []))


def _path_squares(path: str) -> list[str]:
    """The squares a path notation ("d5n-e5e") goes through, each once in a row."""
    squares: list[str] = []
    for step in path.split("-"):
        if step[:-1] and (not squares or squares[-1] != step[:-1]):
            squares.append(step[:-1])
    return squares


def _attack_words(view: View, args: Sequence[str], hinder: bool) -> Text:
    at = _at(view)
    attacker, defender = at.get(args[0]), at.get(args[1])
    text = Text("Hinder: " if hinder else "Attack: ", style="bold")
    text.append_text(_glad_at(view, args[0]))
    text.append(" → " if not hinder else " throws at ")
    text.append_text(_glad_at(view, args[1]))
    if attacker is not None and defender is not None:
        position = position_words(relative_position(view, attacker, defender))
        if position:
            text.append(f", {position}", style="dim")
        if defender.get("wounded"):
            text.append(", already wounded", style="dim")
    return text


def _done_words(decision: str) -> str:
    return {
        "move_pick": "Move no more gladiators",
        "attack": "Make no more attacks",
        "prima": "Take no Prima Jugula card",
        "sacrifice": "Discard no more cards",
        "perfidia": "Put no more cards into the discard pile",
        "temperare": "Remove no more cards",
    }.get(decision, "Done")


def _commit_words(view: View, choice: str, what: str) -> Text:
    if choice == "deck":
        return Text(f"Commit the top card of your deck, unseen, {what}")
    if choice == "none":
        return Text(f"Commit no card (die 0) {what}")
    return Text.assemble("Commit ", card_text(choice, die=True), f" face down {what}")


ActionWords = Callable[[View, Sequence[str]], Text | str]


def _play(view: View, args: Sequence[str]) -> Text:
    """ "Play Virtus for its combat effect (3 attacks)", warning when the combat effect would
    find no attack to make: the card is spent all the same."""
    text = Text.assemble("Play ", card_text(args[0]), f" for {effect_words(args[0], args[1])}")
    if args[1] == "combat":
        spec = card_spec(args[0])
        if spec is not None and spec.combat <= 0:
            text.append(" — no attack: the card is spent for nothing", style="bold yellow")
        elif not can_attack(view, view.get("seat")):
            text.append(
                " — no attack possible now: the card is spent for nothing", style="bold yellow"
            )
    return text


def _to(view: View, args: Sequence[str]) -> Text:
    """ "Move to e5 facing east via d5, e5"; "Turn to face east on d4" without a step."""
    facing = FACING_WORDS.get(args[1], args[1])
    squares = _path_squares(args[2]) if len(args) > 2 else []
    if args[0] in _at(view):  # his own square: only the mover stands on a destination
        text = Text.assemble("Turn to face ", Text(facing, style="bold"), f" on {args[0]}")
    else:
        text = Text.assemble("Move to ", Text(args[0], style="bold"), f" facing {facing}")
    if squares and squares != [args[0]]:
        text.append(f" via {', '.join(squares)}", style="dim")
    return text


def _pass(view: View, args: Sequence[str]) -> str:
    seat = view.get("seat")
    lanistae = view.get("lanistae", [])
    empty = seat is not None and 0 <= seat < len(lanistae) and not lanistae[seat]["hand_count"]
    return "Pass: no card to play" if empty else "Play no further card"


def _first(view: View, args: Sequence[str]) -> Text:
    seat = int(args[0])
    if seat == view.get("seat"):
        return Text("You play first", style="bold")
    return Text.assemble("Name ", seat_text(seat), " first player")


def _rival(view: View, args: Sequence[str]) -> Text:
    seat = int(args[0])
    text = Text.assemble("Choose ", seat_text(seat))
    lanistae = view.get("lanistae", [])
    if 0 <= seat < len(lanistae):
        lanista = lanistae[seat]
        text.append(f" (Vox Populi {lanista['vox']}, {plural(lanista['hand_count'], 'card')})")
    return text


def _restore(view: View, args: Sequence[str]) -> Text:
    owner = possessive(int(args[0]), view.get("seat"))
    return Text.assemble("Put ", owner, " ", card_text(args[1]), " back on top of its deck")


def _impetus(view: View, args: Sequence[str]) -> Text:
    order = "move, then attack" if args[1] == "move" else "attack, then move"
    return Text.assemble("Impetus with ", _glad_at(view, args[0]), f": {order}")


def _deploy(view: View, args: Sequence[str]) -> Text:
    seat = view.get("seat")
    return Text.assemble(
        "Deploy the ",
        Text(armatura_name(args[0]), style=f"bold {seat_style(seat)}"),
        " on ",
        Text(args[1], style="bold"),
        f" facing {FACING_WORDS.get(args[2], args[2])}",
    )


def _pick(view: View, args: Sequence[str]) -> Text:
    text = Text.assemble("Pick the ", Text(armatura_name(args[0]), style="bold"))
    words = _armatura_words(args[0])
    if words:
        text.append(f" ({words})", style="dim")
    return text


def _take(view: View, args: Sequence[str]) -> Text:
    """ "Take Audacia★ into your hand (Mv 2, Vox 3, Cmb 3, Drw 3, Upg 0, die 6)"."""
    spec = card_spec(args[0])
    text = Text.assemble("Take ", card_text(args[0]), " into your hand")
    if spec is not None:
        values = (spec.movement, spec.vox, spec.combat, spec.draw, spec.upgrade)
        heads = ("Mv", "Vox", "Cmb", "Drw", "Upg")
        numbers = ", ".join(f"{head} {value}" for head, value in zip(heads, values, strict=True))
        text.append(f" ({numbers}, die {spec.die})", style="dim")
        if spec.ability != "none":
            text.append(f": {spec.text}", style="dim")
    return text


_ACTIONS: dict[str, ActionWords] = {
    "play": _play,
    "pass": _pass,
    "to": _to,
    "move": lambda v, a: Text.assemble("Move ", _glad_at(v, a[0]), _mp_words(v, a[0])),
    "shake": lambda v, a: Text.assemble(
        "Shake off the markers of ", _glad_at(v, a[0]), " (all his MP)"
    ),
    "stay": lambda v, a: "Stay: end the move here",
    "done": lambda v, a: _done_words(str(v.get("decision"))),
    "attack": lambda v, a: _attack_words(v, a, hinder=False),
    "hinder": lambda v, a: _attack_words(v, a, hinder=True),
    "card": lambda v, a: _commit_words(v, a[0], "for the attack"),
    "bid": lambda v, a: _commit_words(v, a[0], "for the first player"),
    "first": _first,
    "push": lambda v, a: Text.assemble("Push the defender back to ", Text(a[0], style="bold")),
    "pursue": lambda v, a: "Pursue into the vacated square",
    "hold": lambda v, a: "Hold: do not pursue",
    "acclaim": lambda v, a: "Take the crowd's +1 Vox Populi",
    "decline": lambda v, a: "Decline the +1 Vox Populi (keep your marker where it is)",
    "extra": lambda v, a: "Draw a card for a point beyond 10",
    "enough": lambda v, a: "Draw no more",
    "swap": lambda v, a: "Resilient: discard the defence card for the top of the deck",
    "keep": lambda v, a: "Keep the defence card",
    "face": lambda v, a: Text.assemble(
        "Aware: ", _glad_at(v, a[0]), f" faces {FACING_WORDS.get(a[1], a[1])}"
    ),
    "discard": lambda v, a: Text.assemble("Discard ", card_text(a[0], die=True)),
    "take": _take,
    "use": lambda v, a: f"Use the {EFFECT_NAMES.get(a[0], a[0])} effect",
    "rival": _rival,
    "recall": lambda v, a: Text.assemble("Take ", card_text(a[0]), " back from your discard pile"),
    "restore": _restore,
    "heal": lambda v, a: Text.assemble("Heal ", _glad_at(v, a[0])),
    "impetus": _impetus,
    "top": lambda v, a: Text.assemble("Put ", card_text(a[0]), " next on your deck"),
    "seed": lambda v, a: Text.assemble("Put ", card_text(a[0]), " into your discard pile"),
    "dementia": lambda v, a: Text.assemble("Move ", _glad_at(v, a[0]), " yourself"),
    "execute": lambda v, a: Text.assemble("Wound ", _glad_at(v, a[0])),
    "remove": lambda v, a: Text.assemble("Remove ", card_text(a[0]), " from the game"),
    "deploy": _deploy,
    "zone": lambda v, a: f"Take the {a[0]} zone",
    "pick": _pick,
}


def _mp_words(view: View, square: str) -> str:
    entry = _gladiator_at(view, square)
    return "" if entry is None else f" ({entry['mp']} MP)"


def describe_action(notation: str, view: View) -> Text:
    """A legal action in words ("Play Virtus for its combat effect (3 attacks)")."""
    parts = notation.split()
    kind, args = (parts[0], parts[1:]) if parts else ("", [])
    handler = _ACTIONS.get(kind)
    if handler is not None:
        try:
            words = handler(view, args)
        except (IndexError, KeyError, TypeError, ValueError):
            return Text(notation, style="bold")
        return words if isinstance(words, Text) else Text(words)
    return Text(notation, style="bold")
