"""The how-to pages' pictures (web/howto_figures.py): every figure is still reached by legal
actions, drawn by its game's renderer from one seat's view, named and captioned, and shows
nothing that seat may not know; each how-to page places its figures."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from colosseum.games.jugula.data import load_catalog as jugula_catalog
from colosseum.web.boards import render_board
from colosseum.web.howto_figures import (
    FIGURE_LIST,
    FIGURES,
    MISSING,
    Figure,
    FigureError,
    Until,
    draw,
    figure_html,
    position,
    seat_of,
    still,
    with_figures,
)

NAMES = [f.name for f in FIGURE_LIST]


@pytest.mark.parametrize("name", NAMES)
def test_every_figure_is_reached_and_drawn(name: str) -> None:
    """Its actions are legal (FigureError names the step otherwise), and the picture is an
    image with an accessible name and a caption, with no button nor focusable part."""
    figure = FIGURES[name]
    try:
        svg = draw(figure)
    except FigureError as error:
        pytest.fail(f"{error} — update the figure's steps in web/howto_figures.py")
    opening = re.match(r"<svg\b[^>]*>", svg)
    assert opening, svg[:200]
    assert 'role="img"' in opening.group(0)
    assert f'aria-label="{figure.label}"' in opening.group(0)
    for attribute in ("tabindex=", "data-action=", "data-select=", 'role="button"'):
        assert attribute not in svg, f"{name}: {attribute} left in the picture"
    assert figure.label and figure.caption
    html = figure_html(name)
    assert html.startswith('<figure class="board-figure') and "<figcaption>" in html


@pytest.mark.parametrize("name", NAMES)
def test_a_figure_shows_only_what_its_seat_may_know(name: str) -> None:
    """Drawn from `view(seat)`: a state whose hidden parts are drawn again for that seat gives
    the same picture, and the cards in other seats' hands that the seat cannot know are not
    named in it."""
    figure = FIGURES[name]
    state = position(figure)
    seat = seat_of(figure, state)
    svg = draw(figure)
    legal = [str(a) for a in state.legal_actions()] if figure.choices else []
    for n in range(2):
        other = state.determinize(seat, random.Random(n))
        redrawn = render_board(figure.game, other.view(seat), legal if figure.choices else [])
        assert still(redrawn, figure.label) == svg, f"{name}: hidden parts change the picture"
    if figure.game == "jugula":
        cards = jugula_catalog().cards
        view = json.dumps(state.view(seat))
        hands = state.to_position()["hand"]
        hidden = {
            cards[i]
            for other, hand in enumerate(hands)
            if other != seat
            for i in hand
            if cards[i].code not in view and cards[i].name not in view
        }
        for card in hidden:
            assert card.name not in svg, f"{name}: a rival's card {card.name} is shown"


def test_the_jugula_check_has_something_to_check() -> None:
    """At least one Jugula figure has a rival's card the drawn seat cannot know."""
    figure = FIGURES["jugula-deployed"]
    state = position(figure)
    seat = seat_of(figure, state)
    view = json.dumps(state.view(seat))
    cards = jugula_catalog().cards
    rival = state.to_position()["hand"][1 - seat]
    assert any(cards[i].code not in view for i in rival)


def test_an_illegal_step_is_named() -> None:
    figure = Figure(
        name="broken",
        game="jugula",
        seed=1,
        steps=("play nothing",),
        seat=0,
        label="x",
        caption="x",
    )
    with pytest.raises(FigureError, match=r"'broken'.*step 1.*'play nothing' is not legal"):
        position(figure)
    stuck = Figure(
        name="stuck",
        game="ludus-gladiatorius",
        seed=1,
        steps=(Until("nothing"),),
        seat=0,
        label="x",
        caption="x",
    )
    with pytest.raises(FigureError, match="'nothing' not legal after"):
        position(stuck)


def test_a_figure_that_cannot_be_drawn_leaves_a_note(caplog: pytest.LogCaptureFixture) -> None:
    """The page is still served, with a note in the figure's place, and the log says why."""
    page = with_figures("<p>[[figure ludus-start]]</p>", "jugula")
    assert page == MISSING
    assert "no figure 'ludus-start'" in caplog.text


@pytest.mark.parametrize("game", ["ludus-gladiatorius", "ludi-gladiatorii", "jugula"])
def test_each_howto_page_shows_its_figures(client: TestClient, game: str) -> None:
    """Every figure of the game is on its page once, with its caption; no marker is left."""
    text = client.get(f"/howto/{game}").text
    assert "[[figure" not in text and "figure-missing" not in text
    mine = [f for f in FIGURE_LIST if f.game == game]
    assert len(mine) >= 3
    for figure in mine:
        assert text.count(f'aria-label="{figure.label}"') == 1, figure.name
    assert text.count("<figcaption>") == len(mine)
    assert '<link rel="stylesheet" href="/static/howto.css">' in text
