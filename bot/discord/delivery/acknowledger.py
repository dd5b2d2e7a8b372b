"""The acknowledger: the one thing a click handler talks to when it answers a click.

Every answer goes through the click's own interaction (Discord's global limit does not count those), and
through the sender, so the bot's figures count it. A click that changes the message it was made on (a seat
taken, a computer added, Start, a bid, a tile) is acknowledged at once and, once its change is made, shows
it on that message through its own interaction; the message is held meanwhile, so the edits nobody clicked
wait and never show an older state after it. The click is also remembered (`tokens.Tokens`): the delivery
edits the message clicked through it, and sends a player's next panel as its follow-up, while its token
lives. A refusal answered in a player's DMs is folded away when their next panel comes.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
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
    """The players' panels (`panels.Panels`), shown a move clicked on one of them."""

    def clicked(
        self, table: Table, interaction: discord.Interaction, action: str
    ) -> AbstractAsyncContextManager[None]:
        """Hold the panel clicked while the move is made, then show it there through the click."""


class ClickedTable(Protocol):
    """The table message (`table_message.TableMessage`), shown a change clicked on it."""

    def clicked(self, table: Table, interaction: discord.Interaction) -> AbstractAsyncContextManager[None]:
        """Hold the table message while the change is made, then show it there through the click."""


class Acknowledger:
    """Acknowledges and answers clicks (and the commands that answer like them)."""

    def __init__(self, sender: Sender, tokens: Tokens, panels: ClickedPanels, table_message: ClickedTable):
        self.sender = sender
        self.tokens = tokens
        self.panels = panels
        self.table_message = table_message

    async def refuse(self, interaction: discord.Interaction, text: str, table_id: int | None = None) -> None:
        """Reply privately with `text` (ephemeral in a server, a plain reply in a DM), whether or not the
        interaction was already acknowledged; a reply Discord refuses is only logged. In a DM the reply is
        folded away when the player's next panel comes."""
        in_dm = interaction.guild_id is None
        try:
            if interaction.response.is_done():
                sent = await self.sender.follow_up_message(table_id, interaction, text, ephemeral=not in_dm)
                if in_dm:
                    self.tokens.refused_in_dm(interaction, sent.id)
            else:
                await self.sender.respond(table_id, interaction, text, ephemeral=not in_dm)
                if in_dm:
                    self.tokens.refused_in_dm(interaction, None)
        except discord.HTTPException:
            log.info("could not deliver a refusal: %s", text)

    @asynccontextmanager
    async def table_click(self, table: Table, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Acknowledge a click on the table message; once the body has made its change, show it on the
        message through the click (the table message's next edits can go through it too)."""
        await self.sender.defer(table.id, interaction)
        async with self.table_message.clicked(table, interaction):
            yield

    @asynccontextmanager
    async def move(self, table: Table, interaction: discord.Interaction, action: str) -> AsyncIterator[None]:
        """Acknowledge a move's click; once the body has made the move, show it on the message clicked
        through the click: the player's panel (remembered: the panel is edited, deleted and followed up
        through it), or a private `My hand` reply (its spent controls taken off)."""
        await self.sender.defer(table.id, interaction)
        ephemeral = interaction.message is not None and interaction.message.flags.ephemeral
        if not ephemeral and interaction.guild_id is None and interaction.channel_id is not None:
            self.tokens.clicked_dm(interaction)
            async with self.panels.clicked(table, interaction, action):
                yield
            return
        yield
        try:
            await self.sender.edit_original(
                table.id,
                interaction,
                content=presenter.reply_after_move(table, action),
                view=None,
                attachments=[],
            )
        except discord.HTTPException:  # the move is saved; only the tidy-up of the reply failed
            log.info("table %s: could not tidy a used My hand reply", table.id)

    async def hold(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click whose answer will replace the message clicked (a private question such as
        `Leave the game`)."""
        await self.sender.defer(table.id, interaction)

    async def answer_in_place(self, table: Table, interaction: discord.Interaction, text: str) -> None:
        """Answer a held click by turning the message clicked into `text`, its buttons gone (or, if Discord
        will not edit it, with a private reply)."""
        try:
            await self.sender.edit_original(table.id, interaction, content=text, view=None)
        except discord.HTTPException:
            await self.tell(table, interaction, text)

    async def think(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click whose answer, private, takes a moment ("thinking…")."""
        await self.sender.defer(table.id, interaction, ephemeral=True, thinking=True)

    async def tell(self, table: Table, interaction: discord.Interaction, text: str) -> None:
        """Answer an acknowledged click privately (ephemeral in a server)."""
        await self.sender.follow_up(table.id, interaction, text, ephemeral=interaction.guild_id is not None)

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
