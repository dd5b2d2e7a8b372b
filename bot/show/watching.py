"""Watching a table (CLUB.md "Watching a table"): the watch panel and the words a watcher reads.

A watch panel is built only from what the public table message shows (its text and its picture, drawn
from the same scene), never from a seat's view: a watcher sees no tile of a hand that is not over. Its
buttons are `Stop watching` and, once a hand of the game is over, that hand's `Review` (the four hands,
trick by trick). Once the game is over the panel shows the final table message, with no buttons.
"""

from __future__ import annotations

from bot.tables.model import Table

from . import custom_ids, learn_ids, presenter
from .screens import ButtonSpec, Screen

MAX_WATCHERS = 25  # watch panels per table: each one's edits share the table's rate budget
WATCH_LABEL = "Watch"
STOP_LABEL = "Stop watching"

SEATED = "You are playing at this table: your hand is on your own panel (`My hand`), not on a watch panel."
NOT_PLAYING = "There is no game to watch at this table now."
FULL = f"This table has {MAX_WATCHERS} watchers already. Try again when someone stops watching."
NOT_WATCHING = "You are not watching this table: that button is not yours or is out of date."
PANEL_IN_DMS = "You are watching this table: your watch panel is in your DMs, kept current."
PANEL_HERE = "You are watching this table (your DMs are closed, so the panel is here)."


def stopped(table: Table) -> str:
    """What a watch panel turns into when its watcher clicks `Stop watching`."""
    return f"You stopped watching table {table.id} in <#{table.channel_id}>."


def watch_footer(table: Table) -> str:
    """The line under a watch panel's text: whose panel it is (a watcher's, not a player's)."""
    if table.status == "playing":
        return f"-# Watching table {table.id} in <#{table.channel_id}>: no hand is shown until it is over."
    return f"-# You watched table {table.id} in <#{table.channel_id}>: the game is over."


def stop_button(table: Table, user_id: int) -> ButtonSpec:
    """`Stop watching`, naming its watcher (a button forwarded to someone else is refused)."""
    return ButtonSpec(custom_ids.make(table.id, custom_ids.UNWATCH, str(user_id)), STOP_LABEL, "danger")


def watch_screen(table: Table, user_id: int) -> Screen:
    """A watcher's panel: the table message's text and picture as it stands, `Stop watching` and the
    last finished hand's `Review` while the game is played; the final table message once it is over."""
    shown = presenter.table_screen(table)
    text = f"{shown.text}\n{watch_footer(table)}"
    if table.status != "playing":
        return Screen(text, shown.picture)
    buttons = [stop_button(table, user_id)]
    if table.hand_no > 0:  # the hand before this one is over: its four hands are open to watchers
        last = table.hand_no - 1
        buttons.append(
            ButtonSpec(learn_ids.make(learn_ids.REVIEW, table.id, last, None), f"Review hand {last + 1}")
        )
    return Screen(text, shown.picture, tuple(buttons))
