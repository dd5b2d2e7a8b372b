"""The daily deals on Discord: `/42 daily` (the player's day, privately: an ephemeral panel with the deal's
picture, its text and the turn's buttons), the buttons (each click edits that panel in place, after a
restart too) and `/42 daily show:leaderboard` (privately: what it shows depends on who asks).

Everything a player sees of the daily deals is ephemeral, so no message of one player's day reaches
anyone else; the service decides what the leaderboard may say to whom."""

from __future__ import annotations

import logging
from typing import Any, Protocol, cast

import discord

from bot.daily.screens import DailyDone, DailyRefused, DailyTurn, Why
from bot.daily.service import DailyService
from bot.show import daily_ids as ids
from bot.show import daily_words as words
from bot.show.controls import view_controls
from bot.show.render import draw
from bot.storage.errors import StorageUnavailable
from engine import view_for

from .outage import answered_when_away
from .private import picture_files, reply

log = logging.getLogger(__name__)


class DailyButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.TEMPLATE):
    """A button of a player's daily panel, after a restart too."""

    def __init__(self, custom_id: str, label: str = "…", disabled: bool = False):
        style = discord.ButtonStyle.secondary if disabled else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> DailyButton:
        """Rebuild the button from a click."""
        button = cast(discord.ui.Button, item)
        return cls(button.custom_id or "", button.label or "…", button.disabled)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's daily desk."""
        async with answered_when_away(interaction):  # the database away: try again in a moment
            await cast(_WithDaily, interaction.client).daily.click(
                interaction, ids.parse(self.item.custom_id or "")
            )


class _WithDaily(Protocol):
    daily: DailyDesk


def _name(interaction: discord.Interaction) -> str:
    return interaction.user.display_name


class DailyDesk:
    """Answers `/42 daily`, its buttons and its leaderboard through the daily service."""

    def __init__(self, service: DailyService):
        self.service = service

    async def play(self, interaction: discord.Interaction) -> None:
        """`/42 daily`: the player's day where they left it, privately."""
        if interaction.guild_id is None:
            await reply(interaction, words.ONLY_IN_A_SERVER)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            screen = await self.service.open(interaction.guild_id, interaction.user.id, _name(interaction))
            text, files, view = await self._content(screen, interaction)
            extras: dict[str, Any] = {"view": view} if view is not None else {}
            await interaction.followup.send(text, files=files, ephemeral=True, **extras)
        except StorageUnavailable:
            raise  # answered: try again in a moment (`outage`)
        except Exception:
            log.exception("/42 daily failed")
            await reply(interaction, words.FAILED)

    async def click(self, interaction: discord.Interaction, clicked: ids.DailyId | None) -> None:
        """A click on a daily panel: the move, the computers' answers, the panel edited in place."""
        try:
            if clicked is None or interaction.guild_id is None or clicked.disabled:
                raise DailyRefused(Why.FORGED if clicked is None else Why.STALE)
            await interaction.response.defer()  # the computers may think a while; the panel follows
            screen = await self.service.act(
                interaction.guild_id,
                interaction.user.id,
                _name(interaction),
                clicked.day,
                clicked.deal_no,
                clicked.moves,
                clicked.choice,
            )
            text, files, view = await self._content(screen, interaction)
            await interaction.edit_original_response(content=text, attachments=files, view=view)
        except DailyRefused as refused:
            await reply(interaction, words.refusal(refused.why))
        except StorageUnavailable:
            raise  # answered: try again in a moment (`outage`)
        except Exception:
            log.exception("daily click %r failed", clicked)
            await reply(interaction, words.FAILED)

    async def board(self, interaction: discord.Interaction) -> None:
        """`/42 daily show:leaderboard`: the day's ranking as this player may see it, privately."""
        if interaction.guild_id is None:
            await reply(interaction, words.ONLY_IN_A_SERVER)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = await self.service.board(interaction.guild_id, interaction.user.id)
        await interaction.followup.send(
            words.board_text(board, discord.utils.escape_markdown),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _content(
        self, screen: DailyTurn | DailyDone, interaction: discord.Interaction
    ) -> tuple[str, list[discord.File], discord.ui.View | None]:
        """A screen as a message: its text, its picture and its buttons (none once the day is done)."""
        name, user_id = _name(interaction), interaction.user.id
        if isinstance(screen, DailyDone):
            card = await draw("render_day", words.done_scene(screen), urgent=True)
            return words.done_text(screen, name, user_id), picture_files(card, "daily-result.png"), None
        picture = await draw("render_panel", words.turn_panel(screen, name, user_id), urgent=True)
        legal = screen.hand.legal_actions()
        view = discord.ui.View(timeout=None)
        controls = view_controls(view_for(screen.hand, screen.hand.turn or 0))
        for position, control in enumerate(controls[:25]):
            usable = control.enabled and control.arg in legal
            choice = legal.index(control.arg) if usable else ids.DISABLED_FROM + position % 10
            custom_id = ids.make(screen.day, screen.deal_no, screen.moves, choice)
            view.add_item(DailyButton(custom_id, control.label, disabled=not usable))
        return words.turn_text(screen, name, user_id), picture_files(picture, "daily.png"), view
