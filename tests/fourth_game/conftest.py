"""The fourth game is registered for these tests only: importing the package registers it (as
COLOSSEUM_GAMES wants), so it is taken out of the registry again at once, and a package-wide
fixture puts it back for the tests of this folder and removes it after, so that tests that
list every game still see the three built in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from colosseum.core import registry

from . import DEFINITION, GAME_ID

registry.games()  # the built-in games first, once
registry._GAMES.pop(GAME_ID, None)


@pytest.fixture(scope="package", autouse=True)
def fourth_game() -> Iterator[str]:
    """The fourth game in the registry while this folder's tests run; its id."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry._GAMES, GAME_ID, DEFINITION)
        yield GAME_ID
