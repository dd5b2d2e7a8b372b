"""The `options` text of `/42 new`, read in one place: table settings, the computers' level, house rules.

Players type `nello=off plunge=on timer=90s computers=easy`. Three kinds of entry share the text:
- table settings that are not rules of the game: the turn timer (`timer=2m`, `timer=off`), the idle
  close (`idle=24h`) and hints for practice (`hints=on`: a `Hint` button on each player's turn);
- the computer players' level (`computers=easy`);
- house rules (RULES.md §10-§11), each value read as the kind of value the option already has (on/off
  for switches, a number, a word, or a comma-separated list).
`read_options` takes the settings and the level out first and reads the rest as house rules.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from bot.pictures.counts import plural
from engine import DEFAULT_PRESET, Rules, RulesError
from engine.options import SPECS

from .model import DEFAULT_IDLE_SECONDS, DEFAULT_TURN_SECONDS, TableSettings

MIN_TURN_SECONDS = 10  # shorter than this nobody can read their hand
MAX_SECONDS = 30 * 24 * 3600  # a month: anything longer is as good as off
COMPUTER_LEVELS = ("strong", "easy")

_ENTRY = re.compile(r"(?:^|(?<=[\s;,]))(timer|idle)\s*[=:]\s*([^\s;,]*)", re.IGNORECASE)
_DURATION = re.compile(r"([0-9]{1,7})\s*(s|sec|secs|m|min|mins|h|hr|hrs|d)?", re.IGNORECASE)
_UNITS = {
    "s": 1,
    "sec": 1,
    "secs": 1,
    "m": 60,
    "min": 60,
    "mins": 60,
    "h": 3600,
    "hr": 3600,
    "hrs": 3600,
    "d": 86400,
}
_OFF = {"off", "none", "no", "0"}
_HINTS = re.compile(r"(?:^|(?<=[\s;,]))hints\s*[=:]\s*([^\s;,]*)", re.IGNORECASE)
_COMPUTERS = re.compile(r"(?:^|[\s;,]+)computers?\s*[=:]\s*([A-Za-z]+)", re.IGNORECASE)
_TRUE = {"on", "true", "yes", "y", "1"}
_FALSE = {"off", "false", "no", "n", "0"}
_PAIR = re.compile(r"\s*([A-Za-z_-]+)\s*[=:]\s*([^\s;]+)\s*")
_CHUNKS = re.compile(r"[;\s]+(?=[A-Za-z_-]+\s*[=:])")  # where one `name=value` entry ends and the next begins
_NAMED = re.compile(r"([A-Za-z_-]+)\s*[=:]\s*(.*)", re.DOTALL)

# RULES.md §11's house rules, suggested right after a game's own options.
HOUSE_RULES = ("sevens_trump", "mark_raise", "stacking", "draw", "nello_low")
# The lists worth suggesting for a list-valued option (the engine's specs give the words of the others).
LIST_VALUES = {"nello_doubles": ("high,low,suit", "high,low", "high", "low", "suit")}


@dataclass(frozen=True)
class TableOptions:
    """Everything `/42 new`'s options text says: settings, the computers' level (None: the default) and
    the house rules as engine option overrides."""

    settings: TableSettings = TableSettings()
    computer_level: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)


def read_options(preset: str, text: str | None) -> TableOptions:
    """Read the whole options text; RulesError with a sentence for the first entry that is wrong."""
    settings, rest = split_settings(text)
    level, rest = split_computers(rest)
    return TableOptions(settings, level, parse_options(preset, rest))


@dataclass(frozen=True)
class Entry:
    """One entry of an options text: the name it sets (lower case, `_` for `-`; None for a piece that is no
    `name=value`), its value, and the entry as written."""

    name: str | None
    value: str
    text: str

    @property
    def word(self) -> str:
        """The entry as `name=value`."""
        return f"{self.name}={self.value}" if self.name else self.text


def option_entries(text: str | None) -> list[Entry]:
    """The options text cut into its entries, in order (as `parse_options` cuts it), without reading them:
    what a server's defaults and a `/42 new` merge by name before the whole is read."""
    entries = []
    for chunk in _CHUNKS.split((text or "").strip()):
        chunk = chunk.strip().rstrip(",;").strip()
        if not chunk:
            continue
        named = _NAMED.fullmatch(chunk)
        if named is None:
            entries.append(Entry(None, chunk, chunk))
            continue
        name = named[1].replace("-", "_").lower()
        entries.append(Entry("computers" if name == "computer" else name, named[2].strip(), chunk))
    return entries


def parse_duration(name: str, raw: str, *, default_unit: int) -> int | None:
    """`"2m"` -> 120, `"off"` -> None; RulesError with a sentence for anything else."""
    word = raw.strip().lower()
    if word in _OFF:
        return None
    match = _DURATION.fullmatch(word)
    if match is None:
        raise RulesError(f"{name} is a time like 90s, 2m or 1h, or off (not {raw!r})")
    seconds = int(match[1]) * (_UNITS[match[2].lower()] if match[2] else default_unit)
    if seconds == 0:
        return None
    if name == "timer" and seconds < MIN_TURN_SECONDS:
        raise RulesError(f"timer must be at least {MIN_TURN_SECONDS}s, or off")
    if seconds > MAX_SECONDS:
        raise RulesError(f"{name} can be at most 30 days, or off")
    return seconds


def split_settings(text: str | None) -> tuple[TableSettings, str]:
    """Take `timer=`, `idle=` and `hints=` out of the options text; returns the settings and the rest."""
    if not text:
        return TableSettings(), ""
    values: dict[str, int | None] = {}
    for match in _ENTRY.finditer(text):
        name = match[1].lower()
        unit = 60 if name == "timer" else 3600  # a bare number: minutes for a turn, hours for idling
        values[name] = parse_duration(name, match[2], default_unit=unit)
    hints = False
    for match in _HINTS.finditer(text):
        word = match[1].lower()
        if word not in _TRUE | _FALSE:
            raise RulesError(f"hints is on or off, not {match[1]!r}")
        hints = word in _TRUE
    rest = " ".join(_HINTS.sub(" ", _ENTRY.sub(" ", text)).split())
    settings = TableSettings(
        turn_seconds=values.get("timer", DEFAULT_TURN_SECONDS),
        idle_seconds=values.get("idle", DEFAULT_IDLE_SECONDS),
        hints=hints,
    )
    return settings, rest


def split_computers(text: str | None) -> tuple[str | None, str]:
    """Take `computers=easy` (the computer players' level, not a rule of the game) out of the options text."""
    if not text:
        return None, ""
    found = _COMPUTERS.search(text)
    if found is None:
        return None, text
    level = found[1].lower()
    if level not in COMPUTER_LEVELS:
        raise RulesError(f"computers is {' or '.join(COMPUTER_LEVELS)}, not {found[1]!r}")
    return level, " ".join(f"{text[: found.start()]} {text[found.end() :]}".split())


def parse_options(preset: str, text: str | None) -> dict[str, Any]:
    """`"nello=off, plunge=on"` -> `{"nello": "off", "plunge": True}`; RulesError explains a bad entry."""
    if not text or not text.strip():
        return {}
    base = Rules.from_preset(preset)
    overrides: dict[str, Any] = {}
    for chunk in _CHUNKS.split(text.strip()):
        chunk = chunk.strip().rstrip(",;")
        if not chunk:
            continue
        match = _PAIR.fullmatch(chunk)
        if match is None:
            raise RulesError(f"could not read {chunk!r}: write options as name=value, e.g. nello=off")
        name = match[1].replace("-", "_").lower()
        if name not in Rules.option_names():
            raise RulesError(f"unknown option {match[1]!r}: options are {', '.join(Rules.option_names())}")
        overrides[name] = _value(name, match[2], base.get(name))
        _check(preset, name, overrides[name])
    return overrides


def _check(preset: str, name: str, value: Any) -> None:
    """RulesError with the engine's sentence if `preset` refuses this one option (another game's option, a
    value the game rules out), switches named on/off as players type them."""
    try:
        Rules.from_preset(preset, {name: value})
    except RulesError as error:
        if SPECS[name].kind != "bool":
            raise
        words = re.sub(r"\btrue\b", "on", re.sub(r"\bfalse\b", "off", str(error)))
        raise RulesError(words.replace(f"{name} = ", f"{name}=")) from None


def _value(name: str, raw: str, current: Any) -> Any:
    word = raw.strip().lower()
    if isinstance(current, bool):
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise RulesError(f"{name} is on or off, not {raw!r}")
    if isinstance(current, int) or current is None:
        if not word.isdigit():
            raise RulesError(f"{name} must be a whole number, not {raw!r}")
        return int(word)
    if isinstance(current, list):
        return [part.strip() for part in word.split(",") if part.strip()]
    return word


def describe_duration(seconds: int | None) -> str:
    """120 -> "2 minutes", None -> "off"."""
    if seconds is None:
        return "off"
    for unit, name in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds % unit == 0:
            return plural(seconds // unit, name)
    return plural(seconds, "second")


def option_suggestions(preset: str, typed: str, limit: int = 25) -> list[str]:
    """Completions for the options text: what is typed so far plus one more `name=value` that changes a
    default of `preset` and that the preset accepts (Moon's `shoot_over`, Eighty-four's `players=6`, the
    house rules of RULES.md §11); the game's own options come first."""
    choices = preset_choices(preset)
    if choices is None:
        return []
    done, _, partial = typed.rpartition(" ")
    partial = partial.lower()
    taken = {chunk.split("=")[0] for chunk in done.split() if "=" in chunk}
    name_typed, equals, value_typed = partial.partition("=")
    suggestions = []
    if "computers" not in taken and "computers=easy".startswith(partial[:9] or "c"):
        suggestions.append(f"{done} computers=easy".strip())
    for text in choices:
        name, _, value = text.partition("=")
        if name in taken:
            continue
        if (value.startswith(value_typed) and name == name_typed) if equals else name.startswith(name_typed):
            suggestions.append(f"{done} {text}".strip())
    for setting in ("timer=off", "timer=5m", "idle=2h", "hints=on"):
        name = setting.split("=")[0]
        if name not in taken and setting.startswith(partial) and partial:
            suggestions.append(f"{done} {setting}".strip())
    return [text[:100] for text in suggestions[:limit]]


@functools.cache
def preset_choices(preset: str) -> tuple[str, ...] | None:
    """Every `name=value` that changes one of `preset`'s defaults and that the preset accepts, the game's own
    options first, then the house rules of RULES.md §11; None for an unknown preset. Values come from the
    engine's option specs."""
    try:
        rules = Rules.from_preset(preset)
    except RulesError:
        return None
    own: list[str] = []
    common: list[str] = []
    for name in Rules.option_names():
        if name == "target":
            continue
        for value in _values_to_offer(name, rules.get(name)):
            override = {name: _value(name, value, rules.get(name))}
            if not _accepts(preset, override):
                continue
            (common if _accepts(DEFAULT_PRESET, override) else own).append(f"{name}={value}")
    house = [text for text in common if text.partition("=")[0] in HOUSE_RULES]
    return (*own, *house, *(text for text in common if text not in house))


def _accepts(preset: str, override: dict[str, Any]) -> bool:
    try:
        Rules.from_preset(preset, override)
    except RulesError:
        return False
    return True


def _values_to_offer(name: str, current: Any) -> tuple[str, ...]:
    """The values worth suggesting for an option: the other switch position, the other words, the default
    number (to edit)."""
    if isinstance(current, bool):
        return ("off",) if current else ("on",)
    spec = SPECS[name]
    if name in LIST_VALUES:
        shown = ",".join(current)
        return tuple(v for v in LIST_VALUES[name] if v != shown)
    if spec.kind == "choice":
        return tuple(str(c) for c in spec.choices if c != current)
    return (str(current),)
