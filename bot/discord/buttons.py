"""Show's screens as Discord message parts: the one persistent button class, views built from button
specs, and a screen drawn (its picture as a file, its buttons as a view) ready to send.

Every button the bot sends is a `TableButton`: a `DynamicItem` whose custom id (see `bot.show.custom_ids`)
carries the table id, the kind of button, the game moment it was made for and its argument. The button
parses its own id when clicked (as discord.py's `dynamic_counter` example does), so clicks reach the game
after a restart without any view being re-sent; the click is handed to the bot's click router.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.show import custom_ids, render
from bot.show.custom_ids import ParsedId
from bot.show.screens import ButtonSpec, Screen

from .outage import answered_when_away

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ClickRouter(Protocol):
    """Whatever handles table-button clicks (`bot.discord.clicks.ClickHandler`)."""

    async def route(self, interaction: discord.Interaction, clicked: ParsedId | None) -> None:
        """Handle one click; `clicked` is None for an id that looks like ours but cannot be read."""


class _WithRouter(Protocol):
    clicks: ClickRouter


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=custom_ids.TEMPLATE):
    """Any button of any table. `parsed` is what its custom id says (None if it cannot be read)."""

    def __init__(self, spec: ButtonSpec, parsed: ParsedId | None = None):
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                custom_id=spec.custom_id,
                style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
                disabled=spec.disabled,
            )
        )
        self.parsed = parsed if parsed is not None else custom_ids.parse_whole(spec.custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        """Rebuild the button from a click (any stored message, before or after a restart), reading its id."""
        button = cast(discord.ui.Button, item)
        parsed = custom_ids.parse(int(match["table"]), match["rest"])
        return cls(ButtonSpec(button.custom_id or "", button.label or "", disabled=button.disabled), parsed)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's click router (the database away is answered: try again)."""
        async with answered_when_away(interaction):
            await cast(_WithRouter, interaction.client).clicks.route(interaction, self.parsed)


class AnsweredElsewhere(discord.ui.Button):
    """A button of another scheme (a hand's `Review`), whose click its own dynamic item answers. It tells
    discord.py there is nothing to route, so the view it is on is not kept for its message: discord.py keeps
    every view with such a button for good (no message intents tell it the message went), one a hand."""

    def is_dispatchable(self) -> bool:
        return False


def view_of(buttons: tuple[ButtonSpec, ...] | list[ButtonSpec]) -> discord.ui.View:
    """A persistent view of table buttons."""
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        if re.fullmatch(custom_ids.TEMPLATE, spec.custom_id):
            view.add_item(TableButton(spec))
        else:  # another scheme's button (a hand's Review): its own dynamic item answers the click
            view.add_item(
                AnsweredElsewhere(
                    label=spec.label,
                    custom_id=spec.custom_id,
                    style=_STYLES.get(spec.style, discord.ButtonStyle.secondary),
                    disabled=spec.disabled,
                )
            )
    return view


@dataclass
class Drawn:
    """A screen ready to send: its text, its picture drawn, and its buttons as a view (None: no buttons)."""

    content: str
    picture: bytes | None = None
    filename: str = "table.png"
    view: discord.ui.View | None = None

    def files(self) -> list[discord.File]:
        """The picture as a list of attachments (empty without one)."""
        return (
            [] if self.picture is None else [discord.File(io.BytesIO(self.picture), filename=self.filename)]
        )

    def extras(self) -> dict[str, Any]:
        """Keyword arguments for a send: the picture and the buttons, leaving out whichever is absent."""
        extras: dict[str, Any] = {}
        if self.picture is not None:
            extras["files"] = self.files()
        if self.view is not None:
            extras["view"] = self.view
        return extras


async def draw(screen: Screen, *, urgent: bool = False, clicked: bool = False) -> Drawn:
    """Draw a screen's picture (off the event loop; ahead of other pictures if `urgent`: a player waits for
    it; ahead of those if `clicked`: it shows a click on the message clicked) and build its view."""
    view = view_of(screen.buttons) if screen.buttons else None
    if screen.picture is None:
        return Drawn(screen.text, view=view)
    picture = await render.draw(screen.picture.renderer, screen.picture.scene, urgent=urgent, clicked=clicked)
    return Drawn(screen.text, picture, screen.picture.filename, view)
