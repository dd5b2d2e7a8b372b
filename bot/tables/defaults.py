"""A server's defaults applied to a `/42 new` (where it may open, what it starts from), and the one check of
a table's rules both go through.

The server's `preset`, `target` and `options` (its `/42 settings`) are the defaults of every `/42 new` there;
whatever `/42 new` itself gives wins: its `target`, and each of its options by name (`nello=on` over the
server's `nello=off`; the server's `timer=5m` stays unless `/42 new` sets a timer). A `/42 new` that names
another game than the server's plays that game as it comes: the server's target and house rules were
chosen for its own game, so only its table settings (`timer`, `idle`, `hints`, `computers`) still apply.
What a table took from the defaults is kept with it (`Opening.from_server`), for its lobby and `/42 rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.server_settings import ServerSettings
from engine import DEFAULT_PRESET, Rules, RulesError

from .options_text import COMPUTER_LEVELS, TableOptions, option_entries, read_options
from .refusal import Refusal, Why

TABLE_SETTINGS = ("timer", "idle", "hints", "computers")  # the options that are no rule of any one game


@dataclass(frozen=True)
class Opening:
    """What a `/42 new` opens with once the server's defaults are applied: the game, the target (None: the
    game's own), the options text to read, and what came from the defaults (`name=value` words)."""

    preset: str
    target: int | None
    options: str | None
    from_server: tuple[str, ...] = ()


def with_defaults(
    settings: ServerSettings, preset: str | None, target: int | None, options: str | None
) -> Opening:
    """The server's defaults under what `/42 new` gave (see the module docstring)."""
    own = settings.preset or DEFAULT_PRESET
    same_game = preset is None or preset == own
    given = option_entries(options)
    named = {entry.name for entry in given}
    kept = [
        entry
        for entry in option_entries(settings.options)
        if entry.name not in named and (same_game or entry.name in TABLE_SETTINGS)
    ]
    from_server = [f"preset={own}"] if preset is None and settings.preset is not None else []
    if target is None and same_game and settings.target is not None and "target" not in named:
        target = settings.target
        from_server.append(f"target={target}")
    from_server += [entry.word for entry in kept]
    if kept:  # the server's entries first, then /42 new's as typed (so a typo there is refused as ever)
        options = " ".join([*(entry.word for entry in kept), *(entry.text for entry in given)])
    return Opening(preset or own, target, options, tuple(from_server))


def may_open_in(settings: ServerSettings, channel_id: int, parent_id: int | None = None) -> bool:
    """Whether a table may open in this channel, or in this thread of channel `parent_id` (tournaments open
    their tables in threads of their channel)."""
    return not settings.channels or bool({channel_id, parent_id} & set(settings.channels))


def checked_rules(preset: str, target: int | None, options: str | None) -> tuple[Rules, TableOptions]:
    """The rules a table of `preset` with `target` and `options` plays, and its options read: `/42 new`'s
    checks, shared with `/42 settings`. Refusal with the reader's or the engine's sentence."""
    try:
        read = read_options(preset, options)
        if read.computer_level is not None and read.computer_level not in COMPUTER_LEVELS:
            raise Refusal(Why.UNKNOWN_COMPUTER_LEVEL)
        overrides = dict(read.overrides)
        if target is not None:
            overrides["target"] = target
        return Rules.from_preset(preset, overrides), read
    except RulesError as error:
        raise Refusal(Why.BAD_RULES, detail=str(error)) from None
