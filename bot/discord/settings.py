"""A server's settings on Discord: `/42 settings` (Manage Server only; privately), and the member facts
the settings' questions need: where a command was typed (a thread counts as its channel) and whether a
member may run tournaments (Manage Server, or the server's organiser role)."""

from __future__ import annotations

import discord

from bot.show.refusals import sentence
from bot.show.settings_words import settings_text
from bot.tables.club import Club, SettingsChange, may_run_tournaments
from bot.tables.refusal import Refusal, Why

from .delivery.acknowledger import Acknowledger
from .delivery.sender import NO_MENTIONS


def manages_server(interaction: discord.Interaction) -> bool:
    """Whether the member who asked has Manage Server (Administrator includes it)."""
    permissions = interaction.permissions
    return permissions is not None and (permissions.manage_guild or permissions.administrator)


def parent_channel(interaction: discord.Interaction) -> int | None:
    """The channel a thread belongs to, when the interaction comes from a thread (None otherwise)."""
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else None


async def may_run_tournaments_here(club: Club, interaction: discord.Interaction) -> bool:
    """Whether the member who asked may run tournaments in this server (for the tournament commands)."""
    if interaction.guild_id is None:
        return False
    roles = [role.id for role in getattr(interaction.user, "roles", [])]
    settings = await club.settings(interaction.guild_id)
    return may_run_tournaments(settings, manage_server=manages_server(interaction), role_ids=roles)


async def answer_settings(
    club: Club, answers: Acknowledger, interaction: discord.Interaction, change: SettingsChange
) -> None:
    """`/42 settings`: with nothing given, the server's settings; else they are changed and shown. Always
    privately; a member without Manage Server is refused, naming it."""
    if interaction.guild_id is None or not manages_server(interaction):
        await answers.refuse(interaction, sentence(Refusal(Why.MANAGE_SERVER_ONLY)))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        if change.empty:
            text = settings_text(await club.settings(interaction.guild_id))
        else:
            text = settings_text(await club.change(interaction.guild_id, change), saved=True)
    except Refusal as refusal:
        text = sentence(refusal)
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
