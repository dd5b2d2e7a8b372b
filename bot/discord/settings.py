"""A server's settings on Discord: `/42 settings` (Manage Server only; privately)."""

from __future__ import annotations

import discord

from bot.show.refusals import sentence
from bot.show.settings_words import settings_text
from bot.tables.club import Club, SettingsChange
from bot.tables.refusal import Refusal, Why

from .delivery.acknowledger import Acknowledger
from .delivery.sender import NO_MENTIONS
from .members import manages_server


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
