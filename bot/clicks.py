"""What a click on any table button does: check it, acknowledge it, hand it to the table service.

Every refusal is a short private reply (ephemeral in a server, a plain reply in a DM) and changes nothing.
Slow work (pictures, storage, computer players) only ever happens after the interaction is acknowledged.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING

import discord

from . import custom_ids
from .buttons import controls_view, leave_confirm_view
from .controls import Control, group_controls, page, turn_controls
from .presenter import message_extras
from .tables import Refusal, Table
from .wording import action_phrase

if TYPE_CHECKING:
    from .client import Texas42Bot

log = logging.getLogger(__name__)
_TEMPLATE = re.compile(custom_ids.TEMPLATE)
GONE = "That button belongs to a table that has closed."


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """Reply privately with `text`, whether or not the interaction was already acknowledged."""
    ephemeral = interaction.guild_id is not None
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral)
    except discord.HTTPException:
        log.info("could not deliver a refusal: %s", text)


def is_ours(custom_id: str) -> bool:
    """True if a custom id follows this bot's scheme."""
    return _TEMPLATE.fullmatch(custom_id) is not None


class ButtonHandler:
    """Routes table-button clicks to the table service."""

    def __init__(self, bot: Texas42Bot):
        self.bot = bot
        self._pending: set[asyncio.Task] = set()  # come-backs under way (a reference keeps them alive)

    async def handle(self, interaction: discord.Interaction, custom_id: str) -> None:
        """Handle one click on a `TableButton`."""
        match = _TEMPLATE.fullmatch(custom_id)
        parsed = custom_ids.parse(int(match["table"]), match["rest"]) if match else None
        table = await self.bot.service.find(parsed.table_id) if parsed else None
        if parsed is None or table is None:
            await refuse(interaction, GONE)
            return
        if parsed.kind != custom_ids.BACK and table.seat_of(interaction.user.id) is not None:
            # Any click at the table hands an away seat back; in the background, so the click is acked first.
            self.come_back_soon(table, interaction.user.id)
        try:
            await self._route(interaction, table, parsed)
        except Refusal as refusal:
            await refuse(interaction, str(refusal))
        except Exception:
            log.exception("table %s: click %r failed", parsed.table_id, custom_id)
            await refuse(interaction, "Something went wrong on my side; please try again.")
            raise

    def come_back_soon(self, table: Table, user_id: int) -> None:
        """If `user_id` is away at `table`, hand the seat back, in the background (after the acknowledgement)."""
        row = table.seats.get(table.seat_of(user_id) or 0)
        if row is not None and row.user_id == user_id and row.away:
            task = asyncio.get_running_loop().create_task(self.bot.service.come_back(table, user_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _route(self, interaction: discord.Interaction, table: Table, parsed: custom_ids.ParsedId) -> None:
        service = self.bot.service
        user = interaction.user
        kind = parsed.kind
        if kind == custom_ids.HAND:
            await self.show_hand(interaction, table)
        elif kind == custom_ids.MENU:
            await self._open_menu(interaction, table, parsed)
        elif kind == custom_ids.ACT:
            await interaction.response.defer()
            await service.act(table, user.id, parsed.token, parsed.arg)
            if interaction.message is not None and interaction.message.flags.ephemeral:
                try:
                    await interaction.edit_original_response(
                        content=f"You {action_phrase(parsed.arg)}.", view=None, attachments=[]
                    )
                except discord.HTTPException:  # the move is saved; only the tidy-up of the reply failed
                    log.info("table %s: could not tidy a used My hand reply", table.id)
        elif kind == custom_ids.SIT and parsed.arg.isdigit():
            await interaction.response.defer()
            await service.sit(table, user.id, user.display_name, int(parsed.arg))
        elif kind == custom_ids.ADD:
            await interaction.response.defer()
            await service.add_computer(table, user.id)
        elif kind == custom_ids.LEAVE:
            if (parsed.token in ("game", "confirm")) != (table.status == "playing"):
                raise Refusal("That button is out of date. Use `My hand` for the current ones.")
            if parsed.token == "game":  # leaving a game in progress is for good: ask once more
                await self._confirm_leave(interaction, table)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            said = await service.leave(table, user.id)
            await interaction.followup.send(said, ephemeral=interaction.guild_id is not None)
        elif kind == custom_ids.BACK:
            if table.seat_of(user.id) is None:
                raise Refusal("You're not playing at this table.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            came_back = await service.come_back(table, user.id)
            text = "Welcome back: your seat is yours again." if came_back else "You're already playing your seat."
            await interaction.followup.send(text, ephemeral=interaction.guild_id is not None)
        elif kind == custom_ids.START:
            await interaction.response.defer()
            await service.start(table, user.id)
        elif kind == custom_ids.REMATCH:
            await interaction.response.defer()
            new = await service.rematch(table, user.id, user.display_name)
            await self.bot.presenter.update_table_message(new)
            await self.bot.presenter.update_table_message(table)  # its Rematch button has done its job
        else:
            raise Refusal("That button isn't one I know.")

    async def _confirm_leave(self, interaction: discord.Interaction, table: Table) -> None:
        if table.seat_of(interaction.user.id) is None:
            raise Refusal("You're not playing at this table.")
        await interaction.response.send_message(
            "Leave this game? A computer takes your seat for the rest of it, and nothing is tallied for you.",
            view=leave_confirm_view(table), ephemeral=interaction.guild_id is not None,
        )

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer privately with the player's hand picture and, on their turn, their controls."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("You're not playing at this table.")
        if table.status == "lobby":
            raise Refusal("The game hasn't started yet.")
        if not table.open:
            raise Refusal("This table's game is over.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with table.lock:
            message = await self.bot.presenter.private(table, seat)
        await interaction.followup.send(message.content, ephemeral=True, **message_extras(message.file(), message.view))
        if message.view is not None:
            self.bot.presenter.remember_private_reply(table, seat, interaction)

    async def _open_menu(self, interaction: discord.Interaction, table: Table, parsed: custom_ids.ParsedId) -> None:
        """Show the buttons inside a group (Nello's doubles) or another page of buttons."""
        seat = table.seat_of(interaction.user.id)
        if table.status != "playing" or seat is None:
            raise Refusal("You're not playing at this table.")
        if parsed.token != table.token or table.turn() != seat:
            raise Refusal("Those controls are out of date. Use `My hand` for the current ones.")
        view = table.view_for(seat)
        kind, _, value = parsed.arg.partition(":")
        if kind == "group":
            controls = group_controls(view["legal"], value) + [Control("‹ Back", custom_ids.MENU, "page:0")]
        elif kind == "page" and value.isdigit():
            controls = page(turn_controls(view["phase"], view["legal"], view["hand"]), int(value))
        else:
            raise Refusal("That button isn't one I know.")
        await interaction.response.edit_message(view=controls_view(table, controls))
