"""What the full-screen interface draws at 80×24 (issue 47): every decision can be made from the
screen — full card names and ability texts, the gladiators' traits, the auction's cards on the
first lines, Historiae events in words — and nothing printed is cut at 80 columns."""

from __future__ import annotations

import itertools

import pytest

import colosseum
from colosseum.core.renderers import as_text, renderer_for
from colosseum.games.jugula.render_names import card_spec, catalog
from colosseum.games.ludi_gladiatorii.render_cards import event_card

from .render_positions import BOARD_ROOM, PANEL_ROOM, ROOMS, flat, legal, plain, positions

JUGULA = renderer_for("jugula")
LUDI = renderer_for("ludi-gladiatorii")
GAMES = {
    "jugula": {"turn_limit": 60},
    "ludi-gladiatorii": {"historiae": True, "round_limit": 20},
    "ludus-gladiatorius": {"round_limit": 8},
}


def _panel(state: colosseum.State, room: tuple[int, int] = PANEL_ROOM) -> str:
    seat = state.current_player
    view = state.view(seat)
    renderer = renderer_for(state.game_id)
    return plain(renderer.panel(view, state.options, *room), room[0])


# --- point 3: Jugula ------------------------------------------------------------------------


def test_point_3_jugula_panel_shows_full_card_names_and_abilities() -> None:
    """At 80×24 each card of the hand is named in full, and each ability is there to read."""
    checked = 0
    for state in itertools.islice(positions("jugula", 4, GAMES["jugula"], every=7), 40):
        if state.is_terminal():
            break
        seat = state.current_player
        hand = next(lan["hand"] for lan in state.view(seat)["lanistae"] if lan["seat"] == seat)
        text = _panel(state)
        assert "…" not in text
        for code in hand:
            spec = card_spec(code)
            assert spec is not None
            assert spec.name in flat(text), (spec.name, text)
            if spec.ability != "none":
                assert flat(spec.text) in flat(text), (spec.text, text)
            checked += 1
    assert checked > 20


def test_point_3_jugula_panel_shows_gladiators_traits() -> None:
    """The Sagittarius's Range and Bow, the Crupellarius's Massive: in the panel at 80×24."""
    state = colosseum.new_game(
        "jugula",
        players=2,
        seed=1,
        options={
            "familiae": "sagittarius,crupellarius,secutor,veles/murmillo,thraex,scissor,retiarius"
        },
    )
    text = flat(_panel(state))
    for armatura in catalog().armaturae:
        if armatura.code == "sagittarius":
            assert f"Range {armatura.range}" in text
    for word in ("Bow", "Massive", "Stoic", "Sagittarius", "Crupellarius"):
        assert word in text, text


def _combat_plays() -> list[tuple[colosseum.State, str, bool]]:
    """(position, "play X combat", whether playing it lets an attack be made), from the engine."""
    found = []
    for seed in range(6):
        for state in positions("jugula", seed, GAMES["jugula"]):
            if state.is_terminal():
                break
            seat = state.current_player
            for notation in legal(state):
                if notation.startswith("play ") and notation.endswith(" combat"):
                    after = state.clone()
                    after.apply(notation)
                    attack = (
                        not after.is_terminal()
                        and after.current_player == seat
                        and after.view(seat)["decision"] == "attack"
                    )
                    found.append((state.clone(), notation, attack))
                    break
    return found


def test_point_3_a_card_played_for_an_attack_that_cannot_be_made_is_flagged_at_choice() -> None:
    """The menu says when a card played for its combat effect would be spent with no attack,
    and only then (checked against what the engine does with it)."""
    plays = _combat_plays()
    assert any(attack for *_, attack in plays) and any(not attack for *_, attack in plays)
    for state, notation, attack in plays:
        words = as_text(JUGULA.action(notation, state.view(state.current_player))).plain
        assert ("spent for nothing" not in words) == attack, (notation, words)


def test_point_3_the_log_says_when_a_card_finds_no_attack() -> None:
    """A card played for its combat effect with no attack to make: the engine says so
    (`no_attack`, only then), and the log puts it in words naming the card."""
    plays = _combat_plays()
    for state, notation, attack in plays:
        after = state.clone()
        events = [e for e in after.apply(notation) if e.kind == "no_attack"]
        assert bool(events) != attack, notation
        for event in events:
            record = {"kind": event.kind, "data": event.data, "visible_to": None}
            words = as_text(JUGULA.event(record, after.view(0))).plain
            assert "no attack" in words and "spent" in words, words
            assert notation.split()[1] in str(event.data["card"]), (notation, event.data)


# --- point 5: Ludi --------------------------------------------------------------------------


def _ludi_at(phase: str, options: dict[str, object], event: bool = False) -> colosseum.State:
    """The first position of seeded games in `phase` (with a Historiae event, if asked)."""
    for seed in range(30):
        for state in positions("ludi-gladiatorii", seed, options):
            if state.is_terminal():
                continue
            view = state.view(state.current_player)
            if view["phase"] == phase and (not event or view["centre"]["event"] is not None):
                return state
    raise AssertionError(f"no position in phase {phase}")


def test_point_5_ludi_auction_cards_on_the_first_lines_when_choosing() -> None:
    """Choosing what to auction: each revealed gladiator is on the board's first 13 rows."""
    state = _ludi_at("offer", GAMES["ludi-gladiatorii"])
    view = state.view(state.current_player)
    width, height = BOARD_ROOM
    shown = plain(LUDI.compact(view, state.options, legal(state), width, height), width)
    top = flat("\n".join(shown.splitlines()[:height]))
    revealed = view["auction"]["revealed"]
    assert revealed
    for code in revealed:
        name = as_text(LUDI.action(f"offer {code}", view)).plain.split()[1]
        assert name.lower() in top.lower(), (code, shown)


def test_point_5_historiae_event_by_name_and_effect() -> None:
    state = _ludi_at("main", GAMES["ludi-gladiatorii"], event=True)
    view = state.view(state.current_player)
    code = view["centre"]["event"]
    assert code is not None
    name, words = event_card(code)
    shown = flat(plain(LUDI.compact(view, state.options, legal(state), 80, 24)))
    assert code not in shown
    assert name in shown and flat(words) in shown


# --- point 6: nothing cut -------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_point_6_boards_panels_and_menus_are_not_cut(game: str) -> None:
    """No "…" in the board, the panel or the menu's words at the rooms of an 80×24 terminal."""
    renderer = renderer_for(game)
    for state in itertools.islice(positions(game, 2, GAMES[game], every=5), 60):
        seat = state.current_player
        view = state.view(seat)
        notations = legal(state)
        for width, height in ROOMS:
            board = plain(renderer.compact(view, state.options, notations, width, height), width)
            panel = plain(renderer.panel(view, state.options, width, height), width)
            assert "…" not in board + panel, (game, width, board, panel)
        for notation in notations[:40]:
            assert "…" not in as_text(renderer.action(notation, view)).plain
