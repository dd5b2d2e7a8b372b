"""The member facts the commands ask about: whether the member who asked has Manage Server, where a command
was typed (a thread counts as its channel), and whether a member may run tournaments (Manage Server, or the
server's organiser role)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.tables.club import Club, may_run_tournaments


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


class PrivateAnswers(Protocol):
    """Who answers a member privately (`delivery.acknowledger.Acknowledger`)."""

    async def refuse(self, interaction: discord.Interaction, text: str, table_id: int | None = None) -> None:
        """Reply privately with `text`, whether or not the interaction was already acknowledged."""
