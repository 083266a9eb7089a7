"""MkDocs hooks (`hooks` in mkdocs.yml) for Colosseum's documentation site.

Two kinds of page live outside `docs/` and are read where they are, never copied:

- the how-to-play pages of the game server (`src/colosseum/web/howto/*.md`, served at
  `/howto/<name>`), as `howto/<name>.md`; their links to one another, written as the server's
  addresses (`/howto/jugula`), become links between the site's pages, which
  `mkdocs build --strict` checks like any other;
- the repository's `CHANGELOG.md`, as `changelog.md`.

The pages of docs/ link to both where they are in the repository
(`../src/colosseum/web/howto/jugula.md`, `../CHANGELOG.md`), so that the links work on GitHub
as well; on the site those links lead to the site's pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent
HOWTO = ROOT / "src" / "colosseum" / "web" / "howto"
CHANGELOG = ROOT / "CHANGELOG.md"

# A link to another how-to page as the server serves it: ](/howto/NAME) or ](/howto/NAME#part)
_SERVER_LINK = re.compile(r"\]\(/howto/([a-z0-9-]+)(#[^)\s]*)?\)")
# A link to a page the server draws from the games' data, which the site does not have:
# [words](/howto/NAME/reference) keeps its words and says where the server shows it
_REFERENCE_LINK = re.compile(r"\[([^\]]+)\]\((/howto/[a-z0-9-]+/reference)\)")


def on_files(files: Files, config: Any) -> Files:
    """Add the game server's how-to pages and the changelog to the site's files."""
    for path in sorted(HOWTO.glob("*.md")):
        files.append(File.generated(config, f"howto/{path.name}", abs_src_path=str(path)))
    files.append(File.generated(config, "changelog.md", abs_src_path=str(CHANGELOG)))
    return files


# A link from a page of docs/ to where those pages live in the repository, as GitHub shows it:
# ](../src/colosseum/web/howto/NAME.md) or ](../CHANGELOG.md), with an optional #part
_REPOSITORY_LINK = re.compile(
    r"\]\(\.\./(?:src/colosseum/web/howto/([a-z0-9-]+)\.md|(CHANGELOG)\.md)(#[^)\s]*)?\)"
)


def _site_link(match: re.Match[str]) -> str:
    page = f"howto/{match.group(1)}.md" if match.group(1) else "changelog.md"
    return f"]({page}{match.group(3) or ''})"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """In a how-to page, a link to `/howto/NAME` becomes a link to the page `NAME.md` (and
    one to a reference the server draws from the games' data, its words and address); in a
    top-level page of docs/, a link to the how-to pages or the changelog where they are in the
    repository (so that it works on GitHub too) becomes a link to their page on the site."""
    if page.file.src_uri.startswith("howto/"):
        markdown = _REFERENCE_LINK.sub(r"\1 (on the game server, at `\2`)", markdown)
        return _SERVER_LINK.sub(lambda m: f"]({m.group(1)}.md{m.group(2) or ''})", markdown)
    if "/" not in page.file.src_uri:
        return _REPOSITORY_LINK.sub(_site_link, markdown)
    return markdown
