"""What the bot shows, as plain data: a screen (a message's text, picture and buttons), and the work an
event at a table asks of the delivery. No Discord types here, and no module of the bot's under it: the
adapter turns these into messages (`bot.discord.buttons.draw`) and sends them.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------- screens


@dataclass(frozen=True)
class ButtonSpec:
    """One button: its custom id, label, style ("primary", "secondary", "success" or "danger")."""

    custom_id: str
    label: str
    style: str = "secondary"
    disabled: bool = False


@dataclass(frozen=True)
class Picture:
    """A picture to draw: the renderer's name in `bot.pictures` and its scene."""

    renderer: str
    scene: object
    filename: str = "table.png"


@dataclass(frozen=True)
class Screen:
    """A message's content: text, perhaps a picture, and its buttons (empty: none)."""

    text: str
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()


# ---------------------------------------------------------------------- what an event changes


@dataclass(frozen=True)
class SyncTable:
    """The table message should show the table's current state."""


@dataclass(frozen=True)
class Post:
    """A post in the table's channel (mentioning only `mention`), perhaps with a picture and buttons."""

    text: str
    mention: int | None = None
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()


@dataclass(frozen=True)
class Summary:
    """A finished hand's summary: the table message becomes it (so the summaries read as the game's story
    in the channel), and the next table message is posted below it, where the channel sees it."""

    text: str
    picture: Picture | None = None
    buttons: tuple[ButtonSpec, ...] = ()  # the hand's Review


@dataclass(frozen=True)
class SyncPanel:
    """`user_id`'s private panel at the table should show the current state. On their turn it comes as a
    new message with controls (the one before is deleted), otherwise it is edited in place when
    something they should see changed: `note` (what just happened to them) or `fresh` (a new hand, sitting
    out). `renotify` asks for a new message even if the controls are current (a reminder). `carried`: the
    note is an earlier move's, kept when later work merged into it (a turn's panel does not repeat it)."""

    user_id: int
    note: str | None = None
    fresh: bool = False
    renotify: bool = False
    carried: bool = False


Work = SyncTable | Post | Summary | SyncPanel
