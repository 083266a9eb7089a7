"""The `State` every game implements: the kernel's public contract (docs/kernel.md), the
centre of the design in docs/architecture.md."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .actions import Action, Event, JsonValue, normalize_notation
from .errors import ColosseumError, IllegalAction
from .options import OptionValue

# The actions played so far, newest first, as a chain of (action, rest) pairs: clones share it.
# An action's notation is written when the log is read (`actions_played`), not at each apply: a
# random playout never reads it. A log read back from a pickle holds the notations themselves.
# The rest is an ActionLog again, named `Any` here: mypyc (the compiled build) cannot take a
# recursive type.
ActionLog = tuple["Action | str", Any] | None

# How a state is drawn as SVG (`State._repr_svg_`): put in place by the registry, which sits
# above this module and knows each game's drawing.
svg_drawer: Callable[[State], str | None] | None = None


# The compiled build (core/build.py) compiles this class; every game's state subclasses it.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A complete game state: whose decision it is, what they may do, and what each seat sees."""

    __slots__ = ("_determinized", "_legal", "_log", "_start", "num_players", "options", "seed")

    game_id: ClassVar[str]
    version: ClassVar[int]
    notation_words: ClassVar[Mapping[str, str]] = {}
    """Words a person may type for a notation's own ("north" for Jugula's "n"), read by
    `parse_action` word by word."""

    num_players: int
    options: dict[str, OptionValue]
    seed: int | None

    def _init_common(
        self, num_players: int, options: dict[str, OptionValue], seed: int | None
    ) -> None:
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self._log: ActionLog = None
        self._start: dict[str, JsonValue] | None = None
        self._determinized = False
        self._legal: list[Action] | None = None

    def _copy_common(self, other: State) -> None:
        """Copy the game-independent fields of `other` into this fresh clone."""
        self.num_players = other.num_players
        self.options = other.options
        self.seed = other.seed
        self._log = other._log
        self._start = other._start
        self._determinized = other._determinized
        self._legal = None

    # --- what each game implements -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of the current player (never empty unless terminal)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and return what happened."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over (by the rules, or by a cap option the tools set)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats; empty until the game is over."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JsonValue]:
        """A JSON-safe dict of everything `seat` may know (None: a spectator)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (explicit shallow copies, never deepcopy)."""

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Resample, in this clone, everything `seat` cannot see."""

    @abstractmethod
    def _position_body(self) -> dict[str, JsonValue]:
        """The game-specific part of `to_position`, RNG state included."""

    # --- the shared contract -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions; empty only when the game is over."""
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._legal_actions()
        return list(self._legal)

    def parse_action(self, notation: str) -> Action:
        """The legal action whose notation is `notation` (case and spacing ignored, and the
        game's `notation_words` read as the words they stand for)."""
        wanted = normalize_notation(notation)
        legal = self.legal_actions()
        for action in legal:
            if normalize_notation(str(action)) == wanted:
                return action
        if self.notation_words:  # "north" typed for "n": compared word by word
            canonical = self._canonical(wanted)
            for action in legal:
                if self._canonical(str(action)) == canonical:
                    return action
        if not legal:
            raise IllegalAction(f"{notation!r}: the game is over")
        kinds = sorted({action.kind for action in legal})
        examples = ", ".join(str(action) for action in legal[:8])
        more = ", ..." if len(legal) > 8 else ""
        if wanted.split(" ", 1)[0] in kinds:
            raise IllegalAction(f"{notation!r} is not legal now; legal: {examples}{more}")
        raise IllegalAction(
            f"{notation!r} is not an action here (expected {' / '.join(kinds)}); "
            f"legal: {examples}{more}"
        )

    def _canonical(self, notation: str) -> str:
        text = normalize_notation(notation)
        if not self.notation_words:
            return text
        return " ".join(self.notation_words.get(word, word) for word in text.split())

    def apply(self, action: Action | str) -> list[Event]:
        """Play `action` (an Action or its notation) for the current player.

        Raises IllegalAction, leaving the state unchanged, if it is not legal now.
        """
        # the agents' actions are usually the very objects offered, found by identity alone (a
        # loop: `is` is one bytecode, cheaper than a call, any() or a map of `operator.is_`)
        legal = self._legal
        if legal is None:
            action = self._offered(action)
        else:
            for offered in legal:
                if offered is action:
                    break
            else:
                action = self._offered(action)
        self._legal = None
        events = self._apply(action)
        self._log = (action, self._log)
        return events

    def _offered(self, action: Action | str) -> Action:
        """The offered action that `action` (a notation, or an Action equal to an offered one)
        stands for: the offered one, on which a game may keep facts (Jugula's moves keep their
        route). Raises IllegalAction if there is none."""
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"expected an Action or its notation, got {type(action).__name__}")
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        for offered in legal:
            if offered is action:
                return action
        if action not in legal:
            if not legal:
                raise IllegalAction(f"{action}: the game is over")
            raise IllegalAction(f"{action} is not legal now")
        return legal[legal.index(action)]

    def capped(self) -> bool:
        """True when an explicit cap option (a round or turn limit) ended the game.

        The rulebooks have no such caps; they are off by default and set by the tools that
        need every game to end (simulations, benchmarks, search rollouts), which report how
        many games a cap cut short.
        """
        return False

    def returns(self) -> list[float]:
        """One value per seat: 1 for a sole winner, 1/k for each of k winners, 0 otherwise."""
        winners = self.winners()
        result = [0.0] * self.num_players
        for seat in winners:
            result[seat] = 1.0 / len(winners)
        return result

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with `view(seat)`: hidden parts resampled, RNG reseeded."""
        if not 0 <= seat < self.num_players:
            raise ColosseumError(f"seat {seat} is not in this {self.num_players}-player game")
        state = self.clone()
        state._resample_hidden(seat, rng)
        state._determinized = True
        return state

    def actions_played(self) -> list[str]:
        """The notations of the actions applied to this state, oldest first."""
        played: list[str] = []
        node = self._log
        while node is not None:
            played.append(str(node[0]))
            node = node[1]
        played.reverse()
        return played

    def record(self) -> dict[str, JsonValue]:
        """{game, version, options, players, seed, actions[]} that `colosseum.replay` replays."""
        if self._determinized:
            raise ColosseumError("a determinized state is a guess, not a game: it has no record")
        record: dict[str, JsonValue] = {
            "game": self.game_id,
            "version": self.version,
            "options": dict(self.options),
            "players": self.num_players,
            "seed": self.seed,
            "actions": self.actions_played(),
        }
        if self._start is not None:
            record["start"] = copy.deepcopy(self._start)
        return record

    def to_position(self) -> dict[str, JsonValue]:
        """The complete state as JSON (like FEN), RNG included; see `colosseum.from_position`."""
        position: dict[str, JsonValue] = {
            "game": self.game_id,
            "version": self.version,
            "players": self.num_players,
            "options": dict(self.options),
        }
        position.update(self._position_body())
        return position

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_id} players={self.num_players}>"

    def _repr_svg_(self) -> str | None:
        """The board as SVG, drawn from the spectator's view (Jupyter shows it)."""
        return None if svg_drawer is None else svg_drawer(self)

    # --- pickle and deepcopy: process pools and Ray ship states ------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """Every slot's value, with the action log as a flat list: the chain of pairs that
        clones share would otherwise nest one level per action, past the recursion limit."""
        fields: dict[str, Any] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            # A class the compiled build compiled (core/build.py) lists its fields apart.
            slots = cls.__dict__.get("__slots__") or cls.__dict__.get("__mypyc_attrs__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                    fields[name] = getattr(self, name)
        fields["_log"] = self.actions_played()
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        log: ActionLog = None
        for notation in fields.pop("_log", []):
            log = (notation, log)
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self._log = log


def position_field(position: dict[str, Any], name: str) -> Any:
    """A required field of a position, or a KeyError naming it (turned into InvalidRecord)."""
    if name not in position:
        raise KeyError(f"position has no field {name!r}")
    return position[name]
