"""Issue 47, point 8 in a real terminal: `colosseum career fight` with a human lanista, run in
tmux at 80×24, asks the hiring line by line, then plays the combat in the full-screen
interface (not the line mode's board and numbered list); leaving it keeps the steps done and
says how to resume."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import colosseum
from colosseum.careers.campaign import Campaign
from colosseum.store import Store

from .test_career import FRED, MILLER

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux not found: install Debian's tmux (apt-get install -y tmux)"
)
SRC = Path(colosseum.__file__).resolve().parent.parent
WAIT = 30.0  # seconds for the terminal to show what is expected


class Pane:
    """A tmux server of our own running one command in an 80×24 terminal."""

    def __init__(self, command: list[str]) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-L", f"career-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        shell = " ".join("'" + part.replace("'", "'\\''") + "'" for part in command)
        size = ["-x", "80", "-y", "24"]
        env = ["-e", "TERM=xterm-256color", "-e", f"PYTHONPATH={SRC}"]
        run = ["sh", "-c", f"{shell}; echo EXITED; sleep 60"]
        subprocess.run([*self.base, "new", "-d", "-s", "t", *size, *env, *run], check=True)

    def screen(self) -> str:
        return self._capture("-p", "-t", "t")

    def history(self) -> str:
        return self._capture("-p", "-S", "-", "-t", "t")

    def _capture(self, *args: str) -> str:
        done = subprocess.run([*self.base, "capture-pane", *args], capture_output=True, text=True)
        return done.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "t", *keys], check=True)

    def wait(self, test: Callable[[str], bool], what: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            screen = self.screen()
            if test(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"the terminal never showed {what}:\n{self.history()}")

    def answer(self, question: str) -> None:
        """Wait for `question` asked at the bottom of the screen (perhaps wrapped), then Enter
        (the default answer)."""

        def asked(screen: str) -> bool:
            bottom = "".join(screen.rstrip().splitlines()[-3:])
            return question in bottom and bottom.endswith(":")

        self.wait(asked, repr(question))
        self.keys("Enter")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


@pytest.fixture
def pane_factory() -> Iterator[Callable[[list[str]], Pane]]:
    panes: list[Pane] = []

    def start(command: list[str]) -> Pane:
        panes.append(Pane(command))
        return panes[-1]

    yield start
    for pane in panes:
        pane.close()


def gallia(url: str) -> None:
    campaign = Campaign.create(Store(url), "Gallia")
    for lanista, gladiators, servitor in (("Fred", FRED, "medicus"), ("Miller", MILLER, "lupa")):
        pairs = [piece.split(":") for piece in gladiators.split(",")]
        campaign.record(
            "ludus_created", {"lanista": lanista, "gladiators": pairs, "servitor": servitor}
        )


def test_point_8_career_fight_plays_a_human_full_screen_in_a_terminal(
    pane_factory: Callable[[list[str]], Pane], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'careers.db'}"
    gallia(url)
    fight = ["career", "fight", "Gallia", "Fred", "Miller", "-p", "human,heuristic", "-s", "5"]
    pane = pane_factory([sys.executable, "-m", "colosseum", *fight, "--database", url])
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
