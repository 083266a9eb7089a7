"""Where the store is and which schema its code expects, known without SQLAlchemy: the
default database in the user's data folder, and the newest migration read from the migration
files themselves (a command that only reads checks a database against it, `quick.py`)."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

ENVIRONMENT = "COLOSSEUM_DATABASE_URL"
MIGRATIONS = Path(__file__).with_name("migrations")
# `revision = "0009"` and `down_revision = "0008"` (or None, or a tuple of a merge) in a revision
_REVISION_LINE = re.compile(r"^(revision|down_revision)\s*(?::[^=]*)?=\s*(.+?)\s*$", re.MULTILINE)


def data_folder() -> Path:
    """The user's Colosseum data folder (`$XDG_DATA_HOME/colosseum`, else
    `~/.local/share/colosseum`), made if missing."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "colosseum"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_url() -> str:
    """`COLOSSEUM_DATABASE_URL`, else `colosseum.db` in the user's data folder (or the
    `careers.db` that versions before the web tables made there, when it alone exists)."""
    url = os.environ.get(ENVIRONMENT)
    if url:
        return url
    folder = data_folder()
    path = folder / "colosseum.db"
    if not path.exists() and (folder / "careers.db").exists():
        path = folder / "careers.db"
    return f"sqlite:///{path}"


def head_in_files(folder: Path = MIGRATIONS / "versions") -> str | None:
    """The newest revision id read from the migration files' `revision` and `down_revision`
    lines, without Alembic: the one revision no other revises. None when the files do not
    show exactly one such head (Alembic then decides)."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in folder.glob("*.py"):
        for name, value in _REVISION_LINE.findall(path.read_text(encoding="utf-8")):
            try:
                parsed = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                return None
            if name == "revision" and isinstance(parsed, str):
                revisions.add(parsed)
            elif name == "down_revision" and isinstance(parsed, str):
                revised.add(parsed)
            elif name == "down_revision" and isinstance(parsed, tuple | list):
                revised.update(str(item) for item in parsed)
            elif parsed is not None:
                return None
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None
