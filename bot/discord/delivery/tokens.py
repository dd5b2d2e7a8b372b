"""Interaction tokens: the clicks the bot acknowledged without a reply of its own, kept while their tokens
live, so the message clicked can be edited (or deleted) through its interaction, and follow-ups sent,
outside Discord's global rate limit.

A click on the table message serves the next edit of that message; a click in a player's DMs serves their
panel (edit or delete the panel clicked, a follow-up for the next one); a `My hand` reply with controls is
kept to take those controls off once the turn moves on; a refusal answered in a player's DMs is kept to
fold it away when their next panel comes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.tables.model import Table

TOKEN_LIFE = 14 * 60  # seconds an interaction token is used for: they die after 15 minutes
NOTICES_KEPT = 10  # refusals kept per player to fold away with their next panel


@dataclass
class Click:
    """A click the bot acknowledged without a reply of its own, so its interaction can still edit (or
    delete) the clicked message and send follow-ups while its token lives."""

    interaction: discord.Interaction
    at: float
    message_id: int | None


class Tokens:
    """The latest usable click on each table message and in each player's DMs, and each player's latest
    `My hand` reply that carries controls."""

    def __init__(self, clock: Callable[[], float] = time.time):
        self.clock = clock
        self.dm_clicks: dict[int, Click] = {}  # user -> their latest click in their DMs
        self.table_clicks: dict[int, Click] = {}  # table -> the latest click on its table message
        # The latest private `My hand` reply carrying a player's controls: (table, user) -> (click, moment).
        self.private_replies: dict[tuple[int, int], tuple[Click, str]] = {}
        # Refusals answered in a player's DMs, not yet folded away: user -> the clicks (message_id: the
        # refusal's own message, None: the click's response itself).
        self.notices: dict[int, list[Click]] = {}

    # ------------------------------------------------------------------ clicks, as they come

    def clicked_table(self, table: Table, interaction: discord.Interaction) -> None:
        """A click on the table message was acknowledged without a reply: the next edit of the table
        message can go through its interaction."""
        message = interaction.message
        if message is not None and message.id == table.message_id:
            self.table_clicks[table.id] = Click(interaction, self.clock(), message.id)

    def clicked_dm(self, interaction: discord.Interaction) -> None:
        """A click in a player's DMs was acknowledged without a reply: their panel can be edited, deleted
        and followed up through it."""
        message = interaction.message
        self.dm_clicks[interaction.user.id] = Click(
            interaction, self.clock(), message.id if message else None
        )

    def replied_with_controls(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """A `My hand` reply carries the player's controls: they are taken off when the turn passes."""
        self.private_replies[(table.id, user_id)] = (Click(interaction, self.clock(), None), table.token)

    def refused_in_dm(self, interaction: discord.Interaction, message_id: int | None) -> None:
        """A refusal went to a player's DMs (`message_id`: a follow-up; None: the click's own response): it
        is folded away when their next panel comes."""
        notices = self.notices.setdefault(interaction.user.id, [])
        notices.append(Click(interaction, self.clock(), message_id))
        del notices[:-NOTICES_KEPT]  # a player with no next panel (their game over) keeps no more than these

    def take_notices(self, user_id: int) -> list[Click]:
        """The player's refusals not yet folded away, forgotten here."""
        return self.notices.pop(user_id, [])

    # ------------------------------------------------------------------ which token reaches a message

    def alive(self, at: float | None) -> bool:
        """Whether a token taken at `at` may still be used."""
        return at is not None and self.clock() - at < TOKEN_LIFE

    def on_table_message(self, table_id: int, message_id: int | None) -> Click | None:
        """The latest click on this table message, while its token lives."""
        click = self.table_clicks.get(table_id)
        if click is not None and self.alive(click.at) and click.message_id == message_id:
            return click
        return None

    def in_dms(self, user_id: int) -> Click | None:
        """The player's latest click in their DMs, while its token lives (a follow-up can go through it)."""
        click = self.dm_clicks.get(user_id)
        return click if click is not None and self.alive(click.at) else None

    def on_panel(self, user_id: int, message_id: int) -> Click | None:
        """The player's latest click in their DMs if it was on this message, while its token lives."""
        click = self.in_dms(user_id)
        return click if click is not None and click.message_id == message_id else None

    def outdated_reply(self, key: tuple[int, int], live_token: str | None) -> Click | None:
        """The player's `My hand` reply with controls at a table, if those controls no longer apply (the
        moment is not `live_token`): forgotten here, and returned while its token lives."""
        reply = self.private_replies.get(key)
        if reply is None or reply[1] == live_token:
            return None
        del self.private_replies[key]
        return reply[0] if self.alive(reply[0].at) else None

    # ------------------------------------------------------------------ forgetting

    def forget_table_click(self, table_id: int) -> None:
        """The table message's click no longer serves (a new message, or an edit through it failed)."""
        self.table_clicks.pop(table_id, None)
