"""Campaign modes (Appendix III, "Organizing Careers Mode Campaigns"): free, tournament and
two-player campaigns; a tournament's starting aurei, set rewards by arena, the arena total
fixed at 7 (plus the munerarii) and its number of rounds; every setting checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from colosseum.careers.campaign import APPLY, Campaign, campaign_settings, standing_rows
from colosseum.careers.data import load_tables
from colosseum.careers.dice import ProgramDice, TableDice
from colosseum.careers.prearena import determine_arena
from colosseum.careers.sheet import CareerError, Sheet, new_sheet
from colosseum.store import Store

FOUR = [
    ["Blimyx", "thraex"],
    ["Asinus", "retiarius"],
    ["Minimea", "veles"],
    ["Crassus", "murmillo"],
]
ARMATURAE = ["thraex", "retiarius", "veles", "murmillo"]


def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'c.db'}")


def ludus(lanista: str, stars: list[int], munerarius: int = 0) -> Sheet:
    tables = load_tables()
    sheet = new_sheet(lanista, [(f"{lanista}{i}", a) for i, a in enumerate(ARMATURAE)], "medicus")
    for i, rank in enumerate(stars):
        sheet.gain_experience(f"{lanista}{i}", tables.ranks[rank].experience)
    if munerarius:
        sheet.set_servitor("munerarius", munerarius)
    return sheet


def test_a_free_campaign_keeps_the_book_defaults(tmp_path: Path) -> None:
    campaign = Campaign.create(store(tmp_path), "Gallia")
    assert campaign.settings["mode"] == "free"
    assert campaign.settings["starting_aurei"] == load_tables().start.aurei == 50
    assert not campaign.settings["fixed_rewards"] and not campaign.settings["fixed_arena_roll"]
    assert campaign.settings["rounds"] is None


def test_a_tournament_starts_every_ludus_with_its_aurei_in_the_event(tmp_path: Path) -> None:
    campaign = Campaign.create(store(tmp_path), "Ludi", mode="tournament", starting_aurei=500)
    assert campaign.settings["rounds"] == load_tables().variants.tournament_rounds == 6
    stored = campaign.record(
        "ludus_created", {"lanista": "Fred", "gladiators": FOUR, "servitor": "medicus"}
    )
    assert stored.payload["aurei"] == 500
    assert campaign.sheets["Fred"].aurei == 500
    reopened = Campaign.open(campaign.store, campaign.name)
    assert reopened.settings == campaign.settings
    assert reopened.sheets["Fred"].aurei == 500
    with pytest.raises(CareerError, match="starts with 500 aurei, not 50"):
        campaign.record(
            "ludus_created",
            {"lanista": "Miller", "gladiators": FOUR, "servitor": "lupa", "aurei": 50},
        )


def test_a_ludus_created_without_aurei_in_an_old_history_starts_with_fifty() -> None:
    sheets: dict[str, Sheet] = {}
    APPLY["ludus_created"](sheets, {"lanista": "Fred", "gladiators": FOUR, "servitor": "medicus"})
    assert sheets["Fred"].aurei == 50


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"mode": "league"}, "unknown campaign mode 'league'"),
        ({"starting_aurei": 500}, "tournament options"),
        ({"mode": "two-player", "fixed_rewards": True}, "tournament options"),
        ({"rounds": 3}, "tournament options"),
        ({"mode": "tournament", "starting_aurei": -1}, "starting aurei are 0 to"),
        ({"mode": "tournament", "starting_aurei": True}, "starting aurei are 0 to"),
        ({"mode": "tournament", "rounds": 0}, "1 to 100 rounds"),
        ({"mode": "tournament", "rounds": 2.5}, "1 to 100 rounds"),
        ({"mode": "tournament", "fixed_rewards": "yes"}, "fixed_rewards is true or false"),
        ({"mode": "tournament", "fixed_arena_roll": 1}, "fixed_arena_roll is true or false"),
        ({"glory_target": 0}, "Glory target"),
        ({"dice": "cards"}, "dice are rolled"),
    ],
)
def test_every_setting_is_checked(tmp_path: Path, options: dict[str, Any], message: str) -> None:
    opened = store(tmp_path)
    with pytest.raises(CareerError, match=message):
        Campaign.create(opened, "Gallia", **options)
    with pytest.raises(CareerError, match=message):
        campaign_settings(**options)
    Campaign.create(opened, "Gallia")  # nothing was stored


def test_the_default_arena_draw_is_unchanged() -> None:
    a, b = ludus("A", [3, 3]), ludus("B", [3, 1])
    for settings in (None, {}, {"mode": "free", "fixed_rewards": False}):
        assert determine_arena([a, b], ProgramDice(7), settings=settings) == determine_arena(
            [a, b], ProgramDice(7)
        )


def test_a_fixed_arena_roll_is_seven_plus_the_munerarii_and_rolls_no_die() -> None:
    a, b = ludus("A", [3, 3], munerarius=1), ludus("B", [3, 1])  # Popularity 10
    draw = determine_arena([a, b], TableDice([1, 3]), settings={"fixed_arena_roll": True})
    assert draw.arena_rolls == ()
    assert draw.arena_total == 7 + 2
    assert draw.reward_rolls == (1, 3)
    assert draw.arena == load_tables().arena(9, 10)
    both = ludus("C", [], munerarius=3), ludus("D", [], munerarius=2)
    capped = determine_arena(list(both), TableDice([1, 1]), settings={"fixed_arena_roll": True})
    assert capped.arena_total == 12  # 7 + 6 + 4, the chart's last row


def test_fixed_rewards_are_set_by_arena_and_roll_no_die() -> None:
    tables = load_tables()
    assert [a.fixed_reward for a in tables.arenas][:2] == [150, 450]  # the book's examples
    a, b = ludus("A", []), ludus("B", [])
    draw = determine_arena([a, b], TableDice([1, 1]), settings={"fixed_rewards": True})
    assert draw.arena.code == "illegal" and draw.reward_rolls == () and draw.reward == 150
    fixed = {"fixed_rewards": True, "fixed_arena_roll": True}
    draw = determine_arena([a, b], TableDice([]), settings=fixed)
    assert draw.arena == tables.arena(7, 0) and draw.reward == draw.arena.fixed_reward


def test_a_two_player_career_has_two_ludi(tmp_path: Path) -> None:
    campaign = Campaign.create(store(tmp_path), "Duo", mode="two-player")
    campaign.record("ludus_created", {"lanista": "Fred", "gladiators": FOUR, "servitor": "lupa"})
    campaign.record("ludus_created", {"lanista": "Miller", "gladiators": FOUR, "servitor": "lupa"})
    with pytest.raises(CareerError, match="two-player career has two ludi"):
        campaign.record(
            "ludus_created", {"lanista": "Third", "gladiators": FOUR, "servitor": "lupa"}
        )
    assert len(Campaign.open(campaign.store, campaign.name).sheets) == 2


def test_the_tournament_winner_has_most_glory_then_most_aurei_after_debts(
    tmp_path: Path,
) -> None:
    campaign = Campaign.create(store(tmp_path), "Ludi", mode="tournament", starting_aurei=500)
    for name in ("Fred", "Miller", "Laure"):
        campaign.record("ludus_created", {"lanista": name, "gladiators": FOUR, "servitor": "lupa"})
    for name in ("Fred", "Miller"):
        campaign.record("glory", {"lanista": name, "amount": 3, "why": "freed"})
    campaign.record("earned", {"lanista": "Laure", "aurei": 5000, "why": "rich"})
    campaign.record("earned", {"lanista": "Miller", "aurei": 50, "why": "a bet"})
    campaign.record("usury_taken", {"lanista": "Fred", "kind": "loan", "amount": 100})
    rows = standing_rows(campaign)  # Fred 600 aurei but 500 after his loan; Miller 550
    assert [r["lanista"] for r in rows] == ["Miller", "Fred", "Laure"]
    assert rows[1]["aurei"] == 600 and rows[1]["aurei_after_debts"] == 500
