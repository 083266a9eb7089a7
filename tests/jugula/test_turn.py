"""Jugula turns ("The Cards"): one card for one of six effects — Movement, Vox Populi, Combat,
Draw, Ability, Upgrade — the hand limit at the end of the turn ("Maximum hand size"), drawing
and reshuffling ("Draw Effect"), the crowd ("Vox Populi", "Vox Populi changes"), and moving in
play: the path shown and walked step by step, Aware and Impressive ("Appendix II: Talents")."""

from __future__ import annotations

import pytest

from colosseum.games.jugula.data import Catalog
from colosseum.games.jugula.model import EFFECTS

from .helpers import Table, arrange, codes, spec, two_sides

# --- one card, one effect ------------------------------------------------------------------------


def test_a_card_is_played_for_one_of_its_six_effects() -> None:
    """The Cards: "When you play a card you must choose which game effect on this card will be
    played. There are six different possibilities"."""
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "acies_aciei", "plausus")
    t.hand(1, "impetus", "infamis")
    arrange(t, 0, discard=("ardor_oris",))
    t.turn(0)
    offered = set(t.legal())
    for code in ("virtus", "acies_aciei", "plausus"):
        assert {f"play {code} {effect}" for effect in EFFECTS} <= offered
    assert len(offered) == 3 * 6
    assert set(EFFECTS) == {"move", "vox", "combat", "draw", "ability", "upgrade"}


def test_the_turn_ends_after_the_card_and_the_opponent_plays() -> None:
    """The Cards: "Once all this is done, the Lanista's turn is over, and his opponent starts
    his own turn"; the card goes to the discard pile."""
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", "virtus")
    t.hand(1, "infamis", "plausus")
    t.turn(0)
    t.do("play impetus vox")
    assert t.state.current_player == 1
    assert t.state.view(None)["decision"] == "play"
    assert codes(t, t.state.discard[0]) == ["impetus"]
    assert codes(t, t.state.hand[0]) == ["virtus"]


def test_with_one_card_in_hand_only_its_draw_effect() -> None:
    """Draw Effect, "Last but not least!": "if you have only a single card in hand, you must
    play it for its Draw effect"."""
    t = Table()
    two_sides(t)
    t.hand(0, "infamis")
    t.turn(0)
    assert t.legal() == ["play infamis draw"]
    t.do("play infamis draw")
    assert len(t.state.hand[0]) == spec(t.state.catalog, "infamis").draw
    assert codes(t, t.state.discard[0]) == ["infamis"]


def test_an_effect_of_zero_may_be_played_and_does_nothing(catalog: Catalog) -> None:
    """Movement Effect: "if that number is 0, you can play this card for that effect"."""
    zero = next(c for c in catalog.cards if not c.prima and c.upgrade == 0)
    t = Table()
    two_sides(t)
    t.hand(0, zero.code, "impetus")
    t.turn(0)
    t.do(f"play {zero.code} upgrade")
    assert t.state.current_player == 1
    assert codes(t, t.state.hand[0]) == ["impetus"]
    assert len(t.state.aside[0]) == 12


# --- movement ------------------------------------------------------------------------------------


def test_movement_effect_moves_that_many_different_gladiators(catalog: Catalog) -> None:
    """Movement Effect: move a number of *different* gladiators equal to the card's movement;
    "A given gladiator can only move once during a turn"; each finishes before the next.
    The Movement example: Ardor Oris moves three gladiators."""
    movement = spec(catalog, "ardor_oris").movement
    assert movement == 3
    t = Table()
    two_sides(t)
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris move")
    start = ["b2", "d2", "f2", "h2"]
    for k in range(movement):
        # only the gladiators not moved yet this turn may be designated
        assert t.legal() == ["done"] + [f"move {sq}" for sq in start[k:]]
        t.do(f"move {start[k]}")
        # the designated gladiator moves fully before another is designated
        assert all(a == "stay" or a.startswith("to ") for a in t.legal())
        t.do(next(a for a in t.legal() if a.startswith("to ") and a.split()[2] == "n"))
    assert t.state.current_player == 1  # a fourth gladiator is never offered


def test_moving_is_optional() -> None:
    """Movement Effect: "Moving a gladiator is optional. You can designate a gladiator and
    choose not to move him at all", or stop when "happy with the movement done so far"."""
    t = Table()
    two_sides(t)
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris move", "move b2", "stay")
    assert t.legal() == ["done", "move d2", "move f2", "move h2"]
    t.do("done")
    assert t.state.current_player == 1
    assert t.state.view(None)["gladiators"][0]["square"] == "b2"


def test_the_move_shows_its_path_and_is_walked_step_by_step() -> None:
    """Movement: each movement is a step into an adjacent square at its cost; the action names
    the path, and the gladiator walks it square by square."""
    t = Table()
    two_sides(t)
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris move", "move b2")
    action = next(a for a in t.legal() if a.startswith("to d5 "))
    _, square, facing, path = action.split()
    steps = path.split("-")
    assert len(steps) >= 3
    assert steps[-1] == square + facing
    t.events.clear()
    t.do(action)
    walked = [e.data["square"] + e.data["facing"] for e in t.events if e.kind == "step"]
    assert walked == steps
    assert t.state.view(None)["gladiators"][0]["square"] == "d5"


def test_aware_enemy_turns_mid_move_and_the_rest_becomes_a_new_decision(catalog: Catalog) -> None:
    """Aware: "Each time an opposing gladiator moves in one of the 8 squares adjacent to this
    gladiator, this gladiator may freely change his facing" — so the mover decides again, with
    the MP he has left, where he stands."""
    t = Table("thraex,murmillo,veles,provocator/retiarius+aware,secutor,hoplomachus,scissor")
    t.place(0, "thraex", "a5", "e")
    t.place(1, "retiarius", "d6", "n")
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris move", "move a5")
    straight = next(a for a in t.legal() if a.startswith("to g5 e "))
    assert straight.split()[3] == "b5e-c5e-d5e-e5e-f5e-g5e"
    t.do(straight)
    # the step into c5 (next to d6) stops the walk: the Aware gladiator's lanista decides
    assert t.state.current_player == 1
    assert t.state.view(None)["decision"] == "aware"
    assert sorted(t.legal()) == ["face d6 e", "face d6 n", "face d6 s", "face d6 w"]
    t.do("face d6 s")
    assert t.state.view(1)["gladiators"][4]["facing"] == "s"
    # back to the mover, on c5, with the MP left
    assert t.state.current_player == 0
    assert t.state.view(None)["decision"] == "move"
    assert t.state.view(None)["gladiators"][0]["square"] == "c5"
    mp = catalog.armaturae[catalog.armatura_by_code["thraex"]].sides[0].mp
    assert t.state.tasks[-1][3] == mp - 2 * catalog.rules.movement.forward
    # now in the Retiarius' front zone, next to his danger zone: g5 is out of reach
    assert not any(a.startswith("to g5 ") for a in t.legal())
    assert "stay" in t.legal()


def test_aware_enemy_may_keep_his_facing_and_the_walk_goes_on() -> None:
    """Aware: the change of facing is free and optional; kept facings let the planned walk go on,
    asked again at each new square next to him."""
    t = Table("thraex,murmillo,veles,provocator/retiarius+aware,secutor,hoplomachus,scissor")
    t.place(0, "thraex", "a5", "e")
    t.place(1, "retiarius", "d6", "n")
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "ardor_oris", "virtus")
    t.turn(0)
    t.do("play ardor_oris move", "move a5", "to g5 e b5e-c5e-d5e-e5e-f5e-g5e", "face d6 n")
    # each new square next to him gives him the choice again
    while t.state.view(None)["decision"] in ("aware", "move"):
        if t.state.view(None)["decision"] == "aware":
            t.do(next(a for a in t.legal() if a.endswith(" n")))
        else:
            t.do(next(a for a in t.legal() if a.startswith("to g5 e ")))
    assert t.state.view(None)["gladiators"][0]["square"] == "g5"


def test_impressive_costs_one_more_mp_to_step_next_to_him(catalog: Catalog) -> None:
    """Impressive: "Any opposing gladiator that wants to move in one of the 8 squares adjacent
    to this gladiator must pay an extra MP"."""
    extra = catalog.rules.talents.impressive_mp
    forward = catalog.rules.movement.forward

    def offered(familia: str, mp: int) -> set[str]:
        t = Table("thraex,murmillo,veles,provocator/" + familia)
        g = t.place(0, "thraex", "d3", "n")
        t.place(1, "secutor", "d6", "n")  # facing away: d5 is not in his front zone
        t.moves(g, mp)
        return {a.split()[1] for a in t.legal() if a.startswith("to ")}

    plain = "retiarius,secutor,hoplomachus,scissor"
    impressive = "retiarius,secutor+impressive,hoplomachus,scissor"
    assert "d5" in offered(plain, 2 * forward)
    assert "d5" not in offered(impressive, 2 * forward)
    assert "d5" in offered(impressive, 2 * forward + extra)
    assert "d4" in offered(impressive, forward)  # d4 is not next to him


# --- the hand limit ------------------------------------------------------------------------------


def test_maximum_hand_size_example_discards_one_of_eleven(catalog: Catalog) -> None:
    """Maximum hand size, the example: Moronus (Vox Populi 10, his opponent 5) plays Panem et
    Circenses for movement and draw, moves two gladiators, draws 4 and holds 11 cards: at Vox
    Populi 10 the limit is 10, so he discards one card at the end of the turn."""
    panem = spec(catalog, "panem_et_circenses")
    limit = catalog.rules.vox_hand[10]
    assert limit == 10 and panem.draw == 4 and panem.movement >= 2
    others = [catalog.cards[c].code for c in catalog.jugula if catalog.cards[c].code != panem.code]
    t = Table()
    two_sides(t)
    t.hand(0, panem.code, *others[: limit + 1 - panem.draw])
    t.vox(0, 10)
    t.vox(1, 5)
    t.turn(0)
    t.do("play panem_et_circenses ability", "use move", "move b2", "stay", "move d2", "stay")
    t.do("use draw")
    assert len(t.state.hand[0]) == limit + 1
    assert t.state.current_player == 0
    assert t.state.view(None)["decision"] == "discard"
    assert len(t.legal()) == limit + 1
    choice = t.legal()[0]
    t.do(choice)
    assert len(t.state.hand[0]) == limit
    assert choice.split()[1] in t.state.view(1)["lanistae"][0]["discard"]  # face up
    assert t.state.current_player == 1


@pytest.mark.parametrize(("effect", "discards"), [("move", 1), ("vox", 0)])
def test_the_hand_limit_is_read_at_the_very_end_of_the_turn(
    catalog: Catalog, effect: str, discards: int
) -> None:
    """Maximum hand size: checked "at the very end of each of your turns (and only then)", with
    the Vox Populi reached by then."""
    impetus = spec(catalog, "impetus")
    limit = catalog.rules.vox_hand[0]
    assert catalog.rules.vox_hand[impetus.vox] > limit
    others = [catalog.cards[c].code for c in catalog.jugula if catalog.cards[c].code != "impetus"]
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", *others[: limit + 1])
    t.turn(0)
    t.do(f"play impetus {effect}")
    if effect == "move":
        t.do("done")
    assert t.state.current_player == (0 if discards else 1)
    for _ in range(discards):
        t.do(t.legal()[0])
    assert t.state.current_player == 1
    assert len(t.state.hand[0]) == limit + 1 - discards


# --- drawing -------------------------------------------------------------------------------------


def test_a_draw_that_reshuffles_cannot_draw_the_card_being_played(catalog: Catalog) -> None:
    """Draw Effect: "the card you have used for its Draw effect cannot be drawn again this turn
    if you should have to shuffle your discard pile to form your deck"."""
    plausus = spec(catalog, "plausus")
    pile = ("acies_aciei", "impetus", "virtus")
    assert plausus.draw < len(pile)
    for seed in range(5):
        t = Table()
        two_sides(t)
        t.state.rng.shuffle(list(range(seed)))  # vary the reshuffle
        t.hand(0, "plausus", "infamis")
        arrange(t, 0, deck=(), discard=pile, rest="removed")
        t.turn(0)
        t.do("play plausus draw")
        drawn = set(codes(t, t.state.hand[0])) - {"infamis"}
        assert len(drawn) == plausus.draw
        assert drawn <= set(pile)
        assert "plausus" not in codes(t, t.state.deck[0])
        assert codes(t, t.state.discard[0]) == ["plausus"]
        assert any(e.kind == "reshuffle" for e in t.events)


def test_a_draw_with_no_card_left_anywhere_is_lost() -> None:
    """Draw Effect: "If both your discard pile and your deck are empty ... any draw left is
    lost"."""
    t = Table()
    two_sides(t)
    t.hand(0, "plausus", "infamis")
    arrange(t, 0, deck=("virtus",), rest="removed")
    t.turn(0)
    t.do("play plausus draw")
    assert sorted(codes(t, t.state.hand[0])) == ["infamis", "virtus"]
    assert t.state.deck[0] == []
    assert codes(t, t.state.discard[0]) == ["plausus"]


# --- the crowd -----------------------------------------------------------------------------------


def test_vox_populi_effect_moves_the_marker(catalog: Catalog) -> None:
    """Vox Populi Effect, the example: Impetus has a Vox Populi of 3; "From now on, his familia
    will get a +1 bonus on all attacks"."""
    vox = spec(catalog, "impetus").vox
    assert vox == 3
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", "virtus")
    t.turn(0)
    t.do("play impetus vox")
    assert t.state.vox[0] == vox
    lanista = t.state.view(1)["lanistae"][0]
    assert lanista["vox"] == vox
    assert lanista["attack_bonus"] == catalog.rules.vox_attack[vox] == 1
    assert lanista["hand_limit"] == catalog.rules.vox_hand[vox]


def test_vox_populi_beyond_ten_draws_a_card_per_point(catalog: Catalog) -> None:
    """Vox Populi changes: "If the Vox Populi level should increase beyond 10, it stays at 10
    but for each point of increase that couldn't be made, the Lanista can draw an extra Jugula
    card"."""
    vox = spec(catalog, "impetus").vox
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", "virtus")
    t.vox(0, 9)
    t.turn(0)
    t.do("play impetus vox")
    assert t.state.vox[0] == catalog.rules.vox_max == 10
    over = (9 + vox - 10) * catalog.rules.vox_overflow_draw
    assert over >= 2
    for _ in range(over):  # "can draw": one card at a time, each his choice
        assert t.legal() == ["extra", "enough"]
        t.do("extra")
    assert len(t.state.hand[0]) == 1 + over


def test_vox_populi_changes_the_draws_beyond_ten_may_be_refused(catalog: Catalog) -> None:
    """Vox Populi changes: for each point beyond 10 the lanista "can draw" a card: he may
    stop at any card (here after the first), keeping his hand small."""
    t = Table()
    two_sides(t)
    t.hand(0, "impetus", "virtus")
    t.vox(0, 9)
    t.turn(0)
    t.do("play impetus vox", "extra", "enough")
    assert t.state.vox[0] == 10
    assert len(t.state.hand[0]) == 2
    assert t.state.current_player == 1


def test_vox_populi_never_goes_below_zero(catalog: Catalog) -> None:
    """Vox Populi changes: an effect that would bring it below 0 leaves it at 0 (Virtus takes
    2 from a rival at 1)."""
    assert catalog.rules.abilities.virtus_vox_loss > 1
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "impetus", "acies_aciei")
    t.vox(1, 1)
    t.vox(0, 0)
    t.turn(0)
    t.do("play virtus ability")
    assert t.state.vox[1] == 0
    t.do("pass")


# --- combat and upgrade --------------------------------------------------------------------------


def test_combat_effect_gives_that_many_attacks_to_any_gladiators(catalog: Catalog) -> None:
    """Combat Effect: the card's combat value is the number of attacks; a gladiator may attack
    more than once; attacking is not mandatory. The Combat example: Virtus makes three."""
    virtus = spec(catalog, "virtus")
    assert virtus.combat == 3
    worst = sorted((catalog.cards[c] for c in catalog.jugula), key=lambda c: c.die)
    attack_cards = [c.code for c in worst[:3] if c.code != "virtus"][:3]
    defence_cards = [c.code for c in reversed(worst) if c.code != "virtus"][:3]
    thraex = catalog.armaturae[catalog.armatura_by_code["thraex"]].sides[0]
    retiarius = catalog.armaturae[catalog.armatura_by_code["retiarius"]].sides[0]
    best_attack = max(spec(catalog, c).die for c in attack_cards) + thraex.att[0]
    worst_defence = min(spec(catalog, c).die for c in defence_cards) + retiarius.defence[0]
    assert best_attack < worst_defence  # every attack is parried: the target stays in reach
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "a1", "n")
    t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "virtus", "plausus")
    arrange(t, 0, deck=tuple(attack_cards))
    t.hand(1, "impetus", "acies_aciei")
    arrange(t, 1, deck=tuple(defence_cards))
    t.turn(0)
    t.do("play virtus combat")
    for _ in range(virtus.combat):
        assert t.legal() == ["done", "attack d4 d5"]
        t.do("attack d4 d5", "card deck", "card deck", "acclaim")
    assert t.state.current_player == 1
    assert t.state.view(None)["decision"] == "play"
    assert t.state.vox[1] == virtus.combat * catalog.rules.vox_defence_gain


def test_upgrade_takes_one_prima_card_shown_to_all(catalog: Catalog) -> None:
    """Upgrade Effect, the example: Acies Aciei (upgrade 2) takes one Prima Jugula card of 1 or
    2 stars — Formido — shown to the opponent, into the hand; Acies Aciei is discarded."""
    upgrade = spec(catalog, "acies_aciei").upgrade
    assert upgrade == 2
    t = Table()
    two_sides(t)
    t.hand(0, "acies_aciei", "virtus")
    t.turn(0)
    t.do("play acies_aciei upgrade")
    wanted = {
        f"take {catalog.cards[c].code}" for c in catalog.prima if catalog.cards[c].cost <= upgrade
    }
    assert set(t.legal()) == wanted | {"done"}
    assert "take dementia" not in t.legal()
    t.do("take formido")
    assert sorted(codes(t, t.state.hand[0])) == ["formido", "virtus"]
    assert "formido" not in codes(t, t.state.aside[0])
    assert t.state.view(1)["lanistae"][0]["hand_known"] == ["formido"]
    assert codes(t, t.state.discard[0]) == ["acies_aciei"]
    assert t.state.current_player == 1  # one card only


def test_a_prima_card_taken_stays_in_the_deck_cycle() -> None:
    """Upgrade Effect: "once played it will move into your discard pile, get shuffled into
    your deck once it gets depleted, etc."; once played it is no longer known in the hand."""
    t = Table()
    two_sides(t)
    t.hand(0, "acies_aciei", "virtus")
    t.hand(1, "impetus", "infamis", "plausus")
    t.turn(0)
    t.do("play acies_aciei upgrade", "take audacia")
    t.do("play impetus vox")
    t.do("play audacia vox")
    assert "audacia" in codes(t, t.state.discard[0])
    assert t.state.view(1)["lanistae"][0]["hand_known"] == []
