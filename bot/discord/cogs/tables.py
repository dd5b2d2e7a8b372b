"""The `/42` slash commands, and the catch-all for clicks on buttons the bot no longer knows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.show.learn_ids import is_learning
from bot.show.messages import message_chunks, title
from bot.tables import Refusal, Table
from bot.tables.options_text import option_suggestions
from engine import DEFAULT_PRESET, PRESETS, Rules

from ..clicks import is_ours, refuse
from ..delivery import NO_MENTIONS, transient

if TYPE_CHECKING:
    from ..client import Texas42Bot

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="42", group_description="Play Texas 42 dominoes"):
    """Texas 42 tables: open, play, end; the server's leaderboard and players' records."""

    def __init__(self, bot: Texas42Bot):
        self.bot = bot
        super().__init__()

    # ------------------------------------------------------------------ tables

    @app_commands.command(name="new", description="Open a table of 42 in this channel")
    @app_commands.describe(
        preset="Which game (standard by default); `/42 rules` describes each",
        target="Marks (or points, in a points game) to win",
        options="House rules as name=value, e.g. nello=off sevens_trump=on players=6 (suggested as you type)",
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str = DEFAULT_PRESET,
        target: app_commands.Range[int, 1, None] | None = None,
        options: str | None = None,
    ) -> None:
        """Open a lobby in this channel."""
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
            )
        except Refusal as refusal:
            await interaction.followup.send(str(refusal), ephemeral=True)
            return
        try:
            await self.bot.delivery.sync_table(table)
        except discord.HTTPException as error:
            if transient(error):  # Discord's trouble, not ours: the table stands and its message follows
                await self.bot.service.show(table)
                await interaction.followup.send(
                    f"Your table is open (table {table.id}); Discord is slow right now, so its message may "
                    "take a moment to appear.",
                    ephemeral=True,
                )
                return
            await self.bot.service.end(table, interaction.user.id, moderator=True, by="the bot")
            await interaction.followup.send(
                "I can't post in this channel: I need View Channel, Send Messages and Attach Files here.",
                ephemeral=True,
            )
            return
        await interaction.followup.send(
            f"Your table is open (table {table.id}). Players sit with the buttons; you press **Start**.",
            ephemeral=True,
        )

    @new.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Suggest house rules (RULES.md §10) that differ from the chosen preset, as `name=value`."""
        preset = getattr(interaction.namespace, "preset", None) or DEFAULT_PRESET
        return [app_commands.Choice(name=text, value=text) for text in option_suggestions(preset, current)]

    @app_commands.command(name="hand", description="See your hand and, on your turn, your controls")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, privately."""
        table = await self._table_for_player(interaction)
        if table is None:
            await refuse(interaction, "You're not playing at a table here.")
            return
        self.bot.clicks.come_back_soon(table, interaction.user.id)
        try:
            await self.bot.clicks.show_hand(interaction, table)
        except Refusal as refusal:
            await refuse(interaction, str(refusal))

    @app_commands.command(name="rules", description="The rules of the table in this channel, or of a preset")
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        """The effective rules in plain words."""
        table = await self.bot.service.table_in(interaction.channel_id or 0) if preset is None else None
        if preset is None and table is not None:
            heading, rules = f"**{title(table)}** · table {table.id}", table.rules
        else:
            rules = Rules.from_preset(preset or DEFAULT_PRESET)
            heading = f"**{rules.title}** (preset `{rules.preset}`)"
        lines = [
            heading,
            *(f"• {line}" for line in rules.describe()),
            "**In plain words**",
            *(f"• {line}" for line in rules.explain()),
            "New to 42? `/42 help` teaches it from zero, with pictures.",
        ]
        first, *rest = message_chunks(lines)
        await interaction.response.send_message(first, ephemeral=True)
        for more in rest:  # many house rules can pass Discord's 2,000 characters
            await interaction.followup.send(more, ephemeral=True)

    @app_commands.command(name="help", description="Learn to play 42, step by step with pictures")
    async def help(self, interaction: discord.Interaction) -> None:
        """The first help page, privately; `Back` and `Next` step through the rest."""
        await self.bot.coach.help(interaction)

    @app_commands.command(name="end", description="End the table in this channel (host or Manage Messages)")
    async def end(self, interaction: discord.Interaction) -> None:
        """End the table; an unfinished game tallies nothing."""
        table = await self.bot.service.table_in(interaction.channel_id or 0)
        if table is None:
            await refuse(interaction, "There is no open table in this channel.")
            return
        permissions = interaction.permissions
        moderator = permissions.manage_messages if permissions is not None else False
        if interaction.user.id != table.host_id and not moderator:
            await refuse(interaction, "Only the table's host, or someone with Manage Messages, can end it.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.service.end(
                table, interaction.user.id, moderator=moderator, by=interaction.user.display_name
            )
        except Refusal as refusal:
            await interaction.followup.send(str(refusal), ephemeral=True)
            return
        await interaction.followup.send(f"Table {table.id} is ended. Nothing was tallied.", ephemeral=True)

    # ------------------------------------------------------------------ records

    @app_commands.command(
        name="leaderboard", description="This server's players ranked by marks won, or by skill rating"
    )
    @app_commands.describe(by="marks (default): marks won in finished games; rating: skill rating")
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
            await interaction.followup.send(
                "No finished games in this server yet. Open a table with `/42 new`."
            )
            return
        lines = ["**Leaderboard** · marks won, and points in points games (games won / played)"]
        for rank, row in enumerate(rows, start=1):
            points = (
                f", {row.points_won} points" if row.points_won else ""
            )  # Moon, the Big Game, Eighty-eight
            lines.append(
                f"{rank}. **{discord.utils.escape_markdown(row.name)}** — {row.marks_won} marks{points} "
                f"({row.games_won} won / {row.games_played} played)"
            )
        await interaction.followup.send("\n".join(lines), allowed_mentions=NO_MENTIONS)

    @app_commands.command(name="stats", description="One player's record in this server, as a picture")
    @app_commands.describe(player="Whose record (default: yours)")
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        """Games, rating over time, bids made and set by level, special contracts, count fed: a picture
        with the figures also in text."""
        await self.bot.coach.stats(interaction, player or interaction.user)

    @app_commands.command(name="history", description="The last finished games and hands in this server")
    @app_commands.describe(player="Only games this player sat in")
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

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Catch-all: a click on a button that is not one of ours gets a private refusal."""
        if interaction.type is not discord.InteractionType.component:
            return
        data = cast(dict[str, Any], interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not is_ours(custom_id) and not is_learning(custom_id):
            await refuse(interaction, "That button isn't in use any more.")


async def setup(bot: Texas42Bot) -> None:
    """Extension entry point: `await bot.load_extension("bot.discord.cogs.tables")`."""
    await bot.add_cog(GameCog(bot))
