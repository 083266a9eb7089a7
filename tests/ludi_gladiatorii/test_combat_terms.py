"""Combat 5 explained: each combat's result carries the terms of both scores (the gladiator's
combat, the building or ability bonus, the applied cards), which add up to the scores, and
the log says them ("1 (Tiro 11) + 2 (Impetus +2) = 3")."""

from __future__ import annotations

import random

import pytest

import colosseum
from colosseum.core.renderers import as_text, renderer_for

from .helpers import ALL_OPTIONS, GAME


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, ALL_OPTIONS), (5, ALL_OPTIONS)])
def test_the_terms_of_every_combat_add_up_to_its_scores(
    players: int, options: dict[str, str]
) -> None:
    renderer = renderer_for(GAME)
    seen = kinds = 0
    found: set[str] = set()
    for seed in range(6):
        state = colosseum.new_game(
            GAME, players=players, seed=seed, options={**options, "round_limit": "40"}
        )
        rng = random.Random(seed)
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_actions())):
                if event.kind != "combat_result":
                    continue
                seen += 1
                terms, scores = event.data["terms"], event.data["scores"]
                for side, score in zip(("attacker", "defender"), scores, strict=True):
                    assert sum(term[0] for term in terms[side]) == score
                    assert terms[side][0][1] == "gladiator"
                    found |= {term[1] for term in terms[side]}
                words = as_text(renderer.event(event.to_json(), state.view(None))).plain
                assert f"= {scores[0]} against defender" in words
                assert words.count("(") >= 3  # each gladiator named, and the tie rule
                kinds += 1
    assert seen and kinds == seen
    assert "card" in found
