"""The legend of each game (`render_legend`, F5 in the full-screen interface): every short
token and every mark the compact board and panel draw has an entry, so a new abbreviation
without one fails here (issue 47, the legend for the screen's abbreviations)."""

from __future__ import annotations

import importlib
import itertools
import re

import pytest

import colosseum
from colosseum.core.renderers import generic_legend, renderer_for
from colosseum.games.jugula.render_names import catalog as jugula_catalog
from colosseum.games.ludi_gladiatorii.render_cards import catalog as ludi_catalog
from colosseum.games.ludus_gladiatorius.data import load_catalog as ludus_catalog

from .render_positions import ROOMS, legal, plain, positions

GAMES = {
    "jugula": ({"turn_limit": 60}, 2),
    "ludi-gladiatorii": ({"historiae": True, "round_limit": 20}, 3),
    "ludus-gladiatorius": ({"round_limit": 8}, 2),
}
# An abbreviation: a capital and at most two more letters, alone or before a number ("Mv",
# "ATT", "SA2", "C2", "4c" is a number and a lowercase letter: checked through ABBREVIATED).
TOKEN = re.compile(r"(?<![\w'])([A-Z][A-Za-z]{0,2})(?=\d|\b)(?!['’])")
ABBREVIATED = re.compile(r"\b\d+(c|VP)\b")
# Marks: any character that is not a letter, a digit, a space or plain punctuation.
# (Letters of any alphabet are words, not marks.)
PLAIN = set("0123456789 .,:;()'+-/_\n–—·")
BOX = set("╭╮╰╯│─━┃┏┓┗┛\\|")  # panel borders, and the hexes' sides in the full Ludus map


def _name_words(game: str) -> set[str]:
    """Words of the catalog's names and texts (cards, armaturae, gladiators, the abilities'
    words...): names and sentences, not abbreviations."""
    names: list[str] = []
    if game == "jugula":
        cat = jugula_catalog()
        names += [c.name for c in cat.cards] + [a.name for a in cat.armaturae]
        names += [t.name for t in cat.talents.values()] + [c.text for c in cat.cards]
    elif game == "ludi-gladiatorii":
        cat = ludi_catalog()
        names += [g.name for g in cat.gladiators] + [b.name for b in cat.buildings]
        names += [c.name for c in cat.combat] + [e.name for e in cat.events]
        names += [e.text for e in cat.events] + [b.text for b in cat.buildings]
    else:
        names += [sheet.name for sheet in ludus_catalog("").sheets]
    return {word for name in names for word in re.findall(r"[A-Za-z]+", name)}


def _screens(game: str) -> list[tuple[str, str]]:
    """(what the board and panel print, the legend) over positions of two seeded games."""
    options, players = GAMES[game]
    renderer = renderer_for(game)
    found = []
    for seed in (1, 2):
        for state in itertools.islice(positions(game, seed, options, players, every=9), 40):
            seat = state.current_player
            view = state.view(seat)
            notations = legal(state)
            legend = plain(renderer.legend(view, state.options, 80), 80)
            for width, height in ROOMS:
                board = renderer.compact(view, state.options, notations, width, height)
                panel = renderer.panel(view, state.options, width, height)
                found.append((plain(board, width) + plain(panel, width), legend))
    return found


def _line_of(screen: str, token: str) -> str:
    """The first line of `screen` showing `token` (for the failure's message)."""
    return next((line for line in screen.splitlines() if token in line), "")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_legend_every_abbreviation_on_screen_has_an_entry(game: str) -> None:
    names = _name_words(game)
    missing: dict[str, str] = {}
    for screen, legend in _screens(game):
        tokens = set(TOKEN.findall(screen)) | set(ABBREVIATED.findall(screen))
        for token in tokens - names:
            if not re.search(rf"(?<![A-Za-z]){re.escape(token)}(?![a-z])", legend):
                missing.setdefault(token, _line_of(screen, token))
    assert not missing, missing


@pytest.mark.parametrize("game", sorted(GAMES))
def test_legend_every_mark_on_screen_has_an_entry(game: str) -> None:
    missing: dict[str, str] = {}
    for screen, legend in _screens(game):
        for mark in {c for c in screen if not c.isalpha()} - PLAIN - BOX:
            if mark not in legend:
                missing.setdefault(mark, _line_of(screen, mark))
    assert not missing, missing


@pytest.mark.parametrize("game", sorted(GAMES))
def test_legend_is_the_games_own_and_fits_80_columns(game: str) -> None:
    options, players = GAMES[game]
    state = colosseum.new_game(game, players=players, seed=3, options=options)
    renderer = renderer_for(game)
    assert renderer.legend is not generic_legend
    text = plain(renderer.legend(state.view(0), state.options, 80), 80)
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_legend_keys_mean_one_thing(game: str) -> None:
    """No abbreviation stands for two things (Jugula's "Di" was the Dimachaerius and a die)."""
    options, players = GAMES[game]
    state = colosseum.new_game(game, players=players, seed=3, options=options)
    module = importlib.import_module(renderer_for(game).legend.__module__)
    keys = [key for _, entries in module.legend_entries(state.view(0)) for key, _ in entries]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
