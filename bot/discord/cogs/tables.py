"""The `/42` slash commands."""

from __future__ import annotations

from typing import Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.show import replies
from bot.show.command_words import DESCRIPTIONS, GROUP, OPTIONS, TOURNAMENT_GROUP
from bot.show.messages import message_chunks
from bot.show.refusals import sentence
from bot.tables.club import SettingsChange
from bot.tables.model import Table
from bot.tables.options_text import option_suggestions
from bot.tables.refusal import Refusal
from bot.tables.service import TableService
from bot.tournaments.model import FORMATS
from engine import DEFAULT_PRESET, PRESETS, Rules

from ..clicks import ClickHandler
from ..coach import Coach
from ..daily import DailyDesk
from ..delivery.acknowledger import Acknowledger
from ..delivery.sender import NO_MENTIONS, transient
from ..delivery.table_message import TableMessage
from ..members import parent_channel
from ..puzzle import PuzzleDesk
from ..settings import answer_settings
from ..tournament_commands import TournamentCommands

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]
FORMAT_CHOICES = [app_commands.Choice(name=name, value=name) for name in FORMATS]
BEST_OF_CHOICES = [app_commands.Choice(name=str(games), value=games) for games in (1, 3)]


class TablesBot(Protocol):
    """What the commands use of the bot (`client.Texas42Bot`)."""

    service: TableService
    table_message: TableMessage
    clicks: ClickHandler
    answers: Acknowledger
    coach: Coach
    daily: DailyDesk
    puzzles: PuzzleDesk
    tournament_commands: TournamentCommands


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="42", group_description=GROUP):
    """Texas 42 tables: open, play, end; the server's leaderboard and players' records."""

    def __init__(self, bot: TablesBot):
        self.bot = bot
        super().__init__()

    # ------------------------------------------------------------------ tables

    @app_commands.command(name="new", description=DESCRIPTIONS["new"])
    @app_commands.describe(**OPTIONS["new"])
    @app_commands.choices(preset=PRESET_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, 1, None] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby in this channel, from the server's defaults (`/42 settings`) under what is given."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        try:
            table = await self.bot.service.open_table(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                preset=preset,
                target=target,
                options=options,
                parent_id=parent_channel(interaction),
            )
        except Refusal as refusal:
            await interaction.followup.send(sentence(refusal), ephemeral=True)
            return
        try:
            await self.bot.table_message.sync(table)
        except discord.HTTPException as error:
            if transient(error):  # Discord's trouble, not ours: the table stands and its message follows
                await self.bot.service.show(table)
                await interaction.followup.send(replies.table_opened_slowly(table.id), ephemeral=True)
                return
            await self.bot.service.end(table, interaction.user.id, moderator=True, by=replies.THE_BOT)
            await interaction.followup.send(replies.CANNOT_POST, ephemeral=True)
            return
        await interaction.followup.send(replies.table_opened(table.id), ephemeral=True)

    @new.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest house rules (RULES.md §10) that differ from the chosen preset (else the server's), as
        `name=value`."""
        preset = getattr(interaction.namespace, "preset", None)
        if preset is None and interaction.guild_id is not None:
            preset = (await self.bot.service.club.settings(interaction.guild_id)).preset
        preset = preset or DEFAULT_PRESET
        return [app_commands.Choice(name=text, value=text) for text in option_suggestions(preset, current)]

    @app_commands.command(name="settings", description=DESCRIPTIONS["settings"])
    @app_commands.describe(**OPTIONS["settings"])
    @app_commands.choices(preset=PRESET_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, 1, None] | None = None,
        options: str | None = None,
        channels: str | None = None,
        organiser: discord.Role | None = None,
        timezone: str | None = None,
        organiser_clear: bool = False,
    ) -> None:
        """This server's settings, privately; with arguments, changed first (Manage Server only)."""
        change = SettingsChange(
            preset, target, options, channels, organiser.id if organiser else None, timezone, organiser_clear
        )
        await answer_settings(self.bot.service.club, self.bot.answers, interaction, change)

    settings.autocomplete("options")(options_autocomplete)

    @app_commands.command(name="hand", description=DESCRIPTIONS["hand"])
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, privately."""
        table = await self._table_for_player(interaction)
        if table is None:
            await self.bot.answers.refuse(interaction, replies.NOT_PLAYING_HERE)
            return
        self.bot.clicks.come_back_soon(table, interaction.user.id)
        try:
            await self.bot.clicks.show_hand(interaction, table)
        except Refusal as refusal:
            await self.bot.answers.refuse(interaction, sentence(refusal))

    @app_commands.command(name="rules", description=DESCRIPTIONS["rules"])
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        """The effective rules in plain words."""
        table = await self.bot.service.table_in(interaction.channel_id or 0) if preset is None else None
        if preset is None and table is not None:
            lines = replies.rules_lines(table.rules, table.id, table.server_defaults)
        elif preset is None and interaction.guild_id is not None:  # what a plain /42 new opens here
            rules, from_server = await self.bot.service.club.default_rules(interaction.guild_id)
            lines = replies.rules_lines(rules, None, from_server)
        else:
            lines = replies.rules_lines(Rules.from_preset(preset or DEFAULT_PRESET))
        first, *rest = message_chunks(lines)
        await interaction.response.send_message(first, ephemeral=True)
        for more in rest:  # many house rules can pass Discord's 2,000 characters
            await interaction.followup.send(more, ephemeral=True)

    @app_commands.command(name="help", description=DESCRIPTIONS["help"])
    async def help(self, interaction: discord.Interaction) -> None:
        """The first help page, privately; `Back` and `Next` step through the rest."""
        await self.bot.coach.help(interaction)

    @app_commands.command(name="end", description=DESCRIPTIONS["end"])
    async def end(self, interaction: discord.Interaction) -> None:
        """End the table; an unfinished game tallies nothing."""
        table = await self.bot.service.table_in(interaction.channel_id or 0)
        if table is None:
            await self.bot.answers.refuse(interaction, replies.NO_TABLE_HERE)
            return
        permissions = interaction.permissions
        moderator = permissions.manage_messages if permissions is not None else False
        if interaction.user.id != table.host_id and not moderator:
            await self.bot.answers.refuse(interaction, replies.ONLY_THE_HOST_ENDS)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.service.end(
                table, interaction.user.id, moderator=moderator, by=interaction.user.display_name
            )
        except Refusal as refusal:
            await interaction.followup.send(sentence(refusal), ephemeral=True)
            return
        await interaction.followup.send(replies.table_ended(table.id), ephemeral=True)

    # ------------------------------------------------------------------ every day

    @app_commands.command(name="daily", description=DESCRIPTIONS["daily"])
    @app_commands.describe(**OPTIONS["daily"])
    @app_commands.choices(
        show=[
            app_commands.Choice(name="deals", value="deals"),
            app_commands.Choice(name="leaderboard", value="leaderboard"),
        ]
    )
    async def daily(self, interaction: discord.Interaction, show: str = "deals") -> None:
        """Today's eight deals, privately, where you left them; or the day's leaderboard."""
        if show == "leaderboard":
            await self.bot.daily.board(interaction)
        else:
            await self.bot.daily.play(interaction)

    @app_commands.command(name="puzzle", description=DESCRIPTIONS["puzzle"])
    @app_commands.describe(**OPTIONS["puzzle"])
    async def puzzle(self, interaction: discord.Interaction, new: bool = False) -> None:
        """Today's puzzle, privately (once answered, or with `new`, another one)."""
        await self.bot.puzzles.ask(interaction, fresh=new)

    # ------------------------------------------------------------------ tournaments

    tournament = app_commands.Group(name=TOURNAMENT_GROUP, description=DESCRIPTIONS[TOURNAMENT_GROUP])

    @tournament.command(name="new", description=DESCRIPTIONS["tournament new"])
    @app_commands.describe(**OPTIONS["tournament new"])
    @app_commands.choices(preset=PRESET_CHOICES, format=FORMAT_CHOICES)
    @app_commands.choices(best_of=BEST_OF_CHOICES)
    async def tournament_new(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        format: str = "pools",
        best_of: int = 1,
        target: app_commands.Range[int, 1, None] | None = None,
        preset: str | None = None,
        options: str | None = None,
        noshow: str | None = None,
    ) -> None:
        """Open a tournament (or club night) here for sign-up."""
        await self.bot.tournament_commands.new(
            interaction, name, format, best_of, target, preset, options, noshow
        )

    @tournament.command(name="status", description=DESCRIPTIONS["tournament status"])
    async def tournament_status(self, interaction: discord.Interaction) -> None:
        """This channel's tournament now, privately."""
        await self.bot.tournament_commands.status(interaction)

    @tournament.command(name="end", description=DESCRIPTIONS["tournament end"])
    async def tournament_end(self, interaction: discord.Interaction) -> None:
        """Cancel this channel's tournament."""
        await self.bot.tournament_commands.end(interaction)

    # ------------------------------------------------------------------ records

    @app_commands.command(name="leaderboard", description=DESCRIPTIONS["leaderboard"])
    @app_commands.describe(**OPTIONS["leaderboard"])
    @app_commands.choices(
        by=[
            app_commands.Choice(name="marks", value="marks"),
            app_commands.Choice(name="rating", value="rating"),
        ]
    )
    async def leaderboard(self, interaction: discord.Interaction, by: str = "marks") -> None:
        """A public ranking by marks won, with games won and played (or by skill rating)."""
        if by == "rating":
            await self.bot.coach.rating_board(interaction)
            return
        await interaction.response.defer(thinking=True)
        assert interaction.guild_id is not None
        rows = await self.bot.service.storage.leaderboard(interaction.guild_id, limit=15)
        if not rows:
            await interaction.followup.send(replies.NO_GAMES_YET)
            return
        names = [discord.utils.escape_markdown(row.name) for row in rows]
        await interaction.followup.send(replies.leaderboard_text(rows, names), allowed_mentions=NO_MENTIONS)

    @app_commands.command(name="stats", description=DESCRIPTIONS["stats"])
    @app_commands.describe(**OPTIONS["stats"])
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        """Games, rating over time, bids made and set by level, special contracts, count fed: a picture
        with the figures also in text."""
        await self.bot.coach.stats(interaction, player or interaction.user)

    @app_commands.command(name="history", description=DESCRIPTIONS["history"])
    @app_commands.describe(**OPTIONS["history"])
    async def history(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        """The last finished games here, each hand with its Review, privately."""
        await self.bot.coach.history(interaction, player)

    # ------------------------------------------------------------------ helpers

    async def _table_for_player(self, interaction: discord.Interaction) -> Table | None:
        table = await self.bot.service.table_in(interaction.channel_id or 0)
        if table is not None and table.seat_of(interaction.user.id) is not None:
            return table
        elsewhere = await self.bot.service.tables_of(interaction.user.id)
        return elsewhere[0] if len(elsewhere) == 1 else table


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: `await bot.load_extension("bot.discord.cogs.tables")`."""
    await bot.add_cog(GameCog(cast(TablesBot, bot)))
