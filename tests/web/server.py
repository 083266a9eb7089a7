"""A real `colosseum serve` in a child process, for the browser, restart and cluster tests:
started on a free loopback port, waited for, killed with SIGKILL when a test says so."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

COLOSSEUM = [sys.executable, "-m", "colosseum"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """`colosseum serve --port P --database URL`, restartable on the same port."""

    def __init__(
        self,
        database: str,
        log: Path,
        port: int | None = None,
        limits: str = "off",
        command: list[str] | None = None,
    ) -> None:
        self.database = database
        # Another server taking --port and --database (tests/web/clock_server.py): None is
        # `colosseum serve --bot-workers 0`.
        self.command = command
        self.limits = limits  # COLOSSEUM_RATE_LIMITS: off, as a test plays faster than a person
        self.port = port or free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        where = ["--port", str(self.port), "--database", self.database]
        if self.command is None:
            command = [*COLOSSEUM, "serve", *where, "--bot-workers", "0"]
        else:
            command = [*self.command, *where]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "COLOSSEUM_RATE_LIMITS": self.limits},
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what is stored is what survived."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
