"""The registry of games and the module-level entry points of the public contract.

The built-in games are imported on first use, once, under a lock: a thread that asks while
another is importing them waits until every game is registered (a server's first requests
arrive together).
"""

from __future__ import annotations

import copy
import importlib
import os
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import state as state_module
from .errors import (
    ColosseumError,
    DataError,
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    UnknownGame,
)
from .migrations import Migration, migrate
from .options import OptionSpec, OptionValue, resolve_options
from .state import State

if TYPE_CHECKING:
    from .rule_ids import RuleId

# Games shipped with Colosseum, imported on first use (a package's DEFINITION, whose module
# registers it; a package may load its modules lazily).
_BUILTIN_MODULES = (
    "colosseum.games.jugula",
    "colosseum.games.ludi_gladiatorii",
    "colosseum.games.ludus_gladiatorius",
)
# More games: packages named in this variable (comma-separated dotted paths), each imported as
# the built-in ones are, so that every process of a run (a server, its workers, the command
# line) knows them.
GAMES_ENVIRONMENT = "COLOSSEUM_GAMES"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: its id, title, player counts, options and command-line aliases."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    aliases: tuple[str, ...] = ()
    summary: str = ""


@dataclass(frozen=True, slots=True)
class GameDefinition:
    """A registered game: its info and how to build its states."""

    info: GameInfo
    version: int
    new_state: Callable[[int, int, dict[str, OptionValue]], State]
    from_position: Callable[[dict[str, Any]], State]
    extras: Mapping[str, Any] = field(default_factory=dict)
    position_migrations: Mapping[int, Migration] = field(default_factory=dict)
    """Version n to n + 1 of this game's positions (`core.migrations.migrate`)."""
    record_migrations: Mapping[int, Migration] = field(default_factory=dict)
    """Version n to n + 1 of this game's records."""
    render_svg: Callable[[Mapping[str, Any], Sequence[str]], str] | None = None
    """The board as SVG from a view and the viewer's legal action notations; each element
    standing for actions carries `data-action` (docs/web.md)."""
    merge_views: Callable[[Sequence[Mapping[str, Any]]], dict[str, Any]] | None = None
    """Every seat's view of one state merged into one showing all that was hidden (replays)."""
    rule_ids: Callable[[], Mapping[str, RuleId]] | None = None
    """The catalog of the rules its events cite (`Event.rule`), by id (`core.rule_ids`)."""
    reference: str | None = None
    """The dotted path of the module whose `reference()` is its reference page as tables of
    text (`core.reference`), imported when first asked for."""
    search: str | None = None
    """The dotted path of the module that tells the tree search about it (`core.search`: an
    evaluation of a cut-off rollout, a round counter, search defaults, a belief), imported
    when first asked for."""
    heuristic: str | None = None
    """The dotted path of the module whose `HEURISTIC` is its player of rules of thumb (an
    agent class made with no arguments: `choose`, and `preferences` to guide a search),
    imported when first asked for."""
    balance: str | None = None
    """The dotted path of the module that says what each seat held in a finished game, for
    the balance report (`core.balance`), imported when first asked for."""
    rl_encoding: str | None = None
    """The dotted path of the module whose `ENCODING` is its `core.encoding.Encoding` (the
    action table and observation of the RL environments), imported when first asked for."""
    text_renderer: str | None = None
    """The dotted path of the module that draws it for a terminal and says its actions and
    events in words (`core.renderers`: `render_view`, `describe_event`, ...), imported when
    first asked for."""


_GAMES: dict[str, GameDefinition] = {}
_loaded = False  # set once every built-in game is registered
_loading = threading.RLock()  # re-entrant: a game's import may ask the registry


def register(definition: GameDefinition) -> None:
    """Make a game available to `new_game`, the CLI and every tool."""
    _GAMES[definition.info.id] = definition


def _load_builtin() -> None:
    """Import the built-in games once; other threads wait until they are registered."""
    global _loaded
    if _loaded:
        return
    with _loading:
        if not _loaded:
            for module in _BUILTIN_MODULES:
                importlib.import_module(module).DEFINITION  # noqa: B018 - imported to register
            more = os.environ.get(GAMES_ENVIRONMENT, "")
            for module in filter(None, map(str.strip, more.split(","))):
                _import_game(module)
            _loaded = True


def _import_game(module: str) -> None:
    """Import a package named in COLOSSEUM_GAMES and its definition (which registers it);
    UnknownGame naming the package when it cannot be imported."""
    try:
        importlib.import_module(module).DEFINITION  # noqa: B018 - imported to register
    except (ImportError, AttributeError) as error:
        raise UnknownGame(
            f"the game package {module!r} ({GAMES_ENVIRONMENT}) cannot be loaded: {error}"
        ) from None


def game_definition(game_id: str) -> GameDefinition:
    """The game answering to an id or alias, or UnknownGame listing the known ones."""
    _load_builtin()
    if not isinstance(game_id, str):
        raise UnknownGame(f"a game id is text, got {game_id!r}")
    wanted = game_id.strip().lower()
    for definition in _GAMES.values():
        if wanted == definition.info.id or wanted in definition.info.aliases:
            return definition
    known = ", ".join(sorted(_GAMES))
    raise UnknownGame(f"unknown game {game_id!r} (known games: {known})")


def games() -> dict[str, GameInfo]:
    """Every registered game, by id."""
    _load_builtin()
    return {game_id: definition.info for game_id, definition in sorted(_GAMES.items())}


def new_game(
    game_id: str,
    players: int = 2,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A new game at its start. Without a seed one is drawn, and kept so the game replays."""
    definition = game_definition(game_id)
    info = definition.info
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOption(f"players must be a whole number, got {players!r}")
    if not info.min_players <= players <= info.max_players:
        raise InvalidOption(
            f"{info.title} takes {info.min_players} to {info.max_players} players, not {players}"
        )
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOption(f"seed must be a whole number, got {seed!r}")
    return definition.new_state(players, seed, resolve_options(info.options, options))


def from_position(game_id: str, position: Mapping[str, Any]) -> State:
    """The state a `State.to_position()` dict describes; InvalidRecord if it is broken."""
    definition = game_definition(game_id)
    if not isinstance(position, Mapping):
        raise InvalidRecord(f"a position is a JSON object, got {type(position).__name__}")
    if position.get("game") != definition.info.id:
        raise InvalidRecord(
            f"position is for game {position.get('game')!r}, not {definition.info.id!r}"
        )
    start = migrate(
        "position",
        copy.deepcopy(dict(position)),
        definition.version,
        definition.position_migrations,
        definition.info.id,
    )
    try:
        state = definition.from_position(copy.deepcopy(start))
    except (InvalidOption, DataError) as error:
        raise InvalidRecord(f"position has bad options: {error}") from error
    except ColosseumError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as error:
        raise InvalidRecord(f"broken {definition.info.id} position: {error}") from error
    state._start = start
    return state


_RECORD_FIELDS = ("game", "version", "options", "players", "seed", "actions")


def replay(record: Mapping[str, Any]) -> State:
    """The state reached by replaying a `State.record()`; InvalidRecord says where it breaks."""
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record is a JSON object, got {type(record).__name__}")
    missing = [name for name in _RECORD_FIELDS if name not in record]
    if missing:
        raise InvalidRecord(f"record lacks field(s): {', '.join(missing)}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidRecord("record field 'actions' must be a list of action notations")
    if not isinstance(record["options"], Mapping):
        raise InvalidRecord("record field 'options' must be an object")
    try:
        definition = game_definition(str(record["game"]))
    except UnknownGame as error:
        raise InvalidRecord(str(error)) from error
    record = migrate(
        "record", dict(record), definition.version, definition.record_migrations, definition.info.id
    )
    actions = record["actions"]
    try:
        if "start" in record:
            state = from_position(definition.info.id, record["start"])
        else:
            state = new_game(
                definition.info.id, record["players"], record["seed"], record["options"]
            )
    except (InvalidOption, DataError) as error:
        raise InvalidRecord(f"record cannot start its game: {error}") from error
    for number, notation in enumerate(actions, start=1):
        try:
            state.apply(notation)
        except IllegalAction as error:
            raise InvalidRecord(f"record action {number} ({notation!r}) fails: {error}") from error
    return state


def _draw_svg(state: State) -> str | None:
    """A state's board as SVG from the spectator's view, by its game's `render_svg`."""
    render = game_definition(state.game_id).render_svg
    return None if render is None else render(state.view(None), ())


state_module.svg_drawer = _draw_svg
