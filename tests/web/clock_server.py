"""A test-only server whose tables' clock a test moves forward: the real time plus a number of
seconds read from a file the test writes (none, or an empty file: no offset). Run as
`python -m tests.web.clock_server --port P --database URL --offset FILE`; the browser tests
start it through `LiveServer(..., command=clock_command(FILE))`. The sweep of the clocks is
put off to once an hour, so that only the test's reads and actions end a table."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta
from pathlib import Path


class FileClock:
    """The real time plus the seconds written in `path` (read on every call)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def offset(self) -> float:
        try:
            text = self.path.read_text().strip()
        except FileNotFoundError:
            return 0.0
        return float(text) if text else 0.0

    def __call__(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--offset", type=Path, required=True)
    arguments = parser.parse_args()

    import uvicorn

    from colosseum.web import upkeep
    from colosseum.web.api import MAX_MESSAGE
    from colosseum.web.app import create_app
    from colosseum.web.settings import ServerSettings
    from colosseum.web.wsprotocol import WebSocketProtocol

    upkeep.CLOCKS = 3600.0  # the test decides when a clock's end is noticed
    settings = ServerSettings.from_environment()
    app = create_app(arguments.database, 0, settings, now=FileClock(arguments.offset))
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=arguments.port,
        ws_max_size=MAX_MESSAGE,
        log_level="warning",
        ws=WebSocketProtocol,
    )
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main()
