"""A real terminal for tests: a tmux server of our own (its own socket) running one command in
an 80×24 pane, with this checkout's sources on the path; what it shows now and in its
scroll-back, keys sent to it, and a wait for what is expected."""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

import colosseum

TMUX = shutil.which("tmux")
needs_tmux = pytest.mark.skipif(
    TMUX is None, reason="tmux not found: install Debian's tmux (apt-get install -y tmux)"
)
SRC = Path(colosseum.__file__).resolve().parent.parent
WAIT = 30.0  # seconds for the terminal to show what is expected


class Pane:
    """One command in an 80×24 pane; `EXITED` is printed when it ends."""

    def __init__(self, command: list[str]) -> None:
        assert TMUX is not None
        self.base = [TMUX, "-L", f"colosseum-{uuid.uuid4().hex[:8]}", "-f", "/dev/null"]
        shell = " ".join(_quoted(part) for part in command)
        size = ["-x", "80", "-y", "24"]
        env = ["-e", "TERM=xterm-256color", "-e", f"PYTHONPATH={SRC}"]
        run = ["sh", "-c", f"{shell}; echo EXITED; sleep 60"]
        subprocess.run([*self.base, "new", "-d", "-s", "t", *size, *env, *run], check=True)

    def screen(self) -> str:
        """What the pane shows now."""
        return self._capture("-p", "-t", "t")

    def history(self) -> str:
        """Everything the pane holds: the scroll-back and the screen."""
        return self._capture("-p", "-S", "-", "-t", "t")

    def _capture(self, *args: str) -> str:
        done = subprocess.run([*self.base, "capture-pane", *args], capture_output=True, text=True)
        return done.stdout

    def keys(self, *keys: str, literal: bool = False) -> None:
        flags = ["-l"] if literal else []
        subprocess.run([*self.base, "send-keys", "-t", "t", *flags, *keys], check=True)

    def wait(self, test: Callable[[str], bool], what: str) -> str:
        """The screen once `test` holds of it (AssertionError with the scroll-back if it never
        does within `WAIT` seconds)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            screen = self.screen()
            if test(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"the terminal never showed {what}:\n{self.history()}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
