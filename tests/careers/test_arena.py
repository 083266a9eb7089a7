"""The combat of a career (careers/arena.py): ludi into the jugula engine and back."""

from __future__ import annotations

import pytest

from colosseum import new_game
from colosseum.careers.arena import (
    choose_familia,
    engine_options,
    fight,
    prima_deck,
    sacerdos_cards,
)
from colosseum.careers.data import load_tables
from colosseum.careers.sheet import CareerError, Gladiator, Sheet, new_sheet
from colosseum.games.jugula.data import load_catalog


def fred() -> Sheet:
    sheet = new_sheet(
        "Fred",
        [
            ("Blimyx", "thraex"),
            ("Asinus", "retiarius"),
            ("Minimea", "veles"),
            ("Crassus", "murmillo"),
        ],
        "manicarius",
    )
    sheet.add_upgrade("Blimyx", "att")
    sheet.add_upgrade("Blimyx", "fast")
    sheet.add_upgrade("Crassus", "brute")
    sheet.set_condition("Minimea", wounded=True, convalescent=False)
    return sheet


def miller() -> Sheet:
    sheet = new_sheet(
        "Miller",
        [("Ajax", "secutor"), ("Brutus", "scissor"), ("Celer", "veles"), ("Decius", "hoplomachus")],
        "sacerdos",
    )
    sheet.set_servitor("sacerdos", 2)
    return sheet


def test_the_ludi_enter_the_engine_with_upgrades_talents_wounds_and_servitors() -> None:
    tables, catalog = load_tables(), load_catalog()
    sheets = [fred(), miller()]
    options = engine_options(sheets, [choose_familia(s) for s in sheets], tables, catalog)
    assert "thraex+att+fast" in str(options["familiae"])
    assert "murmillo+brute" in str(options["familiae"])
    assert "veles+wounded" in str(options["familiae"]).split("/")[0]
    manicarius = tables.servitor("manicarius").value("vox", 1)
    assert options["vox"] == f"{manicarius},0"
    stars = tables.servitor("sacerdos").value("prima", 2)
    prima = str(options["prima"]).split("/")[1].split("+")
    assert sum(catalog.cards[catalog.card_by_code[c]].cost for c in prima) <= stars
    state = new_game("jugula", players=2, seed=1, options=options)  # the engine accepts them
    assert state.view(0)["lanistae"][0]["vox"] == manicarius


def test_sacerdos_cards_fit_his_stars() -> None:
    catalog = load_catalog()
    for stars in (0, 1, 3, 7):
        cards = sacerdos_cards(stars, catalog)
        assert sum(catalog.cards[catalog.card_by_code[c]].cost for c in cards) <= stars


def test_the_lanista_picks_his_sacerdos_cards_within_his_stars() -> None:
    """ "Sacerdos": Prima Jugula cards of at most 3 stars in all for a two-star Sacerdos, each
    card once; the chosen ones are the deck's."""
    sheets = [fred(), miller()]
    familiae = [choose_familia(s) for s in sheets]
    options = engine_options(sheets, familiae, prima=[None, ["audacia", "animus"]])
    assert str(options["prima"]).split("/") == ["", "audacia+animus"]
    new_game("jugula", players=2, seed=1, options=options)
    for codes, message in (
        (["dementia", "audacia"], "3 stars in all, not 4"),
        (["paro", "paro"], "once"),
        (["virtus"], "not Prima Jugula cards: virtus"),
    ):
        with pytest.raises(CareerError, match=message):
            prima_deck(miller(), codes)
    with pytest.raises(CareerError, match="0 stars in all, not 1"):
        prima_deck(fred(), ["paro"])  # no Sacerdos: no Prima card


def test_a_convalescent_gladiator_sits_out_and_four_must_be_ready() -> None:
    sheet = fred()
    sheet.set_condition("Asinus", wounded=False, convalescent=True)
    with pytest.raises(CareerError, match="convalescent"):
        choose_familia(sheet, ["Blimyx", "Asinus", "Minimea", "Crassus"])
    with pytest.raises(CareerError, match="must send 4"):
        choose_familia(sheet)
    sheet.add_gladiator(Gladiator("Quintus", "secutor"))
    assert {g.name for g in choose_familia(sheet)} == {"Blimyx", "Minimea", "Crassus", "Quintus"}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_fight_in_the_engine_reports_winners_wounds_and_falls(seed: int) -> None:
    sheets = [fred(), miller()]
    result = fight(sheets, ["heuristic", "heuristic"], seed=seed)
    assert set(result.winners) <= {"Fred", "Miller"} and result.winners
    assert {k: len(v) for k, v in result.deployed.items()} == {"Fred": 4, "Miller": 4}
    names = {s.lanista: {g.name for g in s.gladiators} for s in sheets}
    for lanista, name in result.wounded:
        assert name in names[lanista]
    for lanista, name, by in result.bitten:
        assert name in names[lanista]
        assert by in (None, "Fred", "Miller") and by != lanista
    fallen = {(lanista, name) for lanista, name, _ in result.bitten}
    assert not fallen & set(result.wounded)


def test_a_hired_gladiator_fights_with_the_chosen_upgrades_and_is_paid_now() -> None:
    """ "Hiring gladiators and servitors": a Palus with one upgrade of the lanista's choice, of
    an armatura the ludus lacks, not one of the six; he fights this combat only."""
    from colosseum.careers.arena import hire_gladiator

    tables = load_tables()
    sheet = fred()
    sheet.earn(500)
    for extra in (("Quintus", "secutor"), ("Sextus", "scissor")):
        sheet.add_gladiator(Gladiator(*extra))  # a full ludus of six may still hire
    hired, payment = hire_gladiator(sheet, "Mercenarius", "provocator", "palus", ["def"])
    assert payment == (
        "paid",
        {"lanista": "Fred", "aurei": tables.rank("palus").hire, "why": "hiring Mercenarius"},
    )
    assert hired.upgrades["def"] == 1 and len(sheet.gladiators) == 6
    with pytest.raises(CareerError, match="already has a thraex"):
        hire_gladiator(sheet, "Twin", "thraex", "tiro", [])
    with pytest.raises(CareerError, match="has 1 upgrades"):
        hire_gladiator(sheet, "Lazy", "crupellarius", "palus", [])
    result = fight([sheet, miller()], ["heuristic", "heuristic"], seed=5, hired=[[hired], []])
    assert "Mercenarius" in result.deployed["Fred"]
