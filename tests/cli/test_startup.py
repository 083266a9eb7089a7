"""What `colosseum --help` and `import colosseum` load: neither a database nor a validation
library nor a game nor the full-screen interface until a command needs one
(docs/performance.md has the times)."""

from __future__ import annotations

import json
import subprocess
import sys

from .conftest import Invoke

LOADED = """
import json, sys
{setup}
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(setup: str) -> set[str]:
    code = LOADED.format(setup=setup)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_import_colosseum_loads_no_game_and_no_pydantic() -> None:
    loaded = modules_after("import colosseum")
    assert "pydantic" not in loaded
    assert not any(name.startswith("colosseum.games.") for name in loaded)


def test_the_help_loads_neither_the_store_nor_the_server() -> None:
    setup = (
        "from typer.main import get_command\n"
        "from colosseum.cli.app import app\n"
        "try:\n"
        "    get_command(app).main(['--help'], prog_name='colosseum')\n"
        "except SystemExit:\n"
        "    pass\n"
    )
    loaded = modules_after(setup)
    for heavy in ("sqlalchemy", "alembic", "fastapi", "uvicorn", "colosseum.careers.campaign"):
        assert heavy not in loaded
    assert not any(name.startswith("colosseum.games.") for name in loaded)  # nor a game
    assert "textual" not in loaded


def test_the_career_commands_still_answer(invoke: Invoke) -> None:
    helped = invoke(["career", "--help"])
    assert helped.exit_code == 0
    assert "Usage: colosseum career" in helped.stdout
    assert "new" in helped.stdout and "fight" in helped.stdout
    assert "--install-completion" not in helped.stdout
    listed = invoke(["--help"])
    assert "career" in listed.stdout
