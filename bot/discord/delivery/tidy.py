"""Tidying a player's DMs so that only their live panel stays: a panel a newer one replaces is deleted,
refusals answered in their DMs are folded away when their next panel comes, controls on a `My hand` reply
go once they no longer apply, and after a start the panels left behind by the process before are found and
deleted. Through the players' interaction tokens while they live (outside the global limit), else through
the DM channel; whatever Discord will not remove stays, and is only logged.
"""

from __future__ import annotations

import logging

import discord

from bot.show.presenter import panel_mark
from bot.storage.rows import Panel
from bot.tables.model import Table

from .sender import Sender
from .tokens import Click, Tokens

log = logging.getLogger(__name__)
LOOK_BACK = 25  # messages of a player's DM looked through after a start for panels left behind


class Tidy:
    """Removes what should no longer be in a player's DMs."""

    def __init__(self, sender: Sender, tokens: Tokens):
        self.sender = sender
        self.tokens = tokens

    async def remove(self, table: Table, panel: Panel, token: Click | str | None) -> None:
        """Delete a panel that a newer one replaces: through `token` (the player's last click on it, or the
        token of the interaction it was sent through) while it lives, else through the DM channel. A panel
        that cannot be deleted stays (its controls are refused as out of date)."""
        try:
            if isinstance(token, Click):
                await self.sender.delete_original(table.id, token.interaction)
            elif isinstance(token, str):
                await self.sender.delete_by_token(table.id, token, panel.message_id)
            else:
                await self.sender.delete(table.id, panel.channel_id, panel.message_id)
        except discord.HTTPException as error:
            log.info(
                "table %s: could not delete an old panel of %s (%s)", table.id, panel.user_id, error.status
            )

    async def fold_notices(self, table: Table, user_id: int) -> None:
        """Fold away the refusals answered in the player's DMs since their last panel: they were about
        controls the new panel replaces. Through their clicks' tokens while they live, else through the DM
        channel; one that cannot go stays."""
        for notice in self.tokens.take_notices(user_id):
            try:
                if self.tokens.alive(notice.at):
                    if notice.message_id is None:
                        await self.sender.delete_original(table.id, notice.interaction)
                    else:
                        await self.sender.delete_by_token(
                            table.id, notice.interaction.token, notice.message_id
                        )
                elif notice.message_id is not None and notice.interaction.channel_id is not None:
                    await self.sender.delete(table.id, notice.interaction.channel_id, notice.message_id)
            except discord.HTTPException as error:
                log.info(
                    "table %s: could not fold away a refusal to %s (%s)", table.id, user_id, error.status
                )

    async def look_over(self, table: Table, user_id: int, channel_id: int, kept: Panel | None) -> None:
        """Once after a start: delete the player's panels of this table other than `kept` (sent just before
        the process died and never stored, or left when their deletion never came)."""
        mark = panel_mark(table)
        try:
            for message in await self.sender.history(table.id, channel_id, LOOK_BACK):
                if (
                    message.author.bot
                    and mark in message.content
                    and not (kept and message.id == kept.message_id)
                ):
                    await self.sender.delete(table.id, channel_id, message.id)
        except discord.HTTPException as error:
            log.info("table %s: could not look over %s's DMs (%s)", table.id, user_id, error.status)

    async def private_reply(self, table_id: int, user_id: int, live_token: str | None) -> None:
        """Take controls off the player's latest `My hand` reply once they no longer apply."""
        click = self.tokens.outdated_reply((table_id, user_id), live_token)
        if click is not None:
            try:
                await self.sender.edit_original(table_id, click.interaction, view=None)
            except discord.HTTPException:
                log.info("table %s: could not tidy a My hand reply", table_id)
