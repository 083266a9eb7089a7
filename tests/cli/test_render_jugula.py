"""The Jugula renderer: drawn from a seat's view only, never showing what it hides."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Mapping, Sequence

import pytest
from rich.console import Console

import colosseum
from colosseum.core.actions import Action
from colosseum.core.renderers import as_text, renderer_for
from colosseum.games.jugula import render
from colosseum.games.jugula.state import JugulaState

from .conftest import Invoke

WIDTH = 100
WIDE = 240  # nothing wraps: a card name is never cut in two
TALENTED = (
    "thraex+aware,veles+dodge,laquearius+sharp,retiarius/"
    "murmillo+sturdy,scissor+resilient,crupellarius+tough,hoplomachus+brute"
)
GAMES: list[tuple[int, int, dict[str, object]]] = [
    (2, 1, {"familiae": TALENTED}),
    (2, 2, {"familiae": TALENTED, "vox": "6,6"}),
    (3, 4, {"familiae": "chosen", "turn_limit": 200}),
    (4, 3, {"turn_limit": 200}),
    (2, 5, {"simple": True}),
]


def _text(renderable: object, width: int = WIDTH) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def _legal(state: colosseum.State) -> list[str]:
    return [str(a) for a in state.legal_actions()] if not state.is_terminal() else []


def _board(state: colosseum.State, seat: int | None, width: int = WIDTH) -> str:
    legal = _legal(state) if seat == state.current_player else []
    return _text(render.render_view(state.view(seat), state.options, legal), width)


def _choose(rng: random.Random, legal: Sequence[Action]) -> Action:
    """A random player keen on fighting: attacks, combat and movement effects first."""
    keen = [
        action
        for action in legal
        if action.kind in ("attack", "hinder", "pursue", "swap")
        or (action.kind == "play" and str(action).endswith((" combat", " move")))
    ]
    return rng.choice(keen if keen and rng.random() < 0.8 else legal)


def _positions(players: int, seed: int, options: Mapping[str, object]) -> Iterator[JugulaState]:
    """Every position of a seeded game between keen random players, to its end."""
    state = colosseum.new_game("jugula", players=players, seed=seed, options=options)
    assert isinstance(state, JugulaState)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        state.apply(_choose(rng, state.legal_actions()))
        yield state


def _arena_cells(text: str, width: int = 8) -> dict[str, str]:
    """Each square's cell in a rendered board, by name (rank lines start "NN ")."""
    cells: dict[str, str] = {}
    for line in text.splitlines()[:12]:
        match = re.match(r"^ ?(\d+) ", line)
        if match is None:
            continue
        rank = int(match.group(1))
        for file in range(width):
            start = 3 + file * render.CELL
            cells[f"{chr(ord('a') + file)}{rank}"] = line[start : start + render.CELL]
    return cells


def _check_arena(state: JugulaState, seat: int | None, text: str) -> None:
    """Every gladiator in the arena on his square (seat, armatura, facing, wound, markers),
    every other square empty."""
    cells = _arena_cells(text)
    assert len(cells) == 64
    standing = {g["square"]: g for g in state.view(seat)["gladiators"] if g.get("square")}
    for square, cell in cells.items():
        entry = standing.get(square)
        if entry is None:
            assert cell.strip() in ("·", "o"), (square, cell)
            continue
        short = render.abbreviation(entry["armatura"])
        assert f"{entry['seat']}{short}{render.ARROWS[entry['facing']]}" in cell, (square, cell)
        assert ("*" in cell) == bool(entry["wounded"])
        assert ("#" in cell) == bool(entry["markers_held"])


def _panel(text: str, seat: int, viewer: int | None) -> str:
    """The lines of `seat`'s panel in a rendered board."""
    you = r" \(you\)" if seat == viewer else ""
    match = re.search(rf"╭─ seat {seat}{you}[ ·─].*?╰", text, re.S)
    assert match is not None, f"no panel for seat {seat}"
    return match.group(0)


def _names(state: JugulaState, cards: Sequence[int]) -> set[str]:
    return {state.catalog.cards[c].name for c in cards}


def _check_hands(state: JugulaState, viewer: int | None, text: str) -> int:
    """In each lanista's panel: his own hand for the viewer; for anybody else only the cards
    seen going into his hand, never the others (unless a public pile of his shows the same
    card). Returns how many hidden cards were checked."""
    checked = 0
    for seat in range(state.num_players):
        panel = _panel(text, seat, viewer)
        hand = _names(state, state.hand[seat])
        if seat == viewer:
            assert all(name in panel for name in hand)
            continue
        public = _names(
            state,
            [
                *state.shown[seat],
                *state.discard[seat],
                *state.removed[seat],
                *state.aside[seat],
                *state.in_play[seat],
            ],
        )
        public |= {
            state.catalog.cards[c].name
            for c in state.deck[seat][len(state.deck[seat]) - state.top_public[seat] :]
        }
        assert _names(state, state.shown[seat]) <= {n for n in public if n in panel}
        for name in hand - public:
            assert name not in panel, f"seat {viewer} sees {name} in seat {seat}'s hand"
            checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_views_along_random_games(players: int, seed: int, options: dict[str, object]) -> None:
    """At the first position of each decision and every 150 steps, for the seat deciding and a
    spectator (every seat now and then): the gladiators stand on their squares, hands show
    only to their owners, no line is wider than the terminal."""
    decisions: set[str] = set()
    hidden = 0
    for step, state in enumerate(_positions(players, seed, options)):
        decision = str(state.view(None)["decision"])
        if decision in decisions and step % 150 and not state.is_terminal():
            continue
        decisions.add(decision)
        seats = range(players) if step % 300 == 0 else [state.current_player]
        for seat in [None, *seats]:
            text = _board(state, seat, WIDE)
            _check_arena(state, seat, text)
            hidden += _check_hands(state, seat, text)
        text = _board(state, state.current_player)
        assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert {"deploy", "play", "move", "attack", "commit"} <= decisions
    assert hidden > 0


def test_the_other_hand_never_shows() -> None:
    """Two hands with no card in common at the start: each seat's view shows its own four
    cards and none of the other's, anywhere; a spectator sees neither."""
    for seed in range(100):
        state = colosseum.new_game("jugula", players=2, seed=seed)
        assert isinstance(state, JugulaState)
        hands = [_names(state, state.hand[seat]) for seat in (0, 1)]
        if not hands[0] & hands[1]:
            break
    else:
        pytest.fail("no seed with two different hands")
    for seat in (0, 1):
        text = _board(state, seat, WIDE)
        assert all(name in text for name in hands[seat])
        assert not any(name in text for name in hands[1 - seat])
        assert f"view of seat {seat}" in text
    spectator = _board(state, None, WIDE)
    assert not any(name in spectator for name in hands[0] | hands[1])
    # A Prima Jugula card taken is shown to all: it shows in the other seat's view.
    for state in _positions(2, 2, {}):
        if state.shown[0] and state.current_player == 1:
            break
    known = _names(state, state.shown[0])
    assert known and all(name in _panel(_board(state, 1, WIDE), 0, 1) for name in known)


def test_face_down_cards_stay_face_down() -> None:
    """The attack card committed face down and a round card (three lanistae) show to their
    owner only."""
    checked = attacks = 0
    for state in _positions(3, 4, {"familiae": "chosen"}):
        fight = state.fight
        secrets = [(seat, card, "Round card") for seat, card in enumerate(state.bids) if card >= 0]
        if fight is not None and fight.a_card >= 0 and not fight.revealed:
            secrets.append((state.fighters[fight.attacker].seat, fight.a_card, "Attack card"))
        attack = fight is not None and fight.a_card >= 0 and not fight.revealed
        if not secrets or (checked > 12 and not attack):
            continue
        for viewer in range(3):
            text = _board(state, viewer, WIDE)
            for seat, card, label in secrets:
                name = state.catalog.cards[card].name
                place = text if label == "Attack card" else _panel(text, seat, viewer)
                row = re.search(rf"{label} +(.*)", place)
                assert row is not None
                assert (name in row.group(1)) == (viewer == seat), row.group(1)
                assert ("face down" in row.group(1)) == (viewer != seat or label != "Attack card")
                checked += 1
                attacks += label == "Attack card"
        if checked > 20 and attacks:
            break
    assert checked > 20 and attacks


def test_moves_show_where_the_gladiator_may_go() -> None:
    """A move decision marks the mover (›) and every empty square a legal "to" reaches (o)."""
    state = next(
        s for s in _positions(2, 1, {}) if s.view(None)["decision"] == "move" and s.turns > 3
    )
    legal = _legal(state)
    seat = state.current_player
    cells = _arena_cells(_board(state, seat))
    occupied = {g["square"] for g in state.view(seat)["gladiators"] if g.get("square")}
    reach = {n.split()[1] for n in legal if n.startswith("to ")} - occupied
    assert reach
    assert {sq for sq, cell in cells.items() if cell.strip() == "o"} == reach
    assert [sq for sq, cell in cells.items() if cell.startswith(render.PICK_MARK)] == [
        render.mover_square(state.view(seat), legal)
    ]
    text = as_text(render.describe_action(legal[-1], state.view(seat))).plain
    assert text.startswith(("Move to", "Turn to face")), text
    # Not the decider's: nothing marked.
    other = _board(state, 1 - seat)
    assert not any(cell.strip() == "o" for cell in _arena_cells(other).values())


# A few events the random games above rarely or never produce (setting up, talents, leaving).
RARE_EVENTS = [
    {"kind": "first_reveal", "data": {"cards": {"0": "virtus", "1": "audacia"}}},
    {"kind": "first_player", "data": {"seat": 1}},
    {"kind": "sudden_death", "data": {"seats": [0, 1]}},
    {"kind": "leaves_arena", "data": {"seat": 2}},
    {"kind": "resilient", "data": {"seat": 1, "card": "infamis"}},
    {"kind": "sturdy", "data": {"seat": 1, "armatura": "murmillo", "square": "e5"}},
    {"kind": "healed", "data": {"seat": 0, "armatura": "thraex", "square": "d4"}},
    {"kind": "hindrance_removed", "data": {"seat": 0, "armatura": "thraex", "square": "d4"}},
    {"kind": "compelled", "data": {"seat": 1}},
    {"kind": "compelled_card", "data": {"seat": 1, "card": "fulmen"}},
    {"kind": "removed", "data": {"seat": 0, "cards": ["virtus", "impetus"]}},
    {"kind": "restore", "data": {"seat": 0, "card": "virtus"}},
    {"kind": "seed", "data": {"seat": 0, "card": "fortuna"}},
    {"kind": "pass", "data": {"seat": 0}},
]


def test_events_and_actions_in_words_along_games() -> None:
    """Every event a seat may see and every legal action have words (never the generic
    fallback), none crash."""
    kinds: set[str] = set()
    for players, seed, options in GAMES:
        state = colosseum.new_game("jugula", players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            view = state.view(seat)
            legal = state.legal_actions()
            for action in legal[:: 1 if state.turns % 5 == 0 else 8]:
                words = as_text(render.describe_action(str(action), view)).plain
                assert words and words != str(action), words
            events = state.apply(_choose(rng, legal))
            views = {viewer: state.view(viewer) for viewer in (None, seat)}
            for event in events:
                data = event.to_json()
                kinds.add(str(data["kind"]))
                for viewer, seen in views.items():
                    if event.visible(viewer):
                        line = as_text(render.describe_event(data, seen)).plain
                        assert line and "=" not in line, line
    expected = {"play", "turn", "step", "attack", "commit", "reveal_combat", "scores"}
    expected |= {"pushed_back", "wounded", "bites_the_dust", "vox", "draw", "hindered"}
    assert expected | {"game_over", "deploy", "bid", "reveal", "round"} <= kinds
    view = colosseum.new_game("jugula", players=4, seed=1).view(0)
    for event in RARE_EVENTS:
        line = as_text(render.describe_event(event, view)).plain
        assert line and "=" not in line, line
    odd = as_text(render.describe_event({"kind": "mystery", "data": {"x": 1}}, view)).plain
    assert odd == "mystery: x=1"
    broken = as_text(render.describe_event({"kind": "attack", "data": {}}, view)).plain
    assert broken == "attack"


def test_some_words() -> None:
    view = colosseum.new_game("jugula", players=2, seed=1).view(0)
    words = {  # nobody in the arena yet: no attack could be made
        "play virtus combat": "Play Virtus for its combat effect (3 attacks)"
        " — no attack possible now: the card is spent for nothing",
        "to e5 e d5n-e5e": "Move to e5 facing east via d5, e5",
        "card deck": "Commit the top card of your deck, unseen, for the attack",
        "first 0": "You play first",
        "zone west": "Take the west zone",
    }
    for notation, expected in words.items():
        assert as_text(render.describe_action(notation, view)).plain == expected
    event = {"kind": "play", "data": {"seat": 1, "card": "virtus", "effect": "combat"}}
    assert (
        as_text(render.describe_event(event, view)).plain
        == "seat 1 plays Virtus for its combat effect (3 attacks)"
    )


def test_menu_order() -> None:
    notations = [
        "done",
        "to a1 n a1n",
        "to h8 s h8s",
        "to a8 e a8e",
        "to a8 n a8n",
        "stay",
        "card deck",
        "card virtus",
        "card none",
        "attack d4 e5",
    ]
    ordered = sorted(notations, key=render.action_order)
    assert ordered == [
        "to a8 n a8n",
        "to a8 e a8e",
        "to h8 s h8s",
        "to a1 n a1n",
        "attack d4 e5",
        "card virtus",
        "card deck",
        "card none",
        "stay",
        "done",
    ]


def test_narrow_terminal_and_game_over() -> None:
    *_, state = _positions(2, 2, {"familiae": TALENTED, "vox": "6,6"})
    assert state.is_terminal()
    text = _board(state, None, width=72)
    assert max(len(line) for line in text.splitlines()) <= 72
    winners = " and ".join(f"seat {w}" for w in state.winners())
    assert f"game over: {winners}" in text
    assert "winner" in _panel(text, state.winners()[0], None)


def test_registered_for_the_cli() -> None:
    renderer = renderer_for("jugula")
    assert renderer.view is render.render_view
    assert renderer.event is render.describe_event
    assert renderer.action is render.describe_action
    assert renderer.order is render.action_order


def test_hot_seat_play(invoke: Invoke) -> None:
    """Two humans at one keyboard: each is announced, sees his own view and the other's
    deployment, and may leave."""
    answers = "\n" + "1\n" * 4 + "\n" + "1\n" * 4 + "\n1\n"
    result = invoke(["play", "jugula", "-p", "human,human", "-s", "2"], input=answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pass the keyboard to seat 0" in out and "Pass the keyboard to seat 1" in out
    assert "view of seat 0" in out and "view of seat 1" in out
    assert "spectator" not in out
    assert "deploys the" in out and "Deploy the" in out
    assert "Your hand" in out
    assert "Game left unfinished" in out


def test_human_against_random(invoke: Invoke) -> None:
    result = invoke(["play", "jugula", "-p", "human,random", "-s", "3"], input="1\n" * 12)
    assert result.exit_code == 0, result.output
    assert "view of seat 0" in result.stdout
    assert "seat 0 (you)" in result.stdout
    assert "Game left unfinished" in result.stdout
