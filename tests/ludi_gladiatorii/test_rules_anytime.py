"""Choices the rulebook offers with "may", "can" and "at any time" (docs/rules, Interpretations):
the Cubiculum's novices at any time of one's turn, the Valetudinarium's payment, the combat
decision variant's shop at any time, Saturnalia, Bellum Gallicum and the selection variant's
new building during one's turn."""

from __future__ import annotations

from .helpers import (
    RULES,
    Table,
    builders,
    combat_pair,
    end_turn,
    event,
    fight,
    notations,
    owned,
    phase,
    pos,
    spec,
    veteran,
)

# --- Cubiculum: "You can buy novices at any time during your turn" ----------------------------


def _cubiculum_table(coins: int = 3) -> Table:
    return Table().buildings(0, "cubiculum_1", "casula").quiet(1).coins(0, coins)


def test_buildings_cubiculum_novice_bought_in_the_start_phase() -> None:
    """Cubiculum: novices may be bought at any time of your turn, the start phase included,
    and the start effects are resolved in the order you prefer — so a lanista without a
    novice may buy one before taking the Cubiculum's coin for having one."""
    vet_a, vet_b = combat_pair(0)
    table = Table().quiet(0).buildings(1, "cubiculum_1", "macellum").gladiators(0, "tiro")
    state = table.gladiators(1, vet_a, vet_b).coins(1, 2).build()
    end_turn(state)
    assert phase(state) == "start" and state.current_player == 1
    assert set(notations(state)) == {"start novice_income", "buy novice"}
    state.apply("buy novice")
    assert phase(state) == "start", "the purchase leaves the start effect to resolve"
    state.apply("start novice_income")
    assert phase(state) == "main"
    assert pos(state)["coins"][1] == 2 - RULES.novice_price + 1
    assert len(owned(state, 1)) == 3


def test_buildings_cubiculum_start_effect_alone_without_the_price() -> None:
    """Cubiculum: with no coin to buy a novice there is nothing to choose at the start: the
    coin (or nothing, without a novice) is resolved by itself."""
    vet_a, vet_b = combat_pair(0)
    table = Table().quiet(0).buildings(1, "cubiculum_1", "macellum").gladiators(0, "tiro")
    state = table.gladiators(1, vet_a, vet_b).coins(1, 0).build()
    end_turn(state)
    assert phase(state) == "main" and state.current_player == 1


def test_buildings_cubiculum_novice_bought_during_a_build() -> None:
    """Cubiculum: at any time of your turn — also between the gladiators added to a build;
    the novice enters straightened and can help finish it."""
    cost = spec("forum").cost
    a, b = builders(cost)
    state = _cubiculum_table().gladiators(0, a, b).centre("forum").build()
    state.apply("build forum")
    state.apply(f"use {a}")
    assert phase(state) == "use"
    assert "buy novice" in notations(state)
    job = pos(state)["job_left"]
    state.apply("buy novice")
    assert phase(state) == "use" and pos(state)["job_left"] == job
    novice = owned(state, 0)[-1]
    assert f"use {novice}" in notations(state), "bought straightened, it can build"


def test_buildings_cubiculum_novice_bought_during_a_combat_you_started() -> None:
    """Cubiculum: at any time of your turn — also at your decisions inside a combat you
    started (here: a Precision gladiator choosing its opponent)."""
    sniper = veteran("precision")
    d1, d2 = combat_pair(0, exclude=[sniper])
    state = _cubiculum_table().gladiators(0, sniper).gladiators(1, d1, d2).build()
    state.apply(f"fight {sniper}")
    assert phase(state) == "fight_defender" and state.current_player == 0
    assert "buy novice" in notations(state)
    state.apply("buy novice")
    assert phase(state) == "fight_defender" and state.current_player == 0


def test_buildings_cubiculum_not_in_another_lanistas_turn() -> None:
    """Cubiculum: during *your* turn only — a defender choosing in the attacker's turn is not
    offered the purchase."""
    a, d = combat_pair(0)
    table = Table().quiet(0).buildings(1, "cubiculum_1", "macellum").coins(1, 3)
    state = table.gladiators(0, a).gladiators(1, d, "tiro").coins(0, 3).build()
    state.apply(f"fight {a}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    assert "buy novice" not in notations(state)


def test_buildings_cubiculum_novice_bought_in_the_auction_step() -> None:
    """Cubiculum: at any time of your turn — also in the auction step; a novice that fills
    the last room leaves the auctioneer only a pass on their own bid (Auctions: taking part
    needs an available building)."""
    table = _cubiculum_table(coins=6).gladiators(0, "tiro").gladiators(1, "tiro").coins(1, 3)
    state = table.veteran_top("gallus", "aegyptius", "phoenicius").auction_phase(0).build()
    assert "buy novice" in notations(state)
    state.apply("auction")
    state.apply("offer gallus")
    assert state.current_player == 1
    state.apply("pass")
    assert phase(state) == "bid" and state.current_player == 0
    assert "buy novice" in notations(state) and "bid 3" in notations(state)
    state.apply("buy novice")
    assert phase(state) == "bid"
    assert [n for n in notations(state) if n.startswith("bid")] == []
    assert "pass" in notations(state)


# --- Valetudinarium: "you may pay 2 coins to keep it" -------------------------------------------


def test_buildings_valetudinarium_the_owner_may_decline() -> None:
    """Valetudinarium (its text): you *may* pay 2 coins to keep a gladiator a combat would
    discard — declining keeps the coins and the gladiator is discarded."""
    a, d = combat_pair(1)  # the defender is stronger and the card has a skull
    table = Table(players=4).buildings(0, "valetudinarium_iv").gladiators(0, a).gladiators(1, d)
    state = table.coins(0, 2 + 3).combat_top("defensio_mors").build()
    fight(state, a, rival=1)
    assert phase(state) == "infirmary" and state.current_player == 0
    assert set(notations(state)) == {f"keep {a}", f"lose {a}"}
    events = state.apply(f"lose {a}")
    assert not event(events, "infirmary").data["kept"]
    assert a not in owned(state, 0)
    assert pos(state)["coins"][0] == 3
    assert phase(state) == "main" and pos(state)["combat"] is None


def test_buildings_valetudinarium_the_defender_decides_in_the_attackers_turn() -> None:
    """Valetudinarium: it keeps any of your gladiators a combat would discard, also when you
    defend; you decide, then the attacker's main phase goes on."""
    a, d = combat_pair(-1)  # the attacker is stronger and the card has a skull
    table = Table(players=4).buildings(1, "valetudinarium_iv").gladiators(0, a).gladiators(1, d)
    state = table.coins(0, 2).coins(1, 2).combat_top("impetus_mors_1").build()
    fight(state, a, rival=1)
    assert phase(state) == "infirmary" and state.current_player == 1
    state.apply(f"keep {d}")
    assert d in owned(state, 1) and pos(state)["coins"][1] == 0
    assert phase(state) == "main" and state.current_player == 0


# --- Variant Combat (decision): "you can buy them at any time" ---------------------------------


def test_variant_decision_cards_bought_and_discarded_at_any_time() -> None:
    """Combat (decision): combat cards are bought (1 coin) and discarded (free) at any time —
    also by a defender choosing their gladiator in the attacker's turn."""
    a, d = combat_pair(0)
    table = Table(combat_decision=True).quiet().gladiators(0, a).gladiators(1, d, "tiro")
    state = table.coins(0, 2).coins(1, 2).hand(1, "defensio").build()
    state.apply(f"fight {a}")
    assert phase(state) == "fight_defender" and state.current_player == 1
    assert {"buy-combat", "drop defensio"} <= set(notations(state))
    events = state.apply("buy-combat")
    assert event(events, "combat_bought").data["seat"] == 1
    assert phase(state) == "fight_defender" and len(pos(state)["hands"][1]) == 2


def test_variant_decision_hand_counts_the_cards_in_play() -> None:
    """Combat (decision): up to three combat cards in hand; a card played in the combat in
    progress still counts (a loser takes it back), so no fourth can be bought meanwhile."""
    favourite = veteran("public_favor")
    d = veteran("", exclude=[favourite])
    table = Table(combat_decision=True).quiet().gladiators(0, favourite).gladiators(1, d)
    table.hand(0, "impetus", "impetus_magnus", "defensio").hand(1, "defensio_magnus")
    state = table.coins(0, 5).build()
    state.apply(f"fight {favourite}")
    assert phase(state) == "combat_card" and state.current_player == 0
    state.apply("play impetus")
    state.apply("no card")
    assert phase(state) == "favor" and state.current_player == 0
    assert len(pos(state)["hands"][0]) == 2
    assert "buy-combat" not in notations(state)


# --- Historiae and the selection variant: "during your turn" -----------------------------------


def test_historiae_saturnalia_discards_for_a_coin_in_the_auction_step() -> None:
    """Saturnalia: each lanista may discard gladiators on their turn, 1 coin each — also
    when discarding down to their buildings before the auctions."""
    table = Table(historiae=True).quiet().event("saturnalia")
    state = table.gladiators(0, "tiro", "tiro", "tiro", "tiro").build()
    state.apply("end")
    assert phase(state) == "discard"
    novice = owned(state, 0)[0]
    assert f"saturnalia {novice}" in notations(state)
    state.apply(f"saturnalia {novice}")
    assert pos(state)["coins"][0] == 1
    assert len(owned(state, 0)) == 3
    assert phase(state) == "discard", "three gladiators, two buildings: one more to discard"


def test_historiae_saturnalia_not_inside_a_combat() -> None:
    """Saturnalia: a discard is a step of its own; it is not offered inside a combat, where
    the gladiators fighting could be discarded in the middle of it."""
    sniper = veteran("precision")
    d1, d2 = combat_pair(0, exclude=[sniper])
    table = Table(historiae=True).quiet().event("saturnalia").gladiators(0, sniper, "tiro")
    state = table.gladiators(1, d1, d2).coins(0, 3).build()
    assert f"saturnalia {sniper}" in notations(state)
    state.apply(f"fight {sniper}")
    assert phase(state) == "fight_defender" and state.current_player == 0
    assert not [n for n in notations(state) if n.startswith("saturnalia")]


def test_historiae_bellum_gallicum_in_the_auction_step() -> None:
    """Bellum Gallicum: during your turn you may pay 2 coins and discard a novice for the top
    veteran — also before opening an auction."""
    table = Table(historiae=True).quiet().event("bellum_gallicum").gladiators(0, "tiro")
    state = table.coins(0, 2).veteran_top("gallus").auction_phase(0).build()
    novice = owned(state, 0)[0]
    assert f"gallicum {novice}" in notations(state)
    state.apply(f"gallicum {novice}")
    assert owned(state, 0) == ["gallus"] and pos(state)["coins"][0] == 0
    assert phase(state) == "auction"


def test_variant_selection_replace_a_building_in_the_auction_step() -> None:
    """Buildings (selection): any lanista may, on their turn, pay 1 coin to replace a shown
    building — also in the auction step of their turn."""
    state = Table(building_selection=True).quiet().gladiators(0, "tiro").coins(0, 1)
    state = state.auction_phase(0).build()
    shown = pos(state)["centre_buildings"]
    assert any(n.startswith("refresh ") for n in notations(state))
    code = spec_code(shown[0])
    state.apply(f"refresh {code}")
    assert pos(state)["coins"][0] == 0 and phase(state) == "auction"


def spec_code(building: int) -> str:
    from .helpers import CATALOG

    return CATALOG.buildings[building].code


def test_buildings_valetudinarium_after_a_purchase_that_leaves_it_unpaid() -> None:
    """Valetudinarium and Cubiculum in one's own turn: a novice bought while the combat waits
    for the Valetudinarium can leave its owner short of the 2 coins; then only letting the
    gladiator go is offered (never a payment beyond the coins)."""
    a, d = combat_pair(1)
    table = Table(players=4).buildings(0, "valetudinarium_iv", "cubiculum_1")
    state = table.gladiators(0, a).gladiators(1, d).coins(0, 2 + 2)
    state = state.combat_top("defensio_mors").build()
    fight(state, a, rival=1)
    assert phase(state) == "infirmary" and "buy novice" in notations(state)
    state.apply("buy novice")
    assert notations(state)[0] == f"lose {a}" and f"keep {a}" not in notations(state)
    state.apply(f"lose {a}")
    assert a not in owned(state, 0) and pos(state)["coins"][0] == 1
