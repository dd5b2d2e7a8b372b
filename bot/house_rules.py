"""Reading the `options` text of `/42 new` into engine option overrides.

Players type `nello=off plunge=on nello_doubles=high,low`; each value is read as the kind of value the
option already has (on/off for switches, a number, a word, or a comma-separated list).
"""

from __future__ import annotations

import re
from typing import Any

from engine import Rules, RulesError

_TRUE = {"on", "true", "yes", "y", "1"}
_FALSE = {"off", "false", "no", "n", "0"}
_PAIR = re.compile(r"\s*([A-Za-z_-]+)\s*[=:]\s*([^\s;]+)\s*")


COMPUTERS = re.compile(r"(?:^|[\s;,]+)computers?\s*[=:]\s*([A-Za-z]+)", re.IGNORECASE)
COMPUTER_LEVELS = ("strong", "easy")


def split_computers(text: str | None) -> tuple[str | None, str]:
    """Take `computers=easy` (the computer players' level, not a rule of the game) out of the options text."""
    if not text:
        return None, ""
    found = COMPUTERS.search(text)
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
    for chunk in re.split(r"[;\s]+(?=[A-Za-z_-]+\s*[=:])", text.strip()):
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
    return overrides


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


# The values each word-valued option takes (RULES.md §10).
WORD_VALUES = {
    "scoring": ("marks", "points"),
    "made_scores": ("taken", "bid"),
    "follow_me_doubles": ("high", "suit"),
    "nello": ("on", "off", "forced-only"),
    "nello_doubles": ("high,low,suit", "high,low", "high", "low", "suit"),
}


def option_suggestions(preset: str, typed: str, limit: int = 25) -> list[str]:
    """Completions for the `options` text: what is typed so far plus one more `name=value`, changing a default."""
    try:
        rules = Rules.from_preset(preset)
    except RulesError:
        return []
    done, _, partial = typed.rpartition(" ")
    taken = {chunk.split("=")[0] for chunk in done.split() if "=" in chunk}
    suggestions = []
    if "computers" not in taken and "computers=easy".startswith(partial.lower()[:9] or "c"):
        suggestions.append(f"{done} computers=easy".strip())
    for setting in ("timer=off", "timer=5m", "idle=2h"):  # table settings (bot.table_settings), not rules
        name = setting.split("=")[0]
        if name not in taken and setting.startswith(partial.lower()) and partial:
            suggestions.append(f"{done} {setting}".strip())
    for name in Rules.option_names():
        if name == "target" or name in taken:
            continue
        current = rules.get(name)
        if isinstance(current, bool):
            values: tuple[str, ...] = ("off",) if current else ("on",)
        elif name in WORD_VALUES:
            shown = ",".join(current) if isinstance(current, list) else str(current)
            values = tuple(v for v in WORD_VALUES[name] if v != shown)
        else:
            values = (str(current),)
        for value in values:
            text = f"{name}={value}"
            if text.startswith(partial.lower()) or name.startswith(partial.lower().split("=")[0]):
                suggestions.append(f"{done} {text}".strip())
    return [text[:100] for text in suggestions[:limit]]
