"""What a click on any table button does: check it, acknowledge it, hand it to the table service.

Every refusal is a short private reply (ephemeral in a server, a plain reply in a DM) and changes nothing.
Slow work (pictures, storage, computer players) only ever happens after the interaction is acknowledged.
Clicks are dispatched by their kind through one table of handlers; every answer goes through one
acknowledger (`delivery.acknowledger.Acknowledger`), in the words `bot.show` gives. A click on a button that
is none of the bot's (left by an older bot) is refused here too (`refuse_stray`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, cast

import discord

from bot.show import custom_ids, presenter, replies
from bot.show.custom_ids import ParsedId
from bot.show.daily_ids import is_daily
from bot.show.learn_ids import is_learning
from bot.show.puzzle_ids import is_puzzle
from bot.show.refusals import sentence
from bot.show.screens import ButtonSpec
from bot.show.tournament_ids import is_tournament
from bot.storage.errors import StorageUnavailable
from bot.tables.model import Table
from bot.tables.refusal import Refusal, Why
from bot.tables.service import TableService

log = logging.getLogger(__name__)
_TEMPLATE = re.compile(custom_ids.TEMPLATE)

Handler = Callable[[discord.Interaction, Table, ParsedId], Awaitable[None]]


class Answers(Protocol):
    """How clicks are acknowledged and answered (`delivery.acknowledger.Acknowledger`)."""

    async def refuse(self, interaction: discord.Interaction, text: str, table_id: int | None = None) -> None:
        """Reply privately with `text`, whether or not the click was acknowledged."""

    def table_click(
        self, table: Table, interaction: discord.Interaction
    ) -> AbstractAsyncContextManager[None]:
        """Acknowledge a click on the table message; show the change the body makes on it, through it."""

    def move(
        self, table: Table, interaction: discord.Interaction, action: str
    ) -> AbstractAsyncContextManager[None]:
        """Acknowledge a move's click; show the move the body makes on the message clicked, through it."""

    async def hold(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click whose answer will replace the message clicked (a private question)."""

    async def answer_in_place(self, table: Table, interaction: discord.Interaction, text: str) -> None:
        """Answer a held click by turning the message clicked into `text`, its buttons gone."""

    async def think(self, table: Table, interaction: discord.Interaction) -> None:
        """Acknowledge a click whose private answer takes a moment."""

    async def tell(self, table: Table, interaction: discord.Interaction, text: str) -> None:
        """Answer an acknowledged click privately."""

    async def ask(
        self, table: Table, interaction: discord.Interaction, text: str, buttons: tuple[ButtonSpec, ...]
    ) -> None:
        """Answer privately with a question and its buttons."""

    async def swap_buttons(
        self, table: Table, interaction: discord.Interaction, buttons: tuple[ButtonSpec, ...]
    ) -> None:
        """Show other buttons on the message clicked."""

    async def show_hand(self, table: Table, interaction: discord.Interaction, seat: int) -> None:
        """Answer privately with the panel of the player at `seat`."""


class Watching(Protocol):
    """What answers `Watch` and `Stop watching` (`delivery.watch_panels.WatchPanels`)."""

    async def watch(self, table: Table, interaction: discord.Interaction) -> None:
        """A watch panel for the clicker, or a private refusal."""

    async def stop(self, table: Table, interaction: discord.Interaction, owner: str) -> None:
        """The clicker stops watching, or is refused privately."""


def is_ours(custom_id: str) -> bool:
    """True if a custom id follows this bot's scheme."""
    return _TEMPLATE.fullmatch(custom_id) is not None


class ClickHandler:
    """Routes table-button clicks to the table service, by kind."""

    def __init__(self, service: TableService, answers: Answers, watching: Watching | None = None):
        self.service = service
        self.answers = answers
        self.watching = watching
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
        if watching is not None:
            self.handlers[custom_ids.WATCH] = lambda interaction, table, _: watching.watch(table, interaction)
            self.handlers[custom_ids.UNWATCH] = lambda interaction, table, clicked: watching.stop(
                table, interaction, clicked.token
            )

    async def refuse_stray(self, interaction: discord.Interaction) -> None:
        """Every interaction (a listener on the bot): a click on a button that is none of the bot's (tables,
        learning, daily deals, puzzles, tournaments) gets a private refusal; the bot's own buttons and the
        commands are answered by their own handlers."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
        if (
            not is_ours(custom_id)
            and not is_learning(custom_id)
            and not is_daily(custom_id)
            and not is_puzzle(custom_id)
            and not is_tournament(custom_id)
        ):
            await self.answers.refuse(interaction, replies.NOT_IN_USE)

    async def route(self, interaction: discord.Interaction, clicked: ParsedId | None) -> None:
        """Handle one click on a `TableButton`."""
        table = await self.service.find(clicked.table_id) if clicked else None
        if clicked is None or table is None:
            await self.answers.refuse(interaction, replies.GONE)
            return
        if clicked.kind != custom_ids.BACK and table.seat_of(interaction.user.id) is not None:
            # Any click at the table hands an away seat back; in the background, so the click is acked first.
            self.come_back_soon(table, interaction.user.id)
        handler = self.handlers.get(clicked.kind)
        try:
            if handler is None:
                raise Refusal(Why.UNKNOWN_BUTTON)
            await handler(interaction, table, clicked)
        except Refusal as refusal:
            await self.answers.refuse(
                interaction, sentence(refusal, in_dm=interaction.guild_id is None), table.id
            )
        except StorageUnavailable:
            raise  # the database is away: answered by the button (`outage.answered_when_away`)
        except Exception:
            log.exception("table %s: click %r failed", clicked.table_id, clicked)
            await self.answers.refuse(interaction, replies.WENT_WRONG, table.id)
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
        except StorageUnavailable:
            pass  # the database is away; their next click hands it back
        except Exception:
            log.exception("table %s: handing %s's seat back failed", table.id, user_id)

    # ------------------------------------------------------------------ handlers

    async def _my_hand(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        await self.show_hand(interaction, table)

    async def _act(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        # The move shows on the message clicked the moment it is made: the tile leaves the hand.
        async with self.answers.move(table, interaction, clicked.arg):
            await self.service.act(table, interaction.user.id, clicked.token, clicked.arg)

    async def _sit(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if not clicked.arg.isdigit():
            raise Refusal(Why.UNKNOWN_BUTTON)
        async with self.answers.table_click(table, interaction):
            await self.service.sit(
                table, interaction.user.id, interaction.user.display_name, int(clicked.arg)
            )

    async def _add_computer(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        async with self.answers.table_click(table, interaction):
            await self.service.add_computer(table, interaction.user.id)

    async def _leave(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if (clicked.token in ("game", "confirm")) != (table.status == "playing"):
            raise Refusal(Why.BUTTON_OUT_OF_DATE)
        if clicked.token == "game":  # leaving a game in progress is for good: ask once more
            if table.seat_of(interaction.user.id) is None:
                raise Refusal(Why.NOT_PLAYING)
            await self.answers.ask(
                table, interaction, replies.LEAVE_FOR_GOOD, presenter.leave_confirm_buttons(table)
            )
            return
        if clicked.token == "confirm":  # the private question clicked becomes the answer
            await self.answers.hold(table, interaction)
            await self.answers.answer_in_place(
                table, interaction, await self.service.leave(table, interaction.user.id)
            )
            return
        async with self.answers.table_click(table, interaction):  # the lobby shows the seat free at once
            said = await self.service.leave(table, interaction.user.id)
        await self.answers.tell(table, interaction, said)

    async def _back(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        if table.seat_of(interaction.user.id) is None:
            raise Refusal(Why.NOT_PLAYING)
        async with self.answers.table_click(table, interaction):  # `I'm back` goes from the table at once
            came_back = await self.service.come_back(table, interaction.user.id)
        await self.answers.tell(
            table, interaction, replies.WELCOME_BACK if came_back else replies.ALREADY_PLAYING
        )

    async def _start(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        async with self.answers.table_click(table, interaction):
            await self.service.start(table, interaction.user.id)

    async def _rematch(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        # the message clicked (the finished game's) loses its Rematch; the new lobby is posted below it
        async with self.answers.table_click(table, interaction):
            await self.service.rematch(table, interaction.user.id, interaction.user.display_name)

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer privately with the player's hand picture and, on their turn, their controls."""
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(Why.NOT_PLAYING)
        if table.status == "lobby":
            raise Refusal(Why.HAND_BEFORE_START)
        if not table.open:
            raise Refusal(Why.HAND_AFTER_END)
        await self.answers.show_hand(table, interaction, seat)

    async def _open_menu(self, interaction: discord.Interaction, table: Table, clicked: ParsedId) -> None:
        """Show the buttons inside a group (Nello's doubles) or another page of buttons."""
        seat = table.seat_of(interaction.user.id)
        if table.status != "playing" or seat is None:
            raise Refusal(Why.NOT_PLAYING)
        if clicked.token != table.token or table.turn() != seat:
            raise Refusal(Why.CONTROLS_OUT_OF_DATE)
        buttons = presenter.menu_buttons(table, seat, clicked.arg)
        if buttons is None:
            raise Refusal(Why.UNKNOWN_BUTTON)
        await self.answers.swap_buttons(table, interaction, buttons)
