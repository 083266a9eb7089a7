"""The 24 card abilities ("The Jugula Cards", "Prima Jugula Cards"), one or more tests each,
played through the engine's own legal actions; the numbers come from the catalog."""

from __future__ import annotations

import pytest

from colosseum.games.jugula.data import Catalog

from .helpers import PLAIN, Table, arrange, codes, spec, two_sides

THREE = PLAIN + "/laquearius,crupellarius,dimachaerius,sagittarius"


def face_to_face(t: Table) -> None:
    """Seat 0's Thraex on d4 facing seat 1's Retiarius on d5; the others far away."""
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "a1", "n")
    t.place(0, "veles", "b1", "n")
    t.place(0, "provocator", "c1", "n")
    t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "h8", "s")
    t.place(1, "hoplomachus", "g8", "s")
    t.place(1, "scissor", "f8", "s")


def square_of(t: Table, seat: int, code: str) -> str | None:
    return t.state.view(None)["gladiators"][t.g(seat, code)]["square"]


def wounds(t: Table, seat: int, code: str) -> int:
    return t.state.wounds[t.g(seat, code)]


def finish_attack(t: Table) -> None:
    """Decline the pursuit and pick the first push-back square, whatever the outcome."""
    while t.state.view(None)["decision"] in ("pursue", "push"):
        t.do("hold" if "hold" in t.legal() else t.legal()[0])


def plays(t: Table) -> set[str]:
    return {a for a in t.legal() if a.startswith("play ")}


# --- Jugula cards --------------------------------------------------------------------------------


def test_acies_aciei_takes_a_card_of_the_discard_pile_back_into_the_hand() -> None:
    """Acies Aciei: "choose a card from your discard pile ... and return it to your hand"."""
    t = Table()
    two_sides(t)
    t.hand(0, "acies_aciei", "virtus")
    arrange(t, 0, discard=("impetus", "plausus"))
    t.turn(0)
    t.do("play acies_aciei ability")
    assert sorted(t.legal()) == ["recall impetus", "recall plausus"]
    t.do("recall plausus")
    assert sorted(codes(t, t.state.hand[0])) == ["plausus", "virtus"]
    assert sorted(codes(t, t.state.discard[0])) == ["acies_aciei", "impetus"]
    # the discard pile is public: everybody saw which card went back to the hand
    assert t.state.view(1)["lanistae"][0]["hand_known"] == ["plausus"]
    assert t.state.current_player == 1


@pytest.mark.parametrize("owner", [0, 1])
def test_acta_est_fabula_restores_a_removed_card_on_top_of_its_owners_deck(owner: int) -> None:
    """Acta est Fabula: a card removed from the game goes back on top of its owner's deck (one of
    yours or an opponent's); Acta est Fabula is then removed from the game."""
    t = Table()
    two_sides(t)
    t.hand(0, "acta_est_fabula", "virtus")
    arrange(t, 0, removed=("cognatus_a_um",))
    t.hand(1, "impetus", "infamis")
    arrange(t, 1, removed=("fatalitas",))
    t.turn(0)
    t.do("play acta_est_fabula ability")
    assert sorted(t.legal()) == ["restore 0 cognatus_a_um", "restore 1 fatalitas"]
    card = ("cognatus_a_um", "fatalitas")[owner]
    t.do(f"restore {owner} {card}")
    assert codes(t, t.state.deck[owner][-1:]) == [card]
    assert card not in codes(t, t.state.removed[owner])
    assert t.state.view(1 - owner)["lanistae"][owner]["deck_top_public"] == [card]
    assert "acta_est_fabula" in codes(t, t.state.removed[0])
    assert "acta_est_fabula" not in codes(t, t.state.discard[0])


def test_acta_est_fabula_needs_a_card_out_of_the_game() -> None:
    """Acta est Fabula: "choose a card that has been removed from the game": none, no ability."""
    t = Table()
    two_sides(t)
    t.hand(0, "acta_est_fabula", "virtus")
    t.turn(0)
    assert "play acta_est_fabula ability" not in t.legal()


def test_ardor_oris_attacks_at_plus_four_then_wounds_the_attacker(catalog: Catalog) -> None:
    """Ardor Oris: a single attack; "your gladiator benefits from a +4 attack bonus ... At the
    end of the attack, your gladiator is wounded"."""
    bonus = catalog.rules.abilities.ardor_oris_attack
    assert bonus == 4
    t = Table()
    face_to_face(t)
    t.hand(0, "ardor_oris", "plausus", "virtus")
    t.hand(1, "infamis", "impetus")
    t.vox(0, 6)
    t.turn(0)
    t.do("play ardor_oris ability")
    assert t.legal() == ["attack d4 d5"]
    t.do("attack d4 d5", "card plausus", "card infamis")
    thraex = catalog.armaturae[catalog.armatura_by_code["thraex"]].sides[0]
    retiarius = catalog.armaturae[catalog.armatura_by_code["retiarius"]].sides[0]
    scores = next(e.data for e in t.events if e.kind == "scores")
    assert scores["attack"] == (
        spec(catalog, "plausus").die + thraex.att[0] + catalog.rules.vox_attack[6] + bonus
    )
    assert scores["defence"] == spec(catalog, "infamis").die + retiarius.defence[0]
    finish_attack(t)
    assert wounds(t, 0, "thraex") == 1
    assert t.state.current_player == 1


def test_ardor_oris_on_a_wounded_attacker_makes_him_bite_the_dust() -> None:
    """Ardor Oris: "(and will bite the dust if he was already wounded)"."""
    t = Table()
    face_to_face(t)
    t.place(0, "thraex", "d4", "n", wounded=True)
    t.hand(0, "ardor_oris", "plausus", "virtus")
    t.hand(1, "infamis", "impetus")
    t.turn(0)
    t.do("play ardor_oris ability", "attack d4 d5", "card plausus", "card infamis")
    finish_attack(t)
    assert square_of(t, 0, "thraex") is None
    assert wounds(t, 0, "thraex") == 2


def test_cognatus_a_um_heals_a_gladiator_without_adjacent_enemy_and_leaves_the_game() -> None:
    """Cognatus a Um: cancel the wound of one of your gladiators with no enemy in an adjacent
    square; Cognatus a Um is then removed from the game."""
    t = Table()
    face_to_face(t)
    t.place(0, "thraex", "d4", "n", wounded=True)  # the Retiarius is next to him
    t.place(0, "murmillo", "a1", "n", wounded=True)
    t.hand(0, "cognatus_a_um", "virtus")
    t.turn(0)
    t.do("play cognatus_a_um ability")
    assert t.state.current_player == 0
    assert t.state.view(None)["decision"] == "heal"
    assert t.legal() == ["heal a1"]
    t.do("heal a1")
    assert wounds(t, 0, "murmillo") == 0
    assert wounds(t, 0, "thraex") == 1
    assert "cognatus_a_um" in codes(t, t.state.removed[0])
    assert "cognatus_a_um" not in codes(t, t.state.discard[0])


def test_cognatus_a_um_cannot_heal_next_to_an_enemy() -> None:
    """Cognatus a Um: only "if that gladiator has no enemy gladiators in adjacent squares"."""
    t = Table()
    face_to_face(t)
    t.place(0, "thraex", "d4", "n", wounded=True)
    t.hand(0, "cognatus_a_um", "virtus")
    t.turn(0)
    assert "play cognatus_a_um ability" not in t.legal()


def test_fraus_fraudis_takes_two_one_star_prima_cards(catalog: Catalog) -> None:
    """Fraus Fraudis: "choose two Prima Jugula cards, each worth one star ... and add them to
    your hand"."""
    numbers = catalog.rules.abilities
    assert (numbers.fraus_fraudis_cards, numbers.fraus_fraudis_stars) == (2, 1)
    ones = sorted(catalog.cards[c].code for c in catalog.prima if catalog.cards[c].cost == 1)
    t = Table()
    two_sides(t)
    t.hand(0, "fraus_fraudis", "virtus")
    t.turn(0)
    t.do("play fraus_fraudis ability")
    assert sorted(t.legal()) == [f"take {c}" for c in ones]
    t.do(f"take {ones[0]}")
    assert sorted(t.legal()) == [f"take {c}" for c in ones[1:]]
    t.do(f"take {ones[1]}")
    assert sorted(codes(t, t.state.hand[0])) == sorted(["virtus", ones[0], ones[1]])
    assert sorted(t.state.view(1)["lanistae"][0]["hand_known"]) == sorted(ones[:2])
    assert t.state.current_player == 1


def test_impetus_moves_then_attacks_with_the_same_gladiator() -> None:
    """Impetus: "choose one of your gladiators and either: move him then attack with him"."""
    t = Table()
    face_to_face(t)
    t.place(0, "thraex", "d3", "n")
    t.place(0, "murmillo", "e4", "n")  # could attack d5, but he is not the one chosen
    t.hand(0, "impetus", "plausus", "virtus")
    t.hand(1, "infamis", "acies_aciei")
    t.turn(0)
    t.do("play impetus ability")
    assert {"impetus d3 move", "impetus d3 attack", "impetus e4 move"} <= set(t.legal())
    t.do("impetus d3 move")
    assert t.state.view(None)["decision"] == "move"
    t.do("to d4 n d4n")
    assert t.legal() == ["done", "attack d4 d5"]
    t.do("attack d4 d5", "card plausus", "card infamis")
    finish_attack(t)
    assert t.state.current_player == 1


def test_impetus_attacks_then_moves() -> None:
    """Impetus: "or attack with him and then move him"."""
    t = Table()
    face_to_face(t)
    t.place(0, "murmillo", "e4", "n")
    t.hand(0, "impetus", "plausus", "virtus")
    t.hand(1, "infamis", "acies_aciei")
    t.turn(0)
    t.do("play impetus ability", "impetus d4 attack")
    assert t.legal() == ["done", "attack d4 d5"]
    t.do("attack d4 d5", "card plausus", "card infamis")
    finish_attack(t)
    assert t.state.current_player == 0
    assert t.state.view(None)["decision"] == "move"
    assert t.state.tasks[-1][2] == t.g(0, "thraex")


def test_infamis_needs_the_highest_vox_populi() -> None:
    """Infamis: "may only be used if you have a higher Vox Populi than any opponent's"."""
    t = Table()
    two_sides(t)
    t.hand(0, "infamis", "virtus")
    t.vox(0, 3)
    t.vox(1, 3)
    t.turn(0)
    assert "play infamis ability" not in t.legal()


def test_infamis_needs_a_higher_vox_populi_than_every_opponent() -> None:
    """Infamis: "a higher Vox Populi than any opponent's": with three lanistae, higher than
    both."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.hand(0, "infamis", "virtus")
    t.vox(0, 4)
    t.vox(1, 1)
    t.vox(2, 5)
    t.turn(0)
    assert "play infamis ability" not in t.legal()
    t.vox(2, 3)
    t.turn(0)
    assert "play infamis ability" in t.legal()


def test_infamis_uses_movement_vox_and_draw_of_one_in_any_order(catalog: Catalog) -> None:
    """Infamis: "use the three effects (movement, Vox Populi and draw) in any order, each with
    a value of 1"."""
    value = catalog.rules.abilities.infamis_value
    assert value == 1
    t = Table()
    two_sides(t)
    t.hand(0, "infamis", "virtus")
    t.vox(0, 2)
    t.turn(0)
    t.do("play infamis ability")
    assert sorted(t.legal()) == ["use draw", "use move", "use vox"]
    t.do("use draw")
    assert len(t.state.hand[0]) == 1 + value
    assert sorted(t.legal()) == ["use move", "use vox"]
    t.do("use vox")
    assert t.state.vox[0] == 2 + value
    t.do("use move")
    assert t.legal() == ["done", "move b2", "move d2", "move f2", "move h2"]
    t.do("move b2", "to b3 n b3n")
    assert t.state.current_player == 1  # one gladiator only


def test_morituri_discards_any_number_keeping_one_for_one_vox_each() -> None:
    """Moriturí te salutant: "discard as many cards from your hand as you wish (keeping at least
    one card in hand ...). For each card discarded, you increase your Vox Populi by 1"."""
    t = Table()
    two_sides(t)
    t.hand(0, "morituri_te_salutant", "virtus", "impetus", "plausus")
    t.vox(0, 1)
    t.turn(0)
    t.do("play morituri_te_salutant ability")
    assert sorted(t.legal()) == ["discard impetus", "discard plausus", "discard virtus", "done"]
    t.do("discard virtus", "discard plausus")
    # one card left: no more discards, so the ability ends by itself
    assert codes(t, t.state.hand[0]) == ["impetus"]
    assert t.state.vox[0] == 1 + 2
    assert t.state.current_player == 1


def test_morituri_may_stop_early() -> None:
    """Moriturí te salutant: "as many cards ... as you wish", one card here: +1."""
    t = Table()
    two_sides(t)
    t.hand(0, "morituri_te_salutant", "virtus", "impetus", "plausus")
    t.turn(0)
    t.do("play morituri_te_salutant ability", "discard virtus", "done")
    assert t.state.vox[0] == 1
    assert len(t.state.hand[0]) == 2


@pytest.mark.parametrize(("mine", "theirs", "usable"), [(3, 0, True), (2, 0, False), (10, 7, True)])
def test_panem_et_circenses_needs_a_lead_of_three(
    catalog: Catalog, mine: int, theirs: int, usable: bool
) -> None:
    """Panem et Circenses / "If your Vox Populi is...": "your Vox Populi must be at least 3
    points higher than your opponent's"."""
    assert catalog.rules.abilities.panem_lead == 3
    t = Table()
    two_sides(t)
    t.hand(0, "panem_et_circenses", "virtus")
    t.vox(0, mine)
    t.vox(1, theirs)
    t.turn(0)
    assert ("play panem_et_circenses ability" in t.legal()) is usable


def test_panem_et_circenses_lead_over_every_opponent() -> None:
    """With several opponents the lead must hold over each (docs/rules/jugula.md)."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.hand(0, "panem_et_circenses", "virtus")
    t.vox(0, 5)
    t.vox(1, 2)
    t.vox(2, 3)
    t.turn(0)
    assert "play panem_et_circenses ability" not in t.legal()


def test_panem_et_circenses_uses_two_of_its_three_printed_effects(catalog: Catalog) -> None:
    """Panem et Circenses: choose two of movement, Vox Populi and draw, in any order, with the
    card's own values; "the Upgrade effect is not one of the options"."""
    panem = spec(catalog, "panem_et_circenses")
    t = Table()
    two_sides(t)
    t.hand(0, "panem_et_circenses", "virtus")
    t.vox(0, 4)
    t.turn(0)
    t.do("play panem_et_circenses ability")
    assert sorted(t.legal()) == ["use draw", "use move", "use vox"]
    t.do("use vox")
    assert t.state.vox[0] == 4 + panem.vox
    assert sorted(t.legal()) == ["use draw", "use move"]
    t.do("use draw")
    assert len(t.state.hand[0]) == 1 + panem.draw
    assert t.state.view(None)["decision"] != "effects"


def test_par_pari_refertur_gives_four_more_mp(catalog: Catalog) -> None:
    """Par Pari Refertur: "that gladiator will benefit from 4 extra MPs"."""
    extra = catalog.rules.abilities.par_pari_mp
    assert extra == 4
    mp = catalog.armaturae[catalog.armatura_by_code["thraex"]].sides[0].mp
    t = Table()
    t.place(0, "thraex", "a1", "n")
    t.place(0, "murmillo", "h1", "n")
    t.place(1, "retiarius", "h7", "s")
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "par_pari_refertur", "virtus")
    t.turn(0)
    t.do("play par_pari_refertur ability", "move a1")
    assert t.state.tasks[-1][3] == mp + extra
    far = f"a{1 + mp + 1}"  # straight ahead, one square beyond his own MP
    assert any(a.startswith(f"to {far} n ") for a in t.legal())


def test_par_pari_refertur_never_enters_an_enemy_front_zone() -> None:
    """Par Pari Refertur: "nor move into any enemy front zone during this movement"."""
    t = Table()
    t.place(0, "thraex", "d2", "n")
    t.place(0, "murmillo", "h1", "n")
    t.place(1, "retiarius", "d5", "s")  # front zone c4, d4, e4
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "par_pari_refertur", "virtus")
    t.turn(0)
    t.do("play par_pari_refertur ability", "move d2")
    front = {"c4", "d4", "e4"}
    actions = [a for a in t.legal() if a.startswith("to ")]
    assert actions
    for action in actions:
        path = action.split()[3]
        assert not {step[:-1] for step in path.split("-")} & front, action
    assert any(a.startswith("to d6 ") for a in actions)  # around the front zone


def test_par_pari_refertur_never_starts_in_an_enemy_front_zone() -> None:
    """Par Pari Refertur: "Your gladiator may not start his movement in the front zone of an
    enemy gladiator"."""
    t = Table()
    face_to_face(t)
    t.hand(0, "par_pari_refertur", "virtus")
    t.turn(0)
    t.do("play par_pari_refertur ability")
    assert "move d4" not in t.legal()
    assert "move a1" in t.legal()


def test_plausus_reorders_the_top_four_cards(catalog: Catalog) -> None:
    """Plausus: "look at the 4 topmost cards of your deck and arrange them in any order"; then,
    without the highest Vox Populi, the turn is over."""
    assert catalog.rules.abilities.plausus_look == 4
    top = ("virtus", "impetus", "infamis", "acies_aciei")
    t = Table()
    two_sides(t)
    t.hand(0, "plausus", "cognatus_a_um")
    arrange(t, 0, deck=top)
    t.turn(0)
    t.do("play plausus ability")
    assert sorted(t.legal()) == sorted(f"top {c}" for c in top)
    t.do("top acies_aciei", "top infamis", "top virtus")
    order = ["acies_aciei", "infamis", "virtus", "impetus"]
    assert codes(t, t.state.deck[0][::-1][:4]) == order
    assert t.state.view(0)["lanistae"][0]["deck_top_known"] == order
    assert t.state.view(1)["lanistae"][0]["deck_top_public"] == []
    assert t.state.current_player == 1


def test_plausus_with_the_highest_vox_populi_plays_another_card() -> None:
    """Plausus: "if you have the highest Vox Populi, you will be able to immediately play
    another card from your hand ... by choosing an effect and resolving it"."""
    t = Table()
    two_sides(t)
    t.hand(0, "plausus", "impetus", "virtus")
    arrange(t, 0, deck=("acies_aciei", "infamis", "cognatus_a_um", "ardor_oris"))
    t.vox(0, 1)
    t.turn(0)
    t.do("play plausus ability", "top ardor_oris", "top infamis", "top acies_aciei")
    assert "pass" in t.legal()
    assert {f"play impetus {e}" for e in ("move", "vox", "combat", "draw", "upgrade")} <= plays(t)
    t.do("play impetus vox")
    assert t.state.vox[0] == 1 + 3
    assert sorted(codes(t, t.state.discard[0])) == ["impetus", "plausus"]
    assert t.state.current_player == 1


@pytest.mark.parametrize(("mine", "theirs", "usable"), [(0, 0, True), (2, 5, True), (5, 2, False)])
def test_virtus_only_without_the_highest_vox_populi(mine: int, theirs: int, usable: bool) -> None:
    """Virtus: "this one can only be used if you do not have the highest Vox Populi"."""
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "impetus")
    t.vox(0, mine)
    t.vox(1, theirs)
    t.turn(0)
    assert ("play virtus ability" in t.legal()) is usable


def test_virtus_cuts_a_rival_by_two_then_another_card_may_be_played(catalog: Catalog) -> None:
    """Virtus: "reduce any opponent's Vox Populi by 2, and then play another card"."""
    loss = catalog.rules.abilities.virtus_vox_loss
    assert loss == 2
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "impetus", "plausus")
    t.vox(1, 5)
    t.turn(0)
    t.do("play virtus ability")
    assert t.state.vox[1] == 5 - loss
    assert "pass" in t.legal()
    assert "play impetus vox" in t.legal()
    t.do("pass")
    assert t.state.current_player == 1
    assert codes(t, t.state.discard[0]) == ["virtus"]


def test_virtus_chooses_the_opponent_among_several() -> None:
    """Virtus: "reduce any opponent's Vox Populi by 2": the lanista picks which."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.hand(0, "virtus", "impetus", "plausus")
    t.vox(1, 5)
    t.vox(2, 6)
    t.turn(0)
    t.do("play virtus ability")
    assert sorted(t.legal()) == ["rival 1", "rival 2"]
    t.do("rival 2")
    assert t.state.vox == [0, 5, 4]


# --- Prima Jugula cards --------------------------------------------------------------------------


def test_audacia_has_no_ability() -> None:
    """Audacia: "This card has no ability at all"."""
    t = Table()
    two_sides(t)
    t.hand(0, "audacia", "virtus")
    t.turn(0)
    assert "play audacia ability" not in t.legal()
    assert {f"play audacia {e}" for e in ("move", "vox", "combat", "draw", "upgrade")} <= plays(t)


def test_fulmen_draws_two_then_moves_one_gladiator(catalog: Catalog) -> None:
    """Fulmen: "draw two cards then either move one of your gladiators or attack with him"."""
    draw = catalog.rules.abilities.fulmen_draw
    assert draw == 2
    t = Table()
    two_sides(t)
    t.hand(0, "fulmen", "virtus")
    t.turn(0)
    t.do("play fulmen ability")
    assert len(t.state.hand[0]) == 1 + draw
    assert sorted(t.legal()) == ["use combat", "use move"]
    t.do("use move", "move b2", "to b3 n b3n")
    assert t.state.current_player == 1


def test_fulmen_draws_two_then_attacks_once() -> None:
    """Fulmen: "... or attack with him": a single attack."""
    t = Table()
    face_to_face(t)
    t.hand(0, "fulmen", "virtus")
    t.hand(1, "infamis", "impetus")
    t.turn(0)
    t.do("play fulmen ability", "use combat")
    assert t.legal() == ["done", "attack d4 d5"]
    t.do("attack d4 d5", "card virtus", "card infamis")
    finish_attack(t)
    assert t.state.current_player == 1  # one attack only


def test_paro_makes_the_opponent_discard_down_to_three(catalog: Catalog) -> None:
    """Paro: "force an opponent of your choice to discard his hand down to 3 cards"."""
    keep = catalog.rules.abilities.paro_hand
    assert keep == 3
    t = Table()
    two_sides(t)
    t.hand(0, "paro", "virtus")
    t.hand(1, "impetus", "infamis", "plausus", "acies_aciei", "ardor_oris")
    t.turn(0)
    t.do("play paro ability")
    for _ in range(5 - keep):
        assert t.state.current_player == 1
        assert t.state.view(None)["decision"] == "discard"
        t.do(t.legal()[0])
    assert len(t.state.hand[1]) == keep
    assert len(t.state.discard[1]) == 5 - keep
    assert t.state.view(None)["decision"] == "play"  # now it is his own turn


def test_paro_chooses_the_opponent_among_several() -> None:
    """Paro: "an opponent of your choice"."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.hand(0, "paro", "virtus")
    t.hand(2, "impetus", "infamis", "plausus", "acies_aciei")
    t.turn(0)
    t.do("play paro ability")
    assert sorted(t.legal()) == ["rival 1", "rival 2"]
    t.do("rival 2")
    assert t.state.current_player == 2
    t.do(t.legal()[0])
    assert len(t.state.hand[2]) == 3


def test_animus_uses_two_of_four_effects_with_combat(catalog: Catalog) -> None:
    """Animus: like Panem et Circenses without the Vox Populi condition, and with the Combat
    effect among the options."""
    animus = spec(catalog, "animus")
    assert catalog.rules.abilities.animus_choices == 2
    t = Table()
    face_to_face(t)
    t.hand(0, "animus", "virtus", "plausus")
    t.hand(1, "infamis", "impetus")
    t.vox(1, 9)
    t.turn(0)
    t.do("play animus ability")
    assert sorted(t.legal()) == ["use combat", "use draw", "use move", "use vox"]
    t.do("use vox")
    assert t.state.vox[0] == animus.vox
    assert sorted(t.legal()) == ["use combat", "use draw", "use move"]
    t.do("use combat")
    assert t.legal() == ["done", "attack d4 d5"]
    assert t.state.tasks[-1][2] == animus.combat


def test_dubitatio_below_six_is_one_effect_only(catalog: Catalog) -> None:
    """Dubitatio: "choose one effect from: Movement, Vox Populi, Combat, Draw"."""
    dubitatio = spec(catalog, "dubitatio")
    t = Table()
    two_sides(t)
    t.hand(0, "dubitatio", "virtus")
    t.hand(1, "impetus", "infamis", "plausus")
    t.turn(0)
    t.do("play dubitatio ability")
    assert sorted(t.legal()) == ["use combat", "use draw", "use move", "use vox"]
    t.do("use draw")
    assert len(t.state.hand[0]) == 1 + dubitatio.draw
    assert t.state.current_player == 1
    assert t.state.compelled[1] == -1


def test_dubitatio_at_six_compels_a_random_card_of_the_opponent(catalog: Catalog) -> None:
    """Dubitatio: "Then, if your Vox Populi is of 6 or more, you will be able to select at
    random a card in your opponent's hand ... Your opponent will have to play this card during
    his next turn. The choice of the card effect is still left to your opponent." The Vox
    Populi reached by the chosen effect counts."""
    dubitatio = spec(catalog, "dubitatio")
    needed = catalog.rules.abilities.dubitatio_vox
    assert needed == 6
    t = Table()
    two_sides(t)
    t.hand(0, "dubitatio", "virtus")
    t.hand(1, "impetus", "infamis", "plausus")
    t.vox(0, needed - dubitatio.vox)
    t.turn(0)
    t.do("play dubitatio ability", "use vox")
    assert t.state.vox[0] == needed
    assert t.state.current_player == 1
    card = t.state.compelled[1]
    assert card in t.state.hand[1]
    code = t.state.catalog.cards[card].code
    assert t.state.view(1)["lanistae"][1]["compelled_card"] == code
    assert t.state.view(0)["lanistae"][1]["compelled"] is True
    assert "compelled_card" not in t.state.view(0)["lanistae"][1]
    assert {a.split()[1] for a in plays(t)} == {code}
    assert len(plays(t)) >= 5  # every effect of that card
    t.do(f"play {code} vox")
    assert t.state.compelled[1] == -1


def test_fatalitas_wounds_an_enemy_in_two_danger_zones_and_leaves_the_game(
    catalog: Catalog,
) -> None:
    """Fatalitas: "you must have an enemy gladiator in the Danger Zone of two of your
    gladiators. This gladiator is immediately wounded ... Then Fatalitas is removed from the
    game"."""
    assert catalog.rules.abilities.fatalitas_danger_zones == 2
    t = Table()
    face_to_face(t)
    t.place(0, "murmillo", "c5", "e")  # his danger zone is d5 too
    t.hand(0, "fatalitas", "virtus")
    t.turn(0)
    t.do("play fatalitas ability")
    assert t.legal() == ["execute d5"]
    t.do("execute d5")
    assert wounds(t, 1, "retiarius") == 1
    assert "fatalitas" in codes(t, t.state.removed[0])
    assert t.state.current_player == 1


def test_fatalitas_on_a_wounded_enemy_makes_him_bite_the_dust() -> None:
    """Fatalitas: "wounded, and bites the dust if he was already wounded"."""
    t = Table()
    face_to_face(t)
    t.place(1, "retiarius", "d5", "s", wounded=True)
    t.place(0, "murmillo", "c5", "e")
    t.hand(0, "fatalitas", "virtus")
    t.turn(0)
    t.do("play fatalitas ability")
    t.do("execute d5")
    assert square_of(t, 1, "retiarius") is None


def test_fatalitas_needs_two_danger_zones() -> None:
    """Fatalitas: the danger zone is the square straight ahead; a flank square does not count."""
    t = Table()
    face_to_face(t)
    t.place(0, "murmillo", "c5", "n")  # d5 is in his flank, not his danger zone
    t.hand(0, "fatalitas", "virtus")
    t.turn(0)
    assert "play fatalitas ability" not in t.legal()


def test_formido_gains_four_gives_two_and_must_play_another(catalog: Catalog) -> None:
    """Formido: "increase your Vox Populi by 4 but you will have to choose one opponent that
    will increase their Vox Populi by 2. Then, you will have to play another card"."""
    numbers = catalog.rules.abilities
    assert (numbers.formido_vox, numbers.formido_rival_vox) == (4, 2)
    t = Table()
    two_sides(t)
    t.hand(0, "formido", "impetus", "virtus")
    t.vox(0, 1)
    t.vox(1, 3)
    t.turn(0)
    t.do("play formido ability")
    assert t.state.vox == [1 + 4, 3 + 2]
    assert "pass" not in t.legal()
    assert t.state.current_player == 0
    t.do("play impetus draw")
    assert t.state.current_player == 1


def test_formido_with_one_card_left_must_play_it_for_its_draw() -> None:
    """Formido and "Last but not least!": the card that must follow is the last one in hand."""
    t = Table()
    two_sides(t)
    t.hand(0, "formido", "impetus")
    t.turn(0)
    t.do("play formido ability")
    assert t.legal() == ["play impetus draw"]


def test_formido_chooses_the_opponent_among_several() -> None:
    """Formido: "choose one opponent that will increase their Vox Populi by 2"."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.hand(0, "formido", "impetus", "virtus")
    t.turn(0)
    t.do("play formido ability")
    assert sorted(t.legal()) == ["rival 1", "rival 2"]
    t.do("rival 1")
    assert t.state.vox == [4, 2, 0]


def test_perfidia_puts_prima_cards_worth_seven_stars_in_the_discard_pile(
    catalog: Catalog,
) -> None:
    """Perfidia: "choose any number of Prima Jugula cards whose total cost does not exceed 7
    stars and put these cards in your discard pile"."""
    budget = catalog.rules.abilities.perfidia_stars
    assert budget == 7
    t = Table()
    two_sides(t)
    t.hand(0, "perfidia", "virtus")
    t.turn(0)
    t.do("play perfidia ability")
    aside = {catalog.cards[c].code for c in t.state.aside[0]}
    assert set(t.legal()) == {"done"} | {f"seed {c}" for c in aside}
    t.do("seed dementia", "seed temperare")
    spent = spec(catalog, "dementia").cost + spec(catalog, "temperare").cost
    left = {
        f"seed {catalog.cards[c].code}"
        for c in t.state.aside[0]
        if catalog.cards[c].cost <= budget - spent
    }
    assert set(t.legal()) == {"done"} | left
    assert "seed fortuna" not in t.legal()
    t.do("seed audacia")
    assert sorted(codes(t, t.state.discard[0])) == sorted(
        ["dementia", "temperare", "audacia", "perfidia"]
    )
    assert t.state.current_player == 1


def test_dementia_moves_an_enemy_with_his_own_mp_and_limits() -> None:
    """Dementia: move an enemy gladiator with "its usual number of MPs", still considering your
    gladiators as his enemies for movement restrictions and cost, "whatever way you want"."""

    def position(t: Table) -> None:
        t.place(0, "thraex", "d4", "n")
        t.place(0, "murmillo", "f4", "n")
        t.place(1, "retiarius", "d6", "s")
        t.place(1, "secutor", "h8", "s")

    t = Table()
    position(t)
    t.hand(0, "dementia", "virtus")
    t.turn(0)
    t.do("play dementia ability")
    assert sorted(t.legal()) == ["dementia d6", "dementia h8"]
    t.do("dementia d6")
    assert t.state.current_player == 0
    chosen = set(t.legal())

    own = Table()
    position(own)
    own.moves(own.g(1, "retiarius"))
    assert chosen == set(own.legal())
    t.do(next(a for a in t.legal() if a.startswith("to d5 ")))
    assert square_of(t, 1, "retiarius") == "d5"
    assert t.state.current_player == 1


def test_fortuna_removes_the_weak_cards_of_deck_and_discard_pile(catalog: Catalog) -> None:
    """Fortuna: "go through your deck and then your discard pile and remove from the game all
    Jugula and Prima Jugula that have a dice value of 2 or less ... You must then shuffle your
    deck"."""
    limit = catalog.rules.abilities.fortuna_die
    assert limit == 2
    weak = [catalog.cards[c].code for c in catalog.jugula if catalog.cards[c].die <= limit]
    strong = [catalog.cards[c].code for c in catalog.jugula if catalog.cards[c].die > limit]
    t = Table()
    two_sides(t)
    t.hand(0, "fortuna", weak[0], strong[0])  # hand cards are not touched
    arrange(t, 0, discard=(weak[1], strong[1]))
    t.turn(0)
    t.do("play fortuna ability")
    removed = codes(t, t.state.removed[0])
    assert sorted(removed) == sorted(weak[1:])
    assert weak[0] in codes(t, t.state.hand[0])
    assert strong[1] in codes(t, t.state.discard[0])
    assert all(catalog.cards[c].die > limit for c in t.state.deck[0])
    assert "fortuna" in codes(t, t.state.discard[0])


def test_potestas_discards_to_cut_an_opponents_vox_then_may_play_another() -> None:
    """Potestas: "discard any number of your hand (you must keep at least one though) and
    decrease one opponent's Vox Populi by the number of cards discarded. Then you may play
    another card"."""
    t = Table()
    two_sides(t)
    t.hand(0, "potestas", "virtus", "impetus", "plausus")
    t.vox(1, 5)
    t.turn(0)
    t.do("play potestas ability", "discard virtus", "discard plausus")
    assert t.state.vox[1] == 5 - 2
    assert sorted(t.legal()) == ["pass", "play impetus draw"]
    t.do("play impetus draw")
    assert t.state.current_player == 1


def test_temperare_removes_up_to_three_cards_and_reshuffles(catalog: Catalog) -> None:
    """Temperare: "browse your deck and discard pile and take 1, 2 or 3 cards. These cards are
    removed from the game. Then your discard pile is shuffled back in your deck"; without the
    highest Vox Populi nothing more."""
    most = catalog.rules.abilities.temperare_cards
    assert most == 3
    t = Table()
    two_sides(t)
    t.hand(0, "temperare", "virtus")
    arrange(t, 0, discard=("impetus", "plausus"))
    t.turn(0)
    t.do("play temperare ability")
    assert "done" not in t.legal()  # at least one
    pool = codes(t, t.state.deck[0] + t.state.discard[0])
    assert {a.split()[1] for a in t.legal()} == set(pool)
    t.do("remove impetus", "remove infamis", "remove acies_aciei")
    assert sorted(codes(t, t.state.removed[0])) == ["acies_aciei", "impetus", "infamis"]
    assert "plausus" in codes(t, t.state.deck[0])
    assert codes(t, t.state.discard[0]) == ["temperare"]
    assert t.state.current_player == 1
    assert codes(t, t.state.hand[0]) == ["virtus"]


def test_temperare_with_the_highest_vox_draws_two_and_may_play_another(
    catalog: Catalog,
) -> None:
    """Temperare: "if you have a higher Vox Populi than all opponents, you can draw two cards
    and play another card"."""
    draw = catalog.rules.abilities.temperare_draw
    assert draw == 2
    t = Table()
    two_sides(t)
    t.hand(0, "temperare", "virtus")
    t.vox(0, 3)
    t.turn(0)
    t.do("play temperare ability", "remove impetus", "done")
    assert len(t.state.hand[0]) == 1 + draw
    assert "pass" in t.legal()
    assert "play virtus vox" in t.legal()


def compelled_in_three(order: list[int]) -> Table:
    """Three lanistae; seat 0 plays Dubitatio at Vox Populi 6 and compels seat 1's Infamis."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "b2", "n")
    t.place(0, "murmillo", "d2", "n")
    t.place(1, "retiarius", "b7", "s")
    t.place(1, "secutor", "d7", "s")
    t.place(2, "laquearius", "h4", "w")
    t.place(2, "crupellarius", "h5", "w")
    t.hand(0, "dubitatio", "virtus")
    t.hand(1, "infamis")
    t.hand(2, "impetus", "plausus", "acies_aciei")
    t.vox(0, 6)
    t.state.order = order
    t.state.order_pos = order.index(0)
    t.turn(0)
    t.do("play dubitatio ability", "use draw", "rival 1")
    assert t.state.compelled[1] == t.state.catalog.card_by_code["infamis"]  # his only card
    t.hand(1, "infamis", "impetus", "plausus")
    return t


def test_dubitatio_compelled_card_cannot_be_bid_away() -> None:
    """Dubitatio: "Your opponent will have to play this card during his next turn": with three
    lanistae a new round may come first, and its face-down card must not be that one."""
    t = compelled_in_three([1, 2, 0])  # seat 0 plays last: the next round starts
    assert t.state.view(None)["decision"] == "bid"
    t.do("bid deck")
    assert t.state.current_player == 1
    assert "bid infamis" not in t.legal()


def test_dubitatio_compelled_card_cannot_be_spent_in_defence() -> None:
    """Dubitatio: the compelled card is kept for the holder's next turn, even if another
    lanista attacks him first."""
    t = compelled_in_three([0, 2, 1])  # seat 2 plays between seat 0 and seat 1
    t.place(2, "laquearius", "b6", "n")  # Range 1: b7 is in his front zone
    t.place(1, "retiarius", "b7", "s")
    assert t.state.current_player == 2
    t.do("play impetus combat", "attack b6 b7", "card plausus")
    assert t.state.current_player == 1
    assert "card infamis" not in t.legal()
