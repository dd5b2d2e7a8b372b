"""`/42 puzzle` on Discord: the question privately (its picture with every hand, its text, a button per
legal tile), the answer edited in place of it (each tile's outcome, as a picture and in text, and
`Another puzzle`). Buttons keep working after a restart (the puzzle is read from the database)."""

from __future__ import annotations

import logging
from typing import Any, Protocol, cast

import discord

from bot.daily.screens import Why
from bot.learn.puzzles import NotAPuzzle, PuzzleService
from bot.show import daily_words
from bot.show import puzzle_ids as ids
from bot.show import puzzle_words as words
from bot.show.render import draw
from bot.storage.errors import StorageUnavailable

from .outage import answered_when_away
from .private import picture_files, reply

log = logging.getLogger(__name__)


class PuzzleButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.TEMPLATE):
    """A puzzle's tile button, or `Another puzzle`, after a restart too."""

    def __init__(self, custom_id: str, label: str = "…"):
        super().__init__(
            discord.ui.Button(label=label, custom_id=custom_id, style=discord.ButtonStyle.primary)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> PuzzleButton:
        """Rebuild the button from a click."""
        button = cast(discord.ui.Button, item)
        return cls(button.custom_id or "", button.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's puzzle desk."""
        async with answered_when_away(interaction):  # the database away: try again in a moment
            await cast(_WithPuzzles, interaction.client).puzzles.click(
                interaction, ids.parse(self.item.custom_id or "")
            )


class _WithPuzzles(Protocol):
    puzzles: PuzzleDesk


class PuzzleDesk:
    """Answers `/42 puzzle` and its buttons through the puzzle service."""

    def __init__(self, service: PuzzleService):
        self.service = service

    async def ask(self, interaction: discord.Interaction, fresh: bool = False) -> None:
        """Today's puzzle (or, with ``fresh`` or once it is answered, a new one), privately."""
        if interaction.guild_id is None:
            await reply(interaction, daily_words.ONLY_IN_A_SERVER)
            return
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            question = await self.service.ask(interaction.guild_id, interaction.user.id, fresh)
            picture = await draw("render_puzzle", words.question_scene(question), urgent=True)
            view = discord.ui.View(timeout=None)
            for k, choice in enumerate(question.puzzle.choices[:25]):
                view.add_item(PuzzleButton(ids.make(question.id, k), choice.action))
            await interaction.followup.send(
                words.question_text(question),
                files=picture_files(picture, "puzzle.png"),
                view=view,
                ephemeral=True,
            )
        except StorageUnavailable:
            raise  # answered: try again in a moment (`outage`)
        except Exception:
            log.exception("/42 puzzle failed")
            await reply(interaction, words.FAILED)

    async def click(self, interaction: discord.Interaction, clicked: ids.PuzzleId | None) -> None:
        """A tile answered (the answer replaces the question), or another puzzle asked for."""
        try:
            if clicked is None or interaction.guild_id is None:
                raise NotAPuzzle
            if clicked.puzzle_id is None or clicked.tile is None:
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self.ask(interaction, fresh=True)
                return
            await interaction.response.defer()
            answer = await self.service.answer(
                interaction.guild_id, interaction.user.id, clicked.puzzle_id, clicked.tile
            )
            picture = await draw("render_puzzle", words.answer_scene(answer), urgent=True)
            view = discord.ui.View(timeout=None)
            view.add_item(PuzzleButton(ids.ANOTHER_ID, words.ANOTHER))
            await interaction.edit_original_response(
                content=words.answer_text(answer), attachments=picture_files(picture, "answer.png"), view=view
            )
        except NotAPuzzle:
            await reply(interaction, daily_words.refusal(Why.FORGED))
        except StorageUnavailable:
            raise  # answered: try again in a moment (`outage`)
        except Exception:
            log.exception("puzzle click %r failed", clicked)
            await reply(interaction, words.FAILED)
