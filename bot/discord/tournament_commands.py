"""`/42 tournament new`, `status` and `end` (CLUB.md "Tournaments"): who may ask is checked here (Manage
Server or the server's organiser role to open one; its organiser or Manage Server to end it), the rules its
tables play are `/42 new`'s (the server's defaults under what is given), and every answer is private."""

from __future__ import annotations

import discord

from bot.show import tournament_replies as words
from bot.show.messages import message_chunks
from bot.show.refusals import sentence
from bot.show.tournament_screens import status_lines
from bot.tables.club import Club
from bot.tables.refusal import Refusal
from bot.tournaments.record import Settings, read_noshow, take_fill
from bot.tournaments.refusal import Refused, Why
from bot.tournaments.service import TournamentService

from .delivery.sender import NO_MENTIONS
from .members import PrivateAnswers, manages_server, may_run_tournaments_here, parent_channel


class TournamentCommands:
    """The tournament commands' work, for the `/42` cog."""

    def __init__(self, service: TournamentService, club: Club, answers: PrivateAnswers):
        self.service = service
        self.club = club
        self.answers = answers

    async def new(
        self,
        interaction: discord.Interaction,
        name: str,
        format: str,
        best_of: int,
        target: int | None,
        preset: str | None,
        options: str | None,
        noshow: str | None,
    ) -> None:
        """Open a tournament for sign-up in this channel; its message follows in the channel."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        if not await may_run_tournaments_here(self.club, interaction):
            await self.answers.refuse(interaction, words.refusal(Refused(Why.RUNNERS_ONLY)))
            return
        if parent_channel(interaction) is not None:
            await self.answers.refuse(interaction, words.refusal(Refused(Why.NOT_IN_A_THREAD)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            fill, table_options = take_fill(options)
            rules, opening = await self.club.tournament_rules(
                interaction.guild_id, interaction.channel_id, None, preset, target, table_options
            )
            settings = Settings(
                format=format,
                best_of=best_of,
                target=rules.target,
                preset=rules.preset,
                options=opening.options or "",
                noshow=read_noshow(noshow),
                fill=fill and format == "club",
            )
            stored = await self.service.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                organiser_id=interaction.user.id,
                name=name,
                settings=settings,
            )
        except Refusal as refusal:
            await interaction.followup.send(sentence(refusal), ephemeral=True)
            return
        except Refused as refused:
            await interaction.followup.send(words.refusal(refused), ephemeral=True)
            return
        await interaction.followup.send(words.opened(stored), ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def status(self, interaction: discord.Interaction) -> None:
        """The channel's tournament (its newest, open or over), in text, privately."""
        channel = parent_channel(interaction) or interaction.channel_id or 0
        stored = await self.service.in_channel(channel) or await self.service.latest_in(channel)
        if stored is None:
            await self.answers.refuse(interaction, words.refusal(Refused(Why.NO_TOURNAMENT)))
            return
        first, *rest = message_chunks(status_lines(stored))
        await interaction.response.send_message(first, ephemeral=True, allowed_mentions=NO_MENTIONS)
        for more in rest:
            await interaction.followup.send(more, ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def end(self, interaction: discord.Interaction) -> None:
        """Cancel the channel's tournament (its organiser, or Manage Server)."""
        channel = parent_channel(interaction) or interaction.channel_id or 0
        stored = await self.service.in_channel(channel)
        if stored is None:
            await self.answers.refuse(interaction, words.refusal(Refused(Why.NO_TOURNAMENT)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            ended = await self.service.end(stored.id, interaction.user.id, manages_server(interaction))
        except Refused as refused:
            await interaction.followup.send(words.refusal(refused), ephemeral=True)
            return
        await interaction.followup.send(words.ended(ended), ephemeral=True)
