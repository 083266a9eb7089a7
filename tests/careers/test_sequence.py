"""Whole combats and campaigns (careers/sequence.py, careers/simulate.py): invariants of the
sheets after every stored event of long simulated campaigns."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.campaign import APPLY, Campaign
from colosseum.careers.sheet import Sheet
from colosseum.careers.simulate import simulate_campaign
from colosseum.store import Store


@pytest.mark.parametrize(("ludi", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_simulated_campaigns_keep_every_rule_of_the_sheet(
    tmp_path: Path, ludi: int, seed: int
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    done = simulate_campaign(store, ludi, 20, seed)
    assert done.replay_matches
    key = Campaign.open(store, done.campaign).key
    sheets: dict[str, Sheet] = {}
    experience: dict[tuple[str, str], int] = {}
    combats = 0
    for event in store.campaigns.load(key):
        APPLY[event.kind](sheets, event.payload)
        combats += event.kind == "combat"
        if event.kind == "gladiator_removed":  # a newcomer may later take the same name
            experience.pop((event.payload["lanista"], event.payload["name"]), None)
        for sheet in sheets.values():
            assert sheet.aurei >= 0
            armaturae = [g.armatura for g in sheet.gladiators]
            assert len(set(armaturae)) == len(armaturae) <= 6
            talents = [t for g in sheet.gladiators for t in g.talents]
            assert len(set(talents)) == len(talents)
            assert len(set(sheet.criteria)) == len(sheet.criteria)
            assert 0 <= sheet.popularity() <= 10
            for g in sheet.gladiators:
                assert all(0 <= n <= 2 for n in g.upgrades.values()) and len(g.talents) <= 2
                seen = experience.get((sheet.lanista, g.name), 0)
                assert g.experience >= seen  # experience (and so rank) only rises
                experience[(sheet.lanista, g.name)] = g.experience
    assert combats == done.fights
    if done.winners:
        assert all(sheets[w].glory >= 10 for w in done.winners)
