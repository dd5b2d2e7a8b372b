"""The acknowledger: the one thing a click handler talks to when it answers a click.

Every answer goes through the click's own interaction (Discord's global limit does not count those), and
through the sender, so the bot's figures count it. A click acknowledged without a reply of its own is
remembered (`tokens.Tokens`): the delivery edits the message clicked through it, and sends a player's next
panel as its follow-up, while its token lives.
"""

from __future__ import annotations

import logging
from typing import Protocol

import discord

from bot.show import presenter
from bot.show.screens import ButtonSpec
from bot.tables.model import Table

from ..buttons import draw, view_of
from .sender import Sender
from .tokens import Tokens

log = logging.getLogger(__name__)


class ClickedPanels(Protocol):
    """The players' panels (`panels.Panels`), told of a click in a player's DMs."""

    def clicked(self, table_id: int, user_id: int, channel_id: int, message_id: int | None) -> None:
        """The player clicked `message_id` in the DM channel `channel_id`."""


class Acknowledger:
    """Acknowledges and answers clicks (and the commands that answer like them)."""

    def __init__(self, sender: Sender, tokens: Tokens, panels: ClickedPanels):
        self.sender = sender
        self.tokens = tokens
        self.panels = panels

    async def refuse(self, interaction: discord.Interaction, text: str, table_id: int | None = None) -> None:
        """Reply privately with `text` (ephemeral in a server, a plain reply in a DM), whether or not the
        interaction was already acknowledged; a reply Discord refuses is only logged."""
        ephemeral = interaction.guild_id is not None
        try:
            if interaction.response.is_done():
                await self.sender.follow_up(table_id, interaction, text, ephemeral=ephemeral)
            else:
                await self.sender.respond(table_id, interaction, text, ephemeral=ephemeral)
        except discord.HTTPException:
            log.info("could not deliver a refusal: %s", text)

    async def table_click(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click on the table message; the table message's next edit can go through it."""
        await self.sender.defer(table.id, interaction)
        self.tokens.clicked_table(table, interaction)

    async def move(self, table: Table, interaction: discord.Interaction) -> bool:
        """Acknowledge a move's click. On the player's panel (not on a private `My hand` reply) the click
        is remembered: the panel is edited, deleted and followed up through it. True if it was on a panel."""
        await self.sender.defer(table.id, interaction)
        ephemeral = interaction.message is not None and interaction.message.flags.ephemeral
        if not ephemeral and interaction.guild_id is None and interaction.channel_id is not None:
            message = interaction.message
            self.tokens.clicked_dm(interaction)
            self.panels.clicked(
                table.id, interaction.user.id, interaction.channel_id, message.id if message else None
            )
        return not ephemeral

    async def think(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click whose answer, private, takes a moment ("thinking…")."""
        await self.sender.defer(table.id, interaction, ephemeral=True, thinking=True)

    async def tell(self, table: Table, interaction: discord.Interaction, text: str) -> None:
        """Answer an acknowledged click privately (ephemeral in a server)."""
        await self.sender.follow_up(table.id, interaction, text, ephemeral=interaction.guild_id is not None)

    async def edit_clicked(self, table: Table, interaction: discord.Interaction, **fields: object) -> None:
        """Edit the message an acknowledged click was on (raises Discord's refusal)."""
        await self.sender.edit_original(table.id, interaction, **fields)

    async def ask(
        self, table: Table, interaction: discord.Interaction, text: str, buttons: tuple[ButtonSpec, ...]
    ) -> None:
        """Answer a click privately with a question and its buttons."""
        await self.sender.respond(
            table.id, interaction, text, view=view_of(buttons), ephemeral=interaction.guild_id is not None
        )

    async def swap_buttons(
        self, table: Table, interaction: discord.Interaction, buttons: tuple[ButtonSpec, ...]
    ) -> None:
        """Answer a click by showing other buttons on the message clicked."""
        await self.sender.respond_by_editing(table.id, interaction, view=view_of(buttons))

    async def show_hand(self, table: Table, interaction: discord.Interaction, seat: int) -> None:
        """Answer privately with the panel of the player at `seat` (`My hand`), as the table stands once
        the click is acknowledged; controls on it are taken off once the turn moves on."""
        await self.think(table, interaction)
        drawn = await draw(presenter.private_screen(table, seat), urgent=True)
        await self.sender.follow_up(table.id, interaction, drawn.content, ephemeral=True, **drawn.extras())
        if drawn.view is not None:
            self.tokens.replied_with_controls(table, interaction.user.id, interaction)
