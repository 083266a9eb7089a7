"""The bundled data files, validated once and kept between processes.

Reading a game's TOML files and checking them against their pydantic models costs every
process that needs them tens of milliseconds (the models' validators built, every table
checked), which a command typed at a table pays each time. `cached` keeps what a loader made
in the user's cache folder (`$XDG_CACHE_HOME/colosseum`, else `~/.cache/colosseum`), pickled,
under a key made as Python keys its bytecode: the path, size and modification time of every
module and data file of the package, and the Python version. Any change to the code or the data
makes a new key; a file that is missing, unreadable or of another type is loaded anew. Only the
bundled data is kept (a `data` folder given by a person is always read and checked), and
`COLOSSEUM_DATA_CACHE=off` turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

ENVIRONMENT = "COLOSSEUM_DATA_CACHE"
PACKAGE = Path(__file__).resolve().parent.parent  # the `colosseum` package
_SOURCES = (".py", ".toml")


def cache_folder() -> Path:
    """`$XDG_CACHE_HOME/colosseum`, else `~/.cache/colosseum` (not made here)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "colosseum"


@cache
def code_key() -> str:
    """A digest of the Python version and of every module and data file of the package (path,
    size, modification time): what cached data is valid for."""
    digest = hashlib.sha256(sys.version.encode())
    for folder, subfolders, files in os.walk(PACKAGE):
        subfolders[:] = sorted(s for s in subfolders if s != "__pycache__")
        for name in sorted(files):
            if name.endswith(_SOURCES):
                path = os.path.join(folder, name)
                found = os.stat(path)
                digest.update(f"{path}\0{found.st_size}\0{found.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def cached(name: str, kind: type[T], load: Callable[[], T]) -> T:
    """What `load()` makes (a `kind`), taken from the cache when it holds it for this code
    and data, else made and kept there (a cache that cannot be written is skipped)."""
    if os.environ.get(ENVIRONMENT, "").lower() in {"off", "0", "no", "false"}:
        return load()
    folder = cache_folder()
    path = folder / f"{name}-{code_key()}.pickle"
    try:
        with path.open("rb") as handle:
            kept = pickle.load(handle)
        if isinstance(kept, kind):
            return kept
    except Exception:  # missing, partly written, of older code, not a pickle: load anew
        pass
    made = load()
    _keep(folder, path, made)
    return made


def bundled_or_read(name: str, kind: type[T], folder: str, read: Callable[[str], T]) -> T:
    """`read(folder)`, a user's folder read anew each time; the bundled data (an empty
    `folder`) taken from the cache as `name` (`cached`)."""
    if folder:
        return read(folder)
    return cached(name, kind, lambda: read(""))


def _keep(folder: Path, path: Path, value: object) -> None:
    """Write `value` to `path` whole (a temporary file renamed), removing older keys' files
    of the same name; nothing when the folder cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        stem = path.name.rsplit("-", 1)[0]
        for older in folder.glob(f"{stem}-*.pickle"):
            if older != path:
                older.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError):
        pass
