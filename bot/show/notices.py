"""The channel's notices about a table's players and its fate: a turn's reminder (in the channel and by DM),
a computer taking over, a player away, back or gone, a table closed for idleness or found damaged. Pure
functions of a table; no Discord here."""

from __future__ import annotations

from bot.tables.model import Table
from bot.tables.options_text import describe_duration

from .messages import BACK_LABEL, seat_label
from .wording import action_phrase, game_words


def _who(table: Table, seat: int) -> str:
    row = table.seats.get(seat)
    compass = table.seat_names[seat]
    if row is None or row.user_id is None:
        return compass
    return f"<@{row.user_id}> ({compass})"


def reminder(table: Table, seat: int) -> str:
    """The channel's nudge when a turn's time runs out the first time."""
    left = describe_duration(table.settings.turn_seconds)
    return (
        f"⏰ {_who(table, seat)}, it's your turn at table {table.id}. "
        f"In {left} a computer plays it for you (`My hand` shows your controls)."
    )


def reminder_dm(table: Table) -> str:
    """The same nudge, by DM."""
    left = describe_duration(table.settings.turn_seconds)
    return (
        f"⏰ It's your turn at table {table.id} in <#{table.channel_id}>. "
        f"In {left} a computer plays it for you."
    )


def taken_over(table: Table, seat: int, action: str) -> str:
    """A computer acted because the turn's time ran out twice."""
    return f"⌛ Time ran out: a computer {action_phrase(action, game_words(table.rules))} for {_who(table, seat)}."


def away(table: Table, seat: int) -> str:
    """Two turns in a row taken over: the seat is away."""
    return (
        f"💤 {_who(table, seat)} is away: a computer plays {table.seat_names[seat]} until they press "
        f"**{BACK_LABEL}** (or anything at the table)."
    )


def back(table: Table, seat: int) -> str:
    """The away player came back."""
    return f"👋 {_who(table, seat)} is back and plays {table.seat_names[seat]} again."


def left(table: Table, seat: int, name: str | None) -> str:
    """A player left mid-game."""
    return f"🚪 {name or 'A player'} left the game: {seat_label(table, seat)}, a computer, plays from now on."


def idle_closed(table: Table) -> str:
    """The table's closing line when nobody played for too long."""
    idle = describe_duration(table.settings.idle_seconds)
    return f"This table was closed: nobody played for {idle}. Nothing was tallied."


def damaged(table_id: int, reason: str) -> str:
    """A table whose stored game could not be read after a restart."""
    return (
        f"⚠️ Table {table_id} can't be continued: its stored game is damaged ({reason}). "
        "It has been closed and nothing was tallied; start a new one with `/42 new`."
    )
