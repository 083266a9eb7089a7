"""Fatum and post-arena steps 3-5 (careers/aftermath.py), each checked against the rulebook's
tables with table dice, and applied through a campaign so the events are what a sheet replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from colosseum.careers.aftermath import experience, fatum, maintenance, wounds_treatment
from colosseum.careers.arena import ArenaResult
from colosseum.careers.campaign import Campaign
from colosseum.careers.data import load_tables
from colosseum.careers.dice import TableDice
from colosseum.careers.sheet import CareerError, Sheet

from .conftest import fred_campaign, play

MILLER = [["Ajax", "secutor"], ["Brutus", "scissor"], ["Celer", "veles"], ["Decius", "hoplomachus"]]


@pytest.fixture
def campaign(tmp_path: Path) -> Campaign:
    campaign = fred_campaign(tmp_path)
    campaign.record(
        "ludus_created", {"lanista": "Miller", "gladiators": MILLER, "servitor": "editor"}
    )
    return campaign


def result(**kwargs: object) -> ArenaResult:
    base: dict[str, object] = {
        "winners": ("Fred",),
        "deployed": {
            "Fred": ("Blimyx", "Asinus", "Minimea", "Crassus"),
            "Miller": ("Ajax", "Brutus", "Celer", "Decius"),
        },
        "wounded": (),
        "bitten": (),
    }
    base.update(kwargs)
    return ArenaResult(**base)  # type: ignore[arg-type]


def test_fatum_kills_on_two_to_four_after_the_editors(campaign: Campaign) -> None:
    """ "Fatum": 2D6, +X for the fallen's own Editor, −X for the Editor of whoever felled him."""
    sheets = campaign.sheets
    fell = result(bitten=(("Fred", "Blimyx", "Miller"), ("Miller", "Ajax", "Fred")))
    # Blimyx rolls 3+2=5, minus Miller's Editor (1 star: 1) = 4: Jugula!
    # Ajax rolls 2+2=4, plus his own Editor 1 = 5: Mitte!
    events, spared = fatum(sheets, fell, TableDice([3, 2, 2, 2]))
    play(campaign, events)
    assert "Blimyx" not in {g.name for g in campaign.sheets["Fred"].gladiators}
    assert spared == [("Miller", "Ajax")]
    assert [e.kind for e in campaign.recent[-3:]] == ["roll", "gladiator_removed", "roll"]


def test_a_self_inflicted_fall_ignores_the_rival_editor(campaign: Campaign) -> None:
    _, spared = fatum(
        campaign.sheets, result(bitten=(("Fred", "Crassus", None),)), TableDice([3, 2])
    )
    assert spared == [("Fred", "Crassus")]  # 5, no Editor against him


def test_fatum_a_fall_by_his_own_hand_takes_neither_editor_row(campaign: Campaign) -> None:
    """ "Fatum", the footnote of both Editor rows: the modifier does not apply when the
    gladiator bit the dust by himself (Ardor Oris) — his own lanista's Editor included."""
    assert campaign.sheets["Miller"].servitors.get("editor", 0) > 0
    # Ajax rolls 2+2=4 and falls by his own hand: no +1 from Miller's Editor, so Jugula!
    _, spared = fatum(
        campaign.sheets, result(bitten=(("Miller", "Ajax", None),)), TableDice([2, 2])
    )
    assert spared == []
    # the same roll after a blow by Fred: Miller's Editor lifts it to 5, Mitte!
    _, spared = fatum(
        campaign.sheets, result(bitten=(("Miller", "Ajax", "Fred"),)), TableDice([2, 2])
    )
    assert spared == [("Miller", "Ajax")]


def test_fatum_a_blow_by_the_virtual_ludus_keeps_the_owners_editor(campaign: Campaign) -> None:
    """A blow by a ludus with no sheet (the two-player careers' virtual ludus, which has no
    servitors) is still a blow by another: the fallen's own Editor applies, none against him."""
    _, spared = fatum(
        campaign.sheets, result(bitten=(("Miller", "Ajax", "Virtualis"),)), TableDice([2, 2])
    )
    assert spared == [("Miller", "Ajax")]


def test_wounds_treatment_reads_the_table_with_the_medicus(campaign: Campaign) -> None:
    """ "Wounds treatment": a wounded gladiator rolling 2+1 (+1 Medicus = 4) stays wounded; a
    fallen one rolling 1+1 (+1 = 3) dies; 6 (+1 = 7) for a fallen one: wounded."""
    events = wounds_treatment(
        campaign.sheets["Fred"], ["Asinus"], ["Minimea", "Crassus"], TableDice([2, 1, 1, 1, 3, 3])
    )
    play(campaign, events)
    fred = campaign.sheets["Fred"]
    assert fred.gladiator("Asinus").wounded and not fred.gladiator("Asinus").convalescent
    assert "Minimea" not in {g.name for g in fred.gladiators}
    assert fred.gladiator("Crassus").wounded


def test_a_vigorous_gladiator_is_ready_without_rolling(campaign: Campaign) -> None:
    campaign.record("upgrade", {"lanista": "Fred", "name": "Blimyx", "upgrade": "vigorous"})
    events = wounds_treatment(campaign.sheets["Fred"], ["Blimyx"], [], TableDice([]))
    assert [kind for kind, _ in events] == ["condition"]
    assert events[0][1]["wounded"] is False


def test_maintenance_pays_each_rank_and_lets_the_unpaid_go(campaign: Campaign) -> None:
    """ "Gladiator maintenance": a Tiro costs 10; a Cute one earns it; with 50 aurei and the
    Procurator missing, four Tiro cost 40."""
    tables = load_tables()
    tiro = tables.ranks[0].maintenance[2]
    play(campaign, maintenance(campaign.sheets["Fred"], [], TableDice([])))
    assert campaign.sheets["Fred"].aurei == 50 - 4 * tiro
    campaign.record("upgrade", {"lanista": "Fred", "name": "Asinus", "upgrade": "cute"})
    campaign.record("earned", {"lanista": "Fred", "aurei": 5, "why": "a bet"})  # 15 aurei
    play(campaign, maintenance(campaign.sheets["Fred"], [], TableDice([])))
    fred = campaign.sheets["Fred"]
    # 15 aurei: Blimyx paid (5 left), Asinus earns 10 (15), Minimea paid (5), Crassus unpaid
    assert [g.name for g in fred.gladiators] == ["Blimyx", "Asinus", "Minimea"]
    assert fred.aurei == 5


def test_the_procurator_exempts_gladiators_chosen_before_rolling(campaign: Campaign) -> None:
    with pytest.raises(CareerError, match="at most 0"):
        maintenance(campaign.sheets["Fred"], ["Blimyx"], TableDice([]))
    campaign.record("servitor", {"lanista": "Fred", "code": "procurator", "stars": 1})
    play(campaign, maintenance(campaign.sheets["Fred"], ["Blimyx", "Asinus"], TableDice([])))
    assert campaign.sheets["Fred"].aurei == 50 - 2 * load_tables().ranks[0].maintenance[2]


def test_experience_counts_each_bonus(campaign: Campaign) -> None:
    """+1 each, +1 deployed, +1 fallen, +1 trained by the Doctor; Smart +1 when deployed."""
    campaign.record("servitor", {"lanista": "Fred", "code": "doctor", "stars": 1})
    campaign.record("upgrade", {"lanista": "Fred", "name": "Crassus", "upgrade": "smart"})
    deployed = result(
        deployed={"Fred": ("Blimyx", "Asinus", "Crassus"), "Miller": ()},
        bitten=(("Fred", "Asinus", "Miller"),),
    )
    events = experience(campaign.sheets["Fred"], deployed, [campaign.sheets["Miller"]], ["Blimyx"])
    points = {e[1]["name"]: e[1]["points"] for e in events}
    assert points == {"Blimyx": 3, "Asinus": 3, "Minimea": 1, "Crassus": 3}
    with pytest.raises(CareerError, match="at most 1"):
        experience(campaign.sheets["Fred"], deployed, [], ["Blimyx", "Asinus"])


def test_experience_against_a_far_more_popular_ludus(campaign: Campaign, tmp_path: Path) -> None:
    tables = load_tables()
    for name in ("Ajax", "Brutus"):
        campaign.record(
            "experience", {"lanista": "Miller", "name": name, "points": tables.ranks[2].experience}
        )
    miller: Sheet = campaign.sheets["Miller"]
    assert (
        miller.popularity() - campaign.sheets["Fred"].popularity()
        >= tables.experience.underdog_margin
    )
    events = experience(campaign.sheets["Fred"], result(), [miller], [])
    assert all(e[1]["points"] == 3 for e in events)  # each, deployed, underdog


def test_liberatio_frees_a_primus_palus_in_the_coliseum(campaign: Campaign) -> None:
    """ "Liberatio!": only in the Coliseum, for a deployed Primus Palus still standing: 2D6
    (+2 wounded) of 10 or more: off the sheet, 3 Glory, three servitor stars."""
    from colosseum.careers.aftermath import liberatio

    tables = load_tables()
    primus = tables.ranks[3].experience
    campaign.record("experience", {"lanista": "Fred", "name": "Blimyx", "points": primus})
    campaign.record("experience", {"lanista": "Fred", "name": "Asinus", "points": primus})
    fought = result(wounded=(("Fred", "Asinus"),))
    assert (
        liberatio(campaign.sheets["Fred"], fought, "italian", ["medicus"] * 3, TableDice([])) == []
    )
    events = liberatio(
        campaign.sheets["Fred"],
        fought,
        "coliseum",
        ["medicus", "medicus", "doctor"],
        TableDice([5, 4, 4, 4]),  # Blimyx 9: stays; Asinus 8 + 2 wounded = 10: freed
    )
    play(campaign, events)
    fred = campaign.sheets["Fred"]
    assert "Asinus" not in {g.name for g in fred.gladiators}
    assert "Blimyx" in {g.name for g in fred.gladiators}
    assert fred.glory == tables.liberatio.glory == 3
    assert fred.servitors == {"medicus": 3, "doctor": 1}
