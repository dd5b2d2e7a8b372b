"""What a click on any table button does: check it, acknowledge it, hand it to the table service.

Every refusal is a short private reply (ephemeral in a server, a plain reply in a DM) and changes nothing.
Slow work (pictures, storage, computer players) only ever happens after the interaction is acknowledged.
Clicks are dispatched by their kind through one table of handlers.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable

import discord

from bot.show import custom_ids
from bot.show import screens as presenter
from bot.show.controls import Control, group_controls, page, turn_controls
from bot.show.custom_ids import ParsedId
from bot.show.refusals import sentence
from bot.show.wording import action_phrase, game_words
from bot.tables.model import Table
from bot.tables.refusal import Refusal, Why
from bot.tables.service import TableService

from .buttons import view_of
from .delivery import Delivery

log = logging.getLogger(__name__)
_TEMPLATE = re.compile(custom_ids.TEMPLATE)
GONE = "That button belongs to a table that has closed."

Handler = Callable[[discord.Interaction, Table, ParsedId], Awaitable[None]]


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


class ClickHandler:
    """Routes table-button clicks to the table service, by kind."""

    def __init__(self, service: TableService, delivery: Delivery):
        self.service = service
        self.delivery = delivery
        self._pending: set[asyncio.Task] = set()  # come-backs under way (a reference keeps them alive)
        self.handlers: dict[str, Handler] = {
            custom_ids.HAND: self._my_hand,
            custom_ids.MENU: self._open_menu,
            custom_ids.ACT: self._act,
            custom_ids.SIT: self._sit,
            custom_ids.ADD: self._add_computer,
            custom_ids.LEAVE: self._leave,
            custom_ids.BACK: self._back,
            custom_ids.START: self._start,
            custom_ids.REMATCH: self._rematch,
        }

    async def route(self, interaction: discord.Interaction, clicked: ParsedId | None) -> None:
        """Handle one click on a `TableButton`."""
        table = await self.service.find(clicked.table_id) if clicked else None
        if clicked is None or table is None:
            await refuse(interaction, GONE)
            return
        if clicked.kind != custom_ids.BACK and table.seat_of(interaction.user.id) is not None:
            # Any click at the table hands an away seat back; in the background, so the click is acked first.
            self.come_back_soon(table, interaction.user.id)
        handler = self.handlers.get(clicked.kind)
        self.delivery.answered(table)  # the acknowledgement (an interaction request: not globally limited)
        try:
            if handler is None:
                raise Refusal(Why.UNKNOWN_BUTTON)
            await handler(interaction, table, clicked)
        except Refusal as refusal:
            self.delivery.answered(table)
            await refuse(interaction, sentence(refusal))
        except Exception:
            log.exception("table %s: click %r failed", clicked.table_id, clicked)
            await refuse(interaction, "Something went wrong on my side; please try again.")
            raise

    def come_back_soon(self, table: Table, user_id: int) -> None:
        """If `user_id` is away at `table`, hand the seat back, in the background (after the acknowledgement)."""
        row = table.seats.get(table.seat_of(user_id) or 0)
        if row is not None and row.user_id == user_id and row.away:
            task = asyncio.get_running_loop().create_task(self._come_back(table, user_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _come_back(self, table: Table, user_id: int) -> None:
        # Nobody awaits this task: a refusal (the table busy, the bot stopping) is only noted, never left
        # to asyncio's "exception was never retrieved" traceback. The click itself is answered anyway.
        try:
            await self.service.come_back(table, user_id)
        except Refusal as refusal:
            log.info("table %s: %s's seat not handed back now: %s", table.id, user_id, sentence(refusal))
        except Exception:
            log.exception("table %s: handing %s's seat back failed", table.id, user_id)

    # ------------------------------------------------------------------ handlers

    async def _my_hand(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await self.show_hand(interaction, table)

    async def _act(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await interaction.response.defer()
        ephemeral = interaction.message is not None and interaction.message.flags.ephemeral
        if not ephemeral:  # a click on the player's panel: the panel is updated through this interaction
            self.delivery.clicked_dm(table, interaction)
        await self.service.act(table, interaction.user.id, clicked.token, clicked.arg)
        if not ephemeral:
            # The clicked controls are spent: take them off at once through the click, saying what was
            # done (text only; the panel's next picture comes with the player's next turn).
            self.delivery.answered(table)
            note = f"You {action_phrase(clicked.arg)}."
            try:
                await interaction.edit_original_response(
                    content=presenter.private_words(table, interaction.user.id, note), view=None
                )
            except discord.HTTPException:
                log.info("table %s: could not take spent controls off a panel", table.id)
        if ephemeral:
            self.delivery.answered(table)
            stacked = table.hand is not None and not table.hand.complete and table.view_for(0)["stacked"]
            did = action_phrase(clicked.arg, game_words(table.rules), name_tile=not stacked)
            try:
                await interaction.edit_original_response(content=f"You {did}.", view=None, attachments=[])
            except discord.HTTPException:  # the move is saved; only the tidy-up of the reply failed
                log.info("table %s: could not tidy a used My hand reply", table.id)

    async def _sit(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if not clicked.arg.isdigit():
            raise Refusal(Why.UNKNOWN_BUTTON)
        await interaction.response.defer()
        self.delivery.clicked_table(table, interaction)
        await self.service.sit(table, interaction.user.id, interaction.user.display_name, int(clicked.arg))

    async def _add_computer(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await interaction.response.defer()
        self.delivery.clicked_table(table, interaction)
        await self.service.add_computer(table, interaction.user.id)

    async def _leave(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if (clicked.token in ("game", "confirm")) != (table.status == "playing"):
            raise Refusal(Why.BUTTON_OUT_OF_DATE)
        if clicked.token == "game":  # leaving a game in progress is for good: ask once more
            await self._confirm_leave(interaction, table)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = await self.service.leave(table, interaction.user.id)
        self.delivery.answered(table)
        await interaction.followup.send(said, ephemeral=interaction.guild_id is not None)

    async def _back(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if table.seat_of(interaction.user.id) is None:
            raise Refusal(Why.NOT_PLAYING)
        await interaction.response.defer(ephemeral=True, thinking=True)
        came_back = await self.service.come_back(table, interaction.user.id)
        text = "Welcome back: your seat is yours again." if came_back else "You're already playing your seat."
        self.delivery.answered(table)
        await interaction.followup.send(text, ephemeral=interaction.guild_id is not None)

    async def _start(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await interaction.response.defer()
        self.delivery.clicked_table(table, interaction)
        await self.service.start(table, interaction.user.id)

    async def _rematch(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await interaction.response.defer()
        self.delivery.clicked_table(table, interaction)
        await self.service.rematch(table, interaction.user.id, interaction.user.display_name)

    async def _confirm_leave(self, interaction: discord.Interaction, table: Table) -> None:
        if table.seat_of(interaction.user.id) is None:
            raise Refusal(Why.NOT_PLAYING)
        await interaction.response.send_message(
            "Leave this game? A computer takes your seat for the rest of it, and nothing is tallied for you.",
            view=view_of(presenter.leave_confirm_buttons(table)),
            ephemeral=interaction.guild_id is not None,
        )

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer privately with the player's hand picture and, on their turn, their controls."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(Why.NOT_PLAYING)
        if table.status == "lobby":
            raise Refusal(Why.HAND_BEFORE_START)
        if not table.open:
            raise Refusal(Why.HAND_AFTER_END)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await self.delivery.private(table, seat)
        self.delivery.answered(table)
        await interaction.followup.send(message.content, ephemeral=True, **message.extras())
        if message.view is not None:
            self.delivery.remember_private_reply(table, interaction.user.id, interaction)

    async def _open_menu(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        """Show the buttons inside a group (Nello's doubles) or another page of buttons."""
        seat = table.seat_of(interaction.user.id)
        if table.status != "playing" or seat is None:
            raise Refusal(Why.NOT_PLAYING)
        if clicked.token != table.token or table.turn() != seat:
            raise Refusal(Why.CONTROLS_OUT_OF_DATE)
        view = table.view_for(seat)
        kind, _, value = clicked.arg.partition(":")
        if kind == "group":
            controls = group_controls(view["legal"], value) + [Control("‹ Back", custom_ids.MENU, "page:0")]
        elif kind == "page" and value.isdigit():
            controls = page(
                turn_controls(view["phase"], view["legal"], view["hand"], game_words(table.rules)), int(value)
            )
        else:
            raise Refusal(Why.UNKNOWN_BUTTON)
        await interaction.response.edit_message(view=view_of(presenter.control_buttons(table, controls)))
