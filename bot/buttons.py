"""The one persistent button class, and the views built from it.

Every button the bot sends is a `TableButton`: a `DynamicItem` whose custom id (see `bot.custom_ids`)
carries the table id, so clicks reach the game after a restart without any view being re-sent.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from . import custom_ids
from .controls import Control
from .notices import BACK_LABEL
from .tables import Table

if TYPE_CHECKING:
    from .client import Texas42Bot


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.TEMPLATE):
    """Any button of any table; the click is handed to the bot's `ButtonHandler`."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id, style=style, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        """Rebuild the button from a click (any stored message, before or after a restart)."""
        button = cast(discord.ui.Button, item)
        return cls(button.custom_id or "", button.label or "", button.style, button.disabled)

    async def callback(self, interaction: discord.Interaction[Texas42Bot]) -> None:  # type: ignore[override]
        """Hand the click to the game."""
        await interaction.client.buttons.handle(interaction, self.custom_id)


def lobby_view(table: Table) -> discord.ui.View:
    """`Sit North` … (taken seats disabled), `Add computer`, `Leave`, `Start`."""
    view = discord.ui.View(timeout=None)
    for seat, name in enumerate(table.seat_names):
        view.add_item(
            TableButton(
                custom_ids.make(table.id, custom_ids.SIT, "lobby", str(seat)),
                f"Sit {name}",
                discord.ButtonStyle.primary,
                disabled=seat in table.seats,
            )
        )
    view.add_item(
        TableButton(custom_ids.make(table.id, custom_ids.ADD, "lobby"), "Add computer", disabled=table.full)
    )
    view.add_item(TableButton(custom_ids.make(table.id, custom_ids.LEAVE, "lobby"), "Leave"))
    view.add_item(
        TableButton(
            custom_ids.make(table.id, custom_ids.START, "lobby"),
            "Start",
            discord.ButtonStyle.success,
            disabled=not table.full,
        )
    )
    return view


def game_view(table: Table) -> discord.ui.View:
    """The table message during a game: `My hand`, `Leave` and, while a seat is away, `I'm back`."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(custom_ids.make(table.id, custom_ids.HAND), "My hand", discord.ButtonStyle.primary))
    if any(seat.away for seat in table.seats.values()):
        view.add_item(TableButton(custom_ids.make(table.id, custom_ids.BACK), BACK_LABEL, discord.ButtonStyle.success))
    view.add_item(TableButton(custom_ids.make(table.id, custom_ids.LEAVE, "game"), "Leave"))
    return view


def leave_confirm_view(table: Table) -> discord.ui.View:
    """The private second step of leaving a game in progress: `Leave the game`."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(custom_ids.make(table.id, custom_ids.LEAVE, "confirm"), "Leave the game",
                              discord.ButtonStyle.danger))
    return view


def finished_view(table: Table) -> discord.ui.View:
    """The table message after the game: `Rematch`."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(custom_ids.make(table.id, custom_ids.REMATCH), "Rematch", discord.ButtonStyle.success))
    return view


def _style(control: Control) -> discord.ButtonStyle:
    if not control.enabled:
        return discord.ButtonStyle.secondary
    if control.kind == custom_ids.MENU:
        return discord.ButtonStyle.secondary
    if control.arg == "pass":
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


def controls_view(table: Table, controls: list[Control]) -> discord.ui.View:
    """A player's turn controls, each carrying the current state token."""
    view = discord.ui.View(timeout=None)
    token = table.token
    seen: set[str] = set()
    for control in controls:
        custom_id = custom_ids.make(table.id, control.kind, token, control.arg)
        if custom_id in seen:  # Discord refuses two buttons with one custom id
            continue
        seen.add(custom_id)
        view.add_item(
            TableButton(
                custom_id,
                control.label,
                _style(control),
                disabled=not control.enabled,
            )
        )
    return view
