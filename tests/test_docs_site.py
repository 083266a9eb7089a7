"""The documentation site (mkdocs.yml) builds with `mkdocs build --strict` and no warning: every
page in the nav, every link, anchor and API cross-reference resolved, every object the API pages
name found in the source. A broken link or reference fails the build, which a copy of the docs
with one of each checks. Skipped only when MkDocs is not installed (it comes with the `dev`
extra)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

_NEEDED = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers")
_MISSING = [name for name in _NEEDED if importlib.util.find_spec(name) is None]

pytestmark = pytest.mark.skipif(
    bool(_MISSING),
    reason=f"MkDocs is not installed ({', '.join(_MISSING)} missing; it comes with the dev extra)",
)

# Objects each API page must document, by the anchor mkdocstrings gives them.
API = {
    "api/colosseum": ["colosseum.new_game", "colosseum.from_position", "colosseum.replay"],
    "api/core": [
        "colosseum.core.State",
        "colosseum.core.State.apply",
        "colosseum.core.State.determinize",
        "colosseum.core.Action",
        "colosseum.core.Event",
        "colosseum.core.games",
        "colosseum.core.new_game",
        "colosseum.core.GameDefinition",
        "colosseum.core.IllegalAction",
    ],
    "api/agents": [
        "colosseum.agents.Agent",
        "colosseum.agents.make_agent",
        "colosseum.agents.ismcts.ISMCTSAgent",
        "colosseum.agents.hints.hints",
    ],
}


def _build(root: Path, site: Path) -> tuple[int, str, list[str]]:
    """Build the site of `root` into `site`: the exit code, the log, its warnings and errors."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    log = result.stdout + result.stderr
    problems = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    return result.returncode, log, problems


def test_the_site_builds_strict_without_a_warning(tmp_path: Path) -> None:
    site = tmp_path / "site"
    code, log, problems = _build(ROOT, site)
    assert code == 0 and not problems, log
    for page, anchors in API.items():
        html = (site / page / "index.html").read_text(encoding="utf-8")
        missing = [anchor for anchor in anchors if f'id="{anchor}"' not in html]
        assert not missing, f"{page} does not document {missing}"
    for name in ("ludus-gladiatorius", "ludi-gladiatorii", "jugula"):
        assert (site / "howto" / name / "index.html").is_file(), f"no how-to page for {name}"
    assert (site / "architecture" / "index.html").is_file()
    assert (site / "changelog" / "index.html").is_file()


def test_a_broken_link_or_reference_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    copy.mkdir()
    for name in ("mkdocs.yml", "mkdocs_hooks.py", "CHANGELOG.md"):
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(ROOT / "docs", copy / "docs")
    (copy / "src").symlink_to(ROOT / "src", target_is_directory=True)
    index = copy / "docs" / "index.md"
    index.write_text(
        index.read_text(encoding="utf-8")
        + "\n[a page that is not there](no-such-page.md) and"
        + " [an object that is not there][colosseum.core.no_such_object]\n",
        encoding="utf-8",
    )
    code, log, problems = _build(copy, tmp_path / "site")
    assert code != 0, log
    assert any("no-such-page.md" in line for line in problems), log
    assert any("colosseum.core.no_such_object" in line for line in problems), log
