"""Issue 47, point 8 in a real terminal: `colosseum career fight` with a human lanista, run in
tmux at 80×24, asks the hiring line by line, then plays the combat in the full-screen
interface (not the line mode's board and numbered list); leaving it keeps the steps done and
says how to resume."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from colosseum.careers.campaign import Campaign
from colosseum.store import Store

from . import tmux
from .test_career import FRED, MILLER
from .tmux import needs_tmux

pytestmark = needs_tmux


class Pane(tmux.Pane):
    """A pane that can also wait for a question of the line mode and answer its default."""

    def answer(self, question: str) -> None:
        """Wait for `question` asked at the bottom of the screen (perhaps wrapped), then Enter
        (the default answer)."""

        def asked(screen: str) -> bool:
            bottom = "".join(screen.rstrip().splitlines()[-3:])
            return question in bottom and bottom.endswith(":")

        self.wait(asked, repr(question))
        self.keys("Enter")


def gallia(url: str) -> None:
    campaign = Campaign.create(Store(url), "Gallia")
    for lanista, gladiators, servitor in (("Fred", FRED, "medicus"), ("Miller", MILLER, "lupa")):
        pairs = [piece.split(":") for piece in gladiators.split(",")]
        campaign.record(
            "ludus_created", {"lanista": lanista, "gladiators": pairs, "servitor": servitor}
        )


def test_point_8_career_fight_plays_a_human_full_screen_in_a_terminal(
    pane_factory: Callable[..., Pane], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'careers.db'}"
    gallia(url)
    fight = ["career", "fight", "Gallia", "Fred", "Miller", "-p", "human,heuristic", "-s", "5"]
    pane = pane_factory([sys.executable, "-m", "colosseum", *fight, "--database", url], Pane)
    pane.wait(lambda s: "Servitors for hire: unctor (Unctor)" in s, "the servitors for hire")
    pane.answer("servitors to hire")
    pane.wait(lambda s: "Armaturae for hire" in s, "the armaturae for hire")
    pane.answer("gladiators to hire")
    pane.answer("the 4 to send into the arena")
    screen = pane.wait(lambda s: "seat 0 to decide" in s, "the full-screen combat")
    assert "Choose" in screen and "Jugula" in screen, screen
    assert "seat 0 ›" not in pane.history()  # the line mode's prompt never showed
    pane.keys("C-q")
    pane.wait(lambda s: "EXITED" in s, "the end of the command")
    history = pane.history()
    assert "colosseum career resume" in history, history
    (combat,) = Campaign.open(Store(url), "Gallia").combats.values()
    assert combat.lanistae == ["Fred", "Miller"]
