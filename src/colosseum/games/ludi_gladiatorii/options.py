"""Options of Ludi Gladiatorii: expansions, modules, variants; defaults are the basic game."""

from __future__ import annotations

from ...core.options import OptionSpec

MIN_PLAYERS = 2
MAX_PLAYERS = 5

OPTIONS = (
    OptionSpec(
        "quintus_ludus", bool, False, "Quintus Ludus: a 5th player, its gladiators and building"
    ),
    OptionSpec("historiae", bool, False, "Historiae: an event card revealed each round"),
    OptionSpec("magistri_arenae", bool, False, "Magistri Arenae: its gladiators and buildings"),
    OptionSpec("champions", bool, False, "Champions module (brings the Colosseum into play)"),
    OptionSpec("public_favor", bool, False, "Public Favor tokens module"),
    OptionSpec(
        "building_draft", bool, False, "variant: initial buildings chosen in turn, not dealt"
    ),
    OptionSpec(
        "building_selection", bool, False, "variant: only 3 buildings shown; pay 1 coin to replace"
    ),
    OptionSpec("simultaneous_auctions", bool, False, "variant: secret bids revealed together"),
    OptionSpec("wager_auctions", bool, False, "variant: every bidder pays their bid"),
    OptionSpec("decimatio_auctions", bool, False, "variant: reveal one per player, each discards"),
    OptionSpec(
        "combat_reserve", bool, False, "variant: a third player's straight gladiator may defend"
    ),
    OptionSpec("combat_decision", bool, False, "variant: combat cards bought into a hand of 3"),
    OptionSpec("victory_points", int, 7, "victory points that win the game", minimum=1, maximum=25),
    OptionSpec(
        "round_limit",
        int,
        0,
        "a cap for simulations: after this many rounds the lanista with most points wins; "
        "0 (the default) plays the rulebook's game, which ends at the victory points",
        minimum=0,
        simulation_value=60,
        maximum=1000,
    ),
    OptionSpec(
        "data", str, "", "folder of your own card data files (empty: the bundled data)", local=True
    ),
)

EXPANSION_BOXES = {
    "quintus_ludus": "quintus_ludus",
    "historiae": "historiae",
    "magistri_arenae": "magistri_arenae",
}
