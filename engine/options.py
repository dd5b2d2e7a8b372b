"""A table's options (RULES.md §10–§11) as one typed, frozen value, and their validation.

``Options`` has one field per option. ``SPECS`` says what values each accepts; a variant adds which of
the game-specific options are its own and which values it rules out (``engine/variants/``), and
``build_options`` checks everything once, with errors that name the option and what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from .errors import RulesError

NELLO_DOUBLES = ("high", "low", "suit")


@dataclass(frozen=True)
class Options:
    """Every option's effective value. ``target`` is resolved (7 marks or the variant's points target)."""

    scoring: Literal["marks", "points"] = "marks"
    target: int = 7
    win_by: int = 1
    made_scores: Literal["taken", "bid"] = "taken"
    play_out: bool = False
    max_opening_marks: int = 2
    forced_bid: bool = False
    doubles_trump: bool = True
    follow_me: bool = True
    follow_me_doubles: Literal["high", "suit"] = "high"
    nello: Literal["on", "off", "forced-only"] = "on"
    nello_doubles: tuple[str, ...] = NELLO_DOUBLES
    plunge: bool = True
    splash: bool = True
    plunge_marks: int = 4
    splash_marks: int = 2
    sevens: bool = False
    sevens_target: int = 7
    first_suit_declared: bool = False
    sevens_trump: bool = False
    mark_raise: Literal["one", "double"] = "one"
    stacking: Literal["off", "marks", "two-marks"] = "off"
    draw: Literal["off", "dealer", "partners"] = "off"
    nello_low: bool = False
    # Options of one game only (a variant lists those it owns; elsewhere naming them is an error).
    shoot_over: bool = True
    dip: bool = True
    dive: bool = True
    count_trump: bool = True
    players: int = 8

    def get(self, name: str) -> Any:
        """An option's value by name."""
        return getattr(self, name)

    def as_json(self, name: str) -> Any:
        """An option's value as a record stores it (lists, not tuples)."""
        value = getattr(self, name)
        return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class OptionSpec:
    """What one option accepts: ``kind`` is "bool", "int", "choice" or "list"."""

    kind: Literal["bool", "int", "choice", "list"]
    choices: tuple[Any, ...] = ()  # the allowed values of a "choice" or the items of a "list"
    minimum: int = 0

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"a whole number of at least {self.minimum}"
        if self.kind == "choice":
            return "one of " + ", ".join(show(c) for c in self.choices)
        return f"a non-empty list drawn from {list(self.choices)}"

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is of the right kind and range."""
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and value >= self.minimum
        if self.kind == "choice":
            return any(type(value) is type(c) and value == c for c in self.choices)
        return (
            isinstance(value, list | tuple)
            and bool(value)
            and len(set(map(str, value))) == len(value)
            and all(isinstance(v, str) and v in self.choices for v in value)
        )


_BOOL, _WHOLE = OptionSpec("bool"), OptionSpec("int", minimum=1)
SPECS: dict[str, OptionSpec] = {
    "scoring": OptionSpec("choice", ("marks", "points")),
    "target": _WHOLE,
    "win_by": _WHOLE,
    "made_scores": OptionSpec("choice", ("taken", "bid")),
    "play_out": _BOOL,
    "max_opening_marks": _WHOLE,
    "forced_bid": _BOOL,
    "doubles_trump": _BOOL,
    "follow_me": _BOOL,
    "follow_me_doubles": OptionSpec("choice", ("high", "suit")),
    "nello": OptionSpec("choice", ("on", "off", "forced-only")),
    "nello_doubles": OptionSpec("list", NELLO_DOUBLES),
    "plunge": _BOOL,
    "splash": _BOOL,
    "plunge_marks": _WHOLE,
    "splash_marks": _WHOLE,
    "sevens": _BOOL,
    "sevens_target": OptionSpec("int", minimum=0),
    "first_suit_declared": _BOOL,
    "sevens_trump": _BOOL,
    "mark_raise": OptionSpec("choice", ("one", "double")),
    "stacking": OptionSpec("choice", ("off", "marks", "two-marks")),
    "draw": OptionSpec("choice", ("off", "dealer", "partners")),
    "nello_low": _BOOL,
    "shoot_over": _BOOL,
    "dip": _BOOL,
    "dive": _BOOL,
    "count_trump": _BOOL,
    "players": OptionSpec("choice", (8, 6)),
}
OPTION_NAMES = tuple(f.name for f in fields(Options))


def show(value: Any) -> str:
    """A value as the record spells it: true/false, "text", numbers, lists."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True)
class GameOptions:
    """What one game makes of the options: the ones it owns, the values it rules out, its points target."""

    title: str
    own: frozenset[str] = frozenset()  # game-specific options this game has
    ruled_out: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # option -> refused values
    why: Mapping[str, str] = field(default_factory=dict)  # option -> why the game refuses those values
    points_target: int = 250


def build_options(
    game: GameOptions, owners: Mapping[str, str], defaults: Mapping[str, Any], overrides: Any
) -> Options:
    """The effective options of a preset (its ``defaults``) with a table's ``overrides``.

    ``owners`` maps each game-specific option to the title of the game that has it. RulesError names the
    option and what is allowed: an unknown name, a value of the wrong kind, an option of another game, or
    a value this game rules out.
    """
    if not isinstance(overrides, Mapping):
        raise RulesError("options must be a mapping of option names to values")
    values: dict[str, Any] = dict(defaults)
    for name, value in overrides.items():
        spec = SPECS.get(name) if isinstance(name, str) else None
        if spec is None:
            raise RulesError(f"unknown option {name!r}: the options are {', '.join(OPTION_NAMES)}")
        if name in owners and name not in game.own:
            raise RulesError(f"{name} is an option of {owners[name]} only, not of {game.title}")
        if not spec.accepts(value):
            raise RulesError(f"{name} must be {spec.allowed()}, not {show(value)}")
        refused = game.ruled_out.get(name, ())
        if any(type(value) is type(r) and value == r for r in refused):
            raise RulesError(_refusal(game, name, value, spec, refused))
        values[name] = tuple(value) if spec.kind == "list" else value
    target = values.pop("target", None)
    options = replace(Options(), **values)
    if target is None:
        target = 7 if options.scoring == "marks" else game.points_target
    return replace(options, target=target)


def _refusal(game: GameOptions, name: str, value: Any, spec: OptionSpec, refused: tuple[Any, ...]) -> str:
    if spec.kind == "bool":
        allowed = f"it must be {show(not value)}"
    else:
        left = [c for c in spec.choices if c not in refused]
        allowed = "allowed: " + ", ".join(show(c) for c in left)
    reason = game.why.get(name)
    return (
        f"{name} = {show(value)} is not available in {game.title}"
        + (f" ({reason})" if reason else "")
        + f": {allowed}"
    )
