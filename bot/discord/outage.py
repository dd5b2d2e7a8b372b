"""A click or a command that finds the database away gets one short private answer: nothing was done, try
again in a moment. Never Discord's "This interaction failed", never a traceback (the store says once in the
log that the database went away, and once that it is back)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Protocol, cast

import discord
from discord import app_commands

from bot.show import replies
from bot.storage.errors import StorageUnavailable

log = logging.getLogger(__name__)


class _Refuses(Protocol):
    async def refuse(self, interaction: discord.Interaction, text: str, table_id: int | None = None) -> None:
        """Reply privately, whether or not the interaction was acknowledged."""


class _WithAnswers(Protocol):
    answers: _Refuses


async def answer_away(interaction: discord.Interaction) -> None:
    """Tell the clicker, privately, that the database is away and nothing was done (through the bot's
    acknowledger, whether or not the click was acknowledged already)."""
    await cast(_WithAnswers, interaction.client).answers.refuse(interaction, replies.DATABASE_AWAY)


@asynccontextmanager
async def answered_when_away(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around a click's handling: the database away is answered, not raised."""
    try:
        yield
    except StorageUnavailable:
        await answer_away(interaction)


OnError = Callable[[discord.Interaction, app_commands.AppCommandError], Awaitable[None]]


def answer_commands_when_away(tree: app_commands.CommandTree) -> None:
    """Slash commands that find the database away are answered, not logged as failures; other errors go to
    the tree's own handler as before."""
    before: OnError = tree.on_error

    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(getattr(error, "original", None), StorageUnavailable):
            await answer_away(interaction)
            return
        await before(interaction, error)

    tree.error(on_error)
