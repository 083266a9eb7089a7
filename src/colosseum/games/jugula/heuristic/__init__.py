"""A Jugula player of rules of thumb, reading only its seat's view and the legal actions.

It rebuilds the arena from `state.view(seat)` and scores everything in "hits": one wound is a
hit, a gladiator biting the dust two, and a familia's distance to defeat is the number of hits
it can still take. An attack is worth its expected hits, from the die distributions of the cards
each lanista may commit (the known cards left out). A gladiator's place is worth the attacks it
offers next turn minus the attacks it suffers first, plus a pull towards the enemy. A card is
played for the effect whose gain most exceeds the card's worth in hand.

Modules: `dice` (die distributions, outcomes, an attack's worth), `world` (the arena),
`placer` (a gladiator's place, its arena part kept for the search), `valuation` (what cards,
effects and attacks are worth), `gains` (each ability), `decisions` (a handler per decision)
and `agent` (the agent and its preferences for the search).
"""

from __future__ import annotations

from .agent import JugulaHeuristic
from .dice import dist_of
from .world import World

HEURISTIC = JugulaHeuristic  # the game's `heuristic` hook (core/registry.py)

__all__ = ["HEURISTIC", "JugulaHeuristic", "World", "dist_of"]
