"""A server's settings (CLUB.md "Server settings") without Discord: reading `/42 settings`' arguments with
`/42 new`'s own checks, keeping them, and the two questions other parts ask of them (may a table open in
this channel — `defaults.may_open_in` — and may this member run tournaments).

Naming a preset other than the one kept starts that game's defaults afresh: the kept target and options
were for the old game (its options may not even exist in the new one), so they go unless given again in
the same command. `options:none` clears the options, `channels:any` lets tables open anywhere again, and
`organiser_clear:True` takes the organiser role away (tournaments are Manage Server's again).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.storage.driver import Database
from bot.storage.server_settings import DEFAULT_TIMEZONE, ServerSettings, load_settings, update_settings
from engine import DEFAULT_PRESET, Rules

from .defaults import Opening, checked_rules, may_open_in, with_defaults
from .options_text import option_entries
from .refusal import Refusal, Why

NO_OPTIONS = "none"  # `options:none`: no default options
ANY_CHANNEL = "any"
_MENTION = re.compile(r"<#(\d{1,20})>")


@dataclass(frozen=True)
class SettingsChange:
    """What one `/42 settings` gives (None: left as it is); `organiser_role_id` is a role's id, and
    `organiser_clear` asks for no organiser role."""

    preset: str | None = None
    target: int | None = None
    options: str | None = None
    channels: str | None = None
    organiser_role_id: int | None = None
    timezone: str | None = None
    organiser_clear: bool = False

    @property
    def empty(self) -> bool:
        """True when nothing is given: the command only shows the settings."""
        return self == SettingsChange()


def changed(current: ServerSettings, change: SettingsChange) -> ServerSettings:
    """The settings after `change` (see the module docstring); Refusal with `/42 new`'s sentence for rules
    it would refuse, or saying what is wrong with the channels, the time zone or the organiser role."""
    preset = change.preset or current.preset
    fresh_game = change.preset is not None and change.preset != (current.preset or DEFAULT_PRESET)
    target = change.target if change.target is not None else (None if fresh_game else current.target)
    options = "" if fresh_game else current.options
    if change.options is not None:
        options = "" if change.options.strip().lower() == NO_OPTIONS else change.options
    checked_rules(preset or DEFAULT_PRESET, target, options)  # /42 new's reader, checks and sentences
    if change.organiser_clear and change.organiser_role_id is not None:
        raise Refusal(Why.ORGANISER_SET_AND_CLEARED)
    organiser = None if change.organiser_clear else change.organiser_role_id or current.organiser_role_id
    return replace(
        current,
        preset=preset,
        target=target,
        options=" ".join(entry.word for entry in option_entries(options)),
        channels=read_channels(change.channels) if change.channels is not None else current.channels,
        organiser_role_id=organiser,
        timezone=read_timezone(change.timezone) if change.timezone is not None else current.timezone,
    )


def read_channels(text: str) -> tuple[int, ...]:
    """`any` -> () (every channel); channel mentions (`<#123> <#456>`) -> their ids; Refusal otherwise."""
    if text.strip().lower() == ANY_CHANNEL:
        return ()
    found = tuple(dict.fromkeys(int(channel) for channel in _MENTION.findall(text)))
    if not found or _MENTION.sub(" ", text).strip(" ,;\t\n"):
        raise Refusal(Why.BAD_CHANNELS, detail=text.strip())
    return found


def read_timezone(text: str) -> str:
    """An IANA time zone's name as the time zone database spells it; Refusal if it names none."""
    name = text.strip()
    if name.upper() == DEFAULT_TIMEZONE:
        return DEFAULT_TIMEZONE
    try:
        return ZoneInfo(name).key
    except (ZoneInfoNotFoundError, ValueError, TypeError):  # unknown, or not a zone's name at all ("../x")
        raise Refusal(Why.BAD_TIMEZONE, detail=name) from None


def may_run_tournaments(settings: ServerSettings, *, manage_server: bool, role_ids: Iterable[int]) -> bool:
    """Whether a member may run tournaments here: Manage Server, or the server's organiser role."""
    role = settings.organiser_role_id
    return manage_server or (role is not None and role in set(role_ids))


class Club:
    """A server's settings over the store: read afresh each time they are asked for, so every process
    sharing the database sees a change at once; changed in one transaction."""

    def __init__(self, storage: Database):
        self.storage = storage

    async def settings(self, guild_id: int) -> ServerSettings:
        """The server's settings as stored now."""
        return await load_settings(self.storage, guild_id)

    async def change(self, guild_id: int, change: SettingsChange) -> ServerSettings:
        """Apply a `/42 settings` and return the settings kept; Refusal (nothing kept) if any part is wrong."""
        return await update_settings(self.storage, guild_id, lambda current: changed(current, change))

    async def tournament_rules(
        self,
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        preset: str | None,
        target: int | None,
        options: str | None,
    ) -> tuple[Rules, Opening]:
        """The rules a tournament's matches will play here, and how they open: `/42 new`'s defaults and
        checks (its channels too), for a game of four in two teams of two without a draw for partners (the
        tournament makes the teams). Refusal, in `/42 new`'s words where they are its refusals."""
        settings = await self.settings(guild_id)
        if not may_open_in(settings, channel_id, parent_id):
            raise Refusal(Why.CHANNEL_NOT_ALLOWED, channels=settings.channels)
        opening = with_defaults(settings, preset, target, options)
        rules, _ = checked_rules(opening.preset, opening.target, opening.options)
        if rules.players != 4 or rules.teams != 2:
            raise Refusal(Why.TEAMS_OF_TWO_ONLY, detail=rules.preset)
        if rules.options.draw == "partners":
            raise Refusal(Why.NO_DRAW_FOR_PARTNERS)
        return rules, opening

    async def default_rules(self, guild_id: int) -> tuple[Rules, tuple[str, ...]]:
        """The rules a plain `/42 new` opens with here, and what of them came from the server's defaults
        (the standard game, if the kept defaults no longer read)."""
        opening = with_defaults(await self.settings(guild_id), None, None, None)
        try:
            rules, _ = checked_rules(opening.preset, opening.target, opening.options)
        except Refusal:
            return Rules.from_preset(DEFAULT_PRESET), ()
        return rules, opening.from_server
