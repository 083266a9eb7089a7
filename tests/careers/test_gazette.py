"""The gazette (careers/gazette.py): a simulated campaign's history told as news."""

from __future__ import annotations

from pathlib import Path

from colosseum.careers.campaign import Campaign
from colosseum.careers.gazette import gazette, where
from colosseum.careers.simulate import simulate_campaign
from colosseum.store import Store


def test_every_combat_and_ludus_makes_the_news(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    done = simulate_campaign(store, 2, 5, seed=4)
    lines = [line for _, line in gazette(Campaign.open(store, done.campaign))]
    assert sum("opens a ludus" in line for line in lines) == 2
    told = [line for line in lines if line.startswith("In ")]
    assert len(told) == done.fights
    assert all(" beat " in line or " share the victory " in line for line in told)
    assert not any(".." in line or "!." in line or "beat  " in line for line in lines)


def test_a_shared_victory_and_a_jugula_read_as_sentences() -> None:
    from colosseum.careers.gazette import TELL

    shared = {
        "arena": "coliseum",
        "lanistae": ["Fred", "Miller"],
        "winners": ["Fred", "Miller"],
        "reward": 300,
        "bitten": [],
    }
    assert TELL["combat"](shared) == (
        "In the Coliseum, Fred and Miller share the victory for a purse of 300 aurei."
    )
    killed = {"name": "Ajax", "lanista": "Miller", "why": "jugula"}
    assert TELL["gladiator_removed"](killed).endswith("in the arena: Jugula!")


def test_arenas_read_as_places() -> None:
    assert where("coliseum") == "the Coliseum"
    assert where("illegal") == "an illegal arena"
    assert where("provincial") == "a provincial arena"
