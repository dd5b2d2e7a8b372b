"""The words of a server's settings (CLUB.md "Server settings"): `/42 settings`' private answer, and the line
a lobby and `/42 rules` carry saying which of a table's rules came from the server's defaults."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.server_settings import ServerSettings
from engine import DEFAULT_PRESET, Rules, RulesError


def channel_list(channels: tuple[int, ...]) -> str:
    """`<#1>, <#2> or <#3> (or a thread of one of them)`: where tables may open."""
    mentions = [f"<#{channel}>" for channel in channels]
    listed = ", ".join(mentions[:-1]) + f" or {mentions[-1]}" if len(mentions) > 1 else "".join(mentions)
    return f"{listed} (or a thread of {'one of them' if len(mentions) > 1 else 'it'})"


def from_server_line(from_server: Sequence[str]) -> str:
    """`From this server's defaults (/42 settings): preset=tournament, target=3, nello=off`; "" if none."""
    if not from_server:
        return ""
    return f"From this server's defaults (`/42 settings`): {', '.join(from_server)}"


def settings_text(settings: ServerSettings, *, saved: bool = False) -> str:
    """This server's settings, for `/42 settings` (`saved`: just changed by it)."""
    preset = settings.preset or DEFAULT_PRESET
    try:
        rules = Rules.from_preset(preset)
        game = f"{rules.title} (`{preset}`)"
        scoring = rules.scoring
    except RulesError:  # a preset this bot no longer knows
        game, scoring = f"`{preset}`", "marks"
    target = f"{settings.target} {scoring}" if settings.target is not None else "the game's own"
    channels = channel_list(settings.channels) if settings.channels else "any channel"
    organiser = (
        f"<@&{settings.organiser_role_id}> (beside Manage Server)"
        if settings.organiser_role_id is not None
        else "none: members with Manage Server"
    )
    lines = [
        "**This server's settings are saved**" if saved else "**This server's settings**",
        f"• Game: {game}{'' if settings.preset else ' — the default'}",
        f"• Target: {target}",
        f"• Options: {settings.options or 'none'}",
        f"• Tables open in: {channels}",
        f"• Tournament organisers: {organiser}",
        f"• Time zone: {settings.timezone}",
        "Every `/42 new` here starts from these; what it gives itself wins (its target, and each of its "
        "options by name). A `/42 new` of another game keeps only the table settings (timer, idle, hints, "
        "computers). Naming a new game here starts its target and options afresh; `options:none` clears "
        "them, `channels:any` opens every channel again, `organiser_clear:True` leaves tournaments to "
        "Manage Server.",
    ]
    return "\n".join(lines)
