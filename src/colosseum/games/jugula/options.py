"""The options of Jugula; the defaults play the rulebook's standard two-lanista game."""

from __future__ import annotations

from typing import Final

from ...core.options import OptionSpec

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

OPTIONS = (
    OptionSpec(
        "familiae",
        str,
        "dealt",
        "'dealt' (four different armaturae at random), 'chosen' (each lanista picks his four in "
        "the game), or the familiae themselves: seats split by '/', gladiators by ',', each an "
        "armatura with '+'-joined extras: mp, att, def (upgrades), a talent, wounded; e.g. "
        "'thraex+att+fast,murmillo,veles,secutor/retiarius,scissor,hoplomachus,provocator+wounded'",
        suggested=("dealt", "chosen"),
    ),
    OptionSpec(
        "vox",
        str,
        "",
        "starting Vox Populi by seat, e.g. '2,0' (a ludus' Manicarius); empty: the track's start",
    ),
    OptionSpec(
        "prima",
        str,
        "",
        "Prima Jugula cards shuffled into each deck from the start (a ludus' Sacerdos): seats "
        "split by '/', cards by '+', e.g. 'audacia+paro/'",
    ),
    OptionSpec(
        "simple",
        bool,
        False,
        "'Well, we will keep it simple' (two lanistae): 2 points per gladiator biting the dust, "
        "1 per wounded one, 4 points win",
    ),
    OptionSpec(
        "turn_limit",
        int,
        0,
        "a cap for simulations: after this many turns the judges stop the fight and the familia "
        "that lost least wins; 0 (the default) plays the rulebook's game, which ends only by "
        "its victory conditions",
        minimum=0,
        simulation_value=400,
        maximum=100000,
    ),
    OptionSpec(
        "data",
        str,
        "",
        "folder of your own armaturae.toml, cards.toml, talents.toml and rules.toml (empty: the "
        "bundled data)",
        local=True,
    ),
)
