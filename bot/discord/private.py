"""Private answers to one person: a reply only they see, whether or not the interaction was acknowledged,
and a picture as the files of such a reply."""

from __future__ import annotations

import io
from typing import Any

import discord


async def reply(interaction: discord.Interaction, text: str, **extras: Any) -> None:
    """Answer privately, whether or not the interaction was acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extras)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extras)


def picture_files(picture: bytes | None, name: str) -> list[discord.File]:
    """A picture as a message's files (none without one)."""
    return [discord.File(io.BytesIO(picture), filename=name)] if picture else []
