"""Typed game options: each has a type, a default, a description and its allowed values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption

OptionValue = bool | int | str

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts. `choices` limits a str option; `minimum`/`maximum` an int.

    `suggested` names the values a person usually picks for a str option that still takes any
    valid text (a lobby offers them as a list with "other…" for the text).

    A cap (a round or turn limit the rulebook does not have) defaults to 0, off, and names in
    `simulation_value` the value that tools needing every game to end set when not told.
    """

    name: str
    type: type
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    suggested: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    simulation_value: int | None = None
    local: bool = False
    """The value names a file or folder of the machine running the game (own data files):
    a server refuses it from the network."""

    def parse(self, value: Any) -> OptionValue:
        """The value converted to this option's type, or InvalidOption saying what is allowed."""
        if self.type is bool:
            return _parse_bool(self.name, value)
        if self.type is int:
            number = _parse_int(self.name, value)
            if self.minimum is not None and number < self.minimum:
                raise InvalidOption(f"option {self.name}={number} is below {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise InvalidOption(f"option {self.name}={number} is above {self.maximum}")
            return number
        if not isinstance(value, str):
            raise InvalidOption(f"option {self.name} takes text, got {value!r}")
        text = value.strip()
        if self.choices and text not in self.choices:
            allowed = ", ".join(self.choices)
            raise InvalidOption(f"option {self.name}={text!r} is not one of: {allowed}")
        return text

    def describe(self) -> str:
        """A one-line summary: type, default, allowed values, description."""
        allowed = ""
        if self.choices:
            allowed = f" one of {'/'.join(self.choices)};"
        elif self.minimum is not None or self.maximum is not None:
            allowed = f" {self.minimum}..{self.maximum};"
        return f"{self.type.__name__}, default {self.default!r};{allowed} {self.description}"


def _parse_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise InvalidOption(f"option {name} takes true or false, got {value!r}")


def _parse_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise InvalidOption(f"option {name} takes a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise InvalidOption(f"option {name} takes a whole number, got {value!r}")


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Every option of `specs`, from `given` where set and the default elsewhere."""
    by_name = {spec.name: spec for spec in specs}
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidOption(f"options are a mapping of name to value, got {type(given).__name__}")
    given = dict(given)
    for name in given:
        if not isinstance(name, str):
            raise InvalidOption(f"an option name is text, got {name!r}")
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise InvalidOption(f"unknown option {', '.join(unknown)} (options of this game: {known})")
    return {
        name: spec.parse(given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }


def simulation_options(
    specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """`given` with every cap the caller left unset at its `simulation_value`, so each game of
    a simulation, benchmark or search rollout ends; an explicit value (0 included) is kept."""
    options = dict(given or {})
    for spec in specs:
        if spec.simulation_value is not None and spec.name not in options:
            options[spec.name] = spec.simulation_value
    return options


def rollout_options(
    specs: Sequence[OptionSpec], options: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """A game's resolved `options` with every cap that is off set to its `simulation_value`:
    what a search's imagined games use, so a rollout always ends (a set cap is kept)."""
    capped = dict(options)
    for spec in specs:
        if spec.simulation_value is not None and not capped.get(spec.name):
            capped[spec.name] = spec.simulation_value
    return capped


def cap_names(specs: Sequence[OptionSpec]) -> tuple[str, ...]:
    """The names of the cap options among `specs` (those with a `simulation_value`)."""
    return tuple(spec.name for spec in specs if spec.simulation_value is not None)


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """`["k=v", ...]` as given on a command line, into a dict (values still text)."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOption(f"option {pair!r} is not of the form name=value")
        options[key.strip()] = value
    return options
