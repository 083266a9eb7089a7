"""Boards that fill the space they are given (issue 46), measured in a real browser on a
1366×768 laptop and a 390×844 phone, each game's table mid-game as a seat: at least 95% of
the board's text at 12 px (laptop) or 11 px (phone) and none under 10 px, at most 10% of the
board's targets under 24×24 px, and no page wider than the screen.

A game joins by appending a `Game` to `GAMES`: its name, how many decisions to play through the
API before the page is opened, which actions to prefer on the way, and the kind of decision
to stop at (so that the board shows its targets)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

pytest.importorskip("playwright", reason="playwright is not installed")
from playwright.sync_api import Browser, expect

from .board_metrics import measure
from .browser import CHROMIUM, TIMEOUT
from .server import LiveServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
]


@dataclass(frozen=True)
class Game:
    """A game measured mid-game: its name, the decisions played before measuring (each the
    first legal action, or the first starting with one of `prefer`), then more until the
    deciding seat has an action starting with `stop_at` (at most 60 more)."""

    name: str
    decisions: int = 12
    prefer: tuple[str, ...] = ()
    stop_at: str = ""


GAMES = [
    Game("ludus-gladiatorius", 12, prefer=("move",), stop_at="to "),
    Game("jugula", 12, stop_at="play "),
    Game("ludi-gladiatorii", 12, stop_at="fight "),
]

# Screen: (width, height), the size at least 95% of the text reaches, the smallest allowed.
SCREENS = {"laptop": ((1366, 768), 12.0), "phone": ((390, 844), 11.0)}
NEVER_UNDER = 10.0
SMALL_TARGET, SMALL_SHARE = 24.0, 0.10


def play_some(client: httpx.Client, table: str, tokens: list[str], game: Game) -> int:
    """The game's decisions taken through the API (stopping early at the end of a game);
    the seat that decides next."""
    for played in range(game.decisions + 60):
        seen = client.get(f"/api/tables/{table}/state").json()
        if seen.get("finished"):
            break
        auth = {"Authorization": f"Bearer {tokens[seen['current']]}"}
        mine = client.get(f"/api/tables/{table}/state", headers=auth).json()
        legal = [str(a["notation"]) for a in mine["legal"]]
        if played >= game.decisions and any(n.startswith(game.stop_at) for n in legal):
            break
        chosen = next((n for n in legal if n.startswith(game.prefer)), legal[0])
        body = {"action": chosen, "version": mine["version"]}
        answer = client.post(f"/api/tables/{table}/actions", json=body, headers=auth)
        assert answer.status_code == 200, answer.text
    current: int = client.get(f"/api/tables/{table}/state").json()["current"]
    return current


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    where: Path = tmp_path_factory.mktemp("board-sizes")
    server = LiveServer(f"sqlite:///{where / 'web.db'}", where / "server.log").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def seats(live: LiveServer) -> dict[str, str]:
    """Each game's table mid-game: the join link of the seat deciding next."""
    links = {}
    with httpx.Client(base_url=live.url, timeout=30) as client:
        for game in GAMES:
            made = client.post("/api/tables", json={"game": game.name, "players": ["human"] * 2})
            assert made.status_code == 201, made.text
            table = made.json()
            tokens = [seat["token"] for seat in table["seats"]]
            seat = play_some(client, table["id"], tokens, game)
            links[game.name] = table["seats"][seat]["join"]
    return links


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_the_board_is_legible_and_fits(
    browser: Browser, live: LiveServer, seats: dict[str, str], game: str, screen: str
) -> None:
    (width, height), wanted = SCREENS[screen]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{live.url}{seats[game]}")
        expect(page.locator("#status")).to_have_text("Your decision.", timeout=TIMEOUT)
        expect(page.locator(".board svg")).to_be_visible()
        page.wait_for_load_state("networkidle")
        metrics = measure(page)
        said = f"{game} at {screen}: {metrics.summary()}"
        print(said)  # the measurements, shown with -s
        assert metrics.texts, said
        assert metrics.targets, said
        assert metrics.share_at_least(wanted) >= 0.95, said
        assert metrics.smallest() >= NEVER_UNDER, said
        assert metrics.small_targets_share(SMALL_TARGET) <= SMALL_SHARE, said
        assert not metrics.overflow, said
    finally:
        context.close()
